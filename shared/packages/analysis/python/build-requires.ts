/**
 * Build requirements the package index does not hold (pkg8). `[build-system] requires` in
 * pyproject.toml lists what pip installs into the isolated build environment before it builds an
 * sdist; a PEP 508 direct reference (`name @ http://host/x.tar.gz`) is fetched from that host and its
 * own build code runs at every install from source, before the package's code. Weighed like an npm
 * dependency given by URL (npm/remote-deps.ts `classifyUrlSpec`): plain HTTP or an IP address
 * CRITICAL, an HTTPS host that is not the package's own MEDIUM, its own host LOW; a git repository over
 * HTTPS is not a URL of this kind.
 */
import { classifyUrlSpec } from '../npm/remote-deps.js';
import { remoteRun } from '../remote-run.js';
import type { PackageFinding } from '../types.js';

/** The strings of `requires = [...]` in the `[build-system]` table (a small TOML subset: one array of strings). */
export function buildRequires(pyproject: string): string[] {
  const table = /^\s*\[build-system\]\s*$([\s\S]*?)(?=^\s*\[|(?![\s\S]))/m.exec(pyproject)?.[1];
  if (!table) return [];
  // (A string may hold brackets: `"x[extra] @ url"`.)
  const arr = /^\s*requires\s*=\s*\[((?:"[^"\n]*"|'[^'\n]*'|[^\]"'])*)\]/m.exec(table)?.[1];
  if (!arr) return [];
  const out: string[] = [];
  for (const m of arr.matchAll(/"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'/g)) if (out.length < 64) out.push(m[1] ?? m[2] ?? '');
  return out;
}

export function remoteBuildRequires(pyproject: string | undefined, file: string, own: { hasDestination(host: string, path?: string): boolean }): PackageFinding[] {
  if (!pyproject || pyproject.length > 200_000) return [];
  const out: PackageFinding[] = [];
  for (const req of buildRequires(pyproject)) {
    const at = /^\s*([A-Za-z0-9][\w.-]*)\s*(?:\[[^\]]*\])?\s*@\s*(\S+)/.exec(req);
    if (!at) continue;
    const c = classifyUrlSpec(at[2]!, own, false);
    if (!c) continue;
    out.push({
      ruleId: 'remote_url_dependency',
      severity: c.severity,
      category: 'install_script',
      file,
      evidence: req.slice(0, 200),
      message: `the build requirements name ${at[1]} by a URL (${c.host}), fetched by pip ${c.why} into the build environment, whose build code runs at every install from source: the index does not hold it, nobody reviewed it, and the host can change it without a new version`,
    });
  }
  return out;
}

/** The strings of `dependencies = [...]` in the `[project]` table (the same small TOML subset as buildRequires). */
export function projectDependencies(pyproject: string): string[] {
  const table = /^\s*\[project\]\s*$([\s\S]*?)(?=^\s*\[|(?![\s\S]))/m.exec(pyproject)?.[1];
  if (!table) return [];
  const arr = /^\s*dependencies\s*=\s*\[((?:"[^"\n]*"|'[^'\n]*'|[^\]"'])*)\]/m.exec(table)?.[1];
  if (!arr) return [];
  const out: string[] = [];
  for (const m of arr.matchAll(/"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'/g)) if (out.length < 200) out.push(m[1] ?? m[2] ?? '');
  return out;
}

/**
 * Dependencies pip installs with the package that name a direct URL over plain HTTP or on an IP address (pkg23py):
 * `[project] dependencies` of pyproject.toml, `Requires-Dist` of PKG-INFO, `install_requires` of setup.cfg and a
 * requirement string of setup.py. pip fetches the dependency from that host at every install and runs its build; the
 * index never held it, and nothing checks what the host serves (a package that is an empty shell around such a
 * dependency carries its payload outside the registry). Only that weight is reported: an HTTPS URL or a git remote is
 * an ordinary, if unusual, choice (a vendor's wheel host), and the package index refuses uploads that name one.
 */
export function remoteProjectDependencies(
  texts: { pyproject?: string; pkgInfo?: string; setupCfg?: string; setupPy?: string },
  root: string,
  own: { hasDestination(host: string, path?: string): boolean },
): PackageFinding[] {
  const reqs: { file: string; req: string }[] = [];
  if (texts.pyproject && texts.pyproject.length <= 200_000)
    for (const r of projectDependencies(texts.pyproject)) reqs.push({ file: `${root}pyproject.toml`, req: r });
  if (texts.pkgInfo && texts.pkgInfo.length <= 500_000)
    for (const m of texts.pkgInfo.matchAll(/^Requires-Dist:[ \t]*(.+)$/gm)) if (reqs.length < 400) reqs.push({ file: `${root}PKG-INFO`, req: m[1]! });
  if (texts.setupCfg && texts.setupCfg.length <= 200_000)
    for (const m of texts.setupCfg.matchAll(/^[ \t]+([A-Za-z0-9][\w.-]*[ \t]*(?:\[[^\]]*\])?[ \t]*@[ \t]*\S+)/gm)) if (reqs.length < 400) reqs.push({ file: `${root}setup.cfg`, req: m[1]! });
  if (texts.setupPy && texts.setupPy.length <= 500_000)
    for (const m of texts.setupPy.matchAll(/["']([A-Za-z0-9][\w.-]*[ \t]*(?:\[[^\]"']*\])?[ \t]*@[ \t]*(?:git\+)?https?:\/\/[^"'\s]+)["']/g)) if (reqs.length < 400) reqs.push({ file: `${root}setup.py`, req: m[1]! });
  const out: PackageFinding[] = [];
  const seen = new Set<string>();
  for (const { file, req } of reqs) {
    const at = /^\s*([A-Za-z0-9][\w.-]*)\s*(?:\[[^\]]*\])?\s*@\s*([^\s;]+)/.exec(req);
    if (!at) continue;
    const c = classifyUrlSpec(at[2]!, own, false);
    if (c?.severity !== 'CRITICAL' || seen.has(at[2]!)) continue;
    seen.add(at[2]!);
    out.push({
      ruleId: 'remote_url_dependency',
      severity: 'CRITICAL',
      category: 'install_script',
      file,
      evidence: req.slice(0, 200),
      message: `the package's dependencies name ${at[1]} by a URL ${c.why} (${c.host}): pip fetches it from there at every install and runs its build; the index does not hold it, nobody reviewed it, and the host can change it without a new version`,
    });
    if (out.length >= 4) break;
  }
  return out;
}

/**
 * The first command line of a native build script (CMakeLists.txt, build.rs, meson.build) that runs
 * code fetched from the network: each quoted string and each line read as a command (remote-run.ts).
 */
export function buildScriptRemoteRun(text: string): { line: number; command: string; why: string } | null {
  if (text.length > 500_000 || !/\b(?:curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod|bitsadmin|certutil|DownloadString|DownloadFile|mshta|msiexec|https?:)/i.test(text)) return null;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && i < 20_000; i++) {
    const l = lines[i]!;
    if (l.length > 4000) continue;
    const texts = [...[...l.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\"/g, '"')), l];
    for (const t of texts) {
      const why = remoteRun(t);
      if (why) return { line: i + 1, command: t.trim(), why };
    }
  }
  return null;
}

/** The index options (`--extra-index-url`, `-i`, `--find-links`) and direct URL requirements of a requirements file. */
export function requirementUrls(text: string): { url: string; line: number; evidence: string }[] {
  const out: { url: string; line: number; evidence: string }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && i < 5000 && out.length < 8; i++) {
    const l = lines[i]!.trim();
    const m = /^(?:--(?:extra-)?index-url|-i|--find-links|-f)(?:\s+|=)(\S+)/.exec(l) ?? /^[A-Za-z0-9][\w.-]*\s*(?:\[[^\]]*\])?\s*@\s*(\S+)/.exec(l) ?? /^((?:git\+)?https?:\/\/\S+)/.exec(l);
    if (m) out.push({ url: m[1]!, line: i + 1, evidence: l.slice(0, 200) });
  }
  return out;
}

/**
 * setup.py installing a requirements file the package ships (`pip install -r requirements-build.txt`) that
 * names an index or a requirement over plain HTTP or an IP address: pip fetches from there at install and
 * runs what it gets (a dependency-confusion index). Only that weight is reported: an HTTPS index (a vendor's
 * wheel index) is an ordinary choice. The setup.py text names the file and pip's `-r`.
 */
export function setupInstallsRemoteRequirements(
  setupPy: string | undefined,
  reqs: readonly { path: string; url: string; line: number; evidence: string }[],
  own: { hasDestination(host: string, path?: string): boolean },
): { path: string; url: string; line: number; evidence: string; why: string } | null {
  if (!setupPy || reqs.length === 0 || !/\bpip\b/.test(setupPy) || !/['"](?:-r|--requirement)['"]|['"\s]-r\s/.test(setupPy)) return null;
  for (const r of reqs) {
    const base = r.path.slice(r.path.lastIndexOf('/') + 1);
    if (!setupPy.includes(base)) continue;
    const c = classifyUrlSpec(r.url, own, false);
    if (c?.severity === 'CRITICAL') return { ...r, why: c.why ?? '' };
  }
  return null;
}
