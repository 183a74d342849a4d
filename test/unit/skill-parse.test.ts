import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../shared/errors.js';
import {
  MAX_SKILL_BYTES,
  canonicalSha256,
  decodeSkillBytes,
  normaliseLineEndings,
  parseSkill,
} from '../../shared/skills/parse.js';

const FIELD = 'skillMdContent';

const VALID = [
  '---',
  'name: pdf-tools',
  'description: >',
  '  Extracts text and tables from PDF files.',
  'license: MIT',
  'compatibility: Requires python3',
  'allowed-tools: Bash(python:*) Read Read',
  'metadata:',
  '  version: "1.2.0"',
  '  author: someone',
  '  externalCalls:',
  '    - https://api.example.com/v1',
  '    - https://a.example.org',
  '    - https://api.example.com/v1',
  '  capabilities: shell, network filesystem:read',
  'x-unknown-key: ignored',
  '---',
  '# PDF tools',
  '',
  'Use this skill to read PDFs.',
  '',
].join('\n');

function expectError(fn: () => unknown, status: number, code: string, field: string, messageIncludes?: string): ApiError {
  try {
    fn();
  } catch (e) {
    assert.instance(e, ApiError, `expected ApiError, got ${String(e)}`);
    const err = e as ApiError;
    assert.is(err.status, status, `status for ${code}: ${err.message}`);
    assert.is(err.code, code, `code (message: ${err.message})`);
    assert.is(err.field, field, 'field');
    if (messageIncludes) assert.ok(err.message.includes(messageIncludes), `message "${err.message}" should include "${messageIncludes}"`);
    return err;
  }
  assert.unreachable(`expected ${code}`);
  throw new Error('unreachable');
}

const withFrontmatter = (fm: string[], body = 'Body\n') => ['---', ...fm, '---', body].join('\n');
const parse = (text: string) => parseSkill(text, { field: FIELD });

test('valid file: fields, version, manifest from metadata', () => {
  const s = parse(VALID);
  assert.is(s.name, 'pdf-tools');
  assert.is(s.description, 'Extracts text and tables from PDF files.');
  assert.is(s.license, 'MIT');
  assert.is(s.compatibility, 'Requires python3');
  assert.equal(s.allowedTools, ['Bash(python:*)', 'Read']);
  assert.is(s.version, '1.2.0');
  assert.is(s.metadata.author, 'someone');
  assert.equal(s.manifest, {
    externalCalls: ['https://a.example.org', 'https://api.example.com/v1'],
    capabilities: ['filesystem:read', 'network', 'shell'],
  });
  assert.is(s.bodyStartLine, 18);
  assert.is(s.content.split('\n')[s.bodyStartLine - 1], '# PDF tools');
  assert.is(s.body, '# PDF tools\n\nUse this skill to read PDFs.\n');
  assert.is(s.content, VALID);
  assert.is(s.contentSha256, canonicalSha256(VALID));
  assert.match(s.contentSha256, /^[0-9a-f]{64}$/);
});

test('minimal file: defaults, empty body, kebab-case external-calls, allowed-tools list', () => {
  const s = parse('---\nname: a\ndescription: d\n---');
  assert.is(s.version, '0.0.0');
  assert.is(s.body, '');
  assert.is(s.bodyStartLine, 5);
  assert.equal(s.metadata, {});
  assert.equal(s.allowedTools, []);
  assert.equal(s.manifest, { externalCalls: [], capabilities: [] });
  assert.is(s.license, undefined);

  const k = parse(
    withFrontmatter([
      'name: a1-b2',
      'description: d',
      'allowed-tools: [Read, Write]',
      'metadata:',
      '  external-calls: "https://z.example.com, http://b.example.com:8080/x"',
      '  version: 1.10',
    ]),
  );
  assert.equal(k.manifest.externalCalls, ['http://b.example.com:8080/x', 'https://z.example.com']);
  assert.equal(k.allowedTools, ['Read', 'Write']);
  assert.is(k.version, '1.10');
  assert.is(parse(withFrontmatter(['name: a', 'description: d', 'metadata:', '  version: 3'])).version, '3');
});

test('manifestOverride replaces members one by one', () => {
  const s = parseSkill(VALID, { field: FIELD, manifestOverride: { capabilities: ['env'] } });
  assert.equal(s.manifest.capabilities, ['env']);
  assert.equal(s.manifest.externalCalls, ['https://a.example.org', 'https://api.example.com/v1']);
  const t = parseSkill(VALID, { field: FIELD, manifestOverride: { externalCalls: ['https://only.example.com'], capabilities: [] } });
  assert.equal(t.manifest, { externalCalls: ['https://only.example.com'], capabilities: [] });
});

test('CRLF, CR and LF give the same content and hash; BOM is stripped', () => {
  const crlf = VALID.replace(/\n/g, '\r\n');
  const cr = VALID.replace(/\n/g, '\r');
  const a = parse(VALID);
  const b = parse(crlf);
  const c = parse(cr);
  const d = parse(`\uFEFF${crlf}`);
  assert.is(b.contentSha256, a.contentSha256);
  assert.is(c.contentSha256, a.contentSha256);
  assert.is(d.contentSha256, a.contentSha256);
  assert.is(b.content, VALID);
  assert.is(normaliseLineEndings('a\r\nb\rc\n'), 'a\nb\nc\n');
  assert.is(canonicalSha256('x\r\n'), canonicalSha256('x\n'));

  const bytes = new TextEncoder().encode(`\uFEFF${crlf}`);
  const decoded = decodeSkillBytes(bytes, 'file');
  assert.ok(!decoded.startsWith('\uFEFF'));
  assert.is(parse(decoded).contentSha256, a.contentSha256);
});

test('decodeSkillBytes errors', () => {
  expectError(() => decodeSkillBytes(new Uint8Array([0x2d, 0xff, 0xfe]), 'file'), 400, 'invalid_utf8', 'file');
  expectError(() => decodeSkillBytes(new Uint8Array([0xc3]), 'file'), 400, 'invalid_utf8', 'file');
  expectError(() => decodeSkillBytes(new TextEncoder().encode('---\nname: a\u0000\n'), 'file'), 400, 'invalid_skill_file', 'file');
  assert.is(decodeSkillBytes(new TextEncoder().encode('héllo'), 'file'), 'héllo');
});

test('missing frontmatter', () => {
  expectError(() => parse('# just markdown\n'), 422, 'missing_frontmatter', FIELD);
  expectError(() => parse(''), 422, 'missing_frontmatter', FIELD);
  expectError(() => parse('---\nname: a\ndescription: b\n'), 422, 'missing_frontmatter', FIELD);
  expectError(() => parse('\n---\nname: a\ndescription: b\n---\n'), 422, 'missing_frontmatter', FIELD);
});

test('invalid YAML names the line', () => {
  expectError(() => parse(withFrontmatter(['name: a', 'description: [unclosed'])), 422, 'invalid_yaml', FIELD, 'line');
  const err = expectError(() => parse(withFrontmatter(['name: a', 'description: d', 'name: b'])), 422, 'invalid_yaml', FIELD);
  assert.match(err.message, /line 4/); // file line of the duplicate key
  expectError(
    () => parse(withFrontmatter(['a: &a [x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a]', 'c: [*b, *b, *b, *b, *b, *b, *b, *b]', 'name: n', 'description: d'])),
    422,
    'invalid_yaml',
    FIELD,
  );
  expectError(() => parse(withFrontmatter(['- a', '- b'])), 422, 'invalid_frontmatter', FIELD);
  expectError(() => parse('---\n---\n'), 422, 'invalid_frontmatter', FIELD);
});

test('name rules', () => {
  const bad = ['', 'Upper', '-lead', 'trail-', 'dou--ble', 'under_score', 'a'.repeat(65), 'sp ace', '123: x'];
  expectError(() => parse(withFrontmatter(['description: d'])), 422, 'invalid_skill_name', FIELD, '`name`');
  expectError(() => parse(withFrontmatter(['name: 12', 'description: d'])), 422, 'invalid_skill_name', FIELD);
  for (const n of bad) {
    expectError(() => parse(withFrontmatter([`name: ${JSON.stringify(n)}`, 'description: d'])), 422, 'invalid_skill_name', FIELD, '`name`');
  }
  assert.is(parse(withFrontmatter([`name: ${'a'.repeat(64)}`, 'description: d'])).name, 'a'.repeat(64));
});

test('description rules', () => {
  expectError(() => parse(withFrontmatter(['name: a'])), 422, 'invalid_skill_description', FIELD, '`description`');
  expectError(() => parse(withFrontmatter(['name: a', 'description: ""'])), 422, 'invalid_skill_description', FIELD);
  expectError(() => parse(withFrontmatter(['name: a', 'description: [x]'])), 422, 'invalid_skill_description', FIELD);
  expectError(() => parse(withFrontmatter(['name: a', `description: ${'x'.repeat(1025)}`])), 422, 'invalid_skill_description', FIELD);
  assert.is(parse(withFrontmatter(['name: a', `description: ${'x'.repeat(1024)}`])).description.length, 1024);
});

test('optional field types', () => {
  expectError(() => parse(withFrontmatter(['name: a', 'description: d', 'license: [MIT]'])), 422, 'invalid_frontmatter', FIELD, '`license`');
  expectError(() => parse(withFrontmatter(['name: a', 'description: d', `compatibility: ${'c'.repeat(501)}`])), 422, 'invalid_frontmatter', FIELD, '`compatibility`');
  expectError(() => parse(withFrontmatter(['name: a', 'description: d', 'metadata: [1]'])), 422, 'invalid_frontmatter', FIELD, '`metadata`');
  expectError(() => parse(withFrontmatter(['name: a', 'description: d', 'allowed-tools: {a: 1}'])), 422, 'invalid_frontmatter', FIELD, '`allowed-tools`');
});

test('version rules', () => {
  expectError(() => parse(withFrontmatter(['name: a', 'description: d', 'metadata:', `  version: "${'1'.repeat(65)}"`])), 422, 'invalid_skill_version', FIELD);
  expectError(() => parse(withFrontmatter(['name: a', 'description: d', 'metadata:', '  version: true'])), 422, 'invalid_skill_version', FIELD);
  expectError(() => parse(withFrontmatter(['name: a', 'description: d', 'metadata:', '  version: {a: 1}'])), 422, 'invalid_skill_version', FIELD);
  expectError(() => parse(withFrontmatter(['name: a', 'description: d', 'metadata:', '  version: ""'])), 422, 'invalid_skill_version', FIELD);
});

test('manifest errors', () => {
  const fm = (...meta: string[]) => withFrontmatter(['name: a', 'description: d', 'metadata:', ...meta]);
  expectError(() => parse(fm('  externalCalls: ["ftp://x.example.com"]')), 422, 'invalid_manifest', FIELD, 'ftp://x.example.com');
  expectError(() => parse(fm('  externalCalls: "api.example.com"')), 422, 'invalid_manifest', FIELD);
  expectError(() => parse(fm('  externalCalls: ["https://u:p@x.example.com"]')), 422, 'invalid_manifest', FIELD);
  expectError(() => parse(fm('  externalCalls: [1]')), 422, 'invalid_manifest', FIELD);
  expectError(() => parse(fm('  externalCalls: {a: b}')), 422, 'invalid_manifest', FIELD);
  expectError(() => parse(fm('  capabilities: [network, teleport]')), 422, 'invalid_manifest', FIELD, 'teleport');
  expectError(
    () => parseSkill(VALID, { field: FIELD, manifestOverride: { externalCalls: ['not a url'] } }),
    422,
    'invalid_manifest',
    'manifestOverride.externalCalls',
  );
  expectError(
    () => parseSkill(VALID, { field: FIELD, manifestOverride: { capabilities: ['root'] } }),
    422,
    'invalid_manifest',
    'manifestOverride.capabilities',
    'root',
  );
  expectError(
    () => parseSkill(VALID, { field: FIELD, manifestOverride: { externalCalls: [42] as unknown as string[] } }),
    422,
    'invalid_manifest',
    'manifestOverride.externalCalls',
  );
});

test('size limit and NUL', () => {
  const big = withFrontmatter(['name: a', 'description: d'], 'x'.repeat(MAX_SKILL_BYTES));
  expectError(() => parse(big), 413, 'skill_file_too_large', FIELD);
  const justFits = withFrontmatter(['name: a', 'description: d'], '');
  const pad = 'y'.repeat(MAX_SKILL_BYTES - Buffer.byteLength(justFits));
  assert.is(parse(justFits + pad).name, 'a');
  expectError(() => parse(withFrontmatter(['name: a', 'description: d'], 'a\u0000b')), 400, 'invalid_skill_file', FIELD);
});

test.run();
