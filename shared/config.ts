import { z } from 'zod';
import ipaddr from 'ipaddr.js';
import { getAddress, isAddress } from 'ethers';
import { ANVIL_ACCOUNTS, PRESETS } from './chain-presets.js';

/**
 * All configuration comes from the environment (twelve-factor): one schema, here, for every
 * variable of every process, validated once at start (`loadConfig`). A bad value stops the process
 * with a message naming the variable. The chain's and the economy's views (shared/chain/config.ts,
 * shared/economy/config.ts) are derived from the same variables (`readEnvironment`). Every variable
 * is listed once in docs/configuration.md (test/unit/configuration-docs.test.ts checks it).
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max).default(def);
/** A wallet key, normalised to 0x and lower case. */
const walletKey = z
  .string()
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a 32-byte hex private key')
  .transform((k) => (k.startsWith('0x') ? k : `0x${k}`).toLowerCase());
const address = z.string().refine((v) => isAddress(v), 'must be an EVM address (0x + 40 hex)').transform((v) => getAddress(v));
/** A decimal amount of a token, e.g. 0.05. */
const amount = (def: string) => z.string().regex(/^\d{1,12}(\.\d{1,18})?$/, 'must be a decimal amount such as 0.05').default(def);
const url = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL with scheme ${protocols.join(' or ')}`);

/**
 * Which peers may set X-Forwarded-For/-Proto (Express `trust proxy`): `false` (default: none), a hop
 * count, or a comma-separated list of addresses, CIDR ranges and the names loopback, linklocal,
 * uniquelocal. `true` (trust anyone) is refused: any client could then pick its own address.
 */
const trustProxy = z
  .string()
  .transform((v, ctx): false | number | string[] => {
    const t = v.trim().toLowerCase();
    if (t === 'false' || t === 'none' || t === '0') return false;
    if (/^\d+$/.test(t)) return Number(t);
    const items = t.split(',').map((x) => x.trim()).filter(Boolean);
    const bad = items.filter((x) => !['loopback', 'linklocal', 'uniquelocal'].includes(x) && !ipaddr.isValid(x) && !isCidr(x));
    if (t === 'true' || !items.length || bad.length) {
      ctx.addIssue({ code: 'custom', message: `must be false, a hop count, or a list of addresses/CIDR ranges/loopback/linklocal/uniquelocal${bad.length ? ` (not understood: ${bad.join(', ')})` : ''}` });
      return z.NEVER;
    }
    return items;
  });

function isCidr(v: string): boolean {
  try {
    ipaddr.parseCIDR(v);
    return true;
  } catch {
    return false;
  }
}

/** A site's base address: every absolute URL is built on it, so no query, fragment or credentials. */
const baseUrl = () => url(['http:', 'https:']).refine((v) => !new URL(v).search && !new URL(v).hash && !new URL(v).username, 'must be a base URL without query, fragment or credentials');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: int(3000, 0),
  PUBLIC_BASE_URL: baseUrl().optional(),
  /** Where the certificate browser and the developer portal are linked from (spec 4.6); default PUBLIC_BASE_URL. */
  SITE_URL: baseUrl().optional(),
  DEV_PORTAL_URL: baseUrl().optional(),
  TRUST_PROXY: trustProxy.default(false),
  /** Above common load-balancer idle timeouts (60 s): the balancer, not Node, closes idle connections. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: int(65000, 1000),
  /** Must exceed the keep-alive timeout (Node closes a reused socket that waits for headers longer). */
  HTTP_HEADERS_TIMEOUT_MS: int(66000, 1000),
  /** Retry-After (seconds) on 503 answers while MySQL or Redis cannot be reached. */
  UNAVAILABLE_RETRY_AFTER_SECONDS: int(5, 1),
  /** Sign-in challenges: outstanding (unused, unexpired) per wallet and in all. */
  AGENT_CHALLENGES_PER_WALLET: int(5, 1),
  AGENT_CHALLENGES_MAX_OUTSTANDING: int(10000, 1),
  /** Active (unrevoked) developer tokens a signed-in wallet may hold at once (self-service issuance). */
  DEV_TOKENS_PER_DEVELOPER: int(5, 1),
  /** How often the portal's submission page asks for the status while it is not final (ms). */
  PORTAL_POLL_INTERVAL_MS: int(5000, 250),
  /**
   * The portal's development wallet (docs/developer-channel.md): a key `npm start` generates for this
   * installation and funds with test USDC on the local chain. Refused in production and on any chain
   * that is not a local development chain.
   */
  PORTAL_DEV_WALLET_KEY: z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a 32-byte hex private key').optional(),
  DATABASE_URL: url(['mysql:', 'mariadb:']).default('mysql://root@127.0.0.1:3306/cert'),
  DATABASE_POOL_MAX: int(10, 1),
  /**
   * How long opening one MySQL connection may take (ms). On a starved CPU a process's own start-up work
   * can hold its event loop past a short timer while the server has already answered; scripts/test.mjs
   * raises it, since its suites start several processes at once on a small machine.
   */
  DATABASE_CONNECT_TIMEOUT_MS: int(5000, 100),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  /** With REDIS_CLUSTER, REDIS_URL is one seed node of a Redis Cluster. */
  REDIS_CLUSTER: bool.default(false),
  /**
   * Bull key prefix. Braces make a Redis Cluster hash tag (`{cert}`): every key of every queue then
   * lands on one slot, which Bull's multi-key scripts need on a cluster.
   */
  QUEUE_PREFIX: z
    .string()
    .regex(/^(?:[a-zA-Z0-9_-]{1,40}|[a-zA-Z0-9_-]*\{[a-zA-Z0-9_-]+\}[a-zA-Z0-9_-]*)$/, 'letters, digits, _ and -, optionally one {hash tag}')
    .max(42)
    .default('cert'),
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
  /**
   * Endpoint review of API and SKILL+API submissions (docs/endpoint-review.md). Declared endpoints
   * are probed with safe methods through the SSRF guard; each probe has this deadline (DNS, connect,
   * TLS, redirects, fallbacks, body) and reads at most MAX_BYTES of an answer.
   */
  ENDPOINT_PROBE_TIMEOUT_MS: int(8000, 100),
  ENDPOINT_PROBE_MAX_BYTES: int(1024 * 1024, 1024),
  ENDPOINT_PROBE_MAX_REDIRECTS: int(5, 0),
  /** Probes in flight per host name (the others wait), so one review never floods one service. */
  ENDPOINT_PROBE_PER_HOST: int(2, 1),
  /** Declared endpoints probed per submission; those beyond are reported as not probed (a FAILED review). */
  ENDPOINT_PROBE_MAX_ENDPOINTS: int(25, 1),
  /**
   * A probe that failed in a way that may be transient (no answer at all, a 5xx) is tried again this
   * many times, after RETRY_DELAY_MS, then twice that, and so on: an API is refused for a base URL
   * that does not answer (ENDPOINT-DOWN-001) only when every attempt failed.
   */
  ENDPOINT_PROBE_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  ENDPOINT_PROBE_RETRY_DELAY_MS: int(1000, 0),
  /** A declared endpoint over plain http fails the review. Refused as false in production. */
  ENDPOINT_PROBE_REQUIRE_TLS: bool.default(true),
  /**
   * Host names (or literal addresses) that may be probed although they resolve to loopback or
   * private addresses: local test servers. Comma-separated; refused in production.
   */
  ENDPOINT_PROBE_ALLOW_HOSTS: z
    .string()
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1')).filter(Boolean))
    .default([]),
  /**
   * Signed webhooks (docs/webhooks.md): each delivery attempt waits at most TIMEOUT_MS for an answer;
   * a failed one is tried again up to MAX_ATTEMPTS in all, after BACKOFF_MS, then twice that, and so on.
   */
  WEBHOOK_TIMEOUT_MS: int(10000, 100),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  WEBHOOK_BACKOFF_MS: int(5000, 100),
  WEBHOOK_MAX_ENDPOINTS: z.coerce.number().int().min(1).max(100).default(10),
  WORKER_CONCURRENCY_WEBHOOKS: int(4, 1),
  /**
   * Host names (or literal addresses) a webhook may target although they resolve to loopback or
   * private addresses, and over plain http: local test receivers. Comma-separated; refused in production.
   */
  WEBHOOK_ALLOW_HOSTS: z
    .string()
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1')).filter(Boolean))
    .default([]),
  /**
   * Monitoring after issue (docs/monitoring.md). Each certificate's source file and endpoints are
   * checked once per interval, at an offset within it derived from the certificate's id (spread, no
   * thundering herd); the planner looks MONITOR_PLAN_EVERY_MS ahead. Re-analyses after a ruleset
   * change are rate-limited across all workers.
   */
  MONITOR_ENABLED: bool.default(true),
  MONITOR_SOURCE_INTERVAL_MS: int(6 * 60 * 60 * 1000, 500),
  MONITOR_ENDPOINTS_INTERVAL_MS: int(15 * 60 * 1000, 500),
  /** Each certified package version's registry advisories re-checked once per interval. */
  MONITOR_ADVISORIES_INTERVAL_MS: int(6 * 60 * 60 * 1000, 500),
  MONITOR_PLAN_EVERY_MS: int(60 * 1000, 200),
  MONITOR_RULES_PER_MINUTE: int(30, 1),
  /** Package re-analyses after a package analysis version change, per minute across all workers (evenly spaced). */
  MONITOR_PACKAGE_RULES_PER_MINUTE: int(20, 1),
  WORKER_CONCURRENCY_MONITOR: int(4, 1),
  /** npm registry base; when unset, `npm config get registry` at start. Never written in the repository. */
  NPM_REGISTRY_URL: url(['http:', 'https:']).optional(),
  /** npm bulk advisory endpoint; default `<NPM_REGISTRY_URL>/-/npm/v1/security/advisories/bulk`. */
  NPM_ADVISORY_URL: url(['http:', 'https:']).optional(),
  /** PyPI base (its JSON API lives under /pypi/...). Unset: PyPI dependencies are refused as unreachable. */
  PYPI_URL: url(['http:', 'https:']).optional(),
  PACKAGE_TRANSITIVE_AUDIT_CAP: int(40, 0),
  /** Declared (direct) dependencies accepted per submission, draft and package preview: more is a 422 naming the cap. */
  PACKAGE_MAX_DECLARED_DEPENDENCIES: int(200, 1),
  /** Registry lookups a package preview runs at once (uncertified pins, ranges, size estimates). */
  PACKAGE_PREVIEW_CONCURRENCY: int(8, 1),
  PACKAGE_MAX_ARCHIVE_BYTES: int(50 * 1024 * 1024, 1024),
  PACKAGE_FETCH_TIMEOUT_MS: int(60000, 1000),
  /** Threads per process that analyse archives off the JavaScript thread; 0 analyses in that thread. */
  PACKAGE_ANALYSIS_THREADS: int(1, 0),
  /** Heap cap of one analysis thread: an archive that needs more is reported, not allowed to grow the process. */
  PACKAGE_ANALYSIS_HEAP_MB: int(512, 16),
  /** Milliseconds one archive's analysis may take in its thread; past it the analysis is PARTIAL with LIMIT-TIME-001 (docs/analysis-limits.md). 0: no budget. */
  PACKAGE_ANALYSIS_BUDGET_MS: int(20000, 0),
  /** Threads per process that analyse skill files off the JavaScript thread; 0 analyses in that thread (no time budget then). */
  SKILL_ANALYSIS_THREADS: int(1, 0),
  /** Milliseconds one skill analysis may take; past it the report is blocked with LIMIT-TIME-001 (docs/analysis-limits.md). */
  SKILL_ANALYSIS_BUDGET_MS: int(2000, 50),
  /**
   * What SKILL_ANALYSIS_BUDGET_MS counts: 'cpu', the analysis thread's own CPU time (Linux; elsewhere the wall
   * clock), stopped all the same after 4 budgets of wall-clock time; 'wall', time since the thread took the skill.
   */
  SKILL_ANALYSIS_BUDGET_CLOCK: z.enum(['cpu', 'wall']).default('cpu'),
  /** Whether a skill analysis thread analyses a small skill while it starts, so the first request does not pay for compiling the analyser (docs/analysis-limits.md, "Warm-up"). */
  SKILL_ANALYSIS_WARM_UP: bool.default(true),
  /**
   * Whether web and worker start their skill analysis threads at boot (so the first analysis does not wait for one to
   * load the analyser, about 1.5 s of CPU) or when the first skill is analysed; `npm test` starts them on demand.
   */
  SKILL_ANALYSIS_PRESTART: bool.default(true),
  /** Heap cap of one skill analysis thread. */
  SKILL_ANALYSIS_HEAP_MB: int(256, 16),
  /** Validate requests waiting for an analysis thread in one web process; more is 503 analysis_busy with Retry-After. */
  SKILL_ANALYSIS_MAX_QUEUED: int(16, 0),
  PACKAGE_PRICE_SMALL_USD: z.coerce.number().min(0).default(0.5),
  PACKAGE_PRICE_MEDIUM_USD: z.coerce.number().min(0).default(1.5),
  PACKAGE_PRICE_LARGE_USD: z.coerce.number().min(0).default(4),
  WORKER_CONCURRENCY_PACKAGES: int(4, 1),
  /** When true, a /cert/v1 submission in a paid category needs a paid payment intent (paymentIntentId). */
  CERT_V1_REQUIRE_PAYMENT: bool.default(false),
  /** Requests per minute (0: no limit), counted in Redis across web processes. */
  RATE_LIMIT_PUBLIC_PER_MIN: int(600, 0),
  RATE_LIMIT_CHALLENGE_PER_MIN: int(20, 0),
  RATE_LIMIT_COMPARE_PER_MIN: int(10, 0),
  RATE_LIMIT_API_KEY_PER_MIN: int(600, 0),
  /** Unknown or revoked bearer keys per minute per client address; past it the address's bearer requests are 429 before any lookup. */
  RATE_LIMIT_BAD_KEY_PER_MIN: int(30, 0),
  RATE_LIMIT_WALLET_PER_MIN: int(300, 0),
  /** Skill analyses (validate, submit) per minute per actor: each can hold an analysis thread for SKILL_ANALYSIS_BUDGET_MS. */
  RATE_LIMIT_ANALYSIS_PER_MIN: int(30, 0),
  /** Operator console: how long a sign-in lasts, and login attempts allowed per 15 minutes (0: no limit). */
  CONSOLE_SESSION_TTL_MS: int(8 * 60 * 60 * 1000, 60_000),
  CONSOLE_LOGIN_PER_IP: int(30, 0),
  CONSOLE_LOGIN_FAILURES_PER_NAME: int(5, 0),
  /** Prometheus: bearer token for /metrics on the public port (and on the metrics ports when set). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A port of its own for the web's /metrics, on METRICS_HOST (unset: none). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The worker's /metrics port (unset: none). */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Council seats per round; built-in validators fill the seats no external validator takes in time. */
  COUNCIL_SEATS: z.coerce.number().int().min(1).max(15).default(3),
  /** How long a round's seats wait for external validators before built-ins fill the rest (only while one is admitted). */
  COUNCIL_CLAIM_WINDOW_MS: int(10 * 60 * 1000, 0),
  /** An external validator's lease on a seat: its signed vote must arrive before it ends, or the seat is reassigned. */
  COUNCIL_LEASE_MS: int(20 * 60 * 1000, 1000),
  /** Leases one external validator may hold at once: claiming seats it never votes on can only delay a few rounds. */
  COUNCIL_MAX_LEASES_PER_VALIDATOR: int(5, 1),
  /** LLM-backed validator (OpenAI-compatible chat completions). Both URL and model set: it takes a seat in every round. */
  LLM_VALIDATOR_URL: url(['http:', 'https:']).optional(),
  LLM_VALIDATOR_MODEL: z.string().min(1).max(200).optional(),
  LLM_VALIDATOR_API_KEY: z.string().max(4096).optional(),
  LLM_VALIDATOR_TIMEOUT_MS: int(60000, 100),
  /**
   * x402 settlement lease (docs/payments-recovery.md): a settling process renews it every third of
   * this; once it runs out (the process died), another process finishes the settlement.
   */
  X402_SETTLE_LEASE_MS: int(15000, 1000),
  /** How often the worker looks for payments left unsettled by a dead process. */
  X402_RECONCILE_INTERVAL_MS: int(5000, 200),
  /** Test-only fault injection: pause at a named point so a test can kill the process there. */
  CERT_FAULT_AT: z.string().optional(),
  CERT_FAULT_DELAY_MS: int(0),
  /** With CERT_FAULT_AT: pause only where one of the point's details equals this (a test's own wallet, say). */
  CERT_FAULT_MATCH: z.string().optional(),
  /** Public read path: how long live state may be served from a web process's cache when an invalidation is lost. */
  READ_CACHE_TTL_MS: int(1000, 0),
  /** Entries per read cache (sealed certificates, live states, package certificates) per web process. */
  READ_CACHE_MAX_ENTRIES: int(5000, 1),
  /** How long a web process may serve a submission's status read from memory if an invalidation message is lost (docs/api.md#polling-a-submission). */
  SUBMISSION_CACHE_TTL_MS: int(60000, 0),
  /**
   * How long a web process may trust a verified API key (and its actor's activation) from memory if the
   * invalidation of a revocation or (de)activation is lost (docs/api.md#authentication); 0: every request
   * reads the key from MySQL.
   */
  API_KEY_CACHE_TTL_MS: int(10000, 0),
  /** last_used_at of an API key is written at most once per this per key and web process. */
  API_KEY_TOUCH_INTERVAL_MS: int(60000, 0),
  /** Long-polls (`?waitSeconds=`) one web process holds at once; beyond: 503 long_poll_capacity. */
  LONG_POLL_MAX_WAITERS: int(1000, 1),
  /** Long-polls on one submission at once per web process; beyond: 429 too_many_waiters. */
  LONG_POLL_MAX_PER_SUBMISSION: int(4, 1),
  /** How often a worker moves view/verify counts from Redis to MySQL. */
  COUNTER_FLUSH_MS: int(5000, 100),
  /** Skill sandbox: comma-separated package-index hosts trusted in `pip --extra-index-url` (handed to the analyses: packageIndexHosts below). */
  PACKAGE_INDEX_HOSTS: z.string().optional(),
  /** Development: the anvil binary `npm start` runs for the local chain (default: the @foundry-rs/anvil package's). */
  ANVIL_BIN: z.string().optional(),

  // The chain and payments (shared/chain/config.ts derives its view; secrets never appear in messages).
  CHAIN_PRESET: z.enum(['local', 'base', 'base-sepolia']).default('local'),
  /** JSON-RPC endpoint; it may embed an API key, so it is logged as its origin only. */
  CHAIN_RPC_URL: url(['http:', 'https:']).default('http://127.0.0.1:8545'),
  /** Registry owner and commit signer (local default: anvil account #1). */
  CHAIN_SIGNER_KEY: walletKey.optional(),
  /** CertificateRegistry (local: recorded in CHAIN_STATE_DIR/deployment.json). */
  REGISTRY_ADDRESS: address.optional(),
  /** Payment token (default: the preset's USDC; local: TestUSDC we deploy). */
  USDC_ADDRESS: address.optional(),
  /** EIP-712 domain of the token (default: the preset's). */
  USDC_EIP712_NAME: z.string().min(1).max(64).optional(),
  USDC_EIP712_VERSION: z.string().min(1).max(16).optional(),
  /** Settles payments on chain (local default: anvil account #2, unless X402_FACILITATOR_URL). */
  FACILITATOR_KEY: walletKey.optional(),
  /** Receives payments (local default: anvil account #3). */
  PAY_TO_ADDRESS: address.optional(),
  /** Blocks to wait after a transaction. */
  CHAIN_CONFIRMATIONS: int(1, 1, 64),
  /** An external x402 facilitator (its /verify and /settle). */
  X402_FACILITATOR_URL: url(['http:', 'https:']).optional(),
  /** maxTimeoutSeconds offered in payment requirements. */
  X402_MAX_TIMEOUT_SECONDS: int(300, 30, 86400),
  /** How long to wait for a receipt before a transaction's outcome counts as unknown. */
  CHAIN_TX_TIMEOUT_MS: int(60000, 1000, 3600000),
  /** Local chain state and deployment record. */
  CHAIN_STATE_DIR: z.string().min(1).default('.data/anvil'),
  /** How often the worker checks recorded commitments against the registry (0: never), and how many per tick. */
  CHAIN_RECONCILE_INTERVAL_MS: int(30000, 0, 86400000),
  CHAIN_RECONCILE_BATCH: int(100, 1, 10000),
  /** Certificates committed under one Merkle root at most; a batch is committed once full or its oldest certificate waited the window; how often the worker looks. */
  CHAIN_BATCH_MAX: int(100, 1, 10000),
  CHAIN_BATCH_WINDOW_MS: int(30000, 0, 86400000),
  CHAIN_BATCH_POLL_MS: int(1000, 100, 3600000),
  /** Comma-separated version-1 registries whose per-certificate commitments stay valid (migration). */
  CHAIN_LEGACY_REGISTRIES: z
    .string()
    .optional()
    .transform((v, c) => {
      const out: string[] = [];
      for (const a of (v ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
        if (!isAddress(a)) {
          c.addIssue({ code: 'custom', message: 'must be comma-separated EVM addresses (0x + 40 hex)' });
          return z.NEVER;
        }
        out.push(getAddress(a));
      }
      return out;
    }),

  // The economy (shared/economy/config.ts derives its view).
  /** The one key that pays validators and bounties (local default: anvil account #5). */
  PAYOUT_SIGNER_KEY: walletKey.optional(),
  /** ERC-20 bounties are paid in (local: TestRewardToken we deploy), and its decimals. */
  REWARD_TOKEN_ADDRESS: address.optional(),
  REWARD_TOKEN_DECIMALS: int(18, 0, 36),
  /** A completed review earns this share of the submission's fee (basis points). */
  VALIDATOR_PAYOUT_SHARE_BPS: int(1000, 0, 10000),
  /** Floor per completed review, also for free submissions (0: none). */
  VALIDATOR_PAYOUT_MIN_USDC: amount('0.05'),
  /** Where built-in validators' payouts go (unset: built-in reviews earn nothing). */
  BUILTIN_VALIDATOR_PAYOUT_ADDRESS: address.optional(),
  /** Reward tokens per confirmed flag. */
  FLAG_BOUNTY_REWARD: amount('100'),
  /** Flags one actor may raise per window, the window, and open flags one actor may hold at once. */
  FLAG_RATE_LIMIT: int(10, 1, 100000),
  FLAG_RATE_WINDOW_SECONDS: int(86400, 1, 31536000),
  FLAG_MAX_OPEN_PER_ACTOR: int(3, 1, 10000),
  /** How often the worker looks for unpaid ledger entries. */
  PAYOUT_SWEEP_MS: int(30000, 500, 3600000),
});

/** Every variable the service reads, by name. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

/** The variables as validated, before anything is derived from them. */
export type Environment = z.infer<typeof schema>;

export type Config = Environment & { publicBaseUrl: string; siteUrl: string; devPortalUrl: string; serviceSignerKey: string; validatorKeySeed: string };

let cached: Config | undefined;

export class ConfigError extends Error {}

type Env = NodeJS.ProcessEnv | Record<string, string | undefined>;

/** The one reading of the environment: every variable validated, nothing derived yet. */
export function readEnvironment(env: Env = process.env): Environment {
  // An empty variable counts as unset (PaaS dashboards often leave blanks behind).
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * The wallet keys in force: what is set, else on the local preset anvil's public development
 * accounts (#1 signs commits, #2 settles payments unless an external facilitator does, #3 is paid,
 * #5 pays validators and bounties). Off the local preset nothing defaults.
 */
export function keysInForce(c: Environment): { chainSignerKey: string | null; facilitatorKey: string | null; payTo: string | null; payoutSignerKey: string | null } {
  const local = PRESETS[c.CHAIN_PRESET].local;
  return {
    chainSignerKey: c.CHAIN_SIGNER_KEY ?? (local ? ANVIL_ACCOUNTS[1].key : null),
    facilitatorKey: c.FACILITATOR_KEY ?? (local && !c.X402_FACILITATOR_URL ? ANVIL_ACCOUNTS[2].key : null),
    payTo: c.PAY_TO_ADDRESS ?? (local ? ANVIL_ACCOUNTS[3].address : null),
    payoutSignerKey: c.PAYOUT_SIGNER_KEY ?? (local ? ANVIL_ACCOUNTS[5].key : null),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const c = readEnvironment(env);
  if (c.HTTP_HEADERS_TIMEOUT_MS <= c.HTTP_KEEP_ALIVE_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must be greater than HTTP_KEEP_ALIVE_TIMEOUT_MS');
  }
  if (c.REDIS_CLUSTER && !/\{[^}]+\}/.test(c.QUEUE_PREFIX)) {
    throw new ConfigError(`Invalid configuration:\n  QUEUE_PREFIX: must carry a hash tag on a Redis Cluster, e.g. {${c.QUEUE_PREFIX}}`);
  }
  if (c.NODE_ENV === 'production') {
    const missing = (['SERVICE_SIGNER_KEY', 'VALIDATOR_KEY_SEED', 'PUBLIC_BASE_URL'] as const).filter((k) => !c[k]);
    const problems = [...missing.map((k) => `  ${k}: required in production`), ...developmentKeyProblems(c)];
    // Production probes only public addresses, over TLS (docs/endpoint-review.md).
    if (c.ENDPOINT_PROBE_ALLOW_HOSTS.length) problems.push('  ENDPOINT_PROBE_ALLOW_HOSTS: test servers only; production probes public addresses only');
    if (c.WEBHOOK_ALLOW_HOSTS.length) problems.push('  WEBHOOK_ALLOW_HOSTS: test receivers only; production webhooks go to public https addresses only');
    if (!c.ENDPOINT_PROBE_REQUIRE_TLS) problems.push('  ENDPOINT_PROBE_REQUIRE_TLS: must stay true in production');
    if (c.PORTAL_DEV_WALLET_KEY) problems.push('  PORTAL_DEV_WALLET_KEY: the development wallet never exists in production; unset it');
    if (problems.length) throw new ConfigError(`Invalid configuration (NODE_ENV=production):\n${problems.join('\n')}`);
  }
  // Development and test fall back to a fixed, publicly known key: never valid evidence in production.
  const serviceSignerKey = normaliseKey(c.SERVICE_SIGNER_KEY ?? DEV_SIGNER_KEY);
  return {
    ...c,
    publicBaseUrl: (c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    siteUrl: (c.SITE_URL ?? c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    devPortalUrl: (c.DEV_PORTAL_URL ?? c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    serviceSignerKey,
    validatorKeySeed: c.VALIDATOR_KEY_SEED ?? `dev-validators:${serviceSignerKey}`,
  };
}

/** anvil's first well-known dev key; only ever a development default. */
const DEV_SIGNER_KEY = ANVIL_ACCOUNTS[0].key;
const PUBLIC_KEYS = new Set(ANVIL_ACCOUNTS.map((a) => a.key.slice(2).toLowerCase()));
const MIN_PRODUCTION_SEED = 32;

/**
 * Keys anyone can look up (anvil's accounts, which are also the local chain defaults) and weak
 * validator seeds: in production they would let anyone sign certificates, votes or payments as us.
 */
function developmentKeyProblems(c: Environment): string[] {
  const problems: string[] = [];
  const isPublic = (k: string | null | undefined) => !!k && PUBLIC_KEYS.has(k.replace(/^0x/, '').toLowerCase());
  if (isPublic(c.SERVICE_SIGNER_KEY)) problems.push("  SERVICE_SIGNER_KEY: is one of anvil's public development keys; generate a private key of your own");
  const seed = c.VALIDATOR_KEY_SEED;
  if (seed) {
    const publicKeyInside = [...PUBLIC_KEYS].some((k) => seed.toLowerCase().includes(k));
    if (seed.length < MIN_PRODUCTION_SEED) problems.push(`  VALIDATOR_KEY_SEED: must be at least ${MIN_PRODUCTION_SEED} characters in production (e.g. openssl rand -hex 32)`);
    else if (publicKeyInside || seed.startsWith('dev-validators:') || new Set(seed).size < 10) problems.push('  VALIDATOR_KEY_SEED: is a development default or has too few distinct characters; use a random seed (e.g. openssl rand -hex 32)');
  }
  // The chain signer and facilitator default to anvil accounts on the local preset.
  const keys = keysInForce(c);
  if (isPublic(keys.chainSignerKey)) problems.push(`  CHAIN_SIGNER_KEY: ${c.CHAIN_SIGNER_KEY ? 'is' : 'defaults to'} one of anvil's public development keys; set a private key of your own`);
  if (keys.payTo && ANVIL_ACCOUNTS.some((acc) => acc.address.toLowerCase() === keys.payTo!.toLowerCase())) problems.push(`  PAY_TO_ADDRESS: ${c.PAY_TO_ADDRESS ? 'is' : 'defaults to'} an anvil account whose key is public; payments to it can be taken by anyone`);
  if (isPublic(keys.facilitatorKey)) problems.push(`  FACILITATOR_KEY: ${c.FACILITATOR_KEY ? 'is' : 'defaults to'} one of anvil's public development keys; set a private key of your own or X402_FACILITATOR_URL`);
  return problems;
}

function normaliseKey(k: string): string {
  return k.startsWith('0x') ? k : `0x${k}`;
}

/**
 * The package indexes the operator configured, as host names: PYPI_URL's, NPM_REGISTRY_URL's and those of
 * PACKAGE_INDEX_HOSTS. The analyses take them as data (shared/sandbox/reputation.ts useConfiguredIndexHosts):
 * their threads never load this schema, so the main thread reads them here and hands them in.
 */
export function packageIndexHosts(c: Pick<Environment, 'PYPI_URL' | 'NPM_REGISTRY_URL' | 'PACKAGE_INDEX_HOSTS'> = config()): string[] {
  // Read for every skill analysis: the URLs are parsed once per configuration object (a copy is handed out).
  let hosts = indexHostsOf.get(c);
  if (!hosts) indexHostsOf.set(c, (hosts = readPackageIndexHosts(c)));
  return [...hosts];
}
const indexHostsOf = new WeakMap<object, string[]>();

function readPackageIndexHosts(c: Pick<Environment, 'PYPI_URL' | 'NPM_REGISTRY_URL' | 'PACKAGE_INDEX_HOSTS'>): string[] {
  const hostOf = (u: string | undefined): string[] => {
    if (!u) return [];
    try {
      return [new URL(u).hostname.toLowerCase()];
    } catch {
      return [];
    }
  };
  const extra = (c.PACKAGE_INDEX_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  return [...hostOf(c.PYPI_URL), ...hostOf(c.NPM_REGISTRY_URL), ...extra];
}

export function config(): Config {
  cached ??= loadConfig();
  return cached;
}

/** For tests that build a config by hand. */
export function setConfig(c: Config): void {
  cached = c;
}
