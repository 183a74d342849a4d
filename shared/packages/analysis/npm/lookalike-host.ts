/**
 * A host rewritten into a look-alike of itself (docs/package-analysis.md "Branch pkg22", `token_lookalike_host`):
 * code that takes a host name (`new URL(endpoint).hostname`, `u.host`, a `domain`) and swaps one character for one
 * that looks the same (`o` → `0`, `l` → `1`, `rn` → `m`) builds the address of a look-alike host of whatever the
 * user configured: a token refresh or a login posted there reaches whoever registered the look-alike. Honest code
 * rewrites host names by labels (`api.` → `auth.`, dropping `www.`), never by swapping a letter for its twin.
 * Also `lookalikeOf`: a literal host one edit or one look-alike character away from a host the package declares.
 */
import { forEachChild, parseJs } from './flow-js.js';

type N = any;

/** Characters (or pairs) people read as the same in a host name: each pair is a look-alike swap either way. */
export const CONFUSABLE_PAIRS: readonly (readonly [string, string])[] = [
  ['o', '0'],
  ['l', '1'],
  ['i', '1'],
  ['i', 'l'],
  ['I', 'l'],
  ['e', '3'],
  ['a', '4'],
  ['s', '5'],
  ['g', '9'],
  ['b', '6'],
  ['z', '2'],
  ['m', 'rn'],
  ['w', 'vv'],
  ['d', 'cl'],
  ['n', 'ri'],
  // Cyrillic and Greek letters drawn like Latin ones
  ['a', '\u0430'],
  ['e', '\u0435'],
  ['o', '\u043e'],
  ['p', '\u0440'],
  ['c', '\u0441'],
  ['x', '\u0445'],
  ['y', '\u0443'],
  ['o', '\u03bf'],
];

/** Names a value carries when it is a host (the receiver of the rewrite, or what it was bound from). */
const HOST_WORD = /\b(?:host(?:name)?|domain|origin|endpoint|baseUrl|baseURL|apiUrl|server)\b|new URL\s*\(/;

function confusable(a: string, b: string): boolean {
  return CONFUSABLE_PAIRS.some(([x, y]) => (a === x && b === y) || (a === y && b === x));
}

/** The one character (or pair) a `replace` pattern matches: a regex of a literal, or a short string. */
function patternChars(n: N): string | null {
  if (n?.type !== 'Literal') return null;
  if (n.regex) {
    const p = String(n.regex.pattern);
    return /^[A-Za-z0-9\u0370-\u04ff]{1,2}$/.test(p) ? p : null;
  }
  return typeof n.value === 'string' && n.value.length >= 1 && n.value.length <= 2 ? n.value : null;
}

/** Whether an expression (or a name bound from one, a few steps back) carries a host name. */
function hostValued(n: N, text: string, inits: Map<string, N>, depth = 0): boolean {
  if (!n || depth > 4) return false;
  if (HOST_WORD.test(text.slice(n.start, n.end))) return true;
  if (n.type === 'Identifier') return hostValued(inits.get(n.name), text, inits, depth + 1);
  if (n.type === 'CallExpression' && n.callee?.type === 'MemberExpression') return hostValued(n.callee.object, text, inits, depth + 1);
  if (n.type === 'MemberExpression') return hostValued(n.object, text, inits, depth + 1);
  return false;
}

const GATE = /\.replace(?:All)?\s*\(\s*(?:\/[^/\n]{1,2}\/[gimsuy]*|['"][^'"\n]{1,2}['"])\s*,\s*['"][^'"\n]{1,2}['"]\s*\)/;

/** The first host name rewritten by a look-alike swap, or null. */
export function lookalikeRewrite(text: string): { index: number; evidence: string } | null {
  if (!GATE.test(text) || !HOST_WORD.test(text)) return null;
  const ast = parseJs(text);
  if (!ast) return null;
  const inits = new Map<string, N>();
  const calls: N[] = [];
  const stack: N[] = [ast];
  let k = 0;
  while (stack.length > 0 && k++ < 300_000) {
    const x = stack.pop();
    if (!x || typeof x.type !== 'string') continue;
    if (x.type === 'VariableDeclarator' && x.id.type === 'Identifier' && x.init) inits.set(x.id.name, x.init);
    if (x.type === 'CallExpression' && x.callee?.type === 'MemberExpression' && /^replace(?:All)?$/.test(x.callee.property?.name ?? '') && x.arguments.length === 2) calls.push(x);
    forEachChild(x, (c) => stack.push(c));
  }
  for (const c of calls) {
    const from = patternChars(c.arguments[0]);
    const to = c.arguments[1]?.type === 'Literal' && typeof c.arguments[1].value === 'string' ? c.arguments[1].value : null;
    if (from === null || to === null || !confusable(from, to)) continue;
    if (hostValued(c.callee.object, text, inits)) return { index: c.start, evidence: text.slice(c.start, Math.min(c.end, c.start + 120)) };
  }
  return null;
}

/** `host` with each look-alike character read as its plain twin (`rn` → `m`, `0` → `o`), for comparison. */
function skeleton(host: string): string {
  let s = host.toLowerCase();
  for (const [x, y] of CONFUSABLE_PAIRS) if (y.length >= x.length) s = s.split(y.toLowerCase()).join(x.toLowerCase());
  return s;
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/**
 * The declared host `host` imitates, if any: not the same host nor one of its subdomains, but its registrable name
 * one edit away (a letter added, dropped or changed) or the same once look-alike characters are read as their twins.
 */
export function lookalikeOf(host: string, declared: readonly string[]): string | null {
  const h = host.toLowerCase();
  for (const d0 of declared) {
    const d = d0.toLowerCase();
    if (h === d || h.endsWith(`.${d}`) || d.endsWith(`.${h}`)) continue;
    const site = (x: string): string => x.split('.').slice(-2).join('.');
    const hs = site(h);
    const ds = site(d);
    if (hs === ds || ds.split('.')[0]!.length < 4) continue;
    if (skeleton(hs) === skeleton(ds) || editDistanceAtMostOne(hs, ds)) return d;
  }
  return null;
}
