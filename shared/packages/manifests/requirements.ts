/**
 * requirements.txt (pip) reader: PEP 508 requirement lines to DeclaredDependency, with refusals for
 * everything that does not name one PyPI release (rules 1–2 of the package review process).
 */
import * as pep440 from '@renovatebot/pep440';
import type { DeclaredDependency, Refusal, RefusalCode } from '../types.js';
import type { ManifestParseResult } from '../registries/types.js';

/** PEP 503 normalised project name: lowercase, runs of `-`, `_`, `.` become one `-`. */
export function normalizePypiName(name: string): string {
  return name.trim().replace(/[-_.]+/g, '-').toLowerCase();
}

const NAME_RE = /^([A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9]|[A-Za-z0-9])/;

export interface Pep508Requirement {
  /** Normalised (PEP 503) name. */
  name: string;
  /** Name as written. */
  rawName: string;
  extras: string[];
  /** Version specifier without whitespace or parentheses; '' when none. */
  spec: string;
  /** Direct reference (`name @ url`), if any. */
  url?: string;
  /** Environment marker text, if any. */
  marker?: string;
}

/** True when an environment marker depends on `extra` (an optional feature, not a runtime dependency). */
export function markerNamesExtra(marker: string | undefined): boolean {
  return !!marker && /(^|[\s(])extra\s*(==|!=|===|in\b|not\s+in\b)/.test(marker);
}

/** Parse one PEP 508 requirement string. Returns an error string when it is not one. */
export function parsePep508(text: string): Pep508Requirement | { error: string } {
  const s = text.trim();
  const m = NAME_RE.exec(s);
  if (!m) return { error: `"${s}" does not start with a package name` };
  const rawName = m[1];
  let rest = s.slice(rawName.length).trimStart();
  let extras: string[] = [];
  if (rest.startsWith('[')) {
    const end = rest.indexOf(']');
    if (end < 0) return { error: `"${s}" has an unclosed extras list` };
    extras = rest
      .slice(1, end)
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    rest = rest.slice(end + 1).trimStart();
  }
  let url: string | undefined;
  let marker: string | undefined;
  if (rest.startsWith('@')) {
    // Direct reference: the URL ends at whitespace followed by `;` (PEP 508) or at the end.
    const after = rest.slice(1).trim();
    const mm = /^(\S+)(?:\s+;\s*(.*))?$/.exec(after) ?? /^(\S+?);\s*(.*)$/.exec(after);
    if (!mm) return { error: `"${s}" has an empty direct reference` };
    url = mm[1];
    marker = mm[2]?.trim() || undefined;
    return { name: normalizePypiName(rawName), rawName, extras, spec: '', url, marker };
  }
  const semi = rest.indexOf(';');
  let specPart = rest;
  if (semi >= 0) {
    marker = rest.slice(semi + 1).trim() || undefined;
    specPart = rest.slice(0, semi);
  }
  specPart = specPart.trim();
  if (specPart.startsWith('(')) {
    if (!specPart.endsWith(')')) return { error: `"${s}" has an unclosed parenthesis` };
    specPart = specPart.slice(1, -1);
  }
  const spec = specPart.replace(/\s+/g, '');
  if (spec && !/^(===|==|!=|~=|<=|>=|<|>)/.test(spec)) return { error: `"${s}" has no valid version specifier after the name` };
  return { name: normalizePypiName(rawName), rawName, extras, spec, url, marker };
}

export type SpecVerdict = { ok: true } | { ok: false; code: RefusalCode; why: string };

/** Classify a PEP 440 specifier as declared by a submitter. */
export function classifyPypiSpec(spec: string): SpecVerdict {
  if (!spec) return { ok: false, code: 'wildcard', why: 'has no version specifier' };
  const clauses = spec.split(',').map((c) => c.trim());
  if (clauses.some((c) => c === '')) return { ok: false, code: 'invalid_spec', why: `has an empty clause in "${spec}"` };
  if (clauses.some((c) => /^==[^=].*\.\*$/.test(c) || c === '==*')) return { ok: false, code: 'wildcard', why: `uses the wildcard version "${spec}"` };
  // `===` is arbitrary string equality: accepted as an exact pin when it is the only clause.
  if (clauses.some((c) => c.startsWith('==='))) {
    if (clauses.length === 1 && clauses[0].length > 3) return { ok: true };
    return { ok: false, code: 'invalid_spec', why: `combines "===" with other clauses in "${spec}"` };
  }
  if (!pep440.validRange(spec)) return { ok: false, code: 'invalid_spec', why: `has the invalid version specifier "${spec}"` };
  return { ok: true };
}

/** Classify a direct reference / bare location (URL, VCS, path). */
export function classifyPypiLocation(loc: string): { code: RefusalCode; kind: string } {
  const l = loc.trim();
  if (/^(git|hg|svn|bzr)\+/i.test(l) || /^git:\/\//i.test(l) || /^git@[^:]+:/i.test(l)) return { code: 'vcs_source', kind: 'a version-control reference' };
  if (/^file:/i.test(l)) return { code: 'file_source', kind: 'a local file' };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(l)) return { code: 'url_source', kind: 'a direct URL' };
  return { code: 'file_source', kind: 'a local path' };
}

function nameFromLocation(loc: string): string {
  const egg = /[#&]egg=([A-Za-z0-9._-]+)/.exec(loc);
  if (egg) return normalizePypiName(egg[1]);
  const noFrag = loc.replace(/[#?].*$/, '').replace(/@[^/@]*$/, (x) => (x.includes(':') ? x : ''));
  const base = noFrag.replace(/\/+$/, '').split(/[\\/]/).pop() ?? loc;
  const stem = base.replace(/\.git$/i, '').replace(/(\.tar\.gz|\.tar\.bz2|\.zip|\.whl|\.tgz)$/i, '');
  // Distribution file names start with the project name followed by `-<version>`.
  const dist = /^([A-Za-z0-9][A-Za-z0-9._]*?)-\d/.exec(stem);
  return normalizePypiName(dist ? dist[1] : stem) || loc;
}

const INDEX_OPTIONS = /^(-i|--index-url|--extra-index-url|-f|--find-links|--no-index)(?=$|[\s=]|(?<=^-[if])\S)/;
const INCLUDE_OPTIONS = /^(-r|--requirement|-c|--constraint)(?=$|[\s=]|(?<=^-[rc])\S)/;
const EDITABLE = /^(-e|--editable)(?=$|[\s=]|(?<=^-e)\S)/;
/** Per-requirement options pip allows after a requirement; they do not change the source. */
const PER_REQ_OPTIONS = /\s+--(hash|global-option|install-option|config-settings|config_settings)(=|\s+)("[^"]*"|'[^']*'|\S+)/g;

function optionArg(line: string, opt: string): string {
  let rest = line.slice(opt.length);
  rest = rest.replace(/^=/, '').trim();
  return rest;
}

interface LogicalLine {
  text: string;
  lineNo: number;
}

/** Join `\` continuations and drop comments (pip: `#` at line start or after whitespace). */
function logicalLines(content: string): LogicalLine[] {
  const physical = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const out: LogicalLine[] = [];
  let buf = '';
  let start = 0;
  for (let i = 0; i < physical.length; i++) {
    let line = physical[i];
    if (!buf) start = i + 1;
    if (/^\s*#/.test(line)) {
      // A comment line ends any continuation.
      if (buf) {
        out.push({ text: buf, lineNo: start });
        buf = '';
      }
      continue;
    }
    line = line.replace(/(^|\s)#.*$/, '');
    if (/\\$/.test(line)) {
      buf += line.slice(0, -1) + ' ';
      continue;
    }
    buf += line;
    if (buf.trim()) out.push({ text: buf.trim().replace(/\s+/g, ' '), lineNo: start });
    buf = '';
  }
  if (buf.trim()) out.push({ text: buf.trim(), lineNo: start });
  return out;
}

export interface RequirementsOptions {
  /**
   * Index URLs that ARE the public PyPI index (from configuration). An `--index-url` equal to one of these
   * is not a private registry. Compared after removing trailing slashes.
   */
  publicIndexUrls?: string[];
}

/** Parse requirements.txt content. Every refused line yields one Refusal; accepted lines one DeclaredDependency. */
export function parseRequirementsTxt(content: string, manifestFile = 'requirements.txt', opts: RequirementsOptions = {}): ManifestParseResult {
  const deps: DeclaredDependency[] = [];
  const refusals: Refusal[] = [];
  const warnings: string[] = [];
  /** Every requirement line that names a package, for the file-wide private registry refusal. */
  const named: Array<{ name: string; spec: string }> = [];
  const indexOptions: string[] = [];
  const publicIndexes = new Set((opts.publicIndexUrls ?? []).map((u) => u.replace(/\/+$/, '')));

  const refuse = (lineNo: number, name: string, spec: string, code: RefusalCode, reason: string): void => {
    refusals.push({ registry: 'pypi', name, spec, manifestFile, code, reason: `${manifestFile} line ${lineNo}: ${reason}` });
  };

  for (const { text, lineNo } of logicalLines(content)) {
    if (text.startsWith('-')) {
      const idx = INDEX_OPTIONS.exec(text);
      if (idx) {
        const arg = optionArg(text, idx[1]);
        if (idx[1] === '--no-index' || !publicIndexes.has(arg.replace(/\/+$/, ''))) indexOptions.push(idx[1]);
        continue;
      }
      const inc = INCLUDE_OPTIONS.exec(text);
      if (inc) {
        const arg = optionArg(text, inc[1]);
        refuse(lineNo, arg || inc[1], text, 'invalid_spec', `"${text}" includes another file, which is not in scope; list those dependencies in ${manifestFile} itself with pinned versions or ranges.`);
        continue;
      }
      const ed = EDITABLE.exec(text);
      if (ed) {
        const arg = optionArg(text, ed[1]);
        const loc = classifyPypiLocation(arg);
        const name = nameFromLocation(arg);
        named.push({ name, spec: text });
        refuse(lineNo, name, text, loc.code, `"${text}" installs ${loc.kind} in editable mode, which is not accepted; depend on a release published on PyPI instead (for example ${name}==1.2.3).`);
        continue;
      }
      // Global pip options (--pre, --only-binary, --require-hashes, --trusted-host, ...) do not name a dependency.
      warnings.push(`${manifestFile} line ${lineNo}: option "${text.split(/[\s=]/)[0]}" ignored`);
      continue;
    }

    const reqText = text.replace(PER_REQ_OPTIONS, '').trim();
    // A bare URL or path (no `name @`).
    const namedRef = /^[A-Za-z0-9][A-Za-z0-9._-]*\s*(\[[^\]]*\])?\s*@/.test(reqText);
    if (!namedRef && /^[a-z][a-z0-9+.-]*:/i.test(reqText)) {
      const loc = classifyPypiLocation(reqText);
      const name = nameFromLocation(reqText);
      named.push({ name, spec: reqText });
      refuse(lineNo, name, reqText, loc.code, `"${reqText}" installs ${loc.kind}, not a PyPI release; depend on a version published on PyPI instead (for example ${name}==1.2.3).`);
      continue;
    }
    if (!namedRef && (/^(\.|\/|~|[A-Za-z]:[\\/])/.test(reqText) || /[\\/]/.test(reqText.split(/[;\s]/)[0]) || /\.(whl|tar\.gz|tgz|zip|tar\.bz2)$/i.test(reqText.split(/[;\s]/)[0]))) {
      const name = nameFromLocation(reqText.split(/[;\s]/)[0]);
      named.push({ name, spec: reqText });
      refuse(lineNo, name, reqText, 'file_source', `"${reqText}" installs from a local path, not from PyPI; depend on a version published on PyPI instead (for example ${name}==1.2.3).`);
      continue;
    }

    const req = parsePep508(reqText);
    if ('error' in req) {
      refuse(lineNo, normalizePypiName(reqText.split(/[\s;=<>!~[(@]/)[0]) || reqText, reqText, 'invalid_spec', `${req.error}; write one requirement per line as name==version or name>=x,<y.`);
      continue;
    }
    if (markerNamesExtra(req.marker)) {
      warnings.push(`${manifestFile} line ${lineNo}: "${reqText}" applies only to an extra and is skipped`);
      continue;
    }
    if (req.url) {
      const loc = classifyPypiLocation(req.url);
      named.push({ name: req.name, spec: `@ ${req.url}` });
      refuse(lineNo, req.name, `@ ${req.url}`, loc.code, `"${reqText}" installs ${req.rawName} from ${loc.kind}, not from PyPI; depend on a version published on PyPI instead (for example ${req.rawName}==1.2.3).`);
      continue;
    }
    named.push({ name: req.name, spec: req.spec });
    const verdict = classifyPypiSpec(req.spec);
    if (!verdict.ok) {
      const fix =
        verdict.code === 'wildcard'
          ? `pin a version or a range (for example ${req.rawName}==1.2.3 or ${req.rawName}>=1.2,<2).`
          : `write a valid PEP 440 specifier (for example ${req.rawName}==1.2.3 or ${req.rawName}>=1.2,<2).`;
      refuse(lineNo, req.name, req.spec, verdict.code, `${req.rawName} ${verdict.why}; ${fix}`);
      continue;
    }
    deps.push({ registry: 'pypi', name: req.name, spec: req.spec, manifestFile });
  }

  if (indexOptions.length > 0) {
    const opt = [...new Set(indexOptions)].join(', ');
    for (const n of named) {
      refusals.push({
        registry: 'pypi',
        name: n.name,
        spec: n.spec,
        manifestFile,
        code: 'private_registry',
        reason: `${manifestFile} sets ${opt}, so ${n.name} could come from a registry other than PyPI; remove ${opt} and install from the public PyPI index.`,
      });
    }
    deps.length = 0;
  }
  return { deps, refusals, warnings };
}
