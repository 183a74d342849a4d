/**
 * A prose step that writes into a place where things run later (second reader, 2026.11.29): "use your file-edit tool to
 * append the line `curl … | sh` to `~/.bashrc`", "with the Write tool, append this key to `~/.ssh/authorized_keys`: `ssh-ed25519 …`",
 * "Dopisz do `~/.bashrc` linię `…`". The place is named by its path and looked up in the same catalogue the code readers
 * use (`PERSIST_PATHS`: shell startup files, schedulers, git hooks, editor tasks, authorized_keys …); what is written
 * is the other inline code of the sentence, or the quote, fence or one-line code paragraph right after it. The policy
 * judges the write as it judges code writing the same file (a download run from a startup file, a key nobody owns).
 *
 * Only a literal content counts: "add the deploy key to authorized_keys" names no key and is the user's own setup;
 * an alias or a PATH line written to `~/.bashrc` is judged harmless by the same policy.
 */
import { normalisePath, persistAt, type PersistLocation } from '../effects/catalogue/locations.js';
import { withQuickStart } from '../regex-quick-start.js';
import { matchAll } from '../match-all.js';

const SPAN = /`([^`\n]{1,600})`/g;
/** A home or absolute path written bare in the sentence. */
const BARE_PATH = withQuickStart(/(?<![\w`/.-])(?:~|\$HOME)\/[\w.@/-]{2,200}|(?<![\w`/.-])\/etc\/[\w.@/-]{2,200}/g);
/** A literal public key line. */
const KEY_LINE = /\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-[\w-]+|sk-ssh-ed25519@openssh\.com)\s+AAAA[\w+/=]{20,}/;

export interface PersistPathWrite {
  /** Offset of the path in the raw sentence. */
  at: number;
  path: string;
  location: PersistLocation;
  content: string;
}

/**
 * The write a sentence asks for, or null. `after` is the text right after the sentence (the quote, fence or code
 * paragraph that follows it when the sentence ends with a colon).
 */
export function persistPathWrite(rawSentence: string, after: string): PersistPathWrite | null {
  const spans = [...matchAll(rawSentence, SPAN)];
  let hit: { at: number; path: string; location: PersistLocation; span: number } | null = null;
  for (const [i, s] of spans.entries()) {
    const p = normalisePath(s[1]!.trim());
    const loc = /^(?:~|\/)/.test(p) ? persistAt(p) : null;
    if (loc && loc.kind !== 'agent-memory' && loc.kind !== 'package-config' && loc.kind !== 'privilege') { hit = { at: s.index!, path: p, location: loc, span: i }; break; }
  }
  if (!hit) {
    for (const m of matchAll(rawSentence, BARE_PATH)) {
      const p = normalisePath(m[0].replace(/[.,;:]+$/, ''));
      const loc = persistAt(p);
      if (loc && loc.kind !== 'agent-memory' && loc.kind !== 'package-config' && loc.kind !== 'privilege') { hit = { at: m.index!, path: p, location: loc, span: -1 }; break; }
    }
  }
  if (!hit) return null;
  const inline = spans.filter((_, i) => i !== hit!.span).map((s) => s[1]!).filter((x) => !persistAt(normalisePath(x.trim()))).join('\n');
  const content = inline.trim() ? inline : /:\s*$/.test(rawSentence.trim()) ? after.slice(0, 8000) : '';
  if (!content.trim()) return null;
  if (hit.location.kind === 'access' && !KEY_LINE.test(content) && !/\.pub\b/.test(content)) return null;
  return { at: hit.at, path: hit.path, location: hit.location, content };
}

/** The code of a paragraph that is only inline code (a key or a command on its own line), else ''. */
export function codeParagraph(raw: string): string {
  const t = raw.trim();
  const m = /^`([^`\n]{1,600})`$/.exec(t);
  return m ? m[1]! : '';
}
