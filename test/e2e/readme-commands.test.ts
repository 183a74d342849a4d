import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { distRoot, logged, repoRoot, skillMd, startWeb, startWorker, stopAll, waitFor } from '../support/harness.js';
import { closeDb, newActorKey, useDb } from '../support/db.js';
import { startTestChain, type TestChain } from '../support/anvil.js';
import { deployLocal } from '../../shared/chain/index.js';

/**
 * The README's "For submitters" and "For verifiers" commands, read from the README itself (so they
 * cannot drift from what is tested) and run in order in one bash shell, as someone pasting them
 * would, against a real web process, worker, MariaDB, Redis and a local chain. The one stand-in:
 * `npx cert` runs the compiled CLI of this build (what `npx cert` runs in the checkout once built).
 */
const t = suite('README: the "For submitters" and "For verifiers" commands run as written');

/** The lines of the ```sh blocks of one `## ` section of the README. */
export function sectionCommands(readme: string, heading: string): string[] {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no "## ${heading}" section`);
  const rest = readme.slice(start + heading.length + 5);
  const end = rest.search(/\n## /);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n')).filter((l) => l.trim() && !l.trim().startsWith('#'));
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the lines in one bash shell; stops at the first that fails, naming it. */
function runLines(lines: string[], cwd: string, env: Record<string, string>): Promise<Run> {
  const cli = path.join(distRoot, 'cli', 'cert.js');
  const script = [
    `npx() { if [ "$1" = cert ]; then shift; node ${JSON.stringify(cli)} "$@"; else command npx "$@"; fi; }`,
    ...lines.map((l) => `${l} || { rc=$?; echo ${JSON.stringify(`README command failed: ${l}`).replace(/\$/g, '\\$')} "(exit $rc)" >&2; exit $rc; }`),
  ].join('\n');
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}
const said = (r: Run) => `exit ${r.status}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`;

const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
let chain: TestChain;
let base = '';
let dir = '';
let certificateId = '';

t.before(
  logged(async () => {
    useDb();
    dir = mkdtempSync(path.join(os.tmpdir(), 'cert-readme-'));
    chain = await startTestChain();
    await deployLocal(chain.cfg);
    const env = { CHAIN_RPC_URL: chain.cfg.rpcUrl, CHAIN_STATE_DIR: chain.stateDir, CHAIN_TX_TIMEOUT_MS: '10000', MONITOR_ENABLED: 'false' };
    const [web] = await Promise.all([startWeb(env), startWorker(env)]);
    base = web.url;
  }),
);

t.after(async () => {
  await stopAll();
  await chain?.stop();
  await closeDb();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

t('each section has its commands, and each uses the cert command line', () => {
  const submit = sectionCommands(readme, 'For submitters');
  const verify = sectionCommands(readme, 'For verifiers');
  assert.ok(submit.filter((l) => l.includes('npx cert ')).length >= 4, submit.join('\n'));
  assert.ok(verify.some((l) => l.includes('npx cert verify ')), verify.join('\n'));
});

t('For submitters: login, submit --wait, status, findings as SARIF, in a fresh folder with a SKILL.md', async () => {
  const work = path.join(dir, 'submitter');
  rmSync(work, { recursive: true, force: true });
  (await import('node:fs')).mkdirSync(work);
  writeFileSync(path.join(work, 'SKILL.md'), skillMd({ name: 'readme-submitter' }));
  const r = await runLines(sectionCommands(readme, 'For submitters'), work, { CERT_URL: base, CERT_API_KEY: await newActorKey(), CERT_CONFIG: path.join(work, 'cert.json') });
  assert.is(r.status, 0, said(r));
  const view = JSON.parse(readFileSync(path.join(work, 'submission.json'), 'utf8'));
  assert.is(view.status, 'APPROVED');
  certificateId = view.certificate.skillId;
  assert.match(r.stdout, new RegExp(`certificate: ${certificateId}`));
  assert.match(r.stdout, /APPROVED/);
  assert.is(JSON.parse(readFileSync(path.join(work, 'cert.sarif'), 'utf8')).version, '2.1.0');
});

t('For verifiers: verify the same file against its certificate and the chain (every check passes, none skipped), then the badge', async () => {
  assert.ok(certificateId, 'the submitter section ran first');
  // The certificate reaches the chain in a batch; a verifier checks once it is there.
  await waitFor(async () => {
    const r = await fetch(`${base}/api/v1/public/certificates/${certificateId}`).then((x) => x.json()).catch(() => null);
    return (r as any)?.onChain?.committed ? true : undefined;
  }, 60000, 'the certificate committed on chain');
  const work = path.join(dir, 'verifier');
  (await import('node:fs')).mkdirSync(work, { recursive: true });
  writeFileSync(path.join(work, 'SKILL.md'), readFileSync(path.join(dir, 'submitter', 'SKILL.md')));
  const r = await runLines(sectionCommands(readme, 'For verifiers'), work, { CERT_URL: base, CERTIFICATE_ID: certificateId, CHAIN_RPC_URL: chain.cfg.rpcUrl, CERT_CONFIG: path.join(work, 'cert.json'), CERT_API_KEY: '' });
  assert.is(r.status, 0, said(r));
  assert.match(r.stdout, /certified/);
  // A file changed by one byte fails the same commands (exit 7, a failed check).
  writeFileSync(path.join(work, 'SKILL.md'), `${readFileSync(path.join(work, 'SKILL.md'), 'utf8')}\nx`);
  const tampered = await runLines(sectionCommands(readme, 'For verifiers'), work, { CERT_URL: base, CERTIFICATE_ID: certificateId, CHAIN_RPC_URL: chain.cfg.rpcUrl, CERT_CONFIG: path.join(work, 'cert.json'), CERT_API_KEY: '' });
  assert.is(tampered.status, 7, said(tampered));
});

t.run();
