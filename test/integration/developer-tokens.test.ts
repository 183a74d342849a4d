import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Wallet } from 'ethers';
import { closeDb, useDb } from '../support/db.js';
import { config } from '../../shared/config.js';
import { ApiError } from '../../shared/errors.js';
import { AuditLog, Developer, DeveloperToken } from '../../shared/db/models.js';
import { createDeveloperToken, developerForToken, developerOfWallet, issueWalletToken, listWalletTokens, revokeWalletToken } from '../../shared/developers/tokens.js';
import { hashSecret } from '../../shared/ids.js';

/** Self-service developer tokens (shared/developers/tokens.ts) against the run's database, in this process. */
test.before(() => useDb());
test.after(() => closeDb());

const rejects = async (p: Promise<unknown>): Promise<ApiError> => {
  try {
    await p;
  } catch (err) {
    assert.instance(err, ApiError);
    return err as ApiError;
  }
  throw new Error('expected a rejection');
};

test('a wallet is one developer, however many first requests race', async () => {
  const w = Wallet.createRandom().address;
  const devs = await Promise.all(Array.from({ length: 8 }, () => developerOfWallet(w.toLowerCase())));
  assert.is(new Set(devs.map((d) => d.id)).size, 1);
  assert.is(await Developer.count({ where: { wallet: w } }), 1);
  assert.is(devs[0]!.wallet, w, 'stored checksummed');
});

test('issue: token shown once, only its hash stored, usable at once; list never shows it; revoke ends it', async () => {
  const w = Wallet.createRandom().address;
  const issued = await issueWalletToken(w, 'ci');
  const row = await DeveloperToken.findByPk(issued.tokenId);
  assert.is(row!.tokenHash, hashSecret(issued.token));
  assert.not.ok(Object.values(row!.get()).includes(issued.token));
  assert.is((await developerForToken(issued.token))!.id, issued.developerId);
  const list = await listWalletTokens(w);
  assert.equal(list.items.map((t) => [t.tokenId, t.label, t.active]), [[issued.tokenId, 'ci', true]]);
  assert.not.ok(JSON.stringify(list).includes(issued.token));
  const revoked = await revokeWalletToken(w, issued.tokenId);
  assert.is(revoked.active, false);
  assert.is(await developerForToken(issued.token), null);
  const again = await revokeWalletToken(w, issued.tokenId);
  assert.is(again.revokedAt, revoked.revokedAt, 'a second revoke changes nothing');
  const audit = await AuditLog.findAll({ where: { targetId: issued.tokenId } });
  assert.equal(audit.map((a) => a.action).sort(), ['dev-token.create', 'dev-token.revoke']);
  assert.ok(audit.every((a) => a.operator === `wallet:${w}`));
});

test('the cap holds under concurrent issues, and a revoke frees a place', async () => {
  const w = Wallet.createRandom().address;
  const cap = config().DEV_TOKENS_PER_DEVELOPER;
  const results = await Promise.allSettled(Array.from({ length: cap + 4 }, () => issueWalletToken(w, null)));
  const ok = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<Awaited<ReturnType<typeof issueWalletToken>>>[];
  assert.is(ok.length, cap);
  for (const r of results) if (r.status === 'rejected') assert.is((r.reason as ApiError).code, 'developer_token_limit');
  assert.is((await listWalletTokens(w)).activeCount, cap);
  await revokeWalletToken(w, ok[0]!.value.tokenId);
  await issueWalletToken(w, null);
  assert.is((await listWalletTokens(w)).activeCount, cap);
});

test("another wallet's token, an unknown id and a CLI developer's token are all 'not found'", async () => {
  const a = Wallet.createRandom().address;
  const b = Wallet.createRandom().address;
  const t = await issueWalletToken(a, null);
  assert.is((await rejects(revokeWalletToken(b, t.tokenId))).status, 404);
  assert.is((await rejects(revokeWalletToken(a, 'not-a-uuid'))).status, 404);
  const cli = await createDeveloperToken(`cli-${crypto.randomUUID().slice(0, 8)}`);
  assert.is((await rejects(revokeWalletToken(a, cli.tokenId))).status, 404);
  assert.ok(await developerForToken(cli.token), 'the CLI token is untouched');
  assert.equal((await listWalletTokens(b)).items, []);
  // A CLI name cannot take a wallet's developer name before the wallet signs in.
  assert.is((await rejects(createDeveloperToken(`wallet:${b}`))).field, 'developer');
  assert.ok((await issueWalletToken(b, null)).token);
});

test.run();
