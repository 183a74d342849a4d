/**
 * A host named in text is not always a destination: inside prose (a help, usage or log message:
 * "You'll get a random *.trycloudflare.com URL") or as one bare entry of a data list of host names
 * (a public-suffix list, a block list) it is mentioned, not called. A URL literal on its own, a
 * webhook URL with its path, or a host in a short list stays a destination.
 */

const QUOTES = new Set([34, 39, 96]);
const MAX_SPAN = 400;

/** The string literal around [idx, idx+len) on the same line, or null (an apostrophe in prose is not a quote: each quote kind must close). */
function enclosingLiteral(text: string, idx: number, len: number): { start: number; end: number } | null {
  let best: { start: number; end: number } | null = null;
  const lineStart = Math.max(text.lastIndexOf('\n', idx) + 1, idx - MAX_SPAN);
  let lineEnd = text.indexOf('\n', idx + len);
  if (lineEnd === -1 || lineEnd > idx + len + MAX_SPAN) lineEnd = Math.min(text.length, idx + len + MAX_SPAN);
  for (const q of QUOTES) {
    const ch = String.fromCharCode(q);
    const s = text.lastIndexOf(ch, idx - 1);
    if (s < lineStart) continue;
    const e = text.indexOf(ch, idx + len);
    if (e === -1 || e >= lineEnd) continue;
    if (!best || s + 1 > best.start) best = { start: s + 1, end: e };
  }
  return best;
}

const WORD = /^[A-Za-z][a-z']+[.,:;!?)]?$/;
/** A command line in a string is not prose: flags, substitutions, pipes, redirections, network tools. */
const COMMANDISH = /^-|\$\(|[|>]|^(?:curl|wget|nc|ncat|nslookup|dig|ping|powershell|pwsh|bash|sh|cmd|iex|certutil|bitsadmin)$/i;

function isProse(s: string): boolean {
  const tokens = s.split(/\s+/).filter(Boolean);
  if (tokens.some((t) => COMMANDISH.test(t))) return false;
  return tokens.filter((t) => WORD.test(t)).length >= 4;
}
const BARE_HOST = /^(?:\*\.|\.)?(?:[a-z0-9-]+\.)+[a-z]{2,}$/i;
const QUOTED_HOST = /["'`](?:\*\.|\.)?(?:[a-z0-9-]+\.)+[a-z]{2,}["'`]/gi;

export function isMentionOnly(text: string, idx: number, len: number): boolean {
  const lit = enclosingLiteral(text, idx, len);
  if (!lit) return false;
  const s = text.slice(lit.start, lit.end);
  const rest = s.slice(0, idx - lit.start) + ' ' + s.slice(idx - lit.start + len);
  if (isProse(rest)) return true;
  if (!BARE_HOST.test(s)) return false;
  const win = text.slice(Math.max(0, lit.start - 300), Math.min(text.length, lit.end + 300));
  let n = 0;
  QUOTED_HOST.lastIndex = 0;
  while (QUOTED_HOST.exec(win) !== null && n < 6) n++;
  return n >= 6;
}
