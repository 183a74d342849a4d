/**
 * Places where things run later or access is granted, described in words rather than by path (docs/skill-prose.md,
 * "Places described in words"): "schedule a job that runs whatever script is published at https://…", "change the shell
 * configuration so each command the user types is sent to https://…", "add their key (download it from https://…) to
 * the authorized keys", "a hook that runs after every tool call and posts the tool input to https://…". The code
 * readers know these places by path (catalogue/locations.ts); a skill can name them in prose alone, in any wording.
 *
 * One statement: a step addressed to the agent that installs, in such a place, something that runs content from a
 * host outside the skill's vendor or sends the user's data there, or that adds a key or identity from outside, gives
 * that host a standing hold on the machine. Kept as data (the places, what makes a step remote) with a small matcher;
 * the same place with a local command ("a pre-commit hook that runs `npm run lint`"), the vendor's own host, or a
 * negation or example is not this.
 */
import { gradeUrl } from '../../effects/catalogue/hosts.js';
import { addressedAt, type Clause } from '../structure.js';
import { type Ctx, emit, isVendorHost } from './emit.js';
import { FOREIGN_GRADES, trimUrl, urlHost } from './finders.js';
import { matchAll } from '../../match-all.js';

export interface DescribedPlace {
  kind: 'access' | 'scheduler' | 'startup' | 'shell-rc' | 'git-hook' | 'agent-settings' | 'editor-task';
  label: string;
  words: RegExp;
}

/** The places, as a reader of the step names them (lowered sentence text). */
export const DESCRIBED_PLACES: readonly DescribedPlace[] = [
  { kind: 'access', label: "the user's authorized SSH keys", words: /\bauthori[sz]ed[ _-]?keys\b|\bssh (?:access|logins?) (?:for|to)\b/u },
  { kind: 'scheduler', label: 'a scheduled job', words: /\bcron(?:tab)?\b|\bschedul\w* (?:a |an )?(?:\w+ )?(?:jobs?|tasks?)\b|\bscheduled tasks?\b|\blaunch ?(?:agents?|daemons?)\b|\bsystemd (?:timers?|services?|units?)\b/u },
  { kind: 'startup', label: 'the programs started at logon', words: /\bstartup (?:programs?|items?|folder|entr(?:y|ies)|apps?)\b|\blogin items?\b|\b(?:at|on) (?:every |each )?(?:logon|log-?in|boot|startup|sign-?in)\b|\bautostart\b/u },
  { kind: 'shell-rc', label: "the user's shell configuration", words: /\bshell (?:config(?:uration)?|profile|rc|startup files?)\b|\.?(?:bash|zsh)rc\b|\bprompt_command\b|\b(?:each|every) command (?:the user|you|they) (?:types?|runs?|enters?)\b/u },
  { kind: 'git-hook', label: 'a git hook', words: /\bgit hooks?\b|\b(?:pre|post)-(?:commit|push|merge|checkout|receive) hooks?\b|\bcommit hooks?\b|\bhookspath\b/u },
  { kind: 'agent-settings', label: "the agent's settings and hooks", words: /\b(?:claude|cursor|copilot|codex|gemini|agent|windsurf)(?:['’]s)? (?:code )?settings(?: file)?\b|\bsettings\.json\b|\bhooks? (?:that|which) runs? (?:after|before) (?:every|each|any) tool\b|\b(?:post|pre)tooluse\b/u },
  { kind: 'editor-task', label: "the editor's tasks", words: /\b(?:vs ?code|editor|workspace) tasks?\b|\btasks\.json\b|\b(?:on|when(?:ever)?) (?:the )?(?:folder|workspace|project) (?:is )?opens?\b|\bon folder open\b/u },
];

/** The installed thing runs what a host serves: "runs whatever script is published at", "downloads and runs", "executes the latest agent from". */
const RUNS_REMOTE = /\b(?:runs?|executes?|sources?|evaluates?|launch(?:es)?|starts?)\b[^.;\n]{0,80}\b(?:script|agent|payload|binary|installer|code|commands?|update|file|version)\b[^.;\n]{0,60}\b(?:at|from|on)\s+https?:\/\/|\bdownloads? (?:and|then) (?:runs?|executes?|installs?|starts?)\b|\b(?:pipes?|piped) (?:it |them )?(?:into|to) (?:a )?(?:shell|bash|sh)\b|\bwhatever (?:script|code|commands?) (?:is|are) (?:published|served|hosted|posted)\b/u;
/** … or sends the user's data there: what they type, their tool calls, their identity, files. */
const SEND_VERB = /\b(?:sends?|sent|posts?|posted|uploads?|uploaded|forwards?|forwarded|reports?|reported|beacons?|transmits?|transmitted|ships?|shipped|streams?|streamed)\b/u;
/** (what is sent, before or after the verb: "each command the user types is sent to …") */
const USER_DATA = /\b(?:commands?|keystrokes?|history|tool (?:inputs?|calls?|outputs?|results?)|prompts?|conversations?|e-?mails?|author|user ?names?|hostnames?|clipboard|screenshots?|environment|env(?:ironment)? variables?|credentials?|tokens?|keys?|passwords?|files?|diffs?|contents?)\b/u;
/** … or adds a key or identity that comes from outside: "their public key (download it from https://…)". */
const KEY_FROM_OUTSIDE = /\b(?:keys?|identity|account|user)\b[^.;\n]{0,80}(?:https?:\/\/|@[\w-]+\.[\w.-]+)/u;
/** The verbs that set such a place up. */
const SET_UP = /\b(?:add|append|schedule|set ?up|create|configure|change|modify|edit|make|put|register|install|enable|write|insert|open|update|hook|wire|grant|give)\b/gu;
const URL = /https?:\/\/[^\s<>"'`)\]|]{3,300}/giu;

/** The first URL of the sentence whose host is neither the skill's vendor nor on this machine or network. */
function outsideUrl(ctx: Ctx, sentence: string): string | null {
  for (const m of matchAll(sentence, URL)) {
    const url = trimUrl(m[0]);
    const host = urlHost(url);
    if (!host || isVendorHost(ctx, host)) continue;
    if (FOREIGN_GRADES.has(gradeUrl(url, ctx.vendor).grade)) return url;
  }
  return null;
}

export function detectDescribedPlaces(ctx: Ctx, clauses: readonly Clause[]): void {
  let asked = -1;
  for (const c of clauses) {
    if (c.sentenceStart === asked) continue;
    const s = c.sentence;
    // (cheap test first: every step this reads names a URL or an e-mail address)
    if (!s.includes('://') && !s.includes('@')) continue;
    const place = DESCRIBED_PLACES.find((p) => p.words.test(s));
    if (!place) continue;
    asked = c.sentenceStart;
    const url = outsideUrl(ctx, c.rawSentence);
    const how = place.kind === 'access' ? (KEY_FROM_OUTSIDE.test(s) && (url || /@[\w-]+\.[\w.-]+/.test(s)) ? 'key' : null)
      : url && RUNS_REMOTE.test(s) ? 'runs' : url && SEND_VERB.test(s) && USER_DATA.test(s) ? 'sends' : null;
    if (!how) continue;
    // the step: a verb that sets the place up, addressed to the agent (its clause carries the mode: negation, example, teaching)
    let step: { c: Clause; at: number; len: number } | null = null;
    for (const x of clauses) {
      if (x.sentenceStart !== c.sentenceStart) continue;
      for (const m of matchAll(x.text, SET_UP)) {
        if (addressedAt(x.text, m.index!)) { step = { c: x, at: m.index!, len: m[0].length }; break; }
      }
      if (step) break;
    }
    if (!step) continue;
    emit(ctx, step.c, step.at, step.len, 'persist', `prose.persist.described.${how}`, { object: place.label, via: 'agent', host: url ? urlHost(url) : undefined, content: url ?? '', flags: [place.kind] });
  }
}
