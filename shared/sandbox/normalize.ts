/**
 * Normalisation before matching: undo the cheap tricks that make a command unreadable to a regex
 * while the shell or interpreter still runs it. Line-preserving (the result has exactly as many
 * lines as the input), so a match in the normalised view points at the right line of the file.
 *
 * Every replacement is bounded (no unbounded nested quantifiers); string-building is folded a
 * fixed number of rounds, enough for the chains seen in practice.
 */
import { withQuickStart } from './regex-quick-start.js';
import { matchAll } from './match-all.js';

/** A word quoted whole after a separator (`'c'url`) and before a word character, or after one (`cu"rl"`). */
const QUOTED_WORD_BEFORE = withQuickStart(/(?<=^|[\s|;&(`])(['"])([A-Za-z0-9_.-]{1,20})\1(?=[A-Za-z0-9_])/g);
const QUOTED_WORD_AFTER = withQuickStart(/(?<=[A-Za-z0-9_])(['"])([A-Za-z0-9_.-]{1,20})\1(?=$|[\s|;&)`])/g);

/** Invisible characters that split words without showing: soft hyphen, invisible operators, joiners, tags. */
const INVISIBLE_SPLITTERS = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\u3164\uFFA0]|\uDB40[\uDC00-\uDC7F]/g;

/** Cyrillic and Greek letters that look like Latin ones (the subset attackers use in hosts and keywords). */
const CONFUSABLES: Record<string, string> = {
  'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't', 'у': 'y',
  'х': 'x', 'і': 'i', 'ї': 'i', 'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ɡ': 'g', 'һ': 'h', 'ӏ': 'l', 'ո': 'n',
  'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'Х': 'X', 'І': 'I',
  'Ј': 'J', 'Ѕ': 'S', 'α': 'a', 'ο': 'o', 'ν': 'v', 'ρ': 'p', 'τ': 't', 'ι': 'i', 'κ': 'k', 'χ': 'x', 'Α': 'A', 'Β': 'B',
  'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
};
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'g');

/** NFKC plus the confusables skeleton: `gіthub.com` (Cyrillic і) becomes `github.com`. */
export function skeleton(text: string): string {
  return text.normalize('NFKC').replace(CONFUSABLE_RE, (c) => CONFUSABLES[c] ?? c);
}

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE_SPLITTERS, '');
}

function decodeAnsiC(body: string): string {
  return body.replace(/\\x([0-9A-Fa-f]{1,2})|\\([0-7]{1,3})|\\u([0-9A-Fa-f]{4})|\\(.)/g, (_m, hx, oct, uni, ch) => {
    if (hx) return String.fromCharCode(parseInt(hx, 16));
    if (oct) return String.fromCharCode(parseInt(oct, 8));
    if (uni) return String.fromCharCode(parseInt(uni, 16));
    return ch === 'n' ? ' ' : ch === 't' ? ' ' : ch;
  });
}

function charCodes(list: string, radix = 10): string {
  return list.split(',').map((t) => {
    const s = t.trim();
    const n = /^0x/i.test(s) ? parseInt(s.slice(2), 16) : parseInt(s, radix);
    return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : '';
  }).join('');
}

/** Shell: escapes, quote splicing, $IFS, ANSI-C strings and empty-variable splicing inside words. */
function normalizeShell(line: string): string {
  let s = line;
  // (each replacement is asked only when the line holds the character every match of it needs: patterns that
  // start with a lookbehind are tried at every position of the line; exact, a replacement without a match
  // returns the line unchanged)
  if (s.includes('$')) {
    s = s.replace(/\$'((?:[^'\\\n]|\\.){0,400})'/g, (_m, body: string) => decodeAnsiC(body));
    s = s.replace(/\$\{IFS(?:[%#:][^}\n]{0,10})?\}|\$IFS\b/g, ' ');
  }
  // c\url, s\h: a backslash before a letter inside a word is a no-op to the shell
  if (s.includes('\\')) s = s.replace(/(?<=[A-Za-z0-9_-])\\(?=[A-Za-z])|(?<=^|[\s|;&(`])\\(?=[A-Za-z])/g, '');
  // cu''rl, c""url, 'c'url, cu"rl": quotes spliced into a word
  for (let i = 0; i < 3; i++) {
    if (!s.includes("'") && !s.includes('"')) break;
    if (s.includes("''") || s.includes('""')) s = s.replace(/(?<=[A-Za-z0-9_])(?:''|"")(?=[A-Za-z0-9_])/g, '');
    s = s.replace(QUOTED_WORD_BEFORE, '$2');
    s = s.replace(QUOTED_WORD_AFTER, '$2');
  }
  // cu${x}rl: an (empty) variable spliced between letters
  if (s.includes('$')) s = s.replace(/(?<=[a-z])\$\{?[a-z_][a-z0-9_]{0,10}\}?(?=[a-z])/g, '');
  return s;
}

/** Python / JavaScript: string concatenation, dynamic imports and attribute lookups by name. */
function normalizeCode(line: string): string {
  let s = line;
  s = s.replace(/\bString\s*\.\s*fromCharCode\s*\(\s*((?:0x[0-9A-Fa-f]{1,6}|\d{1,7})(?:\s*,\s*(?:0x[0-9A-Fa-f]{1,6}|\d{1,7})){0,400})\s*\)/g,
    (_m, list: string) => JSON.stringify(charCodes(list)));
  s = s.replace(/\bchr\s*\(\s*(\d{1,7}|0x[0-9A-Fa-f]{1,6})\s*\)/g, (_m, n: string) => JSON.stringify(charCodes(n)));
  s = s.replace(/\bbytes\s*\(\s*\[\s*(\d{1,3}(?:\s*,\s*\d{1,3}){0,400})\s*\]\s*\)\s*\.\s*decode\s*\(\s*\)/g, (_m, list: string) => JSON.stringify(charCodes(list)));
  for (let i = 0; i < 6; i++) {
    const before = s;
    s = s.replace(/(["'])([^"'\n\\]{0,80})\1\s*\+\s*(["'])([^"'\n\\]{0,80})\3/g, (_m, _q1, a: string, _q2, b: string) => JSON.stringify(a + b));
    s = s.replace(/(["'])\1\s*\.\s*join\s*\(\s*\[\s*((?:["'][^"'\n\\]{0,20}["']\s*,\s*){0,40}["'][^"'\n\\]{0,20}["'])\s*\]\s*\)/g,
      (_m, _q, list: string) => JSON.stringify([...matchAll(list, /["']([^"'\n\\]{0,20})["']/g)].map((x) => x[1]).join('')));
    s = s.replace(/(["'])([^"'\n\\]{1,80})\1\s*\[\s*::\s*-1\s*\]/g, (_m, _q, a: string) => JSON.stringify([...a].reverse().join('')));
    if (s === before) break;
  }
  s = s.replace(/\b(?:__import__|importlib\s*\.\s*import_module)\s*\(\s*["']([\w.]{1,40})["']\s*\)/g, '$1');
  s = s.replace(/\brequire\s*\(\s*["'](?:node:)?([\w./-]{1,40})["']\s*\)/g, (m, mod: string) => (mod === 'child_process' ? 'child_process' : m));
  s = s.replace(/\bgetattr\s*\(\s*([\w.]{1,60})\s*,\s*["']([\w]{1,40})["']\s*\)/g, '$1.$2');
  s = s.replace(/\b(?:globals\s*\(\s*\)|locals\s*\(\s*\)|vars\s*\(\s*\))\s*\[\s*["']__builtins__["']\s*\]/g, 'builtins');
  s = s.replace(/\b(?:__builtins__|builtins)(?:\s*\.\s*__dict__)?\s*(?:\[\s*["'](\w{1,20})["']\s*\]|\.\s*(\w{1,20}))/g, (_m, a?: string, b?: string) => a ?? b ?? '');
  s = s.replace(/\b(window|globalThis|global|self|process|child_process|cp|os|subprocess)\s*\[\s*["'](\w{1,40})["']\s*\]/g, '$1.$2');
  return s;
}

/** Characters without which normalizeShell leaves a line unchanged (every replacement needs one). */
const SHELL_TRIGGER = /[$\\'"]/;
/** Text without which normalizeCode leaves a line unchanged. */
const CODE_TRIGGER = /["']|chr|fromCharCode|bytes|builtins/;
/** Only non-ASCII lines can change under NFKC, the confusables skeleton or invisible-splitter removal. */
const NON_ASCII = /[^\x00-\x7F]/;

/**
 * The normalised view of a whole file: invisible splitters removed, NFKC + confusables, then shell
 * and code normalisation on every line. Same number of lines as the input.
 *
 * Each step runs only on lines it can change, and a line that repeats is normalised once: the
 * replacements cost about a dozen regex passes per line, which dominated large files.
 */
export function normalizeForMatching(content: string): string {
  // a line changes only when it holds one of the triggers (none of them spans lines): without any, the text is its own twin
  if (!NON_ASCII.test(content) && !SHELL_TRIGGER.test(content) && !CODE_TRIGGER.test(content)) return content;
  const lines = content.split('\n');
  const seen = new Map<string, string>();
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.length === 0) continue;
    const done = seen.get(raw);
    if (done !== undefined) {
      lines[i] = done;
      continue;
    }
    let s = NON_ASCII.test(raw) ? skeleton(stripInvisible(raw)) : raw;
    if (s.length <= 4000) {
      // very long lines (data) are not worth folding
      if (SHELL_TRIGGER.test(s)) s = normalizeShell(s);
      if (CODE_TRIGGER.test(s)) s = normalizeCode(s);
      if (s.includes('\n')) s = s.replace(/\n/g, ' ');
    }
    seen.set(raw, s);
    lines[i] = s;
  }
  return lines.join('\n');
}
