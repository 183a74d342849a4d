/**
 * Which files of a package run first: install hooks, `setup.py`, package entry points (`main`,
 * `exports`, `bin`, `__init__.py`, console scripts, `.pth` files) and what they import. When a
 * size or file-count limit stops the first read of an archive, these files are read in priority
 * passes (the archive is in memory), so a payload placed after 60,000 filler files is still read.
 *
 * Pure functions over paths and texts: the collector owns the reading.
 */
import type { RegistrySource } from '../types.js';

const MANIFEST_BASES = new Set(['package.json', 'setup.py', 'setup.cfg', 'pyproject.toml', 'PKG-INFO', 'binding.gyp', 'entry_points.txt']);
const NPM_CONVENTIONAL = /^(?:index|main|cli|install|preinstall|postinstall|setup)\.[cm]?js$/;
const JS_EXT = ['', '.js', '.cjs', '.mjs', '.json', '/index.js', '/index.cjs', '/index.mjs'];

function depthOf(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) n++;
  return n;
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash + 1);
}

/** `a/b/../c/./d` → `a/c/d`; null when it climbs out of the archive. */
export function normalizePath(path: string): string | null {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else {
      out.push(part);
    }
  }
  return out.join('/');
}

/**
 * Files that run first by convention, known from their path alone (before any manifest was read):
 * root manifests and setup scripts, `bin/` files, `index.js`-like files near the root, top-level
 * Python packages' `__init__.py` / `__main__.py`, and `.pth` files (Python runs their `import`
 * lines at every interpreter start).
 */
export function isConventionalEntry(path: string, registry: RegistrySource): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const depth = depthOf(path);
  if (depth <= 1 && MANIFEST_BASES.has(base)) return true;
  if (registry === 'npm') {
    if (depth <= 2 && NPM_CONVENTIONAL.test(base)) return true;
    return depth <= 2 && /(?:^|\/)bin\/[^/]+$/.test(path);
  }
  if (depth <= 3 && (base === '__init__.py' || base === '__main__.py')) return true;
  return depth <= 1 && base.endsWith('.pth');
}

/** Relative module specifiers a file loads (`require('./x')`, `import … from '../y'`, `from .z import w`, `import pkg.mod`). */
export function importSpecifiers(text: string, lang: 'js' | 'py' | 'sh' | 'manifest'): string[] {
  const out = new Set<string>();
  if (lang === 'js') {
    for (const m of text.matchAll(/\b(?:require|import)\s*\(\s*['"`](\.{1,2}\/[^'"`\n]{0,200}|\.{1,2})['"`]\s*\)|\bfrom\s*['"](\.{1,2}\/[^'"\n]{0,200}|\.{1,2})['"]|\bimport\s*['"](\.{1,2}\/[^'"\n]{0,200})['"]/g)) {
      out.add((m[1] ?? m[2] ?? m[3])!);
      if (out.size >= 200) break;
    }
  } else if (lang === 'py') {
    for (const m of text.matchAll(/^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+\(?([\w, \t]+)|^[ \t]*import[ \t]+([\w., \t]+)/gm)) {
      if (m[3] !== undefined) {
        for (const mod of m[3].split(',')) {
          const name = mod.trim().split(/\s+/)[0];
          if (name) out.add(name);
        }
      } else {
        const from = m[1]!;
        out.add(from);
        // `from . import a, b` / `from pkg import sub`: the names may be submodules.
        for (const n of m[2]!.split(',')) {
          const name = n.trim().split(/\s+/)[0];
          if (name && /^\w+$/.test(name)) out.add(`${from}${from.endsWith('.') ? '' : '.'}${name}`);
        }
      }
      if (out.size >= 200) break;
    }
    // `sys.path.insert(0, "tools")`, `sys.path.append(os.path.join(os.path.dirname(__file__), "tools"))`: a folder of
    // the archive put on the import path, so `from changelog import x` loads tools/changelog.py (pkgnpm11).
    const dirs = new Set<string>();
    for (const m of text.matchAll(/\bsys\.path\.(?:insert\(\s*\d+\s*,|append\()\s*([^\n]{1,200})/g)) {
      const lits = [...m[1]!.matchAll(/['"]([\w][\w./-]{0,80})['"]/g)].map((x) => x[1]!.replace(/^\.\//, '').replace(/\/+$/, ''));
      const d = lits[lits.length - 1];
      if (d && !d.includes('..') && /^[\w/-]+$/.test(d) && dirs.size < 4) dirs.add(d);
    }
    if (dirs.size > 0)
      for (const spec of [...out]) {
        if (spec.startsWith('.')) continue;
        for (const d of dirs) if (out.size < 200) out.add(`.${d.replace(/\//g, '.')}.${spec}`);
      }
  }
  return [...out];
}

/**
 * What a Python file takes from each module it imports: `from m import a, b` takes the names a and
 * b (or submodules a and b of m); `import m` and `from m import *` take the whole module (null).
 */
export function pythonImportUses(text: string): { spec: string; names: string[] | null }[] {
  const out: { spec: string; names: string[] | null }[] = [];
  for (const m of text.matchAll(/^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]*(\([^)]{0,4000}\)|[^\n;#]+)|^[ \t]*import[ \t]+([\w., \t]+)/gm)) {
    if (m[3] !== undefined) {
      for (const mod of m[3].split(',')) {
        const name = mod.trim().split(/\s+/)[0];
        if (name) out.push({ spec: name, names: null });
      }
    } else {
      // A backslash-continued list goes on past this line: take it as the whole module.
      if (/\\\s*$/.test(m[2]!)) {
        out.push({ spec: m[1]!, names: null });
        continue;
      }
      const list = m[2]!.replace(/#[^\n]*/g, '').replace(/[()\\]/g, ' ');
      const names = list.split(',').map((x) => x.trim().split(/\s+/)[0] ?? '').filter((x) => x !== '');
      out.push({ spec: m[1]!, names: names.includes('*') || names.some((x) => !/^\w+$/.test(x)) ? null : names });
    }
    if (out.length >= 400) break;
  }
  return out;
}

/** Archive paths a specifier may resolve to (candidates; the caller keeps those that exist). */
export function resolveSpecifier(from: string, spec: string, lang: 'js' | 'py', root: string): string[] {
  if (lang === 'js') {
    const base = normalizePath(`${dirOf(from)}${spec}`);
    if (base === null) return [];
    return JS_EXT.map((e) => `${base}${e}`).filter((p) => p !== '');
  }
  const out: string[] = [];
  const addModule = (dir: string, dotted: string): void => {
    const parts = dotted.split('.').filter(Boolean);
    if (parts.length === 0) {
      out.push(`${dir}__init__.py`);
      return;
    }
    // Importing a.b.c runs a/__init__.py and a/b/__init__.py first.
    for (let i = 1; i < parts.length; i++) out.push(`${dir}${parts.slice(0, i).join('/')}/__init__.py`);
    const p = parts.join('/');
    out.push(`${dir}${p}.py`, `${dir}${p}/__init__.py`);
  };
  const rel = /^(\.+)(.*)$/.exec(spec);
  if (rel) {
    let dir = dirOf(from);
    for (let i = 1; i < rel[1]!.length; i++) dir = dirOf(dir.slice(0, -1));
    addModule(dir, rel[2]!);
  } else {
    addModule(root, spec);
    addModule(`${root}src/`, spec);
  }
  return out;
}

function collectStrings(v: unknown, out: string[], depth = 0): void {
  if (depth > 8 || out.length > 200) return;
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) collectStrings(x, out, depth + 1);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) collectStrings(x, out, depth + 1);
}

/** Local files an npm script command runs (`node x.js`, `sh ./y.sh`, `require('./z')`, `./bin/w`). */
export function scriptFileRefs(cmd: string): string[] {
  const refs: string[] = [];
  for (const m of cmd.matchAll(/\brequire\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) refs.push(m[1]!);
  for (const m of cmd.matchAll(/(?:^|[;&|(]\s*|\s)(?:node|sh|bash|python3?|tsx|ts-node)\s+(?:--?[\w-]+(?:=\S+)?\s+)*([^\s;&|'"()-][^\s;&|'"()]*)/g)) refs.push(m[1]!);
  for (const m of cmd.matchAll(/(?:^|[;&|]\s*)(\.\/[^\s;&|]+)/g)) refs.push(m[1]!);
  return refs;
}

/**
 * The files `require(pkg)` / `import pkg` load in Node: npm `main` (default `index.js`), `module` and
 * `exports` targets, as candidate archive paths, less any that is also a `bin` (a command's module-level
 * code runs when the user runs it, not on import).
 */
export function importEntries(root: string, manifests: ReadonlyMap<string, string>): string[] {
  let pkg: Record<string, unknown> | null = null;
  try {
    const text = manifests.get(`${root}package.json`);
    const v: unknown = text === undefined ? null : JSON.parse(Buffer.from(text, 'latin1').toString('utf8'));
    if (v && typeof v === 'object' && !Array.isArray(v)) pkg = v as Record<string, unknown>;
  } catch {
    return [];
  }
  const specs: string[] = [];
  collectStrings(pkg?.main ?? 'index.js', specs);
  // `browser`: the file bundlers put into a web app in place of `main` (a path, or a map of replacements).
  for (const k of ['module', 'exports', 'browser']) collectStrings(pkg?.[k], specs);
  const bins: string[] = [];
  collectStrings(pkg?.bin, bins);
  const binPaths = new Set(bins.map((b) => normalizePath(`${root}${b}`)));
  const out: string[] = [];
  for (const s of specs) {
    if (s.includes('*') || /^[a-z]+:/i.test(s) || !/^\.{0,2}\/?[\w@]/.test(s)) continue;
    const base = normalizePath(`${root}${s}`);
    if (base === null || !base.startsWith(root.replace(/\/$/, '')) || binPaths.has(base)) continue;
    for (const e of JS_EXT) if (e !== '.json') out.push(`${base}${e}`);
  }
  return out;
}

/** One Python entry point: its group (`console_scripts`, `pytest11`…) and the module it names. */
export interface PyEntryPoint {
  group: string;
  module: string;
}

/** `name = module[:attr] [extras]` → module. */
function entryModule(value: string): string | null {
  const m = /^\s*["']?\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*(?::\s*[A-Za-z_][\w.]*)?\s*(?:\[[^\]]*\])?\s*["']?\s*,?\s*$/.exec(value);
  return m ? m[1]! : null;
}

/**
 * Entry points a Python package declares in its settings, with or without an attribute (a pytest11
 * plugin names a module: `timingx = pkg.plugin`): setup.cfg `[options.entry_points]`, pyproject
 * `[project.scripts]`, `[project.gui-scripts]`, `[project.entry-points.GROUP]` (and inline tables under
 * `[project.entry-points]`), Poetry's `[tool.poetry.scripts]` and `[tool.poetry.plugins.GROUP]`, and a
 * wheel's or egg's `entry_points.txt`. setup.py's `entry_points=` is read by the parser (python/flow.ts).
 */
export function pythonEntryPoints(root: string, manifests: ReadonlyMap<string, string>): PyEntryPoint[] {
  const out: PyEntryPoint[] = [];
  const add = (group: string, value: string): void => {
    const mod = entryModule(value.replace(/^\s*\{?\s*callable\s*=\s*/, '').replace(/\}\s*$/, ''));
    if (mod && out.length < 200) out.push({ group: group.replace(/^["']|["']$/g, '').trim(), module: mod });
  };
  for (const [path, text] of manifests) {
    const base = path.slice(path.lastIndexOf('/') + 1);
    if (base === 'setup.cfg' && path === `${root}setup.cfg`) {
      let inSection = false;
      let group = '';
      for (const line of text.split(/\r?\n/)) {
        if (/^\s*\[/.test(line)) {
          inSection = /^\s*\[options\.entry_points\]\s*$/.test(line);
          group = '';
          continue;
        }
        if (!inSection || /^\s*(?:[#;]|$)/.test(line)) continue;
        const top = /^(\S[^=]*?)\s*=\s*(.*)$/.exec(line);
        if (top && !/^\s/.test(line)) {
          group = top[1]!;
          if (top[2]!.trim() !== '') add(group, top[2]!.replace(/^[^=]*=/, ''));
        } else if (group) {
          const e = /^\s+[^=]+=(.*)$/.exec(line);
          if (e) add(group, e[1]!);
        }
      }
    } else if (base === 'entry_points.txt') {
      let group = '';
      for (const line of text.split(/\r?\n/)) {
        const sec = /^\s*\[([^\]]+)\]\s*$/.exec(line);
        if (sec) group = sec[1]!;
        else if (group) {
          const e = /^\s*[^=#;]+=(.*)$/.exec(line);
          if (e) add(group, e[1]!);
        }
      }
    } else if (base === 'pyproject.toml' && path === `${root}pyproject.toml`) {
      let group: string | null = null;
      let table = false;
      for (const line of text.split(/\r?\n/)) {
        const sec = /^\s*\[\s*([^\]]+?)\s*\]\s*$/.exec(line);
        if (sec) {
          const name = sec[1]!;
          const ep = /^(?:project\.entry-points|tool\.poetry\.plugins)\.(.+)$/.exec(name);
          group = /^(?:project\.scripts|tool\.poetry\.scripts)$/.test(name) ? 'console_scripts' : name === 'project.gui-scripts' ? 'gui_scripts' : ep ? ep[1]! : null;
          table = name === 'project.entry-points';
          continue;
        }
        if (group !== null) {
          const e = /^\s*["']?[^=#]+?["']?\s*=(.*)$/.exec(line);
          if (e) add(group, e[1]!);
        } else if (table) {
          // pytest11 = { timingx = "pkg.plugin" }
          const t = /^\s*["']?([\w.-]+)["']?\s*=\s*\{(.*)\}\s*$/.exec(line);
          if (t) for (const kv of t[2]!.split(',')) add(t[1]!, kv.replace(/^[^=]*=/, ''));
        }
      }
    }
  }
  return out;
}

/**
 * npm's entry points as candidate archive paths: `main` (default `index.js`), `module`, `browser`, `exports` and
 * `bin` targets, and with `scripts` the local files the package.json scripts name. The manifest's entries (not the
 * scripts) run when the package is imported or its command starts, whatever their folder is called: a `main` in
 * `demo/` is import-time code, not an example (collector/roles.ts passes them as seeds no path role demotes).
 */
export function npmEntries(root: string, manifests: ReadonlyMap<string, string>, scripts = false): string[] {
  const out: string[] = [];
  const text = manifests.get(`${root}package.json`);
  let pkg: Record<string, unknown> | null = null;
  try {
    const v: unknown = text === undefined ? null : JSON.parse(Buffer.from(text, 'latin1').toString('utf8'));
    if (v && typeof v === 'object' && !Array.isArray(v)) pkg = v as Record<string, unknown>;
  } catch {
    pkg = null;
  }
  const specs: string[] = [];
  collectStrings(pkg?.main ?? 'index.js', specs);
  for (const k of ['module', 'browser', 'exports', 'bin']) collectStrings(pkg?.[k], specs);
  const run = pkg?.scripts;
  if (scripts && run && typeof run === 'object')
    for (const v of Object.values(run)) if (typeof v === 'string') specs.push(...scriptFileRefs(v.slice(0, 1000)));
  for (const s of specs) {
    if (s.includes('*') || /^[a-z]+:/i.test(s)) continue;
    const base = normalizePath(`${root}${s}`);
    if (base === null || !base.startsWith(root.replace(/\/$/, ''))) continue;
    for (const e of JS_EXT) out.push(`${base}${e}`);
  }
  return out;
}

/**
 * Entry points a package declares in its manifests, as candidate archive paths: npm `main`,
 * `module`, `browser`, `exports`, `bin` and files its scripts run; PyPI console scripts and entry
 * points (`module:function` in setup.py, setup.cfg, pyproject.toml, entry_points.txt),
 * `packages` / `py_modules`.
 */
export function declaredEntries(registry: RegistrySource, root: string, manifests: ReadonlyMap<string, string>, extra: readonly PyEntryPoint[] = []): string[] {
  const out: string[] = [];
  if (registry === 'npm') return npmEntries(root, manifests, true);
  const modules = new Set<string>();
  for (const [path, text] of manifests) {
    if (!/(?:^|\/)(?:setup\.py|setup\.cfg|pyproject\.toml|entry_points\.txt)$/.test(path)) continue;
    // `name = package.module:function` (console_scripts, gui_scripts, any entry-point group).
    for (const m of text.matchAll(/=\s*['"]?\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*:\s*[A-Za-z_][\w.]*/g)) modules.add(m[1]!);
    // packages=['a', 'a.b'] / py_modules=['m'] in setup.py.
    for (const m of text.matchAll(/\b(?:packages|py_modules)\s*=\s*\[([^\]]{0,2000})\]/g)) {
      for (const s of m[1]!.matchAll(/['"]([A-Za-z_][\w.]*)['"]/g)) modules.add(s[1]!);
    }
  }
  for (const e of pythonEntryPoints(root, manifests)) modules.add(e.module);
  for (const e of extra) modules.add(e.module);
  for (const mod of modules) for (const p of resolveSpecifier(`${root}x`, mod, 'py', root)) out.push(p);
  return out;
}
