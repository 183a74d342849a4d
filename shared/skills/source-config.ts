import { config } from '../config.js';
import { MAX_SKILL_BYTES } from './parse.js';
import type { SourceHostConfig } from './source.js';

/** Where a skill's source is fetched from, and within which limits, as configured (SOURCE_* settings). */
export function sourceHostConfig(): SourceHostConfig {
  const c = config();
  return {
    githubWebBase: c.SOURCE_GITHUB_WEB_BASE,
    githubRawBase: c.SOURCE_GITHUB_RAW_BASE,
    allowPrivateHosts: c.SOURCE_ALLOW_PRIVATE_HOSTS,
    timeoutMs: c.SOURCE_FETCH_TIMEOUT_MS,
    maxBytes: MAX_SKILL_BYTES,
  };
}
