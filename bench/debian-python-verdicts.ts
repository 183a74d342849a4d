/**
 * Honest Python from Debian through the package review, tuned half and held-out half side by side:
 *
 *   bench/debian-python-pack.sh 1 /tmp/debpy1 && node --import tsx bench/debian-python-verdicts.ts /tmp/debpy1
 *   bench/debian-python-pack.sh 2-random /tmp/debpy2 && node --import tsx bench/debian-python-verdicts.ts --all /tmp/debpy2
 *
 * The packages are named in bench/debian-python-sample.tsv. Sample 1 is split like pypi-benign/ (tuningHalf of the
 * name): the tuned half's packages that are not CLEAR or MONITORED are listed with their findings, the held-out half
 * only counted. Sample 2 (`--all`) was drawn after sample 1's first score and is all tuned on. A sample held out whole
 * (4-random) is scored with `--held-out`: counts only.
 */
import { readFileSync } from 'node:fs';
import { analyzeArchive } from '../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../shared/packages/lens/index.js';
import { tuningHalf } from '../test/support/pypi-benign.js';

const args = process.argv.slice(2);
const all = args.includes('--all');
// (a sample held out whole, such as 4-random: every package counted, none listed)
const heldOut = args.includes('--held-out');
const dir = args.find((a) => !a.startsWith('--')) ?? '/tmp/debpy1';
const rows = readFileSync(`${dir}/index.tsv`, 'utf8').trim().split('\n').map((l) => l.split('\t'));
const tally: Record<'tuned' | 'held-out', Record<string, number>> = { tuned: {}, 'held-out': {} };
for (const [file, name, version] of rows) {
  const half = !heldOut && (all || tuningHalf(name!)) ? 'tuned' : 'held-out';
  const analysis = await analyzeArchive(readFileSync(`${dir}/${file}`), { kind: 'tgz', registry: 'pypi', registryHosts: [] });
  const v = packageVerdict(
    reviewPackage({ registry: 'pypi', name: name!, version: version!, analysis, integrity: { ok: true, expected: '', actual: '' }, advisories: { status: 'ok', advisories: [] } }),
  );
  tally[half][v.securityLevel] = (tally[half][v.securityLevel] ?? 0) + 1;
  if (half === 'tuned' && v.securityLevel !== 'CLEAR' && v.securityLevel !== 'MONITORED') {
    const worst = analysis.findings.filter((x) => x.severity !== 'INFO' && x.severity !== 'LOW').slice(0, 3);
    console.log(`${v.securityLevel} ${name} ${version}: ${worst.map((f) => `${f.ruleId}/${f.severity} ${f.file}:${f.line ?? ''} (${f.role ?? 'no role'})`).join('; ')}`);
  }
}
for (const [half, t] of Object.entries(tally)) if (Object.keys(t).length) console.log(half, JSON.stringify(t));
