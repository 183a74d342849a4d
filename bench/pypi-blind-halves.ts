/**
 * PyPI blind variant sets scored in halves, counts only (the PyPI counterpart of bench/npm-blind-halves.ts):
 *
 *   node --import tsx bench/pypi-blind-halves.ts [--even-misses]
 *
 * For each blind set (test/support/pypi-variants-set4 … set7): BLOCKED in the even (tuned) half and in the
 * odd (held-out) half, and the honest twins BLOCKED / CAUTION. The odd half is never printed item by item
 * (test/support/blind-halves.ts); `--even-misses` names the even-half items not BLOCKED, with their HIGH and
 * CRITICAL findings, for tuning.
 */
import { halves } from '../test/support/blind-halves.js';
import { rate } from '../test/support/pypi-variant-rating.js';
import type { PypiVariant } from '../test/support/pypi-variants-set1.js';
import { PYPI_TWINS_SET4, PYPI_VARIANTS_SET4 } from '../test/support/pypi-variants-set4.js';
import { PYPI_TWINS_SET5, PYPI_VARIANTS_SET5 } from '../test/support/pypi-variants-set5.js';
import { PYPI_TWINS_SET6, PYPI_VARIANTS_SET6 } from '../test/support/pypi-variants-set6.js';
import { PYPI_TWINS_SET7, PYPI_VARIANTS_SET7 } from '../test/support/pypi-variants-set7.js';

const evenMisses = process.argv.includes('--even-misses');

async function twins(set: readonly PypiVariant[]): Promise<string> {
  let blocked = 0;
  let caution = 0;
  const named: string[] = [];
  for (const v of set) {
    const r = await rate(v);
    if (r.level === 'BLOCKED') blocked++;
    if (r.level === 'CAUTION') caution++;
    if (r.level === 'BLOCKED' || r.level === 'CAUTION') named.push(`    twin ${r.level} ${v.id} ${r.rules.join(' ')}`);
  }
  return `twins ${blocked} BLOCKED, ${caution} CAUTION of ${set.length}${named.length ? `\n${named.join('\n')}` : ''}`;
}

async function main(): Promise<void> {
  const blind: [string, readonly PypiVariant[], readonly PypiVariant[]][] = [
    ['SET4', PYPI_VARIANTS_SET4, PYPI_TWINS_SET4],
    ['SET5', PYPI_VARIANTS_SET5, PYPI_TWINS_SET5],
    ['SET6', PYPI_VARIANTS_SET6, PYPI_TWINS_SET6],
    ['SET7', PYPI_VARIANTS_SET7, PYPI_TWINS_SET7],
  ];
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  for (const [title, set, tw] of blind) {
    if (only.length && !only.includes(title)) continue;
    const h = await halves(set, async (v) => (await rate(v)).level === 'BLOCKED');
    console.log(`PyPI ${title}: even ${h.even}/${h.nEven}, odd ${h.odd}/${h.nOdd} BLOCKED; ${await twins(tw)}`);
    if (evenMisses) {
      for (const [i, v] of set.entries()) {
        if (i % 2 !== 0) continue;
        const r = await rate(v);
        if (r.level !== 'BLOCKED') console.log(`    even miss ${r.level} ${v.family}/${v.id} ${r.rules.join(' ')}`);
      }
    }
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
