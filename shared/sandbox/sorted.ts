/** Searches in ascending lists of numbers (line numbers, offsets), so per-document indexes are read in O(log n). */

/** The first index of an ascending list whose value is at least `v` (the list's length when none is). */
export function firstAtLeast(sorted: readonly number[], v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether an ascending list holds a value in [from, to). */
export function anyIn(sorted: readonly number[], from: number, to: number): boolean {
  if (to <= from) return false;
  const i = firstAtLeast(sorted, from);
  return i < sorted.length && sorted[i]! < to;
}
