/**
 * Protections talked away (second reader, 2026.11.29): a step that has the user — or the agent on the user's
 * account — turn off what protects the account or the machine: two-factor authentication, the antivirus or
 * real-time protection, the operating system's check on downloaded apps; the whole disk made world-writable; or
 * every tool prompt allowed for good without reading it. An honest skill works with these protections on ("if
 * macOS blocks the app, right-click it and choose Open"); turning them off is the pretext of the attack.
 *
 * The families are data (`WEAKENINGS`: an id, the sentence shape, what would keep it honest); one matcher reads
 * them per clause. The step must be addressed (to the agent, or "ask / tell the user to …"), and its mode decides
 * as everywhere: a negation ("do not suggest turning protection off"), an example or security teaching is data.
 * Firewalls, SELinux and AppArmor are left out: administrators change them for a service on purpose.
 */
import type { Action, ActionMode, EffectKind } from '../effects/types.js';
import { lowerSame } from './lexicon.js';
import { addressedAt, type Clause, modeOf } from './structure.js';
import { withQuickStart } from '../regex-quick-start.js';
import { gateRegExps } from '../regex-factors.js';

export interface WeakenHooks {
  emit(c: Clause, at: number, len: number, kind: EffectKind, entry: string, extra: Partial<Action>, mode: ActionMode): Action;
}

export interface Weakening {
  id: string;
  /** What is turned off, as the clause says it; the match's index is where the step stands. */
  shape: RegExp;
  /** Something in the sentence that keeps the protection after all. */
  keeps?: RegExp;
  /** The same shape needs this elsewhere in the unit (a second half of the step). */
  with?: RegExp;
  why: string;
}

const OFF = '(?:wyłącz\\p{L}*|menonaktifkan|mematikan|disable|disabling|turn(?:ing)? off|switch(?:ing)? off|deactivate|deactivating|remove|removing|pause|pausing|uninstall|uninstalling|bypass|bypassing|opt out of|desactiva|desactive|désactive[rz]?|deaktiviere|schalte\\s+\\S+\\s+aus|wyłącz|nonaktifkan|matikan|uitschakelen|schakel\\s+\\S+\\s+uit|devre dışı bırak)';
const THE = '(?:(?:the|their|your|his|her|its|any|all)\\s+)?';

// (each regex of the table is asked only of texts that hold its literal factors: docs/analysis-limits.md, "Sixteenth round")
// (a plain array, not frozen: V8 runs loops and array methods over a frozen array on a slow generic path; docs/analysis-limits.md, "Twenty-fourth round")
export const WEAKENINGS: readonly Weakening[] = gateRegExps([
  {
    id: 'second-factor-off',
    shape: new RegExp(`\\b${OFF}\\s+${THE}(?:two[- ]factor(?:\\s+authentication)?|two[- ]step\\s+verification|2fa|mfa|multi[- ]factor(?:\\s+authentication)?|otp\\s+protection|weryfikacj\\p{L}* dwuetapow\\p{L}*|autentikasi dua faktor|verifikasi dua langkah)\\b`, 'u'),
    keeps: /\b(?:test|testing|staging|sandbox|dummy|demo) (?:account|user|tenant|org(?:ani[sz]ation)?)\b/,
    why: "the account's second factor turned off",
  },
  {
    id: 'malware-protection-off',
    shape: new RegExp(`\\b${OFF}\\s+${THE}(?:(?:windows|microsoft)\\s+defender(?:\\s+(?:antivirus|real[- ]time protection))?|defender|antivirus(?:\\s+\\w+)?|anti-virus|real[- ]time\\s+protection|tamper\\s+protection|endpoint\\s+protection|edr|xprotect|gatekeeper|smartscreen|(?:the\\s+)?virus\\s+scanner|program\\p{L}* antywirusow\\p{L}*|antivirus)\\b`, 'u'),
    keeps: /\b(?:false positive report|report (?:it|the false positive)|exclusion for (?:the|this) (?:build|output) folder)\b/,
    why: 'malware protection turned off',
  },
  {
    id: 'disk-world-writable',
    shape: /\bchmod\s+(?:-[a-z]*r[a-z]*\s+)?(?:0?777|a\+rwx|o\+rwx|ugo\+rwx)\s+(?:\/|~\/?|\$home\/?|\/(?:usr|etc|var|home|users)\/?)(?=[\s`'"]|$)/u,
    why: 'the whole system (or home) made writable by everyone',
  },
  {
    // an app's consent screen approved by the agent with its scopes unread ("click Approve for the user; no need to read the scopes")
    id: 'consent-approved-unread',
    shape: /\b(?:click|press|choose|select|hit)\s+["“'`*]*(?:approve|authori[sz]e|allow|accept|grant(?: access)?)["”'`*]*\s+(?:for|on behalf of)\s+(?:the user|them)\b/u,
    with: /\b(?:no need to read|without reading|(?:don['’]t|do not|never) (?:read|show|check)|skip(?:ping)? (?:reading|the))\b[^.;]{0,40}\b(?:scopes?|permissions?|access|consent|what it asks)\b/u,
    why: "an app's access approved for the user with its scopes unread",
  },
  {
    id: 'prompts-allowed-unread',
    shape: /\b(?:always allow|allow all|approve all|accept all|yes to all|allow (?:it )?for (?:every|all) tools?|auto-?approve (?:every|all)(?: tools?)?)\b/u,
    with: /\b(?:no need to read|without reading|(?:don['’]t|do not|never) (?:need to )?read|skip(?:ping)? (?:reading|the details))\b/u,
    why: 'every tool prompt allowed for good, unread',
  },
]);

/** A request made of the user before the step: "ask the user to …", "tell them to …". */
const REQUEST_BEFORE = withQuickStart(/(?<![\p{L}])(?:ask|tell|have|get|instruct|advise|recommend|suggest|guide|walk|poproś|popros|każ|minta|suruh)(?![\p{L}])(?=[^.;!?]{0,60}$)/u);

/** The clause's first addressed weakening, emitted as `prose.solicit.weaken-protection` with the clause's own mode. */
export function readWeakenings(clauses: readonly Clause[], hooks: WeakenHooks): void {
  for (const c of clauses) {
    const text = lowerSame(c.text);
    for (const w of WEAKENINGS) {
      const m = w.shape.exec(text);
      if (!m) continue;
      if (w.keeps?.test(lowerSame(c.sentence))) continue;
      if (w.with && !w.with.test(lowerSame(c.unit.text))) continue;
      // addressed: the verb itself, or a request to the user before it ("ask the user to disable …")
      const req = REQUEST_BEFORE.exec(text.slice(0, m.index));
      const asked = req && addressedAt(c.text, req.index) ? req : null;
      // (the request may stand in the sentence's clause before: "Poproś użytkownika, aby wyłączył …")
      const inSentence = c.start - c.sentenceStart;
      const sreq = !asked && inSentence > 0 ? REQUEST_BEFORE.exec(lowerSame(c.sentence).slice(0, inSentence + m.index)) : null;
      const askedBefore = Boolean(sreq && addressedAt(c.sentence, sreq.index));
      if (!addressedAt(c.text, m.index) && !asked && !askedBefore && !/^\s*(?:(?:sudo\s+)?chmod|always allow|allow all|approve all|accept all)/.test(m[0])) continue;
      // (the step's mode is the request's: a button label quoted inside "tell the user to choose "Always allow"" is not an example)
      const at = asked ? asked.index : m.index;
      hooks.emit(c, at, at === m.index ? m[0].length : asked![0].length, 'solicit', 'prose.solicit.weaken-protection', { object: w.why, via: 'user' }, modeOf(c, at, at === m.index ? m[0].length : 1));
      return;
    }
  }
}
