/**
 * Package-level judgement of the npm hook resolution and the flow facts, once the whole archive is
 * known: which files run at install (the hooks' files and everything they load, transitively), the
 * package's own hosts, where fingerprints and tokens are sent, and which bundled executables an
 * install-time file starts.
 *
 * The install-time set (installTimeFiles) is the API for the file-role classification: every path
 * in it runs when the package is installed from the registry.
 */
import { SECRET_VENDORS, isCollector, isIpLiteral, isPasteHost, secretGoesElsewhere } from '../../../sandbox/reputation.js';
import { normalizePath, resolveSpecifier } from '../entrypoints.js';
import type { OwnHosts } from '../own-hosts.js';
import type { FindingSeverity, PackageFinding, PackageFindingCategory } from '../types.js';
import type { ActFact, FlowFacts } from './flow-facts.js';
import { LABEL } from './flow-rules.js';
import { lookalikeOf } from './lookalike-host.js';
import { EXECUTABLE_LITERAL, TRACKER_DESTINATIONS, WINDOWS_PAYLOAD } from './flow-vocabulary.js';
import { hookFiles, inlineSpecifiers, manifestReader, resolveModulePath, type ResolvedHook } from './hooks.js';
import { SCRIPT_FILE } from './script-download.js';

function isLocalHost(h: string): boolean {
  return h === 'localhost' || /^(?:127\.|10\.|192\.168\.|0\.0\.0\.0)/.test(h) || h.endsWith('.local') || h.endsWith('.localhost');
}

// ---- install-time files ---------------------------------------------------------------------------

export interface ClosureInput {
  root: string;
  hooks: readonly ResolvedHook[];
  exists: (p: string) => boolean;
  importsOf: (p: string) => { lang: 'js' | 'py'; specs: string[] } | undefined;
  flow: (p: string) => FlowFacts | undefined;
  manifests: ReadonlyMap<string, string>;
}

/**
 * Every archive file that runs when the package is installed from the registry: the files the
 * preinstall / install / postinstall hooks run, modules inline hook code requires, and,
 * transitively, what those load (`require`, `import`, `path.join(__dirname, …)`) or start with
 * Node (`fork`, `spawn(process.execPath, [file])`). Dependencies' code is not in the archive.
 */
/** Scripts a spawn may start through their interpreter (`spawn('python3', [path.join(__dirname, 'x.py')])`). */
const STARTED_SCRIPT = /\.(?:sh|bash|bat|cmd|ps1|py|pyw|rb|pl)$/i;

export function installTimeFiles(input: ClosureInput, registryOnly = true): Set<string> {
  const { root, exists } = input;
  const pkgOf = manifestReader(input.manifests);
  const queue: string[] = hookFiles(input.hooks, registryOnly);
  for (const h of input.hooks) {
    if (registryOnly && h.name === 'prepare') continue;
    for (const s of h.steps) if (s.code && !s.lang) for (const spec of inlineSpecifiers(s.code)) {
      const f = resolveModulePath(spec, root, root, exists, pkgOf);
      if (f) queue.push(f);
    }
  }
  const out = new Set<string>();
  for (let i = 0; i < queue.length && out.size < 5000; i++) {
    const f = queue[i]!;
    if (out.has(f) || !exists(f)) continue;
    out.add(f);
    const dir = f.slice(0, f.lastIndexOf('/') + 1);
    const imp = input.importsOf(f);
    const specs = [...(imp?.specs ?? []), ...(input.flow(f)?.requires ?? [])];
    const lang = imp?.lang ?? 'js';
    for (const spec of specs) {
      if (lang === 'js') {
        const r = resolveModulePath(spec, dir, root, exists, pkgOf);
        if (r) queue.push(r);
      } else {
        for (const c of resolveSpecifier(f, spec, 'py', root)) if (exists(c)) queue.push(c);
      }
    }
    for (const sp of input.flow(f)?.spawns ?? []) {
      for (const t of sp.targets) {
        // A script of the archive the file starts (`spawn('install.bat')`, `exec('sh ./x.sh')`) runs at install too.
        const script = sp.node ? undefined : t.split(/\s+/).find((w) => STARTED_SCRIPT.test(w.replace(/^["']|["']$/g, '')));
        const r = resolveTarget(script ?? t, dir, root, exists);
        if (r && (sp.node ? /\.[cm]?js$/.test(r) : STARTED_SCRIPT.test(r))) queue.push(r);
      }
    }
  }
  return out;
}

/** The archive file a spawn target names: relative to the file, to the root, or by its path's tail. */
export function resolveTarget(t: string, dir: string, root: string, exists: (p: string) => boolean, all?: readonly string[]): string | null {
  const first = t.trim().replace(/^["']|["']$/g, '').split(/\s+(?=[-/])/)[0]!.replace(/\\/g, '/');
  if (first === '' || /^[a-z]+:\/\//i.test(first)) return null;
  for (const base of [dir, root]) {
    const p = normalizePath(`${base}${first.replace(/^\.\//, '')}`);
    if (p && exists(p)) return p;
  }
  if (all && first.includes('.')) {
    const tail = first.replace(/^(?:\.\.?\/)+/, '');
    const hit = all.find((p) => p.endsWith(`/${tail}`) || p === tail);
    if (hit) return hit;
  }
  return null;
}

// ---- findings ---------------------------------------------------------------------------------------

export interface JudgeInput {
  installTime: ReadonlySet<string>;
  flow: ReadonlyMap<string, FlowFacts>;
  /** The package's own hosts (own-hosts.ts: metadata, name, repository, declared binary hosts, the registry). */
  own: OwnHosts;
  registryHosts: readonly string[];
  binaries: readonly string[];
  files: readonly string[];
  root: string;
  exists: (p: string) => boolean;
  /** The hook that runs a file (for messages). */
  hookOf: (p: string) => string;
  /**
   * Files the `prepare` hook runs (and what they load), not run by a registry install: a git or local
   * install runs them. Their acts (publishing, pushing, CI workflows, persistence, agents without
   * checks) are judged like install-time acts; nothing else of theirs is.
   */
  prepareTime?: ReadonlySet<string>;
  /**
   * Files `require(pkg)` / `import pkg` loads (main, module, exports and what they load; not a bin):
   * their module-level acts (outside functions) run in every program that loads the package.
   */
  importTime?: ReadonlySet<string>;
}

function destinations(dests: readonly string[]): { host: string; path: string; url: string }[] {
  const hosts: { host: string; path: string }[] = [];
  const paths: string[] = [];
  for (const d of dests) {
    const m = /^(?:https?|wss?):\/\/([^/:?#]+)(?::\d+)?([^?#]*)/i.exec(d);
    if (m) hosts.push({ host: m[1]!.toLowerCase(), path: m[2] ?? '' });
    else if (d.startsWith('/')) paths.push(d);
    else hosts.push({ host: d.toLowerCase().replace(/\.$/, ''), path: '' });
  }
  const out: { host: string; path: string; url: string }[] = [];
  for (const h of hosts) {
    const ps = h.path ? [h.path] : paths.length > 0 ? paths : [''];
    for (const p of ps) out.push({ ...h, path: p, url: `${h.host}${p}` });
  }
  return out;
}

/** Service APIs whose collection endpoints are paths (webhooks, bot API): the rest of the API is a service a bot SDK calls. */
const PATH_SPECIFIC_COLLECTORS = /(?:^|\.)(?:discord(?:app)?\.com|api\.telegram\.org)$/;

/**
 * Is every credential of a send a named token of a well-known vendor (SECRET_VENDORS, the list the
 * skill analysis uses), and `host` that vendor's? Then the send is authentication with the API the
 * token belongs to (`GITHUB_TOKEN` to api.github.com), not exfiltration. A credential file's content
 * has no vendor.
 */
function toItsVendor(secrets: readonly string[] | undefined, host: string): boolean {
  if (!secrets || secrets.length === 0) return false;
  // A vendor's name may follow the program's own prefix (`NETLIFY_TEST_GITHUB_TOKEN` is a GitHub token).
  const names = (n: string): string[] => [n, ...[...n.matchAll(/_/g)].map((m) => n.slice(m.index! + 1))];
  return secrets.every((n) => names(n).some((m) => SECRET_VENDORS.some((v) => v.prefix.test(m)) && !secretGoesElsewhere(m, host)));
}

/** A host of one of the well-known vendors whose clients read their own credential stores. */
function isVendorHost(host: string): boolean {
  return SECRET_VENDORS.some((v) => v.hosts.some((h) => host === h || host.endsWith(`.${h}`)));
}

/** Named environment tokens only (no credential file): what a user hands an SDK or CLI to use. */
function namedTokens(secrets: readonly string[] | undefined): boolean {
  return secrets !== undefined && secrets.length > 0 && !secrets.includes('file') && !secrets.includes('key');
}

/** Code hosts whose API paths name a repository (own-hosts.ts counts only the package's own repository there as its own). */
const CODE_HOST_API = /^(?:api\.github\.com|(?:[\w-]+\.)?gitlab\.com|api\.bitbucket\.org)$/;

function isTracker(d: { host: string; url: string }): boolean {
  if (TRACKER_DESTINATIONS.some((re) => re.test(d.url))) return true;
  return isPasteHost(d.host) || isIpLiteral(d.host) || (!PATH_SPECIFIC_COLLECTORS.test(d.host) && isCollector(d.url, d.host));
}

/**
 * What install-time acts mean (flow-facts.ts ActFact). Each is something no honest install needs:
 * an install builds or downloads the package, it does not run DLLs through Windows' loaders, publish
 * packages, start AI agents without their permission checks, rewrite the user's registry settings,
 * plant module preloads for later processes, or push to git remotes and write CI workflows.
 */
export const ACTS: Record<ActFact['kind'], [string, FindingSeverity, string]> = {
  dll_loader: ['install_dll_loader', 'CRITICAL', "an install-time file runs a DLL's code through a Windows DLL loader (rundll32 / regsvr32)"],
  publish: ['install_publishes', 'CRITICAL', 'an install-time file publishes packages (a worm spreading with the installing user\'s registry token)'],
  agent_unsafe: ['install_agent_unsafe', 'HIGH', 'an install-time file starts programs and carries an AI coding agent\'s flag that turns its permission checks off'],
  rc_tamper: ['install_registry_config', 'HIGH', "an install-time file writes registry, TLS, script or token settings into npm / yarn configuration, or rewrites a project's lockfile (later installs are steered)"],
  preload_env: ['install_preload_env', 'HIGH', 'an install-time file writes a module preload (NODE_OPTIONS=--require, LD_PRELOAD) where later processes read it'],
  git_push: ['install_git_push', 'HIGH', 'an install-time file pushes commits to git remotes'],
  ci_workflow: ['install_ci_workflow', 'HIGH', 'an install-time file writes a CI workflow into a repository'],
  persistence: ['install_persistence', 'HIGH', "an install-time file registers a program to start at login, at boot, on a schedule or with the user's editor or AI assistant (LaunchAgent, systemd unit, autostart entry, Startup folder, cron table, Run key, editor extension, MCP server entry, ssh command directive, git command setting, a folder first on PATH, an installed application's or another installed package's code)"],
  agent_autoapprove: ['install_agent_autoapprove', 'HIGH', "an install-time file writes an AI coding assistant's setting that runs its tools and commands without asking the user (chat.tools.autoApprove, bypassPermissions, approval_policy never): every later agent session acts unattended"],
  endpoint_redirect: ['install_endpoint_redirect', 'HIGH', "an install-time file sets another client's endpoint (an SDK's base-URL variable, the process's proxy variables, an SDK's baseURL default) to a fixed host, or maps a name to a fixed address in the system's hosts file: every later request of that client, with its key, goes there"],
  dns_recon: ['install_dns_recon', 'CRITICAL', "an install-time file looks up a DNS name built from the machine's host name, the user name or the environment under a hard-coded domain (nslookup / dig / host / ping): the name itself carries them to whoever answers for that domain"],
  proc_memory: ['install_reads_process_memory', 'CRITICAL', "an install-time file reads another process's memory or environment through /proc (secrets of a CI runner or of other programs scraped)"],
};

export function judgeFlow(input: JudgeInput): PackageFinding[] {
  const out: PackageFinding[] = [];
  const add = (ruleId: string, severity: FindingSeverity, category: PackageFindingCategory, file: string, fact: { line?: number; evidence?: string }, message: string): void => {
    out.push({ ruleId, severity, category, file, ...(fact.line !== undefined ? { line: fact.line } : {}), ...(fact.evidence ? { evidence: fact.evidence } : {}), message });
  };
  for (const [file, facts] of input.flow) {
    const install = input.installTime.has(file);
    const role = install ? `install-time (run by the npm ${input.hookOf(file)} hook)` : 'not run at install';
    for (const s of facts.sends) {
      const ds = destinations(s.dests).filter((d) => !isLocalHost(d.host));
      // The issue tracker of the package's own repository (its metadata's `repository` / `bugs`), posted to by a file
      // that runs neither at install nor on import (a command the user starts, a function a caller calls): a bug report
      // filed where the package says reports go. At install or on import the same post is unasked (pkg-analysis-2026.12.9).
      const onRequest = !install && input.importTime?.has(file) !== true && input.prepareTime?.has(file) !== true;
      const tracker = ds.find((d) => isTracker(d) && !(onRequest && CODE_HOST_API.test(d.host) && input.own.hasDestination(d.host, d.path)));
      // A token of a well-known vendor sent to that vendor authenticates with it (not a foreign host).
      // A credential file's content has no vendor: only a host the package declares may receive it, not one merely
      // named after it (a thief registers such a name), as the backstop weighs a secret read.
      // (So is a page's whole cookie jar and storage, `session`.)
      const fileSecret = (s.labels & LABEL.SECRET) !== 0 && (s.secrets?.includes('file') === true || s.secrets?.includes('session') === true);
      // So is the whole environment (every variable, tokens included), and a token sent while the package installs:
      // a host merely named after the package is no reason for them to leave (pkgnpm11; a thief registers such a name).
      const strictOwn = fileSecret || (s.labels & LABEL.ENV) !== 0 || (install && (s.labels & LABEL.SECRET) !== 0);
      const foreign = ds.filter((d) => !(strictOwn ? input.own.declares(d.host) : input.own.hasDestination(d.host, d.path)) && !(s.labels & LABEL.SECRET && toItsVendor(s.secrets, d.host)));
      // An npm token is for the registry alone, whatever other hosts the package calls its own.
      const offRegistry = ds.filter((d) => !input.registryHosts.some((r) => d.host === r || d.host.endsWith(`.${r}`)));
      const what = s.labels & LABEL.SECRET ? (namedTokens(s.secrets) ? `a token (${s.secrets!.slice(0, 3).join(', ')})` : s.secrets?.includes('key') ? "a private key or a wallet's recovery words" : 'a token or credential file') : 'machine fingerprints (host name, user name, network interfaces, working directory or environment)';
      const computed = s.destFrom === 'encoded' ? 'a destination decoded at run time (base64, hex or character codes: hidden in the source)' : s.destFrom === 'input' ? 'a destination chosen at run time (a parameter, an option or an environment value: the user\'s configuration)' : 'a computed destination';
      const where = s.labels & LABEL.NPM_TOKEN && !tracker && offRegistry.length > 0 && foreign.length === 0 ? `a host that is not the package registry (${offRegistry[0]!.host})` : tracker ? `an issue tracker, paste or collection endpoint (${tracker.url.slice(0, 80)})` : foreign.length > 0 ? `a host that is not the package's own (${foreign[0]!.host})` : ds.length === 0 ? computed : "the package's own host or the token's vendor";
      let sev: FindingSeverity | null = null;
      // A token or credential header sent to a one-letter look-alike of a host the package declares (npm/lookalike-host.ts):
      // the package's own service is what the user trusted, its look-alike is whoever registered it (pkg22).
      const lookalike = s.labels & (LABEL.SECRET | LABEL.AUTH_HEADER | LABEL.ENV) ? ds.map((d) => ({ d, of: lookalikeOf(d.host, input.own.declaredHosts()) })).find((x) => x.of !== null) : undefined;
      if (lookalike) {
        add('token_lookalike_host', 'HIGH', 'exfiltration', file, s, `${what} is sent to ${lookalike.d.host}, a look-alike of the package's declared host ${lookalike.of}; file role: ${role}`);
        continue;
      }
      // A wallet's store sent to a fixed foreign host or a hidden destination is theft wherever the file runs.
      // (Whoever's host it is: a host named like the package is no reason for a wallet's keys to leave the machine; pkg-analysis-2026.11.27.)
      if (s.labels & LABEL.WALLET && (ds.length > 0 || (ds.length === 0 && s.destFrom === 'encoded'))) {
        add('wallet_send', 'CRITICAL', 'exfiltration', file, s, `a cryptocurrency wallet's store is read and sent to ${tracker ? `a collection endpoint (${tracker.url.slice(0, 80)})` : foreign.length > 0 ? `a host that is not the package's own (${foreign[0]!.host})` : ds.length > 0 ? `a fixed host (${ds[0]!.host})` : 'a destination decoded at run time'}; file role: ${role}`);
        continue;
      }
      // A private key or a wallet's recovery words sent to a fixed host that is no well-known vendor's: signing
      // happens on the machine, so whoever's host it is (one named like the package too), the key leaves (pkg24).
      const keyTo = s.labels & LABEL.SECRET && s.secrets?.includes('key') ? ds.find((d) => !isVendorHost(d.host)) : undefined;
      if (keyTo) {
        add('secret_send', install ? 'CRITICAL' : 'HIGH', 'exfiltration', file, s, `a private key or a wallet's recovery words sent to a fixed host (${keyTo.host}); file role: ${role}`);
        continue;
      }
      // A credential header of the application's requests (seen by a request interceptor: other services'
      // tokens) sent to a fixed host: whatever host the package calls its own, the token is not its.
      if (s.labels & LABEL.AUTH_HEADER && ds.length > 0) {
        add('auth_header_send', 'HIGH', 'exfiltration', file, s, `an HTTP client's request interceptor copies the application's credential headers (Authorization, Cookie or an API key) to a fixed host (${ds[0]!.host}); file role: ${role}`);
        continue;
      }
      // A stored credential read from a credential helper (`git credential fill`, `gh auth token`, the keychain)
      // and sent to a fixed host that is none of the well-known vendors' (the code hosts it authenticates
      // with): whatever the file's role and whoever's host it is, the user's login leaves (pkg-analysis-2026.11.27).
      const helperTo = s.labels & LABEL.SECRET && s.secrets?.includes('helper') ? ds.find((d) => !SECRET_VENDORS.some((v) => v.hosts.some((h) => d.host === h || d.host.endsWith(`.${h}`)))) : undefined;
      if (helperTo) {
        add('secret_send', 'CRITICAL', 'exfiltration', file, s, `a credential read from a credential helper (git credential fill, gh auth token, the keychain) is sent to a host that is not its vendor's (${helperTo.host}); file role: ${role}`);
        continue;
      }
      // At install, the whole environment sent with a service's token to that service's API (a worm committing
      // stolen variables to a repository it creates with the user's token): the token authenticates, the
      // environment is the data, and no install sends every variable anywhere (pkg8).
      if (install && s.labels & LABEL.ENV && s.labels & LABEL.SECRET && !tracker && foreign.length === 0 && ds.some((d) => !input.own.hasDestination(d.host, d.path))) {
        const to = ds.find((d) => !input.own.hasDestination(d.host, d.path))!;
        add('fingerprint_send', 'HIGH', 'exfiltration', file, s, `the whole environment is sent, with a token of that service, to ${to.host}: the token authenticates, the environment is the data; file role: ${role}`);
        continue;
      }
      // Records a data layer handed to the package's hook (LABEL.USER_DATA) sent to a fixed host that neither the
      // metadata declares nor a well-known vendor's API serves (a search index the plugin fills): the application's
      // data copied out, wherever the file runs (pkgrecall2). To a destination the user configures it is their choice.
      if (s.labels & LABEL.USER_DATA && !(s.labels & (LABEL.SECRET | LABEL.ENV))) {
        const to = ds.find((d) => !input.own.declares(d.host) && !isVendorHost(d.host));
        if (to) add('user_data_send', 'HIGH', 'exfiltration', file, s, `records the application stores (documents, rows, query parameters handed to the package's data-layer hook) are sent to a fixed host that is not the package's declared service (${to.host}); file role: ${role}`);
        continue;
      }
      if (tracker) sev = s.labels & LABEL.SECRET ? 'CRITICAL' : 'HIGH';
      else if (s.labels & LABEL.NPM_TOKEN && offRegistry.length > 0) sev = 'CRITICAL';
      // A credential sent to a destination hidden by decoding is exfiltration wherever the file runs.
      else if (s.labels & LABEL.SECRET && ds.length === 0 && s.destFrom === 'encoded') sev = 'CRITICAL';
      // Other tokens go to the vendor's API at run time (SDKs, CLIs): only install-time sends count.
      // At install, a token to a fixed foreign host is exfiltration; a named token to a destination
      // the user configures (an SDK's base URL option, an environment value) is the user's choice.
      // Outside install, a credential store's content (an SSH key, cloud or tool credentials) sent to a
      // fixed host that is neither the package's own nor a well-known vendor's API (a cloud client signs
      // its requests with the keys it reads) is theft too, imported or called alike (python/flow.ts
      // judges the same read and send HIGH).
      // (So are a page's whole cookie jar and storage, `session`: the user's logged-in sessions, flow-js SESSION_STORES.)
      else if (s.labels & LABEL.SECRET && !install && (s.secrets?.includes('file') || s.secrets?.includes('key') || s.secrets?.includes('session')) && foreign.some((d) => !isVendorHost(d.host))) sev = 'HIGH';
      else if (s.labels & LABEL.SECRET) sev = !install ? null : foreign.length > 0 ? 'CRITICAL' : ds.length === 0 ? (s.destFrom === 'input' && namedTokens(s.secrets) ? 'LOW' : 'HIGH') : null;
      // Without a literal destination the target is computed (a proxy, a local socket, a config value): disclosed only.
      else if (install) sev = foreign.length > 0 ? 'HIGH' : ds.length === 0 ? 'LOW' : null;
      // The whole environment (every variable: tokens, keys, CI secrets) to a fixed foreign host is exfiltration wherever the file runs.
      else if (foreign.length > 0) sev = s.labels & LABEL.ENV ? 'HIGH' : 'LOW';
      if (sev) add(s.labels & LABEL.SECRET ? 'secret_send' : 'fingerprint_send', sev, 'exfiltration', file, s, `${what} sent to ${where}; file role: ${role}`);
    }
    if (!install) {
      if (!input.prepareTime?.has(file)) {
        // Acts in the module-level code of a file the package's entry loads: done on import, unasked (pkg-analysis-2026.11.27).
        if (input.importTime?.has(file)) {
          const seen = new Set<string>();
          for (const a of facts.acts ?? []) {
            if (!a.top || seen.has(a.kind)) continue;
            seen.add(a.kind);
            const [ruleId, sev, message] = ACTS[a.kind];
            add(ruleId, sev, 'install_script', file, a, `${message.replace(/^an install-time file/, "a file the package's entry point loads, in its module-level code (run on every import)")}; file role: loaded on import`);
          }
        }
        continue;
      }
      const seen = new Set<string>();
      for (const a of facts.acts ?? []) {
        if (seen.has(a.kind)) continue;
        seen.add(a.kind);
        const [ruleId, sev, message] = ACTS[a.kind];
        add(ruleId, sev, 'install_script', file, a, `${message.replace(/^an install-time file/, 'a file the npm prepare hook runs (git and local installs)')}; file role: run by the npm prepare hook`);
      }
      continue;
    }
    const seenActs = new Set<string>();
    for (const a of facts.acts ?? []) {
      if (seenActs.has(a.kind)) continue;
      seenActs.add(a.kind);
      const [ruleId, sev, message] = ACTS[a.kind];
      add(ruleId, sev, 'install_script', file, a, `${message}; file role: ${role}`);
    }
    for (const sp of facts.spawns) {
      if (sp.node) continue;
      const dir = file.slice(0, file.lastIndexOf('/') + 1);
      const resolved = sp.targets.map((t) => resolveTarget(t, dir, input.root, input.exists, input.files)).filter((x): x is string => x !== null);
      // A bundled script (text: .bat, .cmd, .ps1, .sh) is read as install-time code, not as an opaque payload.
      const bundledBinary = resolved.find((r) => input.binaries.includes(r) || (WINDOWS_PAYLOAD.test(r) && !SCRIPT_FILE.test(r)));
      const bundledScript = resolved.find((r) => !input.binaries.includes(r) && SCRIPT_FILE.test(r));
      const windowsNamed = sp.targets.find((t) => WINDOWS_PAYLOAD.test(t.trim().split(/\s+/)[0] ?? ''));
      const payload = bundledBinary ?? bundledScript ?? windowsNamed;
      if (payload && sp.detached) {
        add('install_spawns_payload', 'CRITICAL', 'install_script', file, sp, `an install-time file starts ${bundledBinary ? 'a bundled executable' : 'an executable'} (${payload.slice(0, 80)}) detached or hidden; file role: ${role}`);
      } else if (bundledBinary && WINDOWS_PAYLOAD.test(bundledBinary)) {
        add('install_spawns_payload', 'HIGH', 'install_script', file, sp, `an install-time file runs a bundled Windows executable or script (${bundledBinary.slice(0, 80)}); file role: ${role}`);
      } else if (bundledBinary) {
        add('install_runs_bundled_binary', 'LOW', 'install_script', file, sp, `an install-time file runs a bundled compiled binary (${bundledBinary}); file role: ${role}`);
      } else if (sp.detached && sp.targets.some((t) => EXECUTABLE_LITERAL.test(t))) {
        add('install_detached_process', 'MEDIUM', 'install_script', file, sp, `an install-time file starts a detached or hidden process (${sp.targets[0]!.slice(0, 80)}); file role: ${role}`);
      }
    }
  }
  return out;
}
