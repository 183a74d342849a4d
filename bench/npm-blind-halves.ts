/**
 * npm blind variant sets scored in halves, counts only:
 *
 *   node --import tsx bench/npm-blind-halves.ts [--even-misses] [--even-only]
 *
 * For each blind set (test/support/npm-variants-set8 … set12): BLOCKED in the even (tuned) half and in
 * the odd (held-out) half, and the honest twins BLOCKED / CAUTION. The odd half is never printed item by
 * item (test/support/blind-halves.ts); `--even-misses` names the even-half items not BLOCKED, with their
 * findings above LOW, for tuning; `--even-only` scores no odd-half item at all (for tuning rounds, so the held-out
 * count is read once, at the end). The older sets (SET1–SET7B, all tuned) are printed as totals.
 */
import { halves, rateNpm, rateNpmFiles } from '../test/support/blind-halves.js';
import { NPM_TWINS_SET1, NPM_TWINS_SET2, NPM_TWINS_SET3, NPM_VARIANTS_SET1, NPM_VARIANTS_SET2, NPM_VARIANTS_SET3 } from '../test/support/npm-variants.js';
import { NPM_TWINS_SET10, NPM_VARIANTS_SET10 } from '../test/support/npm-variants-set10.js';
import { NPM_TWINS_SET11, NPM_VARIANTS_SET11 } from '../test/support/npm-variants-set11.js';
import { NPM_TWINS_SET12, NPM_VARIANTS_SET12 } from '../test/support/npm-variants-set12.js';
import { NPM_TWINS_SET4, NPM_VARIANTS_SET4 } from '../test/support/npm-variants-set4.js';
import { NPM_TWINS_SET4B, NPM_VARIANTS_SET4B } from '../test/support/npm-variants-set4b.js';
import { NPM_TWINS_SET5, NPM_VARIANTS_SET5 } from '../test/support/npm-variants-set5.js';
import { NPM_TWINS_SET6, NPM_VARIANTS_SET6 } from '../test/support/npm-variants-set6.js';
import { NPM_TWINS_SET6B, NPM_VARIANTS_SET6B } from '../test/support/npm-variants-set6b.js';
import { NPM_TWINS_SET7, NPM_VARIANTS_SET7 } from '../test/support/npm-variants-set7.js';
import { NPM_TWINS_SET7B, NPM_VARIANTS_SET7B } from '../test/support/npm-variants-set7b.js';
import { NPM_TWINS_SET8, NPM_VARIANTS_SET8 } from '../test/support/npm-variants-set8.js';
import { NPM_TWINS_SET9, NPM_VARIANTS_SET9 } from '../test/support/npm-variants-set9.js';
import type { NpmVariant } from '../test/support/npm-variants.js';

const evenOnly = process.argv.includes('--even-only');
const evenMisses = evenOnly || process.argv.includes('--even-misses');

async function twins(set: readonly NpmVariant[]): Promise<string> {
  let blocked = 0;
  let caution = 0;
  const named: string[] = [];
  for (const v of set) {
    const r = await rateNpmFiles(v.files, { name: v.id, version: '1.0.3' });
    if (r.level === 'BLOCKED') blocked++;
    if (r.level === 'CAUTION') caution++;
    if (r.level === 'BLOCKED' || r.level === 'CAUTION') named.push(`    twin ${r.level} ${v.id} ${r.rules.join(' ')}`);
  }
  return `twins ${blocked} BLOCKED, ${caution} CAUTION of ${set.length}${named.length ? `\n${named.join('\n')}` : ''}`;
}

async function main(): Promise<void> {
  const blind: [string, readonly NpmVariant[], readonly NpmVariant[]][] = [
    ['SET8', NPM_VARIANTS_SET8, NPM_TWINS_SET8],
    ['SET9', NPM_VARIANTS_SET9, NPM_TWINS_SET9],
    ['SET10', NPM_VARIANTS_SET10, NPM_TWINS_SET10],
    ['SET11', NPM_VARIANTS_SET11, NPM_TWINS_SET11],
    ['SET12', NPM_VARIANTS_SET12, NPM_TWINS_SET12],
  ];
  for (const [title, set, tw] of blind) {
    if (evenOnly) {
      const even = set.filter((_, i) => i % 2 === 0);
      let b = 0;
      for (const v of even) if ((await rateNpm(v)) === 'BLOCKED') b++;
      console.log(`npm ${title}: even ${b}/${even.length} BLOCKED (odd half not scored); ${await twins(tw)}`);
    } else {
      const h = await halves(set, async (v) => (await rateNpm(v)) === 'BLOCKED');
      console.log(`npm ${title}: even ${h.even}/${h.nEven}, odd ${h.odd}/${h.nOdd} BLOCKED; ${await twins(tw)}`);
    }
    if (evenMisses) {
      for (const [i, v] of set.entries()) {
        if (i % 2 !== 0) continue;
        const r = await rateNpmFiles(v.files, { name: v.id, version: '1.0.3' });
        if (r.level !== 'BLOCKED') console.log(`    even miss ${r.level} ${v.family}/${v.id} ${r.rules.join(' ')}`);
      }
    }
  }
  const tuned: [string, readonly NpmVariant[], readonly NpmVariant[]][] = [
    ['SET1-3', [...NPM_VARIANTS_SET1, ...NPM_VARIANTS_SET2, ...NPM_VARIANTS_SET3], [...NPM_TWINS_SET1, ...NPM_TWINS_SET2, ...NPM_TWINS_SET3]],
    ['SET4+4B', [...NPM_VARIANTS_SET4, ...NPM_VARIANTS_SET4B], [...NPM_TWINS_SET4, ...NPM_TWINS_SET4B]],
    ['SET5', NPM_VARIANTS_SET5, NPM_TWINS_SET5],
    ['SET6+6B', [...NPM_VARIANTS_SET6, ...NPM_VARIANTS_SET6B], [...NPM_TWINS_SET6, ...NPM_TWINS_SET6B]],
    ['SET7+7B', [...NPM_VARIANTS_SET7, ...NPM_VARIANTS_SET7B], [...NPM_TWINS_SET7, ...NPM_TWINS_SET7B]],
  ];
  for (const [title, set, tw] of tuned) {
    let b = 0;
    for (const v of set) if ((await rateNpm(v)) === 'BLOCKED') b++;
    console.log(`npm ${title} (tuned): ${b}/${set.length} BLOCKED; ${await twins(tw)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
