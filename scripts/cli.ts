import { parseArgs } from 'node:util';
import { userInfo } from 'node:os';
import { loadConfigOrExit } from '../shared/boot.js';
import { initModels, Actor, Dispute, Flag, Submission, Validator } from '../shared/db/models.js';
import { closeDb } from '../shared/db/connection.js';
import { actorForApiKey, createApiKey, revokeApiKey } from '../shared/actors/api-keys.js';
import { TERMS_VERSION } from '../shared/actors/activation.js';
import { resolveEscalation } from '../shared/council/round.js';
import { resolveDispute, resolveFlag, setCertificateStatus } from '../shared/certificates/flags.js';
import { syncBuiltInValidators } from '../shared/council/registry.js';
import { migrate } from '../shared/db/migrate.js';

const USAGE = `Usage: npm run cert -- <command>

  api-key create --actor NAME [--activate]   issue a bearer key (printed once; only its hash is stored)
  api-key revoke KEY_ID|KEY                  revoke a key
  api-key check KEY                          exit 0 when the key is valid
  review list                                submissions waiting for human review (ESCALATED)
  review resolve ID approve|reject --reason TEXT
  disputes list [--all]                      open disputes (all with --all)
  dispute resolve ID --reason TEXT
  flags list [--all]                         open flags
  flag resolve ID confirm|dismiss --reason TEXT   (confirm suspends the certificate)
  certificate suspend|revoke|reinstate|deprecate SKILL_ID --reason TEXT
  validators sync | validators list
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
      if (values.activate) await Actor.update({ activatedAt: new Date(), termsVersion: TERMS_VERSION }, { where: { id: k.actorId } });
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
      const rows = await Dispute.findAll({ where: values.all ? {} : { status: 'OPEN' }, order: [['createdAt', 'ASC']] });
      return out(rows.map((d) => d.toJSON()), rows.map((d) => `${d.id}  ${d.status}  submission ${d.submissionId}  ${d.reason}`).join('\n') || 'no disputes');
    }
    case 'dispute resolve': {
      const d = await resolveDispute(need(a1, 'dispute ID'), need(values.reason, '--reason TEXT'), operator);
      return out(d.toJSON(), `${d.id} ${d.status}`);
    }
    case 'flags list': {
      const rows = await Flag.findAll({ where: values.all ? {} : { status: 'OPEN' }, order: [['createdAt', 'ASC']] });
      return out(rows.map((f) => f.toJSON()), rows.map((f) => `${f.id}  ${f.status}  certificate ${f.certificateId}  ${f.reason}  bounty wallet ${f.walletAddress}`).join('\n') || 'no flags');
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
      return out(rows.map((v) => v.toJSON()), rows.map((v) => `${v.key}  ${v.kind}  ${v.active ? 'active' : 'inactive'}  ${v.walletAddress}  ${v.lens}`).join('\n'));
    }
    default: {
      if (group === 'certificate' && ['suspend', 'revoke', 'reinstate', 'deprecate'].includes(verb ?? '')) {
        const s = await setCertificateStatus(need(a1, 'SKILL_ID'), verb as 'suspend', need(values.reason, '--reason TEXT'), operator);
        return out(s.toJSON(), `${s.certificateId} is now ${s.status}`);
      }
      fail(`unknown command: ${positionals.join(' ')}`);
    }
  }
}

loadConfigOrExit();
run()
  .then(() => closeDb())
  .catch(async (err) => {
    process.stderr.write(`error: ${(err as Error).message}\n`);
    await closeDb().catch(() => undefined);
    process.exit(1);
  });
