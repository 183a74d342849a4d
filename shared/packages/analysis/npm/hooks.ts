/**
 * npm lifecycle hooks resolved to what they run. npm runs `preinstall`, `install` and
 * `postinstall` from the package root when the published tarball is installed (and `node-gyp
 * rebuild` by itself when `binding.gyp` sits at the root and no install hook is set); `prepare`
 * runs only for git and local installs. A hook is a shell command line: each step is resolved to
 * the archive files it runs (`node .` → the package's `main`, `node scripts/x` → `scripts/x.js`,
 * `sh ./y.sh`, `node -r ./z`), inline code (`node -e '…'`), well-known build and download tools
 * (`node-gyp`, `prebuild-install`, `node-pre-gyp install`, `husky`), package scripts it calls
 * (`npm run x`, `yarn x`, `pnpm run x`, followed three levels deep) or a command of its own.
 *
 * Pure functions over the manifest and the archive's paths: the collector owns the reading. See
 * https://docs.npmjs.com/cli/using-npm/scripts (lifecycle order, implicit `node-gyp rebuild`).
 */
import { normalizePath } from '../entrypoints.js';

/** Hooks npm runs on an install from the registry. */
export const REGISTRY_INSTALL_HOOKS = ['preinstall', 'install', 'postinstall'] as const;
/** Hooks reviewed (prepare too, reported as git / local only). */
export const REVIEWED_HOOKS = ['preinstall', 'install', 'postinstall', 'prepare'] as const;

export type HookStepKind = 'file' | 'inline' | 'tool' | 'npx' | 'script' | 'command';

export interface HookStep {
  kind: HookStepKind;
  /** The step as written (trimmed, at most 300 characters). */
  text: string;
  /** `file`: the archive path run (root-relative resolution done, existing file). */
  file?: string;
  /** `file` that does not exist in the archive: the path the step names. */
  missing?: string;
  /** `inline`: the code after `-e` / `--eval` / `-p`. */
  code?: string;
  /** `inline`: the language of the code when it is not JavaScript (`python3 -c`, `perl -e`, `ruby -e`). */
  lang?: 'py' | 'pl' | 'rb';
  /** `tool`: its name (see TOOLS). */
  tool?: string;
  /** `script`: the package script called (its steps follow in the same list). */
  script?: string;
  /** A command binding.gyp makes node-gyp run (a command expansion or an action). */
  gyp?: boolean;
}

export interface ResolvedHook {
  name: string;
  command: string;
  steps: HookStep[];
}

/**
 * Build and download tools a hook may call by name (they come from the package's dependencies,
 * not from its archive). `downloader`: fetches a prebuilt binary of the package from the host its
 * manifest declares (or its own GitHub releases), falling back to a local build.
 */
export const TOOLS: readonly { name: string; re: RegExp; downloader?: boolean }[] = [
  { name: 'prebuild-install', re: /^prebuild-install\b/, downloader: true },
  { name: 'node-pre-gyp', re: /^(?:@mapbox\/)?node-pre-gyp\b/, downloader: true },
  { name: 'node-gyp', re: /^node-gyp(?:-build)?(?:-optional-packages)?\b/ },
  { name: 'cmake-js', re: /^cmake-js\b/ },
  { name: 'prebuildify', re: /^prebuildify(?:-load)?\b/ },
  { name: 'husky', re: /^husky\b/ },
  { name: 'patch-package', re: /^patch-package\b/ },
  { name: 'is-ci', re: /^is-ci\b/ },
  { name: 'tsc', re: /^tsc\b/ },
  { name: 'opencollective', re: /^(?:opencollective(?:-postinstall)?|open-collective)\b/ },
  { name: 'echo', re: /^(?:echo|printf|true|exit|:)(?:\s|$)/ },
];

const NODE_LIKE = /^(?:node|nodejs|bun|tsx|ts-node|deno\s+run)$/;
const SHELL_LIKE = /^(?:sh|bash|zsh|dash|source|\.)$/;
const JS_EXT = ['', '.js', '.cjs', '.mjs', '.ts', '.json', '/index.js', '/index.cjs', '/index.mjs'];

/** A command line split into steps on `&&`, `||`, `;`, `|`, `&` and newlines, quotes respected. */
export function splitSteps(cmd: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q: string | null = null;
  for (let i = 0; i < cmd.length; i++) {
    const c = cmd[i]!;
    if (q) {
      cur += c;
      if (c === '\\' && q === '"' && i + 1 < cmd.length) cur += cmd[++i];
      else if (c === q) q = null;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      q = c;
      cur += c;
    } else if (c === ';' || c === '\n' || c === '|' || c === '&') {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
      if ((c === '|' || c === '&') && cmd[i + 1] === c) i++;
    } else {
      cur += c;
    }
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** Shell words of one step (quotes removed). */
export function words(step: string): string[] {
  const out: string[] = [];
  for (const m of step.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|`([^`]*)`|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

function parsePkg(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(text, 'latin1').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The file the "." entry of a package.json `exports` names for `require` (string, subpath map or condition map). */
function exportsEntry(exp: unknown, depth = 0): string | null {
  if (typeof exp === 'string') return exp;
  if (!exp || typeof exp !== 'object' || depth > 3) return null;
  if (Array.isArray(exp)) {
    for (const x of exp) {
      const e = exportsEntry(x, depth + 1);
      if (e) return e;
    }
    return null;
  }
  const o = exp as Record<string, unknown>;
  if ('.' in o) return exportsEntry(o['.'], depth + 1);
  for (const k of ['require', 'node', 'default', 'import']) if (k in o) return exportsEntry(o[k], depth + 1);
  return null;
}

/** The package.json files of an archive (kept as latin1 text by path), read as JSON for `resolveModulePath`; null when absent or not JSON. */
export function manifestReader(manifests: ReadonlyMap<string, string>): (p: string) => Record<string, unknown> | null {
  return (p) => {
    const t = manifests.get(p);
    if (t === undefined) return null;
    try {
      return JSON.parse(Buffer.from(t, 'latin1').toString('utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
  };
}

/** The archive file a module path names from `dir` (a directory resolves through its package.json `main`, then index.js). */
export function resolveModulePath(spec: string, dir: string, root: string, exists: (p: string) => boolean, pkgOf: (p: string) => Record<string, unknown> | null): string | null {
  const base = normalizePath(`${dir}${spec}`);
  if (base === null || (root !== '' && !`${base}/`.startsWith(root))) return null;
  const asDir = base === '' ? '' : `${base}/`;
  const pkg = pkgOf(`${asDir}package.json`);
  if (pkg && typeof pkg.main === 'string' && pkg.main.trim() !== '' && spec !== `${pkg.main}`) {
    const viaMain = resolveModulePath(pkg.main, asDir, root, exists, () => null);
    if (viaMain) return viaMain;
  }
  // Node resolves a package directory through `exports` too (its "." entry, for require: the
  // `require`, `node` or `default` condition), so `node .` runs that file when `main` is absent.
  const viaExports = pkg ? exportsEntry(pkg.exports) : null;
  if (viaExports && spec !== viaExports) {
    const p = resolveModulePath(viaExports, asDir, root, exists, () => null);
    if (p) return p;
  }
  for (const e of JS_EXT) {
    const p = `${base}${e}`.replace(/^\//, '');
    if (p !== '' && exists(p)) return p;
  }
  for (const e of ['index.js', 'index.cjs', 'index.mjs']) if (exists(`${asDir}${e}`)) return `${asDir}${e}`;
  return null;
}

/**
 * The hooks of the root package.json with their steps resolved. `exists` tells whether an archive
 * path is a file; `manifests` maps archive paths of package.json files to their texts (for `main`).
 */
export function resolveNpmHooks(root: string, manifests: ReadonlyMap<string, string>, exists: (p: string) => boolean, opts: { bindingGyp?: boolean } = {}): ResolvedHook[] {
  const pkg = parsePkg(manifests.get(`${root}package.json`));
  const scripts = new Map<string, string>();
  const raw = pkg?.scripts;
  if (raw && typeof raw === 'object') for (const [k, v] of Object.entries(raw as Record<string, unknown>)) if (typeof v === 'string') scripts.set(k, v.slice(0, 2000));
  const pkgOf = (p: string) => parsePkg(manifests.get(p));
  const hooks: ResolvedHook[] = [];
  let install = false;
  for (const name of REVIEWED_HOOKS) {
    const cmd = scripts.get(name);
    if (cmd === undefined || cmd.trim() === '') continue;
    if (name !== 'prepare') install = true;
    hooks.push({ name, command: cmd.slice(0, 1000), steps: resolveCommand(cmd, root, scripts, exists, pkgOf) });
  }
  if (!install && opts.bindingGyp) {
    const cmd = 'node-gyp rebuild';
    hooks.push({ name: 'install', command: `${cmd} (implicit: binding.gyp at the package root)`, steps: resolveCommand(cmd, root, scripts, exists, pkgOf) });
  }
  // node-gyp runs binding.gyp's command expansions and actions while it configures and builds: they
  // are steps of the hook that runs node-gyp.
  const gyp = manifests.get(`${root}binding.gyp`);
  if (gyp !== undefined) {
    const commands = gypCommands(gyp);
    if (commands.length > 0) {
      for (const h of hooks) {
        if (h.name === 'prepare' || !h.steps.some((s) => s.kind === 'tool' && s.tool === 'node-gyp')) continue;
        for (const c of commands) h.steps.push(...resolveCommand(c, root, scripts, exists, pkgOf).map((s) => ({ ...s, text: `binding.gyp: ${s.text}`.slice(0, 300), gyp: true })));
      }
    }
  }
  return hooks;
}

/**
 * The shell commands a binding.gyp makes node-gyp run: command expansions (`<!(cmd)`, `<!@(cmd)`,
 * run by gyp while it reads the file) and the `action` of `actions` / `rules` entries (run by the
 * build). binding.gyp is a Python literal (quotes of either kind, `#` comments): its strings are
 * read with a small tokenizer, and an action is the list of strings after an `action` key.
 * See https://gyp.gsrc.io/docs/InputFormatReference.md ("Command Expansions", "Actions").
 */
export function gypCommands(text: string): string[] {
  const tokens: { s: string; key: boolean }[] = [];
  let i = 0;
  const n = Math.min(text.length, 256 * 1024);
  while (i < n && tokens.length < 20000) {
    const ch = text[i]!;
    if (ch === '#') {
      while (i < n && text[i] !== '\n') i++;
    } else if (ch === '"' || ch === "'") {
      let j = i + 1;
      let v = '';
      while (j < n && text[j] !== ch) {
        if (text[j] === '\\' && j + 1 < n) {
          const e = text[j + 1]!;
          v += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          j += 2;
        } else v += text[j++];
      }
      i = j + 1;
      let k = i;
      while (k < n && /\s/.test(text[k]!)) k++;
      tokens.push({ s: v, key: text[k] === ':' });
    } else {
      if (ch === ']' || ch === '}') tokens.push({ s: ch, key: false });
      i++;
    }
  }
  const out: string[] = [];
  for (let t = 0; t < tokens.length && out.length < 40; t++) {
    const tok = tokens[t]!;
    for (const m of tok.s.matchAll(/<!@?\((.+?)\)(?=[^)]*$|\s|$)/g)) out.push(m[1]!.trim());
    if (tok.key && tok.s === 'action') {
      const parts: string[] = [];
      for (let u = t + 1; u < tokens.length && tokens[u]!.s !== ']' && !tokens[u]!.key && parts.length < 50; u++) parts.push(tokens[u]!.s);
      // `["sh", "-c", "…"]` or `["python", "gen.py", …]`: one command line.
      if (parts.length > 0) out.push(parts.length === 1 ? parts[0]! : parts.map((p) => (/\s/.test(p) ? `'${p.replace(/'/g, `'\\''`)}'` : p)).join(' '));
    }
  }
  return out.filter((c) => c.length > 0).map((c) => c.slice(0, 1000));
}

/** The steps of one command line, package scripts it calls expanded (three levels). */
export function resolveCommand(
  cmd: string,
  root: string,
  scripts: ReadonlyMap<string, string>,
  exists: (p: string) => boolean,
  pkgOf: (p: string) => Record<string, unknown> | null = () => null,
  depth = 0,
  seen: Set<string> = new Set(),
): HookStep[] {
  const out: HookStep[] = [];
  for (const step of splitSteps(cmd).slice(0, 40)) {
    const text = step.slice(0, 300);
    let w = words(step);
    // Code preloaded by NODE_OPTIONS for every Node process the step starts: inline code when it is a data: URL.
    for (const x of w.slice(0, 12)) if (/^NODE_OPTIONS=/.test(x)) for (const code of preloadedDataCode(x)) out.push({ kind: 'inline', text, code });
    // Environment assignments and wrappers that only set them.
    while (w.length > 0 && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w[0]!) || /^(?:cross-env|env|exec|nohup|time|sudo|npx\s+--no-install)$/.test(w[0]!) || w[0] === '(' || w[0] === '{')) w = w.slice(1);
    if (w.length > 0 && /^\(/.test(w[0]!)) w[0] = w[0]!.slice(1);
    const head = w[0] ?? '';
    const rest = w.slice(1);
    // Package scripts: npm run x, npm run-script x, yarn [run] x, pnpm [run] x, npm start / test.
    const run = /^(?:npm|pnpm|yarn|bun)$/.test(head) ? scriptCalled(head, rest) : null;
    if (run !== null) {
      const body = scripts.get(run);
      out.push({ kind: 'script', text, script: run });
      if (body !== undefined && depth < 3 && !seen.has(run)) {
        seen.add(run);
        // npm runs pre<x> and post<x> around `npm run x`.
        for (const s of [`pre${run}`, run, `post${run}`]) {
          const b = scripts.get(s);
          if (b !== undefined) out.push(...resolveCommand(b, root, scripts, exists, pkgOf, depth + 1, seen));
        }
      }
      continue;
    }
    if (/^(?:npx|bunx|pnpx)$/.test(head) || (/^(?:pnpm|yarn|npm)$/.test(head) && /^(?:dlx|exec)$/.test(rest[0] ?? ''))) {
      const tool = (head === 'npx' || head === 'bunx' || head === 'pnpx' ? rest : rest.slice(1)).filter((x) => !x.startsWith('-'))[0] ?? '';
      // `bunx ./x.ts`, `npx ./bin/y.js`: a runner handed a path of the package runs that file, as node would.
      if (/^\.{1,2}\//.test(tool) || /\.[cm]?[jt]sx?$/.test(tool)) {
        const step = fileStep(text, tool, root, exists, pkgOf);
        if (step.file) {
          out.push(step);
          continue;
        }
      }
      const known = TOOLS.find((t) => t.re.test(tool));
      out.push(known ? { kind: 'tool', text, tool: known.name } : { kind: 'npx', text, tool });
      continue;
    }
    if (NODE_LIKE.test(head)) {
      out.push(...nodeStep(text, rest, root, exists, pkgOf));
      continue;
    }
    if (SHELL_LIKE.test(head)) {
      const target = rest.find((x) => !x.startsWith('-'));
      const c = rest.indexOf('-c');
      if (c !== -1 && rest[c + 1] !== undefined) {
        out.push(...resolveCommand(rest[c + 1]!, root, scripts, exists, pkgOf, depth + 1, seen));
      } else if (target) {
        out.push(fileStep(text, target, root, exists, pkgOf));
      } else {
        out.push({ kind: 'command', text });
      }
      continue;
    }
    // `python deps/gen.py`, `python3 -m deps.gen`, `powershell -File x.ps1`, `cmd /c x.bat`, `perl x.pl`:
    // the interpreter runs a file of the archive (docs/package-analysis.md, "Roles").
    const script = INTERPRETER.test(head) ? interpretedScript(head, rest, root, exists, pkgOf) : null;
    if (script) {
      out.push({ kind: 'file', text, file: script });
      continue;
    }
    // `python3 -c "…"`, `perl -e '…'`, `ruby -e '…'`: the hook's own inline program, read for what fetches or runs
    // decoded code (collector/files.ts FOREIGN_INLINE_DANGER; pkg-analysis-2026.12.7).
    if (/^(?:python(?:[23](?:\.\d+)?)?|pythonw|py|ruby|perl)(?:\.exe)?$/i.test(head)) {
      const flag = rest.findIndex((a) => a === '-c' || a === '-e' || a === '-E');
      if (flag !== -1 && rest[flag + 1] !== undefined) {
        const lang = /^p(?:y|ython)/i.test(head) ? 'py' : /^perl/i.test(head) ? 'pl' : 'rb';
        out.push({ kind: 'inline', text, code: rest[flag + 1]!, lang });
        continue;
      }
    }
    const tool = TOOLS.find((t) => t.re.test(w.join(' ')));
    if (tool) {
      out.push({ kind: 'tool', text, tool: tool.name });
      continue;
    }
    // `./bin/setup`, `scripts/postinstall.sh`: a file of the archive run directly.
    if (/^\.{0,2}\//.test(head) || /\.(?:sh|js|cjs|mjs|py|bat|cmd|ps1|exe)$/i.test(head)) {
      out.push(fileStep(text, head, root, exists, pkgOf));
      continue;
    }
    out.push({ kind: 'command', text });
  }
  return out;
}

/** Interpreters of the languages npm never runs by itself, started by a hook or a gyp action. */
const INTERPRETER = /^(?:python(?:[23](?:\.\d+)?)?|pythonw|py|ruby|perl|powershell|pwsh|cmd)(?:\.exe)?$/i;

/** The archive file an interpreter command runs, or null (inline code, a file not in the archive). */
function interpretedScript(head: string, rest: string[], root: string, exists: (p: string) => boolean, pkgOf: (p: string) => Record<string, unknown> | null): string | null {
  const interp = head.toLowerCase().replace(/\.exe$/, '');
  const args = rest.map((a) => a.replace(/^["']|["']$/g, '').replace(/\\/g, '/'));
  let target: string | undefined;
  let module: string | undefined;
  if (interp === 'cmd') {
    const c = args.findIndex((a) => /^\/[ck]$/i.test(a));
    target = c === -1 ? undefined : args.slice(c + 1).find((a) => /\.(?:bat|cmd)$/i.test(a));
  } else if (interp === 'powershell' || interp === 'pwsh') {
    const f = args.findIndex((a) => /^-f(?:ile)?$/i.test(a));
    target = f !== -1 ? args[f + 1] : args.find((a) => /\.ps1$/i.test(a));
  } else {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === '-c' || a === '-e' || a === '-E') return null;
      if (a === '-m' && interp.startsWith('py')) {
        module = args[i + 1];
        break;
      }
      if (/^-[WXIr]$/.test(a)) i++;
      else if (!a.startsWith('-')) {
        target = a;
        break;
      }
    }
  }
  if (module && /^[\w.]+$/.test(module)) {
    const rel = module.replace(/\./g, '/');
    return [`${root}${rel}.py`, `${root}${rel}/__main__.py`].find((c) => exists(c)) ?? null;
  }
  if (!target || /^[a-z]+:/i.test(target) || target.startsWith('/') || target.startsWith('$')) return null;
  return resolveModulePath(target, root, root, exists, pkgOf);
}

function scriptCalled(head: string, rest: string[]): string | null {
  const args = rest.filter((x) => !x.startsWith('-'));
  if (head === 'npm') {
    if (args[0] === 'run' || args[0] === 'run-script' || args[0] === 'rum' || args[0] === 'urn') return args[1] ?? null;
    if (args[0] === 'start' || args[0] === 'test' || args[0] === 'stop' || args[0] === 'restart') return args[0];
    return null;
  }
  if (args[0] === 'run') return args[1] ?? null;
  // `yarn build`, `pnpm build` (not their own commands).
  if (args[0] && !/^(?:install|add|i|dlx|exec|remove|up|upgrade|global|link|pack|publish|config|set|cache|why|info|list|ls|create|init)$/.test(args[0])) return args[0];
  return null;
}

function fileStep(text: string, target: string, root: string, exists: (p: string) => boolean, pkgOf: (p: string) => Record<string, unknown> | null): HookStep {
  const t = target.replace(/^["']|["']$/g, '');
  if (/^[a-z]+:/i.test(t) || t.startsWith('/') || t.startsWith('$')) return { kind: 'command', text };
  const f = resolveModulePath(t === '' ? '.' : t, root, root, exists, pkgOf);
  return f ? { kind: 'file', text, file: f } : { kind: 'file', text, missing: t };
}

/**
 * Code a `--import` / `--require` / `--loader` flag preloads from a data: URL (`NODE_OPTIONS="--import=data:text/javascript;
 * base64,…"`, `node --import data:text/javascript,…`): inline code Node runs before anything else, hidden in an encoding
 * (pkg-analysis-2026.12.7). Decoded; at most 64 KB each.
 */
export function preloadedDataCode(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:--import|--require|-r|--loader|--experimental-loader)[=\s]+data:(?:text|application)\/(?:javascript|ecmascript|x-javascript)((?:;[\w=-]+)*),(\S{1,90000})/gi)) {
    const base64 = /;base64/i.test(m[1] ?? '');
    // (A quoted value may keep its closing quote: `NODE_OPTIONS="--import=data:…"`.)
    const body = base64 ? m[2]!.replace(/["']+$/, '') : m[2]!;
    try {
      const code = base64 ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body);
      if (code) out.push(code.slice(0, 65536));
    } catch {
      // not decodable: left as a command line
    }
    if (out.length >= 4) break;
  }
  return out;
}

/** `node [flags] target [args]`, `node -e code`, `node -r ./preload target`. */
function nodeStep(text: string, rest: string[], root: string, exists: (p: string) => boolean, pkgOf: (p: string) => Record<string, unknown> | null): HookStep[] {
  const out: HookStep[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '-e' || a === '--eval' || a === '-p' || a === '--print') {
      if (rest[i + 1] !== undefined) out.push({ kind: 'inline', text, code: rest[i + 1]! });
      return out;
    }
    if (/^(?:--eval|--print)=/.test(a)) {
      out.push({ kind: 'inline', text, code: a.slice(a.indexOf('=') + 1) });
      return out;
    }
    if (/^(?:--require|--import|--loader|--experimental-loader)=data:/.test(a)) {
      for (const code of preloadedDataCode(a)) out.push({ kind: 'inline', text, code });
      continue;
    }
    if (a === '-r' || a === '--require' || a === '--import' || a === '--loader') {
      const m = rest[i + 1];
      if (m && /^data:/.test(m)) for (const code of preloadedDataCode(`${a}=${m}`)) out.push({ kind: 'inline', text, code });
      if (m && /^\.{0,2}\//.test(m)) out.push(fileStep(text, m, root, exists, pkgOf));
      i++;
      continue;
    }
    if (a.startsWith('-')) continue;
    out.push(fileStep(text, a, root, exists, pkgOf));
    return out;
  }
  if (out.length === 0) out.push({ kind: 'command', text });
  return out;
}

/** Files a hook runs directly (before following what they import). */
export function hookFiles(hooks: readonly ResolvedHook[], registryOnly = true): string[] {
  const out = new Set<string>();
  for (const h of hooks) {
    if (registryOnly && h.name === 'prepare') continue;
    for (const s of h.steps) if (s.file) out.add(s.file);
  }
  return [...out];
}

/** Relative module specifiers in inline code (`node -e "require('./lib/x')"`). */
export function inlineSpecifiers(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/\b(?:require|import)\s*\(\s*['"`](\.{1,2}(?:\/[^'"`]*)?)['"`]\s*\)/g)) out.push(m[1]!);
  return out;
}
