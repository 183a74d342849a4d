import type { Response } from 'express';
import { ApiError } from '../../../shared/errors.js';
import { isValid, loadCertificate } from '../../../shared/certificates/views.js';
import { badgeSvg, certificateBadge } from '../../../shared/certificates/badge.js';
import { isUuid } from '../../../shared/ids.js';

/** Short enough that a suspension reaches README readers within minutes, long enough for image proxies. */
export const BADGE_CACHE_CONTROL = 'public, max-age=120';
/** The SVG is an image, never a document that runs anything, even when opened on its own. */
const BADGE_CSP = "default-src 'none'; sandbox";

/**
 * GET /badge/{skillId}.svg: the live state as a README badge. An id we do not know answers an
 * "unknown" badge (200, so image proxies show it) rather than an error page a README cannot display.
 */
export async function sendBadge(file: string, res: Response): Promise<void> {
  if (!file.endsWith('.svg')) throw new ApiError(404, 'page_not_found', 'Badges are served as /badge/{skillId}.svg');
  const skillId = file.slice(0, -'.svg'.length);
  let state = null;
  if (isUuid(skillId)) {
    try {
      const { state: s } = await loadCertificate(skillId);
      state = { valid: isValid(s), status: s.status, activeFlagCount: s.activeFlagCount };
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
  }
  res
    .status(200)
    .set({ 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': BADGE_CACHE_CONTROL, 'Content-Security-Policy': BADGE_CSP, 'X-Content-Type-Options': 'nosniff' })
    .send(badgeSvg(certificateBadge(state)));
}
