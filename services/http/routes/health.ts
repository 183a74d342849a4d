import { Router } from 'express';

export type ReadinessProbe = () => Promise<Record<string, boolean>>;

export function healthRouter(ready: ReadinessProbe): Router {
  const r = Router();
  /** Liveness: the process answers. */
  r.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  /** Readiness: MySQL and Redis answer; a draining process reports not ready. */
  r.get('/readyz', async (_req, res) => {
    const checks = await ready();
    const ok = Object.values(checks).every(Boolean);
    res.status(ok ? 200 : 503).json({ ok, checks });
  });
  return r;
}
