/**
 * The packages a project manifest declares: what `pip install .`, `uv sync`, `poetry install` or `npm install` will
 * install, as surely as a package named on an install command line. Read from the manifest's structure — pyproject's
 * `dependencies = [ … ]` arrays (PEP 621, optional and dependency groups too) and `[tool.poetry.*dependencies]` tables,
 * requirements files, package.json's dependency maps — so that the policy judges each name as it judges an install
 * (a name one typo from a popular package is a typosquat, docs/skill-effect-model.md). Linear in the manifest.
 */
import { matchAll } from '../match-all.js';

export interface DeclaredPackage {
  name: string;
  ecosystem: 'pypi' | 'npm';
  /** Offset in the text. */
  at: number;
}

/** A PEP 508 requirement's name (`reqeusts>=2.31`, `foo[extra]; python_version < "3.11"`). */
const PEP508_NAME = /^\s*([A-Za-z0-9][A-Za-z0-9._-]{0,100})\s*(?:\[[^\]]*\])?\s*(?:[<>=!~;@(]|$)/;
const PYPI_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,100}$/;
const NPM_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]{0,100}$/;

/** The packages a TOML manifest declares (pyproject.toml). */
function fromToml(text: string): DeclaredPackage[] {
  const out: DeclaredPackage[] = [];
  // `dependencies = [ "a>=1", "b" ]` (also `optional-dependencies.x`, `dev-dependencies`, dependency groups' arrays)
  for (const m of matchAll(text, /^[ \t]*(?:[\w-]*dependencies|[\w-]+)[ \t]*=[ \t]*\[([^\]]{0,20000})\]/gm)) {
    const key = /^[ \t]*([\w-]+)/.exec(m[0])![1]!;
    // (inside `[project.optional-dependencies]` or `[dependency-groups]` any key holds requirements)
    let section = '';
    for (const h of matchAll(text.slice(0, m.index!), /^\[([^\]\n]+)\]/gm)) section = h[1]!;
    if (!/dependencies$/.test(key) && !/(?:optional-dependencies|dependency-groups)$/.test(section)) continue;
    const body = m[1]!;
    const bodyAt = m.index! + m[0].indexOf('[') + 1;
    for (const s of matchAll(body, /"([^"\n]{1,300})"|'([^'\n]{1,300})'/g)) {
      const name = PEP508_NAME.exec(s[1] ?? s[2] ?? '')?.[1];
      if (name) out.push({ name, ecosystem: 'pypi', at: bodyAt + s.index! + 1 });
    }
  }
  // `[tool.poetry.dependencies]` / `[tool.poetry.group.dev.dependencies]`: one package per key
  for (const sec of matchAll(text, /^\[tool\.poetry\.(?:group\.[\w-]+\.)?(?:dev-)?dependencies\]\s*\n((?:(?!\[)[^\n]*\n?){0,400})/gm)) {
    const bodyAt = sec.index! + sec[0].indexOf('\n') + 1;
    for (const k of matchAll(sec[1]!, /^[ \t]*["']?([A-Za-z0-9][\w.-]{0,100})["']?[ \t]*=/gm)) {
      if (k[1] === 'python') continue;
      out.push({ name: k[1]!, ecosystem: 'pypi', at: bodyAt + k.index! + k[0].indexOf(k[1]!) });
    }
  }
  return out;
}

/** The packages a requirements file lists, one per line (options, URLs and paths are other readers' business). */
function fromRequirements(text: string): DeclaredPackage[] {
  const out: DeclaredPackage[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    const here = at;
    at += line.length + 1;
    const t = line.replace(/\s+#.*$/, '');
    if (/^\s*(?:#|-|$)|:\/\/|^\s*[./]/.test(t)) continue;
    const name = PEP508_NAME.exec(t)?.[1];
    if (name && PYPI_NAME.test(name)) out.push({ name, ecosystem: 'pypi', at: here + line.indexOf(name) });
  }
  return out;
}

/** The packages of package.json's dependency maps (a version range as the value; URLs and aliases are read elsewhere). */
export function fromPackageJson(v: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
    const map = v[field];
    if (!map || typeof map !== 'object' || Array.isArray(map)) continue;
    for (const [name, spec] of Object.entries(map as Record<string, unknown>).slice(0, 500)) {
      if (typeof spec === 'string' && /^[\^~<>=*\d]|^latest$|^next$/.test(spec.trim()) && NPM_NAME.test(name)) out.push(name);
    }
  }
  return out;
}

/**
 * The packages a manifest shown in the skill declares: a TOML block with a dependencies array or a Poetry table, or a
 * block the skill names as a requirements file (by its path, or its fence's language).
 */
export function declaredPackages(text: string, lang: string, path: string | null): DeclaredPackage[] {
  if (text.length > 200_000) return [];
  const named = path ?? '';
  if (lang === 'toml' || /(?:^|\/)pyproject\.toml$/.test(named)) return /dependencies/.test(text) ? fromToml(text) : [];
  if (/^(?:requirements|pip-requirements|pip)$/.test(lang) || /(?:^|\/)(?:requirements|constraints)[\w.-]*\.(?:txt|in)$/.test(named)) return fromRequirements(text);
  return [];
}
