/**
 * The SDK's types (sdk/schema.generated.ts) are generated from the service's OpenAPI document and
 * checked in: this suite regenerates them with the pinned generator and fails when the two differ, so
 * a route or schema change that was not followed by `npm run sdk:generate` cannot land.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
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

test.run();
