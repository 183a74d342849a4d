/**
 * The archive collector's package-level result: entry closure, coverage and finalize (the ArchiveAnalysis).
 * Moved out of archive-collector.ts unchanged; the collector's methods delegate here.
 */
import { createHash } from 'node:crypto';
import type { AnalysisType } from '../../types.js';
import { declaredEntries, importEntries, isConventionalEntry, resolveSpecifier } from '../entrypoints.js';
import { remoteDependencies } from '../npm/remote-deps.js';
import { buildScriptRemoteRun, remoteBuildRequires, remoteProjectDependencies, setupInstallsRemoteRequirements } from '../python/build-requires.js';
import { namesCalledByRunning, nativeBuildScripts } from '../roles.js';
import { hookFiles, manifestReader, resolveModulePath, resolveNpmHooks } from '../npm/hooks.js';
import { installTimeFiles, judgeFlow } from '../npm/judge.js';
import { runPolicyFindings } from '../npm/run-policy.js';
import { CAPABILITY_SIGNALS, Signal } from '../signals.js';
import { backstopFindings } from '../backstop.js';
import { severityRank, type AnalysisCoverage, type ArchiveAnalysis, type InstallScript } from '../types.js';
import { MAX_COVERAGE_LISTED, MAX_FINDINGS_PER_RULE, MAX_INSTALL_TIME_LISTED, TEST_OR_DOCS, cmp, latin1ToUtf8 } from './files.js';
import type { ArchiveCollector } from '../archive-collector.js';

/**
 * Files that run first, as far as they are known: hooks and declared or conventional entry
 * points, then what they import. `closure` holds the paths that exist in the archive;
 * `candidates` every path looked for (some may sit in a tail not yet passed over).
 */
export function entryClosure(this: ArchiveCollector): { closure: Set<string>; candidates: Set<string> } {
  const root = this.rootDir();
  const exists = (p: string): boolean => this.seenPaths.has(p) || this.tailPaths.has(p);
  const queue: string[] = declaredEntries(this.registry, root, this.manifests, this.setupEntryPoints);
  for (const p of this.seenPaths) if (isConventionalEntry(p, this.registry)) queue.push(p);
  for (const p of this.tailPaths) if (isConventionalEntry(p, this.registry)) queue.push(p);
  const closure = new Set<string>();
  const candidates = new Set<string>();
  for (let i = 0; i < queue.length && candidates.size < 50_000; i++) {
    const c = queue[i]!;
    if (candidates.has(c)) continue;
    candidates.add(c);
    if (!exists(c)) continue;
    closure.add(c);
    const imp = this.importsOf.get(c);
    if (imp) for (const spec of imp.specs) queue.push(...resolveSpecifier(c, spec, imp.lang, root));
  }
  return { closure, candidates };
}

export function coverage(this: ArchiveCollector): AnalysisCoverage {
  const { closure } = this.entryClosure();
  const unread = [...closure].filter((p) => this.largeUnscanned.has(p) || (this.tailPaths.has(p) && !this.seenPaths.has(p))).sort(cmp);
  const read = [...closure].filter((p) => !unread.includes(p)).sort(cmp);
  return {
    complete: this.readToEnd && unread.length === 0,
    readToEnd: this.readToEnd,
    entryPointsRead: read.length,
    entryPoints: read.slice(0, MAX_COVERAGE_LISTED),
    unread: unread.slice(0, MAX_COVERAGE_LISTED),
    truncated: this.truncated,
    priorityFilesRead: this.priorityFiles,
    tailFilesNotRead: this.truncated ? Math.max(0, this.tailFiles - this.priorityRead.size) : 0,
  };
}

export function finalize(this: ArchiveCollector, opts: { binaryOnly?: boolean } = {}): ArchiveAnalysis {
  this.promoteNestedRoot();
  const root = this.rootDir();
  let installScripts: InstallScript[] = [];
  const coverage = this.coverage();
  if (this.timeCutAfter !== undefined) {
    // What the time budget left unread, said on its finding (archive-collector.ts begin): the verdict is then at
    // least CAUTION (MEDIUM), or what the files read show (docs/analysis-limits.md, "Package analysis: the budget inside").
    const cut = this.findings.find((f) => f.ruleId === 'LIMIT-TIME-001');
    if (cut)
      cut.message = this.streaming
        ? // A stream is read once: no priority pass reads its tail.
          `the analysis reached its time budget (${this.limits.maxAnalysisMs} ms of CPU) after ${this.timeCutAfter} file${this.timeCutAfter === 1 ? '' : 's'} of a streamed archive; the rest of it was not scanned: code that was not read is not clear`
        : `the analysis reached its time budget (${this.limits.maxAnalysisMs} ms of CPU) after ${this.timeCutAfter} file${this.timeCutAfter === 1 ? '' : 's'} in archive order; of the rest only the files that run first (install hooks, entry points and what they import) were read (${this.priorityFiles}), ${coverage.tailFilesNotRead} file${coverage.tailFilesNotRead === 1 ? ' was' : 's were'} not scanned${coverage.complete ? '' : ', and some files that run first were not read either'}: code that was not read is not clear`;
  }
  if (!coverage.complete) {
    this.addFinding({
      ruleId: 'entry_point_unread',
      severity: 'MEDIUM',
      category: 'archive',
      file: coverage.unread[0] ?? '',
      message: coverage.readToEnd
        ? `${coverage.unread.length} file${coverage.unread.length === 1 ? '' : 's'} that run${coverage.unread.length === 1 ? 's' : ''} first (install hooks, entry points or what they import) could not be read: ${coverage.unread.slice(0, 5).join(', ')}`
        : 'the archive could not be read to its end, so its install hooks and entry points may not all have been read',
    });
  }
  if (this.registry === 'npm') {
    installScripts = this.npmInstallScripts(root);
    this.hooks = resolveNpmHooks(root, this.manifests, this.exists, { bindingGyp: this.rootMarkers.includes(`${root}binding.gyp`) });
    this.installTime = installTimeFiles({ root, hooks: this.hooks, exists: this.exists, importsOf: (p) => this.importsOf.get(p), flow: (p) => this.flow.get(p), manifests: this.manifests });
    for (const h of this.hooks) this.reviewNpmHook(root, h, `${root}package.json`);
    for (const x of remoteDependencies(latin1ToUtf8(this.manifests.get(`${root}package.json`)), `${root}package.json`, this.ownHosts(root))) this.addFinding(x);
    const seeds = importEntries(root, this.manifests).filter((f) => this.exists(f));
    const importTime = seeds.length === 0 ? undefined : installTimeFiles({ root, hooks: [{ name: 'import', command: '', steps: seeds.map((f) => ({ kind: 'file' as const, text: f, file: f })) }], exists: this.exists, importsOf: (p) => this.importsOf.get(p), flow: (p) => this.flow.get(p), manifests: this.manifests }, false);
    this.importTimeFiles = importTime;
    this.followReturns(root, new Set([...this.installTime, ...(importTime ?? [])]));
    this.followHandoffs(root);
    const hookOf = (p: string): string => this.hooks.find((h) => h.name !== 'prepare' && this.closureOf(h.steps.filter((s) => s.file).map((s) => s.file!), root).has(p))?.name ?? 'install';
    const prepareHooks = this.hooks.filter((h) => h.name === 'prepare');
    const prepareTime = (this.prepareTime = prepareHooks.length === 0 ? undefined : installTimeFiles({ root, hooks: prepareHooks, exists: this.exists, importsOf: (p) => this.importsOf.get(p), flow: (p) => this.flow.get(p), manifests: this.manifests }, false));
    for (const x of judgeFlow({ importTime, prepareTime, installTime: this.installTime, flow: this.flow, own: this.ownHosts(root), registryHosts: this.registryHosts, binaries: this.binaries, files: [...this.seenPaths], root, exists: this.exists, hookOf })) this.addFinding(x);
    // The install- and import-time policy (npm/run-policy.ts): what code that runs unasked does, without families.
    for (const x of runPolicyFindings({ installTime: this.installTime, hookFiles: new Set(hookFiles(this.hooks, true)), importTime, text: (p) => this.jsTexts.get(p), resolve: (spec, from) => resolveModulePath(spec, from.slice(0, from.lastIndexOf('/') + 1), root, this.exists, manifestReader(this.manifests)), own: this.ownHosts(root), hookOf })) this.addFinding(x);
    // The role of a finding's file, when it runs at install time (tests, docs and the rest: see the role classification).
    for (const x of this.findings) if (this.installTime.has(x.file) && severityRank(x.severity) >= severityRank('MEDIUM') && !x.message.includes('file role:')) x.message = `${x.message}; file role: install-time (run by the npm ${hookOf(x.file)} hook)`;
    this.jsTexts.clear();
  } else {
    // A native build's scripts run at every install from source (roles.ts nativeBuildScripts): a command line
    // in them that runs code fetched from the network (remote-run.ts) runs it on the installing machine.
    for (const f of nativeBuildScripts(root, this.seenPaths, latin1ToUtf8(this.manifests.get(`${root}pyproject.toml`)), latin1ToUtf8(this.manifests.get(`${root}setup.py`)))) {
      const hit = buildScriptRemoteRun(latin1ToUtf8(this.manifests.get(f)) ?? '');
      if (hit) this.addFinding({ ruleId: 'build_script_remote_run', severity: 'CRITICAL', category: 'install_script', file: f, line: hit.line, evidence: hit.command.slice(0, 200), message: `the native build's script runs a command that fetches and runs code (${hit.why}): it runs at every install from source; file role: install-time (run by the build)` });
    }
    const req = setupInstallsRemoteRequirements(latin1ToUtf8(this.manifests.get(`${root}setup.py`)), this.requirementUrls, this.ownHosts(root));
    if (req) this.addFinding({ ruleId: 'remote_url_dependency', severity: 'CRITICAL', category: 'install_script', file: `${root}setup.py`, evidence: `${req.path}:${req.line} ${req.evidence}`.slice(0, 200), message: `setup.py has pip install a requirements file it ships (${req.path}), which names ${req.url.slice(0, 80)} ${req.why}: pip fetches from there at install and runs what it gets` });
    for (const x of remoteBuildRequires(latin1ToUtf8(this.manifests.get(`${root}pyproject.toml`)), `${root}pyproject.toml`, this.ownHosts(root))) this.addFinding(x);
    for (const x of remoteProjectDependencies(
      {
        pyproject: latin1ToUtf8(this.manifests.get(`${root}pyproject.toml`)),
        pkgInfo: latin1ToUtf8(this.manifests.get(`${root}PKG-INFO`)),
        setupCfg: latin1ToUtf8(this.manifests.get(`${root}setup.cfg`)),
        setupPy: latin1ToUtf8(this.manifests.get(`${root}setup.py`)),
      },
      root,
      this.ownHosts(root),
    ))
      this.addFinding(x);
    const code = this.setupPyCode.get(`${root}setup.py`);
    if (code && code.length > 0) {
      installScripts.push({ name: 'setup.py', command: `module-level code: ${code.join(' ; ')}`.slice(0, 1000) });
    }
  }

  if (this.registry === 'pypi') this.followPyHandOffs(root);
  this.applyRoles(root, installScripts, coverage.complete && coverage.readToEnd);
  // The backstop (backstop.ts): risk capabilities combined in a file that runs at install or import.
  if (this.risks.size > 0) {
    const own = this.ownHosts(root);
    const ownRelease = (fs: readonly string[]): boolean => this.registry === 'npm' && this.ownReleaseDownload(fs, root) !== null;
    const sizeOf = new Map(this.entries.map((e) => [e.path, e.size]));
    const byRole = (r: string): Set<string> => new Set([...this.risks.keys()].filter((p) => this.roles.get(p) === r));
    // npm: the files the hooks run, and those `main` / `exports` load (a `bin` runs when the user starts it).
    const install = this.registry === 'npm' ? this.installTime : byRole('install-time');
    const imported = this.registry === 'npm' ? (this.importTimeFiles ?? new Set<string>()) : byRole('import-time');
    // Python: each import-time module with the local modules whose imported names its module-level code calls.
    const callGroups: string[][] = [];
    if (this.registry === 'pypi')
      for (const e of [...this.roles].filter(([, r]) => r === 'import-time').map(([f]) => f).sort()) {
        const calls = this.pyTopCalls.get(e);
        if (!calls) continue;
        const g = new Set([e]);
        for (const u of this.pyImportUses.get(e) ?? []) if (u.names?.some((n) => calls.has(n))) for (const p of resolveSpecifier(e, u.spec, 'py', root)) if (this.risks.has(p)) g.add(p);
        if (g.size > 1 && callGroups.length < 200) callGroups.push([...g]);
      }
    for (const x of backstopFindings({ callGroups, risks: this.risks, install, imported, own, live: (f, line) => this.liveAt(root, f, line), taken: (f) => namesCalledByRunning(f, root, this.roles, this.pyImportUses, this.pyTopCalls), ownRelease, registry: this.registry, downloadsWeighed: (f) => this.fileInfo.get(f)?.script !== undefined, size: (f) => sizeOf.get(f) ?? 0 })) this.addFinding({ ...x, ...(this.roles.get(x.file) ? { role: this.roles.get(x.file)! } : {}) });
  }

  // Readers that threw (reader-guard.ts): what the file does was not all read. A file that runs at install
  // or import is not CLEAR unread (MEDIUM: CAUTION); elsewhere a note.
  for (const [file, fails] of [...this.readerFailures].sort((a, b) => cmp(a[0], b[0]))) {
    const role = this.registry === 'npm' && this.installTime.has(file) ? 'install-time' : this.registry === 'npm' && this.importTimeFiles?.has(file) ? 'import-time' : this.roles.get(file);
    const runs = role === 'install-time' || role === 'import-time';
    this.addFinding({
      ruleId: 'reader_failed',
      severity: runs ? 'MEDIUM' : 'LOW',
      category: 'archive',
      file,
      ...(role ? { role } : {}),
      evidence: fails.map((f) => `${f.reader}: ${f.message}`).join('; ').slice(0, 200),
      message: `${fails.length} reader${fails.length === 1 ? '' : 's'} (${fails.map((f) => f.reader).join(', ')}) failed on this file, so what it does was not fully read${runs ? `; file role: ${role}, it runs ${role === 'install-time' ? 'at install' : 'when the package is imported'}` : ''}`,
    });
  }

  // Capabilities: one INFO finding each (a capability alone is not a threat).
  const capabilities = new Set<string>();
  for (const [bit, name, category, label] of CAPABILITY_SIGNALS) {
    const info = this.caps.get(bit);
    if (!info) continue;
    capabilities.add(name);
    this.addFinding({
      ruleId: `capability_${name.replace(/[^a-z]+/g, '_')}`,
      severity: 'INFO',
      category,
      file: info.file,
      ...(info.line !== undefined ? { line: info.line } : {}),
      message: `${label} in ${info.files} file${info.files === 1 ? '' : 's'} (a capability, not a threat by itself)`,
      ...(info.evidence ? { evidence: info.evidence } : {}),
    });
  }
  if (installScripts.length > 0) capabilities.add('install-script');

  // Settings files that carry code (blind set 2, docs/package-analysis.md "Python, blind set 2"): a
  // YAML tag that calls a process starter or exec, loaded by the package's own code with a loader that
  // applies such tags; a download piped into a shell, in a settings file whose parsed values the
  // package's code starts as commands. Either alone is ordinary (PyYAML's own test data; task runners).
  const tag = this.dataPayloads.find((d) => d.kind === 'tag');
  if (tag && this.unsafeYaml.length > 0) {
    const u = this.unsafeYaml[0]!;
    this.addFinding({ ruleId: 'data_file_code_exec', severity: 'HIGH', category: 'obfuscation', file: tag.path, evidence: `${tag.evidence} <- ${u.path}:${u.line} ${u.evidence}`.slice(0, 200), message: `a YAML file the package ships carries a Python tag that starts a process or executes code, and the package loads YAML with a loader that applies such tags (${u.path}:${u.line}): loading its own settings runs the command` });
  }
  const cmd = this.dataPayloads.find((d) => d.kind === 'command');
  if (cmd && this.configRuns.length > 0) {
    // At load (module-level code or what it calls) the command runs unasked; in a function only a
    // caller runs, it is a task runner doing what it is asked (LOW).
    const r = this.configRuns.find((x) => !x.onRequest) ?? this.configRuns[0]!;
    this.addFinding({ ruleId: 'data_file_command_exec', severity: r.onRequest ? 'LOW' : 'HIGH', category: 'shell', file: r.path, line: r.line, evidence: `${r.evidence} <- ${cmd.path}: ${cmd.evidence}`.slice(0, 200), message: `the package starts commands read from a settings file${r.onRequest ? ' when a caller asks' : ' when its module loads'}, and a settings file it ships holds a download piped into a shell (${cmd.path})` });
  }

  // Code in a data string, and package code (not tests or docs) that evaluates strings (collector/data-code.ts).
  const evaluator = this.dataCode.length > 0 ? [...this.fileInfo].find(([p, i]) => (i.signals & Signal.EVAL) !== 0 && !TEST_OR_DOCS.test(p))?.[0] : undefined;
  if (evaluator) {
    const d = this.dataCode[0]!;
    this.addFinding({ ruleId: 'data_string_code_exec', severity: 'HIGH', category: 'obfuscation', file: d.path, evidence: `${d.evidence} <- ${evaluator}`.slice(0, 200), message: `a data file the package ships holds a string that is code starting a process and reaching a remote host, and the package's code evaluates strings (${evaluator}): evaluating its own data runs the command` });
  }

  // Sourceless Python modules (blind set 2): Python imports `x.pyc` when no `x.py` sits next to it,
  // so the package runs code nobody can read. Shipped with its source (a stale build) it is never
  // imported. Its string table naming a process start, exec or a URL makes it HIGH.
  // HIGH needs a source distribution (a wheel may ship compiled modules only, by its vendor's choice)
  // and strings that both run code (exec, system, Popen…) and fetch or decode it (a URL, curl, b64decode…):
  // `platform.system` alone names `system`.
  const wheel = [...this.seenPaths].some((x) => /\.dist-info\//.test(x));
  for (const [p, acts] of [...this.pycFiles].sort((a, b) => cmp(a[0], b[0]))) {
    if (this.seenPaths.has(p.replace(/\.pyc$/i, '.py'))) continue;
    const runs = acts !== null && /\b(?:system|popen|Popen|check_output|exec|eval|CreateThread|VirtualAlloc)\b/.test(acts);
    const fetches = acts !== null && /a URL|\b(?:urlopen|b64decode|curl|wget)\b/.test(acts);
    this.addFinding({
      ruleId: 'sourceless_module',
      severity: !wheel && runs && fetches ? 'HIGH' : 'MEDIUM',
      // A compiled file like any other binary: MEDIUM is MONITORED, HIGH (its strings run or fetch code) BLOCKED.
      category: 'binary',
      file: p,
      ...(acts ? { evidence: acts } : {}),
      message: `a compiled Python module ships without its source: Python imports it as is, and it cannot be reviewed${acts ? ` (its strings name ${acts})` : ''}`,
    });
  }

  // Compiled binaries.
  const binaries = [...this.binaries].sort();
  if (binaries.length > 0) capabilities.add('native-binary');
  for (const b of binaries) {
    this.addFinding({
      ruleId: 'compiled_binary',
      severity: 'MEDIUM',
      category: 'binary',
      file: b,
      message: 'compiled binary: it cannot be analysed statically',
    });
  }
  const extra = (this.ruleCounts.get('compiled_binary') ?? 0) - MAX_FINDINGS_PER_RULE;
  if (extra > 0) {
    this.findings.push({ ruleId: 'compiled_binary', severity: 'MEDIUM', category: 'binary', file: '', message: `${extra} more compiled binaries not listed` });
  }

  // Set hash over every regular file read.
  const lines = this.entries.map((e) => `${e.path}\0${e.sha256}\n`).sort(cmp);
  const h = createHash('sha256');
  for (const l of lines) h.update(l, 'utf8');
  const fileSetHash = h.digest('hex');
  const files = [...this.entries].sort((a, b) => cmp(a.path, b.path) || cmp(a.sha256, b.sha256)).slice(0, this.limits.maxListedFiles);

  if (this.largeUnscanned.size === 0) this.limitsHit.delete('maxFileBytes');
  let analysisType: AnalysisType = 'FULL';
  const partial = this.limitsHit.size > 0 || this.corrupt || this.ignoredEntries > 0 || this.stopped;
  if (binaries.length > 0 && this.sourceFiles === 0 && !partial) analysisType = 'BINARY_ONLY';
  else if (partial || binaries.length > 0) analysisType = 'PARTIAL';
  if (opts.binaryOnly && !partial) analysisType = 'BINARY_ONLY';

  const findings = this.findings.sort(
    (a, b) =>
      severityRank(b.severity) - severityRank(a.severity) ||
      cmp(a.category, b.category) ||
      cmp(a.ruleId, b.ruleId) ||
      cmp(a.file, b.file) ||
      (a.line ?? 0) - (b.line ?? 0),
  );

  return {
    analysisType,
    ...(this.installTime.size > 0 ? { installTimeFiles: [...this.installTime].sort(cmp).slice(0, MAX_INSTALL_TIME_LISTED) } : {}),
    fileCount: this.fileCount,
    totalBytes: this.totalBytes,
    fileSetHash,
    files,
    capabilities: [...capabilities].sort(),
    installScripts,
    binaries,
    findings,
    limitsHit: [...this.limitsHit].sort(),
    coverage,
  };
}
