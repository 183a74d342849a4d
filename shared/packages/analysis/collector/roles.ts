/**
 * File roles and own hosts as the archive collector applies them: names collected per file, roles and
 * their severities, the package's own hosts and own release downloads. Moved out of archive-collector.ts
 * unchanged; the collector's methods delegate here.
 */
import { declaredEntries, isConventionalEntry, npmEntries, pythonEntryPoints, resolveSpecifier } from '../entrypoints.js';
import { resolveTarget } from '../npm/judge.js';
import type { JsReach } from '../npm/reach-js.js';
import { OwnHosts, pythonMetadata } from '../own-hosts.js';
import { HIDDEN_DESTINATION } from '../python/flow.js';
import {
  buildScriptRuns,
  classifyFileRoles,
  namesCalledByRunning,
  nativeBuildScripts,
  pythonAutoSeeds,
  pytestTestpaths,
  FOREIGN_SCRIPT,
  INERT_ROLES,
  RUN_WHEN_CALLED,
  namesTakenByRunning,
  pythonInstallSeeds,
  roleSeverity,
  scriptNameWords,
} from '../roles.js';
import { isCookieStoreRead } from '../python/cookie-on-request.js';
import { dormantAt, type DormantRange } from '../python/reach.js';
import { isCollector, isIpLiteral, isPasteHost } from '../../../sandbox/reputation.js';
import { Signal, type Lang } from '../signals.js';
import { severityRank, type InstallScript } from '../types.js';
import { BUILD_GLUE, KEPT_AS_DATA, NAMES_TEXT, PREPARE_ACT_RULES, PREPARE_SEND_RULES, latin1ToUtf8, releaseOfSameName } from './files.js';
import type { ArchiveCollector } from '../archive-collector.js';

/** The package's own hosts, from its metadata (own-hosts.ts); the configured registry is its distribution channel. */
export function ownHosts(this: ArchiveCollector, root: string): OwnHosts {
  if (this.registry === 'npm') return new OwnHosts(this.npmMeta(root), this.registryHosts);
  let metadata: string | undefined = this.manifests.get(`${root}PKG-INFO`);
  if (metadata === undefined)
    for (const [p, t] of this.manifests) if (/^[^/]+\.dist-info\/METADATA$/.test(p)) metadata = t;
  const utf8 = (t: string | undefined): string | undefined =>
    t === undefined ? undefined : Buffer.from(t, 'latin1').toString('utf8');
  return new OwnHosts(
    pythonMetadata({
      pkgInfo: utf8(metadata),
      setupPy: utf8(this.manifests.get(`${root}setup.py`)),
      setupCfg: utf8(this.manifests.get(`${root}setup.cfg`)),
      pyproject: utf8(this.manifests.get(`${root}pyproject.toml`)),
    }),
    this.registryHosts,
  );
}

/**
 * npm: the words of every text that runs or starts things (JavaScript, package.json, gyp files, shell
 * scripts, Makefiles and other extensionless files) and of each foreign-language script, for the rule
 * that a foreign script nothing names never runs (roles.ts unnamedForeignScripts). A runnable text too
 * large to read turns the rule off for the archive.
 */
export function collectNames(
  this: ArchiveCollector,
  path: string,
  lang0: Lang | 'maybe' | null,
  lang: Lang | null,
  content: Buffer | null,
  tooLarge: boolean,
): void {
  const names = this.names;
  if (!names) return;
  const foreign = FOREIGN_SCRIPT.test(path);
  const runnable =
    lang0 !== null &&
    !KEPT_AS_DATA.test(path) &&
    (lang === 'js' || lang === 'sh' || lang === 'manifest' || lang0 === 'maybe');
  if (!foreign && !runnable) return;
  if (!content || tooLarge || content.length > NAMES_TEXT) {
    if (foreign) names.foreign.set(path, null);
    else if (lang === 'js' || lang === 'sh' || lang === 'manifest' || BUILD_GLUE.test(path)) this.names = null;
    return;
  }
  const text = content.toString('latin1');
  if (foreign) {
    const own = new Set<string>();
    scriptNameWords(text, own, names.bareExts);
    names.foreign.set(path, own);
  } else {
    scriptNameWords(text, names.tokens, names.bareExts);
  }
}

/**
 * Every finding gets its file's role (roles.ts), and its severity follows the role: files that
 * never run by themselves (tests, examples, docs, release tooling) are capped at LOW. A suspicious
 * destination that is the package's own host (own-hosts.ts) is a capability, not exfiltration.
 */
export function applyRoles(
  this: ArchiveCollector,
  root: string,
  installScripts: readonly InstallScript[],
  complete = true,
): void {
  const paths = new Set(this.seenPaths);
  const installSeeds: string[] = [];
  if (this.registry === 'pypi') {
    installSeeds.push(
      ...pythonInstallSeeds(
        root,
        paths,
        this.manifests.get(`${root}pyproject.toml`),
        this.manifests.get(`${root}setup.cfg`),
        this.manifests.get(`${root}setup.py`),
      ),
    );
    for (const f of this.setupRuns) if (paths.has(f)) installSeeds.push(f);
    // What a native build script runs (roles.ts buildScriptRuns) runs at install too.
    for (const b of nativeBuildScripts(
      root,
      paths,
      this.manifests.get(`${root}pyproject.toml`),
      this.manifests.get(`${root}setup.py`),
    ))
      installSeeds.push(...buildScriptRuns(root, b, this.manifests.get(b) ?? '', paths));
  } else {
    // The files npm's lifecycle hooks run, resolved through scripts and requires (npm/judge.ts).
    installSeeds.push(...this.installTime);
  }
  const importSeeds = declaredEntries(this.registry, root, this.manifests, this.setupEntryPoints);
  for (const p of paths) if (isConventionalEntry(p, this.registry)) importSeeds.push(p);
  // Files pytest or the interpreter import without being asked (roles.ts pythonAutoSeeds): a conftest.py a plain run loads,
  // the modules of pytest11 plugins; pytest calls their `pytest_*` hooks (reach below).
  const pytestPlugins = new Set<string>();
  if (this.registry === 'pypi') {
    for (const e of [...pythonEntryPoints(root, this.manifests), ...this.setupEntryPoints]) {
      if (e.group !== 'pytest11') continue;
      for (const c of resolveSpecifier(`${root}x`, e.module, 'py', root)) if (paths.has(c)) pytestPlugins.add(c);
    }
    const testpaths = pytestTestpaths(
      this.manifests.get(`${root}pyproject.toml`),
      this.manifests.get(`${root}setup.cfg`),
    );
    for (const p of pythonAutoSeeds(root, paths, testpaths)) pytestPlugins.add(p);
  }
  // npm: Node loads `main` / `exports` / `browser` / `module` and starts `bin` whatever their folder is called, so a
  // manifest entry in `demo/`, `examples/` or `test/` (and what it requires) is import-time, not inert
  // (pkg-analysis-2026.12.7). Files only a package.json script names (`"test": "node test/run.js"`) keep their path role.
  const npmDeclared = this.registry === 'npm' ? npmEntries(root, this.manifests).filter((p) => paths.has(p)) : [];
  // Archive files an install-time file copies out of the package run later where they are planted.
  const plantedSeeds: string[] = [];
  for (const f of this.installTime) {
    const dir = f.slice(0, f.lastIndexOf('/') + 1);
    for (const rel of this.flow.get(f)?.plants ?? []) {
      const r = resolveTarget(rel, dir, root, this.exists);
      if (r) plantedSeeds.push(r);
    }
  }
  // Names of runnable texts: only when every file was read (an unread one may name any script).
  const npmNames = this.registry === 'npm' && complete && this.names ? this.names : undefined;
  // What the flow reader found started, decoded or joined names included (`Buffer.from('…', 'base64')`).
  if (npmNames)
    for (const facts of this.flow.values())
      for (const sp of facts.spawns) for (const t of sp.targets) scriptNameWords(t, npmNames.tokens, npmNames.bareExts);
  const roles = classifyFileRoles({
    registry: this.registry,
    root,
    paths,
    importsOf: this.importsOf,
    installSeeds,
    importSeeds,
    plantedSeeds,
    autoSeeds: [...pytestPlugins, ...npmDeclared],
    ...(npmNames ? { npmNames } : {}),
  });
  this.roles = roles;
  const own = this.ownHosts(root);
  const seeds = new Set(installSeeds);
  const dormantOf = new Map<string, DormantRange[]>();
  for (const f of this.findings) {
    if (!f.file || f.category === 'archive') continue;
    const role = roles.get(f.file);
    if (!role) continue;
    f.role = role;
    // An act of a file the prepare hook runs (publishing, pushing, a CI workflow, persistence) is run
    // by a git or local install whatever folder holds the file.
    // So is a credential it sends off the machine (a token of `gh auth token` or a credential file posted to a fixed host):
    // the send is done by the install that runs the hook, not by a later call (PREPARE_SEND_RULES).
    const preparedAct =
      this.prepareTime?.has(f.file) === true &&
      (PREPARE_ACT_RULES.has(f.ruleId) || (PREPARE_SEND_RULES.has(f.ruleId) && severityRank(f.severity) >= severityRank('HIGH')));
    const sev = preparedAct ? f.severity : roleSeverity(f.severity, role, f.ruleId);
    if (sev !== f.severity) {
      f.severity = sev;
      f.message = `${f.message} [${role} file${INERT_ROLES.has(role) || role === 'runtime' ? ': not run by an install or an import' : ''}]`;
    } else if ((role === 'import-time' || role === 'install-time') && f.line !== undefined && !seeds.has(f.file)) {
      // A module imported at install or import runs its module-level code, not its function
      // bodies: code in a function nothing run then reaches (python/reach.ts, and no running
      // importer takes that function or the whole module) runs when a user calls it.
      const reach = this.pyReach.get(f.file);
      let dormant = dormantOf.get(f.file);
      if (reach && !dormant) {
        const taken = namesTakenByRunning(f.file, root, roles, this.pyImportUses);
        // A pytest plugin's hooks are called by pytest: they run like module-level code.
        if (taken && pytestPlugins.has(f.file))
          for (const n of reach.defNames()) if (/^pytest_\w+$/.test(n)) taken.add(n);
        dormant = taken ? reach.dormant(taken) : reach.dormant().filter((x) => x.mainGuard);
        dormantOf.set(f.file, dormant);
      }
      const r = dormant ? dormantAt(dormant, f.line, /(?:^|\/)__main__\.py$/.test(f.file)) : null;
      if (r) {
        const rt = roleSeverity(f.severity, 'runtime', f.ruleId);
        if (rt !== f.severity) {
          f.severity = rt;
          f.role = 'runtime';
          f.message = `${f.message} [${r.mainGuard ? "in the file's __main__ block" : 'in a function'} that nothing run at ${role === 'install-time' ? 'install' : 'import'} calls: it runs when a user calls it]`;
        }
      }
    }
    // Acts judged by *when* they run (roles.ts RUN_WHEN_CALLED): a function running importers only take by name
    // runs when a user calls it, unless module-level code of a running file calls it. (An importer of the whole
    // module may call anything of it: that stays live.)
    if (
      RUN_WHEN_CALLED.has(f.ruleId) &&
      (f.role === 'import-time' || f.role === 'install-time') &&
      f.line !== undefined &&
      !seeds.has(f.file) &&
      namesTakenByRunning(f.file, root, roles, this.pyImportUses) !== null &&
      this.liveAt(root, f.file, f.line) === false
    ) {
      const rt = roleSeverity(f.severity, 'runtime', f.ruleId);
      if (rt !== f.severity) {
        f.severity = rt;
        f.role = 'runtime';
        f.message = `${f.message} [in a function that nothing run at ${role === 'install-time' ? 'install' : 'import'} calls: it runs when a user calls it]`;
      }
    }
    // A browser's cookie store read in a function running code only takes by name, in a file with no network
    // call: the caller's own session, read when the caller asks (python/cookie-on-request.ts).
    if (
      isCookieStoreRead(f.ruleId, f.evidence, f.message) &&
      f.severity === 'HIGH' &&
      (f.role === 'import-time' || f.role === 'runtime') &&
      f.line !== undefined &&
      !seeds.has(f.file) &&
      (f.role === 'runtime' || (namesTakenByRunning(f.file, root, roles, this.pyImportUses) !== null && this.liveAt(root, f.file, f.line) === false))
    ) {
      f.severity = 'LOW';
      f.role = 'runtime';
      f.message = `${f.message} [a browser's cookie store read in a function the caller calls, in a file that sends nothing itself: the caller's own session]`;
    }
    // A setup.py download checked against a digest written in setup.py and never started (file-scan.ts
    // `setup_py_download_verified`), whose URLs all name the package's own host (declared in its metadata or named
    // exactly after it): its own prebuilt helper from its own release channel, as npm's `install_script_own_binary`
    // (LOW) weighs it (pkg23py). Another host keeps MEDIUM: nobody here says who serves those bytes.
    if (f.ruleId === 'setup_py_download_verified' && f.severity === 'MEDIUM') {
      const urls = [...(latin1ToUtf8(this.manifests.get(f.file)) ?? '').matchAll(/['"](https?:\/\/[^'"\s]+)['"]/g)].map((m) => m[1]!).join(' ');
      if (urls && own.allOwn(urls, true)) {
        f.severity = 'LOW';
        f.message = `${f.message} [every URL in setup.py is the package's own host: its own release channel, checked by a pinned digest]`;
      }
    }
    // A service's token sent to the package's own service (a coverage uploader posting the CI's token to
    // its site) needs a host the metadata declares or named exactly after the package: a host that only
    // contains its name is what a thief registers.
    if (
      (f.ruleId === 'exfil_suspicious_destination' ||
        f.ruleId === 'recon_exfil_flow' ||
        f.ruleId === 'service_token_foreign_host' ||
        f.ruleId === 'repo_exfil_flow' ||
        f.ruleId === 'user_data_send' ||
        f.ruleId === 'wallet_seed_exfil' ||
        f.ruleId === 'patched_key_exfil' ||
        f.ruleId === 'secret_files_exfil' ||
        f.ruleId === 'form_harvest') &&
      (f.severity === 'HIGH' || f.severity === 'MEDIUM') &&
      f.evidence &&
      !f.message.includes(HIDDEN_DESTINATION) &&
      own.allOwn(f.evidence, f.ruleId === 'service_token_foreign_host' || f.ruleId === 'repo_exfil_flow' || f.ruleId === 'user_data_send' || f.ruleId === 'wallet_seed_exfil' || f.ruleId === 'patched_key_exfil' || f.ruleId === 'secret_files_exfil')
    ) {
      f.severity = 'LOW';
      f.message = `${f.message} [the destination is the package's own service host]`;
    }
  }
}

/**
 * Whether a line of a Python file runs by itself when the file runs at install or import (python/reach.ts):
 * module-level code and what it reaches, and functions a running importer takes by name; not the
 * `__main__` block of an imported module. setup.py: live; a file not parsed: unknown (backstop.ts guesses).
 */
const liveCache = new WeakMap<ArchiveCollector, Map<string, DormantRange[] | null>>();
export function liveAt(this: ArchiveCollector, root: string, file: string, line: number): boolean | undefined {
  if (/(?:^|\/)setup\.py$/.test(file)) return true;
  const reach = this.pyReach.get(file);
  if (!reach) return undefined;
  let byFile = liveCache.get(this);
  if (!byFile) liveCache.set(this, (byFile = new Map()));
  let dormant = byFile.get(file);
  if (dormant === undefined) {
    // What the module's own code reaches when it loads, and what running importers call of it at their module level.
    dormant = reach.dormant(namesCalledByRunning(file, root, this.roles, this.pyImportUses, this.pyTopCalls));
    byFile.set(file, dormant);
  }
  return !dormant || dormantAt(dormant, line, /(?:^|\/)__main__\.py$/.test(file)) === null;
}

/**
 * A download whose URLs all point at the package's own release channel: its repository's GitHub
 * or GitLab releases, a host its manifest declares for binaries, or the configured registry.
 */
export function ownReleaseDownload(
  this: ArchiveCollector,
  closure: readonly string[],
  root: string,
  reach: JsReach | null = null,
): { host: string; why: string } | null {
  const meta = this.npmMeta(root);
  const own = this.ownHosts(root);
  const noRegistry = new OwnHosts(meta);
  let found: { host: string; why: string } | null = null;
  let ownOnly: { host: string; why: string } | null = null;
  let foreign = false;
  for (const p of closure) {
    // With a reach, the URLs of reached code (a parsed file's unreached functions name hosts they do not call).
    const r = reach?.files.get(p);
    for (const u of r?.parsed ? r.urls : (this.fileInfo.get(p)?.urls ?? [])) {
      const m = /^https?:\/\/([^/:?#]+)(?::\d+)?([^?#]*)/i.exec(u);
      if (!m) continue;
      const host = m[1]!.toLowerCase();
      if (isIpLiteral(host) || isPasteHost(host) || isCollector(u, host)) return null;
      const registry = this.registryHosts.some((r) => host === r || host.endsWith(`.${r}`));
      const declared = (meta.binaryHosts ?? []).some((b) => host === b || host.endsWith(`.${b}`));
      const repo =
        /^(?:github\.com|gitlab\.com)$/.test(host) &&
        /\/releases\/download(?:\/|$)/.test(m[2] ?? '') &&
        (noRegistry.hasDestination(host, m[2] ?? '') || releaseOfSameName(m[2] ?? '', meta.name));
      const named = own.hasDestination(host, m[2] ?? '');
      if (registry || declared || repo)
        found ??= {
          host,
          why: registry
            ? 'the package registry'
            : declared
              ? 'the host its manifest declares'
              : "its repository's releases",
        };
      else if (named) ownOnly ??= { host, why: 'a host named after the package' };
      else foreign = true;
    }
  }
  // Talking only to hosts named after the package (its own API) without saving anything it sends is
  // disclosed like a release download; saving what such a host sends needs a digest (ownbinary.ts).
  // A file that writes counts as saving unless the flow reader followed its fetched data and none of
  // it reaches a write, pipe or extractor, and the fetch is in that same file (install telemetry that
  // records a local value in its own package.json saves nothing it received).
  const writes = closure.some((p) => {
    const info = this.fileInfo.get(p);
    if (!info || !(info.signals & Signal.FS_WRITE)) return false;
    return info.savesFetched !== false || !(info.signals & Signal.NETWORK);
  });
  return found ?? (foreign || writes ? null : ownOnly);
}
