/**
 * The prose backstop's word classes (backstop-words.ts) compiled: each class is read in small parts, each part behind a
 * gate — the literal starts of its words as a plain alternation, with no word edges or look-behinds — tested first, so the
 * costly alternation runs only on the units that could match it (a unit with none of the starts has no match). Before the
 * gate, the part's literal factors (regex-factors.ts `mayMatch`): one scan of a unit answers every part at once.
 */
import { registerFactors } from '../regex-factors.js';
import { alt, lowerSource } from './lexicon.js';
import { APPROVE_WORDS, ASK_WORDS, CHANGE_WORDS, CHAT_WORDS, CONCEAL_WORDS, MOVE_WORDS, OWN_WORDS, PUBLIC_WORDS, VALUE_WORDS, WAIVE_WORDS } from './backstop-words.js';

export interface WordPart { re: RegExp; gate: RegExp | null }
/** A class is read in parts of a few words each, every part behind its own gate: a unit runs only the parts it may match. */
export interface WordClass { parts: readonly WordPart[] }

const META = new Set(['\\', '(', ')', '[', ']', '{', '}', '?', '*', '+', '|', '.', '^', '$']);
/** The literal start every match of `w` begins with ('' when there is none). */
function literalStart(w: string): string[] | null {
  if (w.startsWith('(?:')) {
    let depth = 0;
    let end = -1;
    for (let i = 0; i < w.length; i++) {
      if (w[i] === '\\') { i++; continue; }
      if (w[i] === '(') depth++;
      else if (w[i] === ')' && --depth === 0) { end = i; break; }
    }
    if (end < 0 || /^[?*{]/.test(w[end + 1] ?? '')) return null;
    const alts: string[] = [];
    let d = 0;
    let from = 3;
    for (let i = 3; i < end; i++) {
      if (w[i] === '\\') { i++; continue; }
      if (w[i] === '(' || w[i] === '[') d++;
      else if (w[i] === ')' || w[i] === ']') d--;
      else if (w[i] === '|' && d === 0) { alts.push(w.slice(from, i)); from = i + 1; }
    }
    alts.push(w.slice(from, end));
    const out: string[] = [];
    for (const a of alts) {
      const s = literalStart(a);
      if (!s) return null;
      out.push(...s);
    }
    return out;
  }
  // a look-behind at the start matches no text: the start is what follows it
  if (/^\(\?<[!=]/.test(w)) {
    let depth = 0;
    for (let i = 0; i < w.length; i++) {
      if (w[i] === '\\') { i++; continue; }
      if (w[i] === '(') depth++;
      else if (w[i] === ')' && --depth === 0) return literalStart(w.slice(i + 1));
    }
    return null;
  }
  let lit = '';
  for (let i = 0; i < w.length; i++) {
    const ch = w[i]!;
    // an escaped punctuation mark is that mark ("\\.env")
    if (ch === '\\' && /[^\p{L}\p{N}]/u.test(w[i + 1] ?? 'a')) { if (/[?*{]/.test(w[i + 2] ?? '')) break; lit += w[++i]; continue; }
    if (!META.has(ch)) { lit += ch; continue; }
    if (/[?*{]/.test(ch)) lit = lit.slice(0, -1);
    break;
  }
  return lit ? [lit] : null;
}

const PART = 16;
function compilePart(words: readonly string[]): WordPart {
  const starts = new Set<string>();
  // (its literal factors too, read at load: backstop.ts asks them first, in the scan the prose gates share)
  const re = registerFactors(alt(words));
  for (const w of words) {
    const s = literalStart(w);
    if (!s) return { re, gate: null };
    // (a space in a lexicon word matches any run of spaces or a wrapped line: lexicon.ts `alt`)
    for (const x of s) starts.add(lowerSource(x).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ +/g, '\\s+'));
  }
  return { re, gate: new RegExp([...starts].join('|'), 'u') };
}

export function compile(words: readonly string[]): WordClass {
  const parts: WordPart[] = [];
  for (let i = 0; i < words.length; i += PART) parts.push(compilePart(words.slice(i, i + PART)));
  return { parts };
}

export const VALUE = Object.fromEntries(Object.entries(VALUE_WORDS).map(([k, v]) => [k, compile(v)])) as Record<string, WordClass>;
export const MOVE = compile(MOVE_WORDS);
export const CHANGE = compile(CHANGE_WORDS);
export const ASK = compile(ASK_WORDS);
export const APPROVE = compile(APPROVE_WORDS);
export const CONCEAL = compile(CONCEAL_WORDS);
export const WAIVE = compile(WAIVE_WORDS);
export const CHAT = compile(CHAT_WORDS);
export const PUBLIC_PLACE = compile(PUBLIC_WORDS);
export const OWN_PLACE = alt(OWN_WORDS);
