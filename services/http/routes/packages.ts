import { Router } from 'express';
import { badRequest, notFound } from '../../../shared/errors.js';
import { loadPackageRead, registryStats } from '../../../shared/packages/views.js';
import type { PackageRef } from '../../../shared/packages/types.js';
import { PACKAGE_READ_CACHE_CONTROL, reads, sendPublicRead } from '../public-read.js';
import { renderOnce } from '../../../shared/cache/read-cache.js';
import { packageCertificateSarif } from '../../../shared/reports/views.js';
import { sendSarif, wantsSarif } from '../sarif.js';
import { normalizePypiName } from '../../../shared/packages/manifests/requirements.js';

/** The last path segment that asks for the certificate's findings as SARIF (docs/api.md#sarif-export). */
export const SARIF_SEGMENT = 'findings.sarif';

/**
 * `/packages/{registry}/{name}/{version}[/verify | /findings.sarif]` from the decoded path segments
 * after `/packages/` (the route and the fast path both read it here): scoped npm names (`@types/node`)
 * span two path segments, so the tail is split from the right; `%2f`-encoded names work too.
 */
export function packageRefOf(registry: string, decodedSegments: string[]): { ref: PackageRef; verify: boolean; sarif: boolean } {
  if (registry !== 'npm' && registry !== 'pypi') throw badRequest('invalid_registry', 'registry must be npm or pypi', 'registry');
  const segments = decodedSegments.flatMap((s) => s.split('/')).filter(Boolean);
  const last = segments.length >= 3 ? segments[segments.length - 1] : undefined;
  const verify = last === 'verify';
  const sarif = last === SARIF_SEGMENT;
  if (verify || sarif) segments.pop();
  const version = segments.pop();
  const name = segments.join('/');
  if (!name || !version) throw notFound('Package certificate', 'name');
  return { ref: { registry, name: registry === 'pypi' ? normalizePypiName(name) : name, version }, verify, sarif };
}

export function packagesRouter(): Router {
  const r = Router();
  r.get('/packages/stats', async (_req, res) => {
    res.json(await registryStats());
  });
  r.get('/packages/:registry/*rest', async (req, res) => {
    // Express has already decoded each segment (a %2f-encoded scoped name arrives as one "@scope/name").
    const raw = req.params.rest as unknown;
    const { ref, verify, sarif } = packageRefOf(String(req.params.registry), Array.isArray(raw) ? raw.map(String) : String(raw).split('/'));
    const read = await loadPackageRead(ref);
    // The certificate's findings as SARIF: at their own path, or the certificate's URL asked for SARIF.
    if (sarif || (!verify && wantsSarif(req))) {
      sendSarif(req, res, renderOnce(read, 'sarif', () => packageCertificateSarif(read.certificate)), PACKAGE_READ_CACHE_CONTROL);
      return;
    }
    sendPublicRead(req, res, reads.package(read, verify));
  });
  return r;
}
