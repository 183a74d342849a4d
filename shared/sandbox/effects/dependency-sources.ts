/**
 * A dependency replaced everywhere in a build by another source, outside package.json (config.ts reads npm's
 * `overrides`): Cargo's `[patch.<registry>]` and `[replace]`, uv's `[tool.uv.sources]` and `override-dependencies`, and Go's
 * `replace` directives (in go.mod or `go mod edit -replace`). What matters is where the code then comes from: a
 * repository at a branch, tag or abbreviated commit (whatever is pushed or named there next is built in), a file
 * on a host that is not a registry, or another owner's fork of the module. A local path is the project's own.
 */

import type { NewAction } from './sink.js';
import { matchAll } from '../match-all.js';

export interface DependencySwap {
  /** The package replaced and what replaces it, as written. */
  name: string;
  spec: string;
  /** The source's address (a repository or file URL), '' for a Go module path. */
  url: string;
  /** `branch`: a moving or ambiguous reference; `tarball`: a file; `fork`: another module path pinned to a version. */
  how: 'branch' | 'tarball' | 'fork';
  /** Offset in the text. */
  at: number;
}

const FULL_COMMIT = /^[0-9a-f]{40}$/i;

/** Swaps written in Cargo or uv TOML. */
function tomlSwaps(text: string): DependencySwap[] {
  const out: DependencySwap[] = [];
  let section = '';
  let offset = 0;
  for (const line of text.split('\n')) {
    const at = offset;
    offset += line.length + 1;
    const head = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (head) {
      section = head[1]!.trim();
      continue;
    }
    // Cargo's [patch.<registry>] and [replace], uv's [tool.uv.sources]
    const swapping = /^patch\./.test(section) || section === 'replace' || section === 'tool.uv.sources';
    const entry = swapping ? /^\s*["']?([\w:.@-]+)["']?\s*=\s*\{([^}]*)\}/.exec(line) : null;
    if (entry) {
      const field = (k: string) => new RegExp(`\\b${k}\\s*=\\s*["']([^"']+)["']`).exec(entry[2]!)?.[1];
      const git = field('git');
      const url = field('url');
      // a commit or a tag names fixed content (an abbreviated commit too: the build resolves it once, the lock keeps it)
      if (git && !field('rev') && !field('tag')) out.push({ name: entry[1]!, spec: entry[2]!.trim(), url: git, how: 'branch', at });
      else if (!git && url && /^https?:\/\//.test(url)) out.push({ name: entry[1]!, spec: entry[2]!.trim(), url, how: 'tarball', at });
      continue;
    }
    // uv: override-dependencies = ["urllib3 @ https://host/urllib3-2.2.9-py3-none-any.whl"]
    if (/^\s*(?:override|constraint)-dependencies\s*=/.test(line) || (section === 'tool.uv' && /@\s*https?:\/\//.test(line))) {
      for (const m of matchAll(line, /["']([\w.-]+)\s*@\s*((?:git\+)?https?:\/\/[^"'\s]+)["']/g)) {
        const u = m[2]!.replace(/^git\+/, '');
        const ref = /@([^@/]+)$/.exec(u)?.[1] ?? '';
        if (m[2]!.startsWith('git+') && FULL_COMMIT.test(ref)) continue;
        out.push({ name: m[1]!, spec: m[2]!, url: u, how: /\.(?:whl|tar\.gz|zip|tgz)(?:[?#].*)?$/i.test(u) ? 'tarball' : 'branch', at: at + m.index! });
      }
    }
  }
  return out;
}

/** The owner part of a Go module path (`github.com/golang-jwt/jwt/v5` → `github.com/golang-jwt`). */
const goOwner = (path: string) => path.split('/').slice(0, 2).join('/');

/** `replace A => B v` (go.mod) or `A=B@v` (`go mod edit -replace`): another owner's module, or a moving ref. */
export function goReplaceSwap(from: string, to: string, version: string, at: number): DependencySwap | null {
  if (/^\.{1,2}\//.test(to) || to.startsWith('/')) return null; // a local copy
  const moving = /^(?:main|master|latest|develop|dev|HEAD|trunk)$/i.test(version) || version === '';
  if (!moving && goOwner(from) === goOwner(to)) return null;
  return { name: from, spec: `${to}${version ? `@${version}` : ''}`, url: '', how: moving ? 'branch' : 'fork', at };
}

function goModSwaps(text: string): DependencySwap[] {
  const out: DependencySwap[] = [];
  for (const m of matchAll(text, /^[ \t]*(?:replace[ \t]+)?([\w.-]+\.[\w.-]+\/[\w./-]+)(?:[ \t]+v[\w.+-]+)?[ \t]+=>[ \t]+(\S+)(?:[ \t]+(v[\w.+-]+))?[ \t]*$/gm)) {
    const s = goReplaceSwap(m[1]!, m[2]!, m[3] ?? '', m.index!);
    if (s) out.push(s);
    if (out.length >= 50) break;
  }
  return out;
}

/** The action a swap is, for the policies (judged as npm's overrides are: effects/policies.ts `installs`). */
export function swapAction(d: DependencySwap, hostOf: (url: string) => string | null): NewAction {
  const via = d.url ? 'a manifest that replaces a dependency everywhere' : 'a Go replace directive';
  return { kind: 'exec', entry: 'exec.install.override', object: `${d.name} → ${d.spec}`, via, host: d.url ? (hostOf(d.url.replace(/#.*$/, '')) ?? undefined) : (d.spec.split('/')[0] ?? undefined), flags: ['unpinned-override', d.how] };
}

/** Every dependency swap in a manifest's text (TOML or go.mod); [] when there is none. */
export function dependencySwaps(text: string): DependencySwap[] {
  if (text.length > 200_000) return [];
  const out: DependencySwap[] = [];
  if (/^\s*\[(?:patch\.|replace\]|tool\.uv)/m.test(text)) out.push(...tomlSwaps(text));
  if (/=>/.test(text) && /^\s*(?:module|replace|require)\b/m.test(text)) out.push(...goModSwaps(text));
  return out;
}
