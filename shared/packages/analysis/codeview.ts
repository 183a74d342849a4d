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

function blank(chars: string[], from: number, to: number): void {
  for (let i = from; i < to; i++) if (chars[i] !== '\n' && chars[i] !== '\r') chars[i] = ' ';
}

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
  if (ranges.length === 0) return text;
  const chars = text.split('');
  for (const [s, e] of ranges) blank(chars, s, e);
  return chars.join('');
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

export function pyCodeView(text: string): string {
  const chars: string[] | null = null;
  let out = chars as string[] | null;
  const n = text.length;
  let i = 0;
  let lineStart = true; // only whitespace since the start of the logical line
  let depth = 0;
  let lastSig = '';
  const ensure = (): string[] => (out ??= text.split(''));
  while (i < n) {
    const c = text[i]!;
    if (c === '#') {
      const e = text.indexOf('\n', i);
      const end = e === -1 ? n : e;
      blank(ensure(), i, end);
      i = end;
      continue;
    }
    if (c === '\n') {
      if (depth === 0 && lastSig !== '\\') lineStart = true;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    // string literal with an optional prefix
    let j = i;
    while (j < n && j - i < 3 && /[rRbBuUfF]/.test(text[j]!)) j++;
    const q = text[j];
    if ((q === '"' || q === "'") && (j === i || !/\w/.test(text[i - 1] ?? ''))) {
      const triple = text.startsWith(q.repeat(3), j);
      const delim = triple ? q.repeat(3) : q;
      let k = j + delim.length;
      while (k < n) {
        if (text[k] === '\\') {
          k += 2;
          continue;
        }
        if (text.startsWith(delim, k)) break;
        if (!triple && text[k] === '\n') break;
        k++;
      }
      const end = Math.min(n, k + delim.length);
      // A string that opens a logical line and is followed only by a line end is a doc string.
      if (lineStart && depth === 0) {
        let t = end;
        while (t < n && (text[t] === ' ' || text[t] === '\t' || text[t] === '\r')) t++;
        if (t >= n || text[t] === '\n' || text[t] === '#' || text[t] === ';') blank(ensure(), i, end);
      }
      i = end;
      lineStart = false;
      lastSig = 'a';
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
    lineStart = false;
    lastSig = c;
    i++;
  }
  return out ? out.join('') : text;
}
