/**
 * The backstop (docs/skill-effect-model.md, "The backstop"): a policy over coarse capabilities of one program — a
 * fenced block or a line of inline commands, in any language, code or configuration — that judges harmful
 * combinations without a rule for the mechanism. The effect model reads what it has readers for exactly; each new
 * author uses a mechanism it does not model (a pipe into `xargs -I{} curl`, a Gradle init script, a status-line
 * script, an ONBUILD step), and such an attack used to pass with no finding at all. What these mechanisms share is
 * coarse and language-independent: a sensitive source, an outbound call to a host that is neither the skill's
 * vendor, nor declared, nor this machine, and something that hides it (encoding, background or silenced
 * execution, a place that runs later). The catalogue (./catalogue.ts) names each capability by its primitives;
 * this module finds them in a program and applies the policy:
 *
 *  - source + egress + (encoding or hiding or run-later)                  → BACKSTOP-001 (CRITICAL, refused)
 *  - remote content run, or a miner, + outside host + (hiding or run-later) → BACKSTOP-003 (CRITICAL, refused)
 *  - egress + two or more other risk capabilities                           → BACKSTOP-002 (HIGH, a human looks)
 */
import type { FindingSink } from '../../context.js';
import { hostOf } from '../../hosts.js';
import type { SourceText } from '../../text.js';
import { gradeUrl } from '../catalogue/hosts.js';
import { persistAt, SECRET_PATHS, secretAt } from '../catalogue/locations.js';
import type { Action, ActionMode } from '../types.js';
import { withSectionWords } from '../vendor.js';
import { keepsNamesOnly } from '../shell/redaction.js';
import { BARE_HOST_TLDS, type Capability, EGRESS_RE, ENCODE_RE, EXEC_RE, HIDE_RE, LATER_RE, MINER_RE, PLACEHOLDER_HOST, SEND_BODY_RE, SILENCED_RE, SOURCE_ENTRIES, WEAK_SOURCE_RE } from './catalogue.js';
import { matchAll } from '../../match-all.js';

export interface BackstopContext {
  src: SourceText;
  out: FindingSink;
  vendorWords: ReadonlySet<string>;
  declared: (host: string) => boolean;
  /** The effect model's actions (its secret reads inside a program count as that program's source). */
  actions: readonly Action[];
  modeAt?: (line: number, column?: number) => ActionMode;
  /** Lines that already hold a blocking finding: a program with one is judged already (the backstop only adds). */
  blockedLines?: () => ReadonlySet<number>;
}

export interface Evidence {
  cap: Capability;
  label: string;
  /** Offset in the program. */
  at: number;
  /**
   * A source that weighs only with hiding or encoding: one the effect model read (the model has judged its flows, and
   * knows a token's issuer and a login form's own service) or a request field named for a credential.
   */
  onlyHidden?: boolean;
}

export interface ProgramCapabilities {
  evidence: Evidence[];
  /** Hosts the program names that are outside: not the vendor's, not declared, not this machine, not a placeholder. */
  outside: { host: string; at: number; why: string; grade: string }[];
}

/** The largest program read (a program is a block; beyond this the effect model's budget already speaks). */
const MAX_PROGRAM = 64 * 1024;
/** Distinct path-like tokens of one program tried against the path catalogues. */
const MAX_PATH_TOKENS = 2000;
/** Fence labels of text that is not a program (prose templates, diffs, logs). */
const NOT_PROGRAM = /^(?:markdown|md|mdx|text|txt|plain|plaintext|diff|patch|log|output|csv|tsv|mermaid|svg|math|latex|tex)$/;

/** `security find-generic-password -s NAME … -w`: one item's secret, by the service it is kept for. */
const ONE_KEYCHAIN_ITEM = /find-(?:generic|internet)-password\b[^\n]*\s-[sl]\s[^\n]*\s-w\b/;

/** Full-line comments blanked (same length, offsets kept): a URL or path in a comment is not used by the program. */
function withoutComments(code: string): string {
  return code.replace(/^[ \t]*(?:#(?!!|\s*include)|\/\/|--(?!\w)|;|REM\s|')[^\n]*/gim, (m) => ' '.repeat(m.length));
}

/** A URL, an IP address or a dotted name: a program without one names no destination. */
const HOST_LIKE = /:\/\/|\d\.\d{1,3}\.\d|[a-z0-9-]\.[a-z]{2,24}\b/i;
const URL_RE = /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s"'`<>)\]}|\\]{1,300}/gi;
const IP_RE = /(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w.])/g;
const BARE_HOST_RE = /(?<=[\s"'`@=(/]|^)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,6}[a-z]{2,24}(?=[:/"'`\s)]|$)/gim;
const PATH_TOKEN_SPLIT = /[\s"'`(),;<>|[\]+=]+/;

/**
 * A key file named where it is used rather than read: an SSH key handed to ssh (`-i`, `IdentityFile`, `ssh-add`), a public
 * key, a CA or certificate bundle (`company-ca.pem`, `--cacert`) — what the file is for, not data taken from it.
 */
function keyInUse(entry: string, path: string, text: string, at: number): boolean {
  if (/\.pub$|(?:^|[/_.-])(?:ca|cacerts?|certs?|chain|fullchain|bundle|root|public)(?:[/_.-]|$)/i.test(path)) return true;
  if (entry !== 'read.secret.ssh' && entry !== 'read.secret.key-file') return false;
  const before = text.slice(Math.max(0, at - 40), Math.max(0, at));
  if (/(?:\s-i\s*|IdentityFile[\s=]+|ssh-add\s+(?:-\w+\s+)*|ssh-keygen\b[^\n]*-f\s+|key_filename\s*=\s*|--(?:key|cert|cacert|ssh-key|private-key-file)[\s=]+|(?:cafile|verify|ssl_?(?:key|cert)\w*|cert_?file|key_?file)\s*[=:]\s*)["']?$/i.test(before)) return true;
  // an SSH client library's key loader (paramiko `Ed25519Key.from_private_key_file(…)`, asyncssh `read_private_key(…)`,
  // ssh2's `privateKey: readFileSync(…)`): the key object authenticates that client's connection, it is not data sent
  const wider = text.slice(Math.max(0, at - 90), Math.max(0, at));
  return SSH_CLIENT_KEY_LOADER.test(wider);
}

/** The call that turns a key file into an SSH client's key object, up to the path's opening quote. */
const SSH_CLIENT_KEY_LOADER = /(?:\b\w*Key\s*\.\s*from_private_key_file|\bread_private_key|\bimport_private_key_file|\bprivateKey\s*:\s*(?:fs\s*\.\s*)?readFileSync)\s*\(\s*(?:(?:os\.path\.expanduser|Path|path\.(?:join|resolve))\s*\(\s*)?["'`]?$/;

const envDumpGlobal = new RegExp(SOURCE_ENTRIES.find((x) => x.id === 'env-dump')!.re.source, 'gm');
/** A shell pipeline from an environment dump one of whose later stages keeps only the names (`cut -d= -f1` …). */
function namesOnlyPipeline(line: string): boolean {
  const stages = line.split(/\|(?!\|)/).slice(1);
  return stages.some((st) => {
    const words = (st.trim().match(/'[^']*'|"[^"]*"|\S+/g) ?? []).map((w) => w.replace(/^(['"])([\s\S]*)\1$/, '$2'));
    return words.length > 0 && keepsNamesOnly(words[0]!, words.slice(1));
  });
}

/** A statement (lines joined at `\` and trailing pipes) that makes an outbound call and throws its output away. */
function silencedCall(text: string): { what: string; at: number } | null {
  let start = 0;
  let stmt = '';
  let at = 0;
  for (const line of text.split('\n')) {
    if (stmt === '') at = start;
    stmt += `${line}\n`;
    start += line.length + 1;
    if (/(?:\\|\||&&|\(|\{)\s*$/.test(line) && stmt.length < 4000) continue;
    // (the silencing after the call it hides: `crontab -l 2>/dev/null; echo "… curl …"` silences the listing)
    const call = EGRESS_RE.exec(stmt);
    const m = call ? SILENCED_RE.exec(stmt.slice(call.index)) : null;
    if (call && m) return { what: m[0], at: at + call.index + m.index };
    stmt = '';
  }
  return null;
}

/** Every outside host is the credential's owner (AWS credentials beside `*.amazonaws.com`): its own API in use. */
function ownersOnly(vendors: readonly string[] | undefined, outside: ProgramCapabilities['outside']): boolean {
  return !!vendors?.length && outside.every((h) => h.host.split('.').some((label) => vendors.includes(label)));
}

/** Finds the capabilities of one program. */
export function programCapabilities(code: string, vendorWords: ReadonlySet<string>, declared: (host: string) => boolean, label = '', memo?: Map<string, Evidence[]>): ProgramCapabilities {
  const text = withoutComments(code.length > MAX_PROGRAM ? code.slice(0, MAX_PROGRAM) : code);
  // every combination needs an outside destination: a program that names none is not read further
  const outside = outsideHosts(text, vendorWords, declared);
  if (outside.length === 0) return { evidence: [], outside };
  // (a document repeating one program — thousands of identical fences — reads it once)
  const key = memo ? `${label}\u0000${outside.map((h) => h.host).join(',')}\u0000${code}` : '';
  const known = memo?.get(key);
  if (known) return { evidence: known.map((e) => ({ ...e })), outside };
  const result = readCapabilities(code, text, outside, label);
  if (memo && memo.size < 500) memo.set(key, result.map((e) => ({ ...e })));
  return { evidence: result, outside };
}

function readCapabilities(code: string, text: string, outside: ProgramCapabilities['outside'], label: string): Evidence[] {
  const evidence: Evidence[] = [];
  const add = (cap: Capability, label: string, at: number, onlyHidden?: boolean) => {
    const i = evidence.findIndex((e) => e.cap === cap);
    if (i < 0) evidence.push({ cap, label, at, ...(onlyHidden ? { onlyHidden } : {}) });
    else if (evidence[i]!.onlyHidden && !onlyHidden) evidence[i] = { cap, label, at };
  };
  // where the program is written: a comment naming a file on its first line (`# .git/hooks/x.py`), or its label
  for (const m of matchAll(`${label}\n${/^[^\n]{0,200}/.exec(code)?.[0] ?? ''}`, /[~$\w./\\%{}-]*[./][\w./\\-]+/g)) {
    const p = persistAt(m[0]) ?? (m[0].startsWith('.') ? persistAt(`~/${m[0]}`) : null);
    if (p && p.kind !== 'agent-memory' && p.kind !== 'package-config') {
      evidence.push({ cap: 'later', label: `written to ${p.label} (${m[0]})`, at: 0 });
      break;
    }
  }
  // sensitive sources: credential paths in any spelling, then the catalogue's other sources
  let at = 0;
  const tried = new Set<string>();
  for (const tok of text.split(PATH_TOKEN_SPLIT)) {
    const here = text.indexOf(tok, at);
    if (here >= 0) at = here + tok.length;
    if (tok.length < 4 || tok.length > 300 || !/[./]/.test(tok) || tried.has(tok)) continue;
    // (each distinct token once, at most a few thousand: the catalogues' patterns are many)
    if (tried.size >= MAX_PATH_TOKENS) break;
    tried.add(tok);
    for (const part of tok.split(/(?<![A-Za-z]):(?![\\/]{2})/)) {
      if (part.length < 4) continue;
      if (part.includes('//')) break; // a path in a URL is on the remote host
      const s = secretAt(part) ?? (part.startsWith('.') ? secretAt(`~/${part}`) : null);
      if (s && s.entry !== 'read.personal.local-files' && !keyInUse(s.entry, part, text, here) && !ownersOnly(s.vendors, outside)) {
        add('source', `${s.label} (${part})`, Math.max(0, here));
        break;
      }
      const p = persistAt(part) ?? (part.startsWith('.') ? persistAt(`~/${part}`) : null);
      if (p && p.kind !== 'agent-memory' && p.kind !== 'package-config') add('later', `${p.label} (${part})`, Math.max(0, here));
    }
  }
  for (const e of SOURCE_ENTRIES) {
    let m = e.re.exec(text);
    if (!m) continue;
    // (`env | grep -i _proxy | cut -d= -f1` keeps the names of the variables and drops their values, as the effect
    // model's redaction reads it: the first dump whose pipeline keeps its values is the source, if any)
    if (e.id === 'env-dump') {
      m = null;
      for (const d of matchAll(text.length > 200_000 ? text.slice(0, 200_000) : text, envDumpGlobal)) {
        const at = d.index! + (/^\s/.test(d[0]) ? 1 : 0);
        if (!namesOnlyPipeline(text.slice(at, at + 300).split('\n')[0]!.replace(/\s#\s[^'"]*$/, ''))) {
          m = d;
          break;
        }
      }
      if (!m) continue;
    }
    // (one keychain item read by its service name is judged by the effect model, which knows whose host it is sent to)
    const oneItem = e.id === 'keychain' && ONE_KEYCHAIN_ITEM.test(text.slice(m.index, m.index + 300).split('\n')[0]!);
    add(e.cap, `${e.label} (${m[0].trim().slice(0, 60)})`, m.index, e.onlyHidden || oneItem);
  }
  const one = (cap: Capability, re: RegExp, label: string) => {
    const m = re.exec(text);
    if (m) add(cap, `${label} (${m[0].trim().slice(0, 60)})`, m.index);
  };
  one('weak-source', WEAK_SOURCE_RE, 'a secret by its name');
  one('egress', EGRESS_RE, 'an outbound call');
  one('send-body', SEND_BODY_RE, 'a request that carries data');
  one('encode', ENCODE_RE, 'encoding');
  one('hide', HIDE_RE, 'background or silenced execution');
  if (!evidence.some((e) => e.cap === 'hide')) {
    const s = silencedCall(text);
    if (s) add('hide', `an outbound call with its output thrown away (${s.what})`, s.at);
  }
  one('later', LATER_RE, 'a place that runs later');
  one('fetch-exec', EXEC_RE, 'code run from data');
  one('miner', MINER_RE, 'mining');
  return evidence;
}

function outsideHosts(text: string, vendorWords: ReadonlySet<string>, declared: (host: string) => boolean): ProgramCapabilities['outside'] {
  const out: ProgramCapabilities['outside'] = [];
  const seen = new Set<string>();
  const consider = (raw: string, at: number) => {
    if (out.length >= 8) return;
    const host = hostOf(raw);
    if (!host || seen.has(host) || !host.includes('.')) return;
    seen.add(host);
    // (a link-local address — the cloud's instance metadata service — answers on this machine)
    if (PLACEHOLDER_HOST.test(host) || /^169\.254\./.test(host) || declared(host)) return;
    const g = gradeUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${host}`, vendorWords);
    if (g.grade === 'vendor' || g.grade === 'local' || g.grade === 'known-installer' || g.grade === 'code-host') return;
    out.push({ host, at, why: g.grade === 'unknown' ? host : g.why, grade: g.grade });
  };
  for (const m of matchAll(text, URL_RE)) if (!/^(?:file|data|jdbc|about|chrome|vscode|s3|gs|az|sqlite|postgres(?:ql)?|mysql|mongodb(?:\+srv)?|redis)s?:/i.test(m[0])) consider(m[0], m.index!);
  for (const m of matchAll(text, IP_RE)) if (m[0].split('.').every((n) => Number(n) <= 255)) consider(m[0], m.index!);
  for (const m of matchAll(text, BARE_HOST_RE)) if (BARE_HOST_TLDS.test(m[0])) consider(m[0], m.index!);
  return out;
}

export interface BackstopVerdict {
  rule: 'backstopRefuse' | 'backstopRunRefuse' | 'backstopEscalate';
  caps: ProgramCapabilities;
}

/**
 * The policy over one program's capabilities (see the module comment). A credential store, the environment, history,
 * the clipboard or a wallet key is a strong source; a secret only by its name (`$DEPLOY_TOKEN`) is weak — most often
 * a token handed to its own API — and counts toward a refusal only with encoding and hiding together.
 */
export function judgeProgram(caps: ProgramCapabilities): BackstopVerdict | null {
  if (caps.outside.length === 0) return null;
  const has = (c: Capability) => caps.evidence.some((e) => e.cap === c);
  const egress = has('egress');
  const hiding = has('hide') || has('later');
  const source = has('source');
  if (egress && source && (has('encode') || hiding)) return { rule: 'backstopRefuse', caps };
  if (egress && has('weak-source') && has('encode') && hiding) return { rule: 'backstopRefuse', caps };
  if ((has('miner') || (egress && has('fetch-exec'))) && hiding) return { rule: 'backstopRunRefuse', caps };
  // (a source the effect model read has had its flows judged by the model, which knows a token's issuer and a login
  // form's own service: in plain sight it is the model's call, not the backstop's)
  if (egress && caps.evidence.some((e) => e.cap === 'source' && !e.onlyHidden)) return { rule: 'backstopEscalate', caps };
  // (hiding and a run-later place are how honest scheduled jobs run too, and a secret by its name is most often a
  // token for its own API: with an outside call they need something taken or run — a secret, encoded data, code from
  // data — to be a question)
  const core = (['encode', 'fetch-exec', 'miner'] as const).filter(has).length + (source ? 1 : 0);
  if (egress && core >= 1 && core + (has('hide') ? 1 : 0) + (has('later') ? 1 : 0) >= 2) return { rule: 'backstopEscalate', caps };
  // a request that carries data to an outside host, made in the background or with its output and errors thrown away:
  // what it sends, the user is not meant to see (a background download — a weather cache — sends nothing; a message
  // to a chat or webhook service is a notification, whose output needs no showing)
  if (egress && has('send-body') && has('hide') && caps.outside.some((h) => h.grade !== 'collector')) return { rule: 'backstopEscalate', caps };
  return null;
}

const CAP_NAMES: Record<Capability, string> = {
  source: 'sensitive source', 'weak-source': 'secret by name', egress: 'outbound call', 'send-body': 'data sent', encode: 'encoding', hide: 'background/silenced execution',
  later: 'run-later place', 'fetch-exec': 'code run from data', miner: 'mining',
};

function describe(src: SourceText, base: number, v: BackstopVerdict): string {
  const lineOf = (at: number) => src.lineOf(base + at);
  const parts = v.caps.evidence.map((e) => `${CAP_NAMES[e.cap]}: ${e.label}, line ${lineOf(e.at)}`);
  const hosts = v.caps.outside.slice(0, 3).map((h) => `${h.why} (line ${lineOf(h.at)})`).join(', ');
  const what = v.rule === 'backstopEscalate' ? 'a human checks what this program sends and why' : 'no honest program needs this combination';
  const fix = v.rule === 'backstopRunRefuse'
    ? 'Fix: install from the vendor or a pinned, checksummed release, in the foreground, and run nothing from that host later.'
    : `Fix: send ${v.caps.evidence.some((e) => e.cap === 'source') ? 'no credential or private data ' : 'nothing '}to that host, or declare it in manifest.externalCalls and make the call in plain sight (no encoding, no background, no run-later place).`;
  return `One program combines capabilities that together move data or code out of sight, toward ${hosts}, which is neither the skill's vendor, nor declared, nor this machine — ${parts.join('; ')}. ${what[0]!.toUpperCase()}${what.slice(1)}. ${fix}`;
}

/** Each program of the document judged by the backstop policy; at most one finding per program. */
export function checkBackstop(ctx: BackstopContext): void {
  const { src } = ctx;
  // (a secret environment variable is most often a token for its own API: a weak source, matched by name in the catalogue)
  const secretReads = ctx.actions.filter((a) => a.kind === 'read' && a.entry.startsWith('read.secret.') && a.entry !== 'read.secret.env-var' && a.origin !== 'prose' && a.mode === 'instruction');
  let blocked: ReadonlySet<number> | undefined;
  const memo = new Map<string, Evidence[]>();
  for (const seg of src.codeSegments()) {
    if (seg.kind === 'block' && NOT_PROGRAM.test(seg.lang)) continue;
    // (most programs name no host at all: nothing else is looked up for them; the host test is the cheaper one)
    if (!HOST_LIKE.test(seg.text.length > MAX_PROGRAM ? seg.text.slice(0, MAX_PROGRAM) : seg.text)) continue;
    if (seg.kind === 'inline' && !EGRESS_RE.test(seg.text)) continue;
    const startLine = src.lineOf(seg.offset);
    const words = withSectionWords(src, startLine, ctx.vendorWords);
    // the fence line and the line just above it often name the file a block becomes ("Save as `.git/hooks/pre-push`:")
    const label = seg.kind === 'block' ? `${src.lines[startLine - 2] ?? ''}\n${src.lines[startLine - 3] ?? ''}` : '';
    const caps = programCapabilities(seg.text, words, ctx.declared, label, memo);
    if (caps.outside.length === 0) continue;
    // the effect model's secret reads inside this program (a parse sees sources a pattern does not)
    if (!caps.evidence.some((e) => e.cap === 'source')) {
      const lastLine = src.lineOf(seg.offset + seg.text.length);
      // (a public key or a certificate read is not a secret read: keyInUse names what such files are for)
      // (nor is a read whose own pipeline keeps only the names of `NAME=value` lines: `env | cut -d= -f1`)
      const r = secretReads.find((a) => a.line >= startLine && a.line <= lastLine && !keyInUse(a.entry, a.object ?? '', '', 0) && !ownersOnly(SECRET_PATHS.find((p) => p.entry === a.entry)?.vendors, caps.outside)
        && !namesOnlyPipeline((src.lines[a.line - 1] ?? '').replace(/\s#\s[^'"]*$/, '')));
      if (r) caps.evidence.push({ cap: 'source', label: `${r.object ?? r.entry} (read by ${r.via ?? 'the program'})`, at: Math.max(0, src.lineStart(r.line) - seg.offset), onlyHidden: true });
    }
    const v = judgeProgram(caps);
    if (!v) continue;
    const endLine = src.lineOf(seg.offset + seg.text.length);
    blocked ??= ctx.blockedLines?.() ?? new Set();
    if ([...blocked].some((l) => l >= startLine && l <= endLine)) continue;
    // a program the prose presents as an example or as what not to run is not judged
    if ((ctx.modeAt?.(startLine) ?? 'instruction') !== 'instruction') continue;
    const egress = caps.evidence.find((e) => e.cap === 'egress') ?? caps.evidence[0]!;
    ctx.out.add(v.rule, seg.offset + egress.at, describe(src, seg.offset, v), `backstop:${seg.offset}`);
  }
}
