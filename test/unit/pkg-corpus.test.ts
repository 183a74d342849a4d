/**
 * Quality thresholds on the real malicious PyPI corpus (../shared/data/package-corpus), so they
 * cannot silently regress: at least 95 % BLOCKED overall and at least 80 % in every family with five
 * samples or more; and on the honest Python sdists of pypi-benign/: none BLOCKED, at most 5 %
 * CAUTION, every finding above LOW naming its file's role. The encrypted zip is read in memory (test/support/malware-corpus.ts); nothing is
 * extracted, installed or run. Skipped with a message when the corpus is not beside the repository.
 * Precision on the top npm packages needs the registry: it is measured by bench/package-verdicts.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { corpusDir, loadMalwareCorpus } from '../support/malware-corpus.js';
import { halvesMessage, loadBenignPypi, sampleLabel } from '../support/pypi-benign.js';

test('the malicious corpus is BLOCKED: >= 95 % overall, >= 80 % per family, each verdict with evidence', async () => {
  if (!corpusDir()) {
    console.log('pkg-corpus: ../shared/data/package-corpus not found, thresholds not checked');
    return;
  }
  const samples = loadMalwareCorpus();
  assert.ok(samples.length >= 190, `corpus has ${samples.length} samples`);
  const fam = new Map<string, { n: number; blocked: number }>();
  let blocked = 0;
  for (const s of samples) {
    const analysis = await analyzeArchive(s.data, { kind: s.kind, registry: 'pypi' });
    const v = packageVerdict(
      reviewPackage({ registry: 'pypi', name: s.name, version: s.version, analysis, integrity: { ok: true, expected: '', actual: '' }, advisories: { status: 'ok', advisories: [] } }),
    );
    const f = fam.get(s.family) ?? { n: 0, blocked: 0 };
    f.n++;
    if (v.securityLevel === 'BLOCKED') {
      f.blocked++;
      blocked++;
      // Rule 6: a BLOCKED verdict names its evidence (file, line, snippet, rule).
      const ev = analysis.findings.find((x) => x.severity === 'HIGH' || x.severity === 'CRITICAL');
      assert.ok(ev && ev.ruleId && (ev.file || ev.category === 'archive'), `${sampleLabel(s.name, s.path)}: no evidence`);
      // ... and the role of the file it stands on.
      assert.ok(ev!.category === 'archive' || !ev!.file || ev!.role, `${sampleLabel(s.name, s.path)}: evidence without a role`);
    }
    fam.set(s.family, f);
  }
  const recall = blocked / samples.length;
  assert.ok(recall >= 0.95, `overall recall ${(100 * recall).toFixed(1)} %`);
  for (const [k, f] of fam) {
    if (f.n < 5) continue;
    assert.ok(f.blocked / f.n >= 0.8, `${k}: ${f.blocked}/${f.n}`);
  }
});

test('honest Python sdists (pypi-benign/): none BLOCKED, <= 5 % CAUTION', async () => {
  const list = loadBenignPypi();
  if (list.length === 0) {
    console.log('pkg-corpus: ../shared/data/package-corpus/pypi-benign not found, thresholds not checked');
    return;
  }
  // Failure messages name only tuning-half packages; held-out ones are counted (halvesMessage).
  const blocked: { name: string; why: string }[] = [];
  const caution: { name: string; why: string }[] = [];
  for (const p of list) {
    const analysis = await analyzeArchive(p.data, { kind: 'tgz', registry: 'pypi', registryHosts: [] });
    const v = packageVerdict(
      reviewPackage({ registry: 'pypi', name: p.name, version: p.version, analysis, integrity: { ok: true, expected: '', actual: '' }, advisories: { status: 'ok', advisories: [] } }),
    );
    const worst = analysis.findings.find((x) => x.severity !== 'INFO');
    const why = `${p.file}: ${worst ? `${worst.ruleId} ${worst.file}:${worst.line ?? ''} (${worst.role ?? 'no role'})` : ''}`;
    if (v.securityLevel === 'BLOCKED') blocked.push({ name: p.name, why });
    if (v.securityLevel === 'CAUTION') caution.push({ name: p.name, why });
    for (const f of analysis.findings) if (f.severity !== 'INFO' && f.severity !== 'LOW' && f.file && f.category !== 'archive') assert.ok(f.role, `${sampleLabel(p.name, p.file)}: ${f.ruleId} without a role`);
  }
  assert.ok(blocked.length === 0, `BLOCKED: ${halvesMessage(blocked)}`);
  assert.ok(caution.length / list.length <= 0.05, `CAUTION: ${halvesMessage(caution)}`);
});

test.run();
