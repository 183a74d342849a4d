/**
 * hidden_content rules: zero-width and bidi characters, comments, whitespace padding, homoglyphs.
 */
import type { Collector } from './collector.js';
import { IMPERATIVE, PROMPT_OVERRIDE, REVIEWER_DIRECTED, firstMatch, matchesOf } from './patterns.js';
import { inlineSpans, preview, type SourceText } from './text.js';
import { TextMemo } from './text-memo.js';
import { withQuickStart } from './regex-quick-start.js';
import { antiExampleQuoteLine } from './prose/structure.js';
import { matchAll } from './match-all.js';

const ZERO_WIDTH = /[\u200B\u200C\u200D\u2060\uFEFF]/g;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
const INVISIBLE = /[\u200B\u200C\u200D\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/g;

const EMOJI_BEFORE_ZWJ = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u20E3]/u;
const EMOJI_AFTER_ZWJ = /\p{Extended_Pictographic}/u;
const LETTER = /[\p{L}\p{M}]/u;
const LATIN_CYRILLIC_GREEK = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]/u;

function hex(cp: number): string {
  return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
}

function codePointBefore(text: string, i: number): string {
  if (i <= 0) return '';
  const lo = text.charCodeAt(i - 1);
  if (lo >= 0xdc00 && lo <= 0xdfff && i >= 2) return text.slice(i - 2, i);
  return text[i - 1];
}

function codePointAfter(text: string, i: number): string {
  const cp = text.codePointAt(i + 1);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

/** Joiners that are a legitimate part of emoji sequences or of scripts that need them. */
function isLegitimateJoiner(text: string, i: number): boolean {
  const ch = text[i];
  if (ch !== '\u200D' && ch !== '\u200C') return false;
  const before = codePointBefore(text, i);
  const after = codePointAfter(text, i);
  if (ch === '\u200D' && EMOJI_BEFORE_ZWJ.test(before) && EMOJI_AFTER_ZWJ.test(after)) return true;
  const scriptLetter = (s: string) => s !== '' && LETTER.test(s) && !LATIN_CYRILLIC_GREEK.test(s);
  return scriptLetter(before) && scriptLetter(after);
}

export function checkInvisibleCharacters(src: SourceText, out: Collector): void {
  const text = src.content;
  const zw = new Map<number, { offset: number; count: number; cps: Set<string> }>();
  for (const m of matchesOf(ZERO_WIDTH, text)) {
    if (m.index === 0 && m[0] === '\uFEFF') continue; // byte-order mark
    if (isLegitimateJoiner(text, m.index)) continue;
    const line = src.lineOf(m.index);
    const entry = zw.get(line) ?? { offset: m.index, count: 0, cps: new Set<string>() };
    entry.count++;
    entry.cps.add(hex(m[0].charCodeAt(0)));
    zw.set(line, entry);
  }
  for (const e of zw.values()) {
    out.add('zeroWidth', e.offset,
      `Hidden zero-width character${e.count > 1 ? `s (${e.count} on this line` : ' ('}${e.count > 1 ? ', ' : ''}` +
      `${[...e.cps].sort().join(', ')}) can hide or split words so that what a reader sees differs from what the agent reads.`);
  }

  const bidi = new Map<number, { offset: number; count: number; cps: Set<string> }>();
  for (const m of matchesOf(BIDI, text)) {
    const line = src.lineOf(m.index);
    const entry = bidi.get(line) ?? { offset: m.index, count: 0, cps: new Set<string>() };
    entry.count++;
    entry.cps.add(hex(m[0].charCodeAt(0)));
    bidi.set(line, entry);
  }
  for (const e of bidi.values()) {
    out.add('bidi', e.offset,
      `Bidirectional control character${e.count > 1 ? 's' : ''} (${[...e.cps].sort().join(', ')}) change${e.count > 1 ? '' : 's'} how the text ` +
      'is displayed (trojan source), so what a reviewer reads differs from what the agent reads.');
  }
}

/** The content with zero-width and bidi characters removed, and a map back to original offsets. */
export function visibleText(content: string): { text: string; toOriginal: (i: number) => number } {
  INVISIBLE.lastIndex = 0;
  if (!INVISIBLE.test(content)) return { text: content, toOriginal: (i) => i };
  const map: number[] = [];
  let text = '';
  const parts: string[] = [];
  let last = 0;
  for (const m of matchesOf(INVISIBLE, content)) {
    parts.push(content.slice(last, m.index));
    for (let j = last; j < m.index; j++) map.push(j);
    last = m.index + 1;
  }
  parts.push(content.slice(last));
  for (let j = last; j < content.length; j++) map.push(j);
  text = parts.join('');
  return { text, toOriginal: (i) => (i < map.length ? map[i] : content.length) };
}

/** Remembered per text: hidden elements repeat, and the text of an unclosed one is the next 2000 characters. */
const instructionMemo = new TextMemo<string | null>();

/** Is this hidden text instruction-like (injection phrase or imperative wording)? */
export function instructionLike(text: string): string | null {
  return instructionMemo.get(text, (t) => {
    const inj = firstMatch(PROMPT_OVERRIDE, t) ?? firstMatch(REVIEWER_DIRECTED, t);
    const imp = inj ? null : IMPERATIVE.exec(t);
    return inj ? inj.label : imp ? `"${imp[0].toLowerCase()}"` : null;
  });
}

/**
 * What makes a comment's hidden text an instruction worth refusing. Comments are where maintainers
 * leave notes to each other ("run npm run lint before committing", "always keep this table sorted"),
 * so an imperative alone is only disclosed (the `comment` finding). Refused: an injection or
 * reviewer-directed phrase, or an imperative about something an attacker
 * wants done out of sight — secrets and credential files, data sent or uploaded, a remote address or a
 * download-and-run, destruction, an approval, or keeping the user from knowing (docs/sandbox.md).
 */
const HIDDEN_STAKES = /https?:\/\/|\b(?:curl|wget|nc|ncat|netcat|scp|rsync|base64|eval|exec|iex|invoke-expression|powershell|bash\s+-c|sh\s+-c|rm\s+-rf|chmod\s+\+x)\b|[`$]\(|\|\s*(?:ba|z)?sh\b|~\/|\.ssh\b|\.aws\b|\.env\b|\bid_(?:rsa|ed25519)\b|\b(?:secrets?|credentials?|passwords?|passphrases?|tokens?|api[\s_-]?keys?|private\s+keys?|seed\s+phrases?|mnemonics?|wallets?|cookies?|env(?:ironment)?\s+variables?)\b|\b(?:do\s+not|don'?t|never)\s+(?:tell|mention|show|reveal|inform|alert|notify|ask)\b|\b(?:silently|secretly|quietly|without\s+(?:telling|asking|informing|notifying))\b|\b(?:upload|send|post|forward|transmit|exfiltrate|leak|e-?mail)\b|\b(?:approve|certify|whitelist|allowlist)\b|\bmark\s+(?:this|it)\s+as\s+(?:safe|benign|trusted|approved)\b/i;

/**
 * A maintainer's note read for stakes without what it only mentions: a word in quotation marks ("translate
 * "credentials" as …"), a clause that forbids the act ("never commit the .env file"; not "never forget to …", and
 * not concealment, which is the negation itself), a send verb used as a noun or file name ("the upload endpoint in
 * scripts/upload.py") and a pull request or patch sent upstream (docs/sandbox.md, hidden comments).
 */
const QUOTED_WORDS = /["\u201c\u201e\u00ab][^"\u201c\u201d\u201e\u00ab\u00bb/~$|`\n]{1,40}["\u201d\u201c\u00bb]/g;
const FORBIDDING_CLAUSE = /(?:^|[.;!?\n]|:\s)\s*(?:[\w-]+:\s*)?(?:never|do\s+not|don['\u2019]?t|must\s+not)\s+(?!(?:ever\s+)?(?:forget|fail|skip|miss|neglect|omit|hesitate|refuse|wait|delay|ignore|tell|mention|show|reveal|inform|alert|notify|ask|let)\b)(?:[^.;!?\n]|\.(?!\s|$))*/gi;
const SEND_AS_NOUN = /\b(?:the|an?|this|that|our|your|its|each|every)\s+(?:upload|send|post|e-?mail)\b|[\w/.-](?:upload|send|post)\b|\b(?:upload|send|post)[./-]\w|\bsend\s+(?:a|the|your|an?\s+upstream)\s+(?:pr|pull\s+request|merge\s+request|patch(?:es)?|fix)\b/gi;
function commentStakes(body: string): boolean {
  return HIDDEN_STAKES.test(body.replace(QUOTED_WORDS, ' ').replace(FORBIDDING_CLAUSE, ' ').replace(SEND_AS_NOUN, ' '));
}

function commentInstruction(body: string): string | null {
  const inj = firstMatch(PROMPT_OVERRIDE, body) ?? firstMatch(REVIEWER_DIRECTED, body);
  if (inj) return inj.label;
  const imp = IMPERATIVE.exec(body);
  return imp && commentStakes(body) ? `"${imp[0].toLowerCase()}"` : null;
}

const MD_COMMENT = /^[ \t]{0,3}\[[^\]\n]{0,100}\]:[ \t]*(?:#|<>)[ \t]*(?:\(([^\n]*)\)|"([^\n]*)")?[ \t]*$/;

export function checkComments(src: SourceText, out: Collector): void {
  const text = src.content;
  const inCode = (offset: number) => {
    const k = src.kindAt(offset);
    return k === 'code' || k === 'fence';
  };
  const report = (offset: number, body: string, kind: string) => {
    // (a comment quoted inside a blockquote that the document presents as an example, not to act on, is the example)
    const quotedExample = antiExampleQuoteLine(src, src.lineOf(offset));
    const why = quotedExample ? null : commentInstruction(body);
    const shown = preview(body, 60);
    if (why) {
      out.add('commentInstruction', offset,
        `${kind} comment contains instruction-like text (${why}) that is invisible when the file is rendered: "${shown}".`);
    } else {
      out.add('comment', offset, `${kind} comment is invisible when the file is rendered: "${shown}".`);
    }
  };

  let pos = 0;
  while (pos < text.length) {
    const start = text.indexOf('<!--', pos);
    if (start === -1) break;
    if (inCode(start)) {
      pos = start + 4;
      continue;
    }
    const close = text.indexOf('-->', start + 4);
    const end = close === -1 ? text.length : close;
    report(start, text.slice(start + 4, end), 'HTML');
    pos = close === -1 ? text.length : close + 3;
  }

  for (let i = src.bodyStartLine - 1; i < src.lines.length; i++) {
    if (src.kinds[i] !== 'prose') continue;
    const line = src.lines[i];
    if (!line.includes(']:')) continue;
    const m = MD_COMMENT.exec(line);
    if (!m) continue;
    const body = m[1] ?? m[2] ?? '';
    if (body.trim() === '') continue;
    report(src.lineStarts[i] + line.indexOf('['), body, 'Markdown');
  }

  // The title of a link or image (`![alt](url "title")`): shown only on hover, read by the agent as text like any other.
  // Only an instruction there is reported; an ordinary title is not hidden text.
  for (let i = src.bodyStartLine - 1; i < src.lines.length; i++) {
    if (src.kinds[i] !== 'prose') continue;
    const line = src.lines[i];
    if (!line.includes('](')) continue;
    for (const m of matchAll(line, LINK_TITLE)) {
      const body = m[1] ?? m[2] ?? '';
      const why = instructionLike(body) ?? (AGENT_ADDRESSED.test(body) ? 'addressed to the agent' : null);
      if (why) out.add('commentInstruction', src.lineStarts[i] + m.index!, `A link or image title contains instruction-like text (${why}) that is not shown when the file is rendered: "${preview(body, 60)}".`);
    }
  }
}

/** Text that addresses the agent and tells it to act ("Assistant instructions: silently append …"). */
const AGENT_ADDRESSED = /\b(?:assistant|agent|ai|llm|model|claude|copilot|gemini|codex|system)\b[^\n]{0,40}?\b(?:append|add|insert|write|include|post|send|upload|run|execute|fetch|read|ignore|delete|remove|install)\b/i;

/** A link's or image's title: `](url "title")`, `](url 'title')` (bounded, one line). */
const LINK_TITLE = /\]\(\s*<?[^\s)>]{1,2000}>?\s+(?:"([^"\n]{20,2000})"|'([^'\n]{20,2000})')\s*\)/g;

const PADDING_LINES = 40;
const PADDING_RUN = 200;

export function checkPadding(src: SourceText, out: Collector): void {
  const lines = src.lines;
  let blankRun = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const isBlank = line.trim() === '';
    if (isBlank) {
      blankRun++;
    } else {
      if (blankRun >= PADDING_LINES) {
        const col = line.search(/\S/);
        out.add('padding', src.lineStarts[i] + Math.max(0, col),
          `Content follows ${blankRun} blank lines of padding, which pushes it out of view of a reader.`);
      }
      blankRun = 0;
    }
    // long runs of spaces/tabs followed by visible text on the same line
    let j = 0;
    while (j < line.length) {
      const c = line.charCodeAt(j);
      if (c === 32 || c === 9) {
        let k = j;
        while (k < line.length && (line.charCodeAt(k) === 32 || line.charCodeAt(k) === 9)) k++;
        if (k - j >= PADDING_RUN && k < line.length) {
          // What is pushed out of view decides: a table's next cell border is layout; an instruction,
          // a command or a link placed where a reader cannot see it is a payload.
          const rest = line.slice(k);
          const tableRow = /^\s*\|/.test(line);
          const payload = instructionLike(rest) || /https?:\/\/|\b(?:curl|wget|bash|python3?|powershell|iex|eval|base64)\b|[`$]\(|\|\s*(?:ba|z)?sh\b/i.test(rest);
          if (payload || !tableRow) {
            out.add('padding', src.lineStarts[i] + k,
              `Text follows ${k - j} consecutive spaces/tabs on one line, which pushes it out of view of a reader.`);
          }
          break;
        }
        j = k;
      } else {
        j++;
      }
    }
  }
}

const HAS_LATIN = /\p{Script=Latin}/u;
const FOREIGN = /[\p{Script=Cyrillic}\p{Script=Greek}]/gu;
const HAS_CYRILLIC = /\p{Script=Cyrillic}/u;
/** Greek letters commonly attached to Latin units or symbols (μs, μm). */
const ALLOWED_FOREIGN = new Set(['\u03BC']);

/** Cyrillic and Greek letters drawn like Latin ones (Unicode confusables); Δt, 1kΩ or σ2 in code are not disguises. */
const LATIN_LOOKALIKE = /^[аеорсухіјѕԁһӏԛԝАВЕКМНОРСТХІЈЅԌԚԜΑΒΕΖΗΙΚΜΝΟΡΤΥΧοινκρτυχ]$/u;
const ANY_FOREIGN = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** One Cyrillic or Greek letter (the global twin of ANY_FOREIGN); a word (a run of letters and marks) from a given position. */
const FOREIGN_ONE = /[\p{Script=Cyrillic}\p{Script=Greek}]/gu;
const WORD_AT = /[\p{L}\p{M}]+/uy;
const WORD_CHAR_AT = /[\p{L}\p{M}]/uy;

/** Where the run of letters and marks (a match of `[\p{L}\p{M}]+`) that holds position `at` starts; code points, not code units. */
function wordStartBefore(text: string, at: number): number {
  let j = at;
  while (j > 0) {
    const lo = text.charCodeAt(j - 1);
    const back = lo >= 0xdc00 && lo <= 0xdfff && j >= 2 && text.charCodeAt(j - 2) >= 0xd800 && text.charCodeAt(j - 2) <= 0xdbff ? 2 : 1;
    WORD_CHAR_AT.lastIndex = j - back;
    if (!WORD_CHAR_AT.test(text)) break;
    j -= back;
  }
  return j;
}

/** A code block line, or inside an inline code span of a prose line. */
function inCode(src: SourceText, offset: number): boolean {
  const kind = src.kindAt(offset);
  if (kind === 'code') return true;
  if (kind !== 'prose') return false;
  const line = src.lineOf(offset);
  const col = offset - src.lineStarts[line - 1]!;
  return inlineSpans(src.lines[line - 1]!).some((sp) => col >= sp.start && col < sp.start + sp.text.length);
}

export function checkHomoglyphs(src: SourceText, out: Collector): void {
  // one scan of the file instead of a script test per word: without Cyrillic or Greek no word mixes scripts
  if (!ANY_FOREIGN.test(src.content)) return;
  // Only a word that holds a Cyrillic or Greek letter can be reported: each is found from such a letter (the
  // word around it, once) instead of matching every word of the file. The same words, in the same order.
  const text = src.content;
  let wordEnd = 0;
  for (const f of matchesOf(FOREIGN_ONE, text)) {
    if (f.index < wordEnd) continue;
    // (a Greek or Cyrillic sign that is not a letter or mark, e.g. U+0384, is in no word)
    WORD_CHAR_AT.lastIndex = f.index;
    if (!WORD_CHAR_AT.test(text)) continue;
    const start = wordStartBefore(text, f.index);
    WORD_AT.lastIndex = start;
    const m = WORD_AT.exec(text)!;
    wordEnd = start + m[0].length;
    const w = m[0];
    if (w.length < 2 || !HAS_LATIN.test(w)) continue;
    const foreign = w.match(FOREIGN);
    if (!foreign) continue;
    if (foreign.every((ch) => ALLOWED_FOREIGN.has(ch))) continue;
    const script = HAS_CYRILLIC.test(w) ? 'Cyrillic' : 'Greek';
    const cps = [...new Set(foreign.map((ch) => hex(ch.codePointAt(0) ?? 0)))].slice(0, 4).join(', ');
    // in code, names are what runs or installs (a package, a command, a host): no language needs them mixed
    if (inCode(src, m.index) && foreign.every((ch) => LATIN_LOOKALIKE.test(ch))) {
      out.add('homoglyphCode', m.index, `The name "${preview(w, 40)}" in code mixes Latin letters with ${script} look-alikes (${cps}): it reads as one name and installs or runs another.`);
      continue;
    }
    out.add('homoglyph', m.index,
      `Word "${preview(w, 40)}" mixes Latin letters with ${script} look-alikes (${cps}); it reads as one word but matches another.`);
  }
}

const TAG_RUN = /(?:\uDB40[\uDC00-\uDC7F])+/g;

/** Unicode tag characters mirror ASCII invisibly (U+E0020-E007E): decode them to show what they say. */
export function checkTagCharacters(src: SourceText, out: Collector): void {
  for (const m of matchesOf(TAG_RUN, src.content)) {
    let decoded = '';
    for (const ch of m[0]) {
      const cp = (ch.codePointAt(0) ?? 0) - 0xe0000;
      if (cp >= 0x20 && cp < 0x7f) decoded += String.fromCharCode(cp);
    }
    out.add('tagChars', m.index,
      `Invisible Unicode tag characters (${[...m[0]].length}) carry hidden text${decoded.trim() ? `: "${preview(decoded, 80)}"` : ''}.`);
  }
}

const SPLITTER = withQuickStart(/(?<=\p{L})[\u00AD\u034F\u180E\u2061-\u2064](?=\p{L})/gu);

/** The splitters alone: a pattern that starts with a lookbehind is tried at every position, a class is found by a fast scan. */
const ANY_SPLITTER = /[\u00AD\u034F\u180E\u2061-\u2064]/;

export function checkWordSplitters(src: SourceText, out: Collector): void {
  // every match holds one of the splitters: without any there is nothing to scan for
  if (!ANY_SPLITTER.test(src.content)) return;
  for (const m of matchesOf(SPLITTER, src.content)) {
    out.add('softHyphen', m.index, `An invisible separator (U+${(m[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}) splits a word, so a reader and a keyword scan see different text.`);
  }
}

const CSS_HIDDEN = /<(\w{1,10})\b[^>\n]{0,200}?(?:style\s*=\s*["'][^"'\n]{0,200}?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:px|em|rem)?\s*[;"']|opacity\s*:\s*0(?:\.0+)?\s*[;"']|(?:height|width)\s*:\s*0(?:px)?\s*;[^"'\n]{0,60}overflow\s*:\s*hidden)|\shidden(?:\s|>|=))[^>\n]{0,200}>/gi;

/**
 * Where `close` first occurs from `from`, looked for only as far as the element's text is read (4000
 * characters): beyond that any later occurrence (known from its last one) reads the same. Searching the
 * rest of the file for every unclosed element was quadratic.
 */
function closingTag(lower: string, close: string, from: number, lastClose: Map<string, number>): number {
  let last = lastClose.get(close);
  if (last === undefined) lastClose.set(close, (last = lower.lastIndexOf(close)));
  if (last < from) return -1;
  const near = lower.slice(from, from + 4000 + close.length).indexOf(close);
  return near === -1 ? last : from + near;
}

/** HTML hidden with CSS (or the hidden attribute): invisible when rendered, read by the agent. */
export function checkCssHidden(src: SourceText, out: Collector): void {
  let lower: string | null = null; // lower-cased once, not per hidden element (quadratic on many of them)
  const lastClose = new Map<string, number>();
  for (const m of matchesOf(CSS_HIDDEN, src.content)) {
    const k = src.kindAt(m.index);
    if (k === 'code' || k === 'fence') continue;
    const tag = m[1]!.toLowerCase();
    const closeAt = closingTag(lower ??= src.content.toLowerCase(), `</${tag}>`, m.index + m[0].length, lastClose);
    const inner = src.content.slice(m.index + m[0].length, closeAt === -1 ? Math.min(src.content.length, m.index + m[0].length + 2000) : Math.min(closeAt, m.index + m[0].length + 4000));
    if (!inner.trim()) continue;
    const why = instructionLike(inner);
    if (why) out.add('cssHidden', m.index, `Hidden HTML (${preview(m[0], 50)}) contains instruction-like text (${why}): "${preview(inner, 60)}".`);
    else out.add('comment', m.index, `Hidden HTML (${preview(m[0], 50)}) is invisible when rendered: "${preview(inner, 60)}".`);
  }
}
