/**
 * Trust and source changes in build and infrastructure configuration a skill tells the agent to write or run
 * (docs/skill-effect-model.md, "Trust and source changes"). Each matcher reads one kind of configuration and judges
 * it by where it points (the ecosystem's official source, the vendor, the organisation's own or declared host, or
 * somewhere else) and by what it grants. The data is in effects/catalogue/trust-sources.ts.
 *
 *  - sources: Gemfile `source`/`git_source`, lockfile `resolved`/`integrity` rewritten by a script, tool and package
 *    mirrors set through the environment, plugin managers given a fork → SUPPLY-SOURCE-001/002;
 *  - base images from a namespace or registry named like the official one → SUPPLY-IMAGE-001;
 *  - binaries a build file downloads and makes executable without a checksum → SUPPLY-BINARY-001;
 *  - agents and preloads loaded into every process of the machine from a download → INJECT-PROC-001;
 *  - cloud trust for any subject (with administrator rights) → TRUST-CLOUD-001/002; admission webhooks served from
 *    outside the cluster → TRUST-CLUSTER-001; databases replicating to or opened for outside hosts, external stages
 *    with static keys → TRUST-DATA-001/002.
 *
 * Every matcher is linear in the block's length (bounded regex windows, one pass per block).
 */
import { parseAllDocuments } from 'yaml';
import type { FindingSink } from './context.js';
import { gradeUrl, HOSTILE_GRADES } from './effects/catalogue/hosts.js';
import {
  ADMIN_GRANTS, ECOSYSTEM_NAMES, INJECTION_VARS, LOCKFILES, MACHINE_WIDE, MIRROR_ENV, OFFICIAL_IMAGES, OFFICIAL_IMITATION,
  OIDC_SUBJECT_KEY, PLUGIN_MANAGERS, SQL_REMOTE, STAGE_STATIC_KEYS, VERIFIES, VERIFY_OFF,
} from './effects/catalogue/trust-sources.js';
import { hostOf } from './hosts.js';
import { isKnownIndex } from './reputation.js';
import { editDistance } from './supply.js';
import type { SourceText } from './text.js';
import { matchAll } from './match-all.js';

export interface TrustContext {
  src: SourceText;
  out: FindingSink;
  vendorWords: ReadonlySet<string>;
  /** Hosts the skill declares (manifest.externalCalls): the organisation's own. */
  declared: (host: string) => boolean;
}

type Where = { verdict: 'own' | 'code-host' | 'outside' | 'hostile'; host: string; why: string };

/** A host label that names the organisation's own network (`pkgs.internal`, `nexus.corp.acme.io`). */
const ORG_OWN_LABEL = /(?:^|[.-])(?:internal|intranet|intra|corp|private|lan)(?:[.-]|$)/;

/** Where a URL points: the official source, the vendor or the organisation's own host, a code host, or elsewhere. */
export function whereTo(url: string, words: ReadonlySet<string>, declared: (host: string) => boolean): Where {
  const g = gradeUrl(url, words);
  const host = g.host;
  if (!host) return { verdict: 'own', host, why: 'an address held in a variable' };
  if (HOSTILE_GRADES.has(g.grade)) return { verdict: 'hostile', host, why: g.why };
  if (declared(host) || isKnownIndex(host) || ORG_OWN_LABEL.test(host)) return { verdict: 'own', host, why: host };
  if (g.grade === 'local' || g.grade === 'vendor' || g.grade === 'known-installer') return { verdict: 'own', host, why: g.why };
  if (g.grade === 'code-host') return { verdict: 'code-host', host, why: g.why };
  return { verdict: 'outside', host, why: host };
}

interface Block {
  text: string;
  start: number;
  lang: string;
  /** The prose just above the fence (a file name, "in `.tool-versions`:"). */
  label: string;
}

function blocksOf(src: SourceText): Block[] {
  const out: Block[] = [];
  for (const b of src.blocks) {
    if (b.end - b.start > 200_000) continue;
    let label = '';
    for (let l = b.fenceLine - 1, seen = 0; l >= 1 && seen < 2 && l >= b.fenceLine - 4; l--) {
      if (src.kinds[l - 1] !== 'prose') break;
      const t = src.lines[l - 1] ?? '';
      if (t.trim()) {
        label = `${t} ${label}`;
        seen++;
      }
    }
    out.push({ text: src.content.slice(b.start, b.end), start: b.start, lang: b.lang, label });
  }
  return out;
}

/** Matches read per block and matcher: a skill's real configuration holds a few; a flood is not read further. */
const MAX_PER_BLOCK = 300;

/** The first MAX_PER_BLOCK items. */
function* capped<T>(items: Iterable<T>): Generator<T> {
  let n = 0;
  for (const x of items) {
    if (++n > MAX_PER_BLOCK) return;
    yield x;
  }
}

const URL_IN = /\b(?:https?|git\+https?|git|ssh|s3|gs|oci):\/\/[^\s"'`<>()[\]{}#]+/g;

/** Verification switched off anywhere in the skill's code: the redirect is then not checked by anything. */
function verificationOff(blocks: readonly Block[]): string | null {
  for (const b of blocks) for (const re of VERIFY_OFF) {
    const m = re.exec(b.text);
    if (m) return m[0].slice(0, 60);
  }
  return null;
}

function redirect(ctx: TrustContext, at: number, what: string, w: Where, off: string | null, key: string): void {
  if (w.verdict === 'own' || w.verdict === 'code-host') return;
  if (off || w.verdict === 'hostile') {
    ctx.out.add('sourceRedirectUnverified', at, `${what} now comes from ${w.why}${off ? `, with verification switched off (\`${off}\`)` : ', a host named to deceive'}.`, key);
  } else {
    ctx.out.add('sourceRedirect', at, `${what} now comes from ${w.why}, which is neither the official source, the vendor, nor a host the skill declares as the organisation's own.`, key);
  }
}

// -- sources -----------------------------------------------------------------------------------------------

/** Gemfile: `source "…"` (the gem server) and `git_source(:github) { … "URL" }` (what `github:` gems resolve to). */
function gemfileSources(ctx: TrustContext, b: Block, off: string | null): void {
  if (!/^\s*(?:source|git_source|gem)\b/m.test(b.text)) return;
  for (const m of capped(matchAll(b.text, /^[ \t]*git_source\s*\(\s*:(\w+)\s*\)\s*(?:do|\{)[^\n]*\n?[\s\S]{0,300}?["']((?:https?|git|ssh):\/\/[^"'#\s]+)/gm))) {
    const forge = m[1]!.toLowerCase();
    const host = hostOf(m[2]!) ?? '';
    // `git_source(:github)` on github.com (or the forge's own domains) is what Bundler does already
    if (host.split('.').some((l) => l === forge || l.startsWith(forge))) continue;
    redirect(ctx, b.start + m.index!, `Every gem written with \`${forge}:\``, whereTo(m[2]!, ctx.vendorWords, ctx.declared), off, `src:${host}`);
  }
  // (a private gem server is ordinary: `source` is judged only when verification is off or the host deceives)
  for (const m of capped(matchAll(b.text, /^[ \t]*source\s*\(?\s*["'](https?:\/\/[^"'\s]+)["']/gm))) {
    const w = whereTo(m[1]!, withEcosystems(ctx.vendorWords), ctx.declared);
    if (!off && w.verdict !== 'hostile') continue;
    redirect(ctx, b.start + m.index!, 'Every gem of the Gemfile', w, off, `src:${w.host}`);
  }
}

/**
 * A program that rewrites a lockfile's sources: it names the lockfile, sets a source field (`resolved`, `integrity`
 * …) and writes the file back. The lockfile is what review trusts; new sources with integrity computed from the new
 * tarball pass every check that follows.
 */
function lockfileRewrite(ctx: TrustContext, b: Block): void {
  const lock = LOCKFILES.exec(b.text);
  if (!lock) return;
  const sets = /(?:\.|\[\s*["'])(resolved|integrity|checksum|remote|tarball|hashes|hash|url|sha512|shasum)(?:["']\s*\])?\s*=(?!=)|\bs([#|/@,:])[^\n]{0,200}?\2[^\n]{0,200}?\2g?\b[^\n]{0,200}?\b(?:package-lock|yarn\.lock|pnpm-lock|\.lock\b)/.exec(b.text);
  if (!sets) return;
  const writes = /\bwrite(?:File(?:Sync)?|_text|_bytes)?\s*\(|\bopen\([^)]{0,200}["'][wa]b?\+?["']|\bsed\s+(?:-\w+\s+)*-i|\bperl\s+-\w*i|>\s*\S*(?:lock|shrinkwrap)|\bSet-Content\b|\b(?:json|yaml|toml\w*|tomli_w|tomlkit|ruamel\w*)\.dumps?\b|\bOut-File\b/.exec(b.text);
  if (!writes) return;
  for (const m of capped(matchAll(b.text, URL_IN))) {
    const w = whereTo(m[0], ctx.vendorWords, ctx.declared);
    if (w.verdict === 'own' || w.verdict === 'code-host') continue;
    const field = sets[1] ?? 'the source';
    ctx.out.add('sourceRedirectUnverified', b.start + m.index!,
      `A program rewrites \`${lock[1]}\` (\`${field}\`${field !== 'integrity' && /\b(?:integrity|hashes|checksum)\b/.test(b.text) ? ' and the integrity' : ''}) so packages resolve from ${w.why}: the lockfile then vouches for whatever that host serves.`, `lock:${w.host}`);
    return;
  }
}

/**
 * A rewrite that swaps a CI action for the same-named action of another owner (`s#uses: actions/checkout@…#uses:
 * other/checkout@main#`, docs/skill-effect-model.md "Prose step acts, 2026-11-28"): every workflow then runs the other
 * owner's code with the job's token. Pinning the same owner's action to a commit is not this; another owner is a human's
 * call, refused when that owner is named like the original (`gh-actions-audited` for `actions`) or the new ref moves.
 */
const ACTION_SWAP = /uses:\s*([\w.-]+)\\?\/([\w.-]+)@[^\n#|,;~!]{0,40}[#|,;~!]\s*uses:\s*([\w.-]+)\\?\/([\w.-]+)@([\w.-]+)/g;
function actionSwaps(ctx: TrustContext, b: Block): void {
  if (!b.text.includes('uses:')) return;
  for (const m of capped(matchAll(b.text, ACTION_SWAP))) {
    const [, fromOwner, fromName, toOwner, toName, ref] = m as unknown as string[];
    if (fromOwner!.toLowerCase() === toOwner!.toLowerCase() || fromName!.toLowerCase() !== toName!.toLowerCase()) continue;
    const lookAlike = toOwner!.toLowerCase().split(/[-_.]/).includes(fromOwner!.toLowerCase()) || toOwner!.toLowerCase().includes(fromOwner!.toLowerCase());
    const moving = !/^[0-9a-f]{40}$/i.test(ref!);
    const what = `The CI action \`${fromOwner}/${fromName}\``;
    if (lookAlike || moving) ctx.out.add('sourceRedirectUnverified', b.start + m.index!, `${what} is replaced by \`${toOwner}/${toName}@${ref}\`, another owner's action${lookAlike ? ' named like the original' : ''}${moving ? ' at a moving ref' : ''}: every workflow runs that owner's code with the job's token.`, `action:${toOwner}/${toName}`);
    else ctx.out.add('sourceRedirect', b.start + m.index!, `${what} is replaced by \`${toOwner}/${toName}@${ref}\`, another owner's action: a human checks whose it is.`, `action:${toOwner}/${toName}`);
  }
}

/** Mirrors and indexes set through the environment (`NVM_NODEJS_ORG_MIRROR=…`, `GOPROXY=…`, `PIP_INDEX_URL=…`). */
function mirrorEnv(ctx: TrustContext, b: Block, off: string | null): void {
  for (const m of capped(matchAll(b.text, MIRROR_ENV))) {
    // GOPROXY lists (`https://proxy,direct`): each entry
    for (const part of m[2]!.split(/[,|]/)) {
      if (!/^[a-z][\w+.-]*:\/\//i.test(part)) continue;
      redirect(ctx, b.start + m.index!, `What \`${m[1]}\` downloads`, whereTo(part, withEcosystems(ctx.vendorWords), ctx.declared), off, `env:${m[1]}`);
    }
  }
}

const NO_WORDS: ReadonlySet<string> = new Set();

/** The skill's words plus the ecosystems' own names (remembered per set of words: gradeUrl caches per set). */
const withEco = new WeakMap<ReadonlySet<string>, ReadonlySet<string>>();
function withEcosystems(words: ReadonlySet<string>): ReadonlySet<string> {
  let w = withEco.get(words);
  if (!w) withEco.set(words, (w = new Set([...words, ...ECOSYSTEM_NAMES])));
  return w;
}

const CMD_LINE = /(?:^|[;&|]\s*|\bsudo\s+)(asdf|mise|rtx|proto|vfox|pyenv|helm|kubectl|gh)[ \t]+([^\n;&|]{1,400})/gm;

/** A plugin manager given another owner's repository for a plugin its own organisation publishes. */
/** `asdf plugin remove NAME`, `mise plugins uninstall NAME`: the plugin a later add replaces. */
const PLUGIN_REMOVED = /\b(asdf|mise|rtx|proto|vfox)\s+plugins?[-\s]+(?:remove|rm|uninstall)\s+["']?([\w.-]+)/g;

function pluginSources(ctx: TrustContext, b: Block, off: string | null): void {
  let removed: Set<string> | undefined;
  let n = 0;
  for (const m of matchAll(b.text, CMD_LINE)) {
    if (++n > MAX_PER_BLOCK) break;
    const pm = PLUGIN_MANAGERS.find((p) => p.cmd === m[1]);
    if (!pm) continue;
    // `asdf plugin add NAME URL`, `helm plugin install URL`, `gh extension install OWNER/REPO`
    const words = m[2]!.trim().split(/\s+/);
    let sub = 0;
    for (let k = 1; k <= Math.min(3, words.length); k++) if (pm.sub.test(words.slice(0, k).join(' '))) sub = k;
    if (!sub) continue;
    const args = words.slice(sub).filter((x) => !x.startsWith('-')).map((x) => x.replace(/^["']|["']$/g, ''));
    const name = args[0] ?? '';
    const url = args.find((x) => /^(?:https?|git|ssh):\/\/|^git@/.test(x));
    if (!url) continue;
    const u = url.replace(/^git@([^:]+):/, 'https://$1/');
    const w = whereTo(u, ctx.vendorWords, ctx.declared);
    const at = b.start + m.index!;
    // on a code host the owner decides (an owner named like the manager's own is not the vendor)
    if (gradeUrl(u, NO_WORDS).grade === 'code-host') {
      const owner = /^[a-z]+:\/\/[^/]+\/([\w.-]{1,60})\//i.exec(u)?.[1]?.toLowerCase() ?? '';
      if (pm.owners.includes(owner)) continue;
      const imitates = pm.owners.find((o) => owner.includes(o) || (owner.length >= 5 && editDistance(owner, o, 2) <= 2));
      removed ??= new Set([...capped(matchAll(b.text, PLUGIN_REMOVED))].map((r) => `${r[1]} ${r[2]!.toLowerCase()}`));
      const replaces = removed.has(`${pm.cmd} ${name.toLowerCase()}`);
      if (imitates) {
        ctx.out.add('sourceRedirectUnverified', at, `\`${pm.cmd}\` takes the \`${name}\` plugin from ${owner}, an owner named like ${pm.cmd}'s own ${imitates}: the plugin runs on every install of the tool.`, `plugin:${owner}`);
      } else if (off || replaces) {
        ctx.out.add(off ? 'sourceRedirectUnverified' : 'sourceRedirect', at, `\`${pm.cmd}\` replaces its \`${name}\` plugin with ${owner}'s fork${off ? `, with verification switched off (\`${off}\`)` : ''}: the plugin runs on every install of the tool.`, `plugin:${owner}`);
      }
      continue;
    }
    redirect(ctx, at, `The \`${name}\` plugin of ${pm.cmd}`, w, off, `plugin:${w.host}`);
  }
}

// -- base images -------------------------------------------------------------------------------------------

/** `[registry/][namespace/]name[:tag][@digest]` → its parts, or null for a stage name or a variable. */
function imageParts(ref: string): { registry: string; ns: string; name: string } | null {
  if (/[$]/.test(ref) || !/^[\w.:/@-]+$/.test(ref)) return null;
  const noDigest = ref.split('@')[0]!;
  const parts = noDigest.split('/');
  let registry = '';
  if (parts.length > 1 && /[.:]|^localhost$/.test(parts[0]!)) registry = parts.shift()!;
  const last = parts.pop()!;
  const name = last.split(':')[0]!.toLowerCase();
  return { registry, ns: parts.join('/').toLowerCase(), name };
}

function baseImages(ctx: TrustContext, b: Block): void {
  const stages = new Set<string>();
  let n = 0;
  for (const m of matchAll(b.text, /^[ \t]*(?:FROM(?:\s+--platform=\S+)?|-?[ \t]*image:)[ \t]+["']?([^\s"']+)["']?(?:[ \t]+[Aa][Ss][ \t]+(\S+))?/gm)) {
    if (++n > MAX_PER_BLOCK) break;
    const ref = m[1]!;
    if (m[2]) stages.add(m[2].toLowerCase());
    if (stages.has(ref.toLowerCase()) || ref.toLowerCase() === 'scratch') continue;
    const p = imageParts(ref);
    if (!p) continue;
    const at = b.start + m.index!;
    if (p.registry && !/^(?:localhost|[\d.]+)(?::\d+)?$/.test(p.registry)) {
      const g = gradeUrl(`https://${p.registry}/`, ctx.vendorWords);
      if (g.grade === 'lookalike' || g.grade === 'punycode') {
        ctx.out.add('imageLookalike', at, `The image \`${ref}\` comes from ${g.why}.`, `img:${ref}`);
        continue;
      }
    }
    if (OFFICIAL_IMAGES.has(p.name) && p.ns && p.ns !== 'library' && !p.ns.includes('/')) {
      const bare = p.ns.replace(p.name, '');
      if (OFFICIAL_IMITATION.test(p.ns) && !/^docker\/library$/.test(p.ns) || (p.ns !== p.name && p.ns.startsWith(p.name) && OFFICIAL_IMITATION.test(bare))) {
        ctx.out.add('imageLookalike', at, `The base image \`${ref}\` borrows the name of the official \`${p.name}\` image under a namespace (\`${p.ns}/\`) that only reads like the official publisher; official images have no namespace.`, `img:${ref}`);
        continue;
      }
    }
    if (!p.ns && !p.registry && p.name.length >= 5 && !OFFICIAL_IMAGES.has(p.name)) {
      for (const o of OFFICIAL_IMAGES) {
        if (o.length >= 5 && Math.abs(o.length - p.name.length) <= 1 && editDistance(o, p.name, 1) <= 1) {
          ctx.out.add('imageLookalike', at, `The base image \`${ref}\` is one letter away from the official \`${o}\` image.`, `img:${ref}`);
          break;
        }
      }
    }
  }
}

// -- binaries downloaded by build files ----------------------------------------------------------------------

const BUILD_LANGS = /^(?:make|makefile|mk|gnumake|dockerfile|docker|containerfile|just|justfile|yaml|yml)$/;

/** A build file that downloads a file and makes it executable, with no checksum or signature check in the skill. */
function buildBinaries(ctx: TrustContext, b: Block, verified: boolean, off: string | null): void {
  const build = BUILD_LANGS.test(b.lang) || /\b(?:Makefile|Dockerfile|Containerfile|justfile|Taskfile|\.gitlab-ci|workflows\/)/.test(b.label);
  if (!build && !off) return;
  if (verified || !/\bchmod\s+(?:[ugoa]*\+x|\d*[75]\d\d)\b|\binstall\s+-m\s*0?7/.test(b.text)) return;
  // make variables holding an address (`HOST := https://…`) resolved in the download line
  const vars = new Map<string, string>();
  for (const m of capped(matchAll(b.text, /^[ \t]*(?:export\s+)?([A-Za-z_]\w*)\s*(?::{1,3}=|\?=|=)\s*["']?((?:https?):\/\/[^\s"']+)/gm))) vars.set(m[1]!, m[2]!);
  for (const m of capped(matchAll(b.text, /\b(?:curl|wget|Invoke-WebRequest|iwr)\b[^\n]{0,300}/g))) {
    const line = m[0].replace(/\$[({](\w+)[)}]|\$(\w+)/g, (all, a, c) => vars.get(a ?? c) ?? all);
    const url = /\b(https?:\/\/[^\s"'`)]+)/.exec(line)?.[1];
    if (!url) continue;
    const w = whereTo(url, ctx.vendorWords, ctx.declared);
    if (w.verdict === 'own' || w.verdict === 'code-host') continue;
    ctx.out.add('binaryUnverified', b.start + m.index!, `A build step downloads a program from ${w.why} and makes it executable with no checksum or signature check${off ? ` (\`${off}\`)` : ''}; every build runs it.`, `bin:${w.host}`);
    return;
  }
}

// -- code injected into every process -------------------------------------------------------------------------

/** Downloads in the skill's code: the file name each writes and the URL it came from. */
function downloads(blocks: readonly Block[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const b of blocks) {
    // (a Dockerfile `ADD <url> <dest>` downloads at build time)
    for (const m of capped(matchAll(b.text, /^[ \t]*ADD[ \t]+(?:--[\w-]+=\S+[ \t]+)*(https?:\/\/\S+)[ \t]+(\S+)/gm))) {
      const base = (m[2]!.endsWith('/') ? m[1]!.split(/[?#]/)[0]!.split('/').pop()! : m[2]!.split('/').pop()!).toLowerCase();
      if (base && !/--checksum=/.test(m[0])) out.set(base, m[1]!);
    }
    for (const m of capped(matchAll(b.text, /\b(?:curl|wget|Invoke-WebRequest|iwr|Start-BitsTransfer)\b[^\n]{0,400}/g))) {
      const line = m[0];
      const url = /\b(https?:\/\/[^\s"'`)]+)/.exec(line)?.[1];
      if (!url) continue;
      const dest = /(?:\s(?:-OutFile|-Destination|--output|-o|-O)(?![\w-])|>)\s*["']?([^\s"']+)/i.exec(line)?.[1] ?? url.split(/[?#]/)[0]!.split('/').pop()!;
      const base = dest.split(/[\\/]/).pop()!.toLowerCase();
      if (base) out.set(base, url);
    }
  }
  return out;
}

const DOCKER_BLOCK = /^(?:dockerfile|docker|containerfile)$/;

const ASSIGN = /(?:\b|\[(?:System\.)?Environment\]::SetEnvironmentVariable\(\s*["'])((?:[A-Z_][A-Z0-9_]*))(?:["']\s*,\s*(?:\r?\n\s*)?|\s*=\s*|\s+(?=["']?[-/])|:\s+)["']?([^\n]{1,400})/g;

function processInjection(ctx: TrustContext, blocks: readonly Block[], verified: boolean): void {
  let fetched: Map<string, string> | undefined;
  for (const b of blocks) {
    if (!/(?:JAVA|_OPTS|OPTIONS|PRELOAD|LD_AUDIT|DYLD_|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|RUBYOPT|STARTUP_HOOKS|PROFILER_PATH)/.test(b.text)) continue;
    let n = 0;
    for (const m of matchAll(b.text, ASSIGN)) {
      if (++n > MAX_PER_BLOCK) break;
      const spec = INJECTION_VARS.find((v) => v.name.test(m[1]!));
      if (!spec) continue;
      const loaded = spec.value.exec(m[2]!)?.[1];
      if (!loaded) continue;
      // machine- or user-wide: the line, the next two (`| sudo tee /etc/profile.d/x.sh`) or the file named above the block
      const lineStart = Math.max(b.text.lastIndexOf('\n', m.index!) + 1, m.index! - 400);
      const around = b.text.slice(lineStart, Math.min(b.text.length, m.index! + m[0].length + 400));
      // (a Dockerfile's `ENV` reaches every process of the image and of every image built FROM it)
      const imageWide = DOCKER_BLOCK.test(b.lang) && /^[ \t]*ENV\b/.test(around);
      const wide = imageWide || MACHINE_WIDE.test(around.split('\n').slice(0, 4).join('\n')) || MACHINE_WIDE.test(b.label);
      if (!wide) continue;
      fetched ??= downloads(blocks);
      const base = loaded.split(/[\\/]/).pop()!.toLowerCase();
      const from = /^https?:\/\//.test(loaded) ? loaded : fetched.get(base);
      if (!from) continue;
      const w = whereTo(from, ctx.vendorWords, ctx.declared);
      const moving = /\/(?:latest|nightly|main|master)\//.test(from);
      if ((w.verdict === 'own' || w.verdict === 'code-host') && (verified || !moving)) continue;
      if (verified && w.verdict !== 'hostile' && !moving) continue;
      ctx.out.add('processInjection', b.start + m.index!, `\`${m[1]}\` loads ${loaded} into ${spec.runtime} ${imageWide ? 'of the image' : 'on the machine'}, a file downloaded from ${w.why}${moving ? ' at a moving `latest` address' : ''}${verified ? '' : ' with no checksum or signature check'}.`, `inject:${m[1]}`);
    }
  }
}

// -- cloud, cluster and database trust ------------------------------------------------------------------------

/** `"<issuer>:sub": "<value>"` in JSON, HCL or YAML. */
const SUBJECT_VALUE = new RegExp(`["']?${OIDC_SUBJECT_KEY.source}["']?\\s*[=:]\\s*\\[?\\s*["']([^"'\\n]{0,300})["']`, 'g');

function cloudTrust(ctx: TrustContext, b: Block, adminAnywhere: boolean): void {
  if (!/AssumeRoleWithWebIdentity|Federated|Principal|principalSet|federated_identity|subject\s*[=:]/i.test(b.text)) return;
  let wide: { at: number; why: string } | null = null;
  for (const m of capped(matchAll(b.text, SUBJECT_VALUE))) {
    const value = m[1]!;
    if (/^(?:\w+:)?\*/.test(value) || value === '*') {
      wide = { at: b.start + m.index!, why: `the subject \`${value}\` (any repository or pipeline of every customer of that identity provider)` };
      break;
    }
  }
  if (!wide) {
    const az = /\bsubject["']?\s*[=:]\s*["'](repo:\*[^"']{0,200}|\*)["']/.exec(b.text);
    if (az) wide = { at: b.start + az.index, why: `the subject \`${az[1]}\`` };
  }
  if (!wide && /AssumeRoleWithWebIdentity/.test(b.text) && /token\.actions\.githubusercontent\.com|gitlab\.com|app\.terraform\.io/.test(b.text) && !/:sub\b|\bsub\b\s*[=:]/.test(b.text)) {
    const at = b.text.indexOf('AssumeRoleWithWebIdentity');
    wide = { at: b.start + at, why: 'a web identity with no subject condition (any repository on that platform)' };
  }
  if (!wide) {
    // (a role's trust policy; a bucket or queue policy naming `*` is judged by the effect model's public-bucket reader)
    const any = !/sts:AssumeRole/.test(b.text) ? null : /["']?Principal["']?\s*[=:]\s*(?:\{\s*["']?AWS["']?\s*[=:]\s*)?\[?\s*["']\*["']/.exec(b.text);
    if (any) wide = { at: b.start + any.index, why: 'the principal `*` (every AWS account)' };
  }
  if (!wide) {
    const pool = /principalSet:\/\/iam\.googleapis\.com\/[^\s"']*\/\*/.exec(b.text);
    if (pool && !/attribute_condition|attributeCondition|attribute\.repository\b/.test(b.text)) wide = { at: b.start + pool.index, why: 'every identity of the workload pool, with no attribute condition' };
  }
  if (!wide) return;
  const admin = ADMIN_GRANTS.exec(b.text)?.[0] ?? (adminAnywhere ? 'administrator rights granted elsewhere in the skill' : null);
  if (admin) ctx.out.add('cloudTrustOpen', wide.at, `A cloud role trusts ${wide.why} and holds ${admin.replace(/["']/g, '')}: outsiders can take over the account.`, 'cloud-trust');
  else ctx.out.add('cloudTrustWide', wide.at, `A cloud role trusts ${wide.why}.`, 'cloud-trust');
}

const IN_CLUSTER = /\.svc(?:\.cluster\.local)?\.?$|^(?:localhost|127\.)|\.cluster\.local$/;

function clusterWebhooks(ctx: TrustContext, b: Block): void {
  if (!/\b(?:Mutating|Validating)(?:Admission)?WebhookConfiguration\b/.test(b.text)) return;
  let docs: unknown[] = [];
  try {
    docs = parseAllDocuments(b.text).filter((d) => !d.errors.length).map((d) => d.toJS() as unknown);
  } catch {
    docs = [];
  }
  for (const d of docs) {
    if (!d || typeof d !== 'object') continue;
    const o = d as { kind?: unknown; webhooks?: unknown };
    if (typeof o.kind !== 'string' || !/WebhookConfiguration$/.test(o.kind) || !Array.isArray(o.webhooks)) continue;
    for (const h of o.webhooks as { clientConfig?: { url?: unknown }; name?: unknown }[]) {
      const url = typeof h?.clientConfig?.url === 'string' ? h.clientConfig.url : null;
      if (!url) continue;
      const host = hostOf(url) ?? '';
      if (IN_CLUSTER.test(host)) continue;
      const w = whereTo(url, ctx.vendorWords, ctx.declared);
      if (w.verdict === 'own' && w.why !== w.host) continue; // this machine, a private address, the vendor
      if (w.verdict === 'own' && (ORG_OWN_LABEL.test(host) || ctx.declared(host))) continue;
      const at = b.start + Math.max(0, b.text.indexOf(url));
      ctx.out.add('clusterWebhookOutside', at, `A ${o.kind} sends ${o.kind.startsWith('Mutating') ? 'and lets rewrite ' : ''}the cluster's objects to ${host}, outside the cluster.`, `hook:${host}`);
    }
  }
}

function databaseTrust(ctx: TrustContext, b: Block): void {
  // pg_hba.conf: replication from any address
  for (const m of capped(matchAll(b.text, /^[ \t]*host(?:ssl|nossl|gssenc)?[ \t]+(\S*replication\S*)[ \t]+(\S+)[ \t]+(0\.0\.0\.0\/0|::\/0|all|\*|0\.0\.0\.0[ \t]+0\.0\.0\.0)[ \t]/gm))) {
    ctx.out.add('dataTrustOutside', b.start + m.index!, `\`pg_hba.conf\` lets \`${m[2]}\` replicate the database from any address (${m[3]}): whoever holds its password copies every table.`, 'pg_hba');
  }
  if (!/\b(?:CREATE|CHANGE|dblink|sp_addlinkedserver|STAGE|UNLOAD|COPY|INSERT)\b/i.test(b.text)) return;
  for (const s of SQL_REMOTE) {
    const m = s.re.exec(b.text.length > 50_000 ? b.text.slice(0, 50_000) : b.text);
    if (!m) continue;
    const host = m[1]!.replace(/[;,)]+$/, '');
    const w = whereTo(`postgres://${host}/`, ctx.vendorWords, ctx.declared);
    if (w.verdict === 'own' || /^[\w-]+$/.test(host)) continue; // a private address, an internal name, a bare service name
    ctx.out.add('dataTrustOutside', b.start + m.index, `${s.what[0]!.toUpperCase()}${s.what.slice(1)} connects the database to ${w.why}, a host the organisation does not declare as its own.`, `db:${host}`);
  }
  const stage = STAGE_STATIC_KEYS.exec(b.text.length > 50_000 ? b.text.slice(0, 50_000) : b.text);
  if (stage) ctx.out.add('dataStageStaticKeys', b.start + stage.index, 'An external stage or location writes to outside storage with static access keys written into the SQL.', 'stage-keys');
}

/** Every trust and source check over the skill's code blocks. */
export function checkTrustSources(ctx: TrustContext): void {
  const blocks = blocksOf(ctx.src);
  if (!blocks.length) return;
  const off = verificationOff(blocks);
  const verified = blocks.some((b) => VERIFIES.test(b.text));
  const adminAnywhere = blocks.some((b) => ADMIN_GRANTS.test(b.text));
  for (const b of blocks) {
    gemfileSources(ctx, b, off);
    lockfileRewrite(ctx, b);
    actionSwaps(ctx, b);
    mirrorEnv(ctx, b, off);
    pluginSources(ctx, b, off);
    baseImages(ctx, b);
    buildBinaries(ctx, b, verified, off);
    cloudTrust(ctx, b, adminAnywhere);
    clusterWebhooks(ctx, b);
    databaseTrust(ctx, b);
  }
  processInjection(ctx, blocks, verified);
}
