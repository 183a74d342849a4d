import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DISPUTE_REASON_LENGTH, DisputeBody, FLAG_REASONS, FlagBody, parseInput } from '../../shared/api/schemas.js';
import { X402_CLIENT_NOTE, openApiDocument } from '../../shared/api/openapi.js';
import { DEPENDENCY_FILE_NAMES, MAX_DEPENDENCY_FILE_BYTES } from '../../shared/packages/intake.js';
import { MAX_SKILL_BYTES } from '../../shared/skills/parse.js';

/**
 * The flag reasons and the dispute reason's length are defined once (shared/api/schemas.ts); the
 * OpenAPI document and docs/api.md must state what the service enforces.
 */
const t = suite('documented limits: flag reasons and dispute reason length');
const root = path.resolve(import.meta.dirname, '../..').replace(/\/dist$/, '');
const apiMd = readFileSync(path.join(root, 'docs', 'api.md'), 'utf8');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
/** The README's "Values and limits" row whose first cell starts with `what`. */
const readmeRow = (what: string) => readme.split('\n').find((l) => l.startsWith(`| ${what}`)) ?? '';
const schemas = (openApiDocument('cert-v1') as { components: { schemas: Record<string, any> } }).components.schemas;

const badField = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return { status: (err as { status?: number }).status, field: (err as { field?: string }).field };
  }
  return null;
};

t('the service takes exactly the flag reasons and dispute lengths it states', () => {
  for (const reason of FLAG_REASONS) assert.is(parseInput(FlagBody, { walletAddress: '0x0', reason }).reason, reason);
  assert.equal(badField(() => parseInput(FlagBody, { walletAddress: '0x0', reason: 'spam' })), { status: 400, field: 'reason' });
  const { min, max } = DISPUTE_REASON_LENGTH;
  assert.is(parseInput(DisputeBody, { reason: 'x'.repeat(min) }).reason.length, min);
  assert.is(parseInput(DisputeBody, { reason: 'x'.repeat(max) }).reason.length, max);
  assert.equal(badField(() => parseInput(DisputeBody, { reason: 'x'.repeat(min - 1) })), { status: 400, field: 'reason' });
  assert.equal(badField(() => parseInput(DisputeBody, { reason: 'x'.repeat(max + 1) })), { status: 400, field: 'reason' });
});

t('the OpenAPI document lists the flag reasons and the dispute length limits', () => {
  const flag = schemas.FlagRequest.properties.reason;
  assert.equal(flag.enum, [...FLAG_REASONS]);
  for (const r of FLAG_REASONS) assert.ok(flag.description.includes(r), r);
  const dispute = schemas.DisputeRequest.properties.reason;
  assert.is(dispute.minLength, DISPUTE_REASON_LENGTH.min);
  assert.is(dispute.maxLength, DISPUTE_REASON_LENGTH.max);
  assert.match(dispute.description, new RegExp(`${DISPUTE_REASON_LENGTH.min} to ${DISPUTE_REASON_LENGTH.max} characters`));
});

t('docs/api.md lists the same flag reasons and dispute length limits', () => {
  const flagRow = apiMd.split('\n').find((l) => l.includes('/certificates/{skillId}/flag`'))!;
  assert.ok(flagRow, 'the flag row');
  const listed = /`reason` one of ([^(]+)\(/.exec(flagRow)?.[1]?.match(/`([a-z_]+)`/g)?.map((x) => x.slice(1, -1));
  assert.equal(listed, [...FLAG_REASONS]);
  const disputeRow = apiMd.split('\n').find((l) => l.includes('/submissions/{id}/dispute`'))!;
  assert.match(disputeRow, new RegExp(`\`reason\` ${DISPUTE_REASON_LENGTH.min} to ${DISPUTE_REASON_LENGTH.max} characters`));
});

t('the README lists the same values and limits, and the x402 client note, as the OpenAPI documents do', () => {
  const flagRow = readmeRow('flag `reason`');
  assert.equal(flagRow.split('|')[2].split(';')[0].match(/`([a-z_]+)`/g)?.map((x) => x.slice(1, -1)), [...FLAG_REASONS]);
  assert.match(readmeRow('dispute `reason`'), new RegExp(`\\| ${DISPUTE_REASON_LENGTH.min} to ${DISPUTE_REASON_LENGTH.max} characters \\|`));
  assert.match(readmeRow('skill file'), new RegExp(`at most ${MAX_SKILL_BYTES / 1024} KiB`));
  const deps = readmeRow('dependency files');
  for (const name of DEPENDENCY_FILE_NAMES) assert.ok(deps.includes(`\`${name}\``), name);
  assert.match(deps, new RegExp(`at most ${MAX_DEPENDENCY_FILE_BYTES / 1024 / 1024} MiB each`));
  assert.match(readmeRow('paying a 402'), /`allowedAssets`/);
  // The paid routes' documents carry the note; the public read API has nothing to pay.
  for (const doc of ['cert-v1', 'all'] as const) assert.ok((openApiDocument(doc) as { info: { description: string } }).info.description.includes(X402_CLIENT_NOTE), doc);
  assert.match(X402_CLIENT_NOTE, /allowedAssets/);
  assert.not.ok((openApiDocument('public') as { info: { description: string } }).info.description.includes('allowedAssets'));
});

t('the developer-channel guide lists the draft API the OpenAPI documents describe, and the README links to it', () => {
  const guide = readFileSync(path.join(root, 'docs', 'developer-channel.md'), 'utf8');
  const paths = Object.keys((openApiDocument('all') as { paths: Record<string, unknown> }).paths).filter((p) => p.startsWith('/api/v1/cert/dev/drafts'));
  assert.ok(paths.length >= 3);
  for (const p of paths) assert.ok(guide.includes(`/api/v1/cert/dev/drafts${p.slice('/api/v1/cert/dev/drafts'.length)}`), p);
  assert.ok(readme.includes('(docs/developer-channel.md)'));
});

t.run();
