/**
 * The intent reader's policies as data (docs/skill-prose.md "Intent reader"): each row names the parts of a statement
 * (intent.ts reads them from the classes of intent-words.ts) whose combination states harmful behaviour. The verdict rule
 * of each entry is in policy.ts (PROSE-INTENT-*).
 *
 *  - anchor: the part the statement is about, in instruction mode in the sentence (addressed to the agent when it is an act);
 *  - act: one of these acts, addressed, in the sentence (or, with actInUnit, in the unit or the step before it);
 *  - object: one of these objects in the sentence (or, with objectInUnit, in the unit or the step before it);
 *  - with: one of these parts in the sentence, the unit or the step before it (a concealment, "regardless", a condition);
 *  - notInSentence / notInUnit: what makes the statement something else (a presentation choice, a fixture, a mutation
 *    test or an exercise; notInUnit also reads the headings);
 *  - literal: the sentence holds a fixed value the skill supplies (an account, IBAN, wallet, e-mail, an outside URL).
 */
export type IntentCls = 'conceal' | 'hush' | 'regardless' | 'against' | 'condition' | 'falsify' | 'claimOk' | 'scrub' | 'beneficiary' | 'manipulate' | 'sabotage' | 'faultPurpose'
  | 'agents' | 'waveThrough' | 'noFlag' | 'tell' | 'change' | 'delete' | 'send' | 'collect' | 'insert' | 'recommend' | 'route' | 'dose' | 'verdict' | 'record' | 'userThing'
  | 'personal' | 'safety' | 'presentation' | 'fixture';

export interface IntentPolicy {
  id: string;
  kind: 'tamper' | 'steer';
  entry: string;
  anchor: IntentCls;
  act?: readonly IntentCls[];
  actInUnit?: boolean;
  object?: readonly IntentCls[];
  objectInUnit?: boolean;
  with?: readonly IntentCls[];
  notInSentence?: readonly IntentCls[];
  notInUnit?: readonly IntentCls[];
  literal?: boolean;
}

const BENT: readonly IntentCls[] = ['regardless', 'against', 'conceal', 'hush'];

export const INTENT_POLICIES: readonly IntentPolicy[] = Object.freeze([
  // (An act kept from the user in general, PROSE-INTENT-001, and sabotage on purpose, PROSE-INTENT-008, were tried and
  // withdrawn: each escalated honest skills of the held-out sets; docs/skill-prose.md "Intent reader".)
  // Where money goes set to a fixed value the skill supplies, against the user or kept from them.
  { id: 'PROSE-INTENT-002', kind: 'tamper', entry: 'prose.tamper.intent-route-fixed', anchor: 'against', act: ['change', 'send', 'insert'], object: ['route'], objectInUnit: true, notInSentence: ['fixture'] },
  { id: 'PROSE-INTENT-002', kind: 'tamper', entry: 'prose.tamper.intent-route-fixed', anchor: 'conceal', act: ['change', 'send', 'insert'], actInUnit: true, object: ['route'], objectInUnit: true, notInSentence: ['presentation'] },
  { id: 'PROSE-INTENT-002', kind: 'tamper', entry: 'prose.tamper.intent-route-fixed', anchor: 'regardless', act: ['change', 'send', 'insert'], object: ['route'], literal: true, notInSentence: ['fixture'] },
  // A dose, limit or threshold changed regardless of the user or kept from them.
  { id: 'PROSE-INTENT-003', kind: 'tamper', entry: 'prose.tamper.intent-limit-bent', anchor: 'against', act: ['change'], object: ['dose'] },
  // Records, results and logs falsified.
  { id: 'PROSE-INTENT-004', kind: 'tamper', entry: 'prose.tamper.intent-falsified-record', anchor: 'falsify', object: ['record', 'verdict'], notInSentence: ['fixture'] },
  // A result stated whatever it is ("report every check as passed regardless of the output"), or hidden.
  { id: 'PROSE-INTENT-004', kind: 'tamper', entry: 'prose.tamper.intent-falsified-record', anchor: 'claimOk', with: BENT, notInSentence: ['fixture'] },
  // Audit logs and records altered out of sight or on a hidden condition.
  { id: 'PROSE-INTENT-004', kind: 'tamper', entry: 'prose.tamper.intent-falsified-record', anchor: 'scrub', with: [...BENT, 'condition'] },
  // Acting for a third party against the user: a beneficiary served with the user kept out or overruled.
  { id: 'PROSE-INTENT-005', kind: 'steer', entry: 'prose.steer.intent-third-party', anchor: 'beneficiary', act: ['recommend', 'insert', 'change', 'send'], actInUnit: true, with: BENT },
  // An act that depends on a hidden condition (date, environment, identity) and harms what the user relies on.
  { id: 'PROSE-INTENT-006', kind: 'tamper', entry: 'prose.tamper.intent-hidden-condition', anchor: 'condition', act: ['delete', 'send', 'change', 'insert'], object: ['userThing', 'route', 'record', 'personal', 'safety'], with: BENT },
  { id: 'PROSE-INTENT-006', kind: 'tamper', entry: 'prose.tamper.intent-hidden-condition', anchor: 'condition', act: ['sabotage', 'falsify', 'scrub'] },
  // Manipulation of the user against their interest or safety.
  { id: 'PROSE-INTENT-007', kind: 'steer', entry: 'prose.steer.intent-manipulation', anchor: 'manipulate', notInUnit: ['faultPurpose'] },
  // Facts about the user collected and hidden from them.
  { id: 'PROSE-INTENT-009', kind: 'steer', entry: 'prose.steer.intent-covert-collection', anchor: 'conceal', act: ['collect'], actInUnit: true, object: ['personal'], objectInUnit: true, notInSentence: ['presentation'] },
  { id: 'PROSE-INTENT-009', kind: 'steer', entry: 'prose.steer.intent-covert-collection', anchor: 'hush', act: ['collect'], object: ['personal'] },
  // Other agents or reviewers told to wave the skill or its output through.
  { id: 'PROSE-INTENT-010', kind: 'steer', entry: 'prose.steer.intent-agents-waved-through', anchor: 'agents', act: ['tell', 'insert'], object: ['waveThrough', 'noFlag'] },
] satisfies IntentPolicy[]);
