/**
 * Shell findings about what gets executed: downloaded code run (piped, evaluated, or downloaded
 * then run in a second step), graded by where it comes from and how it is hidden; plain
 * shell-outs and subprocesses are disclosed as the shell capability, not treated as threats.
 */
import type { ScanContext } from './context.js';
import { scanPatterns } from './context.js';
import { findBareHosts, findUrls } from './hosts.js';
import {
  BARE_EXEC,
  CHILD_PROCESS_IMPORT,
  EVAL_DOWNLOAD,
  EVAL_DOWNLOAD_SHELL_BLOCK,
  matchesOf,
  PIPE_TO_SHELL,
  SHELL_OUT_HIGH,
  SHELL_OUT_HIGH_CODE,
  SUBPROCESS_MEDIUM,
} from './patterns.js';
import { isCollector, isIpLiteral, isKnownInstaller, isPasteHost, vendorLabel } from './reputation.js';
import { isShellLang, type SourceText } from './text.js';
import { gradeUrl } from './effects/catalogue/hosts.js';
import { withSectionWords } from './effects/vendor.js';
import { inTeachingContext } from './behaviour.js';
import { spanNegated, structuralLineModes } from './prose/structure.js';
import { matchAll } from './match-all.js';

/** Languages whose blocks are programs (a shell-out there is hidden from a reader of commands). */
const PROGRAM_LANGS = new Set(['python', 'py', 'python3', 'javascript', 'js', 'typescript', 'ts', 'node', 'mjs', 'ruby', 'rb', 'go', 'java', 'php', 'perl', 'rust']);

const INSECURE = /(?:^|\s)(?:-k|--insecure|--no-check-certificate|--no-verify(?:-ssl)?|--disable-ssl|-SkipCertificateCheck)\b/;
const SILENCED = /\|\s*(?:sudo\s+)?(?:ba|z)?sh\b[^\n|]{0,60}(?:>\s*\/dev\/null|2>&1\s*&|&\s*$)|\bnohup\b|-w(?:indowstyle)?\s+hidden\b|-ExecutionPolicy\s+Bypass\b[^\n]{0,80}-w(?:indowstyle)?\s+h/i;
const CONCEAL_NEAR = /\b(?:do\s+not|don['\u2019]?t|never)\s+(?:mention|tell|show|explain|report)\b|\bsilently\b|\bquietly\b|\bwithout\s+(?:telling|asking|informing)\b/i;

export interface SourceGrade {
  /** Hosts the content comes from ('' for a variable URL). */
  hosts: string[];
  trusted: boolean;
  aggravated: string | null;
}

/**
 * Where does downloaded code come from, and is anything about it hidden or unsafe?
 * Trusted = every source is a well-known installer, or the vendor the skill is about.
 */
export function gradeSource(ctx: ScanContext, commandText: string, lineNo: number): SourceGrade {
  const hits = [...findUrls(commandText), ...findBareHosts(commandText)];
  const hosts = hits.map((h) => h.host);
  let aggravated: string | null = null;
  for (const h of hits) {
    if (isIpLiteral(h.host)) aggravated = `a bare IP address (${h.host})`;
    else if (isPasteHost(h.host)) aggravated = `a paste site (${h.host})`;
    else if (isCollector(h.raw, h.host)) aggravated = `a tunnel or collection host (${h.host})`;
    else if (/^http:\/\//i.test(h.raw)) aggravated = `plain HTTP (${h.host})`;
    if (aggravated) break;
  }
  if (!aggravated && /[^\x00-\x7F]/.test(hosts.join(''))) aggravated = 'a host with non-ASCII look-alike letters';
  if (!aggravated && INSECURE.test(commandText)) aggravated = 'certificate checks turned off';
  if (!aggravated && SILENCED.test(commandText)) aggravated = 'output hidden or run in the background';
  if (!aggravated && ctx.normalised && changedNear(ctx, lineNo)) aggravated = 'the command is disguised with quoting or escapes';
  if (!aggravated && hits.length === 0 && decodedVariable(ctx, commandText)) aggravated = 'an address decoded at run time from an encoded string';
  if (!aggravated) {
    const lo = Math.max(1, lineNo - 3);
    const hi = Math.min(ctx.src.lines.length, lineNo + 3);
    if (CONCEAL_NEAR.test(ctx.src.lines.slice(lo - 1, hi).join('\n'))) aggravated = 'the text asks to keep it from the user';
  }
  const words = withSectionWords(ctx.src, lineNo, ctx.vendorWords);
  const trusted = hits.length > 0 && hits.every((h) => isKnownInstaller(h.raw) || vendorOwned(ctx, h.raw, h.host) || ['vendor', 'known-installer'].includes(gradeUrl(h.raw, words).grade));
  return { hosts, trusted, aggravated };
}

/** A decoder in an assignment: `_h := $(shell … | base64 -d)`, `u=$(echo … | xxd -r -p)`, `$u = [Convert]::FromBase64String(…)`. */
const DECODER = /\bbase(?:64|32)\s+(?:-d|-D|--decode)\b|\bxxd\s+-r\b|\bb64decode\b|\batob\s*\(|FromBase64String|\bopenssl\s+(?:enc\s+)?(?:-d\b|base64\s+-d)/;

/** Whether a variable the command uses (`$(_h)`, `${U}`, `$u`) is assigned, in this document, from a decoder. */
function decodedVariable(ctx: ScanContext, commandText: string): boolean {
  for (const m of matchAll(commandText, /\$[({]?([A-Za-z_]\w{0,40})[)}]?/g)) {
    const name = m[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const assign = new RegExp(`^[ \\t]*(?:export[ \\t]+|local[ \\t]+|\\$)?${name}[ \\t]*(?::=|\\?=|=)([^\\n]{0,400})`, 'm').exec(ctx.src.content);
    if (assign && DECODER.test(assign[1]!)) return true;
  }
  return false;
}

/** In the twin: whether normalisation changed the command's line or a line next to it (a continued command). */
function changedNear(ctx: ScanContext, lineNo: number): boolean {
  if (!ctx.original) return true;
  for (let l = Math.max(1, lineNo - 2); l <= lineNo + 2; l++) if (ctx.src.lines[l - 1] !== ctx.original.lines[l - 1]) return true;
  return false;
}

/** A host (or a GitHub owner) named after what the skill is about: the vendor's own installer. */
function vendorOwned(ctx: ScanContext, url: string, host: string): boolean {
  const label = vendorLabel(host);
  if (label.length >= 3 && ctx.vendorWords.has(label) && !['github', 'githubusercontent', 'gitlab'].includes(label)) return true;
  const gh = /^(?:https?:\/\/)?(?:github\.com|raw\.githubusercontent\.com|objects\.githubusercontent\.com)\/([\w.-]{2,40})\//i.exec(url);
  return gh ? ctx.vendorWords.has(gh[1]!.toLowerCase()) : false;
}

function lineText(src: SourceText, offset: number): { text: string; line: number } {
  const line = src.lineOf(offset);
  // a command continued with a trailing backslash reads as one line
  let text = src.lines[line - 1] ?? '';
  // (the end of the line is looked at, not the whole line: `\\\s*$` tried from every position of a long one)
  for (let l = line; l < src.lines.length && (src.lines[l - 1] ?? '').trimEnd().endsWith('\\') && l < line + 6; l++) text += ` ${src.lines[l]}`;
  return { text, line };
}

function describe(hosts: string[]): string {
  let d = described.get(hosts);
  if (d === undefined) {
    const u = [...new Set(hosts.filter(Boolean))];
    described.set(hosts, (d = u.length ? u.join(', ') : 'a URL held in a variable'));
  }
  return d;
}
/** A grade's hosts in words, once per grade (a line's grade is shared by every command on it). */
const described = new WeakMap<string[], string>();

/**
 * A line's grade, once per scan and line: a line holding many piped downloads (one long sentence of inline
 * commands) is graded as a whole for each of them, which read the line again per pipe (quadratic).
 */
const gradesByLine = new WeakMap<ScanContext, Map<number, SourceGrade>>();
function lineGrade(ctx: ScanContext, text: string, line: number): SourceGrade {
  let memo = gradesByLine.get(ctx);
  if (!memo) gradesByLine.set(ctx, (memo = new Map()));
  let g = memo.get(line);
  if (!g) memo.set(line, (g = gradeSource(ctx, text, line)));
  return g;
}

function pipeFinding(ctx: ScanContext, off: number, label: string): void {
  const { text, line } = lineText(ctx.src, off);
  const g = lineGrade(ctx, text, line);
  ctx.caps.add('shell', off, label);
  ctx.caps.add('network', off, label);
  if (g.aggravated) {
    ctx.out.add('shellPipe', off, `Runs a script downloaded from ${describe(g.hosts)} (${label}) with ${g.aggravated}; whatever the server returns runs unreviewed.`);
  } else if (g.trusted) {
    ctx.out.add('shellPipeVendor', off, `Runs the vendor's remote installer from ${describe(g.hosts)} (${label}); it is not pinned to reviewed content.`);
  } else {
    ctx.out.add('shellPipeUnknown', off, `Runs a script downloaded from ${describe(g.hosts)} (${label}), a host that is not a well-known installer or the vendor the skill is about.`);
  }
}

const DOWNLOAD_TO_FILE = /\b(?:curl|wget)\b[^\n|;&]{0,300}?(?:\s-o\s*|\s--output[=\s]|\s-O\s+|\s--output-document[=\s]|\s>\s*)["']?([~$\w./{}-]{1,200})|\b(?:Invoke-WebRequest|iwr|curl\.exe)\b[^\n|;]{0,300}?-OutFile\s+["']?([~$\w.:\\/{}-]{1,200})|\burlretrieve\s*\([^\n,]{1,300},\s*["']([~\w./-]{1,200})["']/gi;
const DOWNLOAD_REMOTE_NAME = /\b(?:curl\b[^\n|;&]{0,200}?\s-[a-zA-Z]*O[a-zA-Z]*\s+|wget\s+(?:-[a-zA-Z-]+\s+){0,4})["']?(https?:\/\/[^\s"'|;&]{4,300})/g;
const ARCHIVE = /\.(?:tar|tgz|gz|bz2|xz|zip|deb|rpm|whl|jar)$/i;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A file downloaded and then run (chmod +x / ./file / sh file / Start-Process file) later in the same block. */
function checkDownloadThenRun(ctx: ScanContext, text: string, base: number): void {
  const downloads: { index: number; file: string }[] = [];
  for (const m of matchesOf(DOWNLOAD_TO_FILE, text)) {
    const file = (m[1] ?? m[2] ?? m[3] ?? '').replace(/["']$/, '');
    if (file && file !== '-' && !file.startsWith('/dev/')) downloads.push({ index: m.index, file });
  }
  for (const m of matchesOf(DOWNLOAD_REMOTE_NAME, text)) {
    const name = m[1]!.split(/[?#]/)[0]!.split('/').pop() ?? '';
    if (name) downloads.push({ index: m.index, file: name });
  }
  for (const d of downloads) {
    const baseName = d.file.split(/[\\/]/).pop() ?? '';
    if (baseName.length < 2 || ARCHIVE.test(baseName) || /^\$\w+$/.test(baseName) || /\.(?:json|txt|md|csv|ya?ml|html?|png|jpe?g|svg|pdf|xml)$/i.test(baseName)) continue;
    const after = text.slice(d.index, d.index + 1500);
    const b = escapeRe(baseName);
    const runs = new RegExp(
      String.raw`\bchmod\s+(?:[-+\w]*x|[0-7]{3,4})\b[^\n]{0,200}${b}|(?:^|[;&|(]\s*|\s)(?:sudo\s+)?(?:nohup\s+)?(?:(?:ba|z)?sh|python3?|node|perl|ruby|source|\.|open|Start-Process|&)\s+["']?[^\s"']{0,200}${b}\b|(?:^|[;&|(]\s*)(?:sudo\s+)?(?:nohup\s+)?["']?(?:\.\/|\/|~\/|\$\w+\/)[^\s"']{0,200}${b}\b`,
      'm',
    );
    const run = runs.exec(after);
    if (!run) continue;
    const off = base + d.index;
    const { text: cmd, line } = lineText(ctx.src, off);
    const g = lineGrade(ctx, cmd, line);
    const hidden = /^(?:\/tmp\/|\/var\/tmp\/|~?\/?\.\w|\$TMPDIR)|\/\.[\w-]+$/.test(d.file) || /\s--bg\b|\s-d\b|&\s*$|\bdaemon\b/.test(after.slice(run.index, run.index + 200));
    ctx.caps.add('shell', off, 'download then run');
    ctx.caps.add('network', off, 'download then run');
    const why = g.aggravated ?? (hidden && !g.trusted ? 'a hidden or temporary path and a background run' : null);
    if (why) {
      ctx.out.add('downloadRun', off, `Downloads ${baseName} from ${describe(g.hosts)} and runs it, with ${why}.`);
    } else if (!g.trusted && !/github\.com\/[^/\s]+\/[^/\s]+\/releases\/download\//i.test(cmd)) {
      ctx.out.add('downloadRunUnknown', off, `Downloads ${baseName} from ${describe(g.hosts)} and runs it; that host is not a well-known vendor.`);
    }
  }
}

const DOWNLOAD_INTO_VAR = /\b([A-Za-z_]\w{0,40})=["']?\$\(\s*(?:curl|wget)\b[^\n]{0,300}\)/g;

/** `c=$(curl …)` then `bash -c "$c"` / `eval "$c"`: downloaded text run through a variable. */
function checkDownloadIntoVariable(ctx: ScanContext, text: string, base: number): void {
  for (const m of matchesOf(DOWNLOAD_INTO_VAR, text)) {
    const v = escapeRe(m[1]!);
    const run = new RegExp(String.raw`\b(?:eval|(?:ba|z)?sh\s+-c|source|python3?\s+-c|iex)\s+["']?\$\{?${v}\b|\becho\s+["']?\$\{?${v}\}?["']?\s*\|\s*(?:sudo\s+)?(?:ba|z)?sh\b`);
    if (!run.test(text.slice(m.index))) continue;
    const off = base + m.index;
    ctx.out.add('evalDownload', off, `Downloads text into $${m[1]} and then runs it as a command.`);
    ctx.caps.add('shell', off, 'download run from a variable');
    ctx.caps.add('network', off, 'download run from a variable');
  }
}

/** Blocks the effect model reads with the shell parser: what they download and run is judged there (effects/policies.ts). */
const POWERSHELL_LANGS = new Set(['powershell', 'ps1', 'pwsh', 'ps', 'posh', 'cmd', 'bat', 'batch', 'dos']);
function parsedByEffects(seg: { kind: string; lang: string }): boolean {
  return seg.kind === 'inline' || (isShellLang(seg.lang) && !POWERSHELL_LANGS.has(seg.lang)) || PROGRAM_LANGS.has(seg.lang);
}

/** The text before a match opens a full-line comment (`#`, `//`, `--`, `;`, `REM`; not a `#!` line). */
const FULL_LINE_COMMENT = /^\s*(?:#(?!!)|\/\/|--\s|;|REM\s)/i;

/** Shell-outs in code: both lists, built once (the prefilter remembers a list by its object). */
const SHELL_OUT_IN_CODE = [...SHELL_OUT_HIGH, ...SHELL_OUT_HIGH_CODE];

export function checkShell(ctx: ScanContext): void {
  const { src, out, caps } = ctx;
  for (const seg of src.codeSegments()) {
    const program = seg.kind === 'block' && PROGRAM_LANGS.has(seg.lang);
    if (parsedByEffects(seg)) {
      // still disclosed as capabilities; the verdict on what runs comes from the effect model
      scanPatterns(PIPE_TO_SHELL, seg.text, seg.offset, (off, label) => {
        caps.add('shell', off, label);
        caps.add('network', off, label);
      });
    } else {
      // (a block the document's structure makes data — an example of an attack, defanged indicators, things to
      // detect — is not a step, as the effect model decides for the blocks it parses)
      scanPatterns(PIPE_TO_SHELL, seg.text, seg.offset, (off, label) => {
        if (seg.kind === 'block' && structuralLineModes(src).has(src.lineOf(off))) return;
        // (a full-line comment — `# Attacker sets the title to: "; curl … | bash #` — is not run in any language)
        if (seg.kind === 'block' && FULL_LINE_COMMENT.test(src.content.slice(src.lineStart(src.lineOf(off)), off))) return;
        pipeFinding(ctx, off, label);
      });
    }
    scanPatterns(EVAL_DOWNLOAD, seg.text, seg.offset, (off, label) => {
      if (!parsedByEffects(seg)) out.add('evalDownload', off, `Executes downloaded content (${label}).`);
      caps.add('shell', off, label);
      caps.add('network', off, label);
    });
    if (seg.kind === 'block' && !parsedByEffects(seg) && (isShellLang(seg.lang) || seg.lang === '')) {
      scanPatterns(EVAL_DOWNLOAD_SHELL_BLOCK, seg.text, seg.offset, (off, label) => {
        out.add('evalDownload', off, `Executes downloaded content (${label}).`);
        caps.add('shell', off, label);
      });
    }
    if (!parsedByEffects(seg)) {
      checkDownloadThenRun(ctx, seg.text, seg.offset);
      checkDownloadIntoVariable(ctx, seg.text, seg.offset);
    }
    scanPatterns(SHELL_OUT_IN_CODE, seg.text, seg.offset, (off, label) => {
      out.add('shellExec', off, `Runs commands through a shell interpreter (${label}).`);
      caps.add('shell', off, label, program);
    });
    if (seg.kind === 'block' && CHILD_PROCESS_IMPORT.test(seg.text)) {
      for (const m of matchesOf(BARE_EXEC, seg.text)) {
        out.add('shellExec', seg.offset + m.index, 'Runs commands through a shell interpreter (child_process exec).');
        caps.add('shell', seg.offset + m.index, 'child_process exec', true);
      }
    }
    scanPatterns(SUBPROCESS_MEDIUM, seg.text, seg.offset, (off, label) => {
      out.add('subprocess', off, `Starts subprocesses (${label}).`);
      caps.add('shell', off, label, program);
    });
  }
  // Outside code, a download piped to a shell is still an instruction to run it (unless the line is
  // something to detect or an example, by the document's structure).
  // The document's structure (inTeachingContext) is asked only for a line that matches: building it
  // costs more than the patterns, and the normalised twin would otherwise build its own for nothing.
  for (let i = src.bodyStartLine - 1; i < src.lines.length; i++) {
    if (src.kinds[i] !== 'prose') continue;
    const line = src.lines[i]!;
    let teaching: boolean | undefined;
    scanPatterns(PIPE_TO_SHELL, line, src.lineStarts[i]!, (off, label) => {
      if ((teaching ??= inTeachingContext(src, i + 1))) return;
      // "Never run `curl … | sudo bash` from a host you do not recognise" is a rule, not a step
      const at = off - src.lineStarts[i]!;
      if (spanNegated(line.slice(Math.max(0, at - 400), at))) return;
      pipeFinding(ctx, off, label);
    });
  }
}
