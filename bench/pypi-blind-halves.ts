/**
 * PyPI blind variant sets scored in halves, counts only:
 *
 *   node --import tsx bench/pypi-blind-halves.ts [--held-out] [--even-misses] [--even-rules] [SET4 SET5 …]
 *
 * For each blind set (test/support/pypi-variants-set1 … set7): BLOCKED in the even (tuned) half and in the odd
 * (held-out) half, and the honest twins BLOCKED / CAUTION. The odd half is counted only with `--held-out` (once, at the
 * end of a round) and never printed item by item
 * (test/support/blind-halves.ts); `--even-misses` names the even-half items not BLOCKED with their findings above
 * MEDIUM, `--even-rules` every even item with the rules that block it (to see which rules a family stands on).
 */
import { halves } from '../test/support/blind-halves.js';
import { rate } from '../test/support/pypi-variant-rating.js';
import { PYPI_TWINS_SET1, PYPI_VARIANTS_SET1, type PypiVariant } from '../test/support/pypi-variants-set1.js';
import { PYPI_TWINS_SET2, PYPI_VARIANTS_SET2 } from '../test/support/pypi-variants-set2.js';
import { PYPI_TWINS_SET3, PYPI_VARIANTS_SET3 } from '../test/support/pypi-variants-set3.js';
import { PYPI_TWINS_SET4, PYPI_VARIANTS_SET4 } from '../test/support/pypi-variants-set4.js';
import { PYPI_TWINS_SET5, PYPI_VARIANTS_SET5 } from '../test/support/pypi-variants-set5.js';
import { PYPI_TWINS_SET6, PYPI_VARIANTS_SET6 } from '../test/support/pypi-variants-set6.js';
import { PYPI_TWINS_SET7, PYPI_VARIANTS_SET7 } from '../test/support/pypi-variants-set7.js';

const args = process.argv.slice(2);
const evenMisses = args.includes('--even-misses');
const evenRules = args.includes('--even-rules');
const heldOut = args.includes('--held-out');
const only = args.filter((a) => !a.startsWith('--'));

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
  const sets: [string, readonly PypiVariant[], readonly PypiVariant[]][] = [
    ['SET1', PYPI_VARIANTS_SET1, PYPI_TWINS_SET1],
    ['SET2', PYPI_VARIANTS_SET2, PYPI_TWINS_SET2],
    ['SET3', PYPI_VARIANTS_SET3, PYPI_TWINS_SET3],
    ['SET4', PYPI_VARIANTS_SET4, PYPI_TWINS_SET4],
    ['SET5', PYPI_VARIANTS_SET5, PYPI_TWINS_SET5],
    ['SET6', PYPI_VARIANTS_SET6, PYPI_TWINS_SET6],
    ['SET7', PYPI_VARIANTS_SET7, PYPI_TWINS_SET7],
  ];
  let even = 0;
  let nEven = 0;
  let odd = 0;
  let nOdd = 0;
  for (const [title, set, tw] of sets) {
    if (only.length && !only.includes(title)) continue;
    // The odd half is not even rated without --held-out.
    const rated = heldOut ? set : set.map((v, i) => (i % 2 === 0 ? v : null));
    const h = await halves(rated, async (v) => v !== null && (await rate(v)).level === 'BLOCKED');
    even += h.even;
    nEven += h.nEven;
    odd += h.odd;
    nOdd += h.nOdd;
    console.log(`PyPI ${title}: even ${h.even}/${h.nEven}${heldOut ? `, odd ${h.odd}/${h.nOdd}` : ''} BLOCKED; ${await twins(tw)}`);
    if (evenMisses || evenRules) {
      for (const [i, v] of set.entries()) {
        if (i % 2 !== 0) continue;
        const r = await rate(v);
        if (evenRules || r.level !== 'BLOCKED') console.log(`    even ${r.level} ${v.id} ${[...new Set(r.rules)].join(' ')}`);
      }
    }
  }
  console.log(`PyPI total: even ${even}/${nEven}${heldOut ? `, odd ${odd}/${nOdd}` : ''} BLOCKED`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
