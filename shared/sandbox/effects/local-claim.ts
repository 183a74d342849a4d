/**
 * A skill that tells the user their data stays on their machine while its own code sends data to another host
 * (docs/skill-effect-model.md, "Families added in 2026.11.30"). The claim is read from the skill's prose (its
 * description included), in the languages the prose reader knows; the send is any request body or upload the code
 * makes to a host that is neither this machine nor its network, nor an address the user configures (a variable).
 *
 * Kept as data: the claim's shapes. A claim that names its exception ("everything runs locally except the model
 * call", "only the query leaves") is honest about the send and is not read.
 */
import { matchAll } from '../match-all.js';
import type { SourceText } from '../text.js';
import type { Action } from './types.js';

/** "fully local", "never leaves your machine", "no data is sent", "100% offline", and the same in other languages. */
// (a plain array, not frozen: V8 runs loops and array methods over a frozen array on a slow generic path; docs/analysis-limits.md, "Twenty-fourth round")
export const LOCAL_CLAIMS: readonly RegExp[] = [
  /\b(?:fully|completely|entirely|100\s?%|purely|strictly|totally|all)[ -](?:local(?:ly)?|offline|on[ -]device|on[ -]prem(?:ise)?s?)\b/i,
  /\b(?:never|not|nothing|no (?:data|documents?|files?|content|text|information))\b[^.\n]{0,30}\b(?:leaves?|leaving|sent|uploaded|transmitted|shared)\b[^.\n]{0,20}\b(?:your|the (?:user['’]s )?|this)\s*(?:machine|device|computer|laptop|network|premises|disk)\b/i,
  /\b(?:stays?|remains?|kept|processed|runs?)\s+(?:entirely\s+|only\s+|fully\s+)?(?:on|within)\s+(?:your|the user['’]s|this)\s+(?:machine|device|computer|laptop|network)\b/i,
  /\b(?:no|zero|without any)\s+(?:data|network calls?|cloud|external (?:calls?|services?|requests?)|uploads?)\s+(?:is |are )?(?:sent|leaves?|made|involved|needed|used)?\b[^.\n]{0,10}(?:local|offline|$)/im,
  // Korean, Japanese, Chinese: "완전 로컬", "외부로 나가지 않", "完全ローカル", "外部に送信しない", "完全本地", "不会上传"
  /완전\s?로컬|외부로\s?(?:나가지|전송되지|유출되지)\s?않|로컬에서만/u,
  /完全(?:に)?ローカル|外部に(?:送信|出)(?:され)?(?:ない|ません)|ローカルのみ|端末(?:の)?外に出(?:ない|ません)/u,
  /完全本地|(?:不会|不)(?:上传|发送|离开)(?:到)?(?:任何|外部|云端|服务器|本机|您的设备)?|仅在本地|只在本地/u,
  // German, Spanish, French, Portuguese, Italian
  /\b(?:vollständig|komplett|ausschließlich|rein) lokal\b|verlässt (?:niemals |nie )?(?:deinen|ihren|den) (?:rechner|computer)|\b(?:totalmente|completamente|100\s?%) (?:local|offline)\b|no sale de (?:tu|su) (?:equipo|máquina|ordenador)|\b(?:entièrement|complètement|100\s?%) (?:local|hors ligne)\b|ne quitte (?:jamais )?(?:votre|ton) (?:ordinateur|machine|appareil)|não sai d[oa] (?:seu|sua) (?:computador|máquina)|\b(?:completamente|interamente) (?:locale|offline)\b|non lascia (?:mai )?il (?:tuo|suo) (?:computer|dispositivo)/iu,
];

/** The claim names what does leave: an exception, a condition, an optional part. */
/** A stop that ends a sentence: before a space, so not the dot of `~/.ssh` or `config.json`. */
const SENTENCE_STOP = /[.。!?](?=\s)/gu;

const EXCEPTION = /\b(?:except|apart from|other than|but (?:the|for)|only (?:the|your) (?:query|prompt|question|model call)|unless|optional(?:ly)?|if you (?:enable|choose|opt)|when (?:you )?(?:enable|opt)|besides)\b|除了|以外|を除いて|제외|외에는|außer|excepto|salvo|sauf|tranne|exceto/iu;

/** The claim's subject names one secret or one file: a code span, a path, a key, a password, a token. */
const ONE_NAMED_THING = /`[^`\n]{1,200}`|~\/|\b(?:private|secret|signing|api|ssh)\s+keys?\b|\b(?:passwords?|passphrases?|tokens?|seed phrase|recovery phrase|credentials?)\b|秘密鍵|私钥|비밀\s?키|privater? schlüssel|clave privada|clé privée|chiave privata|chave privada|закрытый ключ/iu;
/** …unless it also names the user's data at large ("your files and your key never leave"). */
const DATA_AT_LARGE = /\b(?:data|files|documents?|everything|anything|content|information|nothing|all|notes|messages|photos)\b|データ|数据|데이터|daten|datos|données|dados|dati|данные/iu;

/** The first sentence of the skill's prose that claims its data stays local, with its line; null if none. */
export function localClaim(src: SourceText): { line: number; text: string } | null {
  for (let i = 0; i < src.lines.length; i++) {
    if (src.kinds[i] !== 'prose') continue;
    const line = src.lines[i]!;
    if (line.length > 2000) continue;
    for (const re of LOCAL_CLAIMS) {
      const m = re.exec(line);
      if (!m) continue;
      // the sentence the claim stands in, for its exception (a sentence ends at a stop before a space, not at the dot of
      // `~/.ssh` or `config.json`)
      let from = 0;
      for (const b of matchAll(line.slice(0, m.index), SENTENCE_STOP)) from = b.index! + 1;
      const next = line.slice(m.index).search(/[.。!?](?:\s|$)/);
      const sentence = line.slice(from, next >= 0 ? m.index + next + 1 : line.length);
      if (EXCEPTION.test(sentence)) continue;
      // a claim about one named thing ("the private key `~/.ssh/id_ed25519` never leaves this machine") promises that
      // thing stays, not the user's data: whether that secret is sent is what the credential flows judge
      const subject = line.slice(from, m.index);
      if (ONE_NAMED_THING.test(subject) && !DATA_AT_LARGE.test(subject)) continue;
      return { line: i + 1, text: sentence.trim().slice(0, 160) };
    }
  }
  return null;
}

const ON_MACHINE_OR_NETWORK = /^(?:localhost|127\.\d+\.\d+\.\d+|\[?::1\]?|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|[\w-]+\.(?:local|lan|internal|home\.arpa)|host\.docker\.internal|[\w-]+)(?::\d+)?$/i;

/** Sends by the skill's code that carry data to a host off this machine and its network (not an address the user sets). */
export function dataLeavingSends(actions: readonly Action[]): Action[] {
  return actions.filter((a) => a.kind === 'send' && a.mode === 'instruction' && a.origin !== 'prose'
    && (a.channel === 'body' || a.channel === 'upload' || a.channel === 'query' || a.channel === 'stdin')
    && Boolean(a.host) && !a.host!.includes('$') && !ON_MACHINE_OR_NETWORK.test(a.host!));
}
