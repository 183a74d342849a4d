/**
 * Downloads in the shell, batch and PowerShell scripts an install hook runs, read command by command:
 * which OS download tool fetches which URL into which file, whether a digest is checked, and whether
 * the downloaded file is then run (detached or not). The collector judges them with the package's own
 * hosts (archive-collector.ts reviewNpmHook, `judgeScriptDownloads` below).
 *
 * Tools: `bitsadmin /transfer`, `certutil -urlcache`, PowerShell `Invoke-WebRequest` / `iwr` /
 * `Start-BitsTransfer` / `WebClient.DownloadFile`, `curl`, `wget`.
 */
import { PERSIST_CMD, PERSIST_PATH } from './persistence.js';
import { isCollector, isIpLiteral, isKnownIndex, isKnownInstaller, isPasteHost, vendorLabel } from '../../../sandbox/reputation.js';
import type { OwnHosts } from '../own-hosts.js';
import type { FindingSeverity } from '../types.js';

export interface ScriptDownload {
  tool: string;
  url: string;
  /** The file it writes, as the script names it (absent: the tool's default, or stdout). */
  out?: string;
  line: number;
  evidence: string;
}

export interface ScriptRun {
  /** The downloaded file that is run. */
  file: string;
  /** What follows the program on its command line, redirections dropped (`install Embed.Wpf -NonInteractive`). */
  args: string;
  detached: boolean;
  line: number;
  evidence: string;
}

export interface ScriptDownloadFacts {
  downloads: ScriptDownload[];
  runs: ScriptRun[];
  /** A SHA-2 digest of a file is computed or compared (certutil -hashfile, Get-FileHash, sha256sum, shasum -a 256, openssl dgst). */
  verified: boolean;
}

/** Script files an install hook may run besides JavaScript: read as code, never as opaque payloads. */
export const SCRIPT_FILE = /\.(?:sh|bash|bat|cmd|ps1)$/i;

const URL_RE = /\bhttps?:\/\/[^\s'"`<>|]+/i;
const DIGEST = /\bcertutil(?:\.exe)?\s+-hashfile\b[^\n]*\bSHA(?:256|384|512)\b|\bGet-FileHash\b|\bsha(?:256|384|512)sum\b|\bshasum\s+-a\s*(?:256|384|512)\b|\bopenssl\s+dgst\s+-sha(?:256|384|512)\b/i;
/** A start that does not wait and hides or detaches: `start` (without /wait), Start-Process without -Wait, nohup, setsid, a trailing `&`. */
const DETACH = /^\s*(?:start\b(?![^\n]*\/wait)|Start-Process\b(?![^\n]*-Wait)|nohup\b|setsid\b|cmd(?:\.exe)?\s+\/c\s+start\b(?![^\n]*\/wait))|-WindowStyle\s+Hidden|[^&]&\s*$/i;

/** Logical lines: batch `^`, shell `\` and PowerShell backtick continuations joined; `&&`, `;` and `|` split later. */
function logicalLines(text: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  const raw = text.split(/\r?\n/);
  for (let i = 0; i < raw.length; i++) {
    const start = i;
    let l = raw[i]!;
    while (/[\\^`]\s*$/.test(l) && i + 1 < raw.length) l = l.replace(/[\\^`]\s*$/, ' ') + raw[++i]!;
    const t = l.trim();
    // Comments: `rem`, `::`, `#`.
    if (t === '' || /^(?:@?rem\b|::|#)/i.test(t)) continue;
    out.push({ text: t.slice(0, 2000), line: start + 1 });
  }
  return out;
}

function unquote(s: string): string {
  return s.replace(/^["']|["']$/g, '');
}

/** The bare name of a file a script writes (`%CD%\nuget.exe`, `"$dir/tool"`, `.\x.exe` → nuget.exe, tool, x.exe). */
function baseName(p: string): string {
  return unquote(p).split(/[\\/]/).pop()!.replace(/^["']|["']$/g, '');
}

function download(cmd: string, line: number): ScriptDownload | null {
  const url = URL_RE.exec(cmd)?.[0]?.replace(/[),;]+$/, '');
  if (!url) return null;
  const evidence = cmd.slice(0, 120);
  const after = (re: RegExp) => re.exec(cmd)?.[1];
  if (/\bbitsadmin\b/i.test(cmd)) return { tool: 'bitsadmin', url, out: after(new RegExp(`${escapeRe(url)}\\s+("[^"]+"|\\S+)`)), line, evidence };
  if (/\bcertutil\b[^\n]*-urlcache\b/i.test(cmd)) return { tool: 'certutil', url, out: after(new RegExp(`${escapeRe(url)}["']?\\s+("[^"]+"|\\S+)`)), line, evidence };
  if (/\b(?:Invoke-WebRequest|iwr|Invoke-RestMethod|irm|Start-BitsTransfer)\b/i.test(cmd)) return { tool: 'powershell', url, out: after(/-(?:OutFile|Destination)\s+("[^"]+"|'[^']+'|\S+)/i), line, evidence };
  if (/\bDownloadFile\s*\(/i.test(cmd)) return { tool: 'powershell', url, out: after(/DownloadFile\s*\(\s*['"][^'"]+['"]\s*,\s*("[^"]+"|'[^']+'|[^)\s]+)/i), line, evidence };
  if (/\bcurl\b/i.test(cmd)) {
    const o = after(/\s(?:-o|--output)\s+("[^"]+"|'[^']+'|\S+)/) ?? after(/[^2]>\s*("[^"]+"|'[^']+'|[^\s&]+)/);
    return { tool: 'curl', url, out: o ?? (/\s-\w*O\b|--remote-name\b/.test(cmd) ? baseName(url) : undefined), line, evidence };
  }
  if (/\bwget\b/i.test(cmd)) {
    const o = after(/\s(?:-O|--output-document)\s*("[^"]+"|'[^']+'|\S+)/);
    return { tool: 'wget', url, out: o ?? (/\s-(?:O|-output-document)\s*-/.test(cmd) ? undefined : baseName(url)), line, evidence };
  }
  return null;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A step without its launcher words (`call x`, `start "" x`, `& x`, `. x`, `cmd /c x`, `sh x`): the program first. */
function programStep(step: string): string {
  let s = step.trim().replace(/^@/, '');
  for (;;) {
    const before = s;
    s = s.replace(/^(?:call|start(?:\s+"[^"]*"(?=\s))?(?:\s+\/\w+)*|&|\.|cmd(?:\.exe)?\s+\/[ck]|nohup|setsid|sudo|exec|sh|bash|Start-Process(?:\s+-FilePath)?|powershell(?:\.exe)?\s+(?:-\w+\s+)*(?:-File)?)\s+/i, '');
    if (s === before) break;
  }
  return s;
}

/** The command word of a step (`call x`, `start "" x`, `& x`, `.\x`, `./x`, `cmd /c x`, `sh x`). */
function commandOf(step: string): string {
  return baseName(programStep(step).split(/\s+/)[0] ?? '');
}

/** The arguments of a step's program, without redirections (`>nul`, `2>&1`, `> log.txt`). */
function argsOf(step: string): string {
  return programStep(step)
    .replace(/^\S+\s*/, '')
    .replace(/\s*\d?>>?\s*(?:&\d|"[^"]*"|\S+)/g, '')
    .trim();
}

/** Downloads, digest checks and runs of downloaded files in a shell / batch / PowerShell script. */
export function scriptDownloads(text: string): ScriptDownloadFacts {
  const facts: ScriptDownloadFacts = { downloads: [], runs: [], verified: DIGEST.test(text) };
  if (!/\b(?:bitsadmin|certutil|Invoke-WebRequest|iwr|irm|Invoke-RestMethod|Start-BitsTransfer|DownloadFile|curl|wget)\b/i.test(text)) return facts;
  const written = new Map<string, ScriptDownload>();
  for (const { text: l, line } of logicalLines(text)) {
    for (const step of l.split(/\s*(?:&&|\|\||;|(?<![&|])&(?!&))\s*/)) {
      if (step === '') continue;
      const d = download(step, line);
      if (d) {
        if (facts.downloads.length < 20) facts.downloads.push(d);
        if (d.out) {
          const b = baseName(d.out).toLowerCase();
          written.set(b, d);
          written.set(b.replace(/\.(?:exe|cmd|bat|ps1|sh)$/, ''), d);
        }
        continue;
      }
      const cmd = commandOf(step).toLowerCase();
      const hit = written.get(cmd) ?? written.get(cmd.replace(/\.(?:exe|cmd|bat|ps1|sh)$/, ''));
      if (hit && !/^(?:chmod|del|rm|erase|copy|move|mv|cp|echo|type|cat|unzip|tar|expand-archive)$/i.test(cmd) && facts.runs.length < 20) {
        facts.runs.push({ file: hit.out!, args: argsOf(step), detached: DETACH.test(step) || DETACH.test(l), line, evidence: step.slice(0, 120) });
      }
    }
  }
  return facts;
}

/** A program a script starts by a file name or path (`start /b %~dp0\\svc.exe`, `./bin/tool`, `Start-Process x.exe -WindowStyle Hidden`). */
export interface ScriptStart {
  /** The path as written, with leading script-directory variables dropped (`%~dp0\\svc.exe` → `svc.exe`). */
  target: string;
  detached: boolean;
  line: number;
  /** Character offset of the line in the script. */
  index: number;
  length: number;
  evidence: string;
}

/** Script-directory prefixes: `%~dp0`, `%CD%`, `$PSScriptRoot`, `$(dirname "$0")`, `$DIR`-style variables. */
const DIR_PREFIX = /^(?:%~dp0|%cd%|\$PSScriptRoot|\$\(dirname\s+"?\$0"?\)|\$\{?\w+\}?|%\w+%)[\\/]*/i;
const RUNNABLE = /\.(?:exe|scr|com|bat|cmd|vbs|vbe|wsf|ps1|msi|hta|jar|sh|bin|run)$/i;

/**
 * Programs a shell / batch / PowerShell script starts by file name, so the install-time judgement
 * (judge.ts) weighs them like a JavaScript spawn: a bundled executable started detached or hidden,
 * a bundled Windows program run, another script of the archive followed.
 */
export function scriptStarts(text: string): ScriptStart[] {
  const out: ScriptStart[] = [];
  let offset = 0;
  const lineStart: number[] = [];
  for (const l of text.split('\n')) {
    lineStart.push(offset);
    offset += l.length + 1;
  }
  for (const { text: l, line } of logicalLines(text)) {
    for (const step of l.split(/\s*(?:&&|\|\||;|(?<![&|>])&(?!&))\s*/)) {
      const cmd = commandWord(step);
      if (!cmd || (!RUNNABLE.test(cmd) && !/^\.{0,2}[\\/]/.test(cmd))) continue;
      const target = cmd.replace(/^\.[\\/]/, '').replace(/\\/g, '/');
      if (target === '' || /^[a-z]+:\/\//i.test(target) || out.length >= 20) continue;
      out.push({ target, detached: DETACH.test(step) || DETACH.test(l), line, index: lineStart[line - 1] ?? 0, length: Math.min(120, l.length), evidence: step.slice(0, 120) });
    }
  }
  return out;
}

/**
 * A query name the shell fills with who and where the install runs (`$(hostname)`, `` `whoami` ``, `$USER`,
 * `%COMPUTERNAME%`, `$env:USERNAME`) followed by a fixed domain (`.x.example`): the DNS form of a fingerprint send.
 */
const SHELL_DNS_RECON_NAME =
  /(?:\$\((?:hostname|whoami|id\s+-un|uname\s+-n|pwd)[^)]*\)|`(?:hostname|whoami|id\s+-un|uname\s+-n|pwd)[^`]*`|\$\{?(?:USER|USERNAME|LOGNAME|HOSTNAME|HOME|PWD)\b\}?|%(?:USERNAME|COMPUTERNAME|USERDOMAIN|USERPROFILE)%|\$env:(?:USERNAME|COMPUTERNAME|USERDOMAIN)\b)[^\s"']*\.[a-z0-9-]+\.[a-z][a-z0-9-]{1,24}\b/i;

/**
 * Install-time acts of a shell / batch / PowerShell script, command by command (flow-facts.ts
 * ActFact): packages published, commits pushed, CI workflow files written, AI agents started with
 * their permission checks off, DLLs run through Windows' loaders, npm / yarn registry, TLS or token
 * settings changed with `config set`.
 */
export function scriptActs(text: string): { kind: 'publish' | 'git_push' | 'ci_workflow' | 'agent_unsafe' | 'dll_loader' | 'rc_tamper' | 'persistence' | 'dns_recon'; line: number; evidence: string }[] {
  const out: { kind: 'publish' | 'git_push' | 'ci_workflow' | 'agent_unsafe' | 'dll_loader' | 'rc_tamper' | 'persistence' | 'dns_recon'; line: number; evidence: string }[] = [];
  const add = (kind: (typeof out)[number]['kind'], line: number, evidence: string) => {
    if (!out.some((x) => x.kind === kind)) out.push({ kind, line, evidence: evidence.slice(0, 120) });
  };
  for (const { text: l, line } of logicalLines(text)) {
    // Output redirected into a start-up place (`echo '… &' >> /etc/rc.local`), judged on the whole line: a quoted `&` or
    // `;` in what is written must not cut the redirect off from its command (pkg22).
    for (const m of l.matchAll(/(?:^|[^<>&\d])>{1,2}\s*["']?([^\s"';&|]+)/g)) if (PERSIST_PATH.test(m[1]!)) add('persistence', line, l);
    for (const step of l.split(/\s*(?:&&|\|\||;|\|(?!\|)|(?<![&|>])&(?!&))\s*/)) {
      const cmd = commandWord(step).toLowerCase();
      const args = argsOf(step);
      const words = args.split(/\s+/);
      if (/^(?:npm|pnpm|yarn|bun)$/.test(cmd) && (words[0] === 'publish' || (words[0] === 'npm' && words[1] === 'publish'))) add('publish', line, step);
      if (cmd === 'git' && words.filter((w) => !w.startsWith('-')).includes('push') && /^(?:-\S+\s+(?:\S+\s+)?)*push\b/.test(args)) add('git_push', line, step);
      if (/^(?:cp|mv|install|tee|cat|echo|printf|copy|move|xcopy)$/.test(cmd) && /(?:^|[\s"'\\/])\.github[\\/]workflows[\\/]/.test(step)) add('ci_workflow', line, step);
      if (words.some((w) => /^--(?:dangerously-skip-permissions|dangerously-bypass-approvals-and-sandbox|yolo|trust-all-tools|allow-all-tools)$/.test(w))) add('agent_unsafe', line, step);
      if (/^(?:rundll32|regsvr32)(?:\.exe)?$/.test(cmd)) add('dll_loader', line, step);
      // A program registered to start at login, boot or on a schedule, or a file copied / written into such a place.
      if (PERSIST_CMD.test(step) || (/^(?:cp|mv|install|tee|cat|echo|printf|copy|move|xcopy|ln)$/.test(cmd) && PERSIST_PATH.test(step))) add('persistence', line, step);
      // A DNS lookup of a name the shell fills with the host name, the user name or the environment, under a fixed domain.
      if (/^(?:nslookup|dig|host|ping|resolve-dnsname|drill)(?:\.exe)?$/.test(cmd) && SHELL_DNS_RECON_NAME.test(args)) add('dns_recon', line, step);
      if (/^(?:npm|pnpm|yarn)$/.test(cmd) && /^config\s+set\s+(?:(?:@[\w.-]+:)?registry\s+\S*[a-z]|strict-ssl\s+false|ignore-scripts\s+false|\S*:_authToken|\S*:_auth\b)/i.test(args)) add('rc_tamper', line, step);
    }
  }
  return out;
}

/** The program word of a step, unquoted, with script-directory prefixes dropped. */
function commandWord(step: string): string {
  let s = step.trim().replace(/^@/, '');
  for (;;) {
    const before = s;
    s = s.replace(/^(?:call|start(?:\s+"[^"]*"(?=\s))?(?:\s+\/\w+)*|&|cmd(?:\.exe)?\s+\/[ck]|nohup|setsid|sudo|exec|sh|bash|Start-Process(?:\s+-FilePath)?|powershell(?:\.exe)?\s+(?:-\w+\s+)*?-File)\s+/i, '');
    if (s === before) break;
  }
  const first = /^"([^"]+)"|^'([^']+)'|^(\S+)/.exec(s);
  const word = (first?.[1] ?? first?.[2] ?? first?.[3] ?? '').replace(/^["']|["']$/g, '');
  return word.replace(DIR_PREFIX, '');
}

export interface ScriptDownloadVerdict {
  ruleId: 'install_script_remote' | 'install_script_runs_download' | 'install_script_network' | 'install_script_own_binary' | 'install_script_unverified_binary';
  severity: FindingSeverity;
  message: string;
}

type HostKind = 'own' | 'known' | 'foreign' | 'hostile';

/** A package manager's verb and a package (or project file) to act on, as its first arguments. */
const CLIENT_VERB = /^(?:install|restore|add|update|upgrade|sync|fetch|get)\s+["']?[\w@][\w.@/+-]{0,200}["']?(?:\s|$)/i;

/**
 * A package manager's command-line client, judged by what the script does with it (no host list):
 * the file is fetched over HTTPS under the name it is saved as, from a host whose registrable name
 * is the program's (a client published by its own project: `pkgtool.exe` from `dist.pkgtool.example`),
 * and every start of it is waited for and asks it to install or restore packages, naming no other
 * host. What it installs comes from the client's own index and is not reviewed: MEDIUM, as a registry
 * package run at install (`npx x`). The same program started with other arguments, saved under another
 * name, or fetched from a host named after something else is a downloaded program run (CRITICAL).
 */
function packageClientRun(d: ScriptDownload, runs: readonly ScriptRun[]): boolean {
  let url: URL;
  let published: string;
  try {
    url = new URL(d.url);
    published = decodeURIComponent(url.pathname.split('/').pop() ?? '').toLowerCase();
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || !d.out) return false;
  const saved = baseName(d.out).toLowerCase();
  const program = saved.replace(/\.(?:exe|cmd|bat|ps1|sh)$/, '');
  const label = vendorLabel(url.hostname);
  if (published !== saved || program.length < 3 || label !== program) return false;
  return runs.every(
    (r) =>
      !r.detached &&
      CLIENT_VERB.test(r.args) &&
      [...r.args.matchAll(/\bhttps?:\/\/([^/\s'"]+)/gi)].every((m) => m[0].startsWith('https:') && vendorLabel(m[1]!) === label),
  );
}

/**
 * A download by an OS tool in a script the install runs, judged like the JavaScript downloads
 * (ownbinary.ts): from the package's own declared host (its metadata, the hosts its manifest
 * declares for binaries, the registry) or a well-known installer / package-index host, over HTTPS,
 * it is the package's binary (LOW, the message says whether a digest is checked); run at install, it
 * is code nobody reviewed (MEDIUM), and so is a package manager's client fetched from its own project
 * and run to install packages (`packageClientRun`). Run from any other host, over plain HTTP, from an
 * IP, paste site or collector, or started detached, it is download-and-execute (CRITICAL).
 */
export function judgeScriptDownloads(file: string, facts: ScriptDownloadFacts, own: OwnHosts): ScriptDownloadVerdict | null {
  if (facts.downloads.length === 0) return null;
  const kindOf = (u: string): HostKind => {
    let url: URL;
    try {
      url = new URL(u);
    } catch {
      return 'hostile';
    }
    const host = url.hostname.toLowerCase();
    if (isIpLiteral(host) || isPasteHost(host) || isCollector(u.toLowerCase(), host)) return 'hostile';
    if (url.protocol !== 'https:') return 'foreign';
    if (own.hasDestination(host, url.pathname)) return 'own';
    if (isKnownInstaller(u) || isKnownIndex(host)) return 'known';
    return 'foreign';
  };
  const hostOf = (u: string) => /^\w+:\/\/([^/:?#]+)/.exec(u)?.[1] ?? u;
  const detached = facts.runs.find((r) => r.detached);
  if (detached) return { ruleId: 'install_script_remote', severity: 'CRITICAL', message: `runs ${file}, which downloads ${baseName(detached.file)} and starts it detached or hidden at install time` };
  const runsOf = (d: ScriptDownload) => facts.runs.filter((r) => r.file === d.out);
  const client = (d: ScriptDownload) => packageClientRun(d, runsOf(d));
  for (const r of facts.runs) {
    const d = facts.downloads.find((x) => x.out === r.file)!;
    const k = kindOf(d.url);
    if (k === 'hostile' || (k === 'foreign' && !client(d))) return { ruleId: 'install_script_remote', severity: 'CRITICAL', message: `runs ${file}, which downloads ${baseName(r.file)} with ${d.tool} from ${hostOf(d.url)}${d.url.startsWith('https:') ? ", a host that is not the package's own" : ' over plain HTTP'} and runs it at install time` };
  }
  const hostile = facts.downloads.find((d) => kindOf(d.url) === 'hostile');
  if (hostile) return { ruleId: 'install_script_network', severity: 'MEDIUM', message: `runs ${file}, which downloads from ${hostOf(hostile.url)} (an IP, paste site or collection endpoint) with ${hostile.tool} at install time` };
  if (facts.runs.length > 0) {
    const r = facts.runs[0]!;
    const d = facts.downloads.find((x) => x.out === r.file)!;
    const k = kindOf(d.url);
    if (k === 'foreign')
      return { ruleId: 'install_script_runs_download', severity: 'MEDIUM', message: `runs ${file}, which downloads ${baseName(r.file)} with ${d.tool} from ${hostOf(d.url)} (a package manager's client from the host named after it) and runs it to install packages at install time: the client and what it installs are not reviewed` };
    return { ruleId: 'install_script_runs_download', severity: 'MEDIUM', message: `runs ${file}, which downloads ${baseName(r.file)} with ${d.tool} from ${hostOf(d.url)} (${k === 'own' ? "the package's own host" : 'a well-known installer or package-index host'}) and runs it at install time: what it runs is not reviewed` };
  }
  const foreign = facts.downloads.find((d) => kindOf(d.url) === 'foreign');
  if (foreign) return { ruleId: 'install_script_network', severity: 'MEDIUM', message: `runs ${file}, which downloads from ${hostOf(foreign.url)}, a host that is not the package's own, with ${foreign.tool} at install time (what it downloads is not reviewed)` };
  const d = facts.downloads[0]!;
  const where = `${hostOf(d.url)} (${kindOf(d.url) === 'own' ? "the package's own host" : 'a well-known installer or package-index host'})`;
  return facts.verified
    ? { ruleId: 'install_script_own_binary', severity: 'LOW', message: `runs ${file}, which downloads a prebuilt binary with ${d.tool} from ${where} and checks its SHA-2 digest at install time (the binary itself is not reviewed)` }
    : { ruleId: 'install_script_unverified_binary', severity: 'LOW', message: `runs ${file}, which downloads a prebuilt binary with ${d.tool} from ${where} without checking a digest: the binary is trusted to that host's HTTPS and is not reviewed` };
}
