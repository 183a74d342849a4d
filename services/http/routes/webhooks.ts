import { Router, type Response } from 'express';
import { parseInput, WebhookCreateBody, WebhookDeliveriesQuery } from '../../../shared/api/schemas.js';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints } from '../../../shared/webhooks/store.js';

/**
 * Webhook endpoints of the authenticated owner (docs/webhooks.md); mounted behind the API-key auth
 * (/cert/v1/webhooks) and the developer-token auth (/api/v1/cert/dev/webhooks), which set the owner.
 */
export function webhooksRouter(ownerOf: (res: Response) => string): Router {
  const r = Router();
  r.post('/', async (req, res) => {
    const body = parseInput(WebhookCreateBody, req.body);
    res.status(201).json(await createEndpoint(ownerOf(res), body));
  });
  r.get('/', async (_req, res) => {
    res.json({ items: await listEndpoints(ownerOf(res)) });
  });
  r.delete('/:id', async (req, res) => {
    res.json(await deleteEndpoint(ownerOf(res), String(req.params.id)));
  });
  r.get('/:id/deliveries', async (req, res) => {
    const q = parseInput(WebhookDeliveriesQuery, req.query, 'query');
    res.json({ items: await listDeliveries(ownerOf(res), String(req.params.id), q.limit) });
  });
  return r;
}
