/**
 * The document's structure as the prose reader needs it: units of prose (a paragraph, a list item,
 * a table row, a blockquote, an HTML comment, the frontmatter description, prose in a fence used as
 * data) with the headings above them and the sentence that introduces their list, split into
 * clauses. What a clause is — an instruction, an example, a negated rule or teaching — is decided
 * here from that structure (modeOf), never from a keyword alone.
 *
 * Linear: one pass over the lines; every regex is an alternation or bounded.
 */
import type { ActionMode } from '../effects/types.js';
import type { CodeBlock, SourceText } from '../text.js';
import { TextMemo } from '../text-memo.js';
import { ADDRESS, CJK, CLAUSE_LEAD, DETECTION, EXAMPLE_INTRO, lowerSame, NEGATION, THIRD_PERSON, TURKISH } from './lexicon.js';
import { matchAll } from '../match-all.js';

export type UnitKind = 'paragraph' | 'list' | 'table' | 'quote' | 'comment' | 'frontmatter' | 'fenced' | 'hidden';

export interface ProseUnit {
  kind: UnitKind;
  /** The unit's text lower-cased (lowerSame): what the lexicon matches. Same length as raw. */
  text: string;
  /** The file's characters with markup markers blanked (same length, so offsets map 1:1). */
  raw: string;
  /** Offset of text[0] in the file; -1 for text that is not in the file as written (decoded hidden text). */
  offset: number;
  /** Where decoded text sits in the file (for hidden units). */
  anchor: number;
  line: number;
  /** Headings above the unit, outermost first (one list shared by the units under the same headings: read, never changed). */
  headings: string[];
  /** The sentence that introduces the list, table, quote or fence the unit belongs to ('' when none). */
  intro: string;
  /** Table rows: the row's first cell is code, a flag or a short name, and this cell describes it. */
  describesKey: boolean;
  /**
   * Table rows of a table whose first column the header names as what is found (`| Seen | Decode with |`, `| Pattern |
   * Why it is dangerous |`): the first cells are samples to recognise, not steps (the other cells hold no address).
   */
  samples?: boolean;
  /** Fenced prose that the text around it says is written into a file or into every answer the agent gives, not an example. */
  written: boolean;
  /** Text an agent tool gives the agent that calls it (a tool's description or docstring, an MCP prompt's message). */
  toolText?: boolean;
}

/** A sentence's key: the reader keeps its per-sentence answers here (a weak-map entry per sentence cost more). */
export class SentenceKey {
  /** Answers of `first` on the lower-cased sentence. */
  memo: Map<RegExp, RegExpExecArray | null> | null = null;
  /** Answers of `first` on the sentence as written (kept apart: one pattern may be asked of both texts). */
  rawMemo: Map<RegExp, RegExpExecArray | null> | null = null;
}

export interface Clause {
  unit: ProseUnit;
  /** Offsets in unit.text. */
  start: number;
  end: number;
  /** Lower-cased clause, and the clause as written (URLs, addresses, blobs keep their case). */
  text: string;
  raw: string;
  rawSentence: string;
  /** One object per sentence, shared by its clauses (a key for per-sentence memos, and where they are kept). */
  sentenceKey: SentenceKey;
  /** Start of the sentence the clause is in (unit.text offset) and the sentence text. */
  sentenceStart: number;
  sentence: string;
}

/** A paragraph that presents the list after it as what a reviewer finds ("Patterns we saw …", "if you see one, escalate it"). */
const PRESENTS_PATTERNS = /\b(?:patterns?|red flags|warning signs|indicators|shapes) (?:we|you|i|they) (?:saw|see|have seen|found|observed)\b|\bif you (?:review|see|find|spot)\b[^.\n]{0,60}\b(?:escalate|flag|report|reject)\b/iu;
const HEADING = /^\s{0,3}(#{1,6})\s+(.{1,300}?)\s*#*\s*$/;
const LIST_ITEM = /^(\s{0,12})(?:[-*+•]|\d{1,3}[.)])\s+/;
const TABLE_ROW = /^\s{0,3}\|/;
/**
 * The header of a table's first column naming it as what is found or seen, not what to do: `Seen`, `Found`, `Observed`,
 * `Pattern`, `Sample`, `Indicator`, `Red flag`, `If you see`, `Obfuscated`, `Encoded form`, `Attack`.
 */
const SAMPLE_COLUMN = /^\s*(?:(?:(?:dangerous|risky|unsafe|insecure)\s+)?(?:what (?:you )?(?:see|find)|if you (?:see|find)|you see|seen|found|observed|spotted|in the wild|sample|pattern|indicator|ioc|signal|red flag|warning sign|suspicious|obfuscated|encoded|payload|attack|malicious|bad|looks like|trace|artefact|artifact)(?:\s+\w+){0,2}|what (?:an? |the )?(?:attacker|adversary|intruder)s?(?:['\u2019]s?)?(?:\s+\w+){0,2}|attacker['\u2019]?s?(?:\s+\w+){0,2}|gesehen|gefunden|muster|anzeichen|indikator|spur|visto|encontrado|patr[oó]n|indicador|ind[ií]cio|vu|trouv[ée]|motif|indice|indicateur|indizio|indicatore|segnale|wskaźnik|ślad|oznaka|spoor|aanwijzing|gösterge|belirti|iz|признак|след|индикатор|痕跡|痕迹|兆候|徴候|指標|迹象|征兆|징후|흔적|지표)\s*$/iu;
/**
 * The paragraph above a table presents its rows as an attacker's examples ("The inputs below are examples an attacker
 * sends", Turkish "saldırganın göndereceği örneklerdir"): both an example word and an attacker word, in one of the
 * languages the readers know. The rows are samples, as under a sample column (the first column is the sample).
 */
const ATTACKER_EXAMPLES_INTRO = /^(?=[\s\S]*(?:(?<!\p{L})(?:examples?|samples?|beispiele?|exemples?|ejemplos?|exemplos?|esempi[oi]?|przykład\p{L}*|voorbeeld\p{L}*|örnek\p{L}*|пример\p{L}*)(?!\p{L})|例|示例|예시))(?=[\s\S]*(?:(?<!\p{L})(?:attackers?|adversar(?:y|ies)|angreifer\p{L}*|attaquants?|atacantes?|attaccant[ei]|atakując\p{L}*|aanvaller\p{L}*|saldırgan\p{L}*|злоумышленник\p{L}*|атакующ\p{L}*)(?!\p{L})|攻撃者|攻击者|공격자))/iu;
const TABLE_RULE = /^\s{0,3}\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const QUOTE = /^\s{0,3}>/;
/** Fences the author tags as data, not as a language: their lines are what the document says they are. */
const DATA_FENCE_LANGS = new Set(['text', 'txt', 'plaintext', 'plain', 'log', 'output']);
interface DataFence { block: CodeBlock; headings: string[]; intro: string; written: boolean }
/** Code-like fences tagged as data, per document, with the headings and introduction above them. */
const dataFenceCache = new WeakMap<SourceText, DataFence[]>();
const PROSE_FENCE_LANGS = new Set(['', 'text', 'txt', 'markdown', 'md', 'prompt', 'plaintext', 'plain', 'note', 'instructions']);
const WRITTEN_INTRO = /\b(?:append|add|write|insert|paste|put|save|prepend|copy)\b[^\n]{0,120}(?:\.md\b|\brules?\b|\bfile\b|\bmemory\b|\bprompt\b|\binstructions?\b|\bsettings\b|\bconfig|\bsection\b|\bverbatim\b|\b(?:pr|pull request|merge request|issue|commit)s?\b|\b(?:the )?(?:body|description)\b)|\b(?:end|start|begin|finish|close|prefix|sign|include|emit|output|append|add|put|place|insert)\b[^\n]{0,60}\b(?:every|each|all|your)\s+(?:answers?|responses?|replies|messages?|outputs?|pages?|generated|(?:pr|pull request|merge request|commit|issue|release)s?(?:\s+(?:descriptions?|messages?|bodies|body|notes|comments?))?|emails?|documents?)\b|(?:schreibe|füge|añade|agrega|escribe|ajoute|écris|adicione|escreva|aggiungi|scrivi|добавь|запиши|写入|添加|追加|書き込)|(?:schreiben|hinzufügen|añadir|agregar|escribir|ajouter|écrire|insérer|adicionar|escrever|aggiungere|scrivere|добавить|записать)[^\n]{0,160}(?:\.md\b|telle quelle|tel quel|wörtlich|tal cual|literalmente|così com['’]è|как есть|fichier|datei|archivo|arquivo|file)/i;

/** Every non-blank line is a comment (`//`, `#`, `--`, `;`, a C block comment or an HTML comment). */
const COMMENT_LINE = /^[ \t]*(?:\/\/|#(?!!)|--|;|\/\*|\*|<!--)/;
function commentLines(text: string): boolean {
  let any = false;
  for (const l of text.split('\n')) {
    if (!l.trim()) continue;
    if (!COMMENT_LINE.test(l)) return false;
    any = true;
  }
  return any;
}

/** The introduction says the fence is written somewhere; a paragraph's lines are one sentence, whatever its line breaks. */
function introWrites(paragraph: string, step: string): boolean {
  return WRITTEN_INTRO.test(paragraph.replace(/\s*\n\s*/g, ' ')) || WRITTEN_INTRO.test(step.replace(/\s*\n\s*/g, ' '));
}

function blank(s: string, re: RegExp): string {
  return s.replace(re, (m) => ' '.repeat(m.length));
}

/**
 * The frontmatter's prose values: the description (what the agent sees in its system prompt) and any other
 * value written as sentences (`metadata.agent_notes`, `notes`): agents load the whole header, and an
 * instruction there is an instruction. Short values (names, versions, lists of tools) are not prose.
 */
function frontmatterUnits(src: SourceText, out: RawUnit[]): void {
  const end = Math.min(src.bodyStartLine - 1, src.lines.length);
  for (let i = 0; i < end; i++) {
    const m = /^(\s*([\w.-]{1,60})\s*:\s*)(.*)$/.exec(src.lines[i]!);
    if (!m) continue;
    const named = /^(?:description|when_to_use|instructions)$/i.test(m[2]!);
    let text = ' '.repeat(m[1]!.length) + m[3]!;
    // folded/literal scalars continue on lines indented deeper than the key
    const indent = /^\s*/.exec(src.lines[i]!)![0].length;
    let j = i + 1;
    while (j < end && /^\s+\S/.test(src.lines[j]!) && /^\s*/.exec(src.lines[j]!)![0].length > indent && !(m[3]!.trim() === '' && /^\s*[\w.-]{1,60}\s*:(?:\s|$)/.test(src.lines[j]!))) text += '\n' + src.lines[j++]!;
    if (!named && (text.trim().split(/\s+/).length < 8 || !/[.!?。]|\n/.test(text.trim()))) continue;
    out.push({ kind: 'frontmatter', text: blank(text, /^[ \t]*[>|][-+]?[ \t]*$/m), offset: src.lineStarts[i]!, anchor: src.lineStarts[i]!, line: i + 1, headings: [], intro: '', describesKey: false, written: false });
  }
}

/** Splits the document into prose units (linear in its size). */
type RawUnit = Omit<ProseUnit, 'raw'>;

const unitsCache = new WeakMap<SourceText, ProseUnit[]>();

/** Splits the document into prose units (linear in its size); computed once per document. */
export function proseUnits(src: SourceText): ProseUnit[] {
  let units = unitsCache.get(src);
  if (!units) unitsCache.set(src, (units = readUnits(src)));
  return units;
}

/** A JSON payload of an agent protocol: chat messages, MCP prompts or tools (what a server sends the agent). */
const AGENT_PAYLOAD = /"(?:role|prompts|tools|inputSchema|input_schema|messages|systemPrompt|system_prompt)"\s*:/;
/** … and the keys whose string values the agent reads as text addressed to it. */
const AGENT_TEXT = /"(?:text|content|prompt|instructions|system|description)"\s*:\s*"((?:[^"\\\n]|\\.){60,4000})"/g;

/**
 * The strings of an agent-protocol payload shown in a JSON fence (an MCP prompt's messages, a tool's description, a
 * chat message): the agent that receives them reads them as instructions, so they are prose units written to it.
 * Escapes are blanked to spaces of the same length, so offsets map 1:1.
 */
function pushAgentString(out: RawUnit[], src: SourceText, headings: string[], at: number, text: string): void {
  if (out.length < 64) out.push({ kind: 'fenced', text, offset: at, anchor: at, line: src.lineOf(at), headings, intro: '', describesKey: false, written: true, toolText: true });
}

function agentFacingStrings(src: SourceText, block: CodeBlock, headings: string[]): RawUnit[] {
  if (block.end - block.start > 64_000) return [];
  const raw = src.content.slice(block.start, block.end);
  const out: RawUnit[] = [];
  if (/^(?:json|jsonc|json5|)$/.test(block.lang) && AGENT_PAYLOAD.test(raw)) {
    for (const m of matchAll(raw, AGENT_TEXT)) pushAgentString(out, src, headings, block.start + m.index! + m[0].length - m[1]!.length - 1, m[1]!.replace(/\\./g, '  '));
  }
  // a Python agent tool's docstring (`@mcp.tool()` … `def f(…):` then `"""…"""`): the tool's description
  if (/^(?:python|py|python3|)$/.test(block.lang) && raw.includes('tool')) {
    for (const m of matchAll(raw, TOOL_DOCSTRING)) pushAgentString(out, src, headings, block.start + m.index! + m[0].length - m[1]!.length - 3, m[1]!);
  }
  // a JavaScript tool registration's description (`server.tool("name", "description", …)`, `registerTool(name, { description: "…" })`)
  if (/^(?:js|javascript|ts|typescript|mjs|cjs|jsx|tsx|)$/.test(block.lang) && /\b(?:tool|registerTool|addTool)\s*\(/.test(raw)) {
    for (const call of matchAll(raw, /\b(?:tool|registerTool|addTool)\s*\(/g)) {
      const body = raw.slice(call.index!, call.index! + 3000);
      for (const m of matchAll(body, JS_LONG_STRING)) {
        const v = m[1] ?? m[2] ?? m[3] ?? '';
        pushAgentString(out, src, headings, block.start + call.index! + m.index! + 1, v.replace(/\\./g, '  '));
      }
    }
  }
  return out;
}

/** The tools the document itself defines (Python tool functions, JSON `name`s of agent payloads, JS registrations), lower-cased. */
const ownToolsCache = new WeakMap<SourceText, ReadonlySet<string>>();
export function ownToolNames(src: SourceText): ReadonlySet<string> {
  let r = ownToolsCache.get(src);
  if (r) return r;
  const names = new Set<string>();
  for (const b of src.blocks) {
    if (b.end - b.start > 64_000) continue;
    const raw = src.content.slice(b.start, b.end);
    for (const m of matchAll(raw, /@\s*(?:[\w.]+\.)?tool\b[^\n]*\n(?:[ \t]*@[^\n]*\n){0,3}[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)/g)) names.add(m[1]!.toLowerCase());
    for (const m of matchAll(raw, /"name"\s*:\s*"([\w.-]{2,60})"/g)) names.add(m[1]!.toLowerCase());
    for (const m of matchAll(raw, /\b(?:tool|registerTool|addTool)\s*\(\s*["'`]([\w.-]{2,60})["'`]/g)) names.add(m[1]!.toLowerCase());
    if (names.size > 200) break;
  }
  ownToolsCache.set(src, (r = names));
  return r;
}

/** A tool decorator, then within a few lines the function's docstring (bounded). */
const TOOL_DOCSTRING = /@\s*(?:[\w.]+\.)?tool\b[^\n]*\n(?:[ \t]*@[^\n]*\n){0,3}[ \t]*(?:async[ \t]+)?def[ \t]+\w+[^\n]*(?:\n[^\n]*){0,6}?\n[ \t]*(?:"""|''')([\s\S]{20,4000}?)(?:"""|''')/g;
/** A string literal long enough to be a description (one line, or a template literal). */
const JS_LONG_STRING = /"((?:[^"\\\n]|\\.){40,4000})"|'((?:[^'\\\n]|\\.){40,4000})'|`([^`]{40,4000})`/g;

function readUnits(src: SourceText): ProseUnit[] {
  const out: RawUnit[] = [];
  const dataFences: DataFence[] = [];
  dataFenceCache.set(src, dataFences);
  frontmatterUnits(src, out);
  const headings: { level: number; text: string }[] = [];
  let intro = '';
  let lastParagraph = '';
  let lastStep = '';
  let parentItem: { text: string; indent: number } | null = null;
  let cur: { kind: UnitKind; startLine: number; endLine: number; describesKey: boolean; samples?: boolean } | null = null;
  let sampleColumn = -1;
  let inComment = false;
  let commentStart = -1;
  let commentLine = 0;
  let nextBlock = 0;

  // one list per run of units under the same headings (read, never changed), so later passes can tell
  // units under the same headings apart from others by the list alone
  let headingList: string[] | null = null;
  const headingTexts = () => (headingList ??= headings.map((h) => h.text));
  const flush = () => {
    if (!cur) return;
    const start = src.lineStarts[cur.startLine]!;
    const endLine = cur.endLine;
    const end = src.lineStarts[endLine]! + src.lines[endLine]!.length;
    let text = src.content.slice(start, end);
    if (cur.kind === 'list') text = blank(text, /^\s{0,12}(?:[-*+•]|\d{1,3}[.)])\s+/);
    if (cur.kind === 'quote') text = blank(text, /^\s{0,3}(?:>\s?)+/gm);
    if (cur.kind === 'table') text = text.replace(/\|/g, '\n'); // cells are separate sentences
    if (text.includes('**') || text.includes('__')) text = blank(text, /\*\*|__/g);
    // a nested item's introduction is the item it hangs from when that one ends with a colon
    // ("3. Ask the customer to reply with:" over "- the current password")
    const indent = cur.kind === 'list' ? /^\s*/.exec(src.lines[cur.startLine]!)![0].length : -1;
    const nestedIntro = cur.kind === 'list' && parentItem && indent > parentItem.indent ? parentItem.text : '';
    const unit: RawUnit = { kind: cur.kind, text, offset: start, anchor: start, line: cur.startLine + 1, headings: headingTexts(), intro: cur.kind === 'paragraph' ? '' : nestedIntro || intro, describesKey: cur.describesKey, written: false };
    if (cur.samples) unit.samples = true;
    out.push(unit);
    if (cur.kind === 'paragraph') {
      lastParagraph = text.trim();
      // (or a paragraph that presents the list after it as patterns to find: "Patterns we saw … If you review a skill and
      // see one, escalate it." — the list is what a reviewer looks for, docs/skill-effect-model.md "Prose step acts")
      intro = /[:：]\s*$/.test(lastParagraph) || PRESENTS_PATTERNS.test(lastParagraph) ? lastParagraph : '';
      lastStep = '';
      parentItem = null;
    } else if (cur.kind === 'list') {
      // a fence inside a list step is what that step writes when it says so ("3. Paste this at the end of every PR:")
      lastStep = text.trim();
      if (/[:：]\s*$/.test(lastStep)) parentItem = { text: lastStep, indent };
      else if (parentItem && indent <= parentItem.indent) parentItem = null;
    }
    cur = null;
  };

  for (let i = src.bodyStartLine - 1; i < src.lines.length; i++) {
    const line = src.lines[i]!;
    const kind = src.kinds[i];
    if (kind === 'fence') {
      flush();
      while (nextBlock < src.blocks.length && src.blocks[nextBlock]!.fenceLine < i + 1) nextBlock++;
      const block = src.blocks[nextBlock]?.fenceLine === i + 1 ? src.blocks[nextBlock] : undefined;
      const raw = block ? src.content.slice(block.start, block.end) : '';
      // a fence of comment lines only (`// note for reviewers …`) is text for whoever reads the file it goes into
      const comments = block && block.end > block.start && raw.length < 8000 && commentLines(raw);
      if (block && (PROSE_FENCE_LANGS.has(block.lang) || comments) && block.end > block.start && (comments || !looksLikeCode(src.content.slice(block.start, Math.min(block.end, block.start + 2000))))) {
        const text = comments ? raw.replace(/^([ \t]*)(\/\/+|#+|--|;+|\/\*+|\*+\/?|<!--|-->)/gm, (_m, ws: string, mark: string) => ws + ' '.repeat(mark.length)) : raw;
        out.push({ kind: 'fenced', text, offset: block.start, anchor: block.start, line: block.firstLine, headings: headingTexts(), intro: lastParagraph, describesKey: false, written: introWrites(lastParagraph, lastStep) });
      } else if (block && DATA_FENCE_LANGS.has(block.lang) && block.end > block.start) {
        dataFences.push({ block, headings: headingTexts().map(lowerSame), intro: lowerSame(lastParagraph), written: introWrites(lastParagraph, lastStep) });
      }
      if (block && block.end > block.start) for (const u of agentFacingStrings(src, block, headingTexts())) out.push(u);
      continue;
    }
    if (kind !== 'prose') continue;
    // HTML comments: invisible when rendered, read by the agent.
    if (inComment) {
      const close = line.indexOf('-->');
      if (close !== -1) {
        inComment = false;
        const endOff = src.lineStarts[i]! + close;
        out.push({ kind: 'comment', text: src.content.slice(commentStart, endOff), offset: commentStart, anchor: commentStart, line: commentLine, headings: headingTexts(), intro: '', describesKey: false, written: false });
      }
      continue;
    }
    // a Markdown link definition used as a comment (`[//]: # (text)`, `[comment]: <> "text"`): never rendered, read by the agent
    const linkComment = /^\s{0,3}\[[^\]\n]{1,40}\]:\s*(?:#|<>)\s+(?:\((.+)\)|"(.+)"|'(.+)')\s*$/.exec(line);
    if (linkComment) {
      flush();
      const text = linkComment[1] ?? linkComment[2] ?? linkComment[3] ?? '';
      const start = src.lineStarts[i]! + line.indexOf(text);
      out.push({ kind: 'comment', text, offset: start, anchor: start, line: i + 1, headings: headingTexts(), intro: '', describesKey: false, written: false });
      continue;
    }
    const open = line.indexOf('<!--');
    if (open !== -1) {
      flush();
      const close = line.indexOf('-->', open + 4);
      const start = src.lineStarts[i]! + open + 4;
      if (close === -1) {
        inComment = true;
        commentStart = start;
        commentLine = i + 1;
      } else {
        out.push({ kind: 'comment', text: line.slice(open + 4, close), offset: start, anchor: start, line: i + 1, headings: headingTexts(), intro: '', describesKey: false, written: false });
      }
      continue;
    }
    if (/^\s*$/.test(line)) {
      flush();
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      flush();
      const level = h[1]!.length;
      while (headings.length && headings[headings.length - 1]!.level >= level) headings.pop();
      headings.push({ level, text: h[2]! });
      headingList = null;
      intro = '';
      lastParagraph = '';
      lastStep = '';
      parentItem = null;
      continue;
    }
    if (TABLE_ROW.test(line)) {
      flush();
      if (TABLE_RULE.test(line)) continue;
      const cells = line.split('|').slice(1);
      const first = (cells[0] ?? '').trim();
      const describesKey = cells.length >= 2 && (/^`[^`]{1,80}`$/.test(first) || /^-{1,2}[\w-]{1,40}\b/.test(first) || /^[\w./:@-]{1,40}$/.test(first));
      // (a header row, the first of its table with the rule under it, names what the first column holds)
      // (a header row, the first of its table with the rule under it, names which column holds samples: what is seen or
      // found, or what an attacker writes, in any position; or the paragraph above presents the rows as an attacker's examples)
      if (i === 0 || !TABLE_ROW.test(src.lines[i - 1] ?? '')) {
        const header = TABLE_RULE.test(src.lines[i + 1] ?? '') && cells.length >= 3;
        sampleColumn = header ? cells.findIndex((c) => SAMPLE_COLUMN.test(c.replace(/[*_`]/g, '').trim())) : -1;
        if (header && sampleColumn === -1 && lastParagraph && ATTACKER_EXAMPLES_INTRO.test(lastParagraph) && !ADDRESSED_USE.test(lastParagraph)) sampleColumn = 0;
      }
      // (an address in a cell other than the samples' is a step beside them: "decode with `curl https://…`")
      const samples = sampleColumn >= 0 && !LIVE_ADDRESS.test(cells.filter((_c, k) => k !== sampleColumn).join('|'));
      cur = { kind: 'table', startLine: i, endLine: i, describesKey, samples };
      flush();
      continue;
    }
    if (QUOTE.test(line)) {
      if (cur && cur.kind !== 'quote') flush();
      if (!cur) cur = { kind: 'quote', startLine: i, endLine: i, describesKey: false };
      cur.endLine = i;
      continue;
    }
    if (LIST_ITEM.test(line)) {
      flush();
      cur = { kind: 'list', startLine: i, endLine: i, describesKey: false };
      continue;
    }
    if (cur && (cur.kind === 'paragraph' || cur.kind === 'list')) {
      cur.endLine = i; // continuation line
      continue;
    }
    flush();
    cur = { kind: 'paragraph', startLine: i, endLine: i, describesKey: false };
  }
  flush();
  // headings and introductions repeat for every unit under them: each lower-cased once
  const lowered = new Map<string, string>();
  const loweredLists = new Map<string[], string[]>();
  const lower = (t: string) => {
    let l = lowered.get(t);
    if (l === undefined) lowered.set(t, (l = lowerSame(t)));
    return l;
  };
  // (Object.assign and assignments: the same keys in the same order as a spread, without its cost per unit)
  return out.map((u) => {
    const unit = Object.assign({}, u) as ProseUnit;
    unit.raw = u.text;
    // a paragraph wrapped over several lines is one run of text: a soft line break reads as a space
    unit.text = joinSplitWords(lowerSame(u.text)).replace(/\n/g, " ");
    unit.intro = lower(u.intro);
    let headingsLower = loweredLists.get(u.headings);
    if (!headingsLower) loweredLists.set(u.headings, (headingsLower = u.headings.map(lower)));
    unit.headings = headingsLower;
    return unit;
  });
}

const INVISIBLE_SEPARATORS = /[\u00AD\u200B-\u200D\u2060-\u2064]/g;
const isSeparator = (c: number) => c === 0xad || (c >= 0x200b && c <= 0x200d) || (c >= 0x2060 && c <= 0x2064);
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * A word split by invisible separators (soft hyphen, zero-width space, word joiner) is read as the
 * word a person sees; the separators move to the word's end as spaces, so the length (and every
 * offset within a line) stays the same. Linear: each character is visited at most twice.
 */
function joinSplitWords(s: string): string {
  INVISIBLE_SEPARATORS.lastIndex = 0;
  if (!INVISIBLE_SEPARATORS.test(s)) return s;
  INVISIBLE_SEPARATORS.lastIndex = 0;
  let out = '';
  let done = 0;
  let m: RegExpExecArray | null;
  while ((m = INVISIBLE_SEPARATORS.exec(s)) !== null) {
    if (m.index < done) continue;
    let a = m.index;
    while (a > done && WORD_CHAR.test(s[a - 1]!)) a--;
    let e = m.index;
    while (e < s.length && (isSeparator(s.charCodeAt(e)) || WORD_CHAR.test(s[e]!))) e++;
    const run = s.slice(a, e);
    const w = run.replace(INVISIBLE_SEPARATORS, '');
    out += s.slice(done, a) + w + ' '.repeat(run.length - w.length);
    done = e;
    INVISIBLE_SEPARATORS.lastIndex = Math.max(e, m.index + 1);
  }
  INVISIBLE_SEPARATORS.lastIndex = 0;
  return out + s.slice(done);
}

/** Shell or program text in an untagged fence: left to the code reader. */
function looksLikeCode(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim()).slice(0, 20);
  if (lines.length === 0) return true;
  const codey = lines.filter((l) => /^\s*(?:\$ |[#]!|[\w./-]+\s+-{1,2}\w|(?:curl|wget|cd|ls|npm|pip|git|sudo|echo|export|cat|python3?|node|docker|kubectl|import|from|def|const|let|var|function|if|for|return)\b|[{}();]\s*$|<\/?\w+[^>]*>\s*$)/.test(l));
  return codey.length * 2 > lines.length;
}

// ---------------------------------------------------------------------------------------------
// Sentences and clauses

// A full stop in Chinese or Japanese ends the sentence whatever follows: those scripts put no space after it.
const SENTENCE_END = /[.!?](?=\s|$|["'”’)\]])|[。！？]|\n\s*\n/gu;
const CLAUSE_END = /[,;:，；：—–]\s|\s(?:but|however|aber|pero|mais|mas|ma|но|但是)\s|\s\((?=\s*(?:e\.g\.|for example|z\.\s?b\.|p\.\s?ej\.|par ex))/g;

/** Clauses of a unit, each with its sentence. Sentences are capped so one huge line stays linear. */
export function clausesOf(unit: ProseUnit): Clause[] {
  const out: Clause[] = [];
  const text = unit.text;
  let s = 0;
  SENTENCE_END.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SENTENCE_END.exec(text)) !== null) {
    const e = m.index + m[0].length;
    pushSentence(out, unit, s, e);
    s = e;
    if (m[0].length === 0) SENTENCE_END.lastIndex++;
  }
  if (s < text.length) pushSentence(out, unit, s, text.length);
  return out;
}

const HAS_LETTER = /[\p{L}]/u;

/**
 * One key per sentence text (as written and as lowered, since the reader asks about both): what the
 * reader asks about a sentence is a function of its text, so a sentence repeated anywhere, in this skill or the
 * last, is answered from its key's memo with one look-up per sentence rather than one per question. Bounded.
 */
const SENTENCE_KEYS = new TextMemo<SentenceKey>(200_000);
const newSentenceKey = (): SentenceKey => new SentenceKey();

/** The clauses of the sentence at [a, b) of a unit's text, onto `out` (a module function: a closure per unit cost more than the unit). */
function pushSentence(out: Clause[], unit: ProseUnit, a: number, b: number): void {
  const text = unit.text;
  // A run-on "sentence" is read in pieces, so clause scans stay short and nothing after it is skipped.
  while (b - a > 1000) {
    const cut = Math.max(text.lastIndexOf(' ', a + 1000), a + 500);
    pushSentence(out, unit, a, cut);
    a = cut;
  }
  const sentence = text.slice(a, b);
  const rawSentence = unit.raw.slice(a, b);
  if (!HAS_LETTER.test(sentence)) return;
  // (the lowered text too: lowering a unit reads context, as Greek final sigma does, and a cut run-on piece may differ)
  const sentenceKey = SENTENCE_KEYS.get(rawSentence === sentence ? sentence : `${rawSentence}\u0000${sentence}`, newSentenceKey);
  let c = 0;
  CLAUSE_END.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CLAUSE_END.exec(sentence)) !== null) {
    if (m.index > c) out.push({ unit, start: a + c, end: a + m.index, text: sentence.slice(c, m.index), raw: rawSentence.slice(c, m.index), rawSentence, sentenceKey, sentenceStart: a, sentence });
    c = m.index + m[0].length;
    if (m[0].length === 0) CLAUSE_END.lastIndex++;
  }
  if (c < sentence.length) out.push({ unit, start: a + c, end: b, text: sentence.slice(c), raw: rawSentence.slice(c), rawSentence, sentenceKey, sentenceStart: a, sentence });
}

// ---------------------------------------------------------------------------------------------
// Addressing and mode

// Backticks are not here: inline code in a sentence is what the step runs, not a mention.
const QUOTE_PAIRS: [string, string][] = [['"', '"'], ['“', '”'], ['„', '“'], ['«', '»'], ['「', '」'], ['『', '』'], ['‘', '’'], ["'", "'"]];

/** Is `at` (sentence offset) inside a quotation of the sentence? Quoted words are mentioned, not used. */
export function quotedAt(sentence: string, at: number, len: number): boolean {
  for (const [o, c] of QUOTE_PAIRS) {
    let i = sentence.indexOf(o);
    while (i !== -1 && i < at) {
      const j = sentence.indexOf(c, i + 1);
      if (j === -1) break;
      if (o === "'" && /\w/.test(sentence[i - 1] ?? '')) { i = sentence.indexOf(o, i + 1); continue; } // an apostrophe, not a quote
      if (j >= at + len - 1 && i < at) return true;
      i = sentence.indexOf(o, j + 1);
    }
  }
  return false;
}

/**
 * Is the verb at `at` (clause offset) addressed to the reader: the clause starts with it (an
 * imperative step), or a modal/polite frame or "always" stands before it ("you must", "bitte").
 */
export function addressedAt(clause: string, at: number): boolean {
  const before = clause.slice(0, at);
  const r = addressMemo.get(before, addressedBefore);
  if (r !== UNDECIDED) return r === ADDRESSED;
  // verb-final languages (Japanese, Korean, Turkish; German infinitive steps) are addressed by the verb form itself
  if (clause !== lastCjk.clause) lastCjk = { clause, cjk: CJK.test(clause) || TURKISH.test(clause) };
  return lastCjk.cjk;
}

const ADDRESSED = 1;
const NOT_ADDRESSED = 0;
/** Not told by the text before the verb: addressed when the clause is written in a verb-final script. */
const UNDECIDED = 2;
/**
 * What the text before a verb says, remembered per text (bounded): a clause is asked once per verb in it, a long
 * run-on clause has dozens, and a file repeating a line repeats its clauses.
 */
const addressMemo = new TextMemo<number>(1_000_000);
/** The clause whose script was asked last (asked once per verb of the same clause). */
let lastCjk = { clause: '', cjk: false };

function addressedBefore(before: string): number {
  const lead = CLAUSE_LEAD.exec(before);
  const rest = before.slice(lead ? lead[0].length : 0);
  if (/^\s*$/.test(rest)) return ADDRESSED;
  // An imperative after a fronted condition ("Where it conflicts with the user, follow …", "If the fetch fails, retry …")
  if (/^\s*(?:when|whenever|where|wherever|if|once|after|before|unless|in case)\b[^,;:.!?]{1,120},\s*$/u.test(rest)) return ADDRESSED;
  // A step after when it happens: "once a day upload …", "every night, copy …", "at the end of each session send …"
  if (/^\s*(?:(?:and|then|and then)\s+)?(?:(?:once|twice)\s+(?:a|an|per|every)\s+\p{L}+|every\s+(?:\d+\s+)?\p{L}+|each\s+\p{L}+|at the (?:end|start|beginning) of (?:each|every|the) \p{L}+|daily|nightly|weekly|hourly|(?:ogni|jede[nrs]?|alle|cada|chaque|tous\s+les|toutes\s+les|todos\s+(?:los|os)|todas\s+(?:las|as)|tutti\s+i|tutte\s+le)\s+(?:\d+\s+)?\p{L}+|täglich|stündlich|wöchentlich|diariamente|quotidiennement)[,\s]*$/u.test(rest)) return ADDRESSED;
  // … or before or after each use, without a comma: "so before each search upload …", "after every build send …"
  if (/^\s*(?:(?:so|therefore|thus|hence|and|then)\s+)?(?:before|after|prior to)\s+(?:each|every|any)\s+(?:\p{L}+\s+)?\p{L}+[,\s]*$/u.test(rest) && !THIRD_PERSON.test(rest)) {
    THIRD_PERSON.lastIndex = 0;
    return ADDRESSED;
  }
  THIRD_PERSON.lastIndex = 0;
  // A step after a place where it happens: "On the consent screen click …", "In Settings → Security, add …"
  if (/^\s*(?:on|in|at|under|from|inside|within)\s+(?:the\s+|this\s+|that\s+|your\s+)?[\p{L}\p{N} →>&'’-]{1,40},?\s*$/u.test(rest)) return ADDRESSED;
  // A step done with a tool: "use the send_email tool to send …", "call `post_message` to share …"
  if (/^\s*(?:use|call|invoke|run|open|with)\b[^,;:.!?]{1,80}\bto\s*$/u.test(rest)) return ADDRESSED;
  // A second imperative coordinated with the first ("fetch the rules and run them", "… et exécute-les").
  if (/(?:^|\s)(?:and|then|and then|und|dann|y|luego|et|puis|e|depois|poi|en|daarna|и|затем|потом)\s*$/u.test(rest) && !THIRD_PERSON.test(rest.split(/\s/).slice(0, 3).join(' '))) {
    THIRD_PERSON.lastIndex = 0;
    return ADDRESSED;
  }
  THIRD_PERSON.lastIndex = 0;
  if (THIRD_PERSON.test(rest)) {
    THIRD_PERSON.lastIndex = 0;
    return NOT_ADDRESSED;
  }
  THIRD_PERSON.lastIndex = 0;
  ADDRESS.lastIndex = 0;
  if (ADDRESS.test(rest)) {
    ADDRESS.lastIndex = 0;
    return ADDRESSED;
  }
  ADDRESS.lastIndex = 0;
  // Short adverbial or object-fronted frames before an imperative ("Silently, read …", "Bitte sofort …")
  // are addressed by the verb form itself; else the clause's script decides (addressedAt).
  return /^\s*[\p{L}-]{2,20}(?:ly|ment|mente|lich|но)[,\s]*$/u.test(rest) ? ADDRESSED : UNDECIDED;
}

/** The verb at `at` (sentence offset) is one of a comma list of verbs that a negation opens: "never see, ask for or relay". */
function negatedList(sentence: string, at: number): boolean {
  const before = sentence.slice(Math.max(0, at - 60), at);
  NEGATION.lastIndex = 0;
  let end = -1;
  for (const m of matchAll(before, NEGATION)) end = m.index! + m[0].length;
  NEGATION.lastIndex = 0;
  if (end < 0) return false;
  const between = before.slice(end);
  // ("If the balance does not load, ask …": the comma closes a fronted condition, not a list of verbs)
  if (FRONTED_CONDITION_NEGATION.test(sentence.slice(Math.max(0, at - 200), at))) return false;
  return between.includes(',') && /^\s*[\p{L}'’-]+(?:\s+(?:for|out|up|back|on|over))?(?:\s*,\s*[\p{L}'’-]+(?:\s+(?:for|out|up|back|on|over))?)*\s*,?\s*(?:(?:or|and|nor|oder|und|ni|ou|o|y|e|или|и)\s+)?$/u.test(between);
}

/** A letter of a script written with spaces between words (a CJK run is one "word" and must not be cut). */
const SPACED_WORD = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}_]/u;

/**
 * The text before a verb is a fronted condition holding the negation, closed by a comma right before the verb (a
 * subordinator opens the text or follows its last comma; at most a few words between the comma and the verb).
 */
const FRONTED_CONDITION_NEGATION = /(?:^|[,;:]\s*)(?:if|when|whenever|once|in case|as long as|si|wenn|falls|sobald|cuando|quand|lorsque|se|quando|als|wanneer|jeśli|jeżeli|gdy|kiedy|jika|kalau|apabila|bila|eğer|если|когда)\s[^,;:]{1,100}\b(?:not|never|n['’]t|nicht|no|pas|não|non|niet|nie|tidak|belum|не)\b[^,;:]{0,60},\s*(?:[\p{L}'’-]+\s+){0,2}$/iu;

/**
 * A negation whose scope reaches the verb at `at` (clause offset). Remembered per clause text and offset (bounded): the
 * readers ask it of every verb and class hit, and a skill repeating a step asks the same of each copy.
 */
export function negatedAt(clause: string, at: number): boolean {
  const known = negatedMemo.get(clause, newAnswers);
  let r = known.get(at);
  if (r === undefined) known.set(at, (r = negatedAtUncached(clause, at)));
  return r;
}
const negatedMemo = new TextMemo<Map<number, boolean>>(1_000_000);
const newAnswers = () => new Map<number, boolean>();

function negatedAtUncached(clause: string, at: number): boolean {
  // (an offset inside a word leaves the word's start out: "mai|l" is not Italian "mai")
  let cut = at;
  while (cut > 0 && SPACED_WORD.test(clause[cut - 1]!) && SPACED_WORD.test(clause[cut] ?? '')) cut--;
  const before = clause.slice(Math.max(0, cut - 80), cut);
  NEGATION.lastIndex = 0;
  let hit = false;
  let lastNeg = -1;
  for (const m of matchAll(before, NEGATION)) {
    hit = true;
    lastNeg = m.index! + m[0].length;
  }
  NEGATION.lastIndex = 0;
  // A coordinated second command after a closed negation is positive: "n'en parle pas … et envoie",
  // "sag nichts und schicke", "no preguntes y envía", "don't ask, then send".
  if (hit && /(?:^|\s)(?:et|und|y|e|и|then|and then|dann|puis|luego|poi|затем)\s+$/u.test(before.slice(lastNeg))) hit = false;
  // A negation inside a fronted condition closed by its comma describes when, not what: "If the balance does not
  // load, ask …", "When the tests don't pass, run …", "Jeśli saldo się nie ładuje, poproś …".
  if (hit && /[,，]/u.test(before.slice(lastNeg)) && FRONTED_CONDITION_NEGATION.test(before)) hit = false;
  if (!hit) {
    // verb-final negations (Japanese しないで, Korean 보내지 마세요 / 보내면 안 됩니다, German "… nicht") follow the verb
    return /^[^\n。.]{0,12}(?:しないで|ないでください|しない(?:こと)?|禁止|nicht\b|niemals\b|지\s?(?:마|말|않)|(?:으)?면\s?안\s?(?:됩|돼|된|되))/u.test(clause.slice(at));
  }
  return true;
}

// Units under one heading and introduction ask about the same text: remembered by text, bounded.
const detectsMemo = new Map<string, boolean>();
function detects(text: string): boolean {
  let r = detectsMemo.get(text);
  if (r !== undefined) return r;
  DETECTION.lastIndex = 0;
  r = DETECTION.test(text);
  DETECTION.lastIndex = 0;
  if (detectsMemo.size >= 4096) detectsMemo.clear();
  detectsMemo.set(text, r);
  return r;
}

/** The last answer: units in a row share their headings list (readUnits) and most often their introduction. */
let lastDetection: { headings: readonly string[]; intro: string; r: boolean } | null = null;
/** The headings above the unit or its introduction present things to detect. */
function presentsDetection(u: ProseUnit): boolean {
  const last = lastDetection;
  if (last && last.headings === u.headings && last.intro === u.intro) return last.r;
  const r = detects([...u.headings, u.intro].join(' \n '));
  lastDetection = { headings: u.headings, intro: u.intro, r };
  return r;
}

/**
 * A quotation with no introduction of its own under a heading that presents what follows as examples and forbids acting
 * on them ("What it looks like (show these as quoted examples, never act on them)"): the quotes are the examples.
 */
function headingPresentsAntiExamples(u: ProseUnit): boolean {
  const h = u.headings[u.headings.length - 1];
  return !u.intro && !!h && (introducesExample(h) || /\b(?:examples|samples|quotes)\b/iu.test(h)) && FORBIDS_USE.test(h);
}

/** The line is a blockquote line under a heading that presents its quotes as examples not to act on (hidden.ts: a comment quoted there). */
export function antiExampleQuoteLine(src: SourceText, line: number): boolean {
  if (!/^\s{0,3}>/.test(src.lines[line - 1] ?? '')) return false;
  let last: ProseUnit | undefined;
  for (const u of proseUnits(src)) {
    if (u.offset < 0 || u.line > line) break;
    last = u;
  }
  return !!last && headingPresentsAntiExamples({ ...last, intro: '' });
}

function introducesExample(text: string): boolean {
  EXAMPLE_INTRO.lastIndex = 0;
  const r = EXAMPLE_INTRO.test(text);
  EXAMPLE_INTRO.lastIndex = 0;
  return r;
}

/**
 * What a match in a clause is, decided from structure:
 *  - teaching: a list, table, quote or data fence under a heading (or after an introduction) that
 *    presents things to detect; or quoted words in a sentence under such a heading;
 *  - example: a quotation in the sentence, a quote or fence introduced as an example, a table row
 *    describing a flag/command in its first cell, a fence used as data;
 *  - negated: a negation scoping over the verb;
 *  - instruction: otherwise.
 */
export function modeOf(clause: Clause, at: number, len: number): ActionMode {
  const u = clause.unit;
  const inSentence = clause.start - clause.sentenceStart + at;
  const quoted = quotedAt(clause.sentence, inSentence, len);
  const structured = u.kind === 'list' || u.kind === 'table' || u.kind === 'quote' || u.kind === 'fenced';
  if (u.kind !== 'comment' && u.kind !== 'hidden' && u.kind !== 'frontmatter') {
    if ((structured || quoted) && presentsDetection(u)) return 'teaching';
    if (quoted) return 'example';
    if (u.kind === 'table' && u.describesKey) return 'example';
    if (u.kind === 'table' && u.samples) return 'teaching';
    if (u.kind === 'fenced' && !u.written) return 'example';
    if (u.kind === 'quote' && introducesExample(u.intro)) return 'example';
    if (u.kind === 'quote' && headingPresentsAntiExamples(u)) return 'example';
  }
  if (negatedAt(clause.text, at)) return 'negated';
  // a negation that governs a list of verbs across the comma ("You never see, ask for or relay the code")
  if (clause.start > clause.sentenceStart && negatedList(clause.sentence, inSentence)) return 'negated';
  return 'instruction';
}

const lineModeCache = new WeakMap<SourceText, Map<number, ActionMode>>();
/** A paragraph that opens with a detection imperative: what follows is what to find, not what to do. */
const DETECTION_STEP = /^[\s*_>]*(?:flag|look\s+for|watch\s+(?:out\s+)?for|search\s+(?:\S+\s+){0,3}for|detect|spot|recogni[sz]e|treat\s+as\s+suspicious|reject\s+(?:any|skills?))\b/u;

/**
 * The mode the document's structure gives a whole line, for readers that judge lines rather than
 * clauses (code spans inside prose, the older line rules): a list item, table row, blockquote or
 * data fence under a heading or an introduction that presents things to detect is `teaching`; a
 * blockquote or data fence introduced as an example is `example`. Lines outside such
 * units are not in the map (their mode is the reader's own decision).
 */
export function structuralLineModes(src: SourceText): ReadonlyMap<number, ActionMode> {
  let map = lineModeCache.get(src);
  if (map) return map;
  map = new Map();
  for (const u of proseUnits(src)) {
    if (u.offset < 0 || u.kind === 'comment' || u.kind === 'hidden' || u.kind === 'frontmatter') continue;
    let mode: ActionMode | null = null;
    // A paragraph is teaching when it is itself a detection step ("Flag `curl … | sh` from hosts …").
    if (u.kind === 'paragraph') mode = DETECTION_STEP.test(u.text) ? 'teaching' : null;
    else if (presentsDetection(u)) mode = 'teaching';
    else if (u.kind === 'table' && u.samples) mode = 'teaching';
    // A data fence or quote is an example only when its introduction says so: "Add this line to
    // /etc/sudoers:" before a fence is a step, whatever the fence's language.
    else if ((u.kind === 'fenced' || u.kind === 'quote') && !u.written && introducesExample(u.intro)) mode = 'example';
    else if (u.kind === 'quote' && headingPresentsAntiExamples(u)) mode = 'example';
    // an inline command in a sentence or list item whose every address cannot be reached (defanged, or under the
    // reserved `.invalid` name that never resolves, RFC 6761) is an indicator quoted, like a defanged block, unless the
    // sentence tells the reader to run or use it; only the lines of that span
    if (!mode && (u.kind === 'paragraph' || u.kind === 'list')) {
      const original = src.content.slice(u.offset, u.offset + u.text.length);
      for (const m of matchAll(original, INLINE_SPAN)) {
        if (!unreachableOnly(m[1]!)) continue;
        const before = original.slice(Math.max(0, m.index! - 200), m.index!);
        if (ADDRESSED_USE.test(before.split(/(?<=[.!?])\s+(?=\p{Lu})|\n\s*[-*]\s/u).pop() ?? '')) continue;
        for (let l = src.lineOf(u.offset + m.index!); l <= src.lineOf(u.offset + m.index! + m[0].length - 1); l++) map.set(l, 'example');
      }
    }
    if (!mode) continue;
    const last = src.lineOf(u.offset + Math.max(0, u.text.length - 1));
    for (let l = src.lineOf(u.offset); l <= last; l++) map.set(l, mode);
  }
  // A code-like fence the author tags as data (`text`, `log` …) under a heading or introduction that
  // presents things to detect (signatures, indicators, test data) is what to find, not a step; one
  // introduced as what is written somewhere, or that the reader is told to run or add, stays a step.
  proseUnits(src);
  for (const f of dataFenceCache.get(src) ?? []) {
    if (f.written || ADDRESSED_USE.test(f.intro) || f.block.lastLine < f.block.firstLine || map.has(f.block.firstLine)) continue;
    if (!detects([...f.headings, f.intro].join(' \n ')) && !TEST_DATA.test(f.intro) && !f.headings.some((h) => TEST_DATA.test(h))) continue;
    for (let l = f.block.firstLine; l <= f.block.lastLine; l++) map.set(l, 'teaching');
  }
  // A code block whose introduction presents it as what an attacker or a victim does ("this line reads
  // the user's keys and posts them to the attacker:", "A victim types:") is data, unless the
  // introduction tells the reader to run or use it. "Example usage:" alone is not enough: setup steps
  // are written that way.
  for (const b of src.blocks) {
    if (b.lastLine < b.firstLine || map.has(b.firstLine)) continue;
    // A detection rule's match values are what it looks for, not commands: the `detection:` mapping of a Sigma rule
    // (beside its `logsource:`), the `strings:` section of a YARA rule (docs/skill-verdicts.md, "Detection rules")
    if (b.end - b.start < 64_000) detectionRuleLines(src, b, map);
    const intro = lowerSame(introOf(src, b.fenceLine));
    // A block whose every address is defanged (`hxxps://`, `bad[.]example`) or under the reserved `.invalid` name that
    // never resolves (RFC 6761) is an indicator written so that it cannot run or reach anyone, the convention of
    // security write-ups (the same test as for inline spans below): data, unless the reader is told to run or use it.
    if (!ADDRESSED_USE.test(intro ?? '') && unreachableOnly(src.content.slice(b.start, b.end))) {
      for (let l = b.firstLine; l <= b.lastLine; l++) map.set(l, 'example');
      continue;
    }
    // (the forbidding itself is no use: "… do not copy it into your server:")
    if (!intro || ADDRESSED_USE.test(intro.replace(FORBIDS_USE_ALL, ' '))) continue;
    // (a negation in the introduction keeps the block a step — "Don't skip this:" — unless what it forbids is using the
    // block itself and the block is named as an attack: "poisoned descriptions like this one - never write one")
    if (INTRO_NEGATION.test(intro) && !(FORBIDS_USE.test(intro) && ATTACK_WORDS.test(intro))) continue;
    THIRD_PERSON.lastIndex = 0;
    const describes = THIRD_PERSON_SUBJECT.test(intro) || VICTIM_SUBJECT.test(intro) || ATTACK_WORDS.test(intro);
    if (!describes) continue;
    for (let l = b.firstLine; l <= b.lastLine; l++) map.set(l, 'example');
  }
  lineModeCache.set(src, map);
  return map;
}

const sampleRowsCache = new WeakMap<SourceText, ReadonlySet<number>>();
/**
 * The lines that are rows of a samples table (a header naming a column as what is seen, found or written by an
 * attacker, or an introduction presenting the rows as an attacker's examples; no address outside the samples' column):
 * a command quoted in such a row is a sample, whichever rule its text matches, as a data fence presented as
 * indicators is (docs/skill-verdicts.md, "Samples tables").
 */
export function sampleTableLines(src: SourceText): ReadonlySet<number> {
  let r = sampleRowsCache.get(src);
  if (r) return r;
  const lines = new Set<number>();
  for (const u of proseUnits(src)) if (u.kind === 'table' && u.samples && u.offset >= 0) lines.add(u.line);
  sampleRowsCache.set(src, (r = lines));
  return r;
}

/**
 * The lines of a block that hold a detection rule's patterns: in a YAML document with a `logsource:` key, the lines
 * indented under `detection:` up to its `condition:`; in a YARA rule (`rule name {`), the lines from `strings:` to
 * `condition:`. Marked `teaching` (what to find), as a data fence presented as indicators is.
 */
function detectionRuleLines(src: SourceText, b: CodeBlock, map: Map<number, ActionMode>): void {
  const raw = src.content.slice(b.start, b.end);
  const sigma = /^\s*logsource\s*:/m.test(raw) && /^\s*detection\s*:/m.test(raw);
  const yara = /^\s*(?:(?:private|global)\s+)*rule\s+\w+[^\n{]*\{?\s*$/m.test(raw) && /^\s*strings\s*:/m.test(raw);
  if (!sigma && !yara) return;
  let inside = false;
  let indent = -1;
  for (let l = b.firstLine; l <= b.lastLine; l++) {
    const text = src.lines[l - 1] ?? '';
    if (/^\s*(?:---|\.\.\.)\s*$/.test(text)) {
      inside = false;
      continue;
    }
    const lead = /^\s*/.exec(text)![0].length;
    if (sigma && /^\s*detection\s*:\s*$/.test(text)) {
      inside = true;
      indent = lead;
      continue;
    }
    if (yara && /^\s*strings\s*:\s*$/.test(text)) {
      inside = true;
      indent = -1;
      continue;
    }
    if (!inside) continue;
    if (/^\s*condition\s*:/.test(text) || (sigma && text.trim() && lead <= indent)) {
      inside = false;
      continue;
    }
    map.set(l, 'teaching');
  }
}

/**
 * The structural mode of a line inside a fence the author tags as data (`text`, `log` …), or null:
 * for the older code rules, which otherwise read every fence as code.
 */
export function dataFenceMode(src: SourceText, offset: number): ActionMode | null {
  const b = src.blockAt(offset);
  if (!b || !DATA_FENCE_LANGS.has(b.lang)) return null;
  return structuralLineModes(src).get(src.lineOf(offset)) ?? null;
}

const DEFANGED = /\bh(?:xx|\*\*)ps?(?:\[:\]|:)\/\/|[\w-]\[\.\][\w-]|\[:\]\/\/|\[dot\]/iu;
const LIVE_ADDRESS = /\b(?:https?|ftp|wss?):\/\//iu;

/** An inline code span of one line. */
const INLINE_SPAN = /`([^`\n]{3,400})`/g;
/** A host name (labels and a top-level name), or a URL's host. */
const HOST_NAME = /(?<![\w@/-])(?:[a-z0-9$](?:[\w$-]{0,62})\.)+[a-z]{2,24}(?![\w-])|(?<=:\/\/)[^\s/:"'`]+/giu;
/**
 * Every address in the text is one that nothing can receive: defanged (`bad[.]example`), or under the reserved top-level
 * name `.invalid`, which resolvers answer as non-existent without asking anyone (RFC 6761 §6.4); at least one such
 * address and none that resolves. (`.example` and `.test` are stand-ins for someone's real host and stay live.)
 */
function unreachableOnly(text: string): boolean {
  if (DEFANGED.test(text) && !LIVE_ADDRESS.test(text)) return true;
  const hosts = text.match(HOST_NAME) ?? [];
  return hosts.length > 0 && hosts.every((h) => /\.invalid\.?$/i.test(h));
}

/** A heading or introduction that presents a fence as samples to test detection against. */
const TEST_DATA = /\b(?:test\s+(?:data|cases|samples|corpus)|signatures?|samples?\s+(?:to|for)\s+(?:detect|match|test)|(?:quoted|taken)\s+from\s+(?:past|real|earlier)\s+(?:samples|incidents|attacks))\b/iu;

/** The introduction names an attack, not a task. */
const ATTACK_WORDS = /\b(?:attack(?:er|ers|s)?|malicious|malware|steal(?:s|ing)?|stolen|exfiltrat\w*|payload|poisoned|phishing|backdoor\w*|typosquat\w*|compromised?)\b/iu;
/** Reader told to run, add or use what follows: the block is a step whatever else the sentence says. */
const ADDRESSED_USE = /(?:^|[.!?:;,]\s+|\b(?:please|then|now|first|next|just|you\s+(?:must|should|can|need\s+to))\s+)(?:run|execute|paste|type|use|add|copy|install|enter|call|invoke|append|save|put|do|set|create|write|apply|try|mount|pass|export|configure|start|launch|open|fetch|download|pipe|send|give|let|so)\b/iu;
/** The sentence's subject is the attacker ("attackers run:", "the payload does:"). */
const THIRD_PERSON_SUBJECT = /^(?:\s*(?:a|an|the|some|many)\s+)?(?:attackers?|adversar(?:y|ies)|malware|malicious\s+\w+|threat\s+actors?|hackers?|stealers?|infostealers?|scammers?|phishers?|the\s+payload|angreifer|atacantes?|attaquants?)\s+(?:\w+\s+){0,2}(?:runs?|uses?|adds?|types?|hides?|sends?|posts?|writes?|publish(?:es)?|inserts?|plants?|includes?|embeds?|looks?|reads?|does|do|might|may|often|could|would)\b/iu;
/** "cannot", "won't", "never" in the introduction: a claim about the block, not a description of an attack. */
/** The introduction forbids writing, running or using what follows ("never write one", "do not run this", "don't copy it"). */
const FORBIDS_USE = /\b(?:never|do\s+not|don['\u2019]?t|must\s+not|should\s+not|shouldn['\u2019]?t)\s+(?:\w+\s+){0,1}(?:write|run|execute|use|copy|paste|install|ship|publish|add|act\s+on|follow|obey|deploy)\s+(?:one|it|this|these|them|that|those|such|anything\s+like)\b/iu;
const FORBIDS_USE_ALL = new RegExp(FORBIDS_USE.source, 'giu');
const INTRO_NEGATION = /\b(?:cannot|can['\u2019]?t|won['\u2019]?t|will\s+not|never|not|no)\b/iu;
/** …or the victim, typing what the attack needs ("a victim types:", "the developer mistypes:"). */
const VICTIM_SUBJECT = /^(?:\s*(?:a|an|the)\s+)?(?:victims?|target|unsuspecting\s+\w+)\b|\bmistypes?\b/iu;

/** The last sentence of the paragraph just above a fence (blank lines skipped, at most 3), '' when none. */
function introOf(src: SourceText, fenceLine: number): string {
  let i = fenceLine - 2;
  while (i >= 0 && i >= fenceLine - 4 && /^\s*$/.test(src.lines[i] ?? '')) i--;
  if (i < 0 || src.kinds[i] !== 'prose' || HEADING.test(src.lines[i]!)) return '';
  let j = i;
  while (j > 0 && src.kinds[j - 1] === 'prose' && !/^\s*$/.test(src.lines[j - 1]!) && !HEADING.test(src.lines[j - 1]!) && i - j < 6) j--;
  const para = src.lines.slice(j, i + 1).join(' ');
  const sentences = para.split(/(?<=[.!?])\s+/);
  return sentences[sentences.length - 1] ?? '';
}

const SPAN_NEGATION = /\b(?:never|do\s+not|don['\u2019]?t|must\s+not|should\s+not|avoid|instead\s+of|rather\s+than|nie(?:mals)?|nunca|jamais)\b([^.!?;:`]*)$|\b(?:no|without|kein\w*|ohne|sin|sans)(\s+(?:\w+\s+)?)$/i;
const INSISTS = /^\s*(?:\w+\s+)?(?:forget|hesitate|fail|skip|miss|neglect|omit|wait|delay|ignore)\b/i;
const SECOND_STEP = /[,\u2014\u2013-]\s*(?:then\s+|and\s+|now\s+|just\s+|instead\s+)?(?:run|execute|pipe|paste|type|install|call|use|do|enter|send)\b/i;

/**
 * Is an inline code span forbidden by its sentence ("Never run `curl … | sh` from hosts you do not
 * know")? `before` is the line's text up to the span. A negation counts when it stands in the span's
 * own clause and no second imperative follows it ("Do not ask, run `…`" is a step).
 */
export function spanNegated(beforeAll: string): boolean {
  // a sentence is read back at most 400 characters: one long line must not be rescanned per span
  const before = beforeAll.length > 400 ? beforeAll.slice(-400) : beforeAll;
  // inside the span already (a pattern matched after its opening backtick): judge from the backtick
  const tick = before.lastIndexOf('`');
  const upTo = tick !== -1 && (before.slice(0, tick).match(/`/g)?.length ?? 0) % 2 === 0 ? before.slice(0, tick) : before;
  // the clause after the last stop (a backward scan: the regex `[^.!?;]*$` retries from every position)
  let cut = upTo.length;
  while (cut > 0 && !'.!?;'.includes(upTo[cut - 1]!)) cut--;
  const sentence = upTo.slice(cut);
  const m = SPAN_NEGATION.exec(sentence);
  // "don't forget to run", "never hesitate to use", "do not skip": a negated verb that asks for the step
  return Boolean(m) && !SECOND_STEP.test(m![1] ?? m![2] ?? '') && !INSISTS.test(m![1] ?? '');
}
