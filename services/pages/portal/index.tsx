import { Router } from 'express';

/** The developer portal (spec 4.6 `{dev_portal_url}`, 5.5 sign-in). */
export function portalRouter(): Router {
  const r = Router();
  return r;
}
