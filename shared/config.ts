import { z } from 'zod';
import { ANVIL_ACCOUNTS } from './chain/presets.js';

/**
 * All configuration comes from the environment (twelve-factor), validated once at start.
 * A bad value stops the process with a message naming the variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const url = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL with scheme ${protocols.join(' or ')}`);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: int(3000, 0),
  PUBLIC_BASE_URL: url(['http:', 'https:']).optional(),
  DATABASE_URL: url(['mysql:', 'mariadb:']).default('mysql://root@127.0.0.1:3306/cert'),
  DATABASE_POOL_MAX: int(10, 1),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.string().regex(/^[a-zA-Z0-9_-]{1,40}$/).default('cert'),
  QUEUE_LOCK_MS: int(30000, 1000),
  WORKER_CONCURRENCY_SANDBOX: int(4, 1),
  WORKER_CONCURRENCY_COUNCIL: int(4, 1),
  SWEEP_INTERVAL_MS: int(15000, 500),
  SWEEP_STALE_MS: int(60000, 1000),
  SHUTDOWN_TIMEOUT_MS: int(25000, 1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The service's own signing key (hex, 32 bytes): signs receipts and certificates. */
  SERVICE_SIGNER_KEY: z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a 32-byte hex private key').optional(),
  /** Seed from which the built-in validators' wallet keys are derived (one key per validator). */
  VALIDATOR_KEY_SEED: z.string().min(16).optional(),
  SOURCE_GITHUB_WEB_BASE: url(['http:', 'https:']).default('https://github.com'),
  SOURCE_GITHUB_RAW_BASE: url(['http:', 'https:']).default('https://raw.githubusercontent.com'),
  SOURCE_ALLOW_PRIVATE_HOSTS: bool.default(false),
  SOURCE_FETCH_TIMEOUT_MS: int(10000, 100),
  /** npm registry base; when unset, `npm config get registry` at start. Never written in the repository. */
  NPM_REGISTRY_URL: url(['http:', 'https:']).optional(),
  /** npm bulk advisory endpoint; default `<NPM_REGISTRY_URL>/-/npm/v1/security/advisories/bulk`. */
  NPM_ADVISORY_URL: url(['http:', 'https:']).optional(),
  /** PyPI base (its JSON API lives under /pypi/...). Unset: PyPI dependencies are refused as unreachable. */
  PYPI_URL: url(['http:', 'https:']).optional(),
  PACKAGE_TRANSITIVE_AUDIT_CAP: int(40, 0),
  PACKAGE_MAX_ARCHIVE_BYTES: int(50 * 1024 * 1024, 1024),
  PACKAGE_FETCH_TIMEOUT_MS: int(60000, 1000),
  /** Threads per process that analyse archives off the JavaScript thread; 0 analyses in that thread. */
  PACKAGE_ANALYSIS_THREADS: int(1, 0),
  /** Heap cap of one analysis thread: an archive that needs more is reported, not allowed to grow the process. */
  PACKAGE_ANALYSIS_HEAP_MB: int(512, 16),
  PACKAGE_PRICE_SMALL_USD: z.coerce.number().min(0).default(0.5),
  PACKAGE_PRICE_MEDIUM_USD: z.coerce.number().min(0).default(1.5),
  PACKAGE_PRICE_LARGE_USD: z.coerce.number().min(0).default(4),
  WORKER_CONCURRENCY_PACKAGES: int(4, 1),
  /** When true, a /cert/v1 submission in a paid category needs a paid payment intent (paymentIntentId). */
  CERT_V1_REQUIRE_PAYMENT: bool.default(false),
  /** Test-only fault injection: pause at a named point so a test can kill the process there. */
  CERT_FAULT_AT: z.string().optional(),
  CERT_FAULT_DELAY_MS: int(0),
  /** Public read path (issue 11): how long live state may be served from a web process's cache when an invalidation is lost. */
  READ_CACHE_TTL_MS: int(1000, 0),
  /** Entries per read cache (sealed certificates, live states, package certificates) per web process. */
  READ_CACHE_MAX_ENTRIES: int(5000, 1),
  /** How often a worker moves view/verify counts from Redis to MySQL. */
  COUNTER_FLUSH_MS: int(5000, 100),
});

export type Config = z.infer<typeof schema> & { publicBaseUrl: string; serviceSignerKey: string; validatorKeySeed: string };

let cached: Config | undefined;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (PaaS dashboards often leave blanks behind).
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production') {
    const missing = (['SERVICE_SIGNER_KEY', 'VALIDATOR_KEY_SEED', 'PUBLIC_BASE_URL'] as const).filter((k) => !c[k]);
    if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required in production`).join('\n')}`);
  }
  // Development and test fall back to a fixed, publicly known key: never valid evidence in production.
  const serviceSignerKey = normaliseKey(c.SERVICE_SIGNER_KEY ?? DEV_SIGNER_KEY);
  return {
    ...c,
    publicBaseUrl: (c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    serviceSignerKey,
    validatorKeySeed: c.VALIDATOR_KEY_SEED ?? `dev-validators:${serviceSignerKey}`,
  };
}

/** anvil's first well-known dev key; only ever a development default. */
const DEV_SIGNER_KEY = ANVIL_ACCOUNTS[0].key;

function normaliseKey(k: string): string {
  return k.startsWith('0x') ? k : `0x${k}`;
}

export function config(): Config {
  cached ??= loadConfig();
  return cached;
}

/** For tests that build a config by hand. */
export function setConfig(c: Config): void {
  cached = c;
}
