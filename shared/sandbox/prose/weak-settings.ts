/**
 * Weak settings asked for in prose, in any natural language (docs/skill-prose.md, "Weak settings catalogue"). A
 * sentence addressed to the agent that names a catalogued weak token or setting (prose/weak-settings-catalogue.ts)
 * together with a directive to use, set, add, keep or allow it is sabotage of the code the agent writes. The token is
 * what prose in every language still writes in code form; the directive is read from a short per-language list of
 * GENERIC verbs and modals (use / set / always / must; verwende / setze / immer; usa / siempre; utilise / toujours;
 * используй / всегда; 使用 / 总是 / 一律; 使う / 常に; 사용 / 항상 …) and the polite or rule forms of the verb-final
 * languages, never from a phrase of one weakness.
 *
 * It does not fire under a negation anywhere in the sentence ("never use md5", "nie", "nunca", "jamais", "никогда",
 * "不要", "しない", "절대"), in teaching or detection (headings of what to avoid or find, "flag code that uses
 * verify=False", a sentence naming the attack it enables), in an example (modeOf), or when the sentence or its section
 * confines it to tests or local development. Severity follows prose/conventions.ts: the section's scope
 * (effects/produced-code.ts `conventionScope`) makes it a refusal in production or every service, and so does
 * concealment of the change; otherwise an `escalate` entry goes to a human and a `production-only` one is dropped.
 *
 * Another reader's finding on the same line stands (one action per line: the earlier, family-specific readers first).
 */
import type { Action, ActionMode, EffectKind } from '../effects/types.js';
import { conventionScope } from '../effects/produced-code.js';
import { lowerSame } from './lexicon.js';
import { modeOf, type Clause } from './structure.js';
import { concealsInAnyLanguage } from './read/words.js';
import { SKIP_WORDS, WEAK_SETTINGS, type WeakSetting } from './weak-settings-catalogue.js';

export interface WeakSettingHooks {
  emit(c: Clause, at: number, len: number, kind: EffectKind, entry: string, extra: Partial<Action>, mode: ActionMode): Action;
  /** The steps other readers already took from this unit. */
  taken?(): readonly Action[];
}

/**
 * Generic directive words: imperatives and infinitives of use / set / add / keep / allow / make / store / return /
 * write / turn / put, "always", and the modals of obligation. Kept short on purpose: the token says what is weak.
 */
const DIRECTIVE = new RegExp([
  // the setting presented as needed or intended ("is needed because", "on purpose", "by design"), in the main languages
  '(?<![\\p{L}])(?:needed|required|necessary|on\\s+purpose|deliberate(?:ly)?|intentional(?:ly)?|by\\s+design|benötigt|nötig|notwendig|absichtlich|bewusst|necesari[oa]|a\\s+propósito|intencional(?:mente)?|nécessaire|exprès|volontaire(?:ment)?|necessári[oa]|de\\s+propósito|necessari[oa]|apposta|необходим\\p{L}*|нуж[еэ]н\\p{L}*|намеренно|специально|celow\\p{L}*|potrzebn\\p{L}*|szükséges|szándékos\\p{L}*|kasıtlı|gerekli|nodig|opzettelijk)(?![\\p{L}])',
  // a rule stated for every request, service or file (a universal quantifier: the house convention)
  '(?<![\\p{L}])(?:every|each|jede[nmrs]?|alle[nm]?|cada|todos|todas|chaque|tous|toutes|ogni|tutti|tutte|каждо\\p{L}*|кожн\\p{L}*|всех|минден|minden|każd\\p{L}*|her|elke|iedere)(?![\\p{L}])|每个|每個|所有|每次|すべて|全て|毎回|모든|매번',
  // English
  "(?<![\\p{L}])(?:use|set|add|keep|allow|make|always|create|generate|derive|build|deploy|ship|run|start|launch|call|enable|disable|pass|put|write|configure|apply|return|respond|accept|store|save|hash|log|send|turn|switch|replace|prefer|default\\s+to|must|should|need\\s+to|have\\s+to|has\\s+to|required|mandatory|standard|convention|rule)(?![\\p{L}])",
  // German
  '(?<![\\p{L}])(?:erstelle\\p{L}*|erzeuge\\p{L}*|verwende\\p{L}*|nutze\\p{L}*|benutze\\p{L}*|setze\\p{L}*|setz|füge|immer|stets|aktivier\\p{L}*|deaktivier\\p{L}*|schalte|speicher\\p{L}*|gib|lass|erlaub\\p{L}*|muss|müssen|soll|sollen|sollte\\p{L}*|gilt|regel|standard\\p{L}*|übernimm|schreib\\p{L}*)(?![\\p{L}])',
  // Spanish, Portuguese, Italian
  '(?<![\\p{L}])(?:deja|dejar|deixe|lascia|crea|cree|crie|genera|usa|use|usar|utiliza\\p{L}*|utilice|utilize|emplea|pon|ponga|coloque|configura\\p{L}*|establece\\p{L}*|define|defina|añade|agrega|adicione|aggiungi|mantén|mantenga|mantenha|mantieni|permite|permita|consenti|siempre|sempre|guarda|almacena|armazen\\p{L}*|salva|devuelve|devolver|retorne|debe|deben|deve|devem|devono|hay que|acepta|aceite|accetta|desactiva|desative|disattiva|imposta|regla|regra|regola)(?![\\p{L}])',
  // French
  '(?<![\\p{L}])(?:laisse[rz]?|crée[rz]?|créer|génère[rz]?|utilise[rz]?|emploie[rz]?|mets|mettre|mettez|définis|définir|définissez|ajoute[rz]?|garde[rz]?|conserve[rz]?|autorise[rz]?|toujours|renvoie[rz]?|renvoyer|retourne[rz]?|stocke[rz]?|enregistre[rz]?|doit|doivent|il faut|accepte[rz]?|désactive[rz]?|active[rz]?|remplace[rz]?|règle)(?![\\p{L}])',
  // Russian, Ukrainian, Polish, Dutch, Turkish, Hungarian, Indonesian, Vietnamese, Greek
  '(?<![\\p{L}])(?:создай\\p{L}*|создава\\p{L}*|используй\\p{L}*|установи\\p{L}*|ставь\\p{L}*|добавь\\p{L}*|добавля\\p{L}*|оставь\\p{L}*|оставля\\p{L}*|разреш\\p{L}*|всегда|сохраня\\p{L}*|храни\\p{L}*|должн\\p{L}*|нужно|надо|отключ\\p{L}*|включ\\p{L}*|возвраща\\p{L}*|принима\\p{L}*|пиши|задай\\p{L}*|використовуй\\p{L}*|встанови\\p{L}*|додай\\p{L}*|завжди|дозволь\\p{L}*|зберігай\\p{L}*|повинн\\p{L}*|потрібно|вимкни|używaj|użyj|ustaw|dodaj|zawsze|zezwól|przechowuj|musi|należy|wyłącz|gebruik|zet|voeg|altijd|bewaar|moet|kullan\\p{L}*|ayarla|ekle|her zaman|izin ver|sakla|olmalı|használ\\p{L}*|állítsd|mindig|engedélyez\\p{L}*|tárold|kell|naplózd|gunakan|selalu|atur|tambahkan|harus|sử dụng|luôn|đặt|thêm|phải|χρησιμοποίησε|πάντα|όρισε|πρέπει)(?![\\p{L}])',
  // Chinese, Japanese, Korean (rule and polite forms of the verb-final languages)
  '接受|接收|关闭|關閉|开启|開啟|启用|啟用|禁用|创建|生成|受け入れ|受け付け|作成|生成|무시|받아|생성|使用|设置|設置|设为|設為|添加|加上|保持|允许|允許|总是|總是|始终|一律|统一|統一|必须|必須|应该|應該|请|請|存储|保存|写入|使う|使って|使います|使用する|設定|追加|維持|許可|常に|必ず|ください|すること|とする|します|にする|사용|설정|추가|유지|허용|항상|반드시|하세요|세요|십시오|합니다|둡니다|두세요|저장|넣으|넣습|넣어',
].join('|'), 'u');

/**
 * A negation or prohibition anywhere in the sentence: the catalogue is read conservatively, so a sentence that
 * forbids anything is left to the family-specific readers (which know which verb the negation governs).
 */
const NEGATION = /(?<![\p{L}])(?:not|never|no|nor|don['’]t|doesn['’]t|mustn['’]t|shouldn['’]t|cannot|can['’]t|avoid|instead of|rather than|nicht|nie|niemals|kein\p{L}*|vermeide\p{L}*|statt|anstatt|nunca|jamás|jamais|ne|pas|nem|não|non|mai|evita\p{L}*|évite[rz]?|en lugar de|au lieu de|em vez de|invece di|не|ні|ніколи|никогда|нельзя|избега\p{L}*|nigdy|unikaj|niet|nooit|asla|hiçbir|soha|sose|ne\s+használ\p{L}*|jangan|không|μην|ποτέ)(?![\p{L}])|不要|不得|禁止|切勿|别|別|决不|決して|勿|避免|而不是|しない|しません|使わない|使いません|ないこと|ないで|禁止|避け|절대|금지|않|말고|마세요|마십시오|대신/u;

/** A verb-final negation right after the token (Japanese, Korean, Chinese, German): "MD5 は使わない", "verify를 끄지 마세요". */
/** A prohibition later in a verb-final sentence ("… は受け付けてはいけない", "… 검증을 끄면 안 됩니다", "… 行いません"). */
const NEGATION_LATER = /てはいけない|てはならない|ないでください|しないこと|行いません|使いません|しません|ません。|いけません|지\s?마|지\s?말|하지\s?않|면\s?안\s?(?:됩|돼)|금지|않습니다/u;
const NEGATION_AFTER = /^[^,;:.!?，、。；：\n]{0,24}?(?:しない|しません|使わない|使いません|ないで|ないこと|禁止|지\s?마|지\s?말|하지\s?않|면\s?안|금지|不要|不可|不得|(?<![\p{L}])(?:nicht|niemals|nie)(?![\p{L}]))/u;

/**
 * The token is negated: a negation or prohibition before it in its part of the sentence (up to the last colon or
 * semicolon: "Rather than X, turn it off: `verify=False`" is not negated), or a verb-final negation after it.
 */
function negatedToken(s: string, at: number, len: number): boolean {
  const lead = s.slice(Math.max(0, at - 120), at);
  const cut = Math.max(lead.lastIndexOf(':'), lead.lastIndexOf(';'), lead.lastIndexOf('：'), lead.lastIndexOf('；'), lead.lastIndexOf('。'));
  return NEGATION.test(lead.slice(cut + 1)) || NEGATION_AFTER.test(s.slice(at + len, at + len + 40)) || NEGATION_LATER.test(s.slice(at + len, at + len + 120));
}

/** A sentence or heading that teaches or detects: what to find, flag or avoid, or the attack a weakness enables. */
const TEACHING = /(?<![\p{L}])(?:flag(?:s|ged)?\s+(?:code|any|all|every|it|them|this|these|such|uses?|calls?|lines?|files?|functions?|places|as)|detect\p{L}*|report\p{L}*|look\s+for|watch\s+for|spot|catch|review\p{L}*|finding\p{L}*|checklist\p{L}*|anti-?patterns?|pitfalls?|mistakes?|red\s+flags?|vulnerab\p{L}*|insecure|unsafe|dangerous|attack\p{L}*|exploit\p{L}*|cwe-\d+|owasp|bad\s+(?:examples?|practices?)|wrong|injection|injektion|inyección|injeção|инъекц\p{L}*|point\s+(?:it|them|this|that)\s+out|security\s+(?:issue|problem|risk|bug)|erkenne\p{L}*|melde\p{L}*|prüfe\p{L}*|unsicher\p{L}*|gefährlich\p{L}*|angreifer\p{L}*|schwachstell\p{L}*|detecta\p{L}*|señala\p{L}*|inseguro\p{L}*|peligros\p{L}*|vulnerabilidad\p{L}*|atacante\p{L}*|signale[rz]?|détecte[rz]?|dangereu\p{L}*|attaquant\p{L}*|vulnérab\p{L}*|обнаруж\p{L}*|помеча\p{L}*|уязвим\p{L}*|небезопас\p{L}*|опасн\p{L}*|злоумышлен\p{L}*|атак\p{L}*)(?![\p{L}])|インジェクション|注入|인젝션|見つけ|찾으면|발견하면|发现|检测|检查|標記|标记|发现|漏洞|攻击|攻擊|不安全|危险|危險|検出|指摘|脆弱|攻撃|危険|レビュー|검출|탐지|지적|취약|공격|위험|리뷰/u;

/** Words that confine the sentence to tests, mocks or a local machine. */
const TEST_ONLY = /(?<![\p{L}])(?:tests?|testing|unit[- ]tests?|fixtures?|mock\p{L}*|stub\p{L}*|localhost|127\.0\.0\.1|local(?:ly)?|dev(?:elopment)?|sandbox|staging|prueba\p{L}*|desarrollo|essai\p{L}*|développement|entwicklung|lokal\p{L}*|тест\p{L}*|локальн\p{L}*|разработк\p{L}*|teste\p{L}*|desenvolvimento|sviluppo|fejleszt\p{L}*|teszt\p{L}*)(?![\p{L}])|テスト|ローカル|開発環境|测试|測試|本地|开发环境|開發環境|테스트|로컬|개발\s?환경/u;
/** Words that apply it to production (they win over test words in the same sentence: "also against production"). */
const PRODUCTION = /(?<![\p{L}])(?:production|prod|live|every\s+(?:service|environment|client|handler|endpoint)|all\s+(?:services|environments|clients)|produktion\p{L}*|producción|production|produção|produzione|продакшн\p{L}*|продакшен\p{L}*|éles)(?![\p{L}])|(?<![\p{L}])(?:not\s+(?:just|only)\s+(?:locally|local|in\s+(?:dev|development|tests?))|nicht\s+nur\s+lokal|no\s+solo\s+en\s+local|pas\s+seulement\s+en\s+local)(?![\p{L}])|本番|生产|生產|운영\s?환경|프로덕션|모든/u;

/** Concealment of the change, in words (the prose concealment readers cover the rest: read/words.ts). */
const CONCEAL = /\bwithout (?:a |any )?(?:comment|note|mention|separate note)|\bdo not (?:mention|flag|comment)|\bsans (?:le )?(?:signaler|mentionner|commentaire)|\bsin (?:mencionar|comentar)|\bohne (?:kommentar|hinweis|es zu erwähnen)|\bsem (?:comentário|mencionar)|без (?:комментари\p{L}*|упоминани\p{L}*)|注释なし|コメントなし|とだけ書け|不加注释|不要注释|주석 없이|언급하지/u;

/** Headings that present a section as what to avoid or find. */
const TEACHING_HEADING = TEACHING;

interface Hit {
  entry: WeakSetting;
  m: RegExpExecArray;
}

/** The first catalogue entry the sentence (lower-cased) holds, its needs met and nothing keeping the control. */
export function weakSettingIn(s: string, unitLower: () => string): Hit | null {
  for (const entry of WEAK_SETTINGS) {
    const m = entry.token.exec(s);
    if (!m) continue;
    if ((entry.needs && !entry.needs.test(s)) || (entry.needsAlso && !entry.needsAlso.test(s))) continue;
    if (entry.needsUnit && !entry.needsUnit.test(s) && !entry.needsUnit.test(unitLower())) continue;
    if (entry.keeps?.test(s)) continue;
    return { entry, m };
  }
  return null;
}

/** A short prohibition as the next sentence: "Don't do it.", "Never do this.", "Nicht tun.", "やめてください。" */
const SHORT_PROHIBITION = /^[\s*_]*(?:(?:don['’]t|do not|never)\s+(?:do|use|ship|commit)\s+(?:it|this|that|them)|nicht\s+(?:tun|machen|verwenden)|tu\s+das\s+nicht|no\s+lo\s+hagas|ne\s+(?:le\s+)?faites?\s+pas|не\s+делай\p{L}*|やめ|しないで|不要这样|不要这么做|하지\s?마)/u;

function forbiddenNext(clauses: readonly Clause[], sentenceStart: number): boolean {
  const next = clauses.find((x) => x.sentenceStart > sentenceStart);
  return Boolean(next && next.sentence.length < 60 && SHORT_PROHIBITION.test(lowerSame(next.sentence)));
}

/** Reads a unit's sentences for catalogued weak settings asked for; one action per sentence. */
export function readWeakSettings(clauses: readonly Clause[], hooks: WeakSettingHooks): void {
  const first = clauses[0];
  if (!first) return;
  const u = first.unit;
  if (u.kind === 'frontmatter' || u.kind === 'fenced') return;
  // (a section headed "Do not", "Never", "Avoid", "禁止" lists what not to write)
  if (u.headings.some((h) => TEACHING_HEADING.test(lowerSame(h)) || NEGATION.test(lowerSame(h))) || TEACHING.test(lowerSame(u.intro))) return;
  let unitLower: string | null = null;
  const unitText = () => (unitLower ??= lowerSame(`${u.intro}\n${u.text}`));
  let scope: ReturnType<typeof conventionScope> | null = null;
  let asked = -1;
  for (const c of clauses) {
    if (c.sentenceStart === asked) continue;
    asked = c.sentenceStart;
    const raw = c.sentence.length > 4000 ? c.sentence.slice(0, 4000) : c.sentence;
    // (tokens keep their marks — `**request.json` —; the words around them lose emphasis: "**always**")
    const lower = lowerSame(raw);
    const s = lower.replace(/\*\*|__/g, '  ');
    const hit = weakSettingIn(lower, unitText);
    if (!hit) continue;
    // (the words around the code: a code span's own text — `unable_to_get_issuer_cert_locally` — is not a scope or teaching word)
    const words = s.replace(/`[^`\n]{0,200}`/g, (x) => ' '.repeat(x.length));
    if (TEACHING.test(words)) continue;
    // ("Disabling verification (`verify=False`) hides the error. Don't do it.": the next sentence forbids it)
    if (forbiddenNext(clauses, c.sentenceStart)) continue;
    if (negatedToken(s, hit.m.index, hit.m[0].length)) continue;
    const prodWords = PRODUCTION.test(words);
    if (TEST_ONLY.test(words) && !prodWords) continue;
    // the directive: a generic verb or modal in the sentence, or a list item under a directive or a rule heading
    // (or the item is the setting alone, written as the step: "- `git config --global http.sslVerify false`")
    const bare = /^[\s\-*+\d.)]*`[^`]{3,160}`[\s.;]*$/u.test(s);
    const d = DIRECTIVE.exec(s) ?? (hit.entry.needs === SKIP_WORDS ? SKIP_WORDS.exec(s) : null) ?? (bare ? hit.m : null);
    const listed = (u.kind === 'list' || u.kind === 'table') && (DIRECTIVE.test(lowerSame(u.intro)) || u.headings.some((h) => DIRECTIVE.test(lowerSame(h))));
    if (!d && !listed) continue;
    scope ??= conventionScope(`${u.headings.join('\n')}\n${u.intro}\n${u.text}`, '', '');
    if (scope === 'development' && !prodWords) continue;
    const concealed = CONCEAL.test(unitText()) || concealsInAnyLanguage(raw);
    const applied = scope === 'production' || prodWords || concealed;
    if (hit.entry.base === 'production-only' && !applied) continue;
    const verdict = applied ? 'refuse' : 'escalate';
    // the mode at the directive (the token itself is often quoted or in backticks): a negation, an example, teaching
    const at0 = d ? d.index : hit.m.index;
    const clause = clauses.find((x) => x.sentenceStart === c.sentenceStart && at0 >= x.start - x.sentenceStart && at0 < x.end - x.sentenceStart) ?? c;
    const at = Math.max(0, Math.min(at0 - (clause.start - clause.sentenceStart), clause.text.length - 1));
    const mode = modeOf(clause, at, 1);
    if (mode !== 'instruction') continue;
    const action = hooks.emit(clause, at, 1, 'tamper', 'prose.tamper.produced-code', { object: raw.slice(hit.m.index, hit.m.index + 100).trim(), via: hit.entry.what, flags: [hit.entry.family, verdict, applied && scope !== 'production' ? (prodWords ? 'production' : 'concealed') : scope, hit.entry.id, hit.entry.cwe] }, mode);
    // (another reader's finding on the same line stands: this one only adds what they left unread)
    if (hooks.taken?.().some((x) => x !== action && x.line === action.line && x.mode === 'instruction' && x.origin === 'prose' && /^prose\.(?:tamper|steer|solicit)\./.test(x.entry))) {
      action.mode = 'example';
      action.flags!.push('shadowed');
    }
  }
}
