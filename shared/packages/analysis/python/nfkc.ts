/**
 * Python normalises identifiers with NFKC (PEP 3131): `__𝘪𝗺𝙥𝗼𝗿𝘵__` is `__import__`, `ᵉˣᵉᶜ` is `exec`,
 * `oſ.ſyſtem` is `os.system`. Every reader of a Python file (the pattern scan, the flow reader, the
 * backstop) reads the normalised text, so a name spelled with look-alike letters resolves as Python
 * resolves it. Only words of letters, digits and `_` that NFKC changes are replaced, so line numbers stay.
 *
 * The tree-sitter reader (python/flow.ts) normalises on its own and reports a dangerous name spelled
 * that way (`nfkc_identifier`); `nfkcDangerous` is the same statement for a file the parser did not
 * read (over its budget), judged by whether the word stands outside a string or comment on its line.
 */

/** Names whose look-alike spelling is itself a sign of hiding (python/flow.ts DANGEROUS_NAME, the same list). */
const DANGEROUS =
  /^(?:exec|eval|compile|__import__|getattr|globals|builtins|__builtins__|system|popen|subprocess|os|marshal|base64|zlib|socket|requests|urllib|open)$/;

/** ASCII word characters, and any non-ASCII character (a word's look-alike letters, checked whole afterwards). */
const WORD_CHAR = /[A-Za-z0-9_]/;
const NON_ASCII_CHAR = /[^\x00-\x7f]/;

const NON_ASCII_BYTE = (buf: Uint8Array): boolean => {
  for (let i = 0; i < buf.length; i++) if (buf[i]! >= 0x80) return true;
  return false;
};

export interface NfkcFold {
  /** The file with every word NFKC changes replaced by its normal form (UTF-8). */
  content: Buffer;
  /** The changed words: their normal form, original spelling and line. */
  words: { normal: string; original: string; line: number; code: boolean }[];
}

/** The file with its NFKC-changed words normalised, or null when no word changes (the common case: plain ASCII). */
export function nfkcFold(buf: Buffer): NfkcFold | null {
  if (!NON_ASCII_BYTE(buf)) return null;
  const source = buf.toString('utf8');
  // Most non-ASCII text (accents, CJK, symbols in comments) is stable under NFKC: one native check.
  if (source.normalize('NFKC') === source) return null;
  const words: NfkcFold['words'] = [];
  let out = '';
  let last = 0;
  let line = 1;
  let lineStart = 0;
  // Each non-ASCII run NFKC changes, widened to the word around it (letters, digits, marks, `_`).
  for (const run of source.matchAll(/[^\x00-\x7f]+/g)) {
    if (run.index < last || run[0].normalize('NFKC') === run[0]) continue;
    let a = run.index;
    let b = run.index + run[0].length;
    while (a > last && WORD_CHAR.test(source[a - 1]!)) a--;
    while (b < source.length && (WORD_CHAR.test(source[b]!) || NON_ASCII_CHAR.test(source[b]!))) b++;
    const w = source.slice(a, b);
    const v = w.normalize('NFKC');
    if (v === w || !/^[\p{L}\p{N}_]+$/u.test(v) || !/^[\p{L}\p{N}\p{M}\p{Pc}]+$/u.test(w)) continue;
    for (let i = source.indexOf('\n', lineStart); i !== -1 && i < a; i = source.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    if (words.length < 200)
      words.push({ normal: v, original: w, line, code: outsideStringOrComment(source.slice(lineStart, a)) });
    out += source.slice(last, a) + v;
    last = b;
  }
  if (words.length === 0) return null;
  out += source.slice(last);
  return { content: Buffer.from(out, 'utf8'), words };
}

/** Whether text before a word on its line leaves it outside a string literal and a comment (quotes counted). */
function outsideStringOrComment(before: string): boolean {
  let quote = '';
  for (let i = 0; i < before.length; i++) {
    const c = before[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '#') return false;
    else if (c === '"' || c === "'") quote = c;
  }
  return quote === '';
}

/** The first dangerous name spelled with letters NFKC folds, in code (not in a string or comment). */
export function nfkcDangerous(fold: NfkcFold): NfkcFold['words'][number] | null {
  return fold.words.find((w) => w.code && DANGEROUS.test(w.normal)) ?? null;
}
