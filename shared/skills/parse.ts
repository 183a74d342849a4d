/**
 * Parsing of SKILL.md files (Agent Skills format): `---` YAML frontmatter `---` then a markdown body.
 *
 * Every input problem is an ApiError with a stable code; `field` is always the request member the
 * caller named (e.g. "skillMdContent"), the frontmatter key at fault is named in the message.
 */
import { createHash } from 'node:crypto';
import { LineCounter, Scalar, isMap, isScalar, parseDocument } from 'yaml';
import { ApiError, badRequest, unprocessable } from '../errors.js';
import { CAPABILITIES, isCapability } from './capabilities.js';
import type { ParsedSkill, SkillManifest } from './types.js';

/** Largest SKILL.md accepted, in UTF-8 bytes. */
export const MAX_SKILL_BYTES = 512 * 1024;

const NAME_MAX = 64;
const DESCRIPTION_MAX = 1024;
const COMPATIBILITY_MAX = 500;
const VERSION_MAX = 64;
const NAME_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const BOM = '\uFEFF';
const FENCE_RE = /^---[ \t]*$/;
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u001f\u007f]/;

/** CRLF and lone CR become LF. */
export function normaliseLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** Hex SHA-256 of the UTF-8 bytes of the LF-normalised text. */
export function canonicalSha256(text: string): string {
  return createHash('sha256').update(normaliseLineEndings(text), 'utf8').digest('hex');
}

/** Strict UTF-8 decoding of an uploaded/fetched skill file; strips one leading BOM; refuses NUL bytes. */
export function decodeSkillBytes(bytes: Uint8Array, field: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw badRequest('invalid_utf8', 'The skill file is not valid UTF-8', field);
  }
  if (text.startsWith(BOM)) text = text.slice(1);
  if (text.includes('\u0000')) {
    throw badRequest('invalid_skill_file', 'The skill file contains a NUL byte; it must be a UTF-8 text file', field);
  }
  return text;
}

export interface ParseSkillOptions {
  /** The request member the text came from; used as `field` of every error. */
  field: string;
  /** Members present here replace the frontmatter manifest's members one by one. */
  manifestOverride?: Partial<SkillManifest>;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const charLength = (s: string): number => Array.from(s).length;

function excerpt(line: string | undefined): string {
  if (line === undefined) return '';
  const trimmed = line.length > 80 ? `${line.slice(0, 79)}…` : line;
  return trimmed.trim() === '' ? '' : ` (\`${trimmed}\`)`;
}

/** Parse a SKILL.md text. See the module comment for the format. */
export function parseSkill(text: string, opts: ParseSkillOptions): ParsedSkill {
  const { field } = opts;
  if (typeof text !== 'string') throw badRequest('invalid_skill_file', 'The skill file must be text', field);
  if (Buffer.byteLength(text, 'utf8') > MAX_SKILL_BYTES) {
    throw new ApiError(413, 'skill_file_too_large', `The skill file is larger than ${MAX_SKILL_BYTES} bytes`, field);
  }
  if (text.includes('\u0000')) {
    throw badRequest('invalid_skill_file', 'The skill file contains a NUL character; it must be a UTF-8 text file', field);
  }

  const content = normaliseLineEndings(text.startsWith(BOM) ? text.slice(1) : text);
  const lines = content.split('\n');

  if (lines.length < 2 || !FENCE_RE.test(lines[0]!)) {
    throw unprocessable(
      'missing_frontmatter',
      'The skill file must start with a `---` line followed by YAML frontmatter and a closing `---` line',
      field,
    );
  }
  let close = -1;
  for (let i = 1; i < lines.length; i++) {
    if (FENCE_RE.test(lines[i]!)) {
      close = i;
      break;
    }
  }
  if (close === -1) {
    throw unprocessable('missing_frontmatter', 'The YAML frontmatter is not closed by a `---` line', field);
  }

  const fmLines = lines.slice(1, close);
  const frontmatterText = fmLines.join('\n');
  const body = lines.slice(close + 1).join('\n');
  const bodyStartLine = close + 2;

  // ---- YAML ----
  const lineCounter = new LineCounter();
  const doc = parseDocument(frontmatterText, {
    prettyErrors: false,
    lineCounter,
    uniqueKeys: true,
    strict: true,
    schema: 'core',
    merge: false,
    stringKeys: true,
  });
  if (doc.errors.length > 0) {
    const err = doc.errors[0]!;
    const pos = err.pos[0] >= 0 ? lineCounter.linePos(err.pos[0]) : undefined;
    const where = pos ? ` at line ${pos.line + 1}, column ${pos.col}${excerpt(fmLines[pos.line - 1])}` : '';
    throw unprocessable('invalid_yaml', `Invalid YAML frontmatter${where}: ${err.message.split('\n')[0]}`, field);
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 50 });
  } catch (e) {
    const reason = e instanceof Error ? e.message.split('\n')[0] : 'cannot be converted';
    throw unprocessable('invalid_yaml', `Invalid YAML frontmatter: ${reason}`, field);
  }
  if (!isPlainObject(data) || !isMap(doc.contents)) {
    throw unprocessable('invalid_frontmatter', 'The YAML frontmatter must be a mapping of keys to values', field);
  }

  // ---- name ----
  const name = data.name;
  if (name === undefined || name === null) {
    throw unprocessable('invalid_skill_name', 'The frontmatter key `name` is required', field);
  }
  if (typeof name !== 'string' || name.length < 1 || name.length > NAME_MAX || !NAME_RE.test(name)) {
    throw unprocessable(
      'invalid_skill_name',
      `The frontmatter key \`name\` must be 1-${NAME_MAX} characters of lowercase letters, digits and hyphens, ` +
        'not starting or ending with a hyphen and without consecutive hyphens',
      field,
    );
  }

  // ---- description ----
  const rawDescription = data.description;
  if (rawDescription === undefined || rawDescription === null) {
    throw unprocessable('invalid_skill_description', 'The frontmatter key `description` is required', field);
  }
  const description = typeof rawDescription === 'string' ? rawDescription.trim() : undefined;
  if (description === undefined || description.length === 0 || charLength(description) > DESCRIPTION_MAX) {
    throw unprocessable(
      'invalid_skill_description',
      `The frontmatter key \`description\` must be a non-empty string of at most ${DESCRIPTION_MAX} characters`,
      field,
    );
  }

  // ---- optional fields ----
  let license: string | undefined;
  if (data.license !== undefined && data.license !== null) {
    if (typeof data.license !== 'string') {
      throw unprocessable('invalid_frontmatter', 'The frontmatter key `license` must be a string', field);
    }
    license = data.license;
  }

  let compatibility: string | undefined;
  if (data.compatibility !== undefined && data.compatibility !== null) {
    const c = data.compatibility;
    if (typeof c !== 'string' || c.length === 0 || charLength(c) > COMPATIBILITY_MAX) {
      throw unprocessable(
        'invalid_frontmatter',
        `The frontmatter key \`compatibility\` must be a non-empty string of at most ${COMPATIBILITY_MAX} characters`,
        field,
      );
    }
    compatibility = c;
  }

  let metadata: Record<string, unknown> = {};
  if (data.metadata !== undefined && data.metadata !== null) {
    if (!isPlainObject(data.metadata)) {
      throw unprocessable('invalid_frontmatter', 'The frontmatter key `metadata` must be a mapping', field);
    }
    metadata = data.metadata;
  }

  const allowedTools = parseAllowedTools(data['allowed-tools'], field);

  // ---- version ----
  let version = '0.0.0';
  const rawVersion = metadata.version;
  if (rawVersion !== undefined && rawVersion !== null) {
    if (typeof rawVersion === 'string') {
      version = rawVersion.trim();
    } else if (typeof rawVersion === 'number' && Number.isFinite(rawVersion)) {
      // Keep the literal as written (`1.10` must not become "1.1").
      const node = doc.getIn(['metadata', 'version'], true);
      const source = isScalar(node) ? (node as Scalar).source : undefined;
      version = typeof source === 'string' && source.trim() !== '' ? source.trim() : String(rawVersion);
    } else {
      throw unprocessable('invalid_skill_version', 'The frontmatter key `metadata.version` must be a string or a number', field);
    }
    if (version.length === 0 || version.length > VERSION_MAX || CONTROL_RE.test(version)) {
      throw unprocessable(
        'invalid_skill_version',
        `The frontmatter key \`metadata.version\` must be 1-${VERSION_MAX} printable characters`,
        field,
      );
    }
  }

  // ---- manifest ----
  const manifest = buildManifest(metadata, opts.manifestOverride, field);

  return {
    name,
    description,
    ...(license !== undefined ? { license } : {}),
    ...(compatibility !== undefined ? { compatibility } : {}),
    metadata,
    allowedTools,
    version,
    content,
    body,
    bodyStartLine,
    manifest,
    contentSha256: canonicalSha256(content),
  };
}

function parseAllowedTools(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  let items: string[];
  if (typeof value === 'string') {
    items = value.split(/\s+/);
  } else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    items = (value as string[]).map((v) => v.trim());
  } else {
    throw unprocessable(
      'invalid_frontmatter',
      'The frontmatter key `allowed-tools` must be a space-separated string or a list of strings',
      field,
    );
  }
  const out: string[] = [];
  for (const item of items) if (item !== '' && !out.includes(item)) out.push(item);
  return out;
}

/** A YAML list of strings or a comma/space separated string → trimmed, non-empty entries. */
function splitList(value: unknown, what: string, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((s) => s !== '');
  if (Array.isArray(value)) {
    const out: string[] = [];
    for (const v of value) {
      if (typeof v !== 'string') {
        throw unprocessable('invalid_manifest', `${what} must be a list of strings`, field);
      }
      const t = v.trim();
      if (t !== '') out.push(t);
    }
    return out;
  }
  throw unprocessable('invalid_manifest', `${what} must be a list of strings or a comma/space separated string`, field);
}

const sortedUnique = (items: string[]): string[] => [...new Set(items)].sort();

function validateExternalCalls(items: string[], what: string, field: string): string[] {
  for (const entry of items) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw unprocessable('invalid_manifest', `${what}: "${entry}" is not an absolute http or https URL`, field);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      throw unprocessable('invalid_manifest', `${what}: "${entry}" is not an absolute http or https URL`, field);
    }
    if (url.username !== '' || url.password !== '') {
      throw unprocessable('invalid_manifest', `${what}: "${entry}" must not contain credentials`, field);
    }
    if (!/^https?:\/\//i.test(entry)) {
      throw unprocessable('invalid_manifest', `${what}: "${entry}" must be written as http(s)://host[/path]`, field);
    }
  }
  return sortedUnique(items);
}

function validateCapabilities(items: string[], what: string, field: string): string[] {
  for (const c of items) {
    if (!isCapability(c)) {
      throw unprocessable(
        'invalid_manifest',
        `${what}: unknown capability "${c}" (known: ${Object.keys(CAPABILITIES).join(', ')})`,
        field,
      );
    }
  }
  return sortedUnique(items);
}

function pickMetadata(metadata: Record<string, unknown>, camel: string, kebab: string, field: string): [unknown, string] {
  const hasCamel = metadata[camel] !== undefined && metadata[camel] !== null;
  const hasKebab = metadata[kebab] !== undefined && metadata[kebab] !== null;
  if (hasCamel && hasKebab) {
    throw unprocessable('invalid_manifest', `The frontmatter has both \`metadata.${camel}\` and \`metadata.${kebab}\`; use one`, field);
  }
  return hasKebab ? [metadata[kebab], `metadata.${kebab}`] : [metadata[camel], `metadata.${camel}`];
}

function buildManifest(
  metadata: Record<string, unknown>,
  override: Partial<SkillManifest> | undefined,
  field: string,
): SkillManifest {
  let externalCalls: string[];
  if (override?.externalCalls !== undefined) {
    const f = 'manifestOverride.externalCalls';
    externalCalls = validateExternalCalls(splitList(override.externalCalls, f, f), f, f);
  } else {
    const [value, key] = pickMetadata(metadata, 'externalCalls', 'external-calls', field);
    const what = `The frontmatter key \`${key}\``;
    externalCalls = validateExternalCalls(splitList(value, what, field), what, field);
  }

  let capabilities: string[];
  if (override?.capabilities !== undefined) {
    const f = 'manifestOverride.capabilities';
    capabilities = validateCapabilities(splitList(override.capabilities, f, f), f, f);
  } else {
    const value = metadata.capabilities;
    const what = 'The frontmatter key `metadata.capabilities`';
    capabilities = validateCapabilities(splitList(value, what, field), what, field);
  }
  return { externalCalls, capabilities };
}
