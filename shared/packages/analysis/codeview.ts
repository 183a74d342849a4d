/**
 * Code view of a source file: the same text with comments (and, in Python, doc strings) replaced
 * by spaces, newlines kept, so every offset and line number still points into the original file.
 * A credential path in a doc comment or an IP in a `//` example is text, not code.
 *
 * JavaScript goes through acorn's tokenizer (a real lexer: it tells a regular expression from a
 * division and a `//` inside a string from a comment); TypeScript or anything acorn refuses falls
 * back to a small lexer of strings, template literals and comments. Python is lexed here (strings,
 * triple-quoted strings, `#` comments; a string that is a whole statement is a doc string).
 * Only files whose pre-scan produced a finding pay for this.
 */
import { tokenizer } from 'acorn';

export function jsCodeView(text: string): string {
  const ranges: [number, number][] = [];
  try {
    const opts = { ecmaVersion: 'latest' as const, allowHashBang: true, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true, onComment: (_b: boolean, _t: string, s: number, e: number) => ranges.push([s, e]) };
    try {
      for (const _ of tokenizer(text, { ...opts, sourceType: 'module' })) void _;
    } catch {
      ranges.length = 0;
      for (const _ of tokenizer(text, { ...opts, sourceType: 'script' })) void _;
    }
  } catch {
    ranges.length = 0;
    simpleJsComments(text, ranges);
  }
  return blankRanges(text, ranges);
}

/** Fallback lexer (TypeScript, JSX): strings, templates and comments; a `/` after an operand is division. */
function simpleJsComments(text: string, ranges: [number, number][]): void {
  const n = text.length;
  let i = 0;
  let prevSig = '';
  while (i < n) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      const e = text.indexOf('\n', i);
      const end = e === -1 ? n : e;
      ranges.push([i, end]);
      i = end;
    } else if (c === '/' && text[i + 1] === '*') {
      const e = text.indexOf('*/', i + 2);
      const end = e === -1 ? n : e + 2;
      ranges.push([i, end]);
      i = end;
    } else if (c === '"' || c === "'" || c === '`') {
      i++;
      while (i < n && text[i] !== c) {
        if (text[i] === '\\') i++;
        else if (c !== '`' && text[i] === '\n') break;
        i++;
      }
      i++;
      prevSig = 'a';
    } else if (c === '/' && !/[\w)\]$]/.test(prevSig)) {
      // a regular expression literal
      i++;
      let cls = false;
      while (i < n && text[i] !== '\n' && (cls || text[i] !== '/')) {
        if (text[i] === '\\') i++;
        else if (text[i] === '[') cls = true;
        else if (text[i] === ']') cls = false;
        i++;
      }
      i++;
      prevSig = 'a';
    } else {
      if (!/\s/.test(c)) prevSig = c;
      i++;
    }
  }
}

/** Replace every character but line ends in [from, to) of text with a space. */
function blankRanges(text: string, ranges: readonly [number, number][]): string {
  if (ranges.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const [s, e] of ranges) {
    parts.push(text.slice(at, s), text.slice(s, e).replace(/[^\r\n]/g, ' '));
    at = e;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** The last Python code view: the scan and the flow reader ask for the same file's view in turn. */
let lastPy: { text: string; view: string } | null = null;

/** 1 for the string-prefix letters r R b B u U f F. */
const PREFIX = new Uint8Array(128);
for (const c of 'rRbBuUfF') PREFIX[c.charCodeAt(0)] = 1;
const isWord = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

export function pyCodeView(text: string): string {
  if (lastPy && lastPy.text === text) return lastPy.view;
  const ranges: [number, number][] = [];
  const n = text.length;
  let i = 0;
  let lineStart = true; // only whitespace since the start of the logical line
  let depth = 0;
  let lastSig = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 35 /* # */) {
      const e = text.indexOf('\n', i);
      const end = e === -1 ? n : e;
      ranges.push([i, end]);
      i = end;
      continue;
    }
    if (c === 10) {
      if (depth === 0 && lastSig !== 92 /* \ */) lineStart = true;
      i++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 12) {
      i++;
      continue;
    }
    // string literal with an optional prefix
    let j = i;
    while (j < n && j - i < 3 && text.charCodeAt(j) < 128 && PREFIX[text.charCodeAt(j)] === 1) j++;
    const q = text.charCodeAt(j);
    if ((q === 34 || q === 39) && (j === i || i === 0 || !isWord(text.charCodeAt(i - 1)))) {
      const triple = text.charCodeAt(j + 1) === q && text.charCodeAt(j + 2) === q;
      const dl = triple ? 3 : 1;
      let k = j + dl;
      while (k < n) {
        const ch = text.charCodeAt(k);
        if (ch === 92) {
          k += 2;
          continue;
        }
        if (ch === q && (!triple || (text.charCodeAt(k + 1) === q && text.charCodeAt(k + 2) === q))) break;
        if (!triple && ch === 10) break;
        k++;
      }
      const end = Math.min(n, k + dl);
      // A string that opens a logical line and is followed only by a line end is a doc string.
      if (lineStart && depth === 0) {
        let t = end;
        while (t < n && (text.charCodeAt(t) === 32 || text.charCodeAt(t) === 9 || text.charCodeAt(t) === 13)) t++;
        if (t >= n || text.charCodeAt(t) === 10 || text.charCodeAt(t) === 35 || text.charCodeAt(t) === 59) ranges.push([i, end]);
      }
      i = end;
      lineStart = false;
      lastSig = 97;
      continue;
    }
    if (c === 40 || c === 91 || c === 123) depth++;
    else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
    lineStart = false;
    lastSig = c;
    i++;
  }
  const view = blankRanges(text, ranges);
  lastPy = { text, view };
  return view;
}
