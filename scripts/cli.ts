import { parseArgs } from 'node:util';
import { userInfo } from 'node:os';
import { loadConfigOrExit } from '../shared/boot.js';
import { ApiError } from '../shared/errors.js';
import { Actor, AuditLog, Dispute, Flag, Submission, Validator, Voucher } from '../shared/db/models.js';
import { initModels } from '../shared/models.js';
import { randomUUID } from 'node:crypto';
import { revokeWalletSessions } from '../shared/agents/auth.js';
import { closeDb } from '../shared/db/connection.js';
import { actorForApiKey, createApiKey, revokeApiKey } from '../shared/actors/api-keys.js';
import { TERMS_VERSION } from '../shared/actors/activation.js';
import { resolveEscalation } from '../shared/submissions/verdict.js';
import { setCertificateStatus } from '../shared/certificates/flags.js';
import { resolveFlag, resolveFlagWithBounty } from '../shared/operators/flag-decisions.js';
import { denyDispute, disputeView, upholdDispute } from '../shared/submissions/disputes.js';
import { listPayouts } from '../shared/economy/views.js';
import { retryPayout, runPayouts } from '../shared/economy/payouts.js';
import { syncBuiltInValidators } from '../shared/council/registry.js';
import { setValidatorStatus, validatorView } from '../shared/council/external.js';
import { validatorStandings } from '../shared/council/reputation.js';
import { migrate } from '../shared/migrations/migrate.js';
import { createDeveloperToken, revokeDeveloperToken } from '../shared/developers/tokens.js';
import { auditPackageVersion } from '../shared/packages/audit.js';
import { logReaudit, overridePackage, packageAuditTrail, revokePackage } from '../shared/packages/admin.js';
import { packageCertificateView, topPackages } from '../shared/packages/views.js';
import { markPackagesDoneIfReady, settleAudit } from '../shared/packages/pipeline.js';
import { registryClients } from '../shared/packages/clients.js';
import { enqueue, closeQueues } from '../shared/queues/index.js';
import { closeReadCache, invalidate } from '../shared/cache/read-cache.js';
import type { PackageRef } from '../shared/packages/types.js';
import pLimit from 'p-limit';
import { commitBatches, deployLocal, fundUsdc } from '../shared/chain/index.js';
import { listPayments } from '../shared/payments/x402/index.js';
import { createOperator, listOperators, revokeOperator } from '../shared/operators/accounts.js';

const USAGE = `Usage: npm run cert -- <command>

  api-key create --actor NAME [--activate]   issue a bearer key (printed once; only its hash is stored)
  api-key revoke KEY_ID|KEY                  revoke a key
  api-key check KEY                          exit 0 when the key is valid
  review list                                submissions waiting for human review (ESCALATED)
  review resolve ID approve|reject --reason TEXT
  disputes list [--all]                      open disputes (all with --all)
  disputes uphold ID --reason TEXT           a RE_AUDIT council round on the same content decides again
  disputes deny ID --reason TEXT             the verdict stands (\`dispute resolve\` is the older spelling)
  flags list [--all]                         open flags
  flags confirm|dismiss FLAG_ID --reason TEXT   confirm: certificate SUSPENDED, bounty owed to the flag's wallet
                                             (not for the owner's own flag); the reason goes to the audit log
  flag resolve ID confirm|dismiss --reason TEXT   the same, older spelling
  payouts list [--status PENDING|SENT|PAID|FAILED]   validator payouts and bounties: state, amount, wallet, tx hash
  payouts run [LEDGER_KEY]                   pay what is owed now, or just that entry (normally the worker does it)
  payouts retry LEDGER_KEY                   a FAILED (reverted) payout is signed afresh
  certificate suspend|revoke|reinstate|deprecate SKILL_ID --reason TEXT
  validators sync | validators list          built-in (and LLM) validators; list shows every validator and its status
  validators admit|suspend|reinstate KEY|0xWALLET --reason TEXT   external validators take seats only once admitted
  validators stats                           accuracy and reputation of every validator
  dev-token create --developer NAME          issue a developer token (printed once)
  dev-token revoke TOKEN_ID|TOKEN
  package audit npm|pypi NAME VERSION        audit one package version now and print its certificate
  package warm npm|pypi --top N [--concurrency C]   pre-warm the registry with the N most-used packages
  package override npm|pypi NAME VERSION --level CLEAR|MONITORED|CAUTION|BLOCKED --reason TEXT
  package block npm|pypi NAME VERSION --reason TEXT
  package revoke npm|pypi NAME VERSION --reason TEXT [--reaudit]
  package trail npm|pypi NAME VERSION        the operator audit trail of a package version
  chain deploy                               deploy the registry and test USDC on the local chain (when absent)
  chain fund 0xADDRESS AMOUNT                mint test USDC to an address (local chain only)
  chain commit                               commit every pending certificate now, in batches (normally the worker does it)
  voucher create CODE --percent P [--uses N] [--category KEY] [--expires ISO]   a discount voucher (100 = free)
  sessions revoke 0xWALLET                   revoke every agent session of a wallet
  operator create --name NAME                a console operator account; prints its one-time secret (only a hash is stored)
  operator revoke NAME                       the account and all its console sessions end now
  operator list                              console operators, active or revoked, and their last sign-in
  payments list [--status S]                 x402 payments: payer, amount, network, tx hash, what it bought
  migrate                                    create and migrate the database

Options: --operator NAME (default: the OS user) is written to the audit log; --json for JSON output.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    actor: { type: 'string' },
    activate: { type: 'boolean', default: false },
    reason: { type: 'string' },
    operator: { type: 'string' },
    all: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
    developer: { type: 'string' },
    name: { type: 'string' },
    top: { type: 'string' },
    concurrency: { type: 'string' },
    level: { type: 'string' },
    reaudit: { type: 'boolean', default: false },
    status: { type: 'string' },
    percent: { type: 'string' },
    uses: { type: 'string' },
    category: { type: 'string' },
    expires: { type: 'string' },
  },
});

function fail(msg: string): never {
  process.stderr.write(`${msg}\n\n${USAGE}\n`);
  process.exit(2);
}
const need = (v: string | undefined, what: string) => v ?? fail(`missing ${what}`);
const operator = values.operator ?? (process.env.USER || userInfo().username || 'operator');
const out = (obj: unknown, text: string): void => void process.stdout.write(`${values.json ? JSON.stringify(obj, null, 2) : text}\n`);

async function run(): Promise<void> {
  const [group, verb, a1, a2] = positionals;
  if (values.help || !group) return void process.stdout.write(`${USAGE}\n`);
  if (group === 'migrate') {
    const applied = await migrate();
    initModels();
    await syncBuiltInValidators();
    return out({ applied }, applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  }
  initModels();
  switch (`${group} ${verb ?? ''}`.trim()) {
    case 'api-key create': {
      const actorName = need(values.actor, '--actor NAME');
      const k = await createApiKey(actorName);
      await audit('api-key.create', 'api_key', k.keyId, { actor: actorName, activate: values.activate });
      if (values.activate) {
        await Actor.update({ activatedAt: new Date(), termsVersion: TERMS_VERSION }, { where: { id: k.actorId } });
        // The actor may hold other keys a web process has verified as not activated.
        invalidate.actors([k.actorId]);
      }
      return out(k, `API key for ${actorName} (shown once, store it now):\n${k.key}\nkey id: ${k.keyId}${values.activate ? ' (actor activated)' : ''}`);
    }
    case 'api-key check': {
      const found = await actorForApiKey(need(a1, 'KEY'));
      if (!found) fail('key is unknown or revoked');
      return out({ actor: found.actor.name }, `valid key of ${found.actor.name}`);
    }
    case 'api-key revoke': {
      const ok = await revokeApiKey(need(a1, 'KEY_ID or KEY'));
      if (!ok) fail('no active key matched');
      await audit('api-key.revoke', 'api_key', a1!.startsWith('cert_live_') ? `${a1!.slice(0, 16)}…` : a1!);
      return out({ revoked: true }, 'revoked');
    }
    case 'review list': {
      const rows = await Submission.findAll({ where: { status: 'ESCALATED' }, order: [['statusChangedAt', 'ASC']] });
      return out(
        rows.map((s) => ({ id: s.id, skill: s.skillName, version: s.skillVersion, reason: s.verdictSummary })),
        rows.map((s) => `${s.id}  ${s.skillName}@${s.skillVersion}  ${s.verdictSummary ?? ''}`).join('\n') || 'nothing to review',
      );
    }
    case 'review resolve': {
      const id = need(a1, 'submission ID');
      const decision = a2 === 'approve' || a2 === 'reject' ? a2 : fail('decision must be approve or reject');
      const sub = await resolveEscalation(id, decision, need(values.reason, '--reason TEXT'), operator);
      return out({ id: sub.id, status: sub.status, skillId: sub.certificateId }, `${sub.id} is now ${sub.status}${sub.certificateId ? ` (certificate ${sub.certificateId})` : ''}`);
    }
    case 'disputes list': {
      const rows = await Dispute.findAll({ where: values.all ? {} : { status: 'OPEN' }, order: [['createdAt', 'ASC'], ['id', 'ASC']], limit: 500 });
      const views = await Promise.all(rows.map((d) => disputeView(d)));
      return out(
        views,
        views
          .map((d) => `${d.disputeId}  ${d.status}  submission ${d.submissionId} (${d.disputedStatus ?? '?'}${d.certificateId ? `, certificate ${d.certificateId} SUSPENDED` : ''})${d.reAudit ? `  re-audit ${d.reAudit.status} ${d.reAudit.outcome ?? ''}` : ''}  ${d.reason}`)
          .join('\n') || 'no disputes',
      );
    }
    case 'disputes uphold': {
      const { dispute, round } = await upholdDispute(need(a1, 'dispute ID'), need(values.reason, '--reason TEXT'), operator);
      const v = await disputeView(dispute);
      return out(v, `${dispute.id} UPHELD; re-audit round ${round.roundNumber} (${round.id}) is open, seats: ${round.validatorKeys.join(', ') || 'waiting for external validators'}`);
    }
    case 'disputes deny':
    case 'dispute resolve': {
      const d = await denyDispute(need(a1, 'dispute ID'), need(values.reason, '--reason TEXT'), operator);
      return out(await disputeView(d), `${d.id} ${d.status}`);
    }
    case 'flags list': {
      const rows = await Flag.findAll({ where: values.all ? {} : { status: 'OPEN' }, order: [['createdAt', 'ASC']] });
      return out(rows.map((f) => f.toJSON()), rows.map((f) => `${f.id}  ${f.status}  certificate ${f.certificateId}  ${f.reason}  bounty wallet ${f.walletAddress}`).join('\n') || 'no flags');
    }
    case 'flags confirm':
    case 'flags dismiss': {
      const r = await resolveFlagWithBounty(need(a1, 'FLAG_ID'), verb as 'confirm' | 'dismiss', need(values.reason, '--reason TEXT'), operator);
      return out(
        { ...r.flag.toJSON(), bounty: r.bounty, bountyWithheld: r.bountyWithheld },
        `${r.flag.id} ${r.flag.status}${r.bounty ? `; bounty ${r.bounty.amountAtomic} (atomic reward token) owed to ${r.bounty.wallet} as ${r.bounty.entryKey}` : r.bountyWithheld ? `; no bounty: ${r.bountyWithheld}` : ''}`,
      );
    }
    case 'payouts list': {
      const rows = await listPayouts({ status: values.status });
      return out(rows, rows.map((p) => `${p.ledgerKey}  ${p.status}  ${p.amount} ${p.asset}  to ${p.toAddress}  ${p.txHash ?? '-'}${p.lastError ? `  (${p.lastError})` : ''}`).join('\n') || 'no payouts');
    }
    case 'payouts run': {
      const r = await runPayouts(a1 ? { keys: [a1] } : {});
      return out(r, r.busy ? 'another process is paying right now' : `paid ${r.paid}, pending ${r.pending}, failed ${r.failed}`);
    }
    case 'payouts retry': {
      const tr = await retryPayout(need(a1, 'LEDGER_KEY'));
      await audit('payout.retry', 'payout', tr.ledgerKey);
      return out(tr.toJSON(), `${tr.ledgerKey} is PENDING again`);
    }
    case 'flag resolve': {
      const decision = a2 === 'confirm' || a2 === 'dismiss' ? a2 : fail('decision must be confirm or dismiss');
      const f = await resolveFlag(need(a1, 'flag ID'), decision, need(values.reason, '--reason TEXT'), operator);
      return out(f.toJSON(), `${f.id} ${f.status}`);
    }
    case 'validators sync': {
      const rows = await syncBuiltInValidators();
      return out(rows.map((v) => v.toJSON()), rows.map((v) => `${v.key}  ${v.walletAddress}`).join('\n'));
    }
    case 'validators list': {
      const rows = await Validator.findAll({ order: [['key', 'ASC']] });
      return out(rows.map((v) => v.toJSON()), rows.map((v) => `${v.key}  ${v.kind}  ${v.status}${v.active ? '' : ' (no seats)'}  ${v.walletAddress}  ${v.displayName}${v.productTypes ? `  [${v.productTypes.join(',')}]` : ''}`).join('\n'));
    }
    case 'validators admit':
    case 'validators suspend':
    case 'validators reinstate': {
      const v = await setValidatorStatus(need(a1, 'KEY or 0xWALLET'), verb as 'admit', need(values.reason, '--reason TEXT'), operator);
      return out(validatorView(v), `${v.key} (${v.walletAddress}) is now ${v.status}`);
    }
    case 'validators stats': {
      const rows = await validatorStandings();
      return out(rows, rows.map((s) => `${s.validatorKey}  ${s.status}  votes ${s.votesCast}  decided ${s.decidedVotes}  accuracy ${s.accuracy ?? '-'}  reputation ${s.reputation}`).join('\n'));
    }
    case 'dev-token create': {
      const name = need(values.developer, '--developer NAME');
      const k = await createDeveloperToken(name);
      await audit('dev-token.create', 'developer_token', k.tokenId, { developer: name });
      return out(k, `Developer token for ${name} (shown once, store it now):\n${k.token}\ntoken id: ${k.tokenId}`);
    }
    case 'dev-token revoke': {
      if (!(await revokeDeveloperToken(need(a1, 'TOKEN_ID or TOKEN')))) fail('no active token matched');
      await audit('dev-token.revoke', 'developer_token', a1!.startsWith('cert_dev_') ? `${a1!.slice(0, 16)}…` : a1!);
      return out({ revoked: true }, 'revoked');
    }
    case 'voucher create': {
      const code = need(a1, 'CODE');
      const percent = Number(need(values.percent, '--percent P'));
      if (!Number.isInteger(percent) || percent < 1 || percent > 100) fail('--percent must be 1..100');
      const v = await Voucher.create({ code, categoryKey: values.category ?? null, discountPercent: percent, maxUses: Number(values.uses ?? 1), expiresAt: values.expires ? new Date(values.expires) : null, active: true });
      await audit('voucher.create', 'voucher', code, { percent, uses: v.maxUses, category: v.categoryKey });
      return out(v.toJSON(), `voucher ${code}: ${percent}% off, ${v.maxUses} use(s)${v.categoryKey ? ` for ${v.categoryKey}` : ''}`);
    }
    case 'sessions revoke': {
      const n = await revokeWalletSessions(need(a1, '0xWALLET'));
      await audit('sessions.revoke', 'wallet', a1!, { revoked: n });
      return out({ revoked: n }, `revoked ${n} session(s)`);
    }
    case 'operator create': {
      const { operator: op, secret } = await createOperator(need(values.name, '--name NAME'), operator);
      return out({ name: op.name, secret }, `Console operator ${op.name} (secret shown once, store it now):\n${secret}`);
    }
    case 'operator revoke': {
      const op = await revokeOperator(need(a1, 'NAME'), operator);
      return out({ name: op.name, revoked: true }, `${op.name} revoked; its console sessions have ended`);
    }
    case 'operator list': {
      const rows = await listOperators();
      return out(
        rows.map((o) => ({ name: o.name, active: !o.revokedAt, lastLoginAt: o.lastLoginAt, createdAt: o.createdAt })),
        rows.map((o) => `${o.name}  ${o.revokedAt ? 'revoked' : 'active'}  last sign-in ${o.lastLoginAt?.toISOString() ?? 'never'}`).join('\n') || 'no operators',
      );
    }
    case 'chain deploy': {
      const d = await deployLocal();
      return out(d, `registry ${d.registryAddress}\nUSDC ${d.usdcAddress}\ndemo payer ${d.demoPayer.address}`);
    }
    case 'chain fund': {
      const to = need(a1, '0xADDRESS');
      const r = await fundUsdc(to, need(a2, 'AMOUNT'));
      return out(r, `minted ${a2} test USDC to ${to} (balance ${r.balanceUsdc}); tx ${r.txHash}`);
    }
    case 'chain commit': {
      const r = await commitBatches({ flush: true });
      if (r.busy) return out(r, 'a worker is committing batches right now; they will be committed by it');
      return out(r, r.batches.map((b) => `${b.status} batch ${b.batchId}: ${b.size} certificate(s), root ${b.root}, tx ${b.txHash ?? '-'}`).join('\n') || 'nothing pending');
    }
    case 'payments list': {
      const rows = await listPayments({ status: values.status as never });
      return out(rows, rows.map((p: any) => `${p.id}  ${p.status}  ${p.payer}  ${p.amountAtomic ?? p.amount} ${p.network}  ${p.txHash ?? '-'}  ${p.resource}`).join('\n') || 'no payments');
    }
    default: {
      if (group === 'package') return packageCommand(verb, positionals.slice(2));
      if (group === 'certificate' && ['suspend', 'revoke', 'reinstate', 'deprecate'].includes(verb ?? '')) {
        const s = await setCertificateStatus(need(a1, 'SKILL_ID'), verb as 'suspend', need(values.reason, '--reason TEXT'), operator);
        return out(s.toJSON(), `${s.certificateId} is now ${s.status}`);
      }
      fail(`unknown command: ${positionals.join(' ')}`);
    }
  }
}

/** Every operator action leaves a row in audit_log (never a secret: keys are shown by prefix only). */
async function audit(action: string, targetType: string, targetId: string, details: object = {}): Promise<void> {
  await AuditLog.create({ id: randomUUID(), operator, action, targetType, targetId, details });
}

function refArg(args: string[]): PackageRef {
  const [registry, name, version] = args;
  if (registry !== 'npm' && registry !== 'pypi') fail('registry must be npm or pypi');
  return { registry, name: need(name, 'NAME'), version: need(version, 'VERSION') };
}

/** Audits in this process and lets any submission waiting on the version move on. */
async function auditNow(ref: PackageRef) {
  const cert = await auditPackageVersion(ref);
  for (const id of await settleAudit(ref, { cert })) if (await markPackagesDoneIfReady(id)) await enqueue.sandboxAfterPackages(id);
  return cert;
}

function progress(done: number, total: number, failed: number): void {
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${failed ? ` (${failed} failed)` : ''}`);
}

async function packageCommand(verb: string | undefined, args: string[]): Promise<void> {
  switch (verb) {
    case 'audit': {
      const cert = await auditNow(refArg(args));
      const view = await packageCertificateView(cert);
      return out(view, JSON.stringify(view, null, 2));
    }
    case 'warm': {
      const registry = args[0];
      if (registry !== 'npm' && registry !== 'pypi') fail('registry must be npm or pypi');
      const top = Number(values.top ?? 100);
      const names = topPackages()[registry].slice(0, top);
      const clients = registryClients();
      const limit = pLimit(Number(values.concurrency ?? 4));
      let done = 0;
      let failed = 0;
      const failures: string[] = [];
      progress(0, names.length, 0);
      await Promise.all(
        names.map((name) =>
          limit(async () => {
            try {
              const r = await (registry === 'npm' ? clients.npm : clients.pypi).resolve({ registry, name, spec: registry === 'npm' ? 'latest' : '>=0', manifestFile: 'warm' });
              if ('code' in r) throw new Error(r.reason);
              await auditNow({ registry, name, version: r.version });
            } catch (err) {
              failed++;
              failures.push(`${name}: ${(err as Error).message}`);
            }
            progress(++done, names.length, failed);
          }),
        ),
      );
      process.stderr.write('\n');
      return out({ warmed: done - failed, failed: failures }, `warmed ${done - failed} of ${names.length}${failures.length ? `\nfailed:\n  ${failures.join('\n  ')}` : ''}`);
    }
    case 'override':
    case 'block': {
      const level = verb === 'block' ? 'BLOCKED' : need(values.level, '--level');
      const c = await overridePackage(refArg(args), level, need(values.reason, '--reason TEXT'), operator);
      return out({ certificateId: c.id, securityLevel: c.overrideLevel }, `${c.registry} ${c.name}@${c.version} is now ${c.overrideLevel} (council: ${c.securityLevel})`);
    }
    case 'revoke': {
      const ref = refArg(args);
      const c = await revokePackage(ref, need(values.reason, '--reason TEXT'), operator);
      if (!values.reaudit) return out({ revoked: c.id }, `revoked ${c.id}; the version is audited again when next needed`);
      const fresh = await auditNow(ref);
      await logReaudit(ref, fresh, operator);
      return out({ revoked: c.id, certificateId: fresh.id, securityLevel: fresh.securityLevel }, `revoked ${c.id}; re-audited as ${fresh.id} (${fresh.securityLevel})`);
    }
    case 'trail': {
      const rows = await packageAuditTrail(refArg(args));
      return out(rows.map((r) => r.toJSON()), rows.map((r) => `${r.createdAt.toISOString()}  ${r.operator}  ${r.action}  ${JSON.stringify(r.details)}`).join('\n') || 'no operator actions');
    }
    default:
      fail(`unknown package command: ${verb ?? ''}`);
  }
}

loadConfigOrExit();
run()
  .then(() => closeQueues(2000))
  .then(() => closeReadCache())
  .then(() => closeDb())
  .catch(async (err) => {
    // A refused decision names its error code, as the API would (e.g. dispute_not_open).
    process.stderr.write(`error: ${err instanceof ApiError ? `${err.code}: ` : ''}${(err as Error).message}\n`);
    await closeDb().catch(() => undefined);
    process.exit(1);
  });
