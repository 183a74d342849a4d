/**
 * The SDK's types (sdk/schema.generated.ts) are generated from the service's OpenAPI document and
 * checked in: this suite regenerates them with the pinned generator and fails when the two differ, so
 * a route or schema change that was not followed by `npm run sdk:generate` cannot land.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Validator as OpenApiValidator } from '@seriousme/openapi-schema-validator';
import { checkedInSdkTypes, generateSdkTypes } from '../../scripts/sdk-generate.js';

test('sdk/schema.generated.ts is what npm run sdk:generate makes of the current OpenAPI document', async () => {
  const fresh = await generateSdkTypes();
  const kept = checkedInSdkTypes();
  if (fresh !== kept) {
    const a = fresh.split('\n');
    const b = kept.split('\n');
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    assert.unreachable(`sdk/schema.generated.ts is out of date (first difference at line ${i + 1}: generated ${JSON.stringify(a[i])}, checked in ${JSON.stringify(b[i])}): run npm run sdk:generate`);
  }
});

test('the generated types cover every path of the served document', async () => {
  const { openApiDocument } = await import('../../shared/api/openapi.js');
  const kept = checkedInSdkTypes();
  for (const p of Object.keys((openApiDocument('all') as { paths: Record<string, unknown> }).paths)) assert.ok(kept.includes(`"${p}": {`), `${p} is in the SDK`);
});

test('the documents the SDK is generated from are valid OpenAPI 3.1; the agent bodies the CLI sends are typed', async () => {
  const { openApiDocument } = await import('../../shared/api/openapi.js');
  for (const d of ['all', 'cert-v1', 'public'] as const) {
    const res = await new OpenApiValidator().validate(structuredClone(openApiDocument(d)) as Parameters<OpenApiValidator["validate"]>[0]);
    assert.ok(res.valid, `${d}: ${JSON.stringify(res.errors)}`);
  }
  const kept = checkedInSdkTypes();
  for (const id of ['AgentSubmitRequest', 'AgentVerifyRequest', 'AgentChallenge', 'AgentSession', 'CertificateDetail', 'SourceIntegrity', 'CertSigner']) assert.ok(kept.includes(`${id}: {`), `${id} is a typed schema`);
});

test.run();
