
import { matchAll } from '../match-all.js';/**
 * Text hidden in invisible code points, decoded so the prose reader can read what it says:
 *  - Unicode tag characters U+E0020–E007E mirror ASCII ("ASCII smuggling");
 *  - variation selectors VS1–VS256 (U+FE00–FE0F, U+E0100–E01EF) carry one byte each after a visible
 *    character ("emoji smuggling": byte b < 16 → U+FE00+b, else U+E0100+b−16), decoded as UTF-8.
 * Honest uses stay out: a subdivision flag (🏴 + tag letters + U+E007F) and a single emoji
 * presentation selector (U+FE0F) after a symbol are not runs of hidden text.
 */

export interface HiddenText {
  /** Offset of the run in the file. */
  offset: number;
  technique: 'tag-characters' | 'variation-selectors';
  text: string;
}

const TAG_RUN = /(?:\uDB40[\uDC20-\uDC7F])+/g;
const VS_RUN = /(?:[\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF]){4,}/g;
const FLAG_BASE = '\u{1F3F4}';

export function hiddenTexts(content: string): HiddenText[] {
  const out: HiddenText[] = [];
  for (const m of matchAll(content, TAG_RUN)) {
    const before = content.slice(Math.max(0, m.index! - 2), m.index!);
    let text = '';
    for (const ch of m[0]) {
      const cp = ch.codePointAt(0)! - 0xe0000;
      if (cp >= 0x20 && cp < 0x7f) text += String.fromCharCode(cp);
    }
    // A subdivision flag: the waving black flag, a few lower-case tag letters, then CANCEL TAG.
    if (before === FLAG_BASE && /^[a-z0-9]{2,7}\u007f?$/.test(text.replace(/\u007f/g, ''))) continue;
    if (/[A-Za-z]{2}/.test(text)) out.push({ offset: m.index!, technique: 'tag-characters', text });
  }
  for (const m of matchAll(content, VS_RUN)) {
    const bytes: number[] = [];
    for (const ch of m[0]) {
      const cp = ch.codePointAt(0)!;
      bytes.push(cp <= 0xfe0f ? cp - 0xfe00 : cp - 0xe0100 + 16);
    }
    const text = new TextDecoder('utf-8', { fatal: false }).decode(Uint8Array.from(bytes));
    if (/\p{L}{2}/u.test(text)) out.push({ offset: m.index!, technique: 'variation-selectors', text });
  }
  return out.sort((a, b) => a.offset - b.offset);
}
