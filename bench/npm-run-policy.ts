/**
 * The install- and import-time policy alone (shared/packages/analysis/npm/run-policy.ts), measured apart from
 * every other rule: for each variant, does a policy finding alone block it (HIGH or above) or caution (MEDIUM)?
 *
 *   node --import tsx bench/npm-run-policy.ts [--tarballs DIR] [--names]
 *
 * Tuned data only: SET1–SET7B whole, the even halves of the blind sets SET8–SET12 (no odd-half item is read),
 * the honest twins of every set. `--tarballs DIR` also reads the honest `.tgz` files of DIR (benign-npm.txt's
 * packages in .data/bench-cache), printing the flagged ones by name with `--names`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeArchive } from '../shared/packages/analysis/index.js';
import type { PackageFinding } from '../shared/packages/analysis/types.js';
import { npmTgz } from '../test/fixtures/archives/build.js';
import { NPM_TWINS_SET1, NPM_TWINS_SET2, NPM_TWINS_SET3, NPM_VARIANTS_SET1, NPM_VARIANTS_SET2, NPM_VARIANTS_SET3, type NpmVariant } from '../test/support/npm-variants.js';
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

const POLICY = /^(?:install|import)_(?:collects_and_sends|writes_outside_package|background_process|decodes_and_runs)$/;
const names = process.argv.includes('--names');
const tarDir = process.argv.includes('--tarballs') ? process.argv[process.argv.indexOf('--tarballs') + 1] : undefined;

function policyLevel(fs: readonly PackageFinding[]): 'HIGH' | 'MEDIUM' | null {
  const p = fs.filter((f) => POLICY.test(f.ruleId));
  if (p.some((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL')) return 'HIGH';
  return p.some((f) => f.severity === 'MEDIUM') ? 'MEDIUM' : null;
}

async function score(title: string, set: readonly NpmVariant[], honest: boolean): Promise<void> {
  let high = 0;
  let medium = 0;
  const flagged: string[] = [];
  const byRule = new Map<string, number>();
  for (const v of set) {
    const a = await analyzeArchive(npmTgz(v.files), { kind: 'tgz', registry: 'npm', registryHosts: ['registry.example.org'] });
    const l = policyLevel(a.findings);
    if (l === 'HIGH') high++;
    if (l === 'MEDIUM') medium++;
    for (const f of a.findings) if (POLICY.test(f.ruleId) && f.severity !== 'LOW') byRule.set(`${f.ruleId}:${f.severity}`, (byRule.get(`${f.ruleId}:${f.severity}`) ?? 0) + 1);
    if (l && (honest || names)) flagged.push(`    ${l} ${v.id} ${a.findings.filter((f) => POLICY.test(f.ruleId)).map((f) => `${f.ruleId}:${f.severity} ${f.file} «${f.evidence ?? ''}»`).join(' | ')}`);
  }
  console.log(`${title}: policy HIGH ${high}/${set.length}, MEDIUM ${medium} [${[...byRule].map(([k, n]) => `${k}=${n}`).join(' ')}]`);
  if (flagged.length) console.log(flagged.join('\n'));
}

async function main(): Promise<void> {
  const even = (s: readonly NpmVariant[]): NpmVariant[] => s.filter((_, i) => i % 2 === 0);
  const mal: [string, readonly NpmVariant[]][] = [
    ['SET1-3', [...NPM_VARIANTS_SET1, ...NPM_VARIANTS_SET2, ...NPM_VARIANTS_SET3]],
    ['SET4+4B', [...NPM_VARIANTS_SET4, ...NPM_VARIANTS_SET4B]],
    ['SET5', NPM_VARIANTS_SET5],
    ['SET6+6B', [...NPM_VARIANTS_SET6, ...NPM_VARIANTS_SET6B]],
    ['SET7+7B', [...NPM_VARIANTS_SET7, ...NPM_VARIANTS_SET7B]],
    ['SET8 even', even(NPM_VARIANTS_SET8)],
    ['SET9 even', even(NPM_VARIANTS_SET9)],
    ['SET10 even', even(NPM_VARIANTS_SET10)],
    ['SET11 even', even(NPM_VARIANTS_SET11)],
    ['SET12 even', even(NPM_VARIANTS_SET12)],
  ];
  if (!process.argv.includes('--honest-only')) for (const [t, s] of mal) await score(t, s, false);
  const twins = [...NPM_TWINS_SET1, ...NPM_TWINS_SET2, ...NPM_TWINS_SET3, ...NPM_TWINS_SET4, ...NPM_TWINS_SET4B, ...NPM_TWINS_SET5, ...NPM_TWINS_SET6, ...NPM_TWINS_SET6B, ...NPM_TWINS_SET7, ...NPM_TWINS_SET7B, ...NPM_TWINS_SET8, ...NPM_TWINS_SET9, ...NPM_TWINS_SET10, ...NPM_TWINS_SET11, ...NPM_TWINS_SET12];
  await score('twins SET1-SET12', twins, true);
  if (tarDir) {
    let high = 0;
    let medium = 0;
    const files = readdirSync(tarDir).filter((f) => f.endsWith('.tgz')).sort();
    for (const f of files) {
      const a = await analyzeArchive(readFileSync(path.join(tarDir, f)), { kind: 'tgz', registry: 'npm', registryHosts: ['registry.example.org'] });
      const l = policyLevel(a.findings);
      if (l === 'HIGH') high++;
      if (l === 'MEDIUM') medium++;
      if (l && names) console.log(`    ${l} ${f} ${a.findings.filter((x) => POLICY.test(x.ruleId)).map((x) => `${x.ruleId}:${x.severity} ${x.file} «${x.evidence ?? ''}»`).join(' | ')}`);
    }
    console.log(`honest tarballs (${tarDir}): policy HIGH ${high}/${files.length}, MEDIUM ${medium}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
