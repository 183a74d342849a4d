/**
 * How deep parsed input may nest (JSON request bodies, SKILL.md frontmatter). Nothing the service
 * reads needs more than a few levels; the limit keeps recursive code (validation, canonical JSON,
 * rule matchers) far from the engine's stack limit. Deeper input is refused with the stable code
 * `nesting_too_deep` naming where it happens (docs/api.md, "Error codes").
 */
export const MAX_INPUT_NESTING = 64;

export const NESTING_TOO_DEEP = 'nesting_too_deep';

/**
 * The path (member names and indexes, at most `show` of them) to the first array or object nested
 * deeper than `max` levels, or null when `value` stays within. Iterative: any depth is safe to ask.
 */
export function pathTooDeep(value: unknown, max = MAX_INPUT_NESTING, show = 4): (string | number)[] | null {
  const stack: { v: unknown; depth: number; path: (string | number)[] }[] = [{ v: value, depth: 0, path: [] }];
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > max) return path;
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    for (const [k, x] of entries) {
      if (typeof x === 'object' && x !== null) stack.push({ v: x, depth: depth + 1, path: path.length < show ? [...path, k] : path });
    }
  }
  return null;
}

/** `metadata.a.0` style, for an error's field and message. */
export function formatPath(path: (string | number)[]): string {
  return path.map(String).join('.');
}
