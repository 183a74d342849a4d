import type { ParsedSkill } from '../skills/types.js';

/**
 * A parsed skill as it is posted to an analysis thread (skill-pool.ts): structured clone copies each string
 * it meets, and `body` is the tail of `content` (the file after its frontmatter), so a skill posted whole
 * carried its text twice. Posted here without `body` and with where it starts in `content` (`bodyFrom`); the
 * thread slices it back (`receivedSkill`), the same string. A skill whose body is not the tail of its
 * content (a literal built by hand) is posted whole.
 */
export type SkillHandOff = ParsedSkill | (Omit<ParsedSkill, 'body'> & { body?: undefined; bodyFrom: number });

export function skillHandOff(skill: ParsedSkill): SkillHandOff {
  if (skill.body.length === 0 || !skill.content.endsWith(skill.body)) return skill;
  const { body, ...rest } = skill;
  return { ...rest, bodyFrom: skill.content.length - body.length };
}

export function receivedSkill(posted: SkillHandOff): ParsedSkill {
  if (typeof posted.body === 'string') return posted as ParsedSkill;
  const { bodyFrom, ...rest } = posted as Omit<ParsedSkill, 'body'> & { bodyFrom: number };
  return { ...rest, body: rest.content.slice(bodyFrom) };
}
