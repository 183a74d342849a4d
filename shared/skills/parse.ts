/**
 * Parsing of SKILL.md files (Agent Skills format): `---` YAML frontmatter `---` then a markdown body.
 *
 * Every input problem is an ApiError with a stable code; `field` is always the request member the
 * caller named (e.g. "skillMdContent"), the frontmatter key at fault is named in the message.
 */
import { createHash } from 'node:crypto';
import { type Document, Lexer, LineCounter, Scalar, isMap, isScalar, parseDocument } from 'yaml';
import { MAX_INPUT_NESTING, NESTING_TOO_DEEP, formatPath, pathTooDeep } from '../nesting.js';
import { ApiError, badRequest, unprocessable } from '../errors.js';
import type { ParsedSkill, SkillManifest, StoredManifest } from './types.js';
import { markBodyTail } from './body-tail.js';

/** Largest SKILL.md accepted, in UTF-8 bytes. */
export const MAX_SKILL_BYTES = 512 * 1024;

const NAME_MAX = 64;
/** What the parser puts in place of a description when neither the frontmatter nor the body gives one. */
export const NO_DESCRIPTION = 'No description given';
/** The Agent Skills limit; longer descriptions are accepted with a parse note up to DESCRIPTION_LONG_MAX. */
const DESCRIPTION_MAX = 1024;
const DESCRIPTION_LONG_MAX = 4096;
/** Name of a skill whose file gives neither a `name` nor a usable `# heading`. */
export const FALLBACK_NAME = 'unnamed-skill';
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

/**
 * The certificate's hash of a skill file as it lies on disk (`certifiedContentSha256`): strict UTF-8,
 * one leading BOM dropped, line endings made LF, SHA-256. A reader checking a local copy (`cert
 * verify`) and the service submitting it hash the same way.
 */
export function skillFileSha256(bytes: Uint8Array): string {
  return canonicalSha256(decodeSkillBytes(bytes, 'file'));
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

const preview = (s: string, max: number): string => (charLength(s) > max ? `${Array.from(s).slice(0, max - 1).join('')}…` : s);

/** A display name as a slug: "PhantomBuster Automation" → "phantombuster-automation"; '' when nothing is left. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, NAME_MAX).replace(/-+$/, '');
}

/**
 * Markdown blocks that are not prose: fenced code and HTML comments are removed (a comment can
 * carry hidden text; it must not become the description).
 */
function proseLines(body: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  let inComment = false;
  for (const raw of body.split('\n')) {
    let line = raw;
    if (fence !== null) {
      if (line.trim().startsWith(fence)) fence = null;
      out.push('');
      continue;
    }
    if (inComment) {
      const end = line.indexOf('-->');
      if (end === -1) {
        out.push('');
        continue;
      }
      inComment = false;
      line = line.slice(end + 3);
    }
    line = line.replace(/<!--[\s\S]*?-->/g, '');
    const open = line.indexOf('<!--');
    if (open !== -1) {
      inComment = true;
      line = line.slice(0, open);
    }
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f) {
      fence = f[1]!;
      out.push('');
      continue;
    }
    out.push(line);
  }
  return out;
}

/** Text of the first `# heading` (any level) outside code blocks and comments. */
function firstHeading(body: string): string | undefined {
  for (const line of proseLines(body)) {
    const m = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (m && m[1]!.trim() !== '') return m[1]!.trim();
  }
  return undefined;
}

/** The first prose paragraph (≤ DESCRIPTION_MAX chars), else the first heading, else a fixed text. */
function inferDescription(body: string): string {
  const para: string[] = [];
  for (const line of [...proseLines(body), '']) {
    const t = line.trim();
    const structural = /^#{1,6}(\s|$)/.test(t) || /^(-{3,}|\*{3,}|_{3,})$/.test(t) || t.startsWith('|') || /^<\/?[a-z][^>]*>$/i.test(t);
    if (t === '' || structural) {
      if (para.length > 0) break;
      continue;
    }
    para.push(t);
  }
  const text = para.join(' ').replace(/\s+/g, ' ').trim();
  if (text !== '') return Array.from(text).slice(0, DESCRIPTION_MAX).join('').trim();
  const heading = firstHeading(body);
  return heading !== undefined ? Array.from(heading).slice(0, DESCRIPTION_MAX).join('') : NO_DESCRIPTION;
}

function tooDeep(field: string, under: string): ApiError {
  return unprocessable(NESTING_TOO_DEEP, `The YAML frontmatter nests more than ${MAX_INPUT_NESTING} levels deep${under ? ` under \`${under}\`` : ''}`, field);
}

/** The key under which YAML flow collections first nest deeper than `max`, '' at the top, or null when they don't. */
function flowTooDeep(yamlText: string, max: number): string | null {
  // The depth never passes the number of opening brackets: a text with at most `max` of them needs no lexing
  // (most frontmatter has none; the lexer pass cost the worker about 1 % of a verdict, docs/benchmarks.md).
  let opening = 0;
  for (let i = 0; i < yamlText.length; i++) {
    const c = yamlText.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) opening++;
  }
  if (opening <= max) return null;
  let depth = 0;
  let key = '';
  let prev = '';
  for (const tok of new Lexer().lex(yamlText)) {
    if (tok === '[' || tok === '{') {
      if (++depth > max) return key;
    } else if ((tok === ']' || tok === '}') && depth > 0) depth--;
    else if (tok === ':' && depth === 0) key = prev.slice(0, 80);
    if (tok.trim() !== '' && tok !== '\u001f') prev = tok;
  }
  return null;
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
  if (content.trim() === '') throw unprocessable('empty_skill_file', 'The skill file is empty', field);
  const notes: Note[] = [];
  const fm = readFrontmatter(content, field, notes);
  const { data, body } = fm;

  const name = readName(data.name, fm, notes, field);
  const description = readDescription(data.description, fm, notes, field);
  const { license, compatibility, metadata } = readOptionalFields(data, field);
  const allowedTools = parseAllowedTools(data['allowed-tools'], field);
  const version = readVersion(metadata.version, fm.doc, field);

  // ---- manifest ----
  const allowedToolCapabilities = capabilitiesOfAllowedTools(allowedTools);
  const { manifest, declared } = buildManifest(metadata, opts.manifestOverride, allowedToolCapabilities, field);

  const skill: ParsedSkill = {
    name,
    description,
    ...(license !== undefined ? { license } : {}),
    ...(compatibility !== undefined ? { compatibility } : {}),
    metadata,
    allowedTools,
    version,
    content,
    body,
    bodyStartLine: fm.bodyStartLine,
    manifest,
    manifestDeclared: declared,
    allowedToolCapabilities,
    parseNotes: notes,
    contentSha256: canonicalSha256(content),
  };
  // `body` is the tail of `content` (readFrontmatter): the analysis hand-off relies on it without comparing them.
  markBodyTail(skill);
  return skill;
}

type Note = NonNullable<ParsedSkill['parseNotes']>[number];

/** The frontmatter read: its keys, the YAML document, where each top-level key sits, and the body after it. */
interface Frontmatter {
  hasFrontmatter: boolean;
  data: Record<string, unknown>;
  doc: Document | undefined;
  /** File line of a top-level key (its frontmatter line plus the lines before the fence). */
  keyLine: (key: string) => number;
  body: string;
  bodyStartLine: number;
}

/**
 * The YAML frontmatter between `---` fences, strictly parsed (unique keys, core schema, no merges,
 * bounded nesting and aliases). Frontmatter is optional: real skills without it are reviewed on their
 * body (a 422 would let a file escape review by leaving it out). Leading blank lines are tolerated.
 */
function readFrontmatter(content: string, field: string, notes: Note[]): Frontmatter {
  const lines = content.split('\n');
  let open = 0;
  while (open < lines.length && lines[open]!.trim() === '') open++;
  if (!FENCE_RE.test(lines[open] ?? '')) {
    notes.push({
      code: 'no_frontmatter',
      message: 'The file has no `---` YAML frontmatter; name and description were inferred from the Markdown body',
      line: 1,
    });
    return { hasFrontmatter: false, data: {}, doc: undefined, keyLine: () => 1, body: content, bodyStartLine: 1 };
  }
  let close = -1;
  for (let i = open + 1; i < lines.length; i++) {
    if (FENCE_RE.test(lines[i]!)) {
      close = i;
      break;
    }
  }
  if (close === -1) {
    throw unprocessable('missing_frontmatter', 'The YAML frontmatter is not closed by a `---` line', field);
  }

  const fmLines = lines.slice(open + 1, close);
  const frontmatterText = fmLines.join('\n');
  const body = lines.slice(close + 1).join('\n');
  const bodyStartLine = close + 2;

  // Flow collections (`[`, `{`) nest without indentation: count them on the token stream before
  // the recursive composer sees them (quoted scalars are single tokens, so brackets in text don't count).
  const tooDeepUnder = flowTooDeep(frontmatterText, MAX_INPUT_NESTING);
  if (tooDeepUnder !== null) throw tooDeep(field, tooDeepUnder);
  let lineCounter = new LineCounter();
  let doc = parseDocument(frontmatterText, {
    prettyErrors: false,
    lineCounter,
    uniqueKeys: true,
    strict: true,
    schema: 'core',
    merge: false,
    stringKeys: true,
  });
  // A one-line value with ": " inside (`description: Use when "rustup: command not found"`) is plain text to
  // every author who writes it, and invalid YAML to a strict parser: quoted, it parses; a note says so.
  let repaired: number[] = [];
  // So is a plain value starting with a character YAML reserves (`author: @handle`, a value in backticks).
  // (Claude Code agent files put a long one-line description with `: ` and quoted dialogue in it — `Examples:\n\n<example>\nuser:
  // "…"` — which the agent runtime reads as one string; the strict parser reports it as nested mappings and stray scalars.)
  if (doc.errors.length > 0 && doc.errors.every((e) => /Nested mappings are not allowed|Implicit map keys need to be followed|Implicit keys need to be on a single line|Unexpected scalar at node end|Unexpected scalar token|Plain value cannot start with reserved character/.test(e.message))) {
    const fixed = fmLines.map((l, i) => {
      const m = /^([ \t]*[A-Za-z_][\w-]*):[ \t]+(?:(?!["'[{|>&*!])(.*:[ \t].*)|([@`].*))$/.exec(l);
      if (!m) return l;
      repaired.push(i + 1);
      return `${m[1]}: ${JSON.stringify((m[2] ?? m[3])!.trimEnd())}`;
    });
    if (repaired.length) {
      const retryCounter = new LineCounter();
      const retry = parseDocument(fixed.join('\n'), { prettyErrors: false, lineCounter: retryCounter, uniqueKeys: true, strict: true, schema: 'core', merge: false, stringKeys: true });
      if (retry.errors.length === 0) {
        doc = retry;
        lineCounter = retryCounter;
      } else repaired = [];
    }
  }
  if (doc.errors.length > 0) {
    const err = doc.errors[0]!;
    const pos = err.pos[0] >= 0 ? lineCounter.linePos(err.pos[0]) : undefined;
    const where = pos ? ` at line ${pos.line + 1}, column ${pos.col}${excerpt(fmLines[pos.line - 1])}` : '';
    throw unprocessable('invalid_yaml', `Invalid YAML frontmatter${where}: ${err.message.split('\n')[0]}`, field);
  }
  let js: unknown;
  try {
    js = doc.toJS({ maxAliasCount: 50 });
  } catch (e) {
    const reason = e instanceof Error ? e.message.split('\n')[0] : 'cannot be converted';
    throw unprocessable('invalid_yaml', `Invalid YAML frontmatter: ${reason}`, field);
  }
  const at = pathTooDeep(js, MAX_INPUT_NESTING);
  if (at) throw tooDeep(field, formatPath(at));
  if (!isPlainObject(js) || !isMap(doc.contents)) {
    throw unprocessable('invalid_frontmatter', 'The YAML frontmatter must be a mapping of keys to values', field);
  }
  if (repaired.length) {
    notes.push({ code: 'frontmatter_repaired', message: `Frontmatter line ${repaired.join(', ')} has ": " inside an unquoted value, or starts a value with a character YAML reserves (@, \`), which strict YAML rejects; it was read as one quoted string (quote the value to silence this note)`, line: open + 1 + repaired[0]! });
  }
  const contents = doc.contents;
  const counter = lineCounter;
  const keyLine = (key: string): number => {
    const pair = contents.items.find((p) => isScalar(p.key) && p.key.value === key);
    const offset = pair && isScalar(pair.key) ? pair.key.range?.[0] : undefined;
    return offset === undefined ? open + 1 : counter.linePos(offset).line + open + 1;
  };
  return { hasFrontmatter: true, data: js, doc, keyLine, body, bodyStartLine };
}

/** The skill's name: as written when valid, else normalised to a slug (a note says so), inferred from the first heading when absent. */
function readName(rawName: unknown, fm: Frontmatter, notes: Note[], field: string): string {
  if (rawName === undefined || rawName === null || rawName === '') {
    const heading = firstHeading(fm.body);
    const name = (heading !== undefined ? slugify(heading) : '') || FALLBACK_NAME;
    if (fm.hasFrontmatter) {
      notes.push({ code: 'name_inferred', message: `The frontmatter has no \`name\`; "${name}" was inferred`, line: fm.keyLine('name') });
    }
    return name;
  }
  if (typeof rawName !== 'string') throw unprocessable('invalid_skill_name', 'The frontmatter key `name` must be a string', field);
  if (NAME_RE.test(rawName) && rawName.length <= NAME_MAX) return rawName;
  let name = slugify(rawName);
  // a name written only in a script with no Latin letters (社内ヘルプデスク, Справка): a stable slug of it, not a refusal
  if (name === '' && /[\p{L}\p{N}]/u.test(rawName)) name = slugify(firstHeading(fm.body) ?? '') || `skill-${createHash('sha256').update(rawName).digest('hex').slice(0, 8)}`;
  if (name === '') {
    throw unprocessable(
      'invalid_skill_name',
      `The frontmatter key \`name\` must contain letters or digits; use 1-${NAME_MAX} characters of lowercase letters, digits and hyphens`,
      field,
    );
  }
  notes.push({
    code: 'name_normalised',
    message: `The frontmatter \`name\` ${JSON.stringify(preview(rawName, 80))} is not 1-${NAME_MAX} lowercase letters, digits and hyphens; it was normalised to "${name}"`,
    line: fm.keyLine('name'),
  });
  return name;
}

/** The description: trimmed, inferred from the body when absent, refused past the long limit, noted past the recommended one. */
function readDescription(rawDescription: unknown, fm: Frontmatter, notes: Note[], field: string): string {
  if (rawDescription !== undefined && rawDescription !== null && typeof rawDescription !== 'string') {
    throw unprocessable('invalid_skill_description', 'The frontmatter key `description` must be a string', field);
  }
  const description = typeof rawDescription === 'string' ? rawDescription.trim() : '';
  if (description === '') {
    if (fm.hasFrontmatter) {
      notes.push({ code: 'description_inferred', message: 'The frontmatter has no `description`; it was inferred from the Markdown body', line: fm.keyLine('description') });
    }
    return inferDescription(fm.body);
  }
  if (charLength(description) > DESCRIPTION_LONG_MAX) {
    throw unprocessable(
      'invalid_skill_description',
      `The frontmatter key \`description\` must be at most ${DESCRIPTION_LONG_MAX} characters (${DESCRIPTION_MAX} recommended)`,
      field,
    );
  }
  if (charLength(description) > DESCRIPTION_MAX) {
    notes.push({
      code: 'description_long',
      message: `The frontmatter \`description\` has ${charLength(description)} characters; the Agent Skills format allows ${DESCRIPTION_MAX}`,
      line: fm.keyLine('description'),
    });
  }
  return description;
}

/** `license`, `compatibility` and `metadata`, each checked for its type. */
function readOptionalFields(data: Record<string, unknown>, field: string): { license?: string; compatibility?: string; metadata: Record<string, unknown> } {
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
  return { license, compatibility, metadata };
}

/** `metadata.version`, kept as written (a number literal `1.10` stays "1.10"); "0.0.0" when absent. */
function readVersion(rawVersion: unknown, doc: Document | undefined, field: string): string {
  if (rawVersion === undefined || rawVersion === null) return '0.0.0';
  let version: string;
  if (typeof rawVersion === 'string') {
    version = rawVersion.trim();
  } else if (typeof rawVersion === 'number' && Number.isFinite(rawVersion)) {
    // Keep the literal as written (`1.10` must not become "1.1").
    const node = doc?.getIn(['metadata', 'version'], true);
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
  return version;
}

function parseAllowedTools(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  let items: string[];
  if (typeof value === 'string') {
    items = splitTools(value);
  } else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    items = (value as string[]).flatMap(splitTools);
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

/**
 * Splits an allowed-tools string on spaces and commas outside parentheses, so the common
 * `Bash(git add:*), Read` form keeps `Bash(git add:*)` whole.
 */
function splitTools(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && /[\s,]/.test(ch)) {
      if (cur.trim() !== '') out.push(cur.trim());
      cur = '';
    } else {
      cur += ch;
    }
  }
  if (cur.trim() !== '') out.push(cur.trim());
  return out;
}

/** Agent tool names (Claude Code / Agent Skills `allowed-tools`) and the capability each implies. */
const TOOL_CAPABILITIES: Record<string, string> = {
  bash: 'shell',
  write: 'filesystem:write',
  edit: 'filesystem:write',
  multiedit: 'filesystem:write',
  notebookedit: 'filesystem:write',
  read: 'filesystem:read',
  grep: 'filesystem:read',
  glob: 'filesystem:read',
  ls: 'filesystem:read',
  webfetch: 'network',
  websearch: 'network',
};

/** Capabilities implied by allowed-tools; unknown tools (and mcp__* tools) imply nothing. */
export function capabilitiesOfAllowedTools(tools: string[]): string[] {
  const out: string[] = [];
  for (const tool of tools) {
    const name = /^[A-Za-z][A-Za-z0-9_]*/.exec(tool)?.[0]?.toLowerCase();
    const cap = name !== undefined ? TOOL_CAPABILITIES[name] : undefined;
    if (cap !== undefined) out.push(cap);
  }
  return sortedUnique(out);
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

/**
 * Capability names are lower-cased and kept even when unknown: the sandbox warns and names the known
 * ones (an unknown name is a declaration mistake, not unreadable input).
 */
function validateCapabilities(items: string[], what: string, field: string): string[] {
  const out: string[] = [];
  for (const c of items) {
    if (charLength(c) > 64 || CONTROL_RE.test(c)) {
      throw unprocessable('invalid_manifest', `${what}: capability names are at most 64 printable characters`, field);
    }
    out.push(c.toLowerCase());
  }
  return sortedUnique(out);
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
  toolCapabilities: string[],
  field: string,
): { manifest: SkillManifest; declared: NonNullable<ParsedSkill['manifestDeclared']> } {
  let externalCalls: string[];
  let callsDeclared: boolean;
  if (override?.externalCalls !== undefined) {
    const f = 'manifestOverride.externalCalls';
    externalCalls = validateExternalCalls(splitList(override.externalCalls, f, f), f, f);
    callsDeclared = true;
  } else {
    const [value, key] = pickMetadata(metadata, 'externalCalls', 'external-calls', field);
    const what = `The frontmatter key \`${key}\``;
    externalCalls = validateExternalCalls(splitList(value, what, field), what, field);
    callsDeclared = value !== undefined && value !== null;
  }

  let capabilities: string[];
  let capsDeclared: boolean;
  if (override?.capabilities !== undefined) {
    const f = 'manifestOverride.capabilities';
    capabilities = validateCapabilities(splitList(override.capabilities, f, f), f, f);
    capsDeclared = true;
  } else {
    const value = metadata.capabilities;
    const what = 'The frontmatter key `metadata.capabilities`';
    capabilities = validateCapabilities(splitList(value, what, field), what, field);
    capsDeclared = value !== undefined && value !== null;
  }
  // allowed-tools is the Agent Skills way to say what a skill may do: a declaration too.
  if (toolCapabilities.length > 0) {
    capabilities = sortedUnique([...capabilities, ...toolCapabilities]);
    capsDeclared = true;
  }
  return { manifest: { externalCalls, capabilities }, declared: { externalCalls: callsDeclared, capabilities: capsDeclared } };
}

/** What a submission stores: the effective manifest and which members were declared. */
export function storedManifestOf(skill: ParsedSkill): StoredManifest {
  return { ...skill.manifest, declared: { ...(skill.manifestDeclared ?? { externalCalls: true, capabilities: true }) } };
}

/**
 * The manifestOverride that re-parses a stored file into the same ParsedSkill: only declared
 * members are passed (passing an undeclared, empty member would turn it into a declaration).
 * Rows stored before `declared` existed replay both members, as they were parsed then.
 */
export function storedManifestOverride(stored: StoredManifest | null | undefined): Partial<SkillManifest> | undefined {
  if (!stored) return undefined;
  const declared = stored.declared ?? { externalCalls: true, capabilities: true };
  return {
    ...(declared.externalCalls ? { externalCalls: stored.externalCalls } : {}),
    ...(declared.capabilities ? { capabilities: stored.capabilities } : {}),
  };
}
