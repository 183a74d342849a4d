import { spawnSync } from 'node:child_process';
import { config } from '../config.js';
import { ApiError } from '../errors.js';
import { NpmRegistry } from './registries/npm.js';
import { PypiRegistry } from './registries/pypi.js';

let npmBase: string | undefined;

/** The npm registry base: NPM_REGISTRY_URL, else what this machine's npm is configured with. */
export function npmRegistryBase(): string {
  if (!npmBase) {
    const configured = config().NPM_REGISTRY_URL;
    if (configured) npmBase = configured;
    else {
      const r = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' });
      const out = (r.stdout ?? '').trim().split('\n').pop()?.trim() ?? '';
      if (r.status !== 0 || !/^https?:\/\//.test(out)) {
        throw new ApiError(503, 'registry_not_configured', 'The npm registry is not configured on this service (operators: set NPM_REGISTRY_URL)');
      }
      npmBase = out;
    }
    npmBase = npmBase.replace(/\/+$/, '');
  }
  return npmBase;
}

export interface RegistryClients {
  npm: NpmRegistry;
  pypi: PypiRegistry;
  pypiConfigured: boolean;
}

/** One set of clients per process; packuments are cached per client for its lifetime. */
let clients: { at: number; value: RegistryClients } | undefined;
const CLIENT_TTL_MS = 5 * 60_000;

export function registryClients(): RegistryClients {
  if (!clients || Date.now() - clients.at > CLIENT_TTL_MS) {
    const c = config();
    const pypiBase = c.PYPI_URL ?? 'http://pypi.invalid';
    clients = {
      at: Date.now(),
      value: {
        npm: new NpmRegistry({ baseUrl: npmRegistryBase(), advisoryUrl: c.NPM_ADVISORY_URL, downloadTimeoutMs: c.PACKAGE_FETCH_TIMEOUT_MS }),
        pypi: new PypiRegistry({ baseUrl: pypiBase, downloadTimeoutMs: c.PACKAGE_FETCH_TIMEOUT_MS }),
        pypiConfigured: Boolean(c.PYPI_URL),
      },
    };
  }
  return clients.value;
}

/** For tests that point the clients at local servers after start. */
export function resetRegistryClients(): void {
  clients = undefined;
  npmBase = undefined;
}

/** Registry and RPC addresses are configuration, not something a submitter needs to read. */
export function scrubUrls(message: string): string {
  return message.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'")]+/gi, 'the registry');
}
