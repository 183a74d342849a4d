/**
 * What an npm install hook reaches, function by function. npm runs the hook's file; that file runs
 * all of its own code, and each module it loads runs its module-level code — a function in a loaded
 * module runs only when something that runs calls it. `installTimeFiles` (judge.ts) is the
 * file-level closure; this reader, on the same files, tells which code in them is reached, so that
 * a CLI whose postinstall loads its command modules (to print a banner or register completions) is
 * not judged by what its `deploy` command does when a user runs it.
 *
 * The call graph is field-based (Feldthaus, Schäfer, Sridharan, Dolby, Tip, "Efficient
 * construction of approximate call graphs for JavaScript IDE services", ICSE 2013): a function
 * stored under a property name is a target of every `.name` use in reached code, whatever the
 * object; a function bound to a local name is a target of every use of the name in its file
 * (shadowing ignored). Both over-approximate, which keeps the reader on the side of reaching too
 * much. Read with acorn, the parser of the source-to-sink rules (flow-js.ts), so `import()` in a
 * JSDoc type comment is not a load. Rules:
 *
 *  - the hook's own files: every part is reached;
 *  - a loaded module: its module-level code; a `require` / `import` in reached code loads its target
 *    (static `import` / `export … from` always);
 *  - a function: when its local name or its property name is used in reached code (called, read,
 *    passed, destructured), or when it is written inline as a callback of a reached call;
 *  - one exception, the optimistic part: a callback handed to a method of an object that is not a
 *    module (`program.command('deploy').action(async () => …)`, `app.get('/', handler)`) is a
 *    handler registered for later, not a call now — unless the method is one that calls back while
 *    the process runs (promise, event, stream, timer and array methods). A handler registered in a
 *    loaded module and then fired by the install is missed; the hook's own files are always read
 *    whole, and HIGH findings anywhere in the file-level closure still escalate the hook.
 *
 * A file that cannot be parsed (TypeScript, a syntax acorn refuses) or whose text was not kept counts
 * whole, and its regular imports are loaded. Past the budget the result is `complete: false` and the
 * caller judges by the file-level closure.
 */
import { isMentionOnly } from './mention.js';
import { forEachChild, isFn, parseJs } from './flow-js.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type N = any;

export interface SpawnSite {
  index: number;
  /**
   * `literal`: every command the call runs is named by a literal (`uname -m`, `grep … | awk …`), also
   * through the variables that hold the command; `located`: named by a literal or by what another
   * program (itself named by a literal) printed, a tool of the machine the installer looked up
   * (`msbuild`, or the MSBuild path in node-gyp's log); `computed`: a path or value decides what runs
   * (a folder joined with a name, the environment, a response: possibly the downloaded file).
   */
  program: 'literal' | 'located' | 'computed';
  /** A literal `--version` / `-v` / `version` / `--help` argument: the run only asks the program what it is. */
  versionCheck: boolean;
  detached: boolean;
}

export interface ReachedFile {
  /** Read by function (false: not parsed or not kept, every part of it counts). */
  parsed: boolean;
  /** Network calls in reached code (indexes into the text). */
  net: number[];
  /** URL literals in reached code (string and template literals; not comments, not prose). */
  urls: string[];
  /** URL literals that are the default of a value the user sets: `process.env.X || 'https://…'`, `npm_config_*`, a local function reading the environment. */
  envDefaults: string[];
  spawns: SpawnSite[];
  /** `require(x)` / `import(x)` of a computed path, and `eval` / `Function` / `vm` of a computed string, in reached code. */
  dynamicCode: number[];
}

export interface JsReach {
  files: Map<string, ReachedFile>;
  /** False when the budget ran out: judge by the file-level closure instead. */
  complete: boolean;
}

export interface ReachInput {
  /** Files the hook runs directly: read whole. */
  entries: readonly string[];
  /** A kept JavaScript text of the archive (undefined: not kept, or not JavaScript). */
  text: (path: string) => string | undefined;
  /** The archive file a relative specifier names from a file, or null. */
  resolve: (spec: string, from: string) => string | null;
  /** The relative specifiers the regular import scan found (for files not parsed). */
  importsOf: (path: string) => readonly string[];
  /** The archive file a Node script start names (`fork('./x')`, `spawn(process.execPath, ['lib/x.js'])`): relative to the file, then to the package root. */
  scriptTarget: (target: string, from: string) => string | null;
}

const MAX_FILES = 3000;
const MAX_BYTES = 48 * 1024 * 1024;
const MAX_UNITS = 200_000;

/** HTTP client modules (the scanner's list, file-scan.ts JS_CLIENT_MODULES, and the flow reader's). */
const CLIENT_MODULES = new Set(['node-fetch', 'axios', 'undici', 'got', 'superagent', 'request', 'ws', 'socket.io-client', 'cross-fetch', 'isomorphic-fetch', 'needle', 'phin', 'bent', 'make-fetch-happen', 'minipass-fetch', 'ky', 'ofetch']);
const GLOBAL_NET = /^(?:fetch|(?:globalThis|global|window|self)\.fetch|navigator\.sendBeacon|WebSocket|XMLHttpRequest|EventSource)$/;
const URL_METHODS = /^(?:get|post|put|patch|delete|head|request|fetch|download|stream|open)$/i;
const SPAWN_FNS = /^(?:spawn|spawnSync|exec|execSync|execFile|execFileSync)$/;
const SPAWN_MODULES = /^(?:child_process|cross-spawn|execa|shelljs|node:child_process)$/;
const VERSION_ARG = /^(?:--version|-v|-V|version|--help|-h|help)$/;
/**
 * Methods that call their callback while the process runs, on whatever object: promises, events,
 * streams, timers, iteration, function application, string replacement, async context, control-flow
 * helpers, and the callback forms of Node's I/O APIs (which also run on instances: a request's
 * `get`, a socket's `connect`). A callback handed to any other method of an instance is a handler
 * registered for later. The list errs on the side of calling back: a name missing here only makes a
 * reached callback look registered.
 */
const INVOKING_METHODS =
  /^(?:then|catch|finally|all|allSettled|race|any|resolve|reject|on|once|addListener|prependListener|prependOnceListener|addEventListener|emit|pipe|pipeTo|pipeThrough|pipeline|finished|nextTick|setTimeout|setInterval|setImmediate|queueMicrotask|forEach|map|filter|reduce|reduceRight|some|every|find|findIndex|findLast|findLastIndex|flatMap|sort|toSorted|from|fromAsync|call|apply|bind|replace|replaceAll|run|each|eachSeries|eachLimit|series|parallel|waterfall|mapSeries|mapLimit|forEachOf|retry|promisify|callbackify|spawn|exec|execFile|fork|get|request|connect|listen|write|end|readFile|writeFile|appendFile|readdir|stat|lstat|access|mkdir|open|close|read|rm|rmdir|unlink|rename|copyFile|lookup|resolve4|resolve6|resolveTxt|pbkdf2|randomBytes|scrypt|generateKeyPair|gzip|gunzip|inflate|deflate|unzip|brotliCompress|brotliDecompress)$/;
const JS_FILE = /\.(?:[cm]?[jt]sx?)$|\/[^/.]+$/;
const URL_RE = /\bhttps?:\/\/[^\s'"`<>{}\\^]+/gi;

interface Def {
  mod: Mod;
  node: N;
}

class Mod {
  readonly local = new Map<string, N[]>();
  readonly props = new Map<string, N[]>();
  readonly aliases = new Map<string, string[]>();
  readonly moduleValue: N[] = [];
  /** Local name → module specifier (with a property path: `https.get`, `axios.default`). */
  readonly modOf = new Map<string, string>();
  /** Local names bound to a whole relative module (require('./x'), default / namespace import). */
  readonly wholeOf = new Map<string, string>();
  /** Local functions whose body reads the environment. */
  readonly envFns = new Set<string>();
  /** Local names bound to a constant string. */
  readonly consts = new Map<string, string>();
  /** Every value assigned to a local name (`var x = v`, `x = v`; `for (x of v)` as `{ type: 'ForOfItem', of: v }`), names only, shadowing ignored. */
  readonly assigns = new Map<string, N[]>();
  /** Local names bound to an object literal: its property names (a computed call `handlers[cmd]()` may run any). */
  readonly objects = new Map<string, string[]>();
  /** Local names bound to a client instance (`axios.create()`, `got.extend()`). */
  readonly clients = new Set<string>();
  readonly parents = new WeakMap<N, N>();
  /** Every function and class node of the file. */
  readonly fns: N[] = [];
  readonly out: ReachedFile = { parsed: true, net: [], urls: [], envDefaults: [], spawns: [], dynamicCode: [] };
  constructor(
    readonly path: string,
    readonly text: string,
    readonly ast: N,
  ) {}
}

function canonMod(m: string): string {
  return m.replace(/^node:/, '');
}

function keyName(k: N, computed: boolean): string | null {
  if (!k) return null;
  if (!computed && k.type === 'Identifier') return k.name;
  if (k.type === 'Literal' && (typeof k.value === 'string' || typeof k.value === 'number')) return String(k.value);
  if (k.type === 'PrivateIdentifier') return `#${k.name}`;
  return null;
}

/** `require('m')`, `__importDefault(require('m'))`, `await import('m')`: the specifier, or null. */
function requiredSpec(n: N, mod?: Mod): string | null {
  let e = n;
  for (let i = 0; i < 4 && e; i++) {
    if (e.type === 'AwaitExpression' || e.type === 'ChainExpression' || e.type === 'ParenthesizedExpression') e = e.argument ?? e.expression;
    else if (e.type === 'CallExpression' && e.arguments.length === 1 && e.arguments[0].type === 'CallExpression' && !(e.callee.type === 'Identifier' && e.callee.name === 'require')) e = e.arguments[0];
    else break;
  }
  if (!e) return null;
  const arg = e.type === 'ImportExpression' ? e.source : e.type === 'CallExpression' && e.callee.type === 'Identifier' && e.callee.name === 'require' ? e.arguments[0] : null;
  if (!arg) return null;
  const s = constStr(arg, mod);
  return s;
}

function constStr(n: N, mod?: Mod, depth = 0): string | null {
  if (!n || depth > 6) return null;
  if (n.type === 'Literal') return typeof n.value === 'string' ? n.value : null;
  if (n.type === 'TemplateLiteral' && n.expressions.length === 0) return n.quasis.map((q: N) => q.value.cooked ?? '').join('');
  if (n.type === 'Identifier' && mod) return mod.consts.get(n.name) ?? null;
  if (n.type === 'BinaryExpression' && n.operator === '+') {
    const a = constStr(n.left, mod, depth + 1);
    const b = a === null ? null : constStr(n.right, mod, depth + 1);
    return a !== null && b !== null ? a + b : null;
  }
  return null;
}

/** Literal text of a string expression with `\0` where a value is computed (`"${p}" --version` → `"\0" --version`). */
function shape(n: N, mod: Mod, depth = 0): string {
  if (!n || depth > 8) return '\0';
  const s = constStr(n, mod);
  if (s !== null) return s;
  if (n.type === 'TemplateLiteral') {
    let out = '';
    n.quasis.forEach((q: N, i: number) => {
      out += q.value.cooked ?? '';
      if (i < n.expressions.length) out += shape(n.expressions[i], mod, depth + 1);
    });
    return out;
  }
  if (n.type === 'BinaryExpression' && n.operator === '+') return shape(n.left, mod, depth + 1) + shape(n.right, mod, depth + 1);
  return '\0';
}

/** String methods whose result is made of the text they are called on (`out.toString().trim().split('\n')[0]`). */
const STRING_METHODS = /^(?:toString|trim|trimStart|trimEnd|slice|substring|substr|split|replace|replaceAll|match|at|toLowerCase|toUpperCase|padEnd|padStart|normalize)$/;
const SYNC_SPAWNS = /^(?:execSync|execFileSync|spawnSync)$/;
type Origin = 'literal' | 'located' | 'computed';
const ORIGIN_RANK: Record<Origin, number> = { literal: 0, located: 1, computed: 2 };
const worse = (a: Origin, b: Origin): Origin => (ORIGIN_RANK[a] >= ORIGIN_RANK[b] ? a : b);

/**
 * Where the program a command string names comes from (see SpawnSite.program): its first word a
 * literal, through every value assigned to the variables that hold it (a name is followed through
 * all its assignments in the file); `located` when the word comes from the output of a program that
 * is itself named by a literal (`execSync('where msbuild').toString()`, the stdout / stderr of an
 * `exec(cmd, (err, stdout, stderr) => …)` callback); anything else (a path join, the environment, a
 * parameter, a response) is `computed`.
 */
function programOrigin(n: N, mod: Mod): Origin {
  const o = originOf(n, mod, 0, new Set());
  return o === 'empty' ? 'computed' : o;
}

/** `empty`: a piece with no word yet (`'"'`, `''`): the program's name is in the next piece. */
function originOf(n: N, mod: Mod, depth: number, seen: Set<string>): Origin | 'empty' {
  if (!n || depth > 12) return 'computed';
  const next = (x: N): Origin | 'empty' => originOf(x, mod, depth + 1, seen);
  const word = (s: string): Origin | 'empty' => (/^[\s"']*$/.test(s) ? 'empty' : 'literal');
  switch (n.type) {
    case 'Literal':
      return typeof n.value === 'string' ? word(n.value) : 'computed';
    case 'ParenthesizedExpression':
    case 'AwaitExpression':
    case 'ChainExpression':
      return next(n.expression ?? n.argument);
    case 'BinaryExpression': {
      if (n.operator !== '+') return 'computed';
      // `'"' + path + '"'`: a quote before the program is not its name.
      const l = next(n.left);
      return l === 'empty' ? next(n.right) : l;
    }
    case 'TemplateLiteral': {
      const q = word(n.quasis[0]?.value.cooked ?? '');
      return q === 'empty' && n.expressions.length > 0 ? next(n.expressions[0]) : q;
    }
    case 'ConditionalExpression':
    case 'LogicalExpression': {
      const [x, y] = n.type === 'ConditionalExpression' ? [next(n.consequent), next(n.alternate)] : [next(n.left), next(n.right)];
      return x === 'empty' || y === 'empty' ? 'computed' : worse(x, y);
    }
    case 'MemberExpression':
      return n.object.type === 'Identifier' && /^(?:process|global|globalThis)$/.test(n.object.name) ? 'computed' : next(n.object);
    case 'ForOfItem':
      return next(n.of);
    case 'CallExpression': {
      if (n.callee.type === 'MemberExpression' && STRING_METHODS.test(keyName(n.callee.property, n.callee.computed) ?? '')) return next(n.callee.object);
      const c = canon(n.callee, mod);
      const last = c.slice(c.lastIndexOf('.') + 1);
      if (SYNC_SPAWNS.test(last) && n.arguments[0] && asksMachine(n.arguments[0], mod)) return 'located';
      return 'computed';
    }
    case 'Identifier': {
      // A cycle (`cmd = cmd + ' --flag'`) adds nothing: the other assignments decide.
      if (seen.has(n.name)) return 'literal';
      seen.add(n.name);
      if (spawnOutputParam(n.name, mod)) return 'located';
      const values = mod.assigns.get(n.name);
      if (!values || values.length === 0) return 'computed';
      let o: Origin = 'literal';
      for (const v of values) {
        const x = next(v);
        o = x === 'empty' ? 'computed' : worse(o, x);
        if (o === 'computed') break;
      }
      return o;
    }
    default:
      return 'computed';
  }
}

/** Download tools: what they print comes from the network, not from the machine. */
const DOWNLOAD_TOOLS = /\b(?:curl|wget|Invoke-WebRequest|iwr|Invoke-RestMethod|irm|bitsadmin|certutil)\b/i;

/** A program named by a literal that is not a download tool: its output describes the machine (where a tool is). */
function asksMachine(cmd: N, mod: Mod): boolean {
  return programOrigin(cmd, mod) === 'literal' && !DOWNLOAD_TOOLS.test(shape(cmd, mod));
}

/** A parameter of a callback handed to `exec(cmd, cb)` / `execFile(file, args, cb)` whose program is a literal: that program's output. */
function spawnOutputParam(name: string, mod: Mod): boolean {
  for (const fn of mod.fns) {
    if (!(fn.params ?? []).some((p: N, i: number) => i > 0 && p.type === 'Identifier' && p.name === name)) continue;
    const call = mod.parents.get(fn);
    if (call?.type !== 'CallExpression' || !call.arguments.includes(fn)) continue;
    const c = canon(call.callee, mod);
    if (/^(?:exec|execFile)$/.test(c.slice(c.lastIndexOf('.') + 1)) && call.arguments[0] && asksMachine(call.arguments[0], mod)) return true;
  }
  return false;
}

function unwrapInit(n: N): N {
  let e = n;
  while (e && (e.type === 'AwaitExpression' || e.type === 'ParenthesizedExpression' || e.type === 'ChainExpression' || e.type === 'TSAsExpression')) e = e.argument ?? e.expression;
  return e;
}

/** Functions a value stands for: the function itself, or those handed to a wrapper call (`memoize(async function f() {})`). */
function valueFns(v: N): N[] {
  const e = unwrapInit(v);
  if (!e) return [];
  if (isFn(e) || e.type === 'Identifier') return [e];
  if (e.type === 'CallExpression' || e.type === 'NewExpression') return e.arguments.filter((a: N) => isFn(a));
  if (e.type === 'ConditionalExpression') return [...valueFns(e.consequent), ...valueFns(e.alternate)];
  if (e.type === 'LogicalExpression') return [...valueFns(e.left), ...valueFns(e.right)];
  return [];
}

function memberPath(n: N): string[] | null {
  const parts: string[] = [];
  let e = n;
  while (e.type === 'MemberExpression') {
    const p = keyName(e.property, e.computed);
    if (p === null) return null;
    parts.unshift(p);
    e = e.object;
  }
  if (e.type !== 'Identifier') return null;
  parts.unshift(e.name);
  return parts;
}

function readsEnv(n: N, depth = 0): boolean {
  if (!n || depth > 40) return false;
  if (n.type === 'MemberExpression') {
    const p = memberPath(n);
    if (p && p[0] === 'process' && p[1] === 'env') return true;
  }
  let hit = false;
  forEachChild(n, (c) => {
    if (!hit && !isFn(c)) hit = readsEnv(c, depth + 1);
  });
  return hit;
}

/** Definitions of one file: local names, property names, module bindings, constants. */
function collectDefs(mod: Mod): void {
  const stack: [N, N | null][] = [[mod.ast, null]];
  let count = 0;
  while (stack.length > 0) {
    const [n, parent] = stack.pop()!;
    if (++count > 2_000_000) break;
    if (parent) mod.parents.set(n, parent);
    if (isFn(n)) mod.fns.push(n);
    switch (n.type) {
      case 'FunctionDeclaration':
      case 'ClassDeclaration':
        if (n.id) push(mod.local, n.id.name, n);
        if (n.type === 'FunctionDeclaration' && n.id && readsEnv(n.body)) mod.envFns.add(n.id.name);
        break;
      case 'VariableDeclarator': {
        if (n.id.type === 'Identifier' && n.init) {
          for (const f of valueFns(n.init)) push(mod.local, n.id.name, f);
          const init = unwrapInit(n.init);
          if (isFn(init) && readsEnv(init.body)) mod.envFns.add(n.id.name);
          const s = constStr(n.init, mod);
          if (s !== null) mod.consts.set(n.id.name, s);
          push(mod.assigns, n.id.name, n.init);
          if (init?.type === 'ObjectExpression') mod.objects.set(n.id.name, init.properties.map((p: N) => (p.type === 'Property' ? keyName(p.key, p.computed) : null)).filter((k: string | null): k is string => k !== null));
        }
        bindModule(mod, n.id, n.init);
        break;
      }
      case 'AssignmentExpression': {
        const l = n.left;
        if (l.type === 'Identifier') {
          for (const f of valueFns(n.right)) push(mod.local, l.name, f);
          bindModule(mod, l, n.right);
          // `x += …` appends: the command's first word stays what it was.
          if (n.operator === '=') push(mod.assigns, l.name, n.right);
        } else if (l.type === 'MemberExpression') {
          const p = memberPath(l);
          if (p && p.length === 2 && p[0] === 'module' && p[1] === 'exports') mod.moduleValue.push(...valueFns(n.right));
          else {
            const name = keyName(l.property, l.computed);
            if (name !== null) for (const f of valueFns(n.right)) push(mod.props, name, f);
          }
        }
        break;
      }
      case 'Property':
      case 'MethodDefinition':
      case 'PropertyDefinition': {
        const name = keyName(n.key, n.computed);
        if (name !== null && n.value) for (const f of valueFns(n.value)) push(mod.props, name, f);
        // `{ a }` shorthand: the property a is the local a.
        break;
      }
      case 'ForOfStatement': {
        const l = n.left.type === 'VariableDeclaration' ? n.left.declarations[0]?.id : n.left;
        if (l?.type === 'Identifier') push(mod.assigns, l.name, { type: 'ForOfItem', of: n.right });
        break;
      }
      case 'ExportNamedDeclaration': {
        const d = n.declaration;
        if (d?.id) push(mod.props, d.id.name, d.id);
        if (d?.type === 'VariableDeclaration') for (const v of d.declarations) if (v.id.type === 'Identifier') push(mod.props, v.id.name, v.id);
        for (const s of n.specifiers ?? []) {
          const exported = keyName(s.exported, false);
          const local = keyName(s.local, false);
          if (exported === null || local === null) continue;
          if (n.source) {
            if (exported !== local) push(mod.aliases, exported, local);
          } else {
            push(mod.props, exported, s.local);
          }
        }
        break;
      }
      case 'ExportDefaultDeclaration':
        for (const f of valueFns(n.declaration)) {
          push(mod.props, 'default', f);
          mod.moduleValue.push(f);
        }
        break;
      case 'ImportDeclaration': {
        const spec = String(n.source.value);
        for (const s of n.specifiers) {
          if (s.type === 'ImportSpecifier') mod.modOf.set(s.local.name, `${canonMod(spec)}.${keyName(s.imported, false)}`);
          else {
            mod.modOf.set(s.local.name, canonMod(spec));
            if (spec.startsWith('.')) mod.wholeOf.set(s.local.name, spec);
          }
        }
        break;
      }
      case 'CallExpression': {
        // Object.defineProperty(target, 'name', { get() {…}, value: … }): a property definition.
        const p = n.callee.type === 'MemberExpression' ? memberPath(n.callee) : null;
        if (p && p.join('.') === 'Object.defineProperty' && n.arguments[2]?.type === 'ObjectExpression') {
          const name = constStr(n.arguments[1], mod);
          if (name !== null) {
            for (const prop of n.arguments[2].properties) {
              const k = prop.type === 'Property' ? keyName(prop.key, prop.computed) : null;
              if (k === 'get' || k === 'value') for (const f of valueFns(prop.value)) push(mod.props, name, f);
            }
          }
        }
        break;
      }
    }
    forEachChild(n, (c) => stack.push([c, n]));
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const a = m.get(k);
  if (a) {
    if (a.length < 64) a.push(v);
  } else m.set(k, [v]);
}

function bindModule(mod: Mod, id: N, init: N): void {
  if (!init) return;
  let e = unwrapInit(init);
  const props: string[] = [];
  while (e && e.type === 'MemberExpression') {
    const p = keyName(e.property, e.computed);
    if (p === null) return;
    props.unshift(p);
    e = e.object;
  }
  const spec = requiredSpec(e, mod);
  if (spec !== null) {
    const base = [canonMod(spec), ...props].join('.');
    if (id.type === 'Identifier') {
      mod.modOf.set(id.name, base);
      if (spec.startsWith('.') && props.length === 0) mod.wholeOf.set(id.name, spec);
    } else if (id.type === 'ObjectPattern') {
      for (const p of id.properties) if (p.type === 'Property' && p.value.type === 'Identifier') mod.modOf.set(p.value.name, `${base}.${keyName(p.key, p.computed)}`);
    }
    return;
  }
  // A client instance: `const api = axios.create()`, `const client = got.extend({})`.
  if (id.type === 'Identifier' && (e?.type === 'CallExpression' || e?.type === 'NewExpression')) {
    const root = rootName(e.callee);
    if (root !== null && (CLIENT_MODULES.has(canonMod(mod.modOf.get(root)?.split('.')[0] ?? '')) || mod.clients.has(root))) mod.clients.add(id.name);
  }
}

function rootName(n: N): string | null {
  let e = n;
  while (e && (e.type === 'MemberExpression' || e.type === 'CallExpression' || e.type === 'ChainExpression')) e = e.type === 'MemberExpression' ? e.object : e.type === 'CallExpression' ? e.callee : e.expression;
  return e?.type === 'Identifier' ? e.name : null;
}

/** Dotted callee with its root replaced by the module it is bound to. */
function canon(n: N, mod: Mod, depth = 0): string {
  if (!n || depth > 12) return '?';
  switch (n.type) {
    case 'Identifier':
      return mod.modOf.get(n.name) ?? n.name;
    case 'MemberExpression': {
      const spec = requiredSpec(n.object, mod);
      const o = spec !== null ? canonMod(spec) : canon(n.object, mod, depth + 1);
      return `${o}.${keyName(n.property, n.computed) ?? constStr(n.property, mod) ?? '[]'}`;
    }
    case 'CallExpression': {
      const spec = requiredSpec(n, mod);
      return spec !== null ? canonMod(spec) : `${canon(n.callee, mod, depth + 1)}()`;
    }
    case 'SequenceExpression':
      return canon(n.expressions[n.expressions.length - 1], mod, depth + 1);
    case 'ChainExpression':
    case 'ParenthesizedExpression':
      return canon(n.expression, mod, depth + 1);
    default:
      return '?';
  }
}

export function reachFromInstallHooks(input: ReachInput): JsReach {
  return new Reacher(input).run();
}

class Reacher {
  private readonly mods = new Map<string, Mod | null>();
  private readonly files = new Map<string, ReachedFile>();
  private readonly props = new Map<string, Def[]>();
  private readonly requested = new Set<string>();
  private readonly reached = new WeakSet<N>();
  /** Local names already followed, per module. */
  private readonly names = new Map<Mod, Set<string>>();
  private readonly queue: [Mod, N, boolean][] = [];
  private bytes = 0;
  private units = 0;
  private complete = true;

  constructor(private readonly input: ReachInput) {}

  run(): JsReach {
    for (const e of this.input.entries) this.load(e, true);
    for (let i = 0; i < this.queue.length; i++) {
      if (++this.units > MAX_UNITS) {
        this.complete = false;
        break;
      }
      const [mod, node, whole] = this.queue[i]!;
      this.walk(mod, node, whole);
    }
    return { files: this.files, complete: this.complete };
  }

  private load(path: string, whole = false): void {
    if (this.files.has(path)) return;
    if (this.files.size >= MAX_FILES) {
      this.complete = false;
      return;
    }
    const text = this.input.text(path);
    const ast = text !== undefined && this.bytes + text.length <= MAX_BYTES ? parseJs(text) : null;
    if (text !== undefined) this.bytes += text.length;
    if (!ast || text === undefined) {
      // Not parsed: every part counts; what its regular scan imports is loaded.
      this.files.set(path, { parsed: false, net: [], urls: [], envDefaults: [], spawns: [], dynamicCode: [] });
      this.mods.set(path, null);
      for (const spec of this.input.importsOf(path)) {
        const t = this.input.resolve(spec, path);
        if (t && JS_FILE.test(t)) this.load(t);
      }
      return;
    }
    const mod = new Mod(path, text, ast);
    collectDefs(mod);
    // The hook's own file is walked whole: its functions are not queued again.
    if (whole) for (const f of mod.fns) this.reached.add(f);
    this.mods.set(path, mod);
    this.files.set(path, mod.out);
    for (const [name, nodes] of mod.props) {
      for (const node of nodes) push(this.props, name, { mod, node });
      if (this.requested.has(name)) for (const node of nodes) this.reachValue(mod, node);
    }
    for (const [name, targets] of mod.aliases) if (this.requested.has(name)) for (const t of targets) this.request(t);
    this.queue.push([mod, ast, whole]);
  }

  private request(name: string): void {
    if (this.requested.has(name)) return;
    this.requested.add(name);
    for (const d of this.props.get(name) ?? []) this.reachValue(d.mod, d.node);
    for (const [, mod] of this.mods) for (const t of mod?.aliases.get(name) ?? []) this.request(t);
  }

  /** A function, class or local name a definition stands for is reached. */
  private reachValue(mod: Mod, node: N): void {
    if (!node) return;
    if (node.type === 'Identifier') {
      let names = this.names.get(mod);
      if (!names) this.names.set(mod, (names = new Set()));
      if (names.has(node.name)) return;
      names.add(node.name);
      for (const d of mod.local.get(node.name) ?? []) this.reachValue(mod, d);
      const whole = mod.wholeOf.get(node.name);
      if (whole) this.reachModuleValue(mod, whole);
      else {
        const prop = this.importedProp(mod, node.name);
        if (prop) this.request(prop);
      }
      return;
    }
    if (this.reached.has(node)) return;
    this.reached.add(node);
    if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') {
      // Constructing or referencing a class runs its constructor, field initialisers and static blocks.
      if (node.superClass) this.queue.push([mod, node.superClass, false]);
      for (const m of node.body.body) {
        if (m.type === 'MethodDefinition' && m.kind === 'constructor') this.queue.push([mod, m.value, false]);
        else if (m.type === 'PropertyDefinition' && m.value) this.queue.push([mod, m.value, false]);
        else if (m.type === 'StaticBlock') this.queue.push([mod, m, false]);
      }
      return;
    }
    if (isFn(node)) this.queue.push([mod, node, false]);
  }

  /** `{ p } = require('./x')` / `import { p } from './x'` binding: the property it names. */
  private importedProp(mod: Mod, local: string): string | null {
    const m = mod.modOf.get(local);
    if (m === undefined || !m.startsWith('.')) return null;
    const i = m.lastIndexOf('.');
    return i > 0 ? m.slice(i + 1) : null;
  }

  /** A whole relative module used as a value (called, passed, spread): its module.exports / default, or every export. */
  private reachModuleValue(mod: Mod, spec: string): void {
    const target = this.input.resolve(spec, mod.path);
    if (!target || !JS_FILE.test(target)) return;
    this.load(target);
    const t = this.mods.get(target);
    if (!t) return;
    if (t.moduleValue.length > 0) for (const v of t.moduleValue) this.reachValue(t, v);
    else for (const [name] of t.props) this.request(name);
  }

  private loadSpec(mod: Mod, spec: string | null): void {
    if (spec === null || !spec.startsWith('.')) return;
    const t = this.input.resolve(spec, mod.path);
    if (t && JS_FILE.test(t)) this.load(t);
  }

  /**
   * Walks reached code. `whole`: the hook's own file, every nested function included; otherwise
   * nested functions are reached only as callbacks of reached calls (or through their names).
   */
  private walk(mod: Mod, root: N, whole: boolean): void {
    const stack: N[] = [root];
    let steps = 0;
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (++steps > 5_000_000) {
        this.complete = false;
        return;
      }
      if (n !== root && !whole) {
        if (isFn(n) || n.type === 'ClassDeclaration' || n.type === 'ClassExpression') {
          if (this.inlineCallback(mod, n)) this.reachValue(mod, n);
          else if (n.type === 'ClassExpression' || n.type === 'ClassDeclaration') {
            // Static parts of a class run when it is defined.
            for (const m of n.body.body) if ((m.type === 'PropertyDefinition' && m.static && m.value) || m.type === 'StaticBlock') stack.push(m.value ?? m);
          }
          continue;
        }
      }
      this.visit(mod, n);
      if (n === root && isFn(n)) {
        // A function's parameters' defaults and its body.
        for (const p of n.params ?? []) stack.push(p);
        if (n.body) stack.push(n.body);
        continue;
      }
      forEachChild(n, (c) => stack.push(c));
    }
  }

  /** Is an inline function a callback that runs now: an argument (or IIFE callee) of a call that is not a deferred registration? */
  private inlineCallback(mod: Mod, fn: N): boolean {
    let p = mod.parents.get(fn);
    let child = fn;
    // `(function () {…})()`, `(async () => {…})()`, `!function(){}()`.
    while (p && (p.type === 'ParenthesizedExpression' || p.type === 'UnaryExpression' || p.type === 'ChainExpression')) {
      child = p;
      p = mod.parents.get(p);
    }
    if (!p) return false;
    if (p.type === 'CallExpression' && p.callee === child) return true;
    // One level into an array or object argument (`async.series([f1, f2])`, `{ filter: (x) => … }`).
    if ((p.type === 'ArrayExpression' || (p.type === 'Property' && p.value === child)) && mod.parents.get(p)) {
      const q = p.type === 'Property' ? mod.parents.get(mod.parents.get(p)) : mod.parents.get(p);
      const arg = p.type === 'Property' ? mod.parents.get(p) : p;
      if (q && (q.type === 'CallExpression' || q.type === 'NewExpression') && q.arguments.includes(arg)) {
        const c = q.callee.type === 'MemberExpression' ? memberPath(q.callee) : null;
        if (c && (c.join('.') === 'Object.defineProperty' || c.join('.') === 'Object.defineProperties')) return false;
        return !this.deferred(mod, q);
      }
      return false;
    }
    if ((p.type === 'CallExpression' || p.type === 'NewExpression') && p.arguments.includes(child)) return !this.deferred(mod, p);
    return false;
  }

  /** A method call on an object that is not a module, with a method that does not call back now: a registration. */
  private deferred(mod: Mod, call: N): boolean {
    if (call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression') return false;
    const m = keyName(call.callee.property, call.callee.computed);
    if (m === null || INVOKING_METHODS.test(m)) return false;
    const recv = call.callee.object;
    if (recv.type === 'Identifier') {
      if (mod.modOf.has(recv.name) || /^(?:Promise|process|Array|Object|Reflect|globalThis|global|window|console|JSON|Math)$/.test(recv.name)) return false;
      return true;
    }
    if (recv.type === 'CallExpression' && requiredSpec(recv, mod) !== null) return false;
    return true;
  }

  private visit(mod: Mod, n: N): void {
    const out = mod.out;
    switch (n.type) {
      case 'Identifier': {
        const parent = mod.parents.get(n);
        if (parent && isDeclarationId(parent, n)) return;
        if (parent?.type === 'MemberExpression' && parent.property === n && !parent.computed) return;
        if (parent && (parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') && parent.key === n && !parent.computed) return; // a shorthand's value is a copy of its key, visited on its own
        const whole = mod.wholeOf.get(n.name);
        if (whole && parent?.type === 'MemberExpression' && parent.object === n) return; // `m.p`: the property does the work
        if (parent && isStoredAsDefinition(mod, parent, n)) return;
        this.reachValue(mod, n);
        return;
      }
      case 'MemberExpression': {
        // A store (`exports.p = …`, `X.prototype.p = …`) defines p; it does not use it.
        const parent = mod.parents.get(n);
        if (parent?.type === 'AssignmentExpression' && parent.left === n && parent.operator === '=') return;
        const p = keyName(n.property, n.computed) ?? (n.computed ? constStr(n.property, mod) : null);
        if (p !== null) this.request(p);
        else if (n.object.type === 'Identifier' && mod.wholeOf.has(n.object.name)) this.reachModuleValue(mod, mod.wholeOf.get(n.object.name)!);
        else if (n.object.type === 'Identifier') for (const k of mod.objects.get(n.object.name) ?? []) this.request(k);
        return;
      }
      case 'ObjectPattern':
        for (const p of n.properties) {
          const k = p.type === 'Property' ? keyName(p.key, p.computed) : null;
          if (k !== null) this.request(k);
        }
        return;
      case 'ImportDeclaration':
      case 'ExportAllDeclaration':
        this.loadSpec(mod, String(n.source.value));
        if (n.type === 'ExportAllDeclaration') return;
        return;
      case 'ExportNamedDeclaration':
        if (n.source) this.loadSpec(mod, String(n.source.value));
        return;
      case 'ImportExpression': {
        const spec = constStr(n.source, mod);
        if (spec === null) out.dynamicCode.push(n.start);
        this.loadSpec(mod, spec);
        return;
      }
      case 'NewExpression':
        if (this.isNet(mod, n)) out.net.push(n.start);
        if (this.evaluates(mod, n)) out.dynamicCode.push(n.start);
        return;
      case 'CallExpression': {
        if (n.callee.type === 'Identifier' && n.callee.name === 'require' && n.arguments[0]) {
          const s = constStr(n.arguments[0], mod);
          if (s !== null) {
            this.loadSpec(mod, s);
            if (s.startsWith('.') && this.usedAsValue(mod, n)) this.reachModuleValue(mod, s);
          } else {
            const rel = dirnameJoin(n.arguments[0], mod);
            if (rel) this.loadSpec(mod, rel);
            else out.dynamicCode.push(n.start);
          }
          return;
        }
        if (this.evaluates(mod, n)) out.dynamicCode.push(n.start);
        if (this.isNet(mod, n)) out.net.push(n.start);
        this.spawn(mod, n);
        this.nodeScript(mod, n);
        return;
      }
      case 'Literal':
        if (typeof n.value === 'string') this.urls(mod, n, n.value);
        return;
      case 'TemplateElement':
        this.urls(mod, n, n.value.cooked ?? '');
        return;
      case 'LogicalExpression':
      case 'ConditionalExpression': {
        // `process.env.X || 'https://…'`, `cfg('x_cdnurl') ?? 'https://…'`, `env.X ? env.X : 'https://…'`.
        const fallbacks = n.type === 'LogicalExpression' ? (n.operator === '&&' ? [] : [n.right]) : [n.consequent, n.alternate];
        const test = n.type === 'LogicalExpression' ? n.left : n.test;
        if (fallbacks.length > 0 && this.envRead(mod, test)) {
          for (const f of fallbacks) {
            const s = constStr(f, mod) ?? (f.type === 'TemplateLiteral' ? (f.quasis[0]?.value.cooked ?? '') : null);
            if (s !== null && /^https?:\/\/[^/\s]+/i.test(s) && out.envDefaults.length < 20 && !out.envDefaults.includes(s)) out.envDefaults.push(s);
          }
        }
        return;
      }
    }
  }

  /** `require('./x')(…)`, `fn(require('./x'))`: the module's value is used, not bound to a name or read by property. */
  private usedAsValue(mod: Mod, req: N): boolean {
    let child = req;
    let p = mod.parents.get(req);
    // `__importDefault(require('./x'))` and the like wrap it.
    while (p && p.type === 'CallExpression' && p.arguments.length === 1 && p.arguments[0] === child && p.callee.type !== 'MemberExpression' && !(p.callee.type === 'Identifier' && mod.local.has(p.callee.name))) {
      child = p;
      p = mod.parents.get(p);
    }
    if (!p) return false;
    if (p.type === 'MemberExpression' && p.object === child) return false;
    if (p.type === 'VariableDeclarator' || p.type === 'ExpressionStatement') return false;
    // `x = require('./y')` binds x (bindModule); `exports.y = require('./y')` re-exports it: counted as used.
    if (p.type === 'AssignmentExpression' && p.right === child) return p.left.type === 'MemberExpression';
    return true;
  }

  /** `eval(x)`, `Function(…, x)`, `vm.runIn*Context(x)`, `new vm.Script(x)` with a computed code string (`Function('return this')` is not). */
  private evaluates(mod: Mod, n: N): boolean {
    const c = canon(n.callee, mod);
    if (!/^(?:eval|Function|(?:globalThis|global|window)\.(?:eval|Function)|vm\.(?:runInThisContext|runInNewContext|runInContext|compileFunction|Script))$/.test(c) || mod.local.has(c)) return false;
    const code = n.arguments[c.endsWith('Function') ? n.arguments.length - 1 : 0];
    return code !== undefined && constStr(code, mod) === null;
  }

  private envRead(mod: Mod, n: N): boolean {
    if (readsEnv(n)) return true;
    let found = false;
    const look = (x: N, depth: number): void => {
      if (found || !x || depth > 12) return;
      if (x.type === 'CallExpression' && x.callee.type === 'Identifier' && mod.envFns.has(x.callee.name)) found = true;
      else if (x.type === 'Identifier' && mod.envFns.has(x.name)) found = true;
      else if (!isFn(x)) forEachChild(x, (c) => look(c, depth + 1));
    };
    look(n, 0);
    return found;
  }

  private urls(mod: Mod, n: N, s: string): void {
    if (!s.includes('://')) return;
    const out = mod.out;
    URL_RE.lastIndex = 0;
    for (const m of s.matchAll(URL_RE)) {
      if (out.urls.length >= 50) return;
      const at = mod.text.indexOf(m[0], n.start);
      if (at !== -1 && at < n.end && isMentionOnly(mod.text, at, m[0].length)) continue;
      const u = m[0].replace(/[.,;:)]+$/, '');
      if (!out.urls.includes(u)) out.urls.push(u);
    }
  }

  private isNet(mod: Mod, n: N): boolean {
    const c = canon(n.callee, mod);
    const root = c.split('.')[0]!;
    if (n.type === 'NewExpression') return /^(?:WebSocket|XMLHttpRequest|EventSource)$/.test(c) || CLIENT_MODULES.has(root) || c === 'ws';
    if (GLOBAL_NET.test(c) && !mod.local.has(root)) return true;
    if (CLIENT_MODULES.has(root) || mod.clients.has(root)) return true;
    const last = c.slice(c.lastIndexOf('.') + 1).replace(/\(\)$/, '');
    if (/^(?:https?|http2)$/.test(root) && /^(?:get|request|connect)$/.test(last)) return true;
    if (/^(?:net|tls)$/.test(root) && /^(?:connect|createConnection|Socket)$/.test(last)) return true;
    if (root === 'dgram' && last === 'createSocket') return true;
    const first = n.arguments[0];
    const url = first ? (constStr(first, mod) ?? (first.type === 'TemplateLiteral' ? (first.quasis[0]?.value.cooked ?? '') : null)) : null;
    if (url !== null && /^https?:\/\//i.test(url) && (URL_METHODS.test(last) || c.includes('[]'))) return true;
    if (SPAWN_FNS.test(last) && first && /^\s*(?:curl|wget|Invoke-WebRequest|iwr)\b/i.test(shape(first, mod))) return true;
    return false;
  }

  private spawn(mod: Mod, n: N): void {
    const c = canon(n.callee, mod);
    const parts = c.split('.');
    const last = parts[parts.length - 1]!;
    const root = parts[0]!;
    const isSpawn = (SPAWN_FNS.test(last) && (SPAWN_MODULES.test(root) || parts.length === 1)) || root === 'execa' || root === 'cross-spawn';
    if (!isSpawn || n.arguments.length === 0 || mod.local.has(root)) return;
    const args: N[] = n.arguments;
    const shell = /^(?:exec|execSync)$/.test(last) || (root === 'execa' && last === 'command') || root === 'shelljs';
    const cmd = shape(args[0], mod);
    const literal = shell ? cmd.split(/&&|\|\||[;|\n]/).every((seg) => !(seg.trim().split(/\s+/)[0] ?? '').includes('\0')) : !cmd.includes('\0');
    const words: string[] = [];
    if (shell) words.push(...cmd.split(/\s+/));
    for (const a of args.slice(1)) {
      if (a.type === 'ArrayExpression') for (const e of a.elements) words.push(shape(e, mod));
    }
    const opts = args.find((a) => a.type === 'ObjectExpression');
    const detached =
      (opts?.properties ?? []).some((p: N) => p.type === 'Property' && /^(?:detached|windowsHide)$/.test(keyName(p.key, p.computed) ?? '') && p.value.type === 'Literal' && p.value.value === true) ||
      /^\s*(?:start\s|cmd(?:\.exe)?\s+\/c\s+start\s)|\bnohup\s|&\s*$|Start-Process|\bsetsid\s/i.test(cmd) ||
      this.unrefed(mod, n);
    const program: Origin = literal ? 'literal' : shell || args[0].type !== 'ArrayExpression' ? programOrigin(args[0], mod) : 'computed';
    if (mod.out.spawns.length < 50) mod.out.spawns.push({ index: n.start, program, versionCheck: words.some((w) => VERSION_ARG.test(w.replace(/^["']|["']$/g, ''))), detached });
  }

  /** A Node script the call starts (`fork(x)`, `spawn(process.execPath, [x])`, `execFile('node', [x])`): it runs as a main script, read whole. */
  private nodeScript(mod: Mod, n: N): void {
    const c = canon(n.callee, mod);
    const parts = c.split('.');
    const last = parts[parts.length - 1]!;
    if (!(SPAWN_MODULES.test(parts[0]!) || parts.length === 1) || mod.local.has(parts[0]!)) return;
    let script: N | undefined;
    if (last === 'fork') script = n.arguments[0];
    else if (/^(?:spawn|spawnSync|execFile|execFileSync)$/.test(last) && n.arguments[0]) {
      const cmd = n.arguments[0];
      const node = (cmd.type === 'MemberExpression' && canon(cmd, mod) === 'process.execPath') || constStr(cmd, mod) === 'node';
      if (node && n.arguments[1]?.type === 'ArrayExpression') script = n.arguments[1].elements.find((e: N) => e && !(constStr(e, mod) ?? '').startsWith('-'));
    }
    if (!script) return;
    const target = constStr(script, mod) ?? dirnameJoin(script, mod);
    const file = target === null ? null : this.input.scriptTarget(target, mod.path);
    if (file && JS_FILE.test(file)) this.load(file, true);
  }

  private unrefed(mod: Mod, call: N): boolean {
    const p = mod.parents.get(call);
    return !!p && p.type === 'MemberExpression' && p.object === call && keyName(p.property, p.computed) === 'unref';
  }
}

/**
 * A name stored as a definition rather than used: `exports.p = f`, `module.exports = f`,
 * `module.exports = { f }`, `export default f`. The store registers f under its property name
 * (collectDefs); f runs when that property is used. A name handed to a call (`run({ f })`) is used.
 */
function isStoredAsDefinition(mod: Mod, parent: N, id: N): boolean {
  if (parent.type === 'AssignmentExpression') return parent.right === id && parent.left.type === 'MemberExpression';
  if (parent.type === 'ExportDefaultDeclaration') return true;
  if (parent.type === 'Property' && parent.value === id) {
    const obj = mod.parents.get(parent);
    const holder = obj ? mod.parents.get(obj) : undefined;
    if (!holder) return false;
    if (holder.type === 'AssignmentExpression') return holder.right === obj && holder.left.type === 'MemberExpression';
    return holder.type === 'ExportDefaultDeclaration';
  }
  return false;
}

function isDeclarationId(parent: N, id: N): boolean {
  switch (parent.type) {
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ClassDeclaration':
    case 'ClassExpression':
      return parent.id === id;
    case 'VariableDeclarator':
      return parent.id === id;
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
    case 'ExportSpecifier':
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
      return true;
    case 'AssignmentExpression':
      return false;
    default:
      return false;
  }
}

/** `path.join(__dirname, 'x')` / `__dirname + '/x'` → `./x`. */
function dirnameJoin(n: N, mod: Mod): string | null {
  if (n.type === 'CallExpression' && /^path\.(?:join|resolve)$/.test(canon(n.callee, mod)) && n.arguments[0]?.type === 'Identifier' && n.arguments[0].name === '__dirname') {
    const parts = n.arguments.slice(1).map((a: N) => constStr(a, mod));
    if (parts.some((p: string | null) => p === null)) return null;
    return `./${parts.join('/')}`.replace(/\/+/g, '/');
  }
  if (n.type === 'BinaryExpression' && n.operator === '+' && n.left.type === 'Identifier' && n.left.name === '__dirname') {
    const s = constStr(n.right, mod);
    return s === null ? null : `.${s.startsWith('/') ? '' : '/'}${s}`;
  }
  return null;
}
