/**
 * npm install hooks as the archive collector reviews them: install scripts, the downloads they reach,
 * script patterns confirmed, package identity and metadata. Moved out of archive-collector.ts
 * unchanged; the collector's methods delegate here.
 */
import { resolveSpecifier } from '../entrypoints.js';
import { TOOLS, manifestReader, resolveModulePath, type ResolvedHook } from '../npm/hooks.js';
import { ACTS, installTimeFiles, resolveTarget } from '../npm/judge.js';
import { ownBinaryDownload, vendorBinaryDownload, type DownloadFacts, type ReachedDownload } from '../ownbinary.js';
import { reachFromInstallHooks, type JsReach } from '../npm/reach-js.js';
import { SCRIPT_FILE, judgeScriptDownloads, scriptActs, type ScriptDownloadVerdict } from '../npm/script-download.js';
import { npmMetadata, type PackageMetadata } from '../own-hosts.js';
import { isCollector, isIpLiteral, isPasteHost } from '../../../sandbox/reputation.js';
import { Signal } from '../signals.js';
import { severityRank, type FindingSeverity, type InstallScript } from '../types.js';
import { FOREIGN_INLINE_DANGER, GYP_INLINE_DANGER, INLINE_DANGER, REMOTE_COMMAND } from './files.js';
import type { ArchiveCollector } from '../archive-collector.js';

export function npmInstallScripts(this: ArchiveCollector, root: string): InstallScript[] {
  const text = this.manifests.get(`${root}package.json`);
  const scripts: InstallScript[] = [];
  let hasInstall = false;
  if (text !== undefined) {
    let pkg: unknown;
    try {
      pkg = JSON.parse(Buffer.from(text, 'latin1').toString('utf8'));
    } catch {
      this.archiveFinding('bad_package_json', 'LOW', `${root}package.json`, 'package.json is not valid JSON');
    }
    const s = pkg && typeof pkg === 'object' ? (pkg as { scripts?: unknown }).scripts : undefined;
    if (s && typeof s === 'object') {
      for (const [k, v] of Object.entries(s as Record<string, unknown>)) if (typeof v === 'string') this.npmScripts.set(k, v.slice(0, 1000));
      for (const name of ['preinstall', 'install', 'postinstall', 'prepare']) {
        const cmd = (s as Record<string, unknown>)[name];
        if (typeof cmd === 'string' && cmd.trim() !== '') {
          scripts.push({ name, command: cmd.slice(0, 1000) });
          if (name !== 'prepare') hasInstall = true;
        }
      }
    }
  }
  // npm runs `node-gyp rebuild` by itself when binding.gyp is at the root and no install script is set.
  if (!hasInstall && this.rootMarkers.includes(`${root}binding.gyp`)) {
    scripts.push({ name: 'install', command: 'node-gyp rebuild (implicit: binding.gyp at the package root)' });
  }
  return scripts;
}

/** Download facts of a file and the local files it loads (two levels). */
export function downloadFactsFrom(this: ArchiveCollector, file: string, root: string): DownloadFacts[] {
  const out: DownloadFacts[] = [];
  const seen = new Set<string>();
  const visit = (p: string, depth: number): void => {
    if (seen.has(p)) return;
    seen.add(p);
    const d = this.fileInfo.get(p)?.download;
    if (d) out.push(d);
    const imp = this.importsOf.get(p);
    if (!imp || depth >= 2) return;
    for (const spec of imp.specs) for (const c of resolveSpecifier(p, spec, imp.lang, root)) if (this.fileInfo.has(c)) visit(c, depth + 1);
  };
  visit(file, 0);
  return out;
}

/** Name and repository URL of the root package.json. */
export function packageIdentity(this: ArchiveCollector, root: string): { name: string; repository: string | null } {
  try {
    const pkg = JSON.parse(Buffer.from(this.manifests.get(`${root}package.json`) ?? '{}', 'latin1').toString('utf8')) as { name?: unknown; repository?: unknown };
    const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository && typeof pkg.repository === 'object' ? (pkg.repository as { url?: unknown }).url : null;
    return { name: typeof pkg.name === 'string' ? pkg.name : '', repository: typeof repo === 'string' ? repo : null };
  } catch {
    return { name: '', repository: null };
  }
}

/** What the hook's file reaches, function by function (npm/reach-js.ts); null when the reach ran out of budget. */
export function reachOf(this: ArchiveCollector, file: string, root: string): JsReach | null {
  const pkgOf = manifestReader(this.manifests);
  const reach = reachFromInstallHooks({
    entries: [file],
    text: (p) => this.jsTexts.get(p),
    resolve: (spec, from) => resolveModulePath(spec, from.slice(0, from.lastIndexOf('/') + 1), root, this.exists, pkgOf),
    importsOf: (p) => this.importsOf.get(p)?.specs ?? [],
    scriptTarget: (target, from) => resolveTarget(target, from.slice(0, from.lastIndexOf('/') + 1), root, this.exists),
  });
  return reach.complete ? reach : null;
}

/** The download facts of the reached code: URLs, configurable defaults, checks, starts, computed code. */
export function reachedDownload(this: ArchiveCollector, reach: JsReach, facts: readonly DownloadFacts[]): ReachedDownload {
  const urls: string[] = [];
  const envDefaults: string[] = [];
  const spawns: ReachedDownload['spawns'][number][] = [];
  let dynamicCode = 0;
  for (const [p, r] of reach.files) {
    // A file read whole (not parsed) gives its URLs from the text.
    for (const u of r.parsed ? r.urls : (this.fileInfo.get(p)?.urls ?? [])) if (!urls.includes(u)) urls.push(u);
    envDefaults.push(...r.envDefaults);
    spawns.push(...r.spawns);
    dynamicCode += r.dynamicCode.length;
    // Unparsed code may start or evaluate anything.
    if (!r.parsed && (this.fileInfo.get(p)?.signals ?? 0) & (Signal.SHELL | Signal.EVAL)) dynamicCode++;
  }
  const verified = facts.some((x) => x.sha2) ? 'digest' : facts.some((x) => x.signature) ? 'signature' : null;
  return { urls, envDefaults, verified, spawns, dynamicCode };
}

/**
 * One hook, judged by what it resolves to (npm/hooks.ts): remote commands, inline code, the
 * archive files it runs with everything they load, download tools, registry packages run by npx.
 */
export function reviewNpmHook(this: ArchiveCollector, root: string, hook: ResolvedHook, pkgFile: string): void {
  const cmd = [hook.command, ...hook.steps.filter((s) => s.kind !== 'script' && s.text !== hook.command).map((s) => s.text)].join(' ; ').slice(0, 2000);
  // `prepare` runs for git and local installs (and npm pack), never when the published tarball is
  // installed from the registry: what it does is reported, at most LOW.
  const inert = hook.name === 'prepare';
  const f = (ruleId: string, severity: FindingSeverity, message: string): void =>
    this.addFinding({
      ruleId,
      severity: inert && severityRank(severity) > severityRank('LOW') ? 'LOW' : severity,
      category: 'install_script',
      file: pkgFile,
      message: `npm ${hook.name} script ${inert ? `${message.replace(' at install time', '')} (only for git or local installs, not from the registry)` : message}`,
      evidence: cmd.slice(0, 120),
    });

  // The hook's own command line does what an install-time file may do (`npm config set registry …`, `npm publish`).
  for (const a of scriptActs(cmd.replace(/ ; /g, '\n'))) {
    const [ruleId, severity, message] = ACTS[a.kind];
    f(ruleId, severity, `${message.replace(/^an install-time file /, '')} at install time`);
  }
  if (REMOTE_COMMAND.test(cmd)) {
    f('install_script_remote', 'CRITICAL', 'downloads or runs remote code at install time');
    return;
  }
  // binding.gyp's `node -p` expansions compute build settings from the environment (CFLAGS,
  // npm_config_target): for them, reading the environment is configuration, not a danger.
  if (hook.steps.some((s) => s.kind === 'inline' && (s.lang ? FOREIGN_INLINE_DANGER : s.gyp ? GYP_INLINE_DANGER : INLINE_DANGER).test(s.code ?? ''))) {
    f('install_script_inline_code', 'CRITICAL', 'runs inline code that reaches the network, the environment, a shell or decoded data');
    return;
  }
  const direct = installTimeFiles({ root, hooks: [{ ...hook, name: 'install' }], exists: this.exists, importsOf: () => undefined, flow: () => undefined, manifests: this.manifests });
  let reviewed = false;
  for (const file of direct) {
    if (!this.fileInfo.has(file)) continue;
    reviewed = true;
    const closure = [...this.closureOf([file], root)].filter((p) => this.fileInfo.has(p));
    const via = (p: string) => (p === file ? file : `${file}, which loads ${p}`);
    const unscanned = closure.find((p) => !this.fileInfo.get(p)!.scanned);
    // Network use counts where the hook reaches it (npm/reach-js.ts): the hook's own file, and in
    // what it loads, a network call in reached code (module-level code and the functions reached
    // code calls) of a file the scanner marks as making network calls. The reach only narrows the
    // scanner's answer. Without a complete reach, any file of the closure that makes network calls.
    // Shell, batch and PowerShell scripts in the closure are judged by their downloads (npm/script-download.ts).
    const isScript = (p: string): boolean => SCRIPT_FILE.test(p) || (!/\.(?:[cm]?[jt]s|py)$/.test(p) && this.fileInfo.get(p)?.script !== undefined);
    const reach = isScript(file) ? null : this.reachOf(file, root);
    const scanNet = (p: string): boolean => !isScript(p) && ((this.fileInfo.get(p)?.signals ?? 0) & Signal.NETWORK) !== 0;
    const net = reach ? [...reach.files].find(([p, r]) => scanNet(p) && (p === file || !r.parsed || r.net.length > 0))?.[0] : closure.find(scanNet);
    // A shell script the hook runs that pipes a download into a shell is the hook doing it.
    const pipe = closure.find((p) => !/\.(?:[cm]?[jt]s|py)$/.test(p) && this.fileInfo.get(p)!.signals & Signal.REMOTE_PIPE);
    // The downloads of the scripts it runs, read command by command: the worst decides.
    let scripted: ScriptDownloadVerdict | null = null;
    for (const p of closure.filter(isScript)) {
      const sf = this.fileInfo.get(p)!.script;
      const v = sf ? judgeScriptDownloads(via(p), sf, this.ownHosts(root)) : null;
      if (!v) continue;
      if (!scripted || severityRank(v.severity) > severityRank(scripted.severity)) scripted = v;
      // The download-then-run pattern of a script whose downloads were read is replaced by that reading.
      if (v.severity !== 'CRITICAL') this.confirmScriptPattern(p, v);
    }
    const bad = closure.find((p) => this.fileInfo.get(p)!.worst >= severityRank('HIGH'));
    if (pipe) {
      f('install_script_remote', 'CRITICAL', `runs ${via(pipe)}, which pipes a download into a shell, at install time`);
    } else if (scripted?.severity === 'CRITICAL') {
      f(scripted.ruleId, scripted.severity, scripted.message);
    } else if (bad) {
      f('install_script_runs_malicious', 'CRITICAL', `runs ${via(bad)} (HIGH or CRITICAL findings) at install time`);
      for (const x of this.findings) if (closure.includes(x.file) && x.severity === 'HIGH') x.severity = 'CRITICAL';
    } else if (unscanned) {
      f('install_script_unscanned', 'MEDIUM', `runs ${via(unscanned)}, which is too large to be scanned, at install time`);
    } else if (scripted && (!net || severityRank(scripted.severity) > severityRank('LOW'))) {
      f(scripted.ruleId, scripted.severity, scripted.message);
    } else if (net) {
      const reached = reach ? [...reach.files.keys()] : closure;
      const facts = reach ? reached.map((p) => this.fileInfo.get(p)?.download).filter((x): x is DownloadFacts => x !== undefined) : this.downloadFactsFrom(file, root);
      const own = ownBinaryDownload(facts, this.packageIdentity(root), this.registryHosts);
      const release = own ? null : this.ownReleaseDownload(reached, root, reach);
      const vendor = own || release || !reach ? null : vendorBinaryDownload(this.reachedDownload(reach, facts), this.ownHosts(root));
      if (release?.why === 'a host named after the package') {
        f('install_script_own_host', 'LOW', `runs ${via(net)}, which talks only to ${release.host}, a host named after the package or its home page's site, and saves nothing it receives, at install time`);
      } else if (own || release) {
        f('install_script_own_binary', 'LOW', `runs ${via(net)}, which downloads the package's own prebuilt binary from ${(own ?? release)!.host}${own ? ' and checks its SHA-2 digest' : ` (${release!.why})`} at install time (the binary itself is not reviewed)`);
      } else if (vendor && 'host' in vendor && vendor.verified) {
        f('install_script_own_binary', 'LOW', `runs ${via(net)}, which downloads a prebuilt binary from ${vendor.host} (${vendor.configurable ? 'a download base the user can set in the environment or npm config' : "the package's own host"}) and checks its ${vendor.verified === 'digest' ? 'SHA-2 digest' : 'signature'} at install time (the binary itself is not reviewed)`);
      } else if (vendor && 'host' in vendor) {
        f('install_script_unverified_binary', 'LOW', `runs ${via(net)}, which downloads a prebuilt binary from ${vendor.host}, a download base the user can set in the environment or npm config, without checking a digest or signature: the binary is trusted to that host's HTTPS and is not reviewed`);
      } else {
        f('install_script_network', 'MEDIUM', `runs ${via(net)}, which makes network calls at install time (what it downloads is not reviewed${vendor && 'refused' in vendor ? `; not read as a binary download because ${vendor.refused}` : ''})`);
      }
    } else {
      f('install_script_local', 'LOW', `runs a local file (${file}${closure.length > 1 ? ` and ${closure.length - 1} file${closure.length === 2 ? '' : 's'} it loads` : ''}) at install time`);
    }
  }
  if (reviewed) return;
  const tools = hook.steps.filter((s) => s.kind === 'tool').map((s) => TOOLS.find((t) => t.name === s.tool)!);
  const downloader = tools.find((t) => t.downloader);
  const missing = hook.steps.find((s) => s.kind === 'file' && s.missing !== undefined);
  if (downloader) {
    const meta = this.npmMeta(root);
    const bad = (meta.binaryHosts ?? []).find((h) => isIpLiteral(h) || isPasteHost(h) || isCollector(`${h}/`, h));
    if (bad) f('install_script_prebuilt_download', 'MEDIUM', `downloads a prebuilt binary with ${downloader.name} from ${bad}, a host no release is published on`);
    else f('install_script_prebuilt_download', 'LOW', `downloads the package's prebuilt binary with ${downloader.name} from ${meta.binaryHosts?.[0] ?? 'its GitHub releases'} at install time (the binary is not reviewed)`);
  } else if (hook.steps.some((s) => s.kind === 'npx')) {
    f('install_script_npx', 'MEDIUM', 'downloads and runs a registry package at install time');
  } else if (missing) {
    f('install_script_missing_file', 'LOW', `runs ${missing.missing}, which is not in the archive`);
  } else if (hook.steps.length > 0 && hook.steps.every((s) => s.kind === 'tool' || s.kind === 'script')) {
    f('install_script_build', 'INFO', 'runs a local build or dev tool');
  } else {
    f('install_script', 'LOW', 'runs a command at install time');
  }
}

/**
 * A shell / batch / PowerShell script whose downloads were read command by command (and are not
 * download-and-execute from a foreign host): its pattern `download_execute` finding gives way to
 * that reading, at the reading's severity.
 */
export function confirmScriptPattern(this: ArchiveCollector, path: string, v: ScriptDownloadVerdict): void {
  const info = this.fileInfo.get(path);
  if (!info) return;
  let worst = -1;
  for (const x of this.findings) {
    if (x.file !== path) continue;
    if (x.ruleId === 'download_execute' && severityRank(x.severity) > severityRank(v.severity)) {
      x.severity = v.severity;
      x.message = `${x.message} [its downloads were read: ${v.ruleId}]`;
    }
    worst = Math.max(worst, severityRank(x.severity));
  }
  info.worst = worst;
}

/** The root package.json's metadata (own-hosts.ts). */
export function npmMeta(this: ArchiveCollector, root: string): PackageMetadata {
  try {
    const pkg: unknown = JSON.parse(Buffer.from(this.manifests.get(`${root}package.json`) ?? '{}', 'latin1').toString('utf8'));
    return npmMetadata(pkg && typeof pkg === 'object' && !Array.isArray(pkg) ? (pkg as Record<string, unknown>) : {});
  } catch {
    return { name: '', urls: [] };
  }
}
