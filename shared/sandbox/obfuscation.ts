/**
 * obfuscation rules: encoded blobs (base64, hex, escape chains) and decode-then-execute.
 * Blobs are decoded (up to a small nesting depth) and the decoded text is checked for the same
 * dangerous patterns as plain text.
 */
import type { Collector } from './collector.js';
import { inTeachingContext } from './behaviour.js';
import { dataFenceMode } from './prose/structure.js';
import {
  DECODE_EXEC,
  EVAL_DOWNLOAD,
  PIPE_TO_SHELL,
  PROMPT_OVERRIDE,
  REVIEWER_DIRECTED,
  SHELL_OUT_HIGH,
  findCredentialReads,
  findOutboundSends,
  firstMatch,
  matchesOf,
} from './patterns.js';
import { preview, type SourceText } from './text.js';

export const BASE64_MIN = 120;
export const HEX_MIN = 128;
export const ESCAPES_MIN = 20;

const RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
const HEX_ONLY = /^(?:0x)?[0-9A-Fa-f]+$/;
const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const DIGIT = /[0-9]/;
const ESCAPE_CHAIN = /(?:\\x[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4}|\\u\{[0-9A-Fa-f]{1,6}\})+/g;
const ESCAPE_ONE = /\\x([0-9A-Fa-f]{2})|\\u([0-9A-Fa-f]{4})|\\u\{([0-9A-Fa-f]{1,6})\}/g;
const FROM_CHAR_CODE = /\bString\s*\.\s*fromCharCode\s*\(\s*((?:0x[0-9A-Fa-f]{1,6}|\d{1,7})(?:\s*,\s*(?:0x[0-9A-Fa-f]{1,6}|\d{1,7}))*)\s*\)/g;

export type BlobKind = 'base64' | 'hex' | 'escapes';

export interface Blob {
  kind: BlobKind;
  index: number;
  length: number;
  decoded: string;
}

const KIND_NAME: Record<BlobKind, string> = {
  base64: 'Base64-encoded blob',
  hex: 'Hex-encoded blob',
  escapes: 'Escape-sequence string',
};

function looksBase64(s: string): boolean {
  return UPPER.test(s) && LOWER.test(s) && DIGIT.test(s);
}

function decodeBase64(s: string): string {
  return Buffer.from(s.replace(/=+$/, ''), 'base64').toString('utf8');
}

function decodeHex(s: string): string {
  const h = s.startsWith('0x') || s.startsWith('0X') ? s.slice(2) : s;
  return Buffer.from(h.length % 2 ? h.slice(0, -1) : h, 'hex').toString('utf8');
}

function decodeEscapes(s: string): string {
  let out = '';
  const bytes: number[] = [];
  const flush = () => {
    if (bytes.length) {
      out += Buffer.from(bytes).toString('utf8');
      bytes.length = 0;
    }
  };
  for (const m of matchesOf(ESCAPE_ONE, s)) {
    if (m[1] !== undefined) {
      bytes.push(parseInt(m[1], 16));
    } else {
      flush();
      const cp = parseInt(m[2] ?? m[3] ?? '0', 16);
      out += cp <= 0x10ffff ? String.fromCodePoint(cp) : '\uFFFD';
    }
  }
  flush();
  return out;
}

function decodeCharCodes(list: string): string {
  let out = '';
  for (const part of list.split(',')) {
    const t = part.trim();
    const n = t.startsWith('0x') || t.startsWith('0X') ? parseInt(t.slice(2), 16) : parseInt(t, 10);
    out += Number.isFinite(n) && n <= 0x10ffff ? String.fromCodePoint(n) : '\uFFFD';
  }
  return out;
}

/** Is the text within a URL-like token (so a long run may just be a path)? */
function inUrlToken(text: string, index: number): boolean {
  let i = index - 1;
  const stop = Math.max(0, index - 300);
  while (i >= stop) {
    const c = text[i];
    if (c === ' ' || c === '\n' || c === '\t' || c === '"' || c === "'" || c === '(' || c === '<') break;
    if (c === '/' && text[i - 1] === '/' && text[i - 2] === ':') return true;
    i--;
  }
  return false;
}

/** Encoded blobs in `text` with the given minimum sizes (outer scan uses the rule thresholds). */
export function findBlobs(text: string, min = { base64: BASE64_MIN, hex: HEX_MIN, escapes: ESCAPES_MIN }): Blob[] {
  const out: Blob[] = [];
  for (const m of matchesOf(RUN, text)) {
    const run = m[0];
    if (HEX_ONLY.test(run)) {
      if (run.length >= min.hex) out.push({ kind: 'hex', index: m.index, length: run.length, decoded: decodeHex(run) });
      continue;
    }
    if (run.length < min.base64) continue;
    if (inUrlToken(text, m.index) || run.includes('://')) {
      // a long URL path: only a single path segment can be a blob
      let off = 0;
      for (const seg of run.split('/')) {
        if (seg.length >= min.base64 && looksBase64(seg)) {
          out.push({ kind: 'base64', index: m.index + off, length: seg.length, decoded: decodeBase64(seg) });
        }
        off += seg.length + 1;
      }
      continue;
    }
    if (looksBase64(run)) out.push({ kind: 'base64', index: m.index, length: run.length, decoded: decodeBase64(run) });
  }
  for (const m of matchesOf(ESCAPE_CHAIN, text)) {
    const count = (m[0].match(/\\/g) ?? []).length;
    if (count >= min.escapes) out.push({ kind: 'escapes', index: m.index, length: m[0].length, decoded: decodeEscapes(m[0]) });
  }
  for (const m of matchesOf(FROM_CHAR_CODE, text)) {
    const count = m[1].split(',').length;
    if (count >= min.escapes) out.push({ kind: 'escapes', index: m.index, length: m[0].length, decoded: decodeCharCodes(m[1]) });
  }
  out.sort((a, b) => a.index - b.index);
  return out;
}

const PRINTABLE_OTHER = /[\p{L}\p{N}\p{P}\p{S}\p{Zs}]/u;

/** Mostly printable text (not binary)? */
export function mostlyPrintable(s: string): boolean {
  if (s.length < 4) return false;
  let ok = 0;
  let total = 0;
  for (const ch of s) {
    total++;
    const c = ch.codePointAt(0) ?? 0;
    if (c === 9 || c === 10 || c === 13 || (c >= 0x20 && c < 0x7f)) ok++;
    else if (c >= 0xa0 && c !== 0xfffd && PRINTABLE_OTHER.test(ch)) ok++;
  }
  return ok / total >= 0.9;
}

/** What dangerous content the decoded text contains, if any (looks into nested encodings). */
export function decodedDanger(text: string, depth = 0): string | null {
  if (!mostlyPrintable(text)) return null;
  if (firstMatch(PROMPT_OVERRIDE, text)) return 'prompt-injection text';
  if (firstMatch(REVIEWER_DIRECTED, text)) return 'instructions aimed at the reviewer';
  if (firstMatch(PIPE_TO_SHELL, text)) return 'a pipe-to-shell command';
  if (firstMatch(DECODE_EXEC, text)) return 'execution of further decoded content';
  if (firstMatch(SHELL_OUT_HIGH, text) || firstMatch(EVAL_DOWNLOAD, text)) return 'a shell-out';
  if (findCredentialReads(text).length > 0 && findOutboundSends(text).length > 0) return 'credential exfiltration code';
  if (depth < 2) {
    for (const inner of findBlobs(text, { base64: 16, hex: 32, escapes: 8 })) {
      const d = decodedDanger(inner.decoded, depth + 1);
      if (d) return `${d} (in a nested ${inner.kind} layer)`;
    }
  }
  return null;
}

/** Text compared for being the same command: whitespace runs as one space, case kept. */
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The literal blob of an encoded-execution match decodes (base64 as UTF-8 or as PowerShell's UTF-16LE) to a command
 * the document also shows as plain text outside the match: the reader sees what runs.
 */
export function shownInPlain(text: string, match: string, at: number): boolean {
  // (the longest base64 word of the line the match is on: after `-EncodedCommand`, or echoed into `base64 -d`)
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const lineEnd = text.indexOf('\n', at + match.length);
  const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  const blob = (line.match(/(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{16,}={0,2}(?![A-Za-z0-9+/=])/g) ?? []).sort((a, b) => b.length - a.length)[0];
  if (!blob || blob.length % 4 !== 0 || line.length > 20_000) return false;
  const bytes = Buffer.from(blob, 'base64');
  const utf16 = bytes.length % 2 === 0 && bytes.length >= 4 && bytes[1] === 0 && bytes[3] === 0;
  const decoded = squash(utf16 ? bytes.toString('utf16le') : bytes.toString('utf8'));
  if (decoded.length < 8 || !mostlyPrintable(decoded)) return false;
  const rest = squash(text.slice(0, lineStart) + ' \u0000 ' + text.slice(lineEnd === -1 ? text.length : lineEnd));
  return rest.includes(decoded);
}

const ROT13_CALL = /\bcodecs\s*\.\s*(?:decode|encode)\s*\(\s*(["'])([^"'\n]{8,2000})\1\s*,\s*["']rot_?13["']|\becho\s+(["'])([^"'\n]{8,2000})\3\s*\|\s*tr\s+["']?(?:A-Za-z|a-zA-Z)["']?\s+["']?(?:N-ZA-Mn-za-m|n-za-mN-ZA-M)/g;

export function rot13(s: string): string {
  return s.replace(/[A-Za-z]/g, (c) => {
    const b = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - b + 13) % 26) + b);
  });
}

/**
 * Encoded content is decoded and scanned again with the whole rule set (`rescan`, which returns
 * what a blocking finding in the decoded text says), so an encoding hides nothing it carries.
 */
export function checkObfuscation(src: SourceText, out: Collector, rescan: (decoded: string) => string | null = () => null): void {
  const text = src.content;
  for (const pat of DECODE_EXEC) {
    for (const m of matchesOf(pat.re, text)) {
      // a list of patterns to report ("`eval(atob(...))`" under "Report every occurrence of:") is data
      if (src.kindAt(m.index) !== 'code' && inTeachingContext(src, src.lineOf(m.index))) continue;
      if (dataFenceMode(src, m.index)) continue;
      // an inline span whose decoder is handed an ellipsis (`eval(atob(...))`) names a pattern: nothing there can run
      if (src.kindAt(m.index) !== 'code' && /^[^`\n]{0,80}?[(,]\s*(?:\.\.\.|…)\s*[,)]/.test(text.slice(m.index, m.index + 100))) continue;
      // an encoded command whose plain text the skill itself shows (the exact decoded text, elsewhere in the document)
      // hides nothing from the reader; the shown text is read as code where it stands
      if (shownInPlain(text, m[0], m.index)) continue;
      out.add('decodeExec', m.index,
        `Executes decoded content (${pat.label}); what actually runs is hidden from a reader.`);
    }
  }
  for (const m of matchesOf(ROT13_CALL, text)) {
    const decoded = rot13(m[2] ?? m[4] ?? '');
    const danger = rescan(decoded) ?? decodedDanger(decoded);
    if (danger) out.add('encodedPayload', m.index, `ROT13 text decodes to content with ${danger}: "${preview(decoded, 60)}".`);
    else out.add('encodedBlob', m.index, `ROT13 text hides "${preview(decoded, 40)}" from a reader.`);
  }
  for (const blob of findBlobs(text)) {
    const name = KIND_NAME[blob.kind];
    const danger = mostlyPrintable(blob.decoded) ? (rescan(blob.decoded) ?? decodedDanger(blob.decoded)) : null;
    if (danger) {
      out.add('encodedPayload', blob.index,
        `${name} (${blob.length} characters) decodes to content with ${danger}: "${preview(blob.decoded, 60)}".`);
    } else if (mostlyPrintable(blob.decoded)) {
      out.add('encodedBlob', blob.index,
        `${name} (${blob.length} characters) hides text from a reader; it decodes to "${preview(blob.decoded, 40)}".`);
    } else {
      out.add('encodedBlob', blob.index,
        `${name} (${blob.length} characters) hides its content from a reader.`);
    }
  }
}
