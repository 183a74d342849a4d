/**
 * A quick start for a regex that opens with a lookbehind: the characters any match can begin with, put in front as a
 * lookahead (`(?=[sr…])(?<![\p{L}\p{N}_])(?:summary|report…)`). The engine skips ahead on an alternation's first
 * characters, but not past a lookbehind, which it then tests at every position of the text (two to three times the
 * cost of the search on prose); the lookahead lets it skip again. The pattern matches exactly where it did: every
 * match begins with one of those characters, so the lookahead only rules out positions where it could not match
 * (docs/analysis-limits.md).
 *
 * The first characters are read from the pattern's syntax by a small reader of the regex grammar (literals, escapes,
 * classes, groups, lookarounds, quantifiers, alternation). Anything it cannot bound (`.`, a negated class, a
 * back-reference, a pattern that can match the empty string, syntax it does not know) leaves the pattern unchanged.
 * It runs once per pattern when a module loads, in linear time, so it costs nothing per skill.
 */

/** Class escapes that are valid inside a character class as written. */
const CLASS_ESCAPE = /^\\[sSdDwW]$/;

interface First {
  /** Members of a character class, as source; null when the part can begin with any character. */
  members: string[] | null;
  /** The part can match without consuming a character. */
  empty: boolean;
}
const ANY: First = { members: null, empty: false };

function union(a: string[] | null, b: string[] | null): string[] | null {
  return a && b ? [...a, ...b] : null;
}

class Unknown extends Error {}

/**
 * Reads `source` from `at`: an alternation up to its closing parenthesis (or the end). Returns the first characters
 * of the alternation and where it ends; with `starts` and `firsts`, the start offset and the first characters of each
 * top-level alternative as well.
 */
function readAlternation(src: string, at: number, unicode: boolean, starts?: number[], firsts?: First[]): { first: First; end: number } {
  let members: string[] | null = [];
  let empty = false;
  let i = at;
  starts?.push(i);
  for (;;) {
    const seq = readSequence(src, i, unicode);
    firsts?.push(seq.first);
    members = union(members, seq.first.members);
    empty ||= seq.first.empty;
    i = seq.end;
    if (src[i] === '|') {
      i++;
      starts?.push(i);
      continue;
    }
    return { first: { members, empty }, end: i };
  }
}

/** A sequence of quantified atoms up to `|`, `)` or the end. */
function readSequence(src: string, at: number, unicode: boolean): { first: First; end: number } {
  let members: string[] | null = [];
  let open = true; // no atom that must consume a character seen yet
  let i = at;
  while (i < src.length && src[i] !== '|' && src[i] !== ')') {
    const atom = readAtom(src, i, unicode);
    i = atom.end;
    const q = readQuantifier(src, i);
    i = q.end;
    if (open) {
      members = union(members, atom.first.members);
      if (!atom.first.empty && !q.optional) open = false;
    }
  }
  return { first: { members, empty: open }, end: i };
}

function readQuantifier(src: string, at: number): { optional: boolean; end: number } {
  const ch = src[at];
  let i = at;
  let optional = false;
  if (ch === '?' || ch === '*' || ch === '+') {
    optional = ch !== '+';
    i++;
  } else if (ch === '{') {
    const m = /^\{(\d+)(?:,(\d*))?\}/.exec(src.slice(at, at + 24));
    if (!m) throw new Unknown('brace');
    optional = Number(m[1]) === 0;
    i += m[0].length;
  } else return { optional: false, end: at };
  if (src[i] === '?') i++; // lazy
  return { optional, end: i };
}

/** One atom: a character, an escape, a class, a group or an assertion. */
function readAtom(src: string, at: number, unicode: boolean): { first: First; end: number } {
  const ch = src[at]!;
  if (ch === '(') {
    const lookaround = /^\(\?(?:=|!|<=|<!)/.exec(src.slice(at, at + 4));
    const head = lookaround
      ? lookaround[0].length
      : (/^\(\?(?::|<[A-Za-z_$][\w$]*>)/.exec(src.slice(at, at + 40))?.[0].length ?? (src[at + 1] === '?' ? -1 : 1));
    if (head < 0) throw new Unknown('group');
    const inner = readAlternation(src, at + head, unicode);
    if (src[inner.end] !== ')') throw new Unknown('unclosed');
    // (a lookaround is zero-width: what follows it begins the match)
    return { first: lookaround ? { members: [], empty: true } : inner.first, end: inner.end + 1 };
  }
  if (ch === '[') {
    let i = at + 1;
    while (i < src.length && src[i] !== ']') i += src[i] === '\\' ? 2 : 1;
    if (i >= src.length) throw new Unknown('unclosed class');
    // (a '-' at either end of the class stays a literal when the class is merged with others)
    // (a trailing '-' is literal unless an odd run of backslashes escapes it: `[\\-]` is a backslash and a dash)
    const body = src
      .slice(at + 1, i)
      .replace(/^-/, '\\-')
      .replace(/((?:^|[^\\])(?:\\\\)*)-$/, '$1\\-');
    // (a surrogate written as an escape inside a class: the class's members are not single characters to copy)
    if (/\\u[dD][89a-fA-F]/.test(body)) return { first: ANY, end: i + 1 };
    return { first: src[at + 1] === '^' ? ANY : { members: [body], empty: false }, end: i + 1 };
  }
  if (ch === '^' || ch === '$') return { first: { members: [], empty: true }, end: at + 1 };
  if (ch === '.') return { first: ANY, end: at + 1 };
  if (ch === '\\') {
    const next = src[at + 1] ?? '';
    if (next === 'b' || next === 'B') return { first: { members: [], empty: true }, end: at + 2 };
    if (/[1-9]/.test(next)) return { first: ANY, end: at + 1 + /^\d+/.exec(src.slice(at + 1))![0].length };
    if (next === 'k') {
      const close = src.indexOf('>', at);
      if (close < 0) throw new Unknown('named back-reference');
      return { first: ANY, end: close + 1 };
    }
    if ((next === 'p' || next === 'P') && src[at + 2] === '{' && unicode) {
      const close = src.indexOf('}', at);
      return { first: { members: [src.slice(at, close + 1)], empty: false }, end: close + 1 };
    }
    // (`\u{…}` is a code point only under the u flag; without it `\u{0,1}` is a letter and a quantifier)
    const codePoint = unicode ? /^\\u\{[0-9a-fA-F]{1,6}\}/.exec(src.slice(at, at + 10)) : null;
    if (codePoint) return { first: { members: [codePoint[0]], empty: false }, end: at + codePoint[0].length };
    const hex = /^\\(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2})/.exec(src.slice(at, at + 6));
    // (a surrogate written as an escape may be half of a pair the u flag reads as one character: not bounded here)
    if (hex && /^\\u[dD][89a-fA-F]/.test(hex[0])) return { first: ANY, end: at + hex[0].length };
    if (hex) return { first: { members: [hex[0]], empty: false }, end: at + hex[0].length };
    if (next === 'u' || next === 'x') throw new Unknown(`escape \\${next}`);
    if (next === 'c') return { first: ANY, end: at + 3 };
    if (next === '0') return { first: ANY, end: at + 2 };
    const esc = src.slice(at, at + 2);
    if (CLASS_ESCAPE.test(esc) || /[^A-Za-z0-9]/.test(next) || /[nrtfv]/.test(next))
      return { first: { members: [esc], empty: false }, end: at + 2 };
    throw new Unknown(`escape ${esc}`);
  }
  // a literal character (a surrogate pair is one character under the u flag)
  const code = src.charCodeAt(at);
  const len = code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  if (len === 2 && !unicode) throw new Unknown('astral literal');
  const lit = src.slice(at, at + len);
  return { first: { members: [/[\]\\^-]/.test(lit) ? `\\${lit}` : lit], empty: false }, end: at + len };
}

/**
 * `source` with a first-character lookahead before each top-level alternative that opens with a lookbehind (the
 * alternatives stay top-level, so a pattern built from this source reads as before). Unchanged for a case-insensitive
 * pattern (its first characters are not the ones written) or one the reader does not know.
 */
export function quickStart(source: string, flags: string): string {
  return quickStarted(source, flags).source;
}

/** A regex of `source` with quickStart's lookaheads: the pattern checked once is the object returned (not built twice). */
export function quickStartRegExp(source: string, flags: string): RegExp {
  const q = quickStarted(source, flags);
  return q.re ?? new RegExp(source, flags);
}

/** quickStart's source, with the regex built from it when that source differs from `source` (null when unchanged). */
function quickStarted(source: string, flags: string): { source: string; re: RegExp | null } {
  const unchanged = { source, re: null };
  if (flags.includes('i') || flags.includes('v') || flags.includes('x')) return unchanged;
  const unicode = flags.includes('u');
  const starts: number[] = [];
  // (each alternative's first characters, read in the same pass: the pattern is parsed once)
  const firsts: First[] = [];
  try {
    const top = readAlternation(source, 0, unicode, starts, firsts);
    if (top.end !== source.length) return unchanged;
  } catch (e) {
    if (e instanceof Unknown) return unchanged;
    throw e;
  }
  let out = '';
  let from = 0;
  for (let k = 0; k < starts.length; k++) {
    const start = starts[k]!;
    if (
      !source.startsWith('(?<', start) ||
      (source.startsWith('(?<', start) && /^\(\?<[A-Za-z_$]/.test(source.slice(start, start + 4)))
    )
      continue;
    const first = firsts[k]!;
    const ahead = !first.empty && first.members?.length ? `(?=[${[...new Set(first.members)].join('')}])` : '';
    out += source.slice(from, start) + ahead;
    from = start;
  }
  out += source.slice(from);
  if (out === source) return unchanged;
  try {
    return { source: out, re: new RegExp(out, flags) };
  } catch {
    return unchanged;
  }
}

/** `re` with quickStart's lookaheads (the same regex object when there is nothing to add). */
export function withQuickStart(re: RegExp): RegExp {
  return quickStarted(re.source, re.flags).re ?? re;
}
