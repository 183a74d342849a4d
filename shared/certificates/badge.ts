/**
 * The README badge of a certificate (`/badge/{skillId}.svg`): what it says, from the live verify
 * answer, and the SVG. Pure: no I/O, so the wording and the escaping are unit-tested alone.
 */
export type BadgeTone = 'ok' | 'warn' | 'bad' | 'neutral';

export interface Badge {
  label: string;
  message: string;
  tone: BadgeTone;
}

export const BADGE_LABEL = 'cert';

/** The live state a badge needs: the verify answer's `valid`, `status` and `activeFlagCount`. */
export interface BadgeState {
  valid: boolean;
  status: string;
  activeFlagCount: number;
}

/** certified only when the verify answer is valid; an open flag, a suspension or an unknown id say so instead. */
export function certificateBadge(state: BadgeState | null): Badge {
  if (!state) return { label: BADGE_LABEL, message: 'unknown', tone: 'neutral' };
  if (state.valid) return { label: BADGE_LABEL, message: 'certified', tone: 'ok' };
  if (state.status === 'SUSPENDED') return { label: BADGE_LABEL, message: 'suspended', tone: 'bad' };
  if (state.status === 'DEPRECATED') return { label: BADGE_LABEL, message: 'deprecated', tone: 'neutral' };
  if (state.status === 'APPROVED' && state.activeFlagCount > 0) return { label: BADGE_LABEL, message: 'flagged', tone: 'warn' };
  return { label: BADGE_LABEL, message: 'not valid', tone: 'bad' };
}

/** Background colours with white text at 4.5:1 or more (WCAG AA), like the stylesheet's. */
const FILL: Record<BadgeTone, string> = { ok: '#116329', warn: '#7a4a00', bad: '#a40e26', neutral: '#545d68' };
const LABEL_FILL = '#1b1f24';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** Width of `text` in 11px Verdana, roughly (narrow and wide letters told apart), plus padding. */
function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[iljtfr.,:;' |!]/.test(ch) ? 4 : /[mwMW@%]/.test(ch) ? 10 : /[A-Z]/.test(ch) ? 8 : 7;
  return w + 12;
}

/** A flat two-part badge (label | message), the shape README badges have; every text escaped. */
export function badgeSvg(b: Badge): string {
  const label = escapeXml(b.label);
  const message = escapeXml(b.message);
  const lw = textWidth(b.label);
  const mw = textWidth(b.message);
  const w = lw + mw;
  const title = `${label}: ${message}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<rect width="${lw}" height="20" fill="${LABEL_FILL}"/>` +
    `<rect x="${lw}" width="${mw}" height="20" fill="${FILL[b.tone]}"/>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">` +
    `<text x="${lw / 2}" y="14">${label}</text>` +
    `<text x="${lw + mw / 2}" y="14">${message}</text>` +
    `</g></svg>`
  );
}

/** What a README author copies: Markdown and HTML linking the badge to the certificate page. */
export function badgeSnippets(badgeUrl: string, pageUrl: string, skillName: string): { markdown: string; html: string } {
  const alt = `cert certificate of ${skillName}`.replace(/[[\]\\]/g, '');
  return {
    markdown: `[![${alt}](${badgeUrl})](${pageUrl})`,
    html: `<a href="${escapeXml(pageUrl)}"><img src="${escapeXml(badgeUrl)}" alt="${escapeXml(alt)}"></a>`,
  };
}
