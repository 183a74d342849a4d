import { createHash } from 'node:crypto';
import type { Submission } from '../db/models.js';
import { parseSkill, storedManifestOverride } from './parse.js';
import type { ParsedSkill } from './types.js';

/**
 * A submission's file is parsed by the sandbox step and again by its council job (and by each external or LLM
 * validator's case): one worker process usually runs both, a few jobs apart. The parse (YAML frontmatter,
 * manifest) is a pure function of the stored file and manifest, so this process keeps its last results,
 * keyed by the SHA-256 of both, bounded by count and by the bytes of file they hold. Entries are frozen:
 * every reader shares one object, and a reader that tried to change it would throw instead of changing
 * what the next one sees.
 */
const MAX_ENTRIES = 64;
const MAX_BYTES = 8 * 1024 * 1024;
/** Key → parse and the bytes of file it holds; a Map iterates in insertion order, so the first is the oldest. */
const parsed = new Map<string, { skill: ParsedSkill; bytes: number }>();
let heldBytes = 0;

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

function remember(key: string, skill: ParsedSkill, bytes: number): void {
  parsed.set(key, { skill, bytes });
  heldBytes += bytes;
  while (parsed.size > MAX_ENTRIES || (heldBytes > MAX_BYTES && parsed.size > 1)) {
    const [oldest, e] = parsed.entries().next().value as [string, { bytes: number }];
    parsed.delete(oldest);
    heldBytes -= e.bytes;
  }
}

/** Re-parses a stored (already validated) file with the declared manifest members it was stored with. */
export function storedSkill(sub: Pick<Submission, 'skillContent' | 'manifest'>): ParsedSkill {
  const manifest = sub.manifest === null || sub.manifest === undefined ? '' : JSON.stringify(sub.manifest);
  const key = createHash('sha256').update(sub.skillContent).update('\u0000').update(manifest).digest('base64');
  const hit = parsed.get(key);
  if (hit) {
    // Most recently used last.
    parsed.delete(key);
    parsed.set(key, hit);
    return hit.skill;
  }
  const skill = deepFreeze(parseSkill(sub.skillContent, { field: 'skillMdContent', manifestOverride: storedManifestOverride(sub.manifest) }));
  remember(key, skill, sub.skillContent.length);
  return skill;
}
