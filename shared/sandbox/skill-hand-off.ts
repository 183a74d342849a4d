import type { ParsedSkill } from '../skills/types.js';
import { bodyIsTailByParse } from '../skills/body-tail.js';

/**
 * A parsed skill as it is posted to an analysis thread (skill-pool.ts): structured clone copies each string
 * it meets, and `body` is the tail of `content` (the file after its frontmatter), so a skill posted whole
 * carried its text twice. Posted here without `body` and with where it starts in `content` (`bodyFrom`); the
 * thread slices it back (`receivedSkill`), the same string. A skill parseSkill made is known to have its
 * body as the tail (skills/body-tail.ts); any other is compared (`endsWith`, about 0.6 ms for 512 KiB on this
 * machine, more than the copy it saves), and one whose body is not the tail (a literal built by hand) is
 * posted whole. The spread copy keeps the object's shape (`body: undefined`), which clones faster than one
 * without the member.
 */
export type SkillHandOff = ParsedSkill | (Omit<ParsedSkill, 'body'> & { body?: undefined; bodyFrom: number });

export function skillHandOff(skill: ParsedSkill): SkillHandOff {
  if (skill.body.length === 0 || !(bodyIsTailByParse(skill) || skill.content.endsWith(skill.body))) return skill;
  return { ...skill, body: undefined, bodyFrom: skill.content.length - skill.body.length };
}

export function receivedSkill(posted: SkillHandOff): ParsedSkill {
  if (typeof posted.body === 'string') return posted as ParsedSkill;
  const { bodyFrom, ...rest } = posted as Omit<ParsedSkill, 'body'> & { bodyFrom: number };
  return { ...rest, body: rest.content.slice(bodyFrom) } as ParsedSkill;
}
