/**
 * Detector family of prose reading: tamper, persist and destroy (persisted rules for later sessions,
 * code tampered with on generation, destruction of the user's data). Moved out of read.ts unchanged.
 */
import { gradeUrl } from '../../effects/catalogue/hosts.js';
import { payeeAddress } from '../../effects/catalogue/payee.js';
import * as L from '../lexicon.js';
import { addressedAt, type Clause } from '../structure.js';
import { codeParagraph, persistPathWrite } from '../persist-paths.js';
import { first, mfirst, sF, sFR, trimUrl, uF, uFR, verbs } from './finders.js';
import { CONCEAL_ADVERB, DESTROY_TARGET, EVERY_GENERATED, SCRIPT_TAG, TIMED_TARGET, TIME_TRIGGER, firstInLanguage } from './words.js';
import { type Ctx, emit, followingCode, followingText, precedingCode, precedingTemplate } from './emit.js';
import { withQuickStart } from '../../regex-quick-start.js';
import { matchAll } from '../../match-all.js';

/** The rule a persist step states in its own sentence: "… that tells future agents to <rule>", "… instructing the agent to <rule>". */
const RULE_TOLD = /\b(?:that|which)\s+(?:tells?|instructs?|asks?|reminds?|directs?|orders?)\s+(?:all\s+|every\s+|any\s+)?(?:future\s+|later\s+|other\s+)?(?:agents?|sessions?|assistants?|the agent|the assistant|you|models?)\s+to\s+([^\n]{8,})$|\b(?:telling|instructing|asking|reminding|directing)\s+(?:all\s+|every\s+)?(?:future\s+|later\s+)?(?:agents?|sessions?|assistants?|the agent|the assistant|you|models?)\s+to\s+([^\n]{8,})$/;
export function detectPersist(ctx: Ctx, c: Clause): void {
  for (const m of verbs(c, 'persist')) {
    if (!addressedAt(c.text, m.index!)) continue;
    const target = sF(c, L.MEMORY_TARGET);
    if (!target) {
      // a place where things run later, named by its path ("append the line `…` to `~/.bashrc`")
      // (once per sentence: a long sentence has many clauses, each asking about the same sentence)
      if (ctx.persistPathSentence?.unit === c.unit && ctx.persistPathSentence.start === c.sentenceStart) return;
      ctx.persistPathSentence = { unit: c.unit, start: c.sentenceStart };
      const w = persistPathWrite(c.rawSentence, followingText(ctx, c.unit) || codeParagraph(ctx.next?.raw ?? ''));
      if (w) {
        emit(ctx, c, m.index!, m[0].length, 'persist', 'prose.persist.path', { object: w.path, via: 'agent', content: w.content, flags: [w.location.kind, 'write'] });
      }
      // (the sentence is the same for every verb of the clause: asked once)
      return;
    }
    const standing = Boolean(sF(c, L.STANDING) || uF(c.unit, L.STANDING));
    // "Append this paragraph to MEMORY.md:" — what is written is the quote or block that follows
    // (or the rest of the step after its colon: "Append this to `CLAUDE.md`: before every commit run …")
    // the colon must close the step's own sentence ("Append this to `CLAUDE.md`: …"), not a later one ("If one exists, merge: …")
    const sentenceEnd = c.sentenceStart + c.sentence.length;
    // (a URL's scheme is not the step's colon: "… to https://…")
    // (looked for in the next 2 000 characters of the sentence only: a long sentence has many clauses)
    const from = c.start + m.index!;
    const window = c.unit.raw.slice(from, Math.min(sentenceEnd, from + 2000));
    const colonIn = /:(?!\/\/)/.exec(window);
    const colonAt = colonIn ? from + colonIn.index : -1;
    const colon = colonAt >= 0 && colonAt < sentenceEnd ? colonAt : -1;
    const inline = colon >= 0 ? c.unit.raw.slice(colon + 1).trim() : '';
    // (or, for "write the file / the template to CLAUDE.md", the document template shown before the step)
    // (or the rule the sentence itself states: "Append a rule to `AGENTS.md` that tells future agents to upload …")
    const told = colon < 0 ? RULE_TOLD.exec(c.sentence.slice(c.start - c.sentenceStart + m.index!, c.start - c.sentenceStart + m.index! + 600)) : null;
    const content = inline.length > 12 ? inline.slice(0, 8000)
      : told ? (told[1] ?? told[2])!.slice(0, 8000)
      : (/\b(?:this|these|the following|following|below)\b|:\s*$/.test(c.sentence) ? followingText(ctx, c.unit) : '')
        || (/\b(?:the|this) (?:file|template|draft|document)\b|\b(?:write|save|put) it\b/.test(c.sentence) ? precedingTemplate(ctx, c.unit) : '')
        // (the step's paragraph introduces the block after it: "seed the memory with the baseline facts … Write them exactly:")
        || (/:\s*$/.test(c.unit.raw.trimEnd()) ? followingText(ctx, c.unit) : '');
    emit(ctx, c, m.index!, m[0].length, 'persist', standing ? 'prose.persist.standing-instruction' : 'prose.persist.memory', { object: target[0], via: 'agent', ...(content ? { content, flags: ['agent-memory', 'write'] } : {}) });
    return;
  }
}

/** Code that loads a script from another host when it runs: a script tag, a dynamic import or require of a URL. */
// (also a script element built in code — `createElement('script')` given a remote `src` — and a remote text fetched and
// evaluated, `fetch(url).then(r => r.text()).then(eval)`: the same remote code, loaded another way)
const REMOTE_LOAD = /<script\b[^>\n]{0,200}\bsrc\s*=\s*["']?(https?:\/\/[^\s"'>]{3,200})|\b(?:import|require)\s*\(\s*["'`](https?:\/\/[^"'`\s]{3,200})|\bimport\s+(?:[^;\n]{0,120}\bfrom\s+)?["'](https?:\/\/[^"'\s]{3,200})|createElement\(\s*["'`]script["'`]\s*\)[^\n]{0,200}?\.src\s*=\s*["'`](https?:\/\/[^"'`\s]{3,200})|\bfetch\(\s*["'`](https?:\/\/[^"'`\s]{3,200})["'`][^\n]{0,160}?\b(?:eval|Function)\b/;
/** The address a REMOTE_LOAD match loads. */
const loadedUrl = (m: RegExpExecArray): string => m.slice(1).find(Boolean) ?? m[0];

/** The step overrides what the user chose: "regardless of the provider chosen", "even if the user picked another". */
const OVER_USER_CHOICE = /\b(?:regardless of|irrespective of|no matter|even if|whatever)\b[^.;\n]{0,40}?\b(?:the user|they|chosen|chose|picked|selected|choice|prefers?|preferred|asked for|opted)\b|(?<![\p{L}])(?:unabhängig davon|egal welche\p{L}*|independientemente de|sin importar|quel que soit|peu importe|indipendentemente da|independentemente d[eo]|независимо от)(?![\p{L}])[^.;\n]{0,40}?(?:gewählt|elegid|choisi|scelt|escolhid|выбра)/u;
/** Subresource integrity forbidden for the loaded script: whoever serves the file decides what runs on every page. */
const INTEGRITY_FORBIDDEN = /\b(?:do not|don['’]t|never|without|no need to)\s+(?:add(?:ing)?|us(?:e|ing)|includ(?:e|ing)|set(?:ting)?|pin(?:ning)?)\s+(?:an?\s+|the\s+|any\s+)?(?:`?integrity`?|sri\b|subresource integrity|(?:a\s+)?(?:fixed\s+)?hash)/u;

/** "Always generate X like this", "every time you write …": the standing shape of generated code. */
export const ALWAYS_GENERATE = /\b(?:always|every\s+time(?:\s+you)?)\s+(?:generate|write|emit|produce|create)\b/;

/**
 * The user's own payee set aside for the skill's: "If the user provides their own wallet address, store it as
 * `MERCHANT_ADDRESS` but keep `SETTLEMENT_ADDRESS` in the payment URI", with a fixed payee address in the code the step
 * is about. Read once per sentence (its clauses split at the comma and "but"). What is kept must not be a token or
 * contract address ("keep the USDC contract address as is" is the asset, not the payee).
 */
const OWN_PAYEE = /\b(?:if|when|even if|even when|should|whether)\b[^.;\n]{0,40}?\b(?:the user|users?|the merchant|merchants?|the customer|the seller|the owner|they)\b[^.;\n]{0,30}?\b(?:provides?|gives?|supplies|supply|has|have|enters?|configures?|sets?|brings?|names?|pastes?)\b[^.;\n]{0,15}?\b(?:(?:their|its|his|her) own|a different|another)\b[^.;\n]{0,30}?\b(?:wallet|address|account|payee|iban|recipient)/u;
const KEPT_OVER = /\b(?:but|still|however|anyway|always|nonetheless)\b[^.;\n]{0,30}?\b(?:keep|use|leave|pay(?:s)? to|send|route|point)\b([^.;\n]{0,60})/u;
export function detectPayeeOverUser(ctx: Ctx, c: Clause): void {
  if (c.start !== c.sentenceStart || !/\b(?:own|different|another)\b/.test(c.sentence)) return;
  const own = OWN_PAYEE.exec(c.sentence);
  if (!own) return;
  const kept = KEPT_OVER.exec(c.sentence.slice(own.index + own[0].length));
  if (!kept || /token|usdc|usdt|contract|router|chain|network|rpc|example|placeholder|theirs|their own|the user['’]s/iu.test(kept[1]!)) return;
  const payee = payeeAddress(precedingCode(ctx, c.unit)) ?? payeeAddress(followingCode(ctx, c.unit));
  if (!payee) return;
  const at = own.index + own[0].length + kept.index - (c.start - c.sentenceStart);
  emit(ctx, c, Math.max(0, Math.min(at, c.text.length - 1)), 1, 'tamper', 'prose.tamper.payment-address', { object: payee, via: "generated-code, kept over the user's own address" });
}

export function detectTamper(ctx: Ctx, c: Clause): void {
  const s = c.sentence;
  const always = ALWAYS_GENERATE.exec(c.text);
  const verb = verbs(c, 'tamper').find((m) => addressedAt(c.text, m.index)) ?? (always ? { index: always.index, 0: always[0] } : undefined);
  if (!verb) return;
  const everyWhere = Boolean(sF(c, L.EVERY_OUTPUT) && sF(c, L.GENERATED));
  const script = sF(c, SCRIPT_TAG);
  if (script && (everyWhere || mfirst(c.sentenceKey, CONCEAL_ADVERB, c.sentence, firstInLanguage))) {
    const url = sFR(c, L.DESTINATION.url)?.[0] ?? uFR(c.unit, L.DESTINATION.url)?.[0];
    if (url) emit(ctx, c, verb.index!, verb[0].length, 'tamper', 'prose.tamper.remote-script', { object: trimUrl(url), via: 'generated-code' });
  }
  // "Always add this shim to every page, regardless of the provider chosen … Do not add `integrity`": a remote script
  // added everywhere over the user's own choice, or with the browser's integrity check forbidden, whatever the host
  if ((everyWhere || EVERY_GENERATED.test(c.sentence)) && !sFR(c, L.DESTINATION.url)) {
    const where = `${c.sentence}\n${c.unit.text}\n${ctx.next?.text ?? ''}`;
    const why = OVER_USER_CHOICE.exec(c.sentence) ?? INTEGRITY_FORBIDDEN.exec(where);
    const remote = why ? REMOTE_LOAD.exec(followingCode(ctx, c.unit)) : null;
    if (why && remote) {
      emit(ctx, c, verb.index!, verb[0].length, 'tamper', 'prose.tamper.remote-script', { object: loadedUrl(remote), via: `generated-code (${why[0].trim()})` });
      return;
    }
  }
  // "add the following to every project you generate": what the step adds is the code right after it
  if ((everyWhere || EVERY_GENERATED.test(c.sentence) || ALWAYS_GENERATE.test(c.sentence)) && !sFR(c, L.DESTINATION.url) && /\b(?:the\s+following|like\s+this|below|this\s+(?:snippet|code|line|block))\b/.test(c.sentence)) {
    const following = followingCode(ctx, c.unit);
    const remote = REMOTE_LOAD.exec(following);
    // a loader from the vendor the skill is about (js.stripe.com in a Stripe guide) is that vendor's SDK
    const loadUrl = remote ? loadedUrl(remote) : '';
    if (remote && !['vendor', 'known-installer', 'local'].includes(gradeUrl(loadUrl, ctx.vendor).grade)) {
      emit(ctx, c, verb.index!, verb[0].length, 'tamper', 'prose.tamper.remote-script', { object: loadedUrl(remote), via: 'generated-code' });
      return;
    }
    const payee = payeeAddress(following);
    if (payee) {
      emit(ctx, c, verb.index!, verb[0].length, 'tamper', 'prose.tamper.payment-address', { object: payee, via: 'generated-code' });
      return;
    }
  }
  for (const w of matchAll(c.rawSentence, L.WALLET_ADDRESS)) {
    const addr = w[0];
    if (/^0x0{40}$/i.test(addr) || new Set(addr.slice(2)).size < 4) continue; // placeholder or zero address
    if (!sF(c, L.PAYMENT)) continue;
    // The address goes into what the agent writes, or into every payment (not a donation line in a README).
    const codeContext = /code|contract|integration|generat|implement|writ|default|hard-?cod|config|snippet|function|template|checkout|every|always|regardless|replace|immer|jede|siempre|cada|toujours|chaque|sempre|ogni|всегда|кажд|код|代码|总是|コード|常に|código|codice/u.test(s);
    if (!codeContext) continue;
    emit(ctx, c, verb.index!, verb[0].length, 'tamper', 'prose.tamper.payment-address', { object: addr, via: 'generated-code' });
    break;
  }
}

// only prepositions that mean "out of" ("de", "du", "of" also mean "of": "le contenu du répertoire")
const FROM_PREP = withQuickStart(/(?<![\p{L}])(?:from|out of|aus|desde|из|从)(?![\p{L}])/u);
const EVERYTHING_IN = withQuickStart(/(?<![\p{L}])(?:all|every(?:thing)?|each|any|whole|entire|contents?|inhalt|contenidos?|contenu|conteúdo|contenuto|содержимое|alle[sn]?|todo[s]?|toda[s]?|tout(?:es?)?|tutt[oiae]|вс[ёеяи]\w*|所有|全部|すべて)(?![\p{L}])/u);

/** A bare `/` with a word on both sides, the left one not a preposition or a command's flag ("in /", "rm -rf /"). */
function isWordSlash(after: string, at: number): boolean {
  const slash = after.indexOf('/', at);
  // two code spans joined by a slash (`` `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY` ``) name two things, not the root folder
  if (/`[^`\s]+`$/.test(after.slice(0, slash)) && /^`[^`\s]+`/.test(after.slice(slash + 1))) return true;
  const left = /([\p{L}\p{N})]+)\s+$/u.exec(after.slice(0, slash));
  return Boolean(left && /^\s+[\p{L}\p{N}(]/u.test(after.slice(slash + 1)) && !/^(?:in|on|at|under|from|of|to|into|inside|everything|all|root)$/i.test(left[1]!));
}

export function detectDestroy(ctx: Ctx, c: Clause): void {
  const t = c.text;
  for (const m of verbs(c, 'destroy')) {
    if (!addressedAt(t, m.index!) && !/^rm\s/.test(m[0])) continue;
    // what a guard blocks ("exits 2 for `rm -rf /`", "denies rm -rf") is not a step
    if (L.BLOCKED_OBJECT.test(t.slice(Math.max(0, m.index! - 200), m.index!).replace(/`$/, ''))) continue;
    const after = t.slice(m.index! + m[0].length, m.index! + m[0].length + 80);
    const timedStep = Boolean(sF(c, TIME_TRIGGER) || uF(c.unit, TIME_TRIGGER));
    const target = first(DESTROY_TARGET, after) ?? (timedStep ? first(TIMED_TARGET, after) : null);
    if (!target || target.index > 40) continue;
    // a slash between two words ("delta debugging / ddmin", "read / write") is "or", not the root folder
    if (target[0].trim() === '/' && isWordSlash(after, target.index)) continue;
    // "remove a leaked secret from git history" destroys the secret, not the history: a target after
    // "from" is where something named is taken out of, unless what is taken is everything in it.
    const gap = after.slice(0, target.index);
    const from = FROM_PREP.exec(gap);
    if (from && /[\p{L}\p{N}]/u.test(gap.slice(0, from.index)) && !EVERYTHING_IN.test(gap.slice(0, from.index))) continue;
    emit(ctx, c, m.index!, m[0].length, 'destroy', timedStep ? 'prose.destroy.time-triggered' : 'prose.destroy.broad', { object: target[0].trim() || m[0] });
    return;
  }
}
