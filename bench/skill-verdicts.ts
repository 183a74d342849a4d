/**
 * Skill verdict quality and sandbox speed (issue 9). Runs the calibration corpus through the real
 * review (dryRunReview: sandbox, the three validators, the tally) and prints outcomes per benign
 * source and per malicious technique, every honest skill not approved and every malicious one not
 * refused, then sandbox timings for a typical skill and a 512 KiB one.
 *
 *   npx tsx bench/skill-verdicts.ts
 */
import { analyzeSkill } from '../shared/sandbox/analyze.js';
import { parseSkill } from '../shared/skills/parse.js';
import { rates, runSkillsCorpus, skillsCorpusDir, type CorpusResult } from '../test/support/skills-corpus.js';

const dir = skillsCorpusDir();
if (!dir) {
  process.stderr.write('skills corpus not found (../shared/data/skills-corpus)\n');
  process.exit(1);
}
const results = runSkillsCorpus(dir);
const statuses = ['APPROVED', 'ESCALATED', 'REJECTED', 'SANDBOX_FAILED', 'UNPARSEABLE'] as const;

function table(label: 'benign' | 'malicious'): void {
  const groups = new Map<string, CorpusResult[]>();
  for (const r of results.filter((x) => x.label === label)) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  console.log(`\n| ${label === 'benign' ? 'source' : 'technique'} | n | ${statuses.join(' | ')} |`);
  console.log(`|---|---:|${statuses.map(() => '---:').join('|')}|`);
  for (const [g, rs] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
    console.log(`| ${g} | ${rs.length} | ${statuses.map((s) => rs.filter((r) => r.status === s).length).join(' | ')} |`);
  }
}

const r = rates(results);
console.log(`Skills corpus: ${r.benign} benign, ${r.malicious} malicious`);
console.log(`Honest refused (REJECTED/SANDBOX_FAILED): ${(r.benignRefused * 100).toFixed(1)} % (goal <= 2 %)`);
console.log(`Honest escalated: ${(r.benignEscalated * 100).toFixed(1)} % (goal <= 5 %)`);
console.log(`Malicious not approved: ${(r.maliciousNotApproved * 100).toFixed(1)} % (goal >= 95 %)`);
console.log(`Malicious refused without a human: ${(r.maliciousRefused * 100).toFixed(1)} % (goal >= 85 %)`);
table('benign');
table('malicious');
console.log('\nHonest skills not approved:');
for (const x of results.filter((y) => y.label === 'benign' && y.status !== 'APPROVED')) console.log(`- ${x.file}: ${x.status} — ${x.why.join(' | ').slice(0, 200)}`);
console.log('\nMalicious skills not refused outright:');
for (const x of results.filter((y) => y.label === 'malicious' && y.status !== 'SANDBOX_FAILED' && y.status !== 'REJECTED')) console.log(`- ${x.file}: ${x.status} — ${x.why.join(' | ').slice(0, 200)}`);

// Sandbox speed: a typical corpus skill (the median-sized benign file) and one of 512 KiB.
function time(content: string, runs: number): { p50: number; p90: number } {
  const skill = parseSkill(content, { field: 'skillMdContent' });
  analyzeSkill(skill);
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    analyzeSkill(skill);
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(ms.length / 2)]!, p90: ms[Math.floor(ms.length * 0.9)]! };
}
const { readFileSync } = await import('node:fs');
const path = await import('node:path');
const benign = results.filter((x) => x.label === 'benign').map((x) => readFileSync(path.join(dir, x.file), 'utf8')).sort((a, b) => a.length - b.length);
const typical = benign[Math.floor(benign.length / 2)]!;
let big = benign.slice(-20).join('\n\n').replace(/^---[\s\S]*?\n---\n/gm, '');
big = `---\nname: big-skill\ndescription: A large skill assembled from real skills to time the sandbox on a file at the size limit.\n---\n${big}`;
while (Buffer.byteLength(big) < 512 * 1024) big += `\n${benign[benign.length - 1]!.replace(/^---[\s\S]*?\n---\n/, '')}`;
big = Buffer.from(big).subarray(0, 512 * 1024 - 8).toString('utf8').replace(/\uFFFD+$/, '');
const t1 = time(typical, 200);
const t2 = time(big, 10);
console.log(`\nSandbox time, typical skill (${(Buffer.byteLength(typical) / 1024).toFixed(1)} KiB): p50 ${t1.p50.toFixed(2)} ms, p90 ${t1.p90.toFixed(2)} ms`);
console.log(`Sandbox time, ${(Buffer.byteLength(big) / 1024).toFixed(0)} KiB skill: p50 ${t2.p50.toFixed(0)} ms, p90 ${t2.p90.toFixed(0)} ms`);
