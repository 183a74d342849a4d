/**
 * Static decoding of literal payloads: when the key or the encoding is a literal in the file, the
 * hidden text is recovered here (never executed) and scanned again like source. Covered: base64
 * (optionally reversed, optionally zlib / gzip compressed), long hex strings, `\xNN` and octal
 * escape runs, `chr(N)+chr(N)` chains, integer lists (optionally XOR-ed with a literal key) and
 * rot13. Bounded: at most MAX_LITERALS literals and MAX_DECODED bytes of output per file.
 */
import { gunzipSync, inflateSync } from 'node:zlib';

export interface Decoded {
  /** Offset of the literal in the file, and its length. */
  index: number;
  length: number;
  how: string;
  text: string;
}

const MAX_LITERALS = 48;
const MAX_DECODED = 2 * 1024 * 1024;
const MAX_INFLATE = 4 * 1024 * 1024;

const B64_LIT = /(['"])([A-Za-z0-9+/_-]{80,}={0,2})\1/g;
const HEX_LIT = /(['"])((?:[0-9a-fA-F]{2}){40,})\1/g;
const ESC_RUN = /(?:\\(?:x[0-9a-fA-F]{2}|[0-7]{1,3})){3,}/g;
const CHR_CHAIN = /chr\(\s*\d{1,5}\s*\)(?:\s*\+\s*chr\(\s*\d{1,5}\s*\)){5,}/g;
const INT_LIST = /[[(]\s*(\d{1,3}\s*,\s*){15,}\d{1,3}\s*,?\s*[\])]/g;
const ROT13_LIT = /(['"])([^'"\\\n]{40,})\1/g;

function printableRatio(b: Buffer): number {
  if (b.length === 0) return 0;
  let ok = 0;
  const n = Math.min(b.length, 4096);
  for (let i = 0; i < n; i++) {
    const c = b[i]!;
    if ((c >= 32 && c < 127) || c === 9 || c === 10 || c === 13) ok++;
  }
  return ok / n;
}

/** Decompress if the bytes carry a zlib or gzip header; returns the input otherwise. */
function maybeInflate(b: Buffer): [Buffer, string] {
  try {
    if (b.length > 2 && b[0] === 0x1f && b[1] === 0x8b) return [gunzipSync(b, { maxOutputLength: MAX_INFLATE }), '+gzip'];
    if (b.length > 2 && b[0] === 0x78 && (b[1] === 0x9c || b[1] === 0xda || b[1] === 0x01 || b[1] === 0x5e)) return [inflateSync(b, { maxOutputLength: MAX_INFLATE }), '+zlib'];
  } catch {
    // not compressed after all
  }
  return [b, ''];
}

const looksLikeCode = (s: string): boolean => /\b(?:import|exec|eval|def|require|function|subprocess|socket|http|os\.|Function|powershell|curl|wget)\b/.test(s);

export function decodeLiterals(text: string, lang: 'js' | 'py' | 'sh'): Decoded[] {
  const out: Decoded[] = [];
  let budget = MAX_DECODED;
  const push = (index: number, length: number, how: string, buf: Buffer): void => {
    if (out.length >= MAX_LITERALS || budget <= 0) return;
    const [b, z] = maybeInflate(buf);
    if (printableRatio(b) < 0.9) return;
    const s = b.subarray(0, budget).toString('latin1');
    if (!looksLikeCode(s)) return;
    budget -= s.length;
    out.push({ index, length, how: how + z, text: s });
  };
  const each = (re: RegExp, f: (m: RegExpExecArray) => void): void => {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    let n = 0;
    while ((m = re.exec(text)) !== null && n++ < 256 && out.length < MAX_LITERALS) f(m);
    re.lastIndex = 0;
  };
  const reversed = text.includes('[::-1]') || text.includes('.reverse()');
  each(B64_LIT, (m) => {
    const lit = m[2]!;
    const b = Buffer.from(lit.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    const before = out.length;
    push(m.index, m[0].length, 'base64', b);
    if (out.length === before && reversed) push(m.index, m[0].length, 'reversed base64', Buffer.from([...lit].reverse().join(''), 'base64'));
  });
  each(HEX_LIT, (m) => push(m.index, m[0].length, 'hex', Buffer.from(m[2]!, 'hex')));
  each(ESC_RUN, (m) => {
    const bytes: number[] = [];
    for (const e of m[0].matchAll(/\\(?:x([0-9a-fA-F]{2})|([0-7]{1,3}))/g)) bytes.push(e[1] !== undefined ? parseInt(e[1], 16) : parseInt(e[2]!, 8) & 0xff);
    const b = Buffer.from(bytes);
    // short runs are names (exec, eval, __import__): scanned as text too
    if (b.length < 64) {
      const s = b.toString('latin1');
      if (/^(?:exec|eval|compile|__import__|getattr|builtins|base64|b64decode|marshal|zlib|decompress|system|popen|subprocess)\b/.test(s.replace(/[^\w]/g, ''))) {
        out.push({ index: m.index, length: m[0].length, how: 'escapes', text: s });
        return;
      }
    }
    if (bytes.length >= 8) push(m.index, m[0].length, 'escapes', b);
  });
  if (lang === 'py') {
    each(CHR_CHAIN, (m) => push(m.index, m[0].length, 'chr chain', Buffer.from([...m[0].matchAll(/\d+/g)].map((d) => Number(d[0]) & 0xff))));
    each(INT_LIST, (m) => {
      const nums = [...m[0].matchAll(/\d+/g)].map((d) => Number(d[0]));
      if (nums.some((x) => x > 255)) return;
      const tail = text.slice(m.index + m[0].length, m.index + m[0].length + 200);
      const head = text.slice(Math.max(0, m.index - 200), m.index);
      const key = /\^\s*(\d{1,3}|0x[0-9a-fA-F]{1,2})\b/.exec(tail) ?? /\^\s*(\d{1,3}|0x[0-9a-fA-F]{1,2})\b/.exec(head);
      const k = key ? Number(key[1]) & 0xff : 0;
      push(m.index, m[0].length, k ? `int list xor ${k}` : 'int list', Buffer.from(nums.map((x) => x ^ k)));
    });
    if (/rot.?13/.test(text)) {
      each(ROT13_LIT, (m) => {
        const s = m[2]!.replace(/[A-Za-z]/g, (c) => {
          const b = c <= 'Z' ? 65 : 97;
          return String.fromCharCode(((c.charCodeAt(0) - b + 13) % 26) + b);
        });
        push(m.index, m[0].length, 'rot13', Buffer.from(s, 'latin1'));
      });
    }
  }
  return out;
}
