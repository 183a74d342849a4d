/**
 * A command line that runs code fetched from the network (rule `shell_remote_command`): a remote
 * script or payload fetched and run by a shell or interpreter, not a command that merely names a URL.
 *
 * - a download piped into a shell or interpreter (`curl … | sh`, `wget -O- … | python3`, `iwr … | iex`);
 * - a download evaluated through command or process substitution (`bash -c "$(curl …)"`, `sh <(wget -qO- …)`,
 *   `eval "$(curl …)"`, `IEX (New-Object Net.WebClient).DownloadString(…)`, `iex (iwr …)`, a script block made
 *   of a download: `& ([scriptblock]::Create((iwr …)))`);
 * - a file downloaded and then run in the same command line (`curl -o /tmp/x … && chmod +x /tmp/x && /tmp/x`,
 *   `certutil -urlcache -f … a.exe & start a.exe`), or in another command of the same file
 *   (`downloadedFiles` of every command, then `remoteRun(cmd, downloaded)`);
 * - programs that run what a URL points at by themselves (`mshta http…`, `msiexec /i http…`,
 *   `regsvr32 /i:http…`, `rundll32 … http…`);
 * - inline interpreter code that fetches and executes (`python -c "exec(urlopen(…).read())"`);
 * - a hidden or encoded PowerShell command (`-EncodedCommand`, `-WindowStyle Hidden`): what a download
 *   cradle hides behind.
 *
 * Not: `curl -X POST https://api…` (an API call), `git push https://…` / `git clone` (a repository),
 * `wget -O data.json …` and downloads nothing runs (data).
 */
import { scriptDownloads } from './npm/script-download.js';

/** Tools that fetch a URL's content. */
const FETCHER = String.raw`(?:curl|wget|aria2c|iwr|irm|Invoke-WebRequest|Invoke-RestMethod|\(?\s*New-Object\s+(?:System\.)?Net\.WebClient\s*\)?\s*\.\s*Download(?:String|Data))`;
/**
 * Programs that run the program they read on standard input: a shell (not `sh -c 'cmd'`, whose input
 * is data), an interpreter reading its program from stdin (`python`, `python3 -`, not `python -m
 * json.tool` or `python parse.py`, which read data), PowerShell's evaluator.
 */
const STDIN_RUNNER = String.raw`(?:(?:ba|z|da|k|fi)?sh(?![\w.-])(?!\s+-\w*c\b)|(?:python[\d.]*|perl|ruby|node|php)(?![\w.-])(?=\s*(?:$|[;&|)'"\n]|-(?:\s|$)|-u\s|--\s))|iex\b|Invoke-Expression\b|(?:powershell|pwsh)(?:\.exe)?(?:\s+-(?:NoProfile|NonInteractive|ExecutionPolicy\s+\w+|Command))*(?:\s+-)?(?=\s*(?:$|[;&|)'"\n])))`;
/** Programs that run a command or program they are handed (`bash -c X`, `python3 X`, `eval X`, `iex X`, `source X`). */
const RUNNER = String.raw`(?:(?:ba|z|da|k|fi)?sh|python[\d.]*|perl|ruby|node|php|iex|Invoke-Expression|powershell(?:\.exe)?|pwsh(?:\.exe)?|eval|source)`;
/** A fetch piped into a runner (`curl -fsSL u | sudo -E bash -s --`). */
const PIPE_RUN = new RegExp(
  String.raw`\b${FETCHER}(?![\w-])[^|;&\n]{0,300}\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+(?:\S+=\S*\s+)*)?${STDIN_RUNNER}`,
  'i',
);
/** A fetch substituted into a runner's program or command (`bash -c "$(curl …)"`, `sh <(wget …)`, `eval "$(curl …)"`, `iex (iwr …)`, `. <(curl …)`). */
const SUBST_RUN = new RegExp(
  String.raw`(?:\b${RUNNER}|(?:^|[;&|]\s*)\.)(?![\w.-])(?:\s+-\S+)*\s*["']?(?:\$\(|<\(|\x60|\()\s*["']?\s*${FETCHER}(?![\w-])`,
  'i',
);
/**
 * PowerShell: content downloaded as a string and evaluated anywhere in the same command, by
 * Invoke-Expression or as a script block made from it (`& ([scriptblock]::Create((iwr …)))`,
 * `$s = irm …; & ([scriptblock]::Create($s))`, `Invoke-Command -ScriptBlock ([scriptblock]::Create(…))`:
 * the form that lets a downloaded installer take parameters, which `iwr … | iex` cannot).
 */
const PS_EVAL = String.raw`(?:\b(?:iex|Invoke-Expression)\b|\[\s*(?:System\.Management\.Automation\.)?scriptblock\s*\]\s*::\s*Create\b)`;
const PS_FETCH = String.raw`\b(?:DownloadString|DownloadData|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b`;
const PS_STRING_RUN = new RegExp(
  String.raw`${PS_FETCH}[^\n]{0,400}?${PS_EVAL}|${PS_EVAL}[^\n]{0,400}?${PS_FETCH}`,
  'i',
);
/** Programs that run remote content given its URL. */
const URL_RUNNER =
  /\bmshta(?:\.exe)?\s+["']?(?:https?:|\\\\)|\bmsiexec(?:\.exe)?\b[^\n]{0,80}?\bhttps?:\/\/|\bregsvr32(?:\.exe)?\b[^\n]{0,80}?\/i:\s*["']?https?:|\brundll32(?:\.exe)?\b[^\n]{0,200}?(?:https?:\/\/|javascript:)/i;
/**
 * pip installing from a URL or a git remote: its build script runs on this machine. Not part of
 * remoteRun: a command the user runs (an extension installer) does it on request; python/flow.ts
 * reports it as `pip_install_remote`, bound to the role (roles.ts).
 */
export const PIP_URL = /\bpip3?(?:\.exe)?\s+install\s+[^\n]{0,80}?(?:https?:|git\+)/i;
/** A hidden or encoded PowerShell command. */
const PS_HIDDEN =
  /\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,200}?(?:\s-e(?:nc(?:odedcommand)?)?\s+[A-Za-z0-9+/=]{8,}|\s-w(?:indowstyle)?\s+hidden\b[^\n]{0,200}?(?:https?:|iex\b|Invoke-Expression|DownloadString|-e(?:nc(?:odedcommand)?)?\s))/i;
/** Inline code handed to an interpreter that fetches and executes (`python -c "…exec(urlopen(u).read())"`). */
const INLINE_FETCH_EXEC =
  /\b(?:python[\d.]*|py|node|perl|ruby)(?:\.exe)?\s+-[ce]\s[\s\S]{0,600}?(?:\b(?:urlopen|requests\.get|urllib|httpx|fetch|LWP|open-uri|Net::HTTP)\b[\s\S]{0,400}?\b(?:exec|eval|system|spawn)\b|\b(?:exec|eval)\s*\([\s\S]{0,200}?\b(?:urlopen|requests\.get|httpx\.get|fetch)\b)/i;

/**
 * A PowerShell command that runs downloaded code: a download evaluated (Invoke-Expression, a script
 * block made of it) or a hidden / encoded command. For callers that read PowerShell started from
 * JavaScript (npm/flow-js.ts), where the rest of `remoteRun` is read by other rules.
 */
export function powershellRemoteRun(cmd: string): string | null {
  if (!/\b(?:powershell|pwsh)\b/i.test(cmd)) return null;
  if (cmd.length > 8_000) cmd = cmd.slice(0, 8_000);
  if (PS_STRING_RUN.test(cmd)) return 'a download evaluated by PowerShell (Invoke-Expression or a script block)';
  if (PS_HIDDEN.test(cmd)) return 'a hidden or encoded PowerShell command';
  return null;
}

/** Launchers and interpreters that run a file named after them (`sh x`, `python3 x.py`, `start x.exe`). */
const FILE_RUNNER =
  /^(?:do|then|else|time|(?:ba|z|da|k)?sh|python[\d.]*|py|pythonw|perl|ruby|node|php|source|\.|exec|nohup|setsid|sudo|start|call|Start-Process|cmd(?:\.exe)?|powershell(?:\.exe)?|pwsh|wscript|cscript|mshta|msiexec|rundll32|regsvr32|java)$/i;

const baseName = (p: string): string =>
  p
    .replace(/^["']|["']$/g, '')
    .split(/[\\/]/)
    .pop()!
    .toLowerCase();

const FETCH_TOOL =
  /\b(?:curl|wget|bitsadmin|certutil|Invoke-WebRequest|iwr|irm|Invoke-RestMethod|Start-BitsTransfer|DownloadFile)\b/i;

/**
 * The bare names of the files a command line downloads into (curl -o / -O, wget, iwr -OutFile,
 * certutil, bitsadmin, DownloadFile). A URL the code builds at run time is read as some URL.
 */
export function downloadedFiles(cmd: string, keepComputed = false): string[] {
  if (!FETCH_TOOL.test(cmd)) return [];
  const out: string[] = [];
  for (const s of steps(cmd)) {
    if (!FETCH_TOOL.test(s)) continue;
    let step = /\bhttps?:\/\//i.test(s) ? s : s.replace(/\{\}/, 'http://unresolved.invalid/');
    // Short options run together: curl -sSLo F, wget -qO F / -qO-.
    if (/\bcurl\b/i.test(step)) step = step.replace(/\s-([a-zA-Z]+)o(?=\s)/g, ' -$1 -o');
    if (/\bwget\b/i.test(step)) step = step.replace(/\s-([a-zA-Z]+)O(?=\s|-)/g, ' -$1 -O');
    for (const d of scriptDownloads(step).downloads)
      if (d.out && d.out !== '-' && !/^\/dev\//.test(d.out)) out.push(fileKey(d.out));
  }
  return out.filter((x) => x !== '' && (keepComputed || x !== '{}'));
}

/** A downloaded file as it is matched: its bare name, or the whole path when the name is built at run time (`/tmp/{}`). */
function fileKey(p: string): string {
  const b = baseName(p);
  return b.includes('{}') ? p.replace(/^["']|["']$/g, '').toLowerCase() : b;
}

/** Steps of a command line: split on `&&`, `||`, `;`, `&`, `|` and new lines. */
function steps(cmd: string): string[] {
  return cmd.split(/\s*(?:&&|\|\||;|\||(?<![&>])&(?!&)|\n)\s*/).filter((s) => s !== '');
}

/** Whether a step runs one of `files` (the program itself, or the file handed to a launcher or interpreter). */
function runsFile(step: string, files: ReadonlySet<string>): string | null {
  const words = step.trim().split(/\s+/);
  for (let i = 0; i < words.length && i < 6; i++) {
    const w = words[i]!;
    const b = fileKey(w);
    if (b !== '' && (b !== '{}' || files.has('{}')) && (files.has(b) || files.has(b.replace(/\.(?:exe|cmd|bat|ps1|sh|py)$/, '')))) {
      const launcher = words.slice(0, i).filter((x) => !/^-/.test(x) && !/^\/\w+$/.test(x) && !/^(?:""|'')$/.test(x));
      if (launcher.every((x) => FILE_RUNNER.test(x))) return w;
      return null;
    }
    if (/^-/.test(w) && i > 0) continue;
  }
  return null;
}

/**
 * Why a command line runs remote code, or null. `downloaded`: bare names of files that other commands
 * of the same file download (a fetch in one process start, the run in another).
 */
export function remoteRun(cmd: string, downloaded: ReadonlySet<string> = new Set()): string | null {
  if (cmd.length > 8_000) cmd = cmd.slice(0, 8_000);
  if (PIPE_RUN.test(cmd)) return 'a download piped into a shell or interpreter';
  if (SUBST_RUN.test(cmd)) return 'a download substituted into a command a shell or interpreter runs';
  if (PS_STRING_RUN.test(cmd)) return 'a download evaluated by PowerShell (Invoke-Expression)';
  if (URL_RUNNER.test(cmd)) return 'a program that runs what a URL points at';
  if (INLINE_FETCH_EXEC.test(cmd)) return 'inline interpreter code that fetches and executes code';
  if (PS_HIDDEN.test(cmd)) return 'a hidden or encoded PowerShell command';
  // A file whose name the code computes (`"{}"`) counts within this command line: a later step that runs
  // the computed path (`bitsadmin /transfer j URL "{}" && start "" "{}"`) runs what was downloaded.
  const here = downloadedFiles(cmd, true);
  if (here.length === 0 && downloaded.size === 0) return null;
  const files = new Set([...here, ...downloaded]);
  // In the same command line, a step after the download; a file another command downloads, any step.
  let after = false;
  for (const s of steps(cmd)) {
    if (downloadedFiles(s, true).length > 0) {
      after = true;
      continue;
    }
    const hit = runsFile(s, after ? files : downloaded);
    if (hit)
      return `${after && here.length > 0 ? 'a downloaded file' : 'a file another command downloads'} is run (${hit})`;
  }
  return null;
}

/**
 * The file operand of a command-line client's upload option: curl `-F name=@f` / `name=<f`, `--form`,
 * `-d @f`, `--data-binary @f`, `--data-urlencode name@f`, `-T f`, `--upload-file f`, wget `--post-file=f` /
 * `--body-file=f` (not `--data-raw`, which sends its text). What the file holds is what the command sends
 * (python/flow.ts `uploadTaints`, npm/flow-js.ts). A caller may stand a computed part as \u0000N\u0000.
 */
export const UPLOAD_OPERAND =
  /(?:^|\s)(?:-F|--form)[\s=]+["']?[\w.[\]-]*=[<@]([^\s;'"&|]+)|(?:^|\s)(?:-d|--data(?:-binary|-ascii)?|--data-urlencode\s+[\w.-]*)[\s=]*["']?@([^\s;'"&|]+)|(?:^|\s)(?:-T|--upload-file)[\s=]+["']?([^\s;'"&|]+)|(?:^|\s)--(?:post|body)-file[\s=]+["']?([^\s;'"&|]+)/g;

/** Network clients a command line runs: what they are handed goes to the URL (or host and port) they name. */
const CLIENT_STEP =
  /(?:^|[\s;&|(])(?:\S*[\\/])?(?:curl|wget|http|https|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|nc|ncat|netcat)(?:\.exe)?(?=\s)/i;
const URL_IN = /\bhttps?:\/\/[^\s'"`<>|]+/i;
const NC_DEST = /\b(?:nc|ncat|netcat)(?:\.exe)?\s+(?:-\S+\s+)*([\w.-]+\.[\w-]+)\s+(\d{1,5})\b/i;

/** A command line that runs a network client, and where it sends (null: a destination the code builds). */
export function commandSend(cmd: string): { dest: string | null } | null {
  if (!CLIENT_STEP.test(cmd)) return null;
  const url = URL_IN.exec(cmd)?.[0];
  if (url) return { dest: url.slice(0, 100) };
  const nc = NC_DEST.exec(cmd);
  if (nc) return { dest: `${nc[1]}:${nc[2]}` };
  return { dest: null };
}
