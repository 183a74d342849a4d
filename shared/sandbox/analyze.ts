/**
 * Heuristic sandbox analyzer for SKILL.md files.
 *
 * Pure, synchronous and deterministic: the same ParsedSkill always yields the same report, with
 * findings sorted by line, column and rule id. All scanning is linear-time in the size of the file.
 *
 * The file is scanned twice: as written, and as a normalised twin with the same lines (quoting,
 * escapes, string building and look-alike letters undone, see normalize.ts). Encoded content is
 * decoded and scanned again with the same rules. A rule that only fires on the twin adds an
 * evasion finding of its own.
 */
import type { ParsedSkill } from '../skills/types.js';
import { CAPABILITIES, isCapability, type Capability } from '../skills/capabilities.js';
import type { AnalyzeSkill, Finding, FindingCategory, RiskLevel, SandboxReport, Severity } from './types.js';
import { SEVERITY_ORDER } from './types.js';
import { compareFindings, riskOf, summaryOf } from './report-order.js';
// (kept importable from here: report-order.ts is where it lives, for the processes that do not load the analyser)
export { withFindings } from './report-order.js';
import { Collector } from './collector.js';
import { Capabilities, scanPatterns, type FindingSink, type ScanContext } from './context.js';
import { checkBehaviour, inTeachingContext } from './behaviour.js';
import { checkExfiltration } from './exfil.js';
import {
  checkComments, checkCssHidden, checkHomoglyphs, checkInvisibleCharacters, checkPadding, checkTagCharacters, checkWordSplitters,
} from './hidden.js';
import { findBareHosts, findUrls, hostMatcher, isDocumentationHost, type HostHit } from './hosts.js';
import { normalizeForMatching } from './normalize.js';
import { checkObfuscation } from './obfuscation.js';
import {
  CALL_BEFORE_URL,
  FS_READ_OUTSIDE,
  FS_WRITE,
  FS_WRITE_SHELL,
  NETWORK_EXTRA,
  OUTBOUND_SEND,
  findCredentialReads,
} from './patterns.js';
import { RULES, type RuleKey } from './rules.js';
import { checkShell } from './shell.js';
import { checkHostDeception, checkSupplyChain } from './supply.js';
import { checkTrustSources } from './trust-sources.js';
import { isShellLang, preview, SourceText } from './text.js';
import { TextMemo } from './text-memo.js';
import { loadParsers } from '../parsers/tree-sitter.js';
import { checkBackstop } from './effects/backstop/index.js';
import { judgeEffects, readEffects, warmUpEffects } from './effects/index.js';
import { checkControlPlane } from './effects/control-plane.js';
import type { Action, ActionMode } from './effects/types.js';
import { proseFindings, readProse, standingSends } from './prose/index.js';
import { spanNegated, structuralLineModes } from './prose/structure.js';

// The version is bumped in ruleset-version.ts (a module of its own, so that the web and worker processes,
// which hand skills to analysis threads, can name it without loading the analyser).
import { SANDBOX_RULESET_VERSION } from './ruleset-version.js';
import { matchAll } from './match-all.js';
export { SANDBOX_RULESET_VERSION };

// The effect model parses code with tree-sitter (WebAssembly): the grammars are loaded once, when
// this module is first imported, so every process or thread that can analyse a skill has them.
await loadParsers();
warmUpEffects();

/**
 * The prose reader (shared/sandbox/prose) turns sentences addressed to the agent into actions (their
 * modes decided from the document's structure); they join the code's actions in one data flow, so a
 * secret named in prose can reach a send in code and the other way round. Code blocks take their
 * mode from the heading they sit under (an example of bad practice is data, not a step).
 */
function proseOf(src: SourceText): { actions: Action[]; modeAt: (line: number, column?: number) => ActionMode } {
  let actions: Action[] = [];
  try {
    actions = readProse(src);
  } catch {
    actions = [];
  }
  const structural = structuralLineModes(src);
  return {
    actions,
    modeAt: (line, column) => structural.get(line) ?? (inTeachingContext(src, line) ? 'teaching' : negatedSpans(src, line) || spanAtNegated(src, line, column) ? 'negated' : 'instruction'),
  };
}

/**
 * The inline code spans of a prose line, each with whether its own clause forbids it ("Do not run `setenforce 0`;
 * check `ausearch …` instead" forbids the first span and asks for the second). Read once per line and remembered per
 * document: a line of thousands of spans is asked about each of them, and reading the line again per question made
 * that quadratic (docs/analysis-limits.md).
 */
interface InlineSpan {
  start: number;
  end: number;
  negated: boolean;
}
const spansByLine = new WeakMap<SourceText, Map<number, InlineSpan[]>>();
function inlineSpans(src: SourceText, line: number): InlineSpan[] {
  let memo = spansByLine.get(src);
  if (!memo) spansByLine.set(src, (memo = new Map()));
  let spans = memo.get(line);
  if (spans === undefined) {
    spans = [];
    if (src.kinds[line - 1] === 'prose') {
      const text = src.lines[line - 1] ?? '';
      for (const m of matchAll(text, /`[^`\n]+`/g)) {
        spans.push({ start: m.index!, end: m.index! + m[0].length, negated: spanNegated(text.slice(Math.max(0, m.index! - 400), m.index)) });
      }
    }
    memo.set(line, spans);
  }
  return spans;
}

/** A prose line whose every inline code span sits under a negation in its sentence: the commands are forbidden, not steps. */
function negatedSpans(src: SourceText, line: number): boolean {
  const spans = inlineSpans(src, line);
  return spans.length > 0 && spans.every((s) => s.negated);
}

/** The inline code span an action was read from (by its column), when its own clause forbids it. */
function spanAtNegated(src: SourceText, line: number, column: number | undefined): boolean {
  if (column === undefined) return false;
  const spans = inlineSpans(src, line);
  const at = column - 1;
  // spans are in order and disjoint: the last one starting at or before the column
  let lo = 0;
  let hi = spans.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.start <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found !== -1 && at < spans[found]!.end && spans[found]!.negated;
}

/** How deep decoded content is decoded and scanned again. */
const MAX_RESCAN_DEPTH = 2;

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------

const SENDS_DATA = /(?:^|\s)(?:-d|--data[\w-]*|-F|--form|-T|--upload-file|-X\s*(?:POST|PUT|PATCH)|--post-(?:data|file))\b|\b(?:requests|httpx|axios)\s*\.\s*(?:post|put|patch)\b|method\s*[:=]\s*["'](?:POST|PUT|PATCH)|\bbody\s*[:=]|-Method\s+(?:Post|Put)\b|\bdata\s*=/i;

/**
 * `SENDS_DATA.test` of a window (pure), remembered per window text within one document (`calledHosts`): a line that
 * repeats one call has the same window around each of its URLs, and in a process that has run a few thousand analyses
 * V8 runs this test many times slower than in a fresh one (docs/analysis-limits.md, "Seventh round"), where a look-up
 * stays cheap. (Per document, so the windows, slices of the document, do not keep it alive after its analysis.)
 */
const sendsData = (context: string): boolean => SENDS_DATA.test(context);

interface CalledHost extends HostHit {
  sendsData: boolean;
}

/** Hosts the skill calls (from code, or with a call keyword on the line); documentation links are not calls. */
function calledHosts(src: SourceText): CalledHost[] {
  const text = src.content;
  const bodyStart = src.bodyStartLine <= src.lines.length ? src.lineStart(src.bodyStartLine) : text.length;
  const hits = [...findUrls(text), ...findBareHosts(text)].sort((a, b) => a.index - b.index || a.raw.localeCompare(b.raw));
  const out: CalledHost[] = [];
  // inline code segments by line (one per prose line), so each hit is checked in constant time
  const inlineByLine = new Map<number, { offset: number; end: number }>();
  for (const s of src.codeSegments()) if (s.kind === 'inline') inlineByLine.set(src.lineOf(s.offset), { offset: s.offset, end: s.offset + s.text.length });
  const sendsDataMemo = new TextMemo<boolean>(600_000);
  for (const hit of hits) {
    if (hit.index < bodyStart || isDocumentationHost(hit.host)) continue;
    const line = src.lineOf(hit.index);
    const lineStart = src.lineStart(line);
    const lineText = src.lines[line - 1] ?? '';
    const inCode = src.kindOfLine(line) === 'code';
    const seg = inlineByLine.get(line);
    const inline = !inCode && !!seg && hit.index >= seg.offset && hit.index < seg.end;
    const before = text.slice(Math.max(lineStart, hit.index - 200), hit.index);
    if (!(inCode || inline || hit.bare || CALL_BEFORE_URL.test(before))) continue;
    const block = src.blockAt(hit.index);
    // a bounded window around the hit: a long line or block must not be rescanned for every URL on it
    const context = block && block.end - block.start < 4000
      ? text.slice(Math.max(block.start, hit.index - 300), Math.min(block.end, hit.index + 300))
      : lineText.slice(Math.max(0, hit.index - lineStart - 300), hit.index - lineStart + 300);
    out.push({ ...hit, sendsData: sendsDataMemo.get(context, sendsData) });
  }
  return out;
}

function checkHosts(ctx: ScanContext, skill: ParsedSkill, covered: (h: string) => boolean, observed: { urls: Set<string>; hosts: Set<string> }): void {
  const declared = skill.manifestDeclared?.externalCalls ?? (skill.manifest?.externalCalls?.length ?? 0) > 0;
  for (const hit of calledHosts(ctx.src)) {
    observed.hosts.add(hit.host);
    if (!hit.bare) observed.urls.add(hit.raw);
    ctx.caps.add('network', hit.index, `call to ${hit.host}`);
    // Without a declared manifest the hosts are inferred and disclosed, never a finding by themselves.
    if (!declared || covered(hit.host)) continue;
    const shown = preview(hit.raw, 80);
    if (hit.sendsData) {
      ctx.out.add('hostInCode', hit.index, `Sends data to "${hit.host}" (${shown}), which the declared manifest.externalCalls leaves out.`, `host:${hit.host}`);
    } else {
      ctx.out.add('hostInProse', hit.index, `Calls "${hit.host}" (${shown}), which the declared manifest.externalCalls leaves out.`, `host:${hit.host}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------

const SHELL_PROMPT_LINE = /^[ \t]*\$[ \t]+\S/m;

/** Fence languages whose content is configuration or data, read as visible settings. */
const DATA_LANGS = new Set(['dockerfile', 'docker', 'containerfile', 'yaml', 'yml', 'json', 'jsonc', 'json5', 'toml', 'ini', 'cfg', 'conf', 'properties', 'env', 'dotenv', 'hcl', 'terraform', 'tf', 'xml', 'csv', 'tsv', 'text', 'txt', 'markdown', 'md', 'diff', 'patch', 'nginx', 'apache', 'systemd', 'crontab', 'sql', 'graphql', 'http', 'kql', 'log', 'output', 'plaintext']);

function inferCapabilities(src: SourceText, caps: Capabilities): void {
  for (const seg of src.codeSegments()) {
    const shellBlock = seg.kind === 'block' && (isShellLang(seg.lang) || (seg.lang === '' && SHELL_PROMPT_LINE.test(seg.text)));
    // Configuration and data blocks (Dockerfile, YAML, JSON, INI …) are visible settings, not hidden program code.
    const program = seg.kind === 'block' && !shellBlock && seg.lang !== '' && !DATA_LANGS.has(seg.lang.toLowerCase());
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
      // One named variable read in code is how a skill gets its own API key: disclosed like any
      // inferred capability ("undeclared is not guilty"). A dump of the environment or a credential
      // file read from program code is behaviour the listing must tell users about.
      caps.add('env', seg.offset + c.index, c.label, program && (c.file || !c.named));
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
    if (/capabilities|allowed-tools/i.test(src.lines[i]!)) {
      startLine = i;
      break;
    }
  }
  for (const from of [startLine, 0]) {
    for (let i = from; i < fmEnd; i++) {
      const m = re.exec(src.lines[i]!);
      if (m) return src.lineStarts[i]! + m.index;
    }
  }
  return 0;
}

/**
 * A declared manifest is compared with behaviour; an undeclared one is not a finding at all (the
 * capabilities are inferred and disclosed). What an omission weighs depends on how visible the
 * behaviour was: a shell-out or credential read inside program code is MEDIUM, a visible shell
 * block or file write LOW.
 */
function checkManifest(src: SourceText, skill: ParsedSkill, out: FindingSink, caps: Capabilities, hostsCovered: boolean): void {
  const declaredList = [...new Set((skill.manifest?.capabilities ?? []).filter((c): c is string => typeof c === 'string'))];
  const capsDeclared = skill.manifestDeclared?.capabilities ?? declaredList.length > 0;
  const known = new Set<string>();
  for (const cap of declaredList) {
    if (isCapability(cap)) {
      known.add(cap);
    } else {
      out.add('capabilityUnknown', frontmatterOffset(src, cap),
        `The manifest declares unknown capability "${preview(cap, 40)}"; known capabilities are ${Object.keys(CAPABILITIES).join(', ')}.`,
        `cap:${cap}`);
    }
  }
  if (!capsDeclared) return;
  // Calling only hosts the manifest declares is declared network use, whatever the medium (curl in bash).
  if (hostsCovered && (skill.manifestDeclared?.externalCalls ?? (skill.manifest?.externalCalls?.length ?? 0) > 0)) known.add('network');
  for (const cap of caps.list()) {
    if (known.has(cap)) continue;
    const ev = caps.byCap.get(cap);
    if (!ev) continue;
    const line = src.lineOf(ev.offset);
    const hidden = caps.hidden.has(cap);
    out.add(hidden ? 'capabilityUndeclared' : 'capabilityVisible', ev.offset,
      `The skill uses capability "${cap}" (${ev.label} at line ${line}${hidden ? ', inside program code' : ''}) but the declared capabilities leave it out.`,
      `cap:${cap}`);
  }
  for (const cap of [...known].sort()) {
    if (caps.byCap.has(cap as Capability)) continue;
    out.add('capabilityUnused', frontmatterOffset(src, cap), `The manifest declares capability "${cap}" but nothing in the skill uses it.`, `cap:${cap}`);
  }
}

// ---------------------------------------------------------------------------------------------

/** Words that say who the skill is about: its name, description and headings. */
function vendorWordsOf(src: SourceText, skill: ParsedSkill | null): Set<string> {
  const parts = [skill?.name ?? '', skill?.description ?? ''];
  for (let i = src.bodyStartLine - 1; i < src.lines.length; i++) {
    if (src.kinds[i] === 'prose' && /^\s{0,3}#{1,3}\s/.test(src.lines[i]!)) parts.push(src.lines[i]!);
  }
  return new Set(parts.join(' ').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3));
}

/** A sink that maps offsets of the normalised twin back to the file, and notes what only the twin showed. */
class TwinSink implements FindingSink {
  readonly onlyHere: { offset: number; rule: RuleKey }[] = [];
  constructor(private readonly out: Collector, private readonly src: SourceText, private readonly twin: SourceText, private readonly seen: Set<string>) {}
  add(rule: RuleKey, offset: number, message: string, key?: string): void {
    const { line, orig } = this.mapped(offset);
    if (RULES[rule].blocking && !this.seen.has(`${rule}:${line}`)) this.onlyHere.push({ offset: orig, rule });
    this.out.add(rule, orig, message, key);
  }
  /** The twin repeats most of the file's findings: one the file already made at the same place adds nothing. */
  redundant(rule: RuleKey, offset: number, key?: string): boolean {
    const { line, orig } = this.mapped(offset);
    if (RULES[rule].blocking && !this.seen.has(`${rule}:${line}`)) return false;
    return this.out.covers(rule, orig, key);
  }
  private mapped(offset: number): { line: number; orig: number } {
    const line = this.twin.lineOf(offset);
    const col = offset - this.twin.lineStart(line);
    return { line, orig: this.src.lineStart(line) + Math.min(col, (this.src.lines[line - 1] ?? '').length) };
  }
}

/** Records which (rule, line) pairs the file itself produced. */
class RecordingSink implements FindingSink {
  readonly seen = new Set<string>();
  constructor(private readonly out: Collector, private readonly src: SourceText) {}
  add(rule: RuleKey, offset: number, message: string, key?: string): void {
    this.seen.add(`${rule}:${this.src.lineOf(offset)}`);
    this.out.add(rule, offset, message, key);
  }
}

/** The behaviour checks, run on one view of the file. */
function behaviourChecks(ctx: ScanContext): void {
  checkShell(ctx);
  checkBehaviour(ctx);
  checkExfiltration(ctx);
  checkSupplyChain(ctx);
}

/** Scans the content (the file, or decoded text) with every security rule; returns the findings. */
function scanContent(content: string, bodyStartLine: number, skill: ParsedSkill | null, caps: Capabilities, depth: number): { out: Collector; src: SourceText; proseSink: Finding[] } {
  const src = new SourceText(content, bodyStartLine);
  const proseSink: Finding[] = [];
  const out = new Collector(src);
  const vendorWords = vendorWordsOf(src, skill);
  const recording = new RecordingSink(out, src);
  behaviourChecks({ src, out: recording, caps, vendorWords, normalised: false });

  const twinText = normalizeForMatching(content);
  if (twinText !== content) {
    const twin = new SourceText(twinText, bodyStartLine);
    const sink = new TwinSink(out, src, twin, recording.seen);
    behaviourChecks({ src: twin, out: sink, caps: new Capabilities(), vendorWords, normalised: true, original: src });
    for (const hit of sink.onlyHere) {
      out.add('evasion', hit.offset, `A command is disguised with quoting, escapes, string building or look-alike letters; undone, it matches ${RULES[hit.rule].ruleId} (${RULES[hit.rule].title})`);
    }
  }

  checkInvisibleCharacters(src, out);
  checkTagCharacters(src, out);
  checkWordSplitters(src, out);
  checkComments(src, out);
  checkCssHidden(src, out);
  checkPadding(src, out);
  checkHomoglyphs(src, out);
  checkHostDeception({ src, out, caps, vendorWords, normalised: false });
  checkObfuscation(src, out, depth < MAX_RESCAN_DEPTH ? (decoded) => rescanDecoded(decoded, depth + 1) : undefined);

  const prose = proseOf(src);
  const model = readEffects(src, { vendorWords, proseActions: prose.actions, modeAt: prose.modeAt });
  // (a prose step that follows fetched text links to a fetch in any code block: the whole model is the context)
  for (const f of proseFindings(prose.actions, model.actions)) proseSink.push(f);
  judgeEffects(model, { src, out, vendorWords, declared: declaredHosts(skill), memoryActions: memoryActionsOf });
  checkTrustSources({ src, out, vendorWords, declared: declaredHosts(skill) });
  checkControlPlane({ src, out, actions: model.actions, modeAt: prose.modeAt });
  // (after every other rule: the backstop speaks only for programs nothing else blocked)
  const blockedLines = () => new Set(out.findings().filter((f) => f.blocking).map((f) => f.location.line));
  checkBackstop({ src, out, vendorWords, declared: declaredHosts(skill), actions: model.actions, modeAt: prose.modeAt, blockedLines });
  if (model.cutOff) {
    out.add('effectsCutOff', src.content.length, 'The code in this skill was not read to the end within the analysis budget; what was not read cannot be judged.');
  }
  return { out, src, proseSink };
}

/**
 * The effect model of a skill as the analysis reads it (prose actions merged, modes from the document's structure),
 * with the context its policies see: for benches that ask what one policy layer says on its own
 * (bench/skill-purpose-policies.ts).
 */
export function effectModelOf(skill: ParsedSkill): { src: SourceText; model: ReturnType<typeof readEffects>; vendorWords: Set<string>; declared: (host: string) => boolean } {
  const src = new SourceText(typeof skill.content === 'string' ? skill.content : '', skill.bodyStartLine);
  const vendorWords = vendorWordsOf(src, skill);
  const prose = proseOf(src);
  return { src, model: readEffects(src, { vendorWords, proseActions: prose.actions, modeAt: prose.modeAt }), vendorWords, declared: declaredHosts(skill) };
}

/** The prose reader's actions for text written into an agent's memory file (remembered: one file is judged once). */
const memoryMemo = new Map<string, Action[]>();
function memoryActionsOf(text: string): Action[] {
  let r = memoryMemo.get(text);
  if (!r) {
    try {
      const src = new SourceText(text.slice(0, 8000), 1);
      r = readProse(src);
      // loose standing instructions: a secret, a destination and a sending verb in one sentence
      for (const snippet of standingSends(text.slice(0, 8000))) {
        r.push({ kind: 'send', entry: 'prose.send.standing', origin: 'prose', mode: 'instruction', line: 1, column: 1, snippet, consumes: ['secret:standing'] });
      }
    } catch {
      r = [];
    }
    if (memoryMemo.size > 200) memoryMemo.clear();
    memoryMemo.set(text, r);
  }
  return r;
}

function declaredHosts(skill: ParsedSkill | null): (host: string) => boolean {
  const list = Array.isArray(skill?.manifest?.externalCalls) ? skill!.manifest.externalCalls : [];
  return list.length ? hostMatcher(list) : () => false;
}

/** Decoded text scanned as code with the full rule set: what its first blocking finding says, or null. */
function rescanDecoded(decoded: string, depth: number): string | null {
  const fence = '`'.repeat(Math.max(3, (decoded.match(/`{3,}/g) ?? []).reduce((m, f) => Math.max(m, f.length + 1), 3)));
  const { out, proseSink } = scanContent(`${fence}sh\n${decoded}\n${fence}`, 1, null, new Capabilities(), depth);
  const hit = [...out.findings(), ...proseSink].filter((f) => f.blocking).sort((a, b) => rank(b.severity) - rank(a.severity))[0];
  return hit ? `${hit.ruleId}: ${hit.message.replace(/[.\s]+$/, '')}` : null;
}

function rank(s: Severity): number {
  return SEVERITY_ORDER.indexOf(s);
}

/** Prose findings join the others; one that says what a finding of the same category on its line already says is dropped. */
export function withProse(findings: Finding[], prose: Finding[]): Finding[] {
  // (a prose finding more severe than the code's on the same line and category still counts: the code reader may have
  // judged the same step as a note, "sets up a scheduled job", where the prose reader read what the job runs; at equal
  // severity a blocking prose finding counts where the code's was only a note, so a refusal is never hidden by an
  // escalation of the same line: docs/skill-effect-model.md, "Code and prose on one line")
  const weight = (f: Finding) => rank(f.severity) * 2 + (f.blocking ? 1 : 0);
  const worst = new Map<string, number>();
  for (const f of findings) {
    // (the purpose policies speak beside the other rules and never displace what a reader of the step said:
    // effects/purpose-policies.ts)
    if (f.ruleId.startsWith('POLICY-')) continue;
    const k = `${f.category}:${f.location.line}`;
    worst.set(k, Math.max(worst.get(k) ?? -1, weight(f)));
  }
  return [...findings, ...prose.filter((f) => weight(f) > (worst.get(`${f.category}:${f.location.line}`) ?? -1))];
}

/** Keep only the most severe shell_execution finding per line (a purpose policy's only where no other rule spoke on the line). */
function collapseShellFindings(findings: Finding[]): Finding[] {
  const best = new Map<number, Finding>();
  for (const f of findings) {
    if (f.category !== 'shell_execution' || f.ruleId.startsWith('POLICY-')) continue;
    const prev = best.get(f.location.line);
    if (!prev || rank(f.severity) > rank(prev.severity)
      || (rank(f.severity) === rank(prev.severity) && f.location.column < prev.location.column)) {
      best.set(f.location.line, f);
    }
  }
  return findings.filter((f) => f.category !== 'shell_execution' || best.get(f.location.line) === f
    || (f.ruleId.startsWith('POLICY-') && (!best.has(f.location.line) || rank(f.severity) > rank(best.get(f.location.line)!.severity) || (f.blocking && !best.get(f.location.line)!.blocking))));
}

export const analyzeSkill: AnalyzeSkill = (skill: ParsedSkill): SandboxReport => {
  const content = typeof skill.content === 'string' ? skill.content : '';
  const caps = new Capabilities();
  const { out, src, proseSink } = scanContent(content, skill.bodyStartLine, skill, caps, 0);
  const covered = hostMatcher(Array.isArray(skill.manifest?.externalCalls) ? skill.manifest.externalCalls : []);
  const observed = { urls: new Set<string>(), hosts: new Set<string>() };
  const ctx: ScanContext = { src, out, caps, vendorWords: new Set(), normalised: false };
  checkHosts(ctx, skill, covered, observed);
  inferCapabilities(src, caps);
  checkManifest(src, skill, out, caps, [...observed.hosts].every(covered));
  for (const note of skill.parseNotes ?? []) {
    const line = Math.min(Math.max(1, note.line), src.lines.length);
    out.add('metadataNote', src.lineStart(line), note.message, `note:${note.code}`);
  }

  const findings = collapseShellFindings(withProse(out.findings(), proseSink)).sort(compareFindings);
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
