/**
 * Where data goes: sensitive sources (credential files, browser and wallet stores, history, env
 * dumps, credential helpers, named secrets) followed to sinks (HTTP uploads, sockets, DNS, gists,
 * webhooks, mail) within a code block, through variables and files across the whole skill, and in
 * prose steps.
 *
 * A named secret sent with a request is taken as authentication with the API it belongs to, not
 * exfiltration, unless it goes to a collection host, a bare IP, or a host that is not the vendor
 * of a well-known secret (GITHUB_TOKEN to anything but GitHub). Dumps of the environment,
 * credential files and stores, credential helpers and password prompts are never authentication.
 */
import type { ScanContext } from './context.js';
import { findBareHosts, findUrls, isDocumentationHost, type HostHit } from './hosts.js';
import { findCredentialReads, findOutboundSends, matchesOf } from './patterns.js';
import { isCollector, isIpLiteral, secretGoesElsewhere } from './reputation.js';
import { inTeachingContext } from './behaviour.js';
import { TextMemo } from './text-memo.js';

/** A file source counts when something reads or ships it, not when a tool merely uses it (ssh -i key). */
const READS_FILE = /\b(?:cat|head|tail|less|more|open\s*\(|read\w*|cp|tar|zip|7z|base64|xxd|Get-Content|readFile\w*|find|glob|type|strings|sqlite3|copy|shutil|scp|rsync)\b|@[~$"'/\w]|\s-T\s|--upload-file|--data-binary|--data\b|-F\s/;

const RAW_SOCKET = /\|\s*(?:nc|ncat|netcat|telnet|socat)\b|\b(?:nc|ncat|netcat)\s+(?:-\w+\s+){0,3}[\w.-]+\s+\d{1,5}\b/;

/** A block that reads or uploads files named by a variable (a loop over key files, open(p)). */
const READS_VARIABLE = /@["']?\$|\bfiles\s*=|\bopen\s*\(|\bcat\s+["']?\$|-T\s+["']?\$|Get-Content\s+\$|readFile\w*\s*\(\s*\w/;

interface Cred {
  index: number;
  label: string;
  named: boolean;
  file: boolean;
}

/** The line around `index`, cut to 1000 characters either side (a long line must not be copied per hit). */
function lineAt(text: string, index: number): string {
  const from = Math.max(0, index - 1000);
  const win = text.slice(from, index + 1000);
  const at = index - from;
  const s = win.lastIndexOf('\n', at - 1);
  const e = win.indexOf('\n', at);
  return win.slice(s + 1, e === -1 ? win.length : e);
}

function varName(label: string): string {
  return label.startsWith('$') ? label.slice(1) : '';
}

/** Hosts among the text's URLs and bare hosts that make any secret leaving suspicious. */
function hostileHosts(hits: readonly HostHit[]): string[] {
  const out: string[] = [];
  for (const h of hits) {
    if (isDocumentationHost(h.host)) continue;
    if (isCollector(h.raw, h.host) || isIpLiteral(h.host)) out.push(h.host);
  }
  return out;
}

/** The credential reads of `text` that leak (below), remembered per text (blocks and command lines repeat), bounded. */
const leakingMemo = new TextMemo<Cred[]>();
function leakingIn(text: string): Cred[] {
  return leakingMemo.get(text, (t) => leakingCredentials(t, findCredentialReads(t)));
}

/** The credential reads in `text` that are not authentication with the API they belong to. */
export function leakingCredentials(text: string, creds: Cred[]): Cred[] {
  if (creds.length === 0) return []; // nothing to judge: skip the host scans below (run for every block)
  // the text's URLs and bare hosts, found once for both questions below
  const hits = [...findUrls(text), ...findBareHosts(text)];
  // a raw socket is no API: a secret written into nc/telnet leaves whatever the host
  const hostile = RAW_SOCKET.test(text) ? ['raw socket'] : hostileHosts(hits);
  // documentation hosts count here: a well-known secret has no business going to any other host
  const everyHost = hits.map((h) => h.host);
  return creds.filter((c) => {
    const line = lineAt(text, c.index);
    if (c.file) return READS_FILE.test(line) || (/["'\s(]/.test(line) && READS_VARIABLE.test(text));
    if (!c.named) return true; // a dump of the whole environment, a credential helper's output, a password prompt
    if (hostile.length > 0) return true;
    const name = varName(c.label) || (/process\.env\.(\w+)|environ\[["'](\w+)|getenv\(\s*["'](\w+)/.exec(line)?.slice(1).find(Boolean) ?? '');
    return Boolean(name && everyHost.some((h) => secretGoesElsewhere(name, h)));
  });
}

function uniq(labels: string[], max = 3): string {
  const u = [...new Set(labels)];
  return u.slice(0, max).join(', ') + (u.length > max ? ', …' : '');
}

const SHELL_ASSIGN = /^\s*(?:export\s+|local\s+)?([A-Za-z_]\w{1,40})=/;
const CODE_ASSIGN = /^\s*([A-Za-z_]\w{1,40})(?:\s*\[[^\]\n]{0,80}\])?\s*(?:\+?=)(?!=)/;
const FILE_OUT = /(?:>>?\s*|\btee\s+(?:-a\s+)?|-o\s+|\bzip\s+(?:-\w+\s+)*|\btar\s+-?\w*f\s+)["']?((?:\/tmp\/|\$\w+\/|~\/|\.\/)?[\w.$/-]{2,120})/g;

/** Names (variables, temp files) that carry a leaking source, from every block of the skill. */
function taintedNames(ctx: ScanContext): Set<string> {
  const names = new Set<string>();
  for (const seg of ctx.src.codeSegments()) {
    if (seg.kind !== 'block') continue;
    for (const n of blockTaintedNames(seg.text)) names.add(n);
  }
  return names;
}

/** The names one block fills with a leaking source, in the order found; remembered per block text (blocks repeat), bounded. */
const blockNames = new TextMemo<string[]>();
function blockTaintedNames(text: string): string[] {
  return blockNames.get(text, (t) => {
    const names: string[] = [];
    for (const c of leakingIn(t)) {
      const line = lineAt(t, c.index);
      const a = SHELL_ASSIGN.exec(line) ?? CODE_ASSIGN.exec(line);
      if (a) names.push(a[1]!);
      for (const m of matchesOf(FILE_OUT, line)) {
        const f = m[1]!;
        if (f.length >= 4 && !/^\/dev\//.test(f)) names.push(f);
      }
    }
    return names;
  });
}

function mentions(line: string, name: string): boolean {
  if (name.includes('/') || name.includes('.')) return line.includes(name);
  return new RegExp(String.raw`(?:\$\{?|\b)${name}\b`).test(line);
}

const EFFECT_PARSED = new Set(['bash', 'sh', 'shell', 'zsh', 'ksh', 'console', 'shell-session', 'sh-session', 'shellsession', 'terminal', 'python', 'py', 'python3', 'javascript', 'js', 'node', 'mjs', 'cjs']);

const DOCUMENT_LANGS = new Set(['markdown', 'md', 'mdx']);

export function checkExfiltration(ctx: ScanContext): void {
  const { src, out, caps } = ctx;
  const text = src.content;
  const tainted = taintedNames(ctx);
  for (const seg of src.codeSegments()) {
    if (seg.kind !== 'block') continue;
    // Shell, Python and JavaScript blocks are read by the effect model, which follows the data
    // instead of the co-occurrence of a credential word and a send (effects/flow.ts).
    if (EFFECT_PARSED.has(seg.lang)) continue;
    // A Markdown block is a document (a report template, a memory file), read by the prose reader; a
    // command quoted in it is text it shows, not a program it runs.
    if (DOCUMENT_LANGS.has(seg.lang)) continue;
    const body = seg.text;
    const sends = findOutboundSends(body);
    if (sends.length === 0) continue;
    const leaking = leakingIn(body);
    if (leaking.length > 0) {
      const off = seg.offset + leaking[0]!.index;
      out.add('credentialExfil', off,
        `Reads ${uniq(leaking.map((c) => c.label))} and sends data outbound (${uniq(sends.map((s) => s.label))}) in the same code block, which leaks it.`,
        `block:${seg.offset}`);
      caps.add('env', off, leaking[0]!.label);
      caps.add('network', seg.offset + sends[0]!.index, sends[0]!.label);
      continue;
    }
    if (tainted.size === 0) continue;
    for (const s of sends) {
      const line = lineAt(body, s.index);
      const name = [...tainted].find((n) => mentions(line, n));
      if (!name) continue;
      out.add('credentialExfil', seg.offset + s.index,
        `Sends ${name}, which an earlier step filled with secrets or private files, outbound (${s.label}).`,
        `flow:${name}`);
      caps.add('network', seg.offset + s.index, s.label);
      break;
    }
  }
  // Prose steps are read by the prose reader (shared/sandbox/prose), whose sends and reads join the
  // effect model's data flow: a secret named in prose reaching a send is judged there, by structure.
  // What neither reads is a command written as a bare prose line, outside any code span: it is judged
  // here, on its own line, when the line starts like a command (not a sentence that mentions one).
  for (let i = src.bodyStartLine - 1; i < src.lines.length; i++) {
    if (src.kinds[i] !== 'prose') continue;
    const line = src.lines[i]!;
    if (!BARE_COMMAND.test(line) || line.includes('`')) continue;
    const sends = findOutboundSends(line);
    if (sends.length === 0) continue;
    const leaking = leakingIn(line);
    if (leaking.length === 0 || inTeachingContext(src, i + 1)) continue;
    const off = src.lineStarts[i]! + leaking[0]!.index;
    out.add('credentialExfil', off,
      `Reads ${uniq(leaking.map((c) => c.label))} and sends data outbound (${uniq(sends.map((s) => s.label))}) in a command written as a prose line.`,
      `bare:${i}`);
    caps.add('env', off, leaking[0]!.label);
  }
}

/** A prose line that starts like a shell command (after list markers or a prompt sign). */
const BARE_COMMAND = /^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+|\$\s+|>\s+)?(?:sudo\s+)?(?:curl|wget|nc|ncat|netcat|scp|rsync|sftp|cat|tar|zip|base64|python3?|node|perl|ruby|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|gh|git|aws|gsutil|az)\s+-{0,2}[\w@~$./:"'-]/;
