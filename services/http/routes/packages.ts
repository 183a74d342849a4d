import { Router } from 'express';
import { badRequest, notFound } from '../../../shared/errors.js';
import { loadPackageRead, registryStats } from '../../../shared/packages/views.js';
import type { PackageRef } from '../../../shared/packages/types.js';
import { reads, sendPublicRead } from '../public-read.js';
import { normalizePypiName } from '../../../shared/packages/manifests/requirements.js';

/**
 * `/packages/{registry}/{name}/{version}[/verify]` from the decoded path segments after `/packages/`
 * (the route and the fast path both read it here): scoped npm names (`@types/node`) span two path
 * segments, so the tail is split from the right; `%2f`-encoded names work too.
 */
export function packageRefOf(registry: string, decodedSegments: string[]): { ref: PackageRef; verify: boolean } {
  if (registry !== 'npm' && registry !== 'pypi') throw badRequest('invalid_registry', 'registry must be npm or pypi', 'registry');
  const segments = decodedSegments.flatMap((s) => s.split('/')).filter(Boolean);
  const verify = segments[segments.length - 1] === 'verify' && segments.length >= 3;
  if (verify) segments.pop();
  const version = segments.pop();
  const name = segments.join('/');
  if (!name || !version) throw notFound('Package certificate', 'name');
  return { ref: { registry, name: registry === 'pypi' ? normalizePypiName(name) : name, version }, verify };
}

export function packagesRouter(): Router {
  const r = Router();
  r.get('/packages/stats', async (_req, res) => {
    res.json(await registryStats());
  });
  r.get('/packages/:registry/*rest', async (req, res) => {
    // Express has already decoded each segment (a %2f-encoded scoped name arrives as one "@scope/name").
    const raw = req.params.rest as unknown;
    const { ref, verify } = packageRefOf(String(req.params.registry), Array.isArray(raw) ? raw.map(String) : String(raw).split('/'));
    sendPublicRead(req, res, reads.package(await loadPackageRead(ref), verify));
  });
  return r;
}
