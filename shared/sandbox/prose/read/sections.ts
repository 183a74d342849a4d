/**
 * A document's prose cut into sections (the units under one heading path), and the first clause of a unit that states an
 * act: shared by the step readers (step-acts.ts) and the hand-on reader (handed-on.ts), which each call the other's
 * results no more than this.
 */
import type { ActionMode } from '../../effects/types.js';
import { clausesOf, type Clause, modeOf, negatedAt, type ProseUnit } from '../structure.js';

/** The units under one heading path, with their text joined. */
export interface Section { units: ProseUnit[]; text: string }

export function sectionsOf(units: readonly ProseUnit[]): Section[] {
  const out: Section[] = [];
  let cur: Section | null = null;
  let key: string[] | null = null;
  for (const u of units) {
    if (u.kind === 'fenced' && !u.written) continue;
    if (!cur || u.headings !== key) {
      cur = { units: [], text: '' };
      key = u.headings;
      out.push(cur);
    }
    cur.units.push(u);
    cur.text += `${u.intro ? `${u.intro}\n` : ''}${u.text}\n`;
  }
  return out;
}

/** The first clause of `unit` in which `test` finds an act at an offset, with the act's mode. */
export function actIn(unit: ProseUnit, test: (c: Clause) => number): { c: Clause; at: number; mode: ActionMode } | null {
  for (const c of clausesOf(unit)) {
    const at = test(c);
    if (at < 0) continue;
    if (negatedAt(c.text, at)) continue;
    const mode = modeOf(c, at, 1);
    if (mode === 'teaching' || mode === 'example' || mode === 'negated') continue;
    return { c, at, mode: 'instruction' };
  }
  return null;
}
