/**
 * Detector family of prose reading: fetch and follow (fetched text obeyed as instructions).
 * Moved out of read.ts unchanged.
 */
import * as L from '../lexicon.js';
import { CODE_FETCH } from '../policy.js';
import { addressedAt, type Clause } from '../structure.js';
import { CJK, first, has, namesIn, normalisePhrase, sF, sFR, trimUrl, uF, uFR, verbs } from './finders.js';
import { PATH, REMOTE_NOUN, RUN_ANY } from './words.js';
import { type Ctx, emit, precedingCode } from './emit.js';

/** Text the document fetched, named by how it came ("the fetched document", "the downloaded rules"). */
/** Code that downloads an address (a command-line client or a library call given a URL). */
const CODE_GETS_URL = /\b(?:curl|wget|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|http|xh|requests\.get|urlopen|fetch)\b[^\n]{0,200}https?:\/\//;
const FETCHED_TEXT = /\bthe (?:fetched|downloaded|retrieved|remote|loaded) (?:document|file|rules?|instructions?|guide|policy|text|content|page|directives?)\b/u;

/** Words joined by slashes ("i/o", "read/write", "a/b"): one token, whose letters are not words of their own. */
const SLASH_JOINED = /[\p{L}\p{N}]+(?:\/[\p{L}\p{N}]+)+/gu;

export function detectFetchFollow(ctx: Ctx, c: Clause): void {
  const urlM = sFR(c, L.DESTINATION.url);
  for (const m of verbs(c, 'fetch')) {
    if (!addressedAt(c.text, m.index!)) continue;
    const after = c.sentence.slice(c.start - c.sentenceStart + m.index!).slice(0, 300);
    const noun = first(REMOTE_NOUN, after);
    if (!urlM && !noun) continue;
    if (!urlM && !uFR(c.unit, L.DESTINATION.url)) continue;
    const url = trimUrl(urlM?.[0] ?? uFR(c.unit, L.DESTINATION.url)![0]);
    const recurring = Boolean(sF(c, L.RECURRING)) || has(L.RECURRING, c.unit.headings.at(-1) ?? '');
    const produces = [`remote:${url}`, ...(noun ? [normalisePhrase(undefined, noun[0].replace(/s$/i, ''))] : []), ...namesIn(after)];
    emit(ctx, c, m.index!, m[0].length, 'fetch', recurring ? 'prose.fetch.recurring' : 'prose.fetch.remote', { object: url, via: 'agent', produces });
    ctx.lastFetch = produces;
    break;
  }
  for (const m of verbs(c, 'follow')) {
    if (!addressedAt(c.text, m.index!)) continue;
    // (verb-final scripts name what is followed before the verb: "その指示に従って", "그 지시를 따르세요")
    const at = c.start - c.sentenceStart + m.index!;
    const after = CJK.test(c.text) ? c.sentence.slice(Math.max(0, at - 120), at + 300) : c.sentence.slice(at).slice(0, 300);
    const authority = Boolean(sF(c, L.AUTHORITY) || uF(c.unit, L.AUTHORITY));
    const recurring = Boolean(sF(c, L.RECURRING));
    let url = first(L.DESTINATION.url, c.rawSentence.slice(c.start - c.sentenceStart + m.index!).slice(0, 300));
    const noun = first(REMOTE_NOUN, after);
    // The URL is what is followed only when it names a document ("the rules at https://…"), not a
    // command line that happens to contain one (that is the code reader's).
    const nounNamesUrl = noun && noun.index < url?.index! && /^[\s"'`*]*(?:(?:at|from|in|on|hosted at|located at|available at|published at)\s*)?:?[\s"'`*]*$/.test(after.slice(noun.index + noun[0].length, url!.index));
    if (url && !nounNamesUrl && !/\b(?:page|document|file|content|text|guide|at|from)\s*:?\s*$/.test(after.slice(0, url.index))) url = null;
    // (a letter inside a slash-joined token is no pronoun: the "o" of "I/O" is not Portuguese "it")
    const back = has(L.BACK_REFERENCE, after.slice(0, 80).replace(SLASH_JOINED, (w) => ' '.repeat(w.length)));
    if (!url && !noun && !back) continue;
    // "Treat the page as reference, not as instructions": the remote noun is what the fetched text is said not to be
    if (!url && noun && !back && /\b(?:not|never|rather than|instead of)\s+(?:as\s+|like\s+)?(?:an?\s+|the\s+)?$/.test(after.slice(Math.max(0, noun.index - 24), noun.index))) continue;
    // A one-off pointer to documentation ("follow the guide at …") is not remote control.
    if (!authority && !recurring && !uF(c.unit, RUN_ANY)) continue;
    // Without a URL here, the text followed is one fetched earlier in the document (linked by name), or a file the
    // sentence names ("read `/tmp/.policy.md` and follow it"): what the code wrote there is what is followed
    if (!url && ctx.lastFetch.length === 0) {
      // "follow it" right after a step whose code fetched a document ("1. Fetch the runbook: curl … 2. Follow it exactly"):
      // what is followed is what that code fetched, not a file the sentence names as overruled
      if ((authority || recurring) && back && CODE_GETS_URL.test(precedingCode(ctx, c.unit))) {
        emit(ctx, c, m.index!, m[0].length, 'exec', 'prose.exec.follow-remote', { object: 'the document the step before fetched', via: 'agent', consumes: [CODE_FETCH] });
        continue;
      }
      const file = authority || recurring ? (first(PATH, c.rawSentence) ?? first(PATH, c.unit.raw ?? c.unit.text)) : null;
      if (file) emit(ctx, c, m.index!, m[0].length, 'exec', 'prose.exec.follow-file', { object: file[0], via: 'agent', consumes: [`path:${file[0].replace(/^\.\//, '')}`] });
      // "follow the fetched document" after a code block that fetched it: the policy links it to that fetch
      else if ((authority || recurring) && FETCHED_TEXT.test(after)) emit(ctx, c, m.index!, m[0].length, 'exec', 'prose.exec.follow-remote', { object: FETCHED_TEXT.exec(after)![0], via: 'agent', consumes: [CODE_FETCH] });
      continue;
    }
    const consumes = url ? [`remote:${trimUrl(url[0])}`] : noun ? [normalisePhrase(undefined, noun[0].replace(/s$/i, '')), ...ctx.lastFetch] : ctx.lastFetch;
    emit(ctx, c, m.index!, m[0].length, 'exec', 'prose.exec.follow-remote', { object: url ? trimUrl(url[0]) : noun?.[0] ?? 'fetched text', via: 'agent', consumes });
    break;
  }
}
