/**
 * Labels followed across the modules of one archive: import closures, what exported functions return,
 * JavaScript and Python hand-offs. Moved out of archive-collector.ts unchanged; the collector's
 * methods delegate here.
 */
import { resolveSpecifier } from '../entrypoints.js';
import type { FlowFacts, Handoff } from '../npm/flow-facts.js';
import { LABEL } from '../npm/flow-rules.js';
import { jsFlow } from '../npm/flow-js.js';
import { manifestReader, resolveModulePath } from '../npm/hooks.js';
import { installTimeFiles } from '../npm/judge.js';
import { parsePython } from '../python/review.js';
import { evidenceAt } from '../evidence.js';
import { Signal } from '../signals.js';
import { guardRead } from './reader-guard.js';
import type { ArchiveCollector } from '../archive-collector.js';

/** Rule hits of a module read again with what it is handed that become its findings (cloud keys sent on, DNS names spelled from fingerprints or secrets). */
const HANDED_ON_HITS: ReadonlySet<string> = new Set(['cloud_credential_send', 'dns_recon', 'dns_secret_exfil', 'discord_client_inject']);
/** A module that resolves names itself (Node's dns module): it can carry data out in the names it looks up. */
const DNS_MODULE = /\brequire\s*\(\s*['"](?:node:)?dns(?:\/promises)?['"]\s*\)|\bfrom\s*['"](?:node:)?dns(?:\/promises)?['"]/;

/** Install-time files one file pulls in (itself and what it loads, transitively). */
export function closureOf(this: ArchiveCollector, files: readonly string[], root: string): Set<string> {
  return installTimeFiles({
    root,
    hooks: [{ name: 'install', command: '', steps: files.map((file) => ({ kind: 'file' as const, text: '', file })) }],
    exists: this.exists,
    importsOf: (p) => this.importsOf.get(p),
    flow: (p) => this.flow.get(p),
    manifests: this.manifests,
  });
}

/**
 * Sensitive data one module hands a function of another (`require('./report')(process.env)`):
 * that module is read again with the function's parameters carrying the data (npm/flow-facts.ts
 * Handoff), and what it then sends joins its facts, judged as if written in one file.
 */
/**
 * Labels across one module boundary (pkg-analysis-2026.11.27): a file run at install or loaded on
 * import that calls another archive module's exported function gets what that function returns
 * (`sync.backup(paths.known())`: wallet store paths built in one module, uploaded by another). The
 * file is read again with those returns; new hits become findings, new sends and handoffs join its
 * facts (judged, and followed, as if written in one file). At most 40 modules read for their
 * returns and 20 files read again.
 */
export function followReturns(this: ArchiveCollector, root: string, files: Iterable<string>): void {
  const pkgOf = manifestReader(this.manifests);
  let reads = 40;
  let again = 20;
  const returnsOf = (p: string): Record<string, number> | null => {
    if (this.exportReturns.has(p)) return this.exportReturns.get(p) ?? null;
    const text = this.jsTexts.get(p);
    let r: Record<string, number> | null = null;
    if (text !== undefined && reads > 0) {
      reads--;
      r = guardRead(this.readerFailures, p, 'js-flow (exports)', () => jsFlow(text)?.returns ?? null);
    }
    this.exportReturns.set(p, r);
    return r;
  };
  for (const file of files) {
    if (again <= 0) return;
    const text = this.jsTexts.get(file);
    const specs = (this.importsOf.get(file)?.specs ?? []).filter((s) => s.startsWith('.'));
    if (text === undefined || specs.length === 0) continue;
    const imported = new Map<string, Record<string, number>>();
    for (const spec of specs.slice(0, 50)) {
      const target = resolveModulePath(spec, file.slice(0, file.lastIndexOf('/') + 1), root, this.exists, pkgOf);
      const r = target && target !== file ? returnsOf(target) : null;
      if (r) imported.set(spec, r);
    }
    if (imported.size === 0) continue;
    again--;
    const more: FlowFacts | null = guardRead(this.readerFailures, file, 'js-flow (imports)', () => jsFlow(text, undefined, imported));
    if (!more) continue;
    const lineAt = (i: number): number => {
      let line = 1;
      for (let j = text.indexOf('\n'); j !== -1 && j < i; j = text.indexOf('\n', j + 1)) line++;
      return line;
    };
    for (const h of more.hits) {
      if (this.findings.some((f) => f.file === file && f.ruleId === h.rule.id)) continue;
      this.addFinding({ ruleId: h.rule.id, severity: h.rule.severity, category: h.rule.category, file, line: lineAt(h.index), evidence: evidenceAt(text, h.index, h.length), message: h.rule.message });
    }
    const into = this.flow.get(file) ?? { hits: [], sends: [], spawns: [], requires: [] };
    for (const x of more.sends) {
      if (into.sends.some((y) => y.index === x.index && (y.labels | x.labels) === y.labels)) continue;
      into.sends.push({ ...x, line: lineAt(x.index), evidence: evidenceAt(text, x.index, x.length) });
    }
    for (const h of more.handoffs ?? []) {
      const list = (into.handoffs ??= []);
      if (list.length < 20 && !list.some((y) => y.spec === h.spec && y.fn === h.fn && y.args.join() === h.args.join())) list.push(h);
    }
    if (into.sends.length + into.spawns.length + into.requires.length + (into.handoffs?.length ?? 0) + (into.acts?.length ?? 0) > 0) this.flow.set(file, into);
  }
}

export function followHandoffs(this: ArchiveCollector, root: string): void {
  const pkgOf = manifestReader(this.manifests);
  let budget = 20;
  const done = new Set<string>();
  /** The module read again with what it is handed; what it sends of it joins its facts. */
  const readAgain = (target: string, text: string, h: Handoff): void => {
    // (The module's folder depth below the package root: its `__dirname` where it is installed.)
    const depth = target.startsWith(root) ? target.slice(root.length).split('/').length - 1 : undefined;
    const self = pkgOf(`${root}package.json`)?.name;
    const more: FlowFacts | null = guardRead(this.readerFailures, target, 'js-flow (hand-off)', () =>
      jsFlow(text, { ...h, ...(depth !== undefined ? { depth } : {}), ...(typeof self === 'string' ? { self } : {}) }),
    );
    // Acts done with a path the caller names (pkg24: another package's code rewritten by a helper module): acts of the
    // module, in its module-level code when the caller's call is.
    const newActs = (more?.acts ?? []).filter((a) => !(this.flow.get(target)?.acts ?? []).some((b) => b.kind === a.kind && b.index === a.index));
    if (h.strs && newActs.length > 0) {
      const into = this.flow.get(target) ?? { hits: [], sends: [], spawns: [], requires: [] };
      const acts = (into.acts ??= []);
      for (const a of newActs) {
        if (acts.length >= 20) break;
        let line = 1;
        for (let i = text.indexOf('\n'); i !== -1 && i < a.index; i = text.indexOf('\n', i + 1)) line++;
        const { top: _top, ...rest } = a;
        acts.push({ ...rest, line, evidence: evidenceAt(text, a.index, a.length), ...(h.top ? { top: true } : {}) });
      }
      this.flow.set(target, into);
    }
    // Cloud credentials handed in and sent on are a hit of the module that sends them.
    // So is a DNS name spelled from the fingerprints or secrets handed in (a lookup helper module: the name carries them).
    for (const hit of more?.hits ?? []) {
      if (!HANDED_ON_HITS.has(hit.rule.id) || this.findings.some((f) => f.file === target && f.ruleId === hit.rule.id)) continue;
      let line = 1;
      for (let i = text.indexOf('\n'); i !== -1 && i < hit.index; i = text.indexOf('\n', i + 1)) line++;
      this.addFinding({ ruleId: hit.rule.id, severity: hit.rule.severity, category: hit.rule.category, file: target, line, evidence: evidenceAt(text, hit.index, hit.length), message: hit.rule.message });
    }
    // (Fingerprints handed in and sent on are weighed by judge.ts like a send written in the caller: by the role and the destination.)
    const sends = (more?.sends ?? []).filter((x) => x.labels & (LABEL.ENV | LABEL.SECRET | LABEL.WALLET | LABEL.USER_DATA | LABEL.FINGERPRINT));
    if (sends.length === 0) return;
    const into = this.flow.get(target) ?? { hits: [], sends: [], spawns: [], requires: [] };
    for (const x of sends) {
      if (into.sends.some((y) => y.index === x.index && (y.labels | x.labels) === y.labels)) continue;
      let line = 1;
      for (let i = text.indexOf('\n'); i !== -1 && i < x.index; i = text.indexOf('\n', i + 1)) line++;
      into.sends.push({ ...x, line, evidence: evidenceAt(text, x.index, x.length) });
    }
    this.flow.set(target, into);
  };
  // Path-only hand-offs (Handoff.strs, no data) after the ones that carry data, with a budget of their own.
  let pathBudget = 10;
  const ordered = [...this.flow].flatMap(([file, facts]) => (facts.handoffs ?? []).map((h) => [file, h] as const));
  ordered.sort((a, b) => Number(a[1].args.every((l) => l === 0)) - Number(b[1].args.every((l) => l === 0)));
  for (const [file, h] of ordered) {
    const pathOnly = h.args.every((l) => l === 0);
    if (pathOnly ? pathBudget <= 0 : budget <= 0) continue;
    // Data emitted on an event emitter: read again every other module of the archive that listens for that event.
    if (h.spec.startsWith('#event:')) {
      const event = h.spec.slice('#event:'.length);
      for (const [target, text] of this.jsTexts) {
        if (budget <= 0) return;
        if (target === file || !text.includes(event) || !/\.(?:on|once|addListener|prepend\w*Listener)\s*\(/.test(text)) continue;
        const key = `${target} ${h.spec} ${h.args.join(',')}`;
        if (done.has(key)) continue;
        done.add(key);
        budget--;
        if (((this.fileInfo.get(target)?.signals ?? 0) & (Signal.NETWORK | Signal.NET_CALL | Signal.NET_IMPORT)) !== 0) readAgain(target, text, h);
      }
      continue;
    }
    const target = resolveModulePath(h.spec, file.slice(0, file.lastIndexOf('/') + 1), root, this.exists, pkgOf);
    const key = `${target} ${h.fn ?? ''} ${h.args.join(',')} ${(h.strs ?? []).join('\u0000')} ${h.top === true}`;
    if (done.has(key)) continue;
    done.add(key);
    const text = target ? this.jsTexts.get(target) : undefined;
    const signals = target ? (this.fileInfo.get(target)?.signals ?? 0) : 0;
    // Only a module that makes network calls (or DNS queries) can send what it is handed; only one that writes
    // files can write to a path it is handed.
    const sends = (signals & (Signal.NETWORK | Signal.NET_CALL)) !== 0 || (text !== undefined && DNS_MODULE.test(text));
    const writes = h.strs !== undefined && (signals & Signal.FS_WRITE) !== 0;
    if (!target || text === undefined || (!(sends && !pathOnly) && !writes)) continue;
    if (pathOnly) pathBudget--;
    else budget--;
    readAgain(target, text, h);
  }
}

/** `._net.fetch_to` → the module as imported and the function's name. */
function splitCallee(callee: string): { spec: string; name: string } | null {
  const dot = callee.lastIndexOf('.');
  const spec = callee.slice(0, dot);
  const name = callee.slice(dot + 1);
  return spec && name ? { spec, name } : null;
}

/** What another module of the package hands on, sends or returns: as the pre-scan parsed it, else parsed now from its kept text. */
function crossFacts(c: ArchiveCollector, target: string): ReturnType<ArchiveCollector['pyCross']['get']> {
  const known = c.pyCross.get(target);
  if (known || !c.pyNetTexts.has(target)) return known;
  const parsed = parsePython(c.pyNetTexts.get(target)!);
  c.pyNetTexts.delete(target);
  if (!parsed) return undefined;
  const facts = { sendsParam: parsed.sendsParam, handsOff: [], fileFns: parsed.fileFns, returnFns: parsed.returnFns };
  c.pyCross.set(target, facts);
  return facts;
}

/**
 * Data about the machine or a secret handed to a function of another module of the package that
 * sends its argument over the network is sent, as if the send were in the caller's file: a stealer
 * split over a collector module and a transport module (python/flow.ts `handsOff`, `sendsParam`).
 * The transport module is parsed here when the pre-scan did not parse it (kept while reading).
 */
export function followPyHandOffs(this: ArchiveCollector, root: string): void {
  for (const [path, facts] of this.pyCross) {
    // A program another module's function returns, started here: that function wrote it with fetched data.
    for (const r of facts.runsOther ?? []) {
      const c = splitCallee(r.callee);
      if (!c) continue;
      const { spec, name } = c;
      for (const target of resolveSpecifier(path, spec, 'py', root)) {
        if (target === path) continue;
        const t = crossFacts(this, target)?.fileFns?.get(name);
        if (!t || (!t.has('remote') && !t.has('decoded'))) continue;
        this.addFinding(
          t.has('remote')
            ? { ruleId: 'download_execute', severity: 'CRITICAL', category: 'shell', file: path, line: r.line, evidence: r.evidence, message: `${name}() in ${target.slice(root.length)} downloads a file and returns its path, and this line starts it` }
            : { ruleId: 'decoded_code_exec', severity: 'HIGH', category: 'obfuscation', file: path, line: r.line, evidence: r.evidence, message: `${name}() in ${target.slice(root.length)} writes decoded data to a file and returns its path, and this line runs it` },
        );
        break;
      }
    }
    // Code executed, or a send made, with what another module's function returns (pkg22py): a loader split over a
    // transport module and the module that runs what it fetched; a collector module and the module that sends.
    for (const u of facts.usesOther ?? []) {
      const c = splitCallee(u.callee);
      if (!c) continue;
      const { spec, name } = c;
      for (const target of resolveSpecifier(path, spec, 'py', root)) {
        if (target === path) continue;
        const t = crossFacts(this, target)?.returnFns?.get(name);
        if (!t) continue;
        const rel = target.slice(root.length);
        const evidence = (u.dest ? `${u.evidence.slice(0, 60)} -> ${u.dest}` : u.evidence).slice(0, 120);
        if (u.kind === 'exec' && t.has('remote'))
          this.addFinding({ ruleId: 'remote_code_exec', severity: 'CRITICAL', category: 'shell', file: path, line: u.line, evidence, message: `${name}() in ${rel} returns downloaded data, and this line executes it as Python code` });
        else if (u.kind === 'exec' && t.has('decoded'))
          this.addFinding({ ruleId: 'decoded_code_exec', severity: 'HIGH', category: 'obfuscation', file: path, line: u.line, evidence, message: `${name}() in ${rel} returns decoded data, and this line executes it as Python code` });
        // A send of a secret or the environment to a literal destination only: a tool that uploads to the server its
        // user configured (an index upload with the user's own credentials) names no host in its code.
        else if (u.kind === 'send' && u.dest && t.has('env'))
          this.addFinding({ ruleId: 'env_exfil_flow', severity: 'HIGH', category: 'exfiltration', file: path, line: u.line, evidence, message: `${name}() in ${rel} returns the whole environment (every variable, tokens included), and this line sends it to ${u.dest}` });
        else if (u.kind === 'send' && u.dest && t.has('secret'))
          this.addFinding({ ruleId: 'credential_exfil_flow', severity: 'HIGH', category: 'exfiltration', file: path, line: u.line, evidence, message: `${name}() in ${rel} returns the content of a credential store, and this line sends it to ${u.dest}` });
        else continue;
        break;
      }
    }
    for (const h of facts.handsOff) {
      const c = splitCallee(h.callee);
      if (!c) continue;
      const { spec, name } = c;
      for (const target of resolveSpecifier(path, spec, 'py', root)) {
        if (target === path) continue;
        // A web request's data handed to a function that starts it as a command (blind set 2).
        const runs = h.request ? this.pyCross.get(target)?.runsParam?.get(name) : undefined;
        if (runs !== undefined) {
          this.addFinding({ ruleId: 'request_command_exec', severity: 'HIGH', category: 'shell', file: path, line: h.line, evidence: h.evidence, message: `data of a web request the code receives is handed to ${name}() in ${target.slice(root.length)}, which runs it as a command or code (line ${runs}): whoever sends that request runs code on this machine (a command backdoor)` });
          break;
        }
        if (h.request && !h.secret && !h.env && !h.records && !h.seed) continue;
        const sends = crossFacts(this, target)?.sendsParam;
        if (!sends?.has(name)) continue;
        const dest = sends.get(name) ?? null;
        const rel = target.slice(root.length);
        // A wallet's recovery words handed to a function that sends them to a fixed host (pkg23py).
        if (h.seed && dest) {
          this.addFinding({ ruleId: 'wallet_seed_exfil', severity: 'HIGH', category: 'exfiltration', file: path, line: h.line, evidence: `${h.evidence.slice(0, 60)} -> ${dest}`.slice(0, 120), message: `a wallet's recovery words (a parameter named as a mnemonic or seed phrase) are handed to ${name}() in ${rel}, which sends them over the network to ${dest}` });
          break;
        }
        if (h.seed && !h.secret && !h.env && !h.records && !h.request) continue;
        // Records of a data-layer hook handed on to a function that sends them to a fixed host (pkgrecall2).
        if (h.records && !h.secret && !h.env) {
          if (dest)
            this.addFinding({ ruleId: 'user_data_send', severity: 'HIGH', category: 'exfiltration', file: path, line: h.line, evidence: `${h.evidence.slice(0, 60)} -> ${dest}`.slice(0, 120), message: `records the application stores (rows, statement parameters or saved instances handed to the package's data-layer hook) are handed to ${name}() in ${rel}, which sends them over the network to ${dest}` });
          break;
        }
        this.addFinding(
          h.env
            ? { ruleId: 'env_exfil_flow', severity: 'HIGH', category: 'exfiltration', file: path, line: h.line, evidence: (dest ? `${h.evidence.slice(0, 60)} -> ${dest}` : h.evidence).slice(0, 120), message: `the whole environment (every variable, tokens included) is handed to ${name}() in ${rel}, which sends it over the network${dest ? ` to ${dest}` : ''}` }
            : h.secret
            ? { ruleId: 'credential_exfil_flow', severity: dest ? 'HIGH' : 'MEDIUM', category: 'exfiltration', file: path, line: h.line, evidence: (dest ? `${h.evidence.slice(0, 60)} -> ${dest}` : h.evidence).slice(0, 120), message: `the content of a credential store or a cloud SDK's keys is handed to ${name}() in ${rel}, which sends it over the network${dest ? ` to ${dest}` : ''}` }
            : { ruleId: 'recon_exfil_flow', severity: 'HIGH', category: 'exfiltration', file: path, line: h.line, evidence: (dest ? `${h.evidence.slice(0, 60)} -> ${dest}` : h.evidence).slice(0, 120), message: `data about the machine or its user (user, host name, environment, system files) is handed to ${name}() in ${rel}, which sends it over the network${dest ? ` to ${dest}` : ''}` },
        );
        break;
      }
    }
  }
  this.pyNetTexts.clear();
}
