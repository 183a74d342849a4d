/**
 * The archive collector's per-file reading, once a file has streamed past: classification, scans,
 * capabilities, kept texts and cross-module facts. Moved out of archive-collector.ts unchanged;
 * ArchiveCollector.finishFile delegates here.
 */
import { importSpecifiers, pythonImportUses } from '../entrypoints.js';
import type { FlowFacts } from '../npm/flow-facts.js';
import { flowWanted } from '../npm/flow-prescan.js';
import { jsFlow } from '../npm/flow-js.js';
import { pyFlow } from '../npm/flow-py.js';
import { pyCodeView } from '../codeview.js';
import { downloadFacts } from '../ownbinary.js';
import { scriptDownloads, scriptActs, scriptStarts } from '../npm/script-download.js';
import { hasCompatLetters, mergePythonFindings, parsePython, protectedCode, wantsParse } from '../python/review.js';
import { dormantAt } from '../python/reach.js';
import { isPth, pthAsPython, pthStartupCode } from '../python/pth.js';
import { nfkcDangerous, nfkcFold } from '../python/nfkc.js';
import { guardRead } from './reader-guard.js';
import { codeInDataStrings } from './data-code.js';
import { shippedAutorun } from '../npm/workspace-autorun.js';
import { decodedGlobalLookup } from '../npm/global-resolver.js';
import { pageSkim } from '../npm/page-skimmer.js';
import { formHarvest } from '../npm/form-harvest.js';
import { lookalikeRewrite } from '../npm/lookalike-host.js';
import { evidenceAt } from '../evidence.js';
import { agentOrders } from '../agent-orders.js';

/** Texts read for hidden agent orders: tool descriptions and instruction files are small. */
const AGENT_ORDERS_BYTES = 256 * 1024;
import { scanText, setupPyModuleCode } from '../file-scan.js';
import { riskOf } from '../backstop.js';
import { THEFT_CAPABLE, UNIT_BYTES, unitRisks } from '../npm/js-units.js';
import { CAPABILITY_SIGNALS, Signal, type Lang } from '../signals.js';
import { severityRank } from '../types.js';
import { requirementUrls } from '../python/build-requires.js';
import { BINARY_EXT, BUILD_GLUE, NATIVE_BUILD_FILES, REQUIREMENTS_FILE, DATA_FILE_COMMAND, KEEP_JS_FILE, KEEP_JS_TOTAL, KEPT_AS_DATA, PICKLE_CODE_GLOBAL, PY_NET_FILE, PY_NET_TOTAL, SMALL_NETWORK_FILE, TEST_OR_DOCS, UNSAFE_YAML_LOAD, YAML_CODE_TAG, depthOf, isMagicBinary, pycActs, shebangLang } from './files.js';
import type { ArchiveCollector } from '../archive-collector.js';

export function finishFile(this: ArchiveCollector, path: string, size: number, sha256: string, head: Buffer, content: Buffer | null, lang0: Lang | 'maybe' | null, tooLarge: boolean, ordinal: number, reread = false): void {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const depth = depthOf(path);
  if (!reread) {
    this.fileCount++;
    this.totalBytes += size;
    this.entries.push({ path, size, sha256 });
    if (this.seenPaths.has(path)) {
      this.archiveFinding('duplicate_entry', 'LOW', path, 'the same path appears twice in the archive (extractors keep the last copy)');
    }
    this.seenPaths.add(path);
    if (depth <= 1 && (base === 'package.json' || base === 'setup.py' || base === 'pyproject.toml' || base === 'PKG-INFO' || base === 'binding.gyp')) {
      this.rootMarkers.push(path);
    } else if (this.registry === 'npm' && depth === 2 && (base === 'package.json' || base === 'binding.gyp') && this.nestedMarkers.length < 50) {
      this.nestedMarkers.push(path);
    }
    if (BINARY_EXT.test(path) || isMagicBinary(head, path)) {
      this.binaries.push(path);
      return;
    }
  }
  // Settings files and pickles are kept only to be read as data (classify): never scanned as a script.
  const lang: Lang | null = lang0 === 'maybe' ? (KEPT_AS_DATA.test(path) || BUILD_GLUE.test(path) ? null : shebangLang(head)) : lang0;
  if (this.registry === 'npm' && !reread) this.collectNames(path, lang0, lang, content, tooLarge);
  if (this.registry === 'pypi' && !reread && /\.pyc$/i.test(path) && !path.includes('__pycache__/') && this.pycFiles.size < 50) this.pycFiles.set(path, content ? pycActs(content) : null);
  if (this.registry === 'pypi' && !reread && content && content.length <= 64 * 1024 && REQUIREMENTS_FILE.test(path) && this.requirementUrls.length < 20) {
    for (const r of requirementUrls(content.toString('latin1'))) if (this.requirementUrls.length < 20) this.requirementUrls.push({ path, ...r });
  }
  if (this.registry === 'pypi' && !reread && content && content.length <= 256 * 1024 && /\.(?:ya?ml|toml|ini|cfg|conf|pkl|pickle|pck|joblib)$/i.test(path) && !TEST_OR_DOCS.test(path) && this.dataPayloads.length < 20) {
    const t = content.toString('latin1');
    const tag = YAML_CODE_TAG.exec(t);
    const cmd = DATA_FILE_COMMAND.exec(t);
    if (tag && /\.ya?ml$/i.test(path)) this.dataPayloads.push({ path, kind: 'tag', evidence: tag[0].slice(0, 120) });
    // A pickle that imports a process starter or exec runs it when loaded: no data needs that.
    const pick = /\.(?:pkl|pickle|pck|joblib)$/i.test(path) ? PICKLE_CODE_GLOBAL.exec(t) : null;
    if (pick) {
      const what = `${pick[1] ?? pick[3]}.${pick[2] ?? pick[4]}`;
      this.addFinding({ ruleId: 'pickle_code_exec', severity: 'HIGH', category: 'obfuscation', file: path, evidence: what, message: `a pickle the package ships imports ${what}: loading it starts a process or executes code` });
    }
    if (cmd) this.dataPayloads.push({ path, kind: 'command', evidence: cmd[0].slice(0, 120) });
  }
  // Orders hidden for an AI model in any text the package ships (a tool description, an instruction file).
  if (!reread && content && content.length <= AGENT_ORDERS_BYTES) {
    const o = agentOrders(content);
    if (o)
      this.addFinding({ ruleId: 'hidden_agent_orders', severity: 'HIGH', category: 'exfiltration', file: path, line: content.subarray(0, o.index).toString('utf8').split('\n').length, evidence: o.evidence.slice(0, 120), message: 'text the package ships tells an AI model to read or send a secret (an SSH key, a credential file, .env, an MCP configuration) and to keep it from the user: a poisoned tool description or planted agent instructions' });
  }
  // A shipped dev container or editor task whose open-time command runs a download (npm/workspace-autorun.ts).
  if (!reread && content && /\.json$|\.code-workspace$/i.test(path)) {
    const w = shippedAutorun(path, content.toString('utf8'));
    if (w)
      this.addFinding({
        ruleId: 'workspace_open_download_run',
        severity: w.severity,
        category: 'shell',
        file: path,
        evidence: w.evidence,
        message: `a workspace setting the package ships runs a download as it arrives when the folder is opened ${w.where === 'host' ? "(on the user's machine)" : w.handsSecret ? "(in a dev container handed a credential of the user's machine)" : '(inside a dev container)'}`,
      });
  }
  // A JSON data file whose string is process-starting code that reaches a remote host (collector/data-code.ts).
  if (!reread && content && /\.json$/i.test(path) && base !== 'package.json' && !TEST_OR_DOCS.test(path) && this.dataCode.length < 5) {
    const s = codeInDataStrings(content.toString('utf8'));
    if (s) this.dataCode.push({ path, evidence: s.slice(0, 160) });
  }
  if (lang === null) return;
  if (tooLarge || content === null) {
    if (reread) return;
    this.limitsHit.add('maxFileBytes');
    this.archiveFinding('file_not_scanned', 'LOW', path, `file larger than ${this.limits.maxFileBytes} bytes: hashed but not scanned`);
    if (lang !== 'manifest') {
      this.sourceFiles++;
      this.fileInfo.set(path, { signals: 0, worst: -1, scanned: false });
      this.largeUnscanned.set(path, ordinal);
    }
    return;
  }
  if (reread) {
    // Read again with the entry-point limit: it is scanned after all.
    this.largeUnscanned.delete(path);
    const i = this.findings.findIndex((f) => f.ruleId === 'file_not_scanned' && f.file === path);
    if (i >= 0) this.findings.splice(i, 1);
  } else if (lang !== 'manifest') {
    this.sourceFiles++;
  }
  // Python reads identifiers after NFKC normalisation: so does every reader here (python/nfkc.ts); the parser gets the original.
  const original = content;
  const fold = lang === 'py' ? nfkcFold(content) : null;
  if (fold) content = fold.content;
  const text = content.toString('latin1');
  if (lang === 'js' || lang === 'py') this.importsOf.set(path, { lang, specs: importSpecifiers(text, lang) });
  if (this.registry === 'npm' && lang === 'js' && text.length <= KEEP_JS_FILE && !this.jsTexts.has(path) && this.jsTextBytes + text.length <= KEEP_JS_TOTAL) {
    this.jsTexts.set(path, text);
    this.jsTextBytes += text.length;
  }
  if (lang === 'py') this.pyImportUses.set(path, pythonImportUses(text));
  // Names a Python module calls in its own code (`install()` at module level): what it runs of what it imports (backstop.ts).
  if (lang === 'py' && this.registry === 'pypi') {
    const calls = new Set<string>();
    // (Also a call whose value a module-level assignment keeps: `JAR = load_cookies()`.)
    for (const m of text.matchAll(/^(?:[A-Za-z_][\w.]*\s*(?::[^=\n]{1,80})?=\s*)?([A-Za-z_]\w*)\s*\(/gm)) if (calls.size < 200) calls.add(m[1]!);
    // A function handed at module level to what runs it: a thread's target, an exit or timer hook.
    for (const m of text.matchAll(/^[A-Za-z_][^\n#]*?(?:\btarget\s*=\s*|\bregister\(\s*|\bTimer\(\s*[\d.]+\s*,\s*)([A-Za-z_]\w*)\b/gm)) if (calls.size < 200) calls.add(m[1]!);
    if (calls.size > 0) this.pyTopCalls.set(path, calls);
  }
  if (lang === 'manifest' && depth <= 1) this.manifests.set(path, text);
  else if (lang === 'manifest' && depth === 2 && this.registry === 'npm' && this.nestedManifests.size < 50) this.nestedManifests.set(path, text);
  // binding.gyp is read for the commands node-gyp runs (npm/hooks.ts), not scanned as code.
  if (base === 'binding.gyp' || (NATIVE_BUILD_FILES as readonly string[]).includes(base)) return;
  const setupPy = this.registry === 'pypi' && base === 'setup.py' && depth <= 1;
  if (setupPy) {
    this.manifests.set(path, text);
    this.setupPyCode.set(path, setupPyModuleCode(text));
  }
  // setup.py is always read as code; other Python files when the pattern scan marks them (python/review.ts).
  let pyFacts = lang === 'py' && setupPy ? guardRead(this.readerFailures, path, 'python-parser', () => parsePython(original)) : null;
  // What setup() runs besides metadata: cmdclass overrides of install-time commands (installScripts).
  // Files setup.py runs by their path run at install time too (roles.ts, applyRoles).
  if (setupPy && pyFacts) for (const f of pyFacts.runsFiles) this.setupRuns.add(`${path.slice(0, path.length - 'setup.py'.length)}${f}`);
  if (setupPy && pyFacts) this.setupEntryPoints.push(...pyFacts.entryPoints);
  if (setupPy && pyFacts && pyFacts.installHooks.length > 0) this.setupPyCode.set(path, [...(this.setupPyCode.get(path) ?? []), `cmdclass overrides: ${pyFacts.installHooks.join(', ')}`]);
  const scan = scanText(text, { path, lang, setupPy, pyFacts }, content);
  let fileFindings = scan.findings;
  if (lang === 'py') {
    const prot = protectedCode(path, text);
    if (prot) fileFindings = [...fileFindings, prot];
    // A .pth file: site executes its import lines, the rest are path entries (python/pth.ts); the parser reads those lines only.
    const pth = isPth(path) ? pthStartupCode(path, text) : null;
    if (isPth(path) && !pyFacts && pthAsPython(text).trim() !== '') pyFacts = guardRead(this.readerFailures, path, 'python-parser', () => parsePython(Buffer.from(pthAsPython(text))));
    const compat = (fold !== null && fold.words.some((w) => w.code)) || hasCompatLetters(original);
    if (!pyFacts && wantsParse({ setupPy, signals: scan.signals, ruleIds: scan.findings.map((f) => f.ruleId), compat, text })) pyFacts = guardRead(this.readerFailures, path, 'python-parser', () => parsePython(original));
    // A dangerous name spelled with look-alike letters, in a file the parser did not read (python/flow.ts reports it otherwise).
    const hidden = fold && !pyFacts ? nfkcDangerous(fold) : null;
    if (hidden) fileFindings = [...fileFindings, { ruleId: 'nfkc_identifier', severity: 'HIGH', category: 'obfuscation', file: path, line: hidden.line, evidence: hidden.original.slice(0, 120), message: `the name "${hidden.normal}" is spelled "${hidden.original}" with look-alike Unicode letters that Python normalises (NFKC) to hide it` }];
    if (this.registry === 'pypi' && !TEST_OR_DOCS.test(path) && this.unsafeYaml.length < 20) {
      const m = UNSAFE_YAML_LOAD.exec(text);
      if (m) this.unsafeYaml.push({ path, line: scan.lines.lineAt(m.index), evidence: m[0].slice(0, 120) });
    }
    if (pyFacts) {
      // Whether the command runs when the module loads, or in a function nothing at load calls (reach.ts).
      if (!TEST_OR_DOCS.test(path)) for (const r of pyFacts.runsConfig) if (this.configRuns.length < 20) this.configRuns.push({ path, ...r, onRequest: dormantAt(pyFacts.reach.dormant(), r.line, false) !== null });
      this.pyReach.set(path, pyFacts.reach);
      if (pyFacts.handsOff.length > 0 || pyFacts.sendsParam.size > 0 || pyFacts.runsParam.size > 0 || pyFacts.fileFns.size > 0 || pyFacts.runsOther.length > 0 || pyFacts.returnFns.size > 0 || pyFacts.usesOther.length > 0)
        this.pyCross.set(path, { sendsParam: pyFacts.sendsParam, handsOff: pyFacts.handsOff, runsParam: pyFacts.runsParam, fileFns: pyFacts.fileFns, runsOther: pyFacts.runsOther, returnFns: pyFacts.returnFns, usesOther: pyFacts.usesOther });
      fileFindings = mergePythonFindings(path, pyFacts, fileFindings, setupPy);
    }
    // (After the parsed flow's findings: on its line they say what the executed line does.)
    if (pth) fileFindings = [...fileFindings, pth];
  }
  if (lang === 'py' && !pyFacts && (scan.signals & Signal.NETWORK) !== 0 && content.length <= PY_NET_FILE && this.pyNetBytes + content.length <= PY_NET_TOTAL) {
    this.pyNetTexts.set(path, content);
    this.pyNetBytes += content.length;
  }
  // A global looked up by a name decoded at run time (npm/global-resolver.ts).
  if (lang === 'js') {
    const g = guardRead(this.readerFailures, path, 'global-resolver', () => decodedGlobalLookup(text));
    if (g) {
      const net = (scan.signals & (Signal.NETWORK | Signal.NET_CALL | Signal.NET_IMPORT)) !== 0;
      fileFindings.push({ ruleId: 'global_name_decoded', severity: net ? 'HIGH' : 'MEDIUM', category: 'obfuscation', file: path, line: scan.lines.lineAt(g.index), evidence: g.evidence, message: `a global is looked up by a name the code decodes at run time (reversed, character codes, base64): what it calls is never written${net ? ', in a file that makes network calls' : ''}` });
    }
  }
  if (lang === 'js' && !TEST_OR_DOCS.test(path)) {
    // Card or password fields taken by page code the package plants or runs (npm/page-skimmer.ts).
    const k = guardRead(this.readerFailures, path, 'page-skimmer', () => pageSkim(text));
    if (k)
      fileFindings.push({
        ruleId: k.rule,
        severity: 'HIGH',
        category: 'exfiltration',
        file: path,
        line: scan.lines.lineAt(k.index),
        evidence: k.evidence,
        message:
          k.rule === 'form_skimmer'
            ? `a string the package holds is page code that reads card or password inputs and sends them to a fixed host (${k.host}): emitted into a page, it skims what users type`
            : `card fields (a number and its security code) are put into a beacon to a fixed host (${k.host}): a tracking pixel or sendBeacon, never how a card reaches its processor`,
      });
    // Every field of a form copied into one value and sent to a fixed remote host (npm/form-harvest.ts).
    const h = k ? null : guardRead(this.readerFailures, path, 'form-harvest', () => formHarvest(text));
    if (h)
      fileFindings.push({
        ruleId: 'form_harvest',
        severity: 'HIGH',
        category: 'exfiltration',
        file: path,
        line: scan.lines.lineAt(h.index),
        evidence: h.evidence,
        message: `page code copies every field of a form (each input's name and value) into one value and sends it to a fixed remote host (${h.host}): what users type, passwords and cards included, leaves for another site`,
      });
    // A host name rewritten by a look-alike swap (npm/lookalike-host.ts).
    const l = guardRead(this.readerFailures, path, 'lookalike-host', () => lookalikeRewrite(text));
    if (l)
      fileFindings.push({ ruleId: 'token_lookalike_host', severity: 'HIGH', category: 'exfiltration', file: path, line: scan.lines.lineAt(l.index), evidence: l.evidence, message: 'a host name is rewritten by swapping a character for one that looks the same (o → 0, l → 1): requests built from it go to a look-alike of the host the user configured' });
  }
  let worst = -1;
  let savesFetched: boolean | undefined;
  for (const f of fileFindings) {
    worst = Math.max(worst, severityRank(f.severity));
    this.addFinding(f);
  }
  // Small files that make network calls are always read (an install script hides its sink behind a computed name).
  if ((lang === 'js' || lang === 'py') && ((lang === 'js' && size <= SMALL_NETWORK_FILE && (scan.signals & Signal.NETWORK) !== 0) || flowWanted(text, (scan.signals & (Signal.NETWORK | Signal.NET_IMPORT | Signal.NET_CALL)) !== 0, (scan.signals & (Signal.SHELL | Signal.EVAL)) !== 0, lang))) {
    // The Python reader's work is bounded per file (PY_FLOW_BUDGET): past it, the facts found so far stand.
    // A reader that throws keeps the file's pre-scan findings and is reported (reader-guard.ts).
    const facts: FlowFacts | null = guardRead(this.readerFailures, path, lang === 'js' ? 'js-flow' : 'py-flow', () => (lang === 'js' ? jsFlow(text) : pyFlow(pyCodeView(text))));
    if (facts) {
      for (const h of facts.hits) {
        worst = Math.max(worst, severityRank(h.rule.severity));
        this.addFinding({ ruleId: h.rule.id, severity: h.rule.severity, category: h.rule.category, file: path, line: scan.lines.lineAt(h.index), evidence: evidenceAt(text, h.index, h.length), message: h.rule.message });
      }
      for (const x of [...facts.sends, ...facts.spawns]) {
        x.line = scan.lines.lineAt(x.index);
        x.evidence = evidenceAt(text, x.index, x.length);
      }
      for (const x of facts.acts ?? []) {
        x.line = scan.lines.lineAt(x.index);
        x.evidence = evidenceAt(text, x.index, x.length);
      }
      if (facts.sends.length + facts.spawns.length + facts.requires.length + (facts.acts?.length ?? 0) + (facts.plants?.length ?? 0) + (facts.handoffs?.length ?? 0) > 0) {
        const { acts, plants, handoffs } = facts;
        this.flow.set(path, { hits: [], sends: facts.sends, spawns: facts.spawns, requires: facts.requires, ...(acts ? { acts } : {}), ...(plants ? { plants } : {}), ...(handoffs ? { handoffs } : {}) });
      }
      const imp = this.importsOf.get(path);
      if (imp && facts.requires.length > 0) imp.specs.push(...facts.requires);
      if (lang === 'js') this.exportReturns.set(path, facts.returns ?? null);
      if (lang === 'js') savesFetched = facts.savesFetched;
    }
  }
  if (lang !== 'manifest') {
    // Where a download goes and whether its bytes are checked: install scripts are judged by it.
    const download = lang === 'js' && (text.includes('://') || text.includes('createHash(')) ? downloadFacts(text) : undefined;
    const urls = download ? [...text.matchAll(/\bhttps?:\/\/[a-z0-9.-]+(?::\d+)?(?:\/[^\s'"`$<>{}]*)?/gi)].slice(0, 50).map((m) => m[0]) : undefined;
    // Shell, batch and PowerShell scripts: what OS download tools fetch, and whether it is run; the
    // programs they start, weighed like JavaScript spawns when the script runs at install (npm/script-download.ts).
    const script = lang === 'sh' && this.registry === 'npm' ? scriptDownloads(text) : undefined;
    if (lang === 'sh' && this.registry === 'npm') {
      const starts = scriptStarts(text);
      const acts = scriptActs(text).map((x) => ({ kind: x.kind, index: 0, length: 0, line: x.line, evidence: x.evidence }));
      if ((starts.length > 0 || acts.length > 0) && !this.flow.has(path)) {
        this.flow.set(path, { hits: [], sends: [], requires: [], spawns: starts.map((x) => ({ targets: [x.target], detached: x.detached, node: false, index: x.index, length: x.length, line: x.line, evidence: x.evidence })), ...(acts.length > 0 ? { acts } : {}) });
      }
    }
    // Risk capabilities for the backstop (backstop.ts), weighed once roles are known.
    const risk = guardRead(this.readerFailures, path, 'backstop', () => riskOf(text, lang, scan.signals, this.flow.get(path), scan.firstIndex));
    // A large npm file is weighed per function for theft (npm/js-units.ts), only when it reads a secret and sends.
    if (risk && this.registry === 'npm' && lang === 'js' && text.length > UNIT_BYTES && (risk.bits & THEFT_CAPABLE) !== 0 && (scan.signals & (Signal.NETWORK | Signal.CMD_NET | Signal.NET_CALL)) !== 0) {
      const units = guardRead(this.readerFailures, path, 'js-units', () => unitRisks(text, scan.signals | Signal.NETWORK));
      if (units && units.length > 0) risk.units = units;
    }
    if (risk) this.risks.set(path, risk);
    this.fileInfo.set(path, { signals: scan.signals, worst, scanned: true, ...(download ? { download } : {}), ...(urls ? { urls } : {}), ...(script && script.downloads.length > 0 ? { script } : {}), ...(savesFetched !== undefined ? { savesFetched } : {}) });
  }
  for (const [bit] of CAPABILITY_SIGNALS) {
    if (!(scan.signals & bit)) continue;
    const info = this.caps.get(bit);
    if (info) {
      info.files++;
    } else {
      const idx = scan.firstIndex.get(bit) ?? -1;
      this.caps.set(bit, {
        files: 1,
        file: path,
        ...(idx >= 0 ? { line: scan.lines.lineAt(idx), evidence: evidenceAt(text, idx, 20) } : {}),
      });
    }
  }
}
