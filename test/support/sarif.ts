import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { repoRoot } from './harness.js';

/**
 * A validator for the official SARIF 2.1.0 JSON schema (vendored in test/fixtures/sarif, see its
 * README): strict about the schema's formats (uri, uri-reference, date-time), so a log that GitHub or
 * a SARIF viewer would reject fails here.
 */
let validate: ValidateFunction | undefined;

// ajv-formats is CommonJS with a default export: under NodeNext it arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

export function sarifErrors(log: unknown): string[] {
  if (!validate) {
    const schema = JSON.parse(readFileSync(path.join(repoRoot, 'test', 'fixtures', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8'));
    // Ajv's default strictness: the schema compiles as published (no unknown keyword, no coercion).
    const ajv = new Ajv({ allErrors: true });
    addFormats(ajv);
    validate = ajv.compile(schema);
  }
  return validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
