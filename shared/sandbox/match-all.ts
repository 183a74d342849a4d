/**
 * `text.matchAll(re)` without the copy of the regex. The built-in clones its regex on every call (the species
 * constructor of the spec), and in V8 the clone's code is compiled again: for a rule-table regex of a few thousand
 * characters that is 0.1–0.3 ms per call, paid once per sentence or line — more than the search itself
 * (docs/analysis-limits.md, "Twenty-second round").
 *
 * Same matches in the same order as the built-in: the search starts at `re.lastIndex`, an empty match steps one
 * character (one code point under `u` or `v`), and `re.lastIndex` is as before when the caller sees a match and
 * after the last one, so a loop body that uses the same regex (or a nested walk with it) is not disturbed. Like the
 * built-in it refuses a regex without `g`.
 */
export function* matchAll(text: string, re: RegExp): Generator<RegExpExecArray, void, undefined> {
  if (!re.global) throw new TypeError('matchAll needs a global regex');
  const saved = re.lastIndex;
  const fullUnicode = re.unicode || re.flags.includes('v');
  let at = saved;
  for (;;) {
    re.lastIndex = at;
    let m: RegExpExecArray | null;
    try {
      m = re.exec(text);
      at = re.lastIndex;
    } finally {
      re.lastIndex = saved;
    }
    if (m === null) return;
    if (m[0].length === 0) at = advance(text, at, fullUnicode);
    yield m;
  }
}

/** The spec's AdvanceStringIndex: past one code unit, or one code point in unicode mode. */
function advance(text: string, at: number, fullUnicode: boolean): number {
  if (!fullUnicode || at + 1 >= text.length) return at + 1;
  const c = text.charCodeAt(at);
  if (c < 0xd800 || c > 0xdbff) return at + 1;
  const d = text.charCodeAt(at + 1);
  return d >= 0xdc00 && d <= 0xdfff ? at + 2 : at + 1;
}

const twins = new WeakMap<RegExp, Map<string, RegExp>>();

/**
 * A global copy of `re` with `flags` (by default its own flags and `g`), made once per regex and flags: a copy made
 * per call is compiled again per call. Its `lastIndex` is set to 0 on every call.
 */
export function globalTwin(re: RegExp, flags = re.flags.includes('g') ? re.flags : `${re.flags}g`): RegExp {
  let byFlags = twins.get(re);
  if (!byFlags) twins.set(re, (byFlags = new Map()));
  let twin = byFlags.get(flags);
  if (!twin) byFlags.set(flags, (twin = new RegExp(re.source, flags)));
  twin.lastIndex = 0;
  return twin;
}
