/**
 * Webhook endpoints, the outbox of events and the delivery log (docs/webhooks.md). Every state change
 * that raises an event calls `recordWebhookEvent` inside its own transaction: one delivery row per
 * subscribed endpoint commits with the change (or not at all), and is queued after the commit. The
 * worker's sweep queues again any row still pending whose enqueue was lost (a web process that died
 * between its commit and the enqueue), so every event is delivered at least once.
 */
import { randomUUID } from 'node:crypto';
import { QueryTypes, type Transaction } from 'sequelize';
import { cacheKey, invalidate, invalidationsSent, liveCache } from '../cache/read-cache.js';
import { config } from '../config.js';
import { db } from '../db/connection.js';
import { conflict, notFound, unprocessable } from '../errors.js';
import { isUuid } from '../ids.js';
import { logger } from '../log.js';
import { ensureJob, jobIds, type WebhookJob } from '../queues/index.js';
import { isWebhookEventType, wants, WEBHOOK_EVENT_TYPES, type WebhookEvent } from './events.js';
import { checkTarget, postWebhook, type SendResult } from './send.js';
import { newWebhookSecret, webhookHeaders } from './signing.js';

// (made on first use: a logger reads the configuration, and importing this module must not, or a bad variable would
// escape the process's start-up check as an uncaught error instead of its exit 78)
const log = () => logger('webhooks');
const s = () => db();

interface EndpointRow {
  id: string;
  owner: string;
  url: string;
  description: string | null;
  secret: string;
  events: string | string[];
  created_at: Date;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  owner: string;
  event_type: string;
  body: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
}

const eventsOf = (r: Pick<EndpointRow, 'events'>): string[] => (typeof r.events === 'string' ? (JSON.parse(r.events) as string[]) : r.events);

export function endpointView(r: EndpointRow) {
  return { id: r.id, url: r.url, description: r.description, events: eventsOf(r), createdAt: new Date(r.created_at).toISOString() };
}

export function deliveryView(r: DeliveryRow) {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    eventType: r.event_type,
    status: r.status,
    attempts: r.attempts,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    createdAt: iso(r.created_at),
    lastAttemptAt: iso(r.last_attempt_at),
    deliveredAt: iso(r.delivered_at),
    payload: JSON.parse(r.body) as unknown,
  };
}

const sendOptions = () => ({ timeoutMs: config().WEBHOOK_TIMEOUT_MS, allowHosts: config().WEBHOOK_ALLOW_HOSTS });

/** Registers an endpoint for `owner`; the answer carries the secret, which is never shown again. */
export async function createEndpoint(owner: string, input: { url: string; events?: string[]; description?: string }) {
  const events = [...new Set(input.events ?? [])];
  const unknown = events.find((e) => !isWebhookEventType(e));
  if (unknown !== undefined) throw unprocessable('unknown_event_type', `Unknown event type ${unknown}; one of ${WEBHOOK_EVENT_TYPES.join(', ')}`, 'events');
  const problem = await checkTarget(input.url, sendOptions());
  if (problem) throw unprocessable('webhook_target_refused', `The webhook URL cannot be used: ${problem}`, 'url');
  return s().transaction(async (t) => {
    // Count under a lock on the owner's rows, so two registrations at once cannot pass the limit together.
    const rows = await s().query<{ id: string }>('SELECT id FROM webhook_endpoints WHERE owner = ? AND deleted_at IS NULL FOR UPDATE', { replacements: [owner], type: QueryTypes.SELECT, transaction: t });
    if (rows.length >= config().WEBHOOK_MAX_ENDPOINTS) throw conflict('webhook_limit', `At most ${config().WEBHOOK_MAX_ENDPOINTS} webhook endpoints; delete one first`);
    const row: EndpointRow = { id: randomUUID(), owner, url: input.url, description: input.description ?? null, secret: newWebhookSecret(), events, created_at: new Date() };
    await s().query('INSERT INTO webhook_endpoints (id, owner, url, description, secret, events, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', {
      replacements: [row.id, owner, row.url, row.description, row.secret, JSON.stringify(events), row.created_at, row.created_at],
      transaction: t,
    });
    // Every process reads the owner's endpoints anew for its next event (see `endpointsOf`).
    invalidate.webhookEndpoints([owner], t);
    return { ...endpointView(row), secret: row.secret };
  }).then(async (created) => {
    // Answered once every listening process has been told: an event its client causes next is delivered.
    await invalidationsSent();
    return created;
  });
}

async function ownEndpoint(owner: string, id: string): Promise<EndpointRow> {
  const [row] = isUuid(id)
    ? await s().query<EndpointRow>('SELECT * FROM webhook_endpoints WHERE id = ? AND owner = ? AND deleted_at IS NULL', { replacements: [id.toLowerCase(), owner], type: QueryTypes.SELECT })
    : [];
  if (!row) throw notFound('Webhook endpoint', 'id');
  return row;
}

export async function listEndpoints(owner: string) {
  const rows = await s().query<EndpointRow>('SELECT * FROM webhook_endpoints WHERE owner = ? AND deleted_at IS NULL ORDER BY created_at', { replacements: [owner], type: QueryTypes.SELECT });
  return rows.map(endpointView);
}

/** Deletes an endpoint: nothing more is queued for it and its pending deliveries are dropped (logged FAILED). */
export async function deleteEndpoint(owner: string, id: string) {
  const row = await ownEndpoint(owner, id);
  await s().query('UPDATE webhook_endpoints SET deleted_at = NOW(3), updated_at = NOW(3) WHERE id = ?', { replacements: [row.id] });
  invalidate.webhookEndpoints([owner]);
  await invalidationsSent();
  return endpointView(row);
}

/** The delivery log of one of the owner's endpoints, newest first. */
export async function listDeliveries(owner: string, endpointId: string, limit = 50) {
  const ep = await ownEndpoint(owner, endpointId);
  const rows = await s().query<DeliveryRow>(`SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY created_at DESC, id LIMIT ${Math.min(Math.max(1, limit), 200)}`, {
    replacements: [ep.id],
    type: QueryTypes.SELECT,
  });
  return rows.map(deliveryView);
}

export const enqueueDelivery = (deliveryId: string) =>
  ensureJob<WebhookJob>('webhooks', jobIds.webhook(deliveryId), { deliveryId }, { attempts: config().WEBHOOK_MAX_ATTEMPTS, backoff: { type: 'exponential', delay: config().WEBHOOK_BACKOFF_MS } });

type OwnerEndpoints = Pick<EndpointRow, 'id' | 'events'>[];

const endpointsSql = 'SELECT id, events FROM webhook_endpoints WHERE owner = ? AND deleted_at IS NULL';

/**
 * An owner's endpoints, which every state change that raises an event reads (three per verdict): cached per
 * process (web and worker) while it listens to the invalidation channel, dropped by `createEndpoint` and
 * `deleteEndpoint` (which answer only once the invalidation is sent); READ_CACHE_TTL_MS bounds what a lost
 * message can cost, and with the channel down every event reads them from MySQL. A miss is read in the
 * event's transaction (a second pool connection per waiting transaction could exhaust the pool); within one
 * transaction an owner's endpoints are read once (two moves in one transaction: IN_AUDIT, then the verdict).
 */
const endpointCache = liveCache<OwnerEndpoints>('webhookEndpoints', (owner) => s().query<EndpointRow>(endpointsSql, { replacements: [owner], type: QueryTypes.SELECT }));
const readInTransaction = new WeakMap<Transaction, Map<string, Promise<OwnerEndpoints>>>();

function endpointsOf(owner: string, t: Transaction): Promise<OwnerEndpoints> {
  let byOwner = readInTransaction.get(t);
  if (!byOwner) readInTransaction.set(t, (byOwner = new Map()));
  let p = byOwner.get(owner);
  if (!p) {
    p = endpointCache.get(cacheKey.webhookEndpoints(owner), () => s().query<EndpointRow>(endpointsSql, { replacements: [owner], type: QueryTypes.SELECT, transaction: t }));
    byOwner.set(owner, p);
  }
  return p;
}

/**
 * One event for `owner`, in the transaction `t` of the change it reports: a delivery row per endpoint
 * that wants it, queued once `t` commits. A failed enqueue is left to the worker's sweep.
 */
export async function recordWebhookEvent(owner: string, event: WebhookEvent | null, t: Transaction): Promise<number> {
  if (!event) return 0;
  const endpoints = await endpointsOf(owner, t);
  const ids: string[] = [];
  const body = JSON.stringify(event);
  for (const ep of endpoints) {
    if (!wants(eventsOf(ep), event.type)) continue;
    const id = `msg_${randomUUID().replace(/-/g, '')}`;
    await s().query("INSERT INTO webhook_deliveries (id, endpoint_id, owner, event_type, body, status, attempts, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'PENDING', 0, NOW(3), NOW(3))", {
      replacements: [id, ep.id, owner, event.type, body],
      transaction: t,
    });
    ids.push(id);
  }
  if (ids.length) {
    t.afterCommit(() => {
      for (const id of ids) void enqueueDelivery(id).catch((err) => log().warn({ deliveryId: id, err: (err as Error).message }, 'webhook delivery not queued; the sweep queues it'));
    });
  }
  return ids.length;
}

export type AttemptOutcome = 'delivered' | 'already_delivered' | 'gone' | 'failed';

/**
 * One attempt of one delivery: signs the stored body (the same `webhook-id` every time, this
 * attempt's timestamp) and posts it. Returns the outcome; throws when the attempt failed and another
 * will follow (`final` false), so the queue retries it with its backoff.
 */
export async function attemptDelivery(deliveryId: string, opts: { final: boolean }, send: typeof postWebhook = postWebhook): Promise<AttemptOutcome> {
  const [row] = await s().query<DeliveryRow & { url: string | null; secret: string | null; deleted_at: Date | null }>(
    'SELECT d.*, e.url, e.secret, e.deleted_at FROM webhook_deliveries d LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = ?',
    { replacements: [deliveryId], type: QueryTypes.SELECT },
  );
  if (!row) return 'gone';
  if (row.status === 'DELIVERED') return 'already_delivered';
  if (!row.url || !row.secret || row.deleted_at) {
    await s().query("UPDATE webhook_deliveries SET status = 'FAILED', last_error = 'the endpoint was deleted', updated_at = NOW(3) WHERE id = ? AND status = 'PENDING'", { replacements: [deliveryId] });
    return 'gone';
  }
  const result: SendResult = await send(row.url, webhookHeaders(row.secret, row.id, row.body), row.body, sendOptions());
  const status = result.ok ? 'DELIVERED' : opts.final ? 'FAILED' : 'PENDING';
  await s().query(
    `UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, last_status_code = ?, last_error = ?, last_attempt_at = NOW(3), delivered_at = ${result.ok ? 'NOW(3)' : 'delivered_at'}, updated_at = NOW(3) WHERE id = ? AND status <> 'DELIVERED'`,
    { replacements: [status, result.statusCode, result.error?.slice(0, 300) ?? null, deliveryId] },
  );
  if (result.ok) return 'delivered';
  if (opts.final) return 'failed';
  throw new Error(`webhook ${deliveryId}: ${result.error}`);
}

/** Queues again the pending deliveries not touched for `staleMs` (their enqueue or their job was lost). */
export async function sweepWebhooks(staleMs: number): Promise<number> {
  const rows = await s().query<{ id: string }>("SELECT id FROM webhook_deliveries WHERE status = 'PENDING' AND updated_at < NOW(3) - INTERVAL ? MICROSECOND ORDER BY updated_at LIMIT 500", {
    replacements: [staleMs * 1000],
    type: QueryTypes.SELECT,
  });
  let n = 0;
  for (const r of rows) if ((await enqueueDelivery(r.id)) !== 'exists') n++;
  return n;
}
