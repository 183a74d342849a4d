import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { config } from './config.js';

/**
 * Every Redis connection of the service comes from here: a plain server at REDIS_URL, or with
 * REDIS_CLUSTER=true a Redis Cluster for which REDIS_URL names one seed node (its user, password
 * and TLS apply to every node).
 */
export type RedisConnection = Redis | Cluster;

export function redisConnection(options: RedisOptions = {}): RedisConnection {
  const c = config();
  if (!c.REDIS_CLUSTER) return new Redis(c.REDIS_URL, options);
  const u = new URL(c.REDIS_URL);
  const { maxRetriesPerRequest, enableReadyCheck, ...nodeOptions } = options;
  return new Cluster([{ host: u.hostname, port: Number(u.port || 6379) }], {
    enableReadyCheck,
    redisOptions: {
      ...nodeOptions,
      maxRetriesPerRequest,
      username: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      tls: u.protocol === 'rediss:' ? {} : undefined,
    },
  });
}

/**
 * Key prefix for the service's own keys (rate limits): QUEUE_PREFIX without its hash-tag braces, so
 * that on a cluster these keys spread over the slots instead of joining the queues' slot.
 */
export function keyPrefix(): string {
  return config().QUEUE_PREFIX.replace(/[{}]/g, '');
}
