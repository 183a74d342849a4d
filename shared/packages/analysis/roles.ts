/**
 * Files by role: when does a file of a package distribution run, if ever?
 *
 *   install-time    runs when the package is built or installed: setup.py and the local modules it
 *                   imports (cmdclass overrides live there), an in-tree PEP 517 build backend, `.pth`
 *                   files (site runs their import lines at every interpreter start, from the install
 *                   on), npm lifecycle hooks and the files they run (resolved by the npm side; passed in
 *                   as seeds);
 *   import-time     runs when the package is imported or its commands start: top-level package
 *                   `__init__.py` / `__main__.py`, console_scripts and entry-point targets, npm
 *                   `main` / `exports` / `bin`, and everything they import;
 *   runtime         the rest of the library's code: it runs when the user calls it;
 *   test, example, docs, release-tooling
 *                   files no install and no import runs (test suites, example programs, documentation,
 *                   CI, release and maintainer scripts) unless an install-time or import-time file
 *                   imports them, in which case they take that role.
 *
 * A finding's severity depends on its file's role (see `roleSeverity`): what runs at install or
 * import weighs in full; a file that never runs by itself (tests, examples, docs, release tooling)
 * alone never blocks a package.
 */
import type { RegistrySource } from '../types.js';
import { resolveSpecifier } from './entrypoints.js';
import type { FindingSeverity } from './types.js';

export type FileRole = 'install-time' | 'import-time' | 'runtime' | 'test' | 'example' | 'docs' | 'release-tooling';

export const FILE_ROLES: readonly FileRole[] = [
  'install-time',
  'import-time',
  'runtime',
  'test',
  'example',
  'docs',
  'release-tooling',
];

/** Roles whose files never run on install or import by themselves. */
export const INERT_ROLES: ReadonlySet<FileRole> = new Set<FileRole>(['test', 'example', 'docs', 'release-tooling']);

const TEST_DIR =
  /(?:^|\/)(?:tests?|testing|__tests__|spec|specs|fixtures?|testdata|test_data|test-data|conftest\.py$)(?:\/|$)/i;
const TEST_FILE = /(?:^|\/)(?:test_[^/]*\.py|[^/]*_tests?\.py|conftest\.py|[^/]*\.(?:test|spec)\.[cm]?[jt]sx?)$/i;
const EXAMPLE_DIR = /(?:^|\/)(?:examples?|samples?|demos?|tutorials?|notebooks?|cookbook)(?:\/|$)/i;
const DOCS_DIR = /(?:^|\/)(?:docs?|documentation|doc_src|site-docs|man)(?:\/|$)/i;
const DOCS_FILE = /\.(?:md|rst|txt|html?|ipynb)$/i;
/** CI, release and maintainer tooling: never part of an install. */
const TOOLING_DIR =
  /(?:^|\/)(?:\.github|\.circleci|\.gitlab|\.ci|ci|tools?|scripts?|dev|devtools|maint|maintainer|release|benchmarks?|bench|utils\/release)(?:\/|$)/i;
const TOOLING_FILE =
  /(?:^|\/)(?:autogen\.sh|bootstrap\.sh|release[^/]*|make_release[^/]*|publish[^/]*|bump[^/]*version[^/]*|tasks\.py|noxfile\.py|toxfile\.py|fabfile\.py|dodo\.py|Makefile|[^/]*\.mk|appveyor[^/]*|azure-pipelines[^/]*|conftest\.py)$/i;

export interface RoleInputs {
  registry: RegistrySource;
  /** Package root inside the archive (`name-1.0/`, `package/` or ''). */
  root: string;
  /** Every regular file path of the archive that was read. */
  paths: Iterable<string>;
  /** Module specifiers each code file imports (relative and absolute). */
  importsOf: ReadonlyMap<string, { lang: 'js' | 'py'; specs: readonly string[] }>;
  /** Files that run at install time by declaration (npm hook targets, setup.py, build backends). */
  installSeeds: Iterable<string>;
  /** Files that run at import by declaration or convention (entry points, `__init__.py`, `main`). */
  importSeeds: Iterable<string>;
  /**
   * Files an install-time file copies out of the package (npm: a config template planted into the
   * consuming project): they run later whatever their path looks like, so they keep no inert role.
   */
  plantedSeeds?: Iterable<string>;
  /**
   * Files a tool imports by itself whatever their path looks like (a root conftest.py pytest imports on
   * any run, a pytest11 plugin module; npm's `main` / `exports` / `bin`, which Node loads from any folder):
   * import-time, never inert.
   */
  autoSeeds?: Iterable<string>;
  /**
   * npm only: the names that the package's runnable texts carry (JavaScript, package.json, gyp files,
   * shell scripts, Makefiles; see `npmScriptNames`). A Python / Ruby / Perl / PowerShell / batch file none
   * of them names never runs by itself (foreignScriptRole). Absent: the rule is off (PyPI, or an archive
   * whose texts were not all read).
   */
  npmNames?: NpmScriptNames;
}

/**
 * Scripts in a language npm never runs by itself: npm runs JavaScript, and what lifecycle hooks and
 * node-gyp actions start (docs/package-analysis.md, "Roles").
 */
export const FOREIGN_SCRIPT = /\.(py|pyw|pyx|rb|pl|pm|ps1|psm1|bat|cmd)$/i;

/** Names collected while an npm archive is read (archive-collector.ts). */
export interface NpmScriptNames {
  /** Words (`[\w-]+`) of the texts that run or start things: JavaScript, package.json, gyp files, shell scripts, Makefiles. */
  tokens: ReadonlySet<string>;
  /** Extensions such a text names without a file (`'.py'`, `*.ps1`): every file of that extension may be started. */
  bareExts: ReadonlySet<string>;
  /** Words of each foreign-language file (null: not read, being too large or in a language the scan does not read): a named script may start another. */
  foreign: ReadonlyMap<string, ReadonlySet<string> | null>;
}

/** Words a text names, and the script extensions it names without a file: the raw material of `NpmScriptNames`. */
export function scriptNameWords(text: string, tokens: Set<string>, bareExts: Set<string>): void {
  for (const m of text.matchAll(/[\w-]{1,100}/g)) tokens.add(m[0]);
  for (const m of text.matchAll(/(?<![\w$-])\*?\.(py|pyw|pyx|rb|pl|pm|ps1|psm1|bat|cmd)\b/gi))
    bareExts.add(m[1]!.toLowerCase());
}

/** How a runner names a script: its file name without extension (`x` of `x.py`, `-m pkg.x`), or for `__main__.py` / `__init__.py` its folder (`python -m pkg`). */
function scriptNames(path: string): string[] {
  const parts = path.split('/');
  const base = parts[parts.length - 1]!;
  const stem = base.replace(FOREIGN_SCRIPT, '');
  if ((stem === '__main__' || stem === '__init__') && parts.length >= 2) return [parts[parts.length - 2]!];
  return stem.split(/[^\w-]+/).filter(Boolean);
}

/**
 * Foreign-language scripts of an npm package that nothing runnable names: no JavaScript file, hook,
 * package.json script, gyp file, shell script or Makefile of the package names them by file name or
 * path, and no script so named does either. npm never starts them: they are a vendored dependency's
 * own build or release tooling. `running` are foreign scripts already known to run (install or import
 * closure): their words count as names.
 */
export function unnamedForeignScripts(
  paths: Iterable<string>,
  names: NpmScriptNames,
  running: ReadonlySet<string>,
): Set<string> {
  const words = new Set(names.tokens);
  let all = false;
  const pending: string[] = [];
  const add = (p: string): void => {
    const t = names.foreign.get(p);
    if (t === null) all = true;
    else if (t) for (const w of t) words.add(w);
  };
  for (const p of paths) {
    const m = FOREIGN_SCRIPT.exec(p);
    if (!m) continue;
    if (running.has(p)) add(p);
    else pending.push(p);
  }
  let left: string[] = [];
  for (const p of pending) {
    if (names.bareExts.has(FOREIGN_SCRIPT.exec(p)![1]!.toLowerCase())) add(p);
    else left.push(p);
  }
  for (let changed = true; changed && !all; ) {
    changed = false;
    const next: string[] = [];
    for (const p of left) {
      const n = scriptNames(p);
      if (n.length > 0 && n.every((w) => words.has(w))) {
        add(p);
        changed = true;
      } else {
        next.push(p);
      }
    }
    left = next;
  }
  return all ? new Set() : new Set(left);
}

/** Role of a file judged by its path alone (no manifest, no import graph). */
export function pathRole(path: string, root = ''): FileRole {
  const rel = root && path.startsWith(root) ? path.slice(root.length) : path;
  if (TEST_FILE.test(rel) || TEST_DIR.test(rel)) return 'test';
  if (EXAMPLE_DIR.test(rel)) return 'example';
  if (DOCS_DIR.test(rel) || (DOCS_FILE.test(rel) && !rel.includes('/'))) return 'docs';
  if (TOOLING_FILE.test(rel) || TOOLING_DIR.test(rel)) return 'release-tooling';
  return 'runtime';
}

/**
 * Install-time seeds of a Python sdist: the root setup.py, an in-tree build backend
 * (pyproject `build-backend` with `backend-path`), root-level `.pth` files, and (since
 * pkg-analysis-2026.11.28) Hatch / pdm-backend build hooks and command classes declared in setup.cfg or
 * `[tool.setuptools.cmdclass]`.
 */
export function pythonInstallSeeds(
  root: string,
  paths: ReadonlySet<string>,
  pyproject: string | undefined,
  setupCfg?: string,
  setupPy?: string,
): string[] {
  const out: string[] = [];
  // A .pth file the root manifests name (setup.py `data_files`, a build hook copying it): it is shipped into
  // site-packages, where site runs its import lines at every interpreter start (since `pypi22`).
  const manifestText = `${setupPy ?? ''}\n${setupCfg ?? ''}\n${pyproject ?? ''}`;
  if (paths.has(`${root}setup.py`)) out.push(`${root}setup.py`);
  for (const p of paths) {
    const rel = p.slice(root.length);
    if (
      p.startsWith(root) &&
      rel.endsWith('.pth') &&
      (!rel.includes('/') || manifestText.includes(rel.slice(rel.lastIndexOf('/') + 1)))
    )
      out.push(p);
    // A top-level sitecustomize / usercustomize module: once installed, site imports it at every
    // interpreter start, as it runs a .pth file's import lines (since `pypi22`).
    if (p.startsWith(root) && /^(?:src\/)?(?:site|user)customize\.py$/.test(rel)) out.push(p);
  }
  if (pyproject) {
    const backend = /^\s*build-backend\s*=\s*["']([\w.]+)(?::[\w.]+)?["']/m.exec(pyproject)?.[1];
    const backendPath = /^\s*backend-path\s*=\s*\[([^\]]*)\]/m.exec(pyproject)?.[1];
    if (backend && backendPath !== undefined) {
      for (const m of backendPath.matchAll(/["']([^"']*)["']/g)) {
        const dir = m[1]!.replace(/^\.\/?/, '').replace(/\/?$/, m[1]!.replace(/^\.\/?/, '') ? '/' : '');
        for (const c of resolveSpecifier(`${root}${dir}x`, backend, 'py', `${root}${dir}`))
          if (paths.has(c)) out.push(c);
      }
    }
    // Build hooks the backend runs (blind set 2): Hatch's custom hook (`[tool.hatch.build.hooks.custom]`,
    // `hatch_build.py` unless `path` names another file) and pdm-backend's `pdm_build.py` (or its `custom-hook`).
    const hatch = /^\s*\[tool\.hatch\.(?:build(?:\.targets\.[\w-]+)?|metadata)\.hooks\.custom\]\s*$([^[]*)/m.exec(
      pyproject,
    );
    if (hatch) {
      const file = /^\s*path\s*=\s*["']([^"']+)["']/m.exec(hatch[1] ?? '')?.[1] ?? 'hatch_build.py';
      if (paths.has(`${root}${file}`)) out.push(`${root}${file}`);
    }
    if (backend && /^pdm\.(?:backend|pep517)/.test(backend)) {
      const file = /^\s*custom-hook\s*=\s*["']([^"']+)["']/m.exec(pyproject)?.[1] ?? 'pdm_build.py';
      if (paths.has(`${root}${file}`)) out.push(`${root}${file}`);
    }
  }
  for (const f of nativeBuildScripts(root, paths, pyproject, setupPy)) out.push(f);
  // Command classes declared outside setup.py (`[options] cmdclass = install = pkg._build.PostInstall` in
  // setup.cfg, `[tool.setuptools.cmdclass]` in pyproject.toml): their modules run at install.
  const cmdclass: string[] = [];
  const cfgBlock = setupCfg ? /^\s*cmdclass\s*=\s*((?:.*\n?)(?:[ \t]+\S.*\n?)*)/m.exec(setupCfg)?.[1] : undefined;
  if (cfgBlock) for (const m of cfgBlock.matchAll(/[\w-]+\s*=\s*([\w.]+)\.\w+/g)) cmdclass.push(m[1]!);
  const toolBlock = pyproject ? /^\s*\[tool\.setuptools\.cmdclass\]\s*$([^[]*)/m.exec(pyproject)?.[1] : undefined;
  if (toolBlock) for (const m of toolBlock.matchAll(/[\w-]+\s*=\s*["']([\w.]+)\.\w+["']/g)) cmdclass.push(m[1]!);
  for (const mod of cmdclass.slice(0, 10)) {
    const rel = mod.replace(/\./g, '/');
    for (const c of [
      `${root}${rel}.py`,
      `${root}${rel}/__init__.py`,
      `${root}src/${rel}.py`,
      `${root}src/${rel}/__init__.py`,
    ])
      if (paths.has(c)) out.push(c);
  }
  return out;
}

/**
 * The native build's own scripts (pkg8), which a build from source runs before any Python code:
 * CMake's CMakeLists.txt under scikit-build(-core) or py-build-cmake (or a setup.py that runs cmake),
 * Cargo's build.rs under setuptools-rust or maturin, meson.build under meson-python. Their command
 * lines are read for remote code (collector/finalize.ts, remote-run.ts).
 */
const NATIVE_BUILDS: readonly { file: string; by: RegExp }[] = [
  { file: 'CMakeLists.txt', by: /\bscikit[_-]build|\bpy[_-]build[_-]cmake\b|\bcmake\b/i },
  { file: 'build.rs', by: /\bsetuptools[_-]rust\b|\bmaturin\b|\bRustExtension\b/ },
  { file: 'meson.build', by: /\bmeson[_-]?python\b|\bmesonpy\b/ },
];

export function nativeBuildScripts(
  root: string,
  paths: ReadonlySet<string>,
  pyproject: string | undefined,
  setupPy?: string,
): string[] {
  const text = `${pyproject ?? ''}\n${setupPy ?? ''}`;
  return NATIVE_BUILDS.filter((b) => paths.has(`${root}${b.file}`) && b.by.test(text)).map((b) => `${root}${b.file}`);
}

/**
 * Local scripts a native build script names (meson's `run_command('python3', 'tools/gen.py')`, CMake's
 * `execute_process(COMMAND python tools/gen.py)`, build.rs `Command::new("sh").arg("gen.sh")`): the build
 * runs them at every install from source, so they are install-time files. A quoted or bare path with a
 * script extension that exists in the archive, relative to the root or to the build file's folder.
 */
export function buildScriptRuns(root: string, file: string, text: string, paths: ReadonlySet<string>): string[] {
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  const out = new Set<string>();
  for (const m of text.matchAll(/(?:^|[\s'"(,])((?:\.\/)?[\w.-]+(?:\/[\w.-]+)*\.(?:py|sh|pl|rb|js))(?=['"\s),]|$)/gm)) {
    const rel = m[1]!.replace(/^\.\//, '');
    for (const c of [`${dir}${rel}`, `${root}${rel}`]) if (paths.has(c)) out.add(c);
    if (out.size >= 20) break;
  }
  return [...out];
}

/** Folders pytest does not collect by default (its `norecursedirs`): no conftest.py in them is loaded. */
const PYTEST_NORECURSE = /^(?:\..*|build|dist|node_modules|venv|CVS|_darcs|\{arch\}|.*\.egg)$/;
/** Test modules pytest collects by default (`python_files`). */
const PYTEST_MODULE = /^(?:test_.*|.*_test)\.py$/;

/** The `testpaths` of pytest's configuration in pyproject.toml or setup.cfg, folders relative to the root (null: none declared). */
export function pytestTestpaths(pyproject?: string, setupCfg?: string): string[] | null {
  const fromToml = pyproject
    ? /^\s*\[tool\.pytest\.ini_options\]\s*$[^[]*?^\s*testpaths\s*=\s*(\[[^\]]*\]|"[^"\n]*"|'[^'\n]*')/m.exec(
        pyproject,
      )?.[1]
    : undefined;
  const fromCfg = setupCfg
    ? /^\s*\[tool:pytest\]\s*$[^[]*?^\s*testpaths\s*=\s*((?:.*\n?)(?:[ \t]+\S.*\n?)*)/m.exec(setupCfg)?.[1]
    : undefined;
  const raw = fromToml ?? fromCfg;
  if (raw === undefined) return null;
  const out = [...raw.matchAll(/[\w./-]+/g)].map((m) => m[0].replace(/^\.\/|\/$/g, '')).filter((x) => x !== '');
  return out.length > 0 ? out.slice(0, 20) : null;
}

/**
 * Python files a tool imports by itself, that no import of the package names (since `pypi22`): a
 * conftest.py pytest loads on a plain run at the root of the unpacked sdist (a packager running its
 * tests, a CI job, `pip install` of a checkout followed by `pytest`), hooks included. Judged as
 * import-time code, not as a test file: it runs before any test, wherever it sits. pytest loads the
 * conftest.py of every folder it collects: all folders but its `norecursedirs` defaults, or only the
 * declared `testpaths` and the folders above them. A conftest.py that is the fixture file of a test
 * suite (in a folder named as tests, or next to test modules) runs only with those tests: it keeps
 * its test role. (Since `pkg22`: a conftest.py deeper than `src/`, in the package's own folders, is
 * loaded just as a root one.)
 */
export function pythonAutoSeeds(
  root: string,
  paths: ReadonlySet<string>,
  testpaths: readonly string[] | null = null,
): string[] {
  const out: string[] = [];
  const dirsWithTests = new Set<string>();
  for (const p of paths) {
    if (!p.startsWith(root)) continue;
    const i = p.lastIndexOf('/');
    if (PYTEST_MODULE.test(p.slice(i + 1))) dirsWithTests.add(p.slice(0, i + 1));
  }
  for (const p of paths) {
    if (!p.startsWith(root) || !p.endsWith('conftest.py') || !/(?:^|\/)conftest\.py$/.test(p)) continue;
    const rel = p.slice(root.length);
    const dirs = rel.split('/').slice(0, -1);
    if (dirs.length > 12 || dirs.some((d) => PYTEST_NORECURSE.test(d))) continue;
    const dir = dirs.join('/');
    if (dir !== '' && dir !== 'src') {
      if (dirs.some((d) => TEST_DIR.test(d)) || dirsWithTests.has(p.slice(0, p.length - 'conftest.py'.length)))
        continue;
      // With testpaths declared, pytest collects only under them (and loads the conftest.py of the folders above them).
      if (testpaths && !testpaths.some((t) => t === dir || t.startsWith(`${dir}/`) || dir.startsWith(`${t}/`)))
        continue;
    }
    out.push(p);
  }
  return out.sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1)).slice(0, 32);
}

/** Every file reached from `seeds` through local imports (seeds included), skipping `skip`. */
function closure(
  seeds: Iterable<string>,
  inputs: RoleInputs,
  exists: ReadonlySet<string>,
  skip: (p: string) => boolean,
): Set<string> {
  const out = new Set<string>();
  const queue = [...seeds].filter((p) => exists.has(p));
  for (let i = 0; i < queue.length && out.size < 50_000; i++) {
    const p = queue[i]!;
    if (out.has(p)) continue;
    out.add(p);
    const imp = inputs.importsOf.get(p);
    if (!imp) continue;
    for (const spec of imp.specs) {
      for (const c of resolveSpecifier(p, spec, imp.lang, inputs.root))
        if (exists.has(c) && !out.has(c) && !skip(c)) queue.push(c);
    }
  }
  return out;
}

/**
 * The manifests the installer itself reads and acts on, relative to the package root: pip reads pyproject.toml
 * (build requirements, backend), setup.cfg (options, dependencies, index settings) and the metadata files
 * (PKG-INFO, a wheel's METADATA and entry_points.txt, an egg-info's requires.txt) to build the package and
 * resolve what it installs with it; npm reads package.json (lifecycle hooks, dependencies) and node-gyp
 * binding.gyp. What they say takes effect at install, not when the package is imported: their findings
 * (a dependency by URL, a hook) are install-time (pkg-analysis-2026.12.9; before, the manifests were import
 * seeds by convention and their findings said import-time).
 */
export function isInstallManifest(rel: string, registry: RegistrySource): boolean {
  if (registry === 'npm') return rel === 'package.json' || rel === 'binding.gyp';
  return (
    /^(?:pyproject\.toml|setup\.cfg|PKG-INFO)$/.test(rel) ||
    /^[^/]+\.dist-info\/(?:METADATA|entry_points\.txt)$/.test(rel) ||
    /^(?:src\/)?[^/]+\.egg-info\/(?:PKG-INFO|requires\.txt|entry_points\.txt|setup_requires\.txt)$/.test(rel)
  );
}

/**
 * The role of every file: install-time and import-time closures first (a test module that the
 * package's `__init__.py` imports runs at import), then the path's own role. Seeds that only look
 * like entry points by convention (a `tests/__init__.py`) keep their path role.
 */
export function classifyFileRoles(inputs: RoleInputs): Map<string, FileRole> {
  const paths = new Set(inputs.paths);
  const byPath = new Map<string, FileRole>();
  for (const p of paths) byPath.set(p, pathRole(p, inputs.root));
  const install = closure(inputs.installSeeds, inputs, paths, () => false);
  const importSeeds = [...inputs.importSeeds].filter((p) => !INERT_ROLES.has(byPath.get(p) ?? 'runtime'));
  for (const p of inputs.plantedSeeds ?? []) if (paths.has(p)) importSeeds.push(p);
  for (const p of inputs.autoSeeds ?? []) if (paths.has(p)) importSeeds.push(p);
  const imported = closure(importSeeds, inputs, paths, () => false);
  // npm: a foreign-language script nothing runnable names is tooling of the package or of a vendored
  // dependency (a packaging script under deps/), whatever its folder.
  const unnamed =
    inputs.registry === 'npm' && inputs.npmNames
      ? unnamedForeignScripts(
          paths,
          inputs.npmNames,
          new Set([...install, ...imported].filter((p) => FOREIGN_SCRIPT.test(p))),
        )
      : new Set<string>();
  const out = new Map<string, FileRole>();
  for (const p of paths) {
    if (install.has(p) || (p.startsWith(inputs.root) && isInstallManifest(p.slice(inputs.root.length), inputs.registry)))
      out.set(p, 'install-time');
    else if (imported.has(p)) out.set(p, 'import-time');
    else if (unnamed.has(p) && byPath.get(p) === 'runtime') out.set(p, 'release-tooling');
    else out.set(p, byPath.get(p)!);
  }
  return out;
}

/**
 * What running files (install-time, import-time) run of the Python module `path` by themselves: the
 * names they import from it and call in their own module-level code (`from .hook import install` then
 * `install()`). A re-export (`from .client import connect`) runs nothing. For the backstop (backstop.ts),
 * which weighs only what runs unasked.
 */
export function namesCalledByRunning(
  path: string,
  root: string,
  roles: ReadonlyMap<string, FileRole>,
  uses: ReadonlyMap<string, readonly { spec: string; names: readonly string[] | null }[]>,
  topCalls: ReadonlyMap<string, ReadonlySet<string>>,
): Set<string> {
  const out = new Set<string>();
  for (const [q, list] of uses) {
    if (q === path) continue;
    const role = roles.get(q);
    const calls = topCalls.get(q);
    if ((role !== 'install-time' && role !== 'import-time') || !calls) continue;
    for (const u of list)
      if (u.names && resolveSpecifier(q, u.spec, 'py', root).includes(path))
        for (const n of u.names) if (calls.has(n)) out.add(n);
  }
  return out;
}

/**
 * What running files (install-time, import-time) take from the Python module `path`: the names
 * they import from it (their code may call them at import), or null when one imports the whole
 * module (`import m`, `from pkg import m`, `from m import *`: what it then calls is not followed).
 * Used with reach.ts, which follows calls within one file.
 */
export function namesTakenByRunning(
  path: string,
  root: string,
  roles: ReadonlyMap<string, FileRole>,
  uses: ReadonlyMap<string, readonly { spec: string; names: readonly string[] | null }[]>,
): Set<string> | null {
  const out = new Set<string>();
  for (const [q, list] of uses) {
    if (q === path) continue;
    const role = roles.get(q);
    if (role !== 'install-time' && role !== 'import-time') continue;
    for (const u of list) {
      if (resolveSpecifier(q, u.spec, 'py', root).includes(path)) {
        if (u.names === null) return null;
        for (const n of u.names) out.add(n);
      }
      for (const n of u.names ?? [])
        if (resolveSpecifier(q, `${u.spec}${u.spec.endsWith('.') ? '' : '.'}${n}`, 'py', root).includes(path))
          return null;
    }
  }
  return out;
}

/**
 * Severity of a finding in a file of this role: files that never run by themselves are capped at
 * LOW (they are reported, they do not block); the others keep the rule's severity.
 */
export function roleSeverity(severity: FindingSeverity, role: FileRole, ruleId = ''): FindingSeverity {
  if (INERT_ROLES.has(role) && (severity === 'MEDIUM' || severity === 'HIGH' || severity === 'CRITICAL')) return 'LOW';
  const byRole = ROLE_BOUND_RULES[ruleId];
  if (byRole && byRole[role] !== undefined) return byRole[role]!;
  const cap = UNCONNECTED_IN_RUNTIME[ruleId];
  if (cap && role === 'runtime' && severity === cap.from) return cap.to;
  return severity;
}

/**
 * Co-occurrence rules whose parsed-flow check did not connect the pattern (python/review.ts lowers
 * them from HIGH to MEDIUM): in runtime library code, which runs only when a user calls it, such a
 * pattern is what a downloader or installer library does by design (it fetches a tool and starts a
 * tool). Reported at LOW there; a connected flow (HIGH) and any role that runs by itself keep theirs.
 */
export const UNCONNECTED_IN_RUNTIME: Readonly<Record<string, { from: FindingSeverity; to: FindingSeverity }>> =
  Object.freeze({
    download_execute: { from: 'MEDIUM', to: 'LOW' },
    // Code a library compiles or unmarshals from data it reads when called (a MIB compiler loading its cached `.pyc`,
    // a template engine running its compiled templates), not from a literal it ships decoded: pkg22.
    decode_exec: { from: 'MEDIUM', to: 'LOW' },
  });

/**
 * Rules whose finding is about *when* code runs: their severity is set by the role. Module-level
 * code that starts an interpreter with inline code, or runs code protected so it cannot be read, is
 * what a dropper does at install or import; in a runtime module it is reported, not blocked.
 */
/** Role-bound rules whose code must be called by module-level code of a running file, not only taken by name (collector/roles.ts). */
export const RUN_WHEN_CALLED: ReadonlySet<string> = new Set(['publish_package']);

export const ROLE_BOUND_RULES: Readonly<Record<string, Partial<Record<FileRole, FindingSeverity>>>> = Object.freeze({
  interpreter_inline_spawn: { runtime: 'LOW' },
  // Socket data run as a command or code (python/flow.ts, pkg22py): at install or import a remote shell planted
  // unasked; in a function the user calls, what a remote-execution server does on purpose (execnet, rpyc).
  socket_command_exec: { runtime: 'LOW' },
  // Fetched code run from a server only a parameter or setting names (python/flow.ts, pkg22py; JavaScript since pkg24,
  // npm/flow-rules.ts): unasked at install or import; a client of a code-generation service its user configured, or a
  // script loader fetching the module its application asks for, in runtime code.
  remote_code_exec_configured: { runtime: 'LOW' },
  // A package upload: a worm at install or import; what a release tool does when its user calls it.
  publish_package: { runtime: 'LOW' },
  // A program extracted from a downloaded archive and started (python/flow.ts): at install or import a
  // dropper acting unasked; in a function the user calls, what a tool manager does (a tunnel client, a
  // browser driver fetched as a zip and run on request).
  archive_download_execute: { runtime: 'LOW' },
  protected_code: { runtime: 'MEDIUM' },
  // A shipped .pth whose executed line acts (python/pth.ts): site reads it only in a site folder, where an install puts
  // a root-level one; elsewhere in the package it is a data file nothing runs.
  pth_startup_code: { runtime: 'LOW' },
  // A file written where the system runs it by itself: at install or import it is planted unasked;
  // a command the user runs (`tool install-service`) may do it on request (python/flow.ts).
  persistence_write: { runtime: 'LOW' },
  // Another client's endpoint set to a fixed host (python/flow.ts endpointRedirects): unasked at install or
  // import every later call of that client goes there; a function the user calls may point it on request.
  sdk_endpoint_redirect: { runtime: 'LOW' },
  // The interpreter started on a shipped zip application or compiled file (python/flow.ts): unasked at install
  // or import it runs code no one can read; a command the user runs may start its bundled tool on request.
  opaque_payload_run: { runtime: 'LOW' },
  persistence_remote: { runtime: 'MEDIUM' },
  // Machine code written in the source and run through ctypes (python/flow.ts nativeCodeRun): at
  // install or import it is a loader acting unasked; a function that does it on request (py-cpuinfo's
  // CPUID probe) is reported, not blocked.
  native_code_exec: { runtime: 'MEDIUM' },
  // A command read from the package's own settings file: at import or install it runs unasked; a
  // function that runs configured commands on request is a task runner (archive-collector.ts).
  data_file_command_exec: { runtime: 'LOW' },
  // One service's token sent to a host name that is not the service's (python/flow.ts): unasked at install
  // or import it is theft; a function the user calls may hand the CI's token to a coverage service or a key
  // to an API gateway on request. To an address, a paste site or a collector it is `service_token_exfil`.
  service_token_foreign_host: { runtime: 'LOW' },
  // pip installing a project from a URL or a git remote (python/flow.ts): at install or import its build code
  // runs unasked; a command the user runs may install a plugin or extension so on request.
  pip_install_remote: { runtime: 'LOW' },
  // A container that owns the host, asked of the Docker socket or the cluster (behaviour-rules.ts): at install
  // or import it acts unasked; a function the user calls may be a node debugging tool (`node-shell`).
  container_escape: { runtime: 'MEDIUM' },
});
