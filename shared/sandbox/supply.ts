/**
 * Supply-chain and host-deception checks: typosquatted installs (a name one typo from a popular
 * package), extra package indexes on unknown hosts (dependency confusion), look-alike hosts
 * (mixed scripts in one label), and "run this from a paste site" prerequisites.
 */
import { inTeachingContext } from './behaviour.js';
import { topPackages } from '../top-packages.js';
import type { ScanContext } from './context.js';
import { findUrls } from './hosts.js';
import { matchesOf } from './patterns.js';
import { isKnownIndex, isPasteHost } from './reputation.js';

let popular: { pypi: Set<string>; npm: Set<string>; pypiFlat: Map<string, string>; npmFlat: Map<string, string> } | undefined;

const flat = (n: string) => n.replace(/[-_.]/g, '');

function lists() {
  if (!popular) {
    const t = topPackages();
    const pypi = new Set(t.pypi.map((n) => n.toLowerCase().replace(/[_.]/g, '-')));
    const npm = new Set(t.npm.map((n) => n.toLowerCase()));
    popular = {
      pypi,
      npm,
      pypiFlat: new Map([...pypi].map((n) => [flat(n), n])),
      npmFlat: new Map([...npm].map((n) => [flat(n), n])),
    };
  }
  return popular;
}

/** Damerau-Levenshtein distance, capped: returns max+1 as soon as it cannot be within max. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1);
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      rowMin = Math.min(rowMin, v);
    }
    for (let j = 0; j <= b.length; j++) prev2[j] = prev[j]!;
    prev = cur;
    if (rowMin > max) return max + 1;
  }
  return prev[b.length]!;
}

/** The popular package a name imitates, or null (names on the list themselves are never squats). */
export function imitates(name: string, ecosystem: 'pypi' | 'npm'): string | null {
  const l = lists();
  const set = ecosystem === 'pypi' ? l.pypi : l.npm;
  const n = ecosystem === 'pypi' ? name.toLowerCase().replace(/[_.]/g, '-') : name.toLowerCase();
  if (set.has(n) || n.length < 5 || n.startsWith('@')) return null;
  const sameFlat = (ecosystem === 'pypi' ? l.pypiFlat : l.npmFlat).get(flat(n));
  if (sameFlat && sameFlat !== n) return sameFlat;
  for (const p of set) {
    if (p.length < 5 || Math.abs(p.length - n.length) > 1) continue;
    if (editDistance(n, p, 1) <= 1) {
      // a suffix or prefix of digits/versions is a family, not a typo (boto vs boto3, vue vs vue2)
      if (/\d$/.test(n) !== /\d$/.test(p) && (n.startsWith(p) || p.startsWith(n))) continue;
      return p;
    }
  }
  // a popular name with two letters swapped inside a compound name (`reqeusts-retry`): the swap is the typo,
  // the suffix makes it look like a plugin of the real package
  const tokens = n.split(/[-_.]/).filter((t) => t.length >= 6 && !set.has(t));
  if (tokens.length && n.includes('-')) {
    for (const p of set) {
      if (p.length < 6 || p.includes('-')) continue;
      for (const t of tokens) if (t.length === p.length && swappedOnce(t, p)) return p;
    }
  }
  return null;
}

/** `a` is `b` with exactly one pair of adjacent letters swapped. */
function swappedOnce(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

const PIP_INSTALL = /\b(?:pip3?|python3?\s+-m\s+pip|uv\s+pip|pipx)\s+install\b([^\n;&|#]{1,400})|\b(?:uv|poetry)\s+add\b([^\n;&|#]{1,400})/g;
const NPM_INSTALL = /\b(?:npm\s+(?:i|install|add)|yarn\s+(?:global\s+)?add|pnpm\s+(?:add|i|install)|bun\s+(?:add|i|install))\b([^\n;&|#]{1,400})/g;
const OPTION_WITH_VALUE = /^(?:-r|--requirement|-c|--constraint|-i|--index-url|--extra-index-url|--trusted-host|-f|--find-links|--target|-t|--prefix|--root|--python|--registry|--tag|--cache|--workspace|-w)$/;

function packageNames(args: string, ecosystem: 'pypi' | 'npm'): string[] {
  const out: string[] = [];
  const tokens = args.replace(/\\\s*$/, '').split(/\s+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    let t = tokens[i]!.replace(/^["']|["']$/g, '');
    if (t.startsWith('-')) {
      if (OPTION_WITH_VALUE.test(t)) i++;
      continue;
    }
    if (/[/\\:$<>{}]/.test(t) || t.startsWith('.') || t === '\\') continue;
    if (ecosystem === 'pypi') t = t.split(/[=<>!~;[@ ]/)[0]!;
    else t = t.startsWith('@') ? t.replace(/(?<=.)@.*$/, '') : t.split('@')[0]!;
    if (/^[A-Za-z0-9@][\w.@/-]{0,100}$/.test(t)) out.push(t);
  }
  return out;
}

/** (One object for every segment: a literal in the loop was a new RegExp, and a new global copy of it, per segment.) */
const EXTRA_INDEX_URL = /--extra-index-url[=\s]+["']?(https?:\/\/[^\s"']{4,300})/g;

const INSTALL_COMMANDS = [[PIP_INSTALL, 'pypi'], [NPM_INSTALL, 'npm']] as const;

export function checkSupplyChain(ctx: ScanContext): void {
  const { src, out } = ctx;
  for (const seg of src.codeSegments()) {
    // an install shown as an example or as what a victim types is data (prose/structure.ts); asked
    // only when the segment would add a finding (the structure is the costly part)
    // (no closure or array made per segment: a file can hold 50,000 of them)
    let teaching: boolean | undefined;
    for (const [re, eco] of INSTALL_COMMANDS) {
      for (const m of matchesOf(re, seg.text)) {
        const args = m[1] ?? m[2] ?? '';
        for (const name of packageNames(args, eco)) {
          const real = imitates(name, eco);
          if (!real || (teaching ??= inTeachingContext(src, src.lineOf(seg.offset)))) continue;
          out.add('typosquat', seg.offset + m.index + m[0].indexOf(name),
            `Installs "${name}", one typo away from the popular ${eco === 'pypi' ? 'PyPI' : 'npm'} package "${real}" (typosquatting).`,
            `typo:${name}`);
        }
      }
    }
    for (const m of matchesOf(EXTRA_INDEX_URL, seg.text)) {
      const hit = findUrls(m[1]!)[0];
      if (!hit || isKnownIndex(hit.host) || (teaching ??= inTeachingContext(src, src.lineOf(seg.offset)))) continue;
      out.add('indexConfusion', seg.offset + m.index,
        `Adds ${hit.host} as an extra package index; pip takes the highest version from any index, so that host can replace any package (dependency confusion).`);
    }
  }
}

const RUN_VERB = /\b(?:terminal|execute|run|paste|command|install\w*|ejecut\w*|ausführ\w*|lancez|exécut\w*|pega|einfüg\w*)\b/i;

/** Hosts whose labels mix scripts (Latin with Cyrillic or Greek look-alikes), and paste-site prerequisites. */
export function checkHostDeception(ctx: ScanContext): void {
  const { src, out } = ctx;
  for (const hit of findUrls(src.content)) {
    if (/[^\x00-\x7F]/.test(hit.host) && hit.host.split('.').some((label) => /\p{Script=Latin}/u.test(label) && /[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(label))) {
      out.add('homoglyphHost', hit.index, `Host "${hit.host}" mixes Latin letters with Cyrillic or Greek look-alikes; it reads as a familiar host but resolves elsewhere.`, `host:${hit.host}`);
    } else if (/(?:^|\.)xn--/.test(hit.host)) {
      out.add('homoglyphHost', hit.index, `Host "${hit.host}" is a punycode (internationalised) name that can imitate a familiar host.`, `host:${hit.host}`);
    }
    if (isPasteHost(hit.host)) {
      const line = src.lineOf(hit.index);
      // ("paste site" names the kind of host, not a step; a line that forbids it is a rule, not a prerequisite)
      const around = src.lines.slice(Math.max(0, line - 3), Math.min(src.lines.length, line + 2)).join('\n').replace(/\bpaste[ -]?(?:sites?|bins?|services?)\b/gi, '');
      const own = src.lines[line - 1] ?? '';
      const negated = /\b(?:never|do not|don['’]t|must not|avoid|nicht|nunca|jamais)\b/i.test(own.slice(0, Math.max(0, own.indexOf(hit.host))));
      if (RUN_VERB.test(around) && !negated) {
        out.add('pasteExec', hit.index, `Sends the reader to a paste site (${hit.host}) for a command to run; a paste can change after review.`, `paste:${hit.host}`);
      }
    }
  }
}
