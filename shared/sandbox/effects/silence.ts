/**
 * Alertmanager silences created through its API (`POST /api/v2/silences`), the same behaviour as `amtool silence add`
 * (docs/skill-effect-model.md, "monitoring silenced"): a silence whose every matcher matches every value (`.*`, `.+` as
 * a regex) stops every alert from paging anyone for as long as it lasts.
 */

/** The path of Alertmanager's silences endpoint. */
export const SILENCES_API = /\/api\/v[12]\/silences\b/;

const UNIT_HOURS: Record<string, number> = { h: 1, hour: 1, hours: 1, d: 24, day: 24, days: 24, w: 168, week: 168, weeks: 168, m: 720, month: 720, months: 720, y: 8760, year: 8760, years: 8760 };

/** How long a silence lasts, in hours, from its `startsAt`/`endsAt` text (literal timestamps, `timedelta(days=N)`, `date -d '+N days'`). */
function durationHours(text: string): number | null {
  const field = (k: string) => new RegExp(`["']?${k}["']?\\s*[:=]\\s*(.{0,160})`).exec(text)?.[1] ?? '';
  const iso = (s: string) => /^["']?(\d{4}-\d{2}-\d{2}(?:T[\d:.]+)?Z?)/.exec(s.trim())?.[1];
  const start = iso(field('startsAt'));
  const end = iso(field('endsAt'));
  if (start && end) {
    const h = (Date.parse(end) - Date.parse(start)) / 3_600_000;
    return Number.isFinite(h) ? h : null;
  }
  const ends = field('endsAt');
  const delta = /timedelta\(\s*(days|weeks|hours)\s*=\s*(\d+)/.exec(ends);
  if (delta) return Number(delta[2]) * UNIT_HOURS[delta[1]!]!;
  const date = /-d\s*["']?\+?\s*(\d+)\s*(hours?|days?|weeks?|months?|years?)\b|-v\s*\+(\d+)([dwmyH])\b/.exec(ends);
  if (date) return Number(date[1] ?? date[3]) * (UNIT_HOURS[(date[2] ?? date[4]!).replace(/^H$/, 'h')] ?? 0);
  return null;
}

/**
 * A silence body (JSON, a Python dict or a shell argument holding either) that matches every alert for 30 days or more:
 * returns its length in hours, or null. Every matcher must match everything: one naming a cluster narrows it.
 */
export function silencesEverything(text: string): number | null {
  const list = /["']matchers["']\s*:\s*\[([\s\S]{0,4000}?)\]/.exec(text)?.[1];
  if (!list) return null;
  const matchers = list.match(/\{[^{}]*\}/g) ?? [];
  const everything = matchers.length > 0 && matchers.every((m) => /["']value["']\s*:\s*["']\.[*+]["']/.test(m) && /["']isRegex["']\s*:\s*(?:true|True)\b/.test(m) && !/["']isEqual["']\s*:\s*(?:false|False)\b/.test(m));
  if (!everything) return null;
  const h = durationHours(text);
  return h !== null && h >= 720 ? Math.round(h) : null;
}
