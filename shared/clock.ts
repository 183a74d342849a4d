let lastMs = 0;
let lastIso = '';

/**
 * The current time as an ISO 8601 string at millisecond resolution, formatted once per millisecond:
 * a busy web process stamps many answers and log lines within one (`toISOString` is the costly part).
 * The value is exactly `new Date().toISOString()`.
 */
export function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}
