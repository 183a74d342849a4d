/**
 * The `cert` command line (cli/args.ts, cli/exit-codes.ts, cli/verify.ts): what a user types is
 * read as documented in docs/cli.md, mistakes are usage errors naming the option, and every outcome
 * maps to the exit code a CI job branches on.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { UsageError, parseArgs, secondsOption, usage } from '../../cli/args.js';
import { EXIT, exitCodeOfApiError, exitCodeOfStatus } from '../../cli/exit-codes.js';
import { CliFailure, externalSigner, packageRefOf } from '../../cli/commands.js';
import { atomicOfUsdc, usdcOf, usdcOfAtomic } from '../../shared/payments/x402/pay.js';
import { verifyExitCode, type Check } from '../../cli/verify.js';
import { effectiveConfig } from '../../cli/config.js';

const usageError = (argv: string[], match: RegExp) => {
  try {
    parseArgs(argv);
  } catch (err) {
    assert.instance(err, UsageError);
    assert.match((err as Error).message, match);
    return;
  }
  assert.unreachable(`${argv.join(' ')} should be a usage error`);
};

test('login: an injected signer is a JSON-RPC URL and the address it signs for; anything else is a usage error', () => {
  const a = parseArgs(['login', '--url', 'https://cert.example.com', '--wallet-signer-rpc', 'http://127.0.0.1:8545', '--wallet-address', '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f']);
  assert.equal([a.options['wallet-signer-rpc'], a.options['wallet-address']], ['http://127.0.0.1:8545', '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f']);
  assert.is(externalSigner('http://127.0.0.1:8545', '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f').address, '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f');
  for (const [rpc, addr] of [['file:///tmp/key', '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'], ['http://127.0.0.1:8545', ''], ['http://127.0.0.1:8545', 'alice']]) {
    try {
      externalSigner(rpc!, addr!);
      assert.unreachable(`${rpc} ${addr}`);
    } catch (err) {
      assert.ok(err instanceof CliFailure, String(err));
      assert.is((err as CliFailure).exitCode, EXIT.USAGE);
      assert.match((err as Error).message, /--wallet-(?:signer-rpc|address)/);
    }
  }
});

test('webhooks: add URL with --events, list, rm ID, log ID; anything else is a usage error', () => {
  const a = parseArgs(['webhooks', 'add', 'https://ci.example.com/hook', '--events', 'certificate.suspended,submission.status_changed']);
  assert.equal(a.positionals, ['add', 'https://ci.example.com/hook']);
  assert.is(a.options.events, 'certificate.suspended,submission.status_changed');
  assert.equal(parseArgs(['webhooks', 'list']).positionals, ['list']);
  assert.equal(parseArgs(['webhooks', 'rm', 'ID']).positionals, ['rm', 'ID']);
  assert.equal(parseArgs(['webhooks', 'log', 'ID']).positionals, ['log', 'ID']);
  usageError(['webhooks', 'add'], /needs URL/);
  usageError(['webhooks', 'rm'], /needs ENDPOINT_ID/);
  usageError(['webhooks', 'drop', 'ID'], /add URL, list, rm ENDPOINT_ID or log ENDPOINT_ID/);
  usageError(['webhooks', 'list', 'x'], /takes no argument/);
  usageError(['webhooks', 'rm', 'ID', '--events', 'x'], /go with "cert webhooks add"/);
});

test('submit: the skill file, --deps with several files before or after it, --source with --ref, --wait', () => {
  const a = parseArgs(['submit', 'SKILL.md', '--deps', 'package.json', 'requirements.txt', '--wait']);
  assert.is(a.command, 'submit');
  assert.equal(a.positionals, ['SKILL.md']);
  assert.equal(a.options.deps, ['package.json', 'requirements.txt']);
  assert.is(a.options.wait, true);
  const b = parseArgs(['submit', '--deps', 'app/package.json', 'app/package-lock.json', 'skills/SKILL.md']);
  assert.equal(b.positionals, ['skills/SKILL.md'], 'a file that is no dependency file ends --deps');
  assert.equal(b.options.deps, ['app/package.json', 'app/package-lock.json']);
  const c = parseArgs(['submit', '--source', 'https://code.example/o/r/blob/abc/SKILL.md', '--ref=abc123', '--timeout', '60', '--wait']);
  assert.equal(c.positionals, []);
  assert.is(c.options.source, 'https://code.example/o/r/blob/abc/SKILL.md');
  assert.is(c.options.ref, 'abc123');
  assert.is(secondsOption(c.options.timeout, 'timeout', 1), 60);
  assert.equal(parseArgs(['submit', 'S.md', '--deps=package.json,requirements.txt']).options.deps, ['package.json', 'requirements.txt']);
});

test('submit: mistakes are usage errors that name what is wrong', () => {
  usageError(['submit'], /needs a skill file, or --source/);
  usageError(['submit', 'SKILL.md', '--source', 'https://x.example/a'], /--source and --ref go together/);
  usageError(['submit', 'SKILL.md', '--deps'], /--deps needs at least one/);
  usageError(['submit', 'SKILL.md', '--deps=setup.py'], /setup\.py is not a dependency file/);
  usageError(['submit', 'SKILL.md', '--wiat'], /unknown option "--wiat"/);
  usageError(['submit', 'SKILL.md', '--category'], /--category needs a value/);
  usageError(['submit', 'SKILL.md', '--category', '--wait'], /--category needs a value/);
  usageError(['submit', 'SKILL.md', 'OTHER.md'], /unexpected "OTHER\.md"/);
  usageError(['submit', 'SKILL.md', '--timeout', '10'], /--timeout goes with --wait/);
  usageError(['submit', 'SKILL.md', '--through-escalation'], /--through-escalation goes with --wait/);
  assert.is(parseArgs(['status', 'id', '--wait', '--through-escalation']).options['through-escalation'], true);
  usageError(['submit', 'SKILL.md', '--wait', '--timeout', '0'], /whole number of seconds/);
  usageError(['submit', 'SKILL.md', '--max-pay', 'ten'], /amount of USDC/);
  usageError(['submit', 'SKILL.md', '--channel', 'mail'], /--channel is api/);
  usageError(['submit', 'SKILL.md', '-x'], /unknown option "-x"/);
  usageError(['sumbit'], /unknown command "sumbit"/);
});

test('verify, status, findings, badge, login take what docs/cli.md says', () => {
  const v = parseArgs(['verify', 'SKILL.md', '--certificate', 'abc', '--rpc', 'http://127.0.0.1:8545', '--strict', '--json']);
  assert.equal(v.positionals, ['SKILL.md']);
  assert.is(v.options.certificate, 'abc');
  assert.is(v.options.rpc, 'http://127.0.0.1:8545');
  assert.is(v.options.strict, true);
  assert.is(v.options.json, true);
  usageError(['verify', 'SKILL.md'], /needs --certificate ID/);
  usageError(['verify', 'SKILL.md', '--certificate', 'x', '--offline'], /--offline needs --record FILE/);
  usageError(['verify', '--certificate', 'x'], /needs SKILL\.md/);
  assert.is(parseArgs(['status', 'id-1', '--wait']).options.wait, true);
  usageError(['status'], /needs SUBMISSION_ID/);
  assert.is(parseArgs(['findings', 'id-1', '--sarif', '--output', 'cert.sarif']).options.output, 'cert.sarif');
  assert.is(parseArgs(['badge', 'cert-1', '--url', 'http://127.0.0.1:1']).options.url, 'http://127.0.0.1:1');
  assert.is(parseArgs(['login', '--api-key-stdin', '--max-pay', '2.5']).options['max-pay'], '2.5');
  usageError(['login', '--api-key', 'k', '--api-key-stdin'], /give the API key once/);
  usageError(['verify', 'SKILL.md', '--certificate', 'x', '--wait'], /unknown option "--wait" for "cert verify"/);
});

test('findings takes a submission id or a package certificate (registry/name/version; a scoped npm name keeps its slash)', () => {
  assert.is(packageRefOf('6f1c2b1e-5d7a-4c3e-9a51-0b7f3f0e2a11'), null);
  assert.equal(packageRefOf('pypi/requests/2.32.3'), { registry: 'pypi', name: 'requests', version: '2.32.3' });
  assert.equal(packageRefOf('npm/@types/node/20.19.43'), { registry: 'npm', name: '@types/node', version: '20.19.43' });
  assert.is(packageRefOf('cargo/serde/1.0.0'), null);
  usageError(['findings'], /needs SUBMISSION_ID\|REGISTRY\/NAME\/VERSION/);
});

test('help and version need no service; a command with --help shows its own usage', () => {
  assert.is(parseArgs([]).command, 'help');
  assert.is(parseArgs(['--help']).command, 'help');
  assert.is(parseArgs(['--version']).command, 'version');
  const h = parseArgs(['verify', '--help']);
  assert.equal([h.command, h.positionals], ['help', ['verify']]);
  assert.match(usage('verify'), /cert verify SKILL\.md/);
  assert.match(usage(), /Exit codes: 0 approved/);
});

test('exit codes: 0 approved, 3 rejected or blocked, 4 escalated, 5 still under review', () => {
  assert.is(exitCodeOfStatus('APPROVED'), 0);
  assert.is(exitCodeOfStatus('REJECTED'), 3);
  assert.is(exitCodeOfStatus('SANDBOX_FAILED'), 3);
  assert.is(exitCodeOfStatus('ESCALATED'), 4);
  for (const s of ['PENDING_SANDBOX', 'PENDING_AUDIT', 'IN_AUDIT']) assert.is(exitCodeOfStatus(s), 5);
  assert.is(exitCodeOfStatus('SOMETHING_NEW'), EXIT.ERROR);
  assert.equal(new Set(Object.values(EXIT)).size, Object.values(EXIT).length, 'no two outcomes share a code');
});

test('exit codes of refusals: payment 6, authentication 8, not found 9, anything else 1', () => {
  assert.is(exitCodeOfApiError(402, 'payment_required'), 6);
  assert.is(exitCodeOfApiError(422, 'payment_required'), 6);
  assert.is(exitCodeOfApiError(401, 'invalid_api_key'), 8);
  assert.is(exitCodeOfApiError(403, 'not_activated'), 8);
  assert.is(exitCodeOfApiError(401, 'expired_session'), 8);
  assert.is(exitCodeOfApiError(404, 'not_found'), 9);
  assert.is(exitCodeOfApiError(422, 'invalid_skill_file'), 1);
  assert.is(exitCodeOfApiError(503, 'service_unavailable'), 1);
});

test('paying: the allowance in USDC units, and only USDC on a chain whose USDC is known', () => {
  assert.is(atomicOfUsdc('25'), 25_000_000n);
  assert.is(atomicOfUsdc('0.25'), 250_000n);
  assert.is(atomicOfUsdc('1.1234567'), null);
  assert.is(atomicOfUsdc('-1'), null);
  assert.is(usdcOfAtomic('25000000'), '25');
  assert.is(usdcOfAtomic(1_500_000n), '1.5');
  assert.equal(usdcOf({ network: 'eip155:8453', asset: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' }), { usdc: true, known: true });
  assert.equal(usdcOf({ network: 'eip155:8453', asset: '0x4200000000000000000000000000000000000006' }), { usdc: false, known: true });
  assert.equal(usdcOf({ network: 'eip155:31337', asset: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }), { usdc: true, known: false });
});

test('verify exit code: any failed check fails; a skipped one only with --strict', () => {
  const c = (outcome: Check['outcome']): Check => ({ name: 'chain', outcome, detail: '' });
  assert.is(verifyExitCode([c('pass'), c('pass')], false), 0);
  assert.is(verifyExitCode([c('pass'), c('skip')], false), 0);
  assert.is(verifyExitCode([c('pass'), c('skip')], true), 7);
  assert.is(verifyExitCode([c('pass'), c('fail'), c('skip')], false), 7);
});

test('settings: the command line wins over the environment, which wins over the stored file', () => {
  const stored = { url: 'http://stored.example', apiKey: 'stored-key', maxPayUsdc: '1' };
  assert.equal(effectiveConfig(stored, {}, {}), stored);
  const env = { CERT_URL: 'http://env.example/', CERT_API_KEY: 'env-key', CERT_MAX_PAY: '2' };
  assert.equal(effectiveConfig(stored, {}, env), { url: 'http://env.example', apiKey: 'env-key', maxPayUsdc: '2' });
  assert.equal(effectiveConfig(stored, { url: 'http://flag.example', maxPay: '3' }, env), { url: 'http://flag.example', apiKey: 'env-key', maxPayUsdc: '3' });
});

test.run();
