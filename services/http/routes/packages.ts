import { Router, type Request } from 'express';
import { badRequest, notFound } from '../../../shared/errors.js';
import { loadPackageCertificate, packageCertificateView, packageVerifyView, registryStats } from '../../../shared/packages/views.js';
import type { PackageRef } from '../../../shared/packages/types.js';

/**
 * `/packages/{registry}/{name}/{version}[/verify]`: scoped npm names (`@types/node`) span two path
 * segments, so the tail is split from the right; `%2f`-encoded names work too.
 */
function refFrom(req: Request): { ref: PackageRef; verify: boolean } {
  const registry = String(req.params.registry);
  if (registry !== 'npm' && registry !== 'pypi') throw badRequest('invalid_registry', 'registry must be npm or pypi', 'registry');
  const raw = req.params.rest as unknown;
  // Express has already decoded each segment (a %2f-encoded scoped name arrives as one "@scope/name").
  const segments = (Array.isArray(raw) ? raw : String(raw).split('/')).flatMap((s) => String(s).split('/')).filter(Boolean);
  const verify = segments[segments.length - 1] === 'verify' && segments.length >= 3;
  if (verify) segments.pop();
  const version = segments.pop();
  const name = segments.join('/');
  if (!name || !version) throw notFound('Package certificate', 'name');
  return { ref: { registry, name: registry === 'pypi' ? name.toLowerCase().replace(/[-_.]+/g, '-') : name, version }, verify };
}

export function packagesRouter(): Router {
  const r = Router();
  r.get('/packages/stats', async (_req, res) => {
    res.json(await registryStats());
  });
  r.get('/packages/:registry/*rest', async (req, res) => {
    const { ref, verify } = refFrom(req);
    const cert = await loadPackageCertificate(ref);
    res.set('Cache-Control', 'public, max-age=60');
    res.json(verify ? await packageVerifyView(cert) : await packageCertificateView(cert));
  });
  return r;
}
