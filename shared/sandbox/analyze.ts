/**
 * Heuristic sandbox analyzer for SKILL.md files.
 *
 * Pure, synchronous and deterministic: the same ParsedSkill always yields the same report, with
 * findings sorted by line, column and rule id. All scanning is linear-time in the size of the file.
 */
import type { ParsedSkill } from '../skills/types.js';
import { CAPABILITIES, isCapability, type Capability } from '../skills/capabilities.js';
import type { AnalyzeSkill, Finding, FindingCategory, RiskLevel, SandboxReport, Severity } from './types.js';
import { SEVERITY_ORDER } from './types.js';
import { Collector } from './collector.js';
import { checkComments, checkHomoglyphs, checkInvisibleCharacters, checkPadding, visibleText } from './hidden.js';
import { findBareHosts, findUrls, hostMatcher, isDocumentationHost, type HostHit } from './hosts.js';
import { checkObfuscation } from './obfuscation.js';
import {
  BARE_EXEC,
  CALL_BEFORE_URL,
  CHILD_PROCESS_IMPORT,
  EVAL_DOWNLOAD,
  EVAL_DOWNLOAD_SHELL_BLOCK,
  FS_READ_OUTSIDE,
  FS_WRITE,
  FS_WRITE_SHELL,
  NETWORK_EXTRA,
  OUTBOUND_SEND,
  PIPE_TO_SHELL,
  PROMPT_OVERRIDE,
  REVIEWER_DIRECTED,
  SHELL_OUT_HIGH,
  SHELL_OUT_HIGH_CODE,
  SUBPROCESS_MEDIUM,
  findCredentialReads,
  findOutboundSends,
  matchesOf,
  type Pattern,
} from './patterns.js';
import { isShellLang, preview, SourceText } from './text.js';

export const SANDBOX_RULESET_VERSION = 'sandbox-2026.11.1';

/** Lines around a credential read (outside code blocks) searched for an outbound send. */
const EXFIL_WINDOW = 5;

interface Evidence {
  offset: number;
  label: string;
}

/** Earliest evidence per inferred capability. */
class Capabilities {
  readonly byCap = new Map<Capability, Evidence>();

  add(cap: Capability, offset: number, label: string): void {
    const prev = this.byCap.get(cap);
    if (!prev || offset < prev.offset) this.byCap.set(cap, { offset, label });
  }

  list(): Capability[] {
    return [...this.byCap.keys()].sort();
  }
}

function scanPatterns(patterns: readonly Pattern[], text: string, base: number, fn: (offset: number, label: string, match: string) => void): void {
  for (const pat of patterns) {
    for (const m of matchesOf(pat.re, text)) fn(base + m.index, pat.label, m[0]);
  }
}

// ---------------------------------------------------------------------------------------------

function checkShell(src: SourceText, out: Collector, caps: Capabilities): void {
  const text = src.content;
  scanPatterns(PIPE_TO_SHELL, text, 0, (off, label) => {
    out.add('shellPipe', off, `Pipes downloaded content straight into a shell (${label}), so whatever the server returns runs unreviewed.`);
    caps.add('shell', off, label);
    caps.add('network', off, label);
  });
  scanPatterns(EVAL_DOWNLOAD, text, 0, (off, label) => {
    out.add('evalDownload', off, `Executes downloaded content (${label}).`);
    caps.add('shell', off, label);
    caps.add('network', off, label);
  });
  scanPatterns(SHELL_OUT_HIGH, text, 0, (off, label) => {
    out.add('shellExec', off, `Runs commands through a shell interpreter (${label}).`);
    caps.add('shell', off, label);
  });
  scanPatterns(SUBPROCESS_MEDIUM, text, 0, (off, label) => {
    out.add('subprocess', off, `Starts subprocesses (${label}).`);
    caps.add('shell', off, label);
  });
  for (const seg of src.codeSegments()) {
    scanPatterns(SHELL_OUT_HIGH_CODE, seg.text, seg.offset, (off, label) => {
      out.add('shellExec', off, `Runs commands through a shell interpreter (${label}).`);
      caps.add('shell', off, label);
    });
    if (seg.kind !== 'block') continue;
    if (CHILD_PROCESS_IMPORT.test(seg.text)) {
      for (const m of matchesOf(BARE_EXEC, seg.text)) {
        const off = seg.offset + m.index;
        out.add('shellExec', off, 'Runs commands through a shell interpreter (child_process exec).');
        caps.add('shell', off, 'child_process exec');
      }
    }
    if (isShellLang(seg.lang)) {
      scanPatterns(EVAL_DOWNLOAD_SHELL_BLOCK, seg.text, seg.offset, (off, label) => {
        out.add('evalDownload', off, `Executes downloaded content (${label}).`);
        caps.add('shell', off, label);
        caps.add('network', off, label);
      });
    }
  }
}

/** Keep only the most severe shell_execution finding per line. */
function collapseShellFindings(findings: Finding[]): Finding[] {
  const best = new Map<number, Finding>();
  for (const f of findings) {
    if (f.category !== 'shell_execution') continue;
    const prev = best.get(f.location.line);
    if (!prev || rank(f.severity) > rank(prev.severity)
      || (rank(f.severity) === rank(prev.severity) && f.location.column < prev.location.column)) {
      best.set(f.location.line, f);
    }
  }
  return findings.filter((f) => f.category !== 'shell_execution' || best.get(f.location.line) === f);
}

function rank(s: Severity): number {
  return SEVERITY_ORDER.indexOf(s);
}

// ---------------------------------------------------------------------------------------------

function uniq(labels: string[], max = 3): string {
  const u = [...new Set(labels)];
  return u.slice(0, max).join(', ') + (u.length > max ? ', …' : '');
}

/**
 * A named secret sent only to hosts the manifest declares is authentication with a declared API
 * (e.g. `Authorization: Bearer ${process.env.API_KEY}` to the declared origin), not exfiltration.
 * Dumps of the whole environment and credential files are never exempt.
 */
function authenticatesDeclaredApi(text: string, creds: ReturnType<typeof findCredentialReads>, covered: (h: string) => boolean): boolean {
  if (!creds.every((c) => c.named && !c.file)) return false;
  const hosts = [...findUrls(text), ...findBareHosts(text)];
  return hosts.length > 0 && hosts.every((h) => !isDocumentationHost(h.host) && covered(h.host));
}

function checkExfiltration(src: SourceText, out: Collector, caps: Capabilities, covered: (h: string) => boolean): void {
  const text = src.content;
  for (const block of src.blocks) {
    if (block.end <= block.start) continue;
    const body = text.slice(block.start, block.end);
    const creds = findCredentialReads(body);
    if (creds.length === 0) continue;
    const sends = findOutboundSends(body);
    if (sends.length === 0) continue;
    if (authenticatesDeclaredApi(body, creds, covered)) continue;
    const off = block.start + creds[0].index;
    out.add('credentialExfil', off,
      `Reads credentials (${uniq(creds.map((c) => c.label))}) and sends data outbound (${uniq(sends.map((s) => s.label))}) in the same code block, which can leak secrets.`,
      `block:${block.index}`);
    caps.add('env', off, creds[0].label);
    caps.add('network', block.start + sends[0].index, sends[0].label);
  }

  // Outside code blocks: a credential read with an outbound send within EXFIL_WINDOW lines.
  const isOutside = (line: number) => {
    const k = src.kindOfLine(line);
    return k === 'prose' || k === 'frontmatter';
  };
  const credByLine = new Map<number, { offset: number; label: string; named: boolean; file: boolean }[]>();
  for (const c of findCredentialReads(text)) {
    const line = src.lineOf(c.index);
    if (!isOutside(line)) continue;
    const list = credByLine.get(line) ?? [];
    list.push({ offset: c.index, label: c.label, named: c.named, file: c.file });
    credByLine.set(line, list);
  }
  if (credByLine.size === 0) return;
  const sendLines = new Map<number, { offset: number; label: string }>();
  for (const s of findOutboundSends(text)) {
    const line = src.lineOf(s.index);
    if (isOutside(line) && !sendLines.has(line)) sendLines.set(line, { offset: s.index, label: s.label });
  }
  let lastEmitted = -Infinity;
  for (const line of [...credByLine.keys()].sort((a, b) => a - b)) {
    if (line - lastEmitted <= EXFIL_WINDOW) continue;
    const lo = Math.max(1, line - EXFIL_WINDOW);
    const hi = Math.min(src.lines.length, line + EXFIL_WINDOW);
    const sendsNear: { offset: number; label: string }[] = [];
    for (let l = lo; l <= hi; l++) {
      const s = sendLines.get(l);
      if (s) sendsNear.push(s);
    }
    if (sendsNear.length === 0) continue;
    const creds = credByLine.get(line) ?? [];
    const windowText = src.lines.slice(lo - 1, hi).filter((_, i) => isOutside(lo + i)).join('\n');
    const credInfo = creds.map((c) => ({ index: 0, label: c.label, named: c.named, file: c.file }));
    if (authenticatesDeclaredApi(windowText, credInfo, covered)) continue;
    lastEmitted = line;
    out.add('credentialExfil', creds[0].offset,
      `Reads credentials (${uniq(creds.map((c) => c.label))}) and sends data outbound (${uniq(sendsNear.map((s) => s.label))}) within ${EXFIL_WINDOW} lines, which can leak secrets.`,
      `prose:${line}`);
    caps.add('env', creds[0].offset, creds[0].label);
    caps.add('network', sendsNear[0].offset, sendsNear[0].label);
  }
}

// ---------------------------------------------------------------------------------------------

function checkPromptInjection(src: SourceText, out: Collector): void {
  const { text, toOriginal } = visibleText(src.content);
  scanPatterns(PROMPT_OVERRIDE, text, 0, (off, _label, match) => {
    out.add('promptOverride', toOriginal(off), `Text tries to override the agent's instructions ("${preview(match, 60)}").`);
  });
  scanPatterns(REVIEWER_DIRECTED, text, 0, (off, _label, match) => {
    out.add('reviewerDirected', toOriginal(off), `Text addresses the reviewer to influence the verdict ("${preview(match, 60)}").`);
  });
}

// ---------------------------------------------------------------------------------------------

function checkHosts(
  src: SourceText,
  out: Collector,
  covered: (h: string) => boolean,
  observed: { urls: Set<string>; hosts: Set<string> },
): void {
  const text = src.content;
  const bodyStart = src.bodyStartLine <= src.lines.length ? src.lineStart(src.bodyStartLine) : text.length;
  const hits: HostHit[] = [...findUrls(text), ...findBareHosts(text)].sort((a, b) => a.index - b.index || a.raw.localeCompare(b.raw));
  for (const hit of hits) {
    // The frontmatter is metadata (the manifest itself, homepage and licence links), not behaviour.
    if (hit.index < bodyStart) continue;
    if (isDocumentationHost(hit.host)) continue;
    observed.hosts.add(hit.host);
    if (!hit.bare) observed.urls.add(hit.raw);
    if (covered(hit.host)) continue;
    const line = src.lineOf(hit.index);
    const lineStart = src.lineStart(line);
    const inCode = src.kindOfLine(line) === 'code';
    const before = text.slice(Math.max(lineStart, hit.index - 200), hit.index);
    const withCall = hit.bare || CALL_BEFORE_URL.test(before);
    const shown = preview(hit.raw, 80);
    if (inCode || withCall) {
      out.add('hostInCode', hit.index,
        `Calls host "${hit.host}" (${shown}) ${inCode ? 'from code' : 'with a network call'}, but manifest.externalCalls does not cover it.`,
        `host:${hit.host}`);
    } else {
      out.add('hostInProse', hit.index,
        `Mentions host "${hit.host}" (${shown}), which manifest.externalCalls does not cover.`,
        `host:${hit.host}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------

const SHELL_PROMPT_LINE = /^[ \t]*\$[ \t]+\S/m;

function inferCapabilities(src: SourceText, caps: Capabilities): void {
  for (const seg of src.codeSegments()) {
    const shellBlock = seg.kind === 'block' && (isShellLang(seg.lang) || (seg.lang === '' && SHELL_PROMPT_LINE.test(seg.text)));
    if (shellBlock) {
      const first = seg.text.search(/\S/);
      if (first !== -1) caps.add('shell', seg.offset + first, `\`\`\`${seg.lang || 'shell'} block`);
    }
    scanPatterns(OUTBOUND_SEND, seg.text, seg.offset, (off, label) => caps.add('network', off, label));
    scanPatterns(NETWORK_EXTRA, seg.text, seg.offset, (off, label) => caps.add('network', off, label));
    scanPatterns(FS_WRITE, seg.text, seg.offset, (off, label) => caps.add('filesystem:write', off, label));
    if (shellBlock) scanPatterns(FS_WRITE_SHELL, seg.text, seg.offset, (off, label) => caps.add('filesystem:write', off, label));
    scanPatterns(FS_READ_OUTSIDE, seg.text, seg.offset, (off, label) => caps.add('filesystem:read', off, label));
    for (const c of findCredentialReads(seg.text)) {
      caps.add('env', seg.offset + c.index, c.label);
      if (c.file) caps.add('filesystem:read', seg.offset + c.index, c.label);
    }
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Offset of a capability name in the frontmatter (after the `capabilities` key when present), else 0. */
function frontmatterOffset(src: SourceText, cap: string): number {
  const fmEnd = Math.min(src.bodyStartLine - 1, src.lines.length);
  const re = new RegExp(`(?<![\\w:-])${escapeRegExp(cap)}(?![\\w:-])`);
  let startLine = 0;
  for (let i = 0; i < fmEnd; i++) {
    if (/capabilities/i.test(src.lines[i])) {
      startLine = i;
      break;
    }
  }
  for (const from of [startLine, 0]) {
    for (let i = from; i < fmEnd; i++) {
      const m = re.exec(src.lines[i]);
      if (m) return src.lineStarts[i] + m.index;
    }
  }
  return 0;
}

function checkManifest(src: SourceText, skill: ParsedSkill, out: Collector, caps: Capabilities): void {
  const declared = [...new Set((skill.manifest?.capabilities ?? []).filter((c): c is string => typeof c === 'string'))];
  const known = new Set<string>();
  for (const cap of declared) {
    if (isCapability(cap)) {
      known.add(cap);
    } else {
      out.add('capabilityUnknown', frontmatterOffset(src, cap),
        `The manifest declares unknown capability "${preview(cap, 40)}"; known capabilities are ${Object.keys(CAPABILITIES).join(', ')}.`,
        `cap:${cap}`);
    }
  }
  for (const cap of caps.list()) {
    if (known.has(cap)) continue;
    const ev = caps.byCap.get(cap);
    if (!ev) continue;
    const line = src.lineOf(ev.offset);
    out.add('capabilityUndeclared', ev.offset,
      `The skill uses capability "${cap}" (${ev.label} at line ${line}) but the manifest does not declare it.`,
      `cap:${cap}`);
  }
  for (const cap of [...known].sort()) {
    if (caps.byCap.has(cap as Capability)) continue;
    out.add('capabilityUnused', frontmatterOffset(src, cap),
      `The manifest declares capability "${cap}" but nothing in the skill uses it.`,
      `cap:${cap}`);
  }
}

// ---------------------------------------------------------------------------------------------

const CATEGORY_ORDER: FindingCategory[] = [
  'credential_exfiltration',
  'shell_execution',
  'prompt_injection',
  'obfuscation',
  'hidden_content',
  'undeclared_external_host',
  'manifest_mismatch',
];

function compareFindings(a: Finding, b: Finding): number {
  return a.location.line - b.location.line
    || a.location.column - b.location.column
    || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)
    || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);
}

function riskOf(findings: Finding[]): RiskLevel {
  if (findings.some((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL')) return 'HIGH';
  if (findings.some((f) => f.severity === 'MEDIUM')) return 'MEDIUM';
  return 'LOW';
}

function summaryOf(findings: Finding[]): string {
  const blocking = findings.filter((f) => f.blocking);
  if (blocking.length > 0) {
    const maxSev = new Map<FindingCategory, number>();
    for (const f of blocking) maxSev.set(f.category, Math.max(maxSev.get(f.category) ?? -1, rank(f.severity)));
    const cats = [...maxSev.keys()].sort((a, b) =>
      (maxSev.get(b) ?? 0) - (maxSev.get(a) ?? 0) || CATEGORY_ORDER.indexOf(a) - CATEGORY_ORDER.indexOf(b));
    const names = cats.map((c) => c.replace(/_/g, ' '));
    return `Blocked: ${names.join(', ')} (${blocking.length} finding${blocking.length === 1 ? '' : 's'}).`;
  }
  if (findings.length === 0) return 'No findings.';
  const top = findings.reduce((m, f) => Math.max(m, rank(f.severity)), 0);
  return `No blocking findings; ${findings.length} noted (${SEVERITY_ORDER[top]}).`;
}

export const analyzeSkill: AnalyzeSkill = (skill: ParsedSkill): SandboxReport => {
  const content = typeof skill.content === 'string' ? skill.content : '';
  const src = new SourceText(content, skill.bodyStartLine);
  const out = new Collector(src);
  const caps = new Capabilities();
  const covered = hostMatcher(Array.isArray(skill.manifest?.externalCalls) ? skill.manifest.externalCalls : []);
  const observed = { urls: new Set<string>(), hosts: new Set<string>() };

  checkShell(src, out, caps);
  checkExfiltration(src, out, caps, covered);
  checkPromptInjection(src, out);
  checkHosts(src, out, covered, observed);
  checkInvisibleCharacters(src, out);
  checkComments(src, out);
  checkPadding(src, out);
  checkHomoglyphs(src, out);
  checkObfuscation(src, out);
  inferCapabilities(src, caps);
  checkManifest(src, skill, out, caps);

  const findings = collapseShellFindings(out.findings()).sort(compareFindings);
  return {
    rulesetVersion: SANDBOX_RULESET_VERSION,
    riskLevel: riskOf(findings),
    blocked: findings.some((f) => f.blocking),
    summary: summaryOf(findings),
    findings,
    observed: {
      urls: [...observed.urls].sort(),
      hosts: [...observed.hosts].sort(),
      capabilities: caps.list(),
    },
  };
};

/** The report with more findings (e.g. from the Package Trust Registry), risk, blocking and summary recomputed. */
export function withFindings(report: SandboxReport, extra: Finding[]): SandboxReport {
  if (extra.length === 0) return report;
  const findings = [...report.findings, ...extra].sort(compareFindings);
  return { ...report, findings, riskLevel: riskOf(findings), blocked: findings.some((f) => f.blocking), summary: summaryOf(findings) };
}
