/**
 * Who a step is about: the skill's own words (name, description, headings) plus the words of the
 * section a step sits in (its heading and the prose just before it, links left out). A setup guide
 * that says "Install Node.js from NodeSource" names the vendor of the installer that follows.
 */
import { headingOfLines } from '../behaviour.js';
import type { SourceText } from '../text.js';

const cache = new WeakMap<SourceText, Map<number, ReadonlySet<string>>>();

function words(text: string): string[] {
  return text.replace(/\bhttps?:\/\/\S+/g, ' ').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3);
}

export function withSectionWords(src: SourceText, line: number, base: ReadonlySet<string>): ReadonlySet<string> {
  let perDoc = cache.get(src);
  if (!perDoc) {
    perDoc = new Map();
    cache.set(src, perDoc);
  }
  // the block a line belongs to is described by the prose above its fence
  const block = src.blockOfLine[line - 1] ?? -1;
  const anchor = block >= 0 ? src.blocks[block]!.fenceLine : line;
  const hit = perDoc.get(anchor);
  if (hit) return hit;
  const out = new Set(base);
  for (const w of words(headingOfLines(src)[anchor - 1] ?? '')) out.add(w);
  let seen = 0;
  for (let l = anchor - 1; l >= 1 && seen < 3 && l >= anchor - 8; l--) {
    if (src.kinds[l - 1] !== 'prose') break;
    const t = src.lines[l - 1] ?? '';
    if (!t.trim()) continue;
    seen++;
    for (const w of words(t)) out.add(w);
  }
  perDoc.set(anchor, out);
  return out;
}
