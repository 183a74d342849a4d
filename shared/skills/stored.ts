import type { Submission } from '../db/models.js';
import { parseSkill, storedManifestOverride } from './parse.js';
import type { ParsedSkill } from './types.js';

/** Re-parses a stored (already validated) file with the declared manifest members it was stored with. */
export function storedSkill(sub: Pick<Submission, 'skillContent' | 'manifest'>): ParsedSkill {
  return parseSkill(sub.skillContent, { field: 'skillMdContent', manifestOverride: storedManifestOverride(sub.manifest) });
}
