import type { Request, RequestHandler } from 'express';
import { actorForApiKey, ownerOfActor, touchApiKey, type ActorRow } from '../../shared/actors/api-keys.js';
import { unauthorized } from '../../shared/errors.js';
import { countBadKey } from './rate-limit.js';

export interface BearerContext {
  actor: ActorRow;
  owner: string;
}

/** The token of `Authorization: Bearer <token>`; a malformed header is a 401 of its own. */
export function bearerToken(req: Request): string | undefined {
  const h = req.get('authorization');
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  if (!m) throw unauthorized('invalid_authorization_header', 'Use the header Authorization: Bearer <API_KEY>');
  return m[1];
}

async function resolve(req: Request): Promise<BearerContext | undefined> {
  const token = bearerToken(req);
  if (!token) return undefined;
  const found = await actorForApiKey(token);
  if (!found) {
    await countBadKey(req);
    throw unauthorized('invalid_api_key', 'The API key is unknown or revoked');
  }
  touchApiKey(found.keyId);
  return { actor: found.actor, owner: ownerOfActor(found.actor.id) };
}

export const requireBearer: RequestHandler = async (req, res, next) => {
  const ctx = await resolve(req);
  if (!ctx) throw unauthorized('missing_api_key', 'This endpoint needs Authorization: Bearer <API_KEY>');
  res.locals.bearer = ctx;
  next();
};

/** For endpoints with no declared auth: a valid key shows the owner's view, none shows the public one. */
export const optionalBearer: RequestHandler = async (req, res, next) => {
  res.locals.bearer = await resolve(req);
  next();
};

export const bearerOf = (res: { locals: Record<string, unknown> }) => res.locals.bearer as BearerContext;
export const maybeBearerOf = (res: { locals: Record<string, unknown> }) => res.locals.bearer as BearerContext | undefined;
