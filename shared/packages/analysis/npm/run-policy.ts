/**
 * The install- and import-time policy (docs/package-analysis.md, "Branch `npmpolicy24`"): no family, no API list
 * per family, only what code that runs unasked does. npm runs a package's lifecycle hooks (and everything they
 * load) at install, and a program that loads the package runs its entry's module-level code. Such code needs the
 * platform, the architecture and its own settings; it has no need of who and where the machine is.
 *
 * Facts are read from the parsed tree (acorn, flow-js.ts parseJs), in the code that runs: a hook's own files
 * whole; in a loaded module its module-level code, inline callbacks of its calls, and the functions that code
 * names (by local name or property name, transitively in the file, as npm/reach-js.ts reads reach). A file the
 * parser refuses gives no facts here (the other readers still read its text).
 *
 *  - collects: the machine's identity (`os.hostname()`, `os.userInfo()`, `os.networkInterfaces()`, the user and
 *    host variables), the whole environment (serialised, enumerated, copied; not handed to a child process as its
 *    environment), a credential variable (`*_TOKEN`, `*SECRET*`, …), a credential store's path literal;
 *  - egress: a call of a network module's function (http, https, net, tls, dgram, dns, http2, the HTTP clients),
 *    `fetch`, `WebSocket`, `XMLHttpRequest`, `sendBeacon`, or a process started with a network tool in its
 *    command (curl, wget, nslookup, dig, ping, nc, PowerShell's web cmdlets);
 *  - writes outside: a file write whose path is built from the home directory, the user's profile folders, a
 *    system folder, the project that installs the package (`INIT_CWD`), or climbs out of the package with `..`;
 *    a cache folder under home (`.cache`, `Library/Caches`, `AppData/Local`) is where honest installers keep
 *    downloads, and is not counted;
 *  - background: a process started detached (`detached: true`, `.unref()`);
 *  - decode + run: data decoded at run time (base64 / hex `Buffer.from`, `atob`, a decipher, zlib, character
 *    codes) and code evaluated from a computed value (eval, Function, vm, `_compile`) in the same running code.
 *
 * Judged by role: at install (any of the hooks' files) or on import (module-level reach of the entry's files),
 * (a) collects + egress: HIGH; CAUTION (MEDIUM) when every URL in that code is a host the package declares and
 * what is collected is only the machine's identity (telemetry to the package's own service), or only a named
 * credential variable with no foreign host written; (b) a write outside the package: a note alone (honest setup
 * tools write known_hosts, ssh and git settings), HIGH into home or system places with collection or decoded code
 * run in the same phase, MEDIUM with a request; a background process at install: MEDIUM, HIGH with collection,
 * egress or decoded code run; (c) decode + run: HIGH. An honest binary installer
 * (platform and architecture, a download from its own release host, written inside the package or a cache) has
 * none of these facts.
 */
import type { OwnHosts } from '../own-hosts.js';
import { SECRET_VENDORS } from '../../../sandbox/reputation.js';
import { CREDENTIAL_STORE } from '../patterns.js';
import type { FindingSeverity, PackageFinding } from '../types.js';
import { forEachChild, isFn, parseJs } from './flow-js.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type N = any;

export interface RunFacts {
  /** What is collected, by kind: `identity`, `environment`, `credential`. */
  collects: Map<'identity' | 'environment' | 'credential', string>;
  egress: string | null;
  /** URL hosts written in the running code. */
  hosts: Set<string>;
  writesOut: { where: 'home' | 'system' | 'project' | 'packages'; evidence: string } | null;
  background: string | null;
  decoded: string | null;
  evaluated: string | null;
  /** Functions of other modules of the package called by the running code: relative specifier and export name. */
  calls: { spec: string; name: string }[];
}

const NET_MODULES = new Set(['http', 'https', 'net', 'tls', 'dgram', 'dns', 'dns/promises', 'http2', 'node-fetch', 'axios', 'undici', 'got', 'superagent', 'request', 'ws', 'socket.io-client', 'cross-fetch', 'isomorphic-fetch', 'needle', 'phin', 'bent', 'ky', 'ofetch']);
const CORE_NET = new Set(['http', 'https', 'net', 'tls', 'dgram', 'dns', 'dns/promises', 'http2']);
const NET_SENDS = /^(?:request|get|connect|createConnection|Socket|send|lookup|lookupService|resolve\w*|reverse|createSocket|setServers|Resolver)$/;
const SPAWN_MODULES = new Set(['child_process', 'cross-spawn', 'execa', 'shelljs']);
const SPAWN_FNS = /^(?:spawn|spawnSync|exec|execSync|execFile|execFileSync|fork|execa|execaSync|execaCommand|execaCommandSync)$/;
const GLOBAL_NET = new Set(['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource']);
const IDENTITY_CALLS = new Set(['userInfo', 'networkInterfaces', 'hostname']);
/** Variables naming the user, the host or the domain. */
const IDENTITY_VARS = /^(?:USER|USERNAME|LOGNAME|HOSTNAME|COMPUTERNAME|USERDOMAIN|USERDNSDOMAIN)$/;
/** A credential's variable (not npm's own `npm_config_*` settings). */
const CREDENTIAL_VAR = /(?:TOKEN|SECRET|PASSW|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIAL)/i;
const NET_TOOL = /(?:^|[\s;&|(`'"])(?:curl|wget|nslookup|dig|ping|nc|ncat|telnet|tftp|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|bitsadmin)(?:\.exe)?(?=[\s'"`]|$)|Net\.WebClient|DownloadString|DownloadFile/i;
const WRITE_FNS = /^(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|outputFile|outputFileSync|writeJson|writeJsonSync|outputJson|outputJsonSync)$/;
const READ_FNS = /^(?:readFileSync|readFile|createReadStream|readdirSync|readdir|readJson|readJsonSync)$/;
const COPY_FNS = /^(?:copyFileSync|copyFile|cpSync|cp|renameSync|rename|symlinkSync|symlink|linkSync|link|copy|copySync|move|moveSync)$/;
const HOME_VARS = /^(?:HOME|USERPROFILE|APPDATA|LOCALAPPDATA|XDG_CONFIG_HOME|XDG_DATA_HOME|HOMEPATH|HOMEDRIVE)$/;
const SYSTEM_PATH = /^(?:\/(?:etc|usr|bin|sbin|var|opt|Library|System|Applications|root)\/|[A-Za-z]:\\\\?(?:Windows|Program|Users)|%(?:APPDATA|LOCALAPPDATA|USERPROFILE|ProgramData|ProgramFiles|SystemRoot|WINDIR)%)/i;
/**
 * A program's own folder under home: caches, and the per-application configuration and data folders
 * (`~/.config/<app>/`, `~/.local/share/<app>/`, `AppData/…/<app>`) where update checkers and CLIs keep their state.
 * Writes there are not counted; a file at the home folder's top, or another tool's folder (`.ssh`, `.npmrc`, shell
 * start files, LaunchAgents), is.
 */
const CACHE_DIR = /(?:^|[\\/])(?:\.cache|Caches|\.npm|\.node-gyp|node-gyp|\.local[\\/]share|\.config|Application Support)(?:[\\/]|$)|^(?:\.cache|Caches|cache|\.config)$|AppData[\\/](?:Local|Roaming)[\\/]/i;
/** Start-up places inside those folders: what is written there runs at login or boot, it is no program's own state. */
const RUN_LATER = /(?:^|[\\/])(?:autostart|systemd|Start Menu|Startup|LaunchAgents|LaunchDaemons|conf\.d|profile\.d)(?:[\\/]|$)/i;
/** Commands that change user-wide or system-wide settings (git's and npm's global configuration, the registry, scheduled tasks, Defender). */
const GLOBAL_SETTING = /\bgit\b[^;&|]{0,40}\bconfig\b[^;&|]{0,20}--(?:global|system)\b|\b(?:npm|yarn|pnpm)\b[^;&|]{0,20}\bconfig\s+set\b[^;&|]{0,40}(?:-g\b|--global\b|--location[= ]global|registry|strict-ssl)|\bsetx\b|\breg(?:\.exe)?\s+add\b|\bschtasks\b[^;&|]{0,20}\/create\b|\bcrontab\b|\blaunchctl\s+(?:load|bootstrap)\b|\bsystemctl\b[^;&|]{0,20}\benable\b|Add-MpPreference|Set-MpPreference|\bdefaults\s+write\b/i;
const DECODE_ENCODINGS = /^(?:base64|base64url|hex)$/;
/** Decoders of hidden data (character-code conversion is every parser's: not counted). */
const DECODE_FNS = /^(?:atob|createDecipheriv|createDecipher|inflateSync|inflateRawSync|gunzipSync|unzipSync|brotliDecompressSync|inflate|gunzip|unzip|brotliDecompress)$/;
const EVAL_METHODS = /^(?:runInThisContext|runInNewContext|runInContext|compileFunction|_compile)$/;
const URL_IN = /\b(?:https?|wss?):\/\/([a-z0-9][a-z0-9.-]*[a-z0-9])/gi;

function emptyFacts(): RunFacts {
  return { collects: new Map(), egress: null, hosts: new Set(), writesOut: null, background: null, decoded: null, evaluated: null, calls: [] };
}

function literalString(n: N): string | null {
  if (!n) return null;
  if (n.type === 'Literal' && typeof n.value === 'string') return n.value;
  if (n.type === 'TemplateLiteral' && n.expressions.length === 0) return n.quasis.map((q: N) => q.value.cooked ?? '').join('');
  return null;
}

/** `require('x')` / `import('x')`'s module name, without `node:`. */
function requiredName(n: N): string | null {
  if (!n) return null;
  if (n.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === 'require' && n.arguments.length === 1) {
    const s = literalString(n.arguments[0]);
    return s ? s.replace(/^node:/, '') : null;
  }
  if (n.type === 'AwaitExpression') return requiredName(n.argument);
  if (n.type === 'ImportExpression') {
    const s = literalString(n.source);
    return s ? s.replace(/^node:/, '') : null;
  }
  if (n.type === 'MemberExpression') return requiredName(n.object);
  return null;
}

function propName(n: N): string | null {
  if (!n || n.type !== 'MemberExpression') return null;
  if (!n.computed && n.property.type === 'Identifier') return n.property.name;
  return literalString(n.property);
}

function isProcessEnv(n: N): boolean {
  return n?.type === 'MemberExpression' && propName(n) === 'env' && n.object.type === 'Identifier' && n.object.name === 'process';
}

interface FileIndex {
  /** Local names bound to modules (`const https = require('https')`, `import dns from 'dns'`, destructured functions). */
  modules: Map<string, string>;
  /** Function definitions by local or property name. */
  fns: Map<string, N[]>;
  /** Exported functions by export name ('' the module itself or its default). */
  exportFns: Map<string, N[]>;
  /** Each variable's assigned values (to read what a path or command was built from). */
  values: Map<string, N[]>;
}

function indexFile(ast: N): FileIndex {
  const idx: FileIndex = { modules: new Map(), fns: new Map(), values: new Map(), exportFns: new Map() };
  const addExport = (name: string, fn: N): void => {
    const l = idx.exportFns.get(name) ?? [];
    if (l.length < 8) l.push(fn);
    idx.exportFns.set(name, l);
  };
  const exportValue = (name: string, v: N): void => {
    if (isFn(v)) addExport(name, v);
    else if (v?.type === 'Identifier') pendingExports.push([name, v.name]);
    else if (v?.type === 'ObjectExpression' && name === '') for (const p of v.properties) if (p.type === 'Property') exportValue(p.key?.name ?? p.key?.value ?? '', p.value);
  };
  const pendingExports: [string, string][] = [];
  const isModuleExports = (m: N): boolean => m?.type === 'MemberExpression' && propName(m) === 'exports' && m.object.type === 'Identifier' && m.object.name === 'module';
  const isExportsObj = (m: N): boolean => (m?.type === 'Identifier' && m.name === 'exports') || isModuleExports(m);
  const addFn = (name: string | null | undefined, fn: N): void => {
    if (!name) return;
    const l = idx.fns.get(name) ?? [];
    if (l.length < 8) l.push(fn);
    idx.fns.set(name, l);
  };
  const addValue = (name: string, v: N): void => {
    const l = idx.values.get(name) ?? [];
    if (l.length < 8) l.push(v);
    idx.values.set(name, l);
  };
  const bind = (id: N, init: N): void => {
    if (!id) return;
    const mod = requiredName(init);
    if (id.type === 'Identifier') {
      if (mod && init.type !== 'MemberExpression') idx.modules.set(id.name, mod);
      else if (mod && init.type === 'MemberExpression') idx.modules.set(id.name, `${mod}#${propName(init) ?? ''}`);
      if (init) addValue(id.name, init);
      if (init && isFn(init)) addFn(id.name, init);
    } else if (id.type === 'ObjectPattern' && mod) {
      for (const p of id.properties) if (p.type === 'Property' && p.value.type === 'Identifier') idx.modules.set(p.value.name, `${mod}#${p.key.name ?? p.key.value}`);
    }
  };
  const walk = (n: N): void => {
    if (!n || typeof n.type !== 'string') return;
    switch (n.type) {
      case 'ImportDeclaration': {
        const mod = String(n.source.value).replace(/^node:/, '');
        for (const s of n.specifiers) idx.modules.set(s.local.name, s.type === 'ImportSpecifier' ? `${mod}#${s.imported.name ?? s.imported.value}` : mod);
        break;
      }
      case 'VariableDeclarator':
        bind(n.id, n.init);
        break;
      case 'AssignmentExpression':
        if (n.left.type === 'Identifier') bind(n.left, n.right);
        else if (n.left.type === 'MemberExpression' && isFn(n.right)) addFn(propName(n.left), n.right);
        if (isModuleExports(n.left)) exportValue('', n.right);
        else if (n.left.type === 'MemberExpression' && isExportsObj(n.left.object)) exportValue(propName(n.left) ?? '', n.right);
        break;
      case 'ExportDefaultDeclaration':
        exportValue('', n.declaration);
        if (n.declaration?.type === 'FunctionDeclaration') addExport('', n.declaration);
        break;
      case 'ExportNamedDeclaration':
        if (n.declaration?.type === 'FunctionDeclaration') addExport(n.declaration.id.name, n.declaration);
        for (const d of n.declaration?.declarations ?? []) if (d.id.type === 'Identifier') exportValue(d.id.name, d.init);
        for (const sp of n.specifiers ?? []) pendingExports.push([sp.exported.name ?? sp.exported.value, sp.local.name]);
        break;
      case 'FunctionDeclaration':
        addFn(n.id?.name, n);
        break;
      case 'Property':
      case 'MethodDefinition':
      case 'PropertyDefinition':
        if (n.value && isFn(n.value)) addFn(n.key?.name ?? (typeof n.key?.value === 'string' ? n.key.value : null), n.value);
        break;
    }
    forEachChild(n, walk);
  };
  walk(ast);
  for (const [name, local] of pendingExports) for (const fn of idx.fns.get(local) ?? []) addExport(name, fn);
  return idx;
}

/** The module a callee belongs to (`https.get` → `https`, `get` destructured from https → `https.get`, `require('dns').lookup`). */
function calleeModule(callee: N, idx: FileIndex): string | null {
  let root = callee;
  while (root?.type === 'MemberExpression') {
    const r = requiredName(root.object);
    if (r) return r;
    root = root.object;
  }
  if (root?.type === 'Identifier') return idx.modules.get(root.name) ?? null;
  return requiredName(root);
}

function calleeName(callee: N): string | null {
  if (callee?.type === 'Identifier') return callee.name;
  return propName(callee);
}

/** Literal strings in an expression, following variables a few steps (what a path or command was built from). */
function partsOf(n: N, idx: FileIndex, depth = 0, out: { lits: string[]; nodes: N[] } = { lits: [], nodes: [] }): { lits: string[]; nodes: N[] } {
  if (!n || depth > 4 || out.nodes.length > 200) return out;
  out.nodes.push(n);
  if (n.type === 'Literal' && typeof n.value === 'string') out.lits.push(n.value);
  else if (n.type === 'TemplateLiteral') for (const q of n.quasis) out.lits.push(q.value.cooked ?? '');
  if (n.type === 'Identifier') {
    for (const v of idx.values.get(n.name) ?? []) if (!isFn(v)) partsOf(v, idx, depth + 1, out);
    return out;
  }
  if (isFn(n)) return out;
  forEachChild(n, (c) => partsOf(c, idx, depth, out));
  return out;
}

function pathWhere(target: N, idx: FileIndex, file: string): { where: 'home' | 'system' | 'project' | 'packages'; evidence: string } | null {
  const { lits, nodes } = partsOf(target, idx);
  const text = lits.join('/');
  if (!RUN_LATER.test(text) && (lits.some((l) => CACHE_DIR.test(l)) || CACHE_DIR.test(text))) return null;
  let home = false;
  let project = false;
  let dirname = false;
  for (const n of nodes) {
    if (n.type === 'CallExpression' && calleeName(n.callee) === 'homedir') home = true;
    if (n.type === 'MemberExpression' && isProcessEnv(n.object)) {
      const v = propName(n);
      if (v && HOME_VARS.test(v)) home = true;
      if (v === 'INIT_CWD') project = true;
    }
    if (n.type === 'Identifier' && n.name === '__dirname') dirname = true;
    // A path named after the package itself (`require('./package.json').name`): its own shim or folder.
    if (n.type === 'MemberExpression' && propName(n) === 'name' && /(?:^|\/)package\.json$/.test(requiredName(n.object) ?? '')) return null;
  }
  if (lits.some((l) => /^~[\\/]/.test(l))) home = true;
  if (home) return { where: 'home', evidence: text.slice(0, 80) };
  if (lits.some((l) => SYSTEM_PATH.test(l))) return { where: 'system', evidence: text.slice(0, 80) };
  if (project) return { where: 'project', evidence: text.slice(0, 80) };
  // `path.join(__dirname, '..', '..', 'x')`: more `..` than the file's depth in the package climbs out of it.
  if (dirname) {
    const ups = lits.flatMap((l) => l.split(/[\\/]/)).filter((s) => s === '..').length;
    const depth = file.split('/').length - 2; // `package/lib/x.js` → 1
    if (ups > depth) return { where: 'packages', evidence: text.slice(0, 80) };
  }
  return null;
}

/**
 * Facts of the code of one file that runs: `whole` (a hook's own file: all of it) or the module-level code and
 * what it reaches.
 */
export function runFacts(text: string, file: string, whole: boolean, seeds: ReadonlySet<string> = new Set()): RunFacts | null {
  const ast = parseJs(text);
  if (!ast) return null;
  const idx = indexFile(ast);
  const f = emptyFacts();
  const reached = new Set<N>();
  const storeLits: [N, string][] = [];
  const writeTargets = new Set<N>();
  const pending: N[] = [ast];
  // An export another running module calls (or every export, for `*`) runs too.
  for (const [name, fns] of idx.exportFns) if (seeds.has(name) || seeds.has('*')) pending.push(...fns);
  const reachName = (name: string | null): void => {
    if (!name) return;
    for (const fn of idx.fns.get(name) ?? []) if (!reached.has(fn)) pending.push(fn);
  };
  const ev = (n: N): string => text.slice(n.start, Math.min(n.end, n.start + 100)).replace(/\s+/g, ' ');
  const visit = (n: N, parents: N[]): void => {
    if (!n || typeof n.type !== 'string') return;
    if (isFn(n) && parents.length > 0 && !whole) {
      const p = parents[parents.length - 1];
      // Called in place, or handed to a call as a callback: runs with the code around it.
      const inline = p && (p.type === 'CallExpression' || p.type === 'NewExpression') && (p.callee === n || p.arguments.includes(n));
      if (!inline) return;
    }
    switch (n.type) {
      case 'MemberExpression': {
        const name = propName(n);
        if (isProcessEnv(n.object) && name) {
          if (IDENTITY_VARS.test(name) && whole) f.collects.set('identity', ev(n));
          // Named variables count in the hook's own files only: a loaded module of a large tool reads its own service's
          // token in functions the install never calls (the field-based reach over-approximates there).
          else if (CREDENTIAL_VAR.test(name) && !/^npm_/i.test(name) && whole) f.collects.set('credential', ev(n));
        }
        if (isProcessEnv(n)) {
          // `process.env` whole, serialised, enumerated, written into text or a request's body: not a copy for a child
          // process (`{ ...process.env }`, `Object.assign({}, process.env)`), a check (`hasOwnProperty.call`, `===`)
          // or named reads (`const { HOME } = process.env`).
          const p = parents[parents.length - 1];
          const pn = p?.type === 'CallExpression' && p.arguments.includes(n) ? calleeName(p.callee) : null;
          const serialised = pn !== null && /^(?:stringify|keys|entries|values|send|write|post|put|request|fetch|emit|publish|encode|from|inspect|format|dump)$/.test(pn);
          const enumerated = (p?.type === 'ForInStatement' || p?.type === 'ForOfStatement') && p.right === n;
          const inText = p?.type === 'TemplateLiteral' || (p?.type === 'BinaryExpression' && p.operator === '+');
          const asBody = p?.type === 'Property' && p.value === n && /^(?:body|data|json|payload)$/.test(p.key?.name ?? p.key?.value ?? '') && !parents.some((a) => a.type === 'CallExpression' && SPAWN_FNS.test(calleeName(a.callee) ?? ''));
          if (serialised || enumerated || inText || asBody) f.collects.set('environment', ev(p));
        }
        break;
      }
      case 'Property': {
        // `{ host: 'api.example.org' }`, `{ hostname: … }`: a destination written as an option.
        const k = n.key?.name ?? n.key?.value;
        const v = literalString(n.value);
        if ((k === 'host' || k === 'hostname') && v && /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(v)) f.hosts.add(v.toLowerCase());
        break;
      }
      case 'Literal':
      case 'TemplateElement': {
        // A regular expression that picks files by name (`/\.tfstate$/`) names them as a path literal does.
        const s = n.type === 'Literal' ? (typeof n.value === 'string' ? n.value : n.regex ? String(n.regex.pattern).replace(/\\(.)/g, '$1').replace(/^\^|\$$/g, '') : null) : (n.value?.cooked ?? null);
        if (s) {
          for (const m of s.matchAll(URL_IN)) f.hosts.add(m[1]!.toLowerCase());
          const tail = s.replace(/\\/g, '/').replace(/^~\//, '');
          // Word by word (a command names its files among options); a public key (`id_rsa.pub`) is no secret. Kept aside
          // until the walk ends: a path that only a write targets (a known_hosts entry added) is not read.
          const word = (w: string): boolean => CREDENTIAL_STORE.test(w.replace(/^~\//, '')) && !/^\.env$|\.pub$/.test(w);
          if (s.length < 200 && (tail.split(/[\s@=,;'"]+/).some(word) || (word(tail) && !/\.pub\b/.test(tail)))) storeLits.push([n, s.slice(0, 80)]);
        }
        break;
      }
      case 'NewExpression':
      case 'CallExpression': {
        const name = calleeName(n.callee);
        // A function of the file called here runs (by its local or property name: npm/reach-js.ts's field-based reading).
        if (n.type === 'CallExpression' && name && (n.callee.type === 'Identifier' || n.callee.object?.type === 'ThisExpression' || n.callee.object?.type === 'Identifier')) reachName(name);
        const mod = calleeModule(n.callee, idx);
        const base = mod?.split('#')[0] ?? null;
        // A function of another module of the package called here: that module's export runs (read with it as a seed).
        if (n.type === 'CallExpression' && mod?.startsWith('.')) {
          const [spec, exp] = mod.split('#');
          f.calls.push({ spec: spec!, name: exp ?? (n.callee.type === 'MemberExpression' ? (name ?? '') : '') });
        }
        // The identity only printed (`console.log('installed on ' + os.hostname())`) is shown to the user, not collected.
        const shown = parents.some((a) => a.type === 'CallExpression' && a.callee.type === 'MemberExpression' && a.callee.object.type === 'Identifier' && a.callee.object.name === 'console');
        if (!shown && n.type === 'CallExpression' && name && IDENTITY_CALLS.has(name) && (base === 'os' || (name !== 'hostname' && n.callee.type === 'MemberExpression') || (name === 'hostname' && n.arguments.length === 0 && n.callee.type === 'MemberExpression' && propName(n.callee.object) !== 'location'))) f.collects.set('identity', ev(n));
        if (n.callee.type === 'Identifier' && GLOBAL_NET.has(n.callee.name) && !idx.values.has(n.callee.name)) f.egress ??= ev(n);
        if (name === 'fetch' || name === 'sendBeacon') f.egress ??= ev(n);
        // A DNS query reaches out only through a name under some domain (a literal with a dot) or a resolver the code
        // sets: `dns.lookup(os.hostname())` asks the machine's own resolver about itself.
        const dnsLocal = (base === 'dns' || base === 'dns/promises') && (name === 'lookup' || name === 'lookupService') && !partsOf(n.arguments[0], idx).lits.some((l) => l.includes('.'));
        // Node's network modules send through these; an HTTP client module's every call is a request.
        const sends = CORE_NET.has(base ?? '') ? NET_SENDS.test(name ?? '') : true;
        if (base && NET_MODULES.has(base) && !dnsLocal && sends && name !== 'Agent') f.egress ??= ev(n);
        if (name && SPAWN_FNS.test(name) && base && SPAWN_MODULES.has(base)) {
          const { lits } = partsOf({ type: 'ArrayExpression', elements: n.arguments }, idx);
          if (lits.some((l) => NET_TOOL.test(l))) f.egress ??= ev(n);
          // A tool that changes the user's or the system's settings writes outside the package as a file write there does.
          const cmd = lits.join(' ');
          if (!f.writesOut && GLOBAL_SETTING.test(cmd)) f.writesOut = { where: 'system', evidence: cmd.slice(0, 80) };
          const opts = n.arguments.find((a: N) => a?.type === 'ObjectExpression');
          if (opts?.properties.some((p: N) => p.type === 'Property' && (p.key?.name === 'detached' || p.key?.value === 'detached') && p.value.type === 'Literal' && p.value.value === true)) f.background ??= ev(n);
          if (lits.some((l) => /(?:^|\s)(?:nohup|setsid)\s|\s&\s*$|^start\s+\/b\b/i.test(l))) f.background ??= ev(n);
        }
        if (name === 'unref' && n.callee.type === 'MemberExpression') {
          const o = n.callee.object;
          const started = (x: N): boolean => x?.type === 'CallExpression' && SPAWN_FNS.test(calleeName(x.callee) ?? '');
          if (started(o) || (o.type === 'Identifier' && (idx.values.get(o.name) ?? []).some(started))) f.background ??= ev(n);
        }
        // Decoding
        if (name === 'from' && n.callee.type === 'MemberExpression' && n.callee.object.type === 'Identifier' && n.callee.object.name === 'Buffer' && DECODE_ENCODINGS.test(literalString(n.arguments[1]) ?? '')) f.decoded ??= ev(n);
        if (name && DECODE_FNS.test(name)) f.decoded ??= ev(n);
        // Evaluation of a computed value
        const computed = (a: N): boolean => a !== undefined && literalString(a) === null;
        if (n.callee.type === 'Identifier' && n.callee.name === 'eval' && computed(n.arguments[0])) f.evaluated ??= ev(n);
        if (name === 'Function' && (n.callee.type === 'Identifier' || base === null) && n.arguments.length > 0 && computed(n.arguments[n.arguments.length - 1])) f.evaluated ??= ev(n);
        if (name && EVAL_METHODS.test(name) && computed(n.arguments[0])) f.evaluated ??= ev(n);
        if (name === 'Script' && base === 'vm' && computed(n.arguments[0])) f.evaluated ??= ev(n);
        // Deserialisers that rebuild functions from their input run code as eval does.
        if (name && /^(?:unserialize|deserialize|deepDeserialize)$/.test(name) && computed(n.arguments[0])) f.evaluated ??= ev(n);
        // Reads of the user's files (home, outside a program's own cache or configuration folder): what is there is
        // the user's, not the package's (dotfiles, keys, shell history, other tools' stores).
        if (name && READ_FNS.test(name) && n.arguments[0] && !f.collects.has('credential')) {
          const w = pathWhere(n.arguments[0], idx, file);
          if (w?.where === 'home') f.collects.set('credential', `${ev(n)} (${w.evidence})`.slice(0, 100));
        }
        // Writes
        if (name && (WRITE_FNS.test(name) || COPY_FNS.test(name)) && !f.writesOut) {
          const target = COPY_FNS.test(name) ? n.arguments[1] : n.arguments[0];
          const fsLike = !base || /^(?:fs|fs\/promises|fs-extra|graceful-fs)$/.test(base) || n.callee.type === 'MemberExpression';
          if (target && fsLike) {
            f.writesOut = pathWhere(target, idx, file);
            // What a write names, as its place or its content (a config line naming a key file), is not read.
            for (const a of n.arguments) for (const x of partsOf(a, idx).nodes) writeTargets.add(x);
          }
        }
        break;
      }
    }
    const next = [...parents, n];
    if (next.length > 400) return;
    forEachChild(n, (c) => visit(c, next));
  };
  let steps = 0;
  while (pending.length > 0 && steps++ < 5000) {
    const n = pending.shift();
    if (reached.has(n)) continue;
    reached.add(n);
    if (n === ast) visit(n, []);
    else {
      // A named function reached: its body runs (parameters' defaults too).
      for (const p of n.params ?? []) visit(p, [n]);
      if (n.body) visit(n.body, [n]);
    }
  }
  const read = storeLits.find(([node]) => !writeTargets.has(node));
  if (read && !f.collects.has('credential')) f.collects.set('credential', read[1]);
  return f;
}

export interface PolicyInput {
  /** Files npm's install hooks run and what they load (judge.ts installTimeFiles). */
  installTime: ReadonlySet<string>;
  /** The hooks' own files (read whole). */
  hookFiles: ReadonlySet<string>;
  /** Files the package's entry loads (main, module, exports and what they load). */
  importTime: ReadonlySet<string> | undefined;
  text: (path: string) => string | undefined;
  /** The archive file a relative specifier names from a file. */
  resolve: (spec: string, from: string) => string | null;
  own: OwnHosts;
  hookOf: (path: string) => string;
}

const MAX_POLICY_FILES = 400;

function isVendorHost(host: string): boolean {
  return SECRET_VENDORS.some((v) => v.hosts.some((h) => host === h || host.endsWith(`.${h}`)));
}

function merge(into: RunFacts, f: RunFacts): void {
  for (const [k, v] of f.collects) if (!into.collects.has(k)) into.collects.set(k, v);
  into.egress ??= f.egress;
  for (const h of f.hosts) into.hosts.add(h);
  into.writesOut ??= f.writesOut;
  into.background ??= f.background;
  into.decoded ??= f.decoded;
  into.evaluated ??= f.evaluated;
}

/** The policy's findings for the package (see the module comment). */
export function runPolicyFindings(input: PolicyInput): PackageFinding[] {
  const out: PackageFinding[] = [];
  const phases: ['install' | 'import', string[]][] = [
    ['install', [...input.installTime].sort()],
    ['import', [...(input.importTime ?? [])].filter((p) => !input.installTime.has(p)).sort()],
  ];
  for (const [phase, files] of phases) {
    const all = emptyFacts();
    const firstOf: Partial<Record<'collect' | 'egress' | 'write' | 'background' | 'decode', string>> = {};
    const read = files.filter((file) => /\.[cm]?[jt]sx?$/.test(file)).slice(0, MAX_POLICY_FILES);
    const inPhase = new Set(read);
    const facts = new Map<string, RunFacts>();
    const seeds = new Map<string, Set<string>>();
    // Rounds: a module's exports that running code of another module calls are read as running (a few hops).
    let changed = new Set(read);
    for (let round = 0; round < 4 && changed.size > 0; round++) {
      const next = new Set<string>();
      for (const file of changed) {
        const text = input.text(file);
        if (text === undefined) continue;
        const f = runFacts(text, file, phase === 'install' && input.hookFiles.has(file), seeds.get(file));
        if (!f) continue;
        facts.set(file, f);
        for (const c of f.calls) {
          const target = input.resolve(c.spec, file);
          if (!target || !inPhase.has(target)) continue;
          const s = seeds.get(target) ?? new Set<string>();
          if (s.has(c.name)) continue;
          s.add(c.name);
          seeds.set(target, s);
          next.add(target);
        }
      }
      changed = next;
    }
    for (const file of read) {
      const f = facts.get(file);
      if (!f) continue;
      if (f.collects.size > 0) firstOf.collect ??= file;
      if (f.egress) firstOf.egress ??= file;
      if (f.writesOut) firstOf.write ??= file;
      if (f.background) firstOf.background ??= file;
      // Decoding (or, at install, a request) and evaluation count together only in one file's running code. On import
      // a request and a compiler together are a bundled tool's (a stylesheet compiler loading plugins it fetched).
      if ((f.decoded || (f.egress && phase === 'install')) && f.evaluated) firstOf.decode ??= file;
      merge(all, f);
    }
    const role = phase === 'install' ? 'install-time' : 'import-time';
    const when = phase === 'install' ? 'code npm runs at install (a lifecycle hook and what it loads)' : "code that runs when the package is loaded (the entry's module-level code and what it reaches)";
    const push = (ruleId: string, severity: FindingSeverity, file: string, evidence: string, message: string): void => {
      out.push({ ruleId, severity, category: ruleId.includes('write') || ruleId.includes('background') ? 'install_script' : ruleId.includes('decode') ? 'obfuscation' : 'exfiltration', file, role, evidence: evidence.slice(0, 120), message: `${message}; file role: ${phase === 'install' ? `install-time (run by the npm ${input.hookOf(file)} hook)` : 'loaded on import'}` });
    };
    // On import, a credential and a request together are what every SDK does (its key, its API): only the machine's
    // identity and the whole environment count there. At install a credential counts, unless every host written is
    // the package's declared one or a well-known vendor's (a release download with GITHUB_TOKEN from GitHub): CAUTION.
    if (phase === 'import') all.collects.delete('credential');
    if (firstOf.collect && firstOf.egress && all.collects.size > 0) {
      const kinds = [...all.collects.keys()];
      const hosts = [...all.hosts];
      const toOwn = hosts.length > 0 && hosts.every((h) => input.own.declares(h));
      const toVendor = hosts.length > 0 && hosts.every((h) => input.own.declares(h) || isVendorHost(h));
      // A named credential variable with no foreign host written: CAUTION at most (where the token goes is the flow
      // reader's to say, judge.ts); to the package's or the token vendor's hosts only: a note.
      const namedOnly = kinds.every((k) => k === 'credential') && all.collects.get('credential')?.startsWith('process.env') === true;
      const sev: FindingSeverity = toVendor && namedOnly ? 'LOW' : namedOnly && hosts.every((h) => input.own.declares(h) || isVendorHost(h)) ? 'MEDIUM' : toOwn && kinds.every((k) => k === 'identity') ? 'MEDIUM' : 'HIGH';
      push(
        `${phase}_collects_and_sends`,
        sev,
        firstOf.collect,
        `${[...all.collects.values()][0]} … ${all.egress}`,
        `${when} collects ${kinds.map((k) => (k === 'identity' ? "the machine's identity (host name, user, network interfaces)" : k === 'environment' ? 'the whole environment' : 'a credential (a token variable or a credential store)')).join(' and ')} and reaches the network (${firstOf.egress === firstOf.collect ? 'in the same file' : firstOf.egress})${toOwn ? ", only to hosts the package declares" : hosts.length > 0 ? ` (${hosts.filter((h) => !input.own.declares(h)).slice(0, 2).join(', ')})` : ', to a destination not written in the code'}: nothing a package needs to ${phase === 'install' ? 'install' : 'load'}`,
      );
    }
    if (firstOf.write && all.writesOut) {
      const w = all.writesOut;
      // Alone a note: honest setup tools add a known_hosts entry, an ssh or git setting, a PATH folder, a loopback name
      // (the acts in judge.ts name the places that are persistence). With the machine's identity collected or decoded
      // code run in the same phase: HIGH into home or system places, else MEDIUM; with a request alone: MEDIUM.
      const outside = w.where === 'home' || w.where === 'system';
      const sev: FindingSeverity = firstOf.collect || firstOf.decode ? (outside ? 'HIGH' : 'MEDIUM') : firstOf.egress && outside ? 'MEDIUM' : 'LOW';
      push(`${phase}_writes_outside_package`, sev, firstOf.write, w.evidence, `${when} writes outside the package (${w.where === 'home' ? "into the user's home or profile folders, not a cache" : w.where === 'system' ? 'into a system folder' : w.where === 'project' ? 'into the project that installs it' : 'into other packages or the project, climbing out of its folder'})`);
    }
    if (phase === 'install' && firstOf.background && all.background) {
      const sev: FindingSeverity = firstOf.collect || firstOf.decode || firstOf.egress ? 'HIGH' : 'MEDIUM';
      push('install_background_process', sev, firstOf.background, all.background, `${when} starts a process detached from the install${sev === 'HIGH' ? ', in code that also collects machine facts, reaches the network or runs decoded code' : ''}: it outlives npm`);
    }
    if (firstOf.decode) {
      push(`${phase}_decodes_and_runs`, 'HIGH', firstOf.decode, `${all.decoded ?? all.egress} … ${all.evaluated}`, `${when} ${all.decoded ? 'decodes data at run time (base64, hex, a cipher, zlib or character codes)' : 'fetches data'} and evaluates computed code (eval, Function, vm, a deserialiser that rebuilds functions)`);
    }
  }
  return out;
}
