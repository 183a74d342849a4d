/**
 * Source model for the sandbox analyzer: line index, fenced code blocks, inline code spans,
 * offset -> location conversion and safe snippets.
 *
 * Everything here is linear in the size of the input (no regex with unbounded backtracking).
 */

export type LineKind = 'frontmatter' | 'prose' | 'fence' | 'code';

export interface CodeBlock {
  index: number;
  /** Lower-cased first word of the info string ('' when none). */
  lang: string;
  /** 1-based line of the opening fence. */
  fenceLine: number;
  /** 1-based first and last content lines (lastLine < firstLine when the block is empty). */
  firstLine: number;
  lastLine: number;
  /** Offsets of the block content in `content` (end exclusive). */
  start: number;
  end: number;
  closed: boolean;
}

/**
 * A piece of code: a whole fenced block, or the inline code spans of one prose line (the text
 * between spans is blanked with U+0001 so offsets stay exact).
 */
export interface CodeSegment {
  kind: 'block' | 'inline';
  offset: number;
  text: string;
  lang: string;
  block: CodeBlock | null;
}

export interface Location {
  line: number;
  column: number;
  snippet: string;
}

const SHELL_LANGS = new Set([
  'bash', 'sh', 'shell', 'zsh', 'fish', 'ksh', 'console', 'shell-session', 'sh-session', 'shellsession',
  'terminal', 'powershell', 'ps1', 'pwsh', 'ps', 'posh', 'cmd', 'bat', 'batch', 'dos',
]);

export function isShellLang(lang: string): boolean {
  return SHELL_LANGS.has(lang);
}

const OPEN_FENCE = /^[ \t]*(`{3,}|~{3,})(.*)$/;
const CLOSE_FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;
const LANG_WORD = /[A-Za-z0-9_+#-]+/;

function langOf(info: string): string {
  let lang = langByInfo.get(info);
  if (lang === undefined) {
    const cleaned = info.trim().replace(/^\{\s*\.?/, '');
    const m = LANG_WORD.exec(cleaned);
    lang = m ? m[0].toLowerCase() : '';
    if (langByInfo.size >= 1024) langByInfo.clear();
    langByInfo.set(info, lang);
  }
  return lang;
}
/** Fence info strings repeat (thousands of ```bash fences): each read once. */
const langByInfo = new Map<string, string>();

const INLINE_FILLER = '\u0001';

export class SourceText {
  readonly content: string;
  readonly lines: string[];
  readonly lineStarts: number[];
  readonly kinds: LineKind[];
  readonly blocks: CodeBlock[];
  /** Block index per line (0-based line index), -1 when the line is not block content. */
  readonly blockOfLine: Int32Array;
  readonly bodyStartLine: number;
  private segmentsCache: CodeSegment[] | null = null;
  private headingLinesCache: number[] | null = null;

  constructor(content: string, bodyStartLine: number) {
    this.content = content;
    this.lines = content.split('\n');
    this.lineStarts = new Array<number>(this.lines.length);
    let off = 0;
    for (let i = 0; i < this.lines.length; i++) {
      this.lineStarts[i] = off;
      off += this.lines[i].length + 1;
    }
    const n = this.lines.length;
    const body = Math.min(Math.max(1, Math.floor(bodyStartLine || 1)), n + 1);
    this.bodyStartLine = body;
    this.kinds = new Array<LineKind>(n);
    this.blockOfLine = new Int32Array(n).fill(-1);
    this.blocks = [];

    let open: { char: string; len: number; block: CodeBlock } | null = null;
    for (let i = 0; i < n; i++) {
      const lineNo = i + 1;
      if (lineNo < body) {
        this.kinds[i] = 'frontmatter';
        continue;
      }
      const text = this.lines[i];
      if (open) {
        const close = CLOSE_FENCE.exec(text);
        if (close && close[1][0] === open.char && close[1].length >= open.len) {
          this.kinds[i] = 'fence';
          open.block.lastLine = lineNo - 1;
          open.block.end = open.block.lastLine >= open.block.firstLine
            ? this.lineStarts[open.block.lastLine - 1] + this.lines[open.block.lastLine - 1].length
            : open.block.start;
          open.block.closed = true;
          open = null;
        } else {
          this.kinds[i] = 'code';
          this.blockOfLine[i] = open.block.index;
        }
        continue;
      }
      const fence = OPEN_FENCE.exec(text);
      if (fence && !(fence[1][0] === '`' && fence[2].includes('`'))) {
        this.kinds[i] = 'fence';
        const block: CodeBlock = {
          index: this.blocks.length,
          lang: langOf(fence[2]),
          fenceLine: lineNo,
          firstLine: lineNo + 1,
          lastLine: lineNo,
          start: i + 1 < n ? this.lineStarts[i + 1] : content.length,
          end: i + 1 < n ? this.lineStarts[i + 1] : content.length,
          closed: false,
        };
        this.blocks.push(block);
        open = { char: fence[1][0], len: fence[1].length, block };
      } else {
        this.kinds[i] = 'prose';
      }
    }
    if (open) {
      // An unclosed fence runs to the end of the document.
      open.block.lastLine = n;
      open.block.end = content.length;
    }
  }

  /** 1-based line number of an offset. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /**
   * The lines (1-based, ascending) shaped like a Markdown heading (`# …` to `###### …`, up to three spaces in), in prose
   * or code alike: found once, for the readers that ask which heading stands above a line.
   */
  headingLines(): readonly number[] {
    if (this.headingLinesCache === null) {
      this.headingLinesCache = [];
      for (let i = 0; i < this.lines.length; i++) if (/^\s{0,3}#{1,6}\s/.test(this.lines[i]!)) this.headingLinesCache.push(i + 1);
    }
    return this.headingLinesCache;
  }

  lineStart(line: number): number {
    return this.lineStarts[line - 1];
  }

  kindOfLine(line: number): LineKind {
    return this.kinds[line - 1];
  }

  kindAt(offset: number): LineKind {
    return this.kinds[this.lineOf(offset) - 1];
  }

  blockAt(offset: number): CodeBlock | null {
    const idx = this.blockOfLine[this.lineOf(offset) - 1];
    return idx >= 0 ? this.blocks[idx] : null;
  }

  locate(offset: number): Location {
    const line = this.lineOf(offset);
    const column = offset - this.lineStarts[line - 1] + 1;
    return { line, column, snippet: snippetOf(this.lines[line - 1], column - 1) };
  }

  /** Fenced blocks (with content) and inline code spans of body prose lines, in document order. */
  codeSegments(): CodeSegment[] {
    if (this.segmentsCache) return this.segmentsCache;
    const segs: CodeSegment[] = [];
    let nextBlock = 0;
    for (let i = this.bodyStartLine - 1; i < this.lines.length; i++) {
      while (nextBlock < this.blocks.length && this.blocks[nextBlock].fenceLine <= i + 1) {
        const b = this.blocks[nextBlock++];
        if (b.end > b.start) {
          segs.push({ kind: 'block', offset: b.start, text: this.content.slice(b.start, b.end), lang: b.lang, block: b });
        }
      }
      if (this.kinds[i] !== 'prose') continue;
      const spans = inlineSpans(this.lines[i]);
      if (spans.length === 0) continue;
      // One segment per line: the spans at their own offsets, everything between them blanked
      // with U+0001 (neither a word nor a space character), so offsets stay exact.
      const first = spans[0].start;
      let text = '';
      let at = first;
      for (const span of spans) {
        text += INLINE_FILLER.repeat(span.start - at) + span.text;
        at = span.start + span.text.length;
      }
      segs.push({ kind: 'inline', offset: this.lineStarts[i] + first, text, lang: '', block: null });
    }
    this.segmentsCache = segs;
    return segs;
  }
}

/** Inline code spans `...` on one line (single backtick pairs; linear scan). */
export function inlineSpans(line: string): { start: number; text: string }[] {
  const out: { start: number; text: string }[] = [];
  let i = line.indexOf('`');
  while (i !== -1) {
    let j = i;
    while (j < line.length && line[j] === '`') j++;
    const ticks = j - i;
    const close = line.indexOf('`'.repeat(ticks), j);
    if (close === -1) break;
    // make sure the closing run has exactly the same length
    let k = close;
    while (k < line.length && line[k] === '`') k++;
    if (k - close === ticks) {
      if (close > j) out.push({ start: j, text: line.slice(j, close) });
      i = line.indexOf('`', k);
    } else {
      i = line.indexOf('`', k);
    }
  }
  return out;
}

const ESCAPE_CHAR = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]/u;

/** `\u{XXXX}` for control, format (zero-width, bidi), separator and unassigned characters. */
export function escapeChar(ch: string): string {
  // printable ASCII is never escaped; checked without the regex (snippets call this per character)
  const c = ch.charCodeAt(0);
  if (ch.length === 1 && c >= 0x20 && c < 0x7f) return ch;
  if (ESCAPE_CHAR.test(ch)) {
    const cp = ch.codePointAt(0) ?? 0;
    return `\\u{${cp.toString(16).toUpperCase().padStart(4, '0')}}`;
  }
  return ch;
}

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\u00A0' || ch === '\u3000' || ch === '\r';
}

/**
 * The line trimmed, escaped and cut to at most `max` characters. On long lines the window starts
 * shortly before `col` (0-based) so that the match itself is visible.
 */
export function snippetOf(line: string, col: number, max = 120): string {
  let start = 0;
  while (start < line.length && isSpace(line[start])) start++;
  let end = line.length;
  while (end > start && isSpace(line[end - 1])) end--;
  let from = start;
  let out = '';
  if (col - start > 80 && end - start > max) {
    from = Math.max(start, col - 40);
    // do not start in the middle of a surrogate pair
    if (from > 0 && /[\uDC00-\uDFFF]/.test(line[from])) from--;
    out = '…';
  }
  let i = from;
  // a run of printable ASCII (never escaped) is copied with one slice, not one string per character
  let run = i;
  let len = out.length;
  while (i < end) {
    const c = line.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) {
      if (len + 1 + (i + 1 < end ? 1 : 0) > max) {
        out += `${line.slice(run, i)}…`;
        return out.length > max ? out.slice(0, max) : out;
      }
      len++;
      i++;
      continue;
    }
    out += line.slice(run, i);
    const cp = line.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(cp);
    const piece = escapeChar(ch);
    const remainsAfter = i + ch.length < end;
    if (out.length + piece.length + (remainsAfter ? 1 : 0) > max) {
      out += '…';
      return out.length > max ? out.slice(0, max) : out;
    }
    out += piece;
    i += ch.length;
    run = i;
    len = out.length;
  }
  return out + line.slice(run, i);
}

/** Escaped, whitespace-collapsed preview of arbitrary text, at most `max` characters. */
export function preview(text: string, max = 60): string {
  const head = text.slice(0, max * 4).replace(/\s+/g, ' ').trim();
  let out = '';
  for (const ch of head) {
    const piece = escapeChar(ch);
    if (out.length + piece.length > max - 1) return out + '…';
    out += piece;
  }
  return text.length > max * 4 ? out + '…' : out;
}
