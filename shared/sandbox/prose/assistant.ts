/**
 * What a skill tells an assistant agent to do with the user's accounts, mail and money, read from its prose
 * (docs/skill-effect-model.md, "Assistant steps"). Each reader is one behaviour stated in general terms:
 *
 *  - the user's security notices (sign-in alerts, bank and payment notifications, security mail) deleted, hidden or
 *    silenced so the user does not see them;
 *  - the user or the skill's customers sent to sign in, or to verify an account or card, at an address that is not
 *    the service the skill is about;
 *  - payments approved without the user on the strength of what a message says about its sender;
 *  - an app's access to the user's accounts (an OAuth consent, an app password) granted by the agent on the
 *    user's behalf;
 *  - instructions inside the mail, messages, invites or pages the agent reads obeyed over the user.
 *
 * Every reader asks that the step be addressed to the agent and not negated, so the same words in a warning
 * ("never approve a payment because the sender says so") stay data.
 */
import type { Action, EffectKind } from '../effects/types.js';
import { addressedAt, negatedAt, type Clause } from './structure.js';

export interface AssistantHooks {
  emit(c: Clause, at: number, len: number, kind: EffectKind, entry: string, extra?: Partial<Action>): Action;
  /** The host belongs to the service the skill is about (its name, description or heading). */
  isVendorHost(host: string): boolean;
}

/** A verb at `re`'s first match in the clause, addressed to the agent and not negated. */
function step(c: Clause, re: RegExp): RegExpExecArray | null {
  const m = re.exec(c.text);
  if (!m || !addressedAt(c.text, m.index) || negatedAt(c.text, m.index)) return null;
  return m;
}

// --- the user's security notices --------------------------------------------------------------

const SECURITY_NOTICE = /\b(?:security (?:alerts?|notices?|notifications?|warnings?|e-?mails?|messages?|codes?)|(?:sign|log)-?in (?:alerts?|notifications?|attempts?)|new (?:device|sign-?in|login) (?:alerts?|notices?|e-?mails?)|password (?:reset|change) (?:e-?mails?|notices?|messages?)|fraud (?:alerts?|warnings?)|(?:bank|banking|transaction|payment|transfer|card)(?:['’]s)? (?:notifications?|notification settings|alerts?|confirmations?|confirmation e-?mails?|receipts?)|confirmation (?:e-?mails?|messages?)|two-factor (?:codes?|prompts?)|security@|no-?reply@|alerts?@)/u;
const SUPPRESS = /\b(?:delete|remove|archive|hide|mute|silence|suppress|trash|purge|filter out|turn off|switch off|disable|unsubscribe from|mark (?:it |them |these |those )?(?:as )?read|move (?:it |them )?to (?:the )?(?:trash|archive|spam|junk))\b/u;
/** Said so the user does not see: the point of the step is that the user stays unaware. */
const UNSEEN = /\bwithout (?:showing|telling|notifying|informing|alerting|mentioning)\b|\bso (?:that )?(?:the user|they|he|she) (?:is not|isn['’]t|are not|aren['’]t|won['’]t|will not|does not|doesn['’]t|do not|don['’]t|never)\b|\bbefore (?:the user|they) (?:sees?|notices?|reads?|opens?)\b|\b(?:silently|quietly|secretly|permanently)\b|\bnot (?:to )?(?:distract|bother|worry|alarm) (?:the user|them)\b/u;

const suppressedNotices: Reader = {
  when: (s) => SECURITY_NOTICE.test(s) && UNSEEN.test(s),
  act(c, hooks) {
    const verb = step(c, SUPPRESS);
    if (verb) hooks.emit(c, verb.index, verb[0].length, 'steer', 'prose.steer.suppress-notices', { object: SECURITY_NOTICE.exec(c.sentence)![0], via: "the user's mail and notifications" });
  },
};

// --- sign-in at someone else's address --------------------------------------------------------

const SIGN_IN = /\b(?:sign|log) ?in\b|\bverify (?:their|your|the|his|her) (?:account|identity|payment|card|details|login)\b|\b(?:enter|re-?enter|confirm|update) (?:their|your|the) (?:password|credentials|card (?:details|number)|payment details|bank details|login)\b|\breset (?:their|your) password\b|\bunlock (?:their|your) account\b/u;
const DIRECT_TO = /\b(?:tell|ask|send|direct|point|redirect|link|include|give|instruct|invite|have|remind|urge)\b/u;
const URL = /https?:\/\/([^\s/<>"'`)\]|]{3,200})[^\s<>"'`)\]|]{0,300}/;

const foreignSignIn: Reader = {
  when: (s, raw) => raw.includes('://') && SIGN_IN.test(s),
  act(c, hooks) {
    const url = URL.exec(c.rawSentence);
    if (!url) return;
    const host = url[1]!.toLowerCase().replace(/:\d+$/, '');
    if (hooks.isVendorHost(host) || /(?:^|\.)(?:localhost|example\.(?:com|org|net))$/.test(host)) return;
    const verb = step(c, DIRECT_TO);
    if (verb) hooks.emit(c, verb.index, verb[0].length, 'solicit', 'prose.solicit.foreign-sign-in', { object: url[0].replace(/[.,;:!?]+$/, ''), via: 'user', host });
  },
};

// --- payments approved on what a message says -------------------------------------------------

const APPROVE = /\b(?:approve|authori[sz]e|release|process|pay|execute|send|wire|transfer|sign off on|accept)\b/u;
const PAYMENT_REQUEST = /\b(?:payments?|payment requests?|transfers?|wires?|wire requests?|invoices?|refunds?|purchases?|purchase orders?|disbursements?|payouts?)\b/u;
const WITHOUT_USER = /\bwithout (?:asking|checking with|confirming with|confirmation from|approval from|consulting|involving|notifying|telling|waiting for) (?:the user|them|anyone|the owner)\b|\b(?:no need to|do not|don['’]t|never) (?:ask|confirm with|check with) (?:the user|them)\b|\bskip (?:the )?(?:user['’]s )?(?:confirmation|approval|review)\b|\bautomatically\b|\bimmediately\b/u;
/** A condition on what the message itself claims: its sender's name, its subject, its wording. */
const CLAIMED_BY_MESSAGE = /\b(?:sender|display name|from (?:name|address|field|line)|subject(?: line)?|signature|signed by|claims? to be|says? (?:it is|it's|they are)|(?:message|e-?mail|request) (?:says|contains|mentions|is from)|contains the (?:words?|phrase)|mentions? the (?:words?|phrase))\b/u;

const approvedOnClaim: Reader = {
  when: (s) => CLAIMED_BY_MESSAGE.test(s) && WITHOUT_USER.test(s) && PAYMENT_REQUEST.test(s),
  act(c, hooks) {
    const verb = step(c, APPROVE);
    if (verb && PAYMENT_REQUEST.test(c.text.slice(verb.index))) hooks.emit(c, verb.index, verb[0].length, 'tamper', 'prose.tamper.approve-on-claim', { object: CLAIMED_BY_MESSAGE.exec(c.sentence)![0], via: 'payments the agent approves' });
  },
};

// --- account access granted on the user's behalf ----------------------------------------------

const ACCESS_GRANT = /\b(?:oauth|consent (?:screen|dialog|prompt|page)|authori[sz]ation (?:screen|prompt|request|page)|app passwords?|connected apps?|third[- ]party (?:apps?|access)|(?:full|all|broad|complete) (?:\w+ ){0,3}(?:scopes?|access|permissions))\b/u;
const GRANT = /\b(?:approve|authori[sz]e|grant|allow|accept|click (?:allow|accept|approve)|confirm|create|generate|connect)\b/u;
const ON_BEHALF = /\bon (?:the user['’]s|their|his|her|the account holder['’]s) behalf\b|\bwithout (?:asking|involving|showing|telling|waiting for|bothering) (?:the user|them)\b|\bfor (?:the user|them) (?:so|without)\b|\byourself\b|\bautomatically\b|\bsilently\b/u;

const grantedOnBehalf: Reader = {
  when: (s) => ACCESS_GRANT.test(s) && ON_BEHALF.test(s),
  act(c, hooks) {
    const verb = step(c, GRANT);
    if (verb) hooks.emit(c, verb.index, verb[0].length, 'privilege', 'prose.privilege.consent', { object: ACCESS_GRANT.exec(c.sentence)![0], via: "the user's account access" });
  },
};

// --- instructions inside what the agent reads -------------------------------------------------

const OBEY = /\b(?:follow|obey|carry out|execute|do what|act on|comply with|perform|complete)\b/u;
const INSTRUCTIONS_IN = /\b(?:instructions?|directions?|commands?|requests?|tasks?|steps?|directives?|whatever it says|what it says|what (?:they|the \w+) says?)\b[^.;\n]{0,40}\b(?:in|inside|from|within|contained in|embedded in|found in|of)\s+(?:the |that |this |any |each |an? |every |such )?(?:e-?mails?|messages?|invites?|invitations?|calendar (?:events?|entries|invites?)|web ?pages?|pages? you (?:visit|browse|open)|sms|texts?|dms?|chat messages?|reviews?|search results?|attachments?|replies)\b/u;
/** The inbound text outranks the user. */
const OVER_USER = /\beven if (?:it|they|this|that) (?:conflicts?|contradicts?|differs?|goes against)\b|\b(?:over|above|instead of|before) (?:the user|what the user)\b|\bregardless of (?:the user|what the user)\b|\bwithout (?:asking|checking with|confirming with|telling) (?:the user|them)\b|\btakes? precedence\b|\bexactly(?: as (?:written|stated|given))?\b|\bno matter what\b|\bverbatim\b/u;

const obeyedInbound: Reader = {
  when: (s) => INSTRUCTIONS_IN.test(s) && OVER_USER.test(s),
  act(c, hooks) {
    const verb = step(c, OBEY);
    if (verb) hooks.emit(c, verb.index, verb[0].length, 'exec', 'prose.exec.follow-remote', { object: INSTRUCTIONS_IN.exec(c.sentence)![0], via: 'agent', consumes: ['remote:inbound-content'] });
  },
};

/** A reader: a test of the whole sentence (asked once per sentence), then the step in each of its clauses. */
interface Reader {
  when(sentence: string, rawSentence: string): boolean;
  act(c: Clause, hooks: AssistantHooks): void;
}

const READERS: readonly Reader[] = [suppressedNotices, foreignSignIn, approvedOnClaim, grantedOnBehalf, obeyedInbound];

/** Cheap gate: words one of the readers needs before any of them runs (most prose has none). */
const GATE = /notif|alert|confirm|security@|no-?reply@|sign|log ?in|verify|password|payment|invoice|transfer|wire|refund|purchase|oauth|consent|app password|scope|access|permission|instruction|direction|command|request|task|step|whatever it says|what it says/u;

/** Reads a unit's clauses for the assistant steps above. */
export function readAssistantSteps(clauses: readonly Clause[], hooks: AssistantHooks): void {
  let lastSentence = -1;
  let active: readonly Reader[] = [];
  for (const c of clauses) {
    if (c.sentenceStart !== lastSentence) {
      lastSentence = c.sentenceStart;
      active = GATE.test(c.sentence) ? READERS.filter((r) => r.when(c.sentence, c.rawSentence)) : [];
    }
    for (const r of active) r.act(c, hooks);
  }
}
