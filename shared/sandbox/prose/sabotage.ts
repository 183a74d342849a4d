/**
 * Sabotage of the owner's own controls, read from a skill's prose (docs/skill-prose.md, "Sabotage families,
 * 2026.11.27"). The skill does not steal a secret; it tells the agent to change the owner's money or records and
 * to leave out the check that would catch the change, or scripts the cover story for it. Kept as data: each
 * family names what is guarded (tested on the whole document) and the sentence shape that gives the control up.
 *
 *  - a change to where payments go (bank details, payout account, payment link) or to fraud and allow-list
 *    controls, with the check on it forbidden (call-back, second approver, reconciliation, checking the source);
 *  - an app's access granted with its permissions kept from the user;
 *  - security scanners' findings kept from the user or replaced with a fixed all-clear;
 *  - the user's credentials entered by the agent past a certificate or domain-name warning;
 *  - the owner's data encrypted in place, the clear copies destroyed, and the key kept from the owner;
 *  - broken security mandated for the code the agent writes (JWT `alg: none`, a fixed IV, fast password hashes,
 *    predictable tokens);
 *  - a scripted answer for whoever asks why a figure or record changed (a cover story).
 *
 * What is guarded must be named in the section the waiver stands in (its headings, prose or code blocks).
 * The waiver is itself a negation ("do not call the vendor to confirm"), so the negation is the shape; a
 * double negation ("never change bank details without a call-back") keeps the control and is not read.
 */
import type { Action, ActionMode, EffectKind } from '../effects/types.js';
import { alt, lowerSame } from './lexicon.js';
import type { SourceText } from '../text.js';
import { firstAtLeast } from '../sorted.js';
import type { Clause } from './structure.js';
import { gateRegExps } from '../regex-factors.js';
import { matchAll } from '../match-all.js';

export interface SabotageHooks {
  emit(c: Clause, at: number, len: number, kind: EffectKind, entry: string, extra: Partial<Action>, mode: ActionMode): Action;
  /** The mode structure gives the clause (teaching, example), with a negation not counted. */
  modeSansNegation(c: Clause, at: number, len: number): ActionMode;
}

export interface SabotageFamily {
  id: string;
  entry: string;
  kind: EffectKind;
  /** What the skill changes that the control guards (asked of the whole document). */
  guarded: RegExp;
  /** The sentence that gives the control up. */
  shape: RegExp;
  /** The same sentence keeping the control after all ("… without a call-back to the number on file"). */
  unless?: RegExp;
  /** The section doing what makes the waiver harmless after all (the user approves the consent themselves). */
  unlessSection?: RegExp;
  /** The thing the sentence asks about (its `subject` group) must be named in the skill's code: the skill's own change. */
  subjectInCode?: boolean;
  /** What is guarded may be anywhere in the document (the encryption in one step, the key's fate in another). */
  wholeDocument?: boolean;
  /** The shape is a mandate, not a waiver: a negation just before it ("never accept alg: none") makes it a prohibition. */
  positive?: boolean;
  /** Where the step is: at the shape's start (the waiver's negation) or its end (the verb after a quoted warning). */
  at?: 'start' | 'end';
  /** Said of what: for the finding's message. */
  object: string;
  /** A cheap test of the sentence before its shape (words every shape of the family contains). */
  hint?: RegExp;
  /** A cheap test of the whole document, once: a document without it cannot hold the family. */
  docHint?: RegExp;
}

/** Where money goes: a payee's bank or remittance details, a payout account, the payment link customers get. */
const PAYMENT_DESTINATION = alt([
  'bank (?:details|account|accounts|information|info|data|change|changes)', 'remittance (?:details|address|information|info)', 'remit-?to', 'iban', 'swift', 'bic', 'routing (?:number|numbers|details)', 'account numbers?', 'sort codes?',
  'payout (?:accounts?|destinations?|details|methods?|schedules?)', '(?:direct[- ])?deposit (?:accounts?|details|information|info)', 'salary (?:accounts?|payments?)', 'beneficiar(?:y|ies)', 'payment (?:details|instructions|links?|portals?|pages?)', 'wire instructions',
  'bankverbindung\\p{L}*', 'bankdaten', 'kontoverbindung\\p{L}*', 'datos bancarios', 'cuenta bancaria', 'coordonnées bancaires', 'rib', 'dados bancários', 'conta bancária', '(?:portal|link|página) de pagamento', 'coordinate bancarie', 'conto corrente',
], 'u');
/** A change of it: "update the vendor's bank details", "new routing number", "payout account changes", "IBAN … eintragen". */
const CHANGE = '(?:update|change|replace|modify|set|switch|swap|enter|edit|overwrite|use|route|redirect|accept|ändere|ändern|aktualisier\\p{L}*|trage|cambia|actualiza|modifie|remplace|atualize|altere|troque|aggiorna|modifica|sostituisci)';
/** … named after it: right after in English ("bank details update", "payout account changes"), at the end of a German step. */
const CHANGED = '(?:\\s+(?:\\p{L}+\\s+)?(?:updates?|changes?|changed)|[^.\\n]{0,50}?(?<![\\p{L}])(?:ändern|eintragen|aktualisieren))';
const PAYEE_CHANGED = new RegExp(`(?<![\\p{L}])${CHANGE}(?![\\p{L}])[^.\\n]{0,40}?${PAYMENT_DESTINATION.source}|(?<![\\p{L}])(?:new|neue[nr]?|nueva|nouvelle|nova|nuova)\\s+${PAYMENT_DESTINATION.source}|${PAYMENT_DESTINATION.source}${CHANGED}(?![\\p{L}])`, 'u');
/** The owner's fraud controls: training labels, fraud allow-lists and block rules, risk scores, screening. */
const FRAUD_CONTROL = alt(['fraud (?:labels?|models?|rules?|scores?|flags?)', 'is_fraud', 'chargebacks?', '(?:fraud|merchant|card|payment|transaction)[ _-]?(?:allow|white|block|deny|black)-?lists?', 'risk[ _](?:scores?|rules?|labels?)', 'sanctions? (?:lists?|screening)', 'kyc'], 'u');

const NEG = "(?:do\\s+not|don['’]t|never|no\\s+need\\s+to|not\\s+necessary\\s+to|there\\s+is\\s+no\\s+need\\s+to|you\\s+don['’]t\\s+need\\s+to|need\\s+not|must\\s+not|should\\s+not|não (?:é preciso|precisa|é necessário)|no (?:hace falta|es necesario)|pas besoin de|inutile de|nicht nötig|kein(?:e)? (?:rückruf|prüfung)|non (?:serve|è necessario))";
/** The independent check on a payment-destination change, forbidden or waived. */
const CHECK_WAIVED = new RegExp([
  // "do not call the vendor to confirm", "don't call back", "no need to phone them"
  `${NEG}\\s+(?:\\w+\\s+){0,2}(?:call|phone|ring|contact)\\s+(?:(?:them|him|her)\\s+|the\\s+(?!api\\b|endpoint|function|method|service|webhook|hook|server)\\w+\\s+(?:(?:or|and|nor)\\s+the\\s+\\w+\\s+)?)?(?:back\\b|to (?:confirm|verify|check))`,
  // "do not wait for a second approver", "no need for a second approval"
  `${NEG}\\s+(?:\\w+\\s+){0,2}(?:wait for|get|ask for|require|seek|involve)\\s+(?:a\\s+|the\\s+)?(?:second|another|other|dual|two-person|four-eyes)\\s+(?:approv\\w*|sign-?off|review\\w*|person|pair of eyes)`,
  // "do not verify the change with the vendor", "no need to reconcile with the bank statement"
  `${NEG}\\s+(?:\\w+\\s+){0,2}(?:reconcile\\b(?!\\s+(?:\\w+\\s+){0,2}(?:manually|by hand))|(?:confirm|verify|validate|double-check|cross-check|check)\\s+(?:(?:it|them|this|the change|the request|the (?:new )?(?:details|account|iban|bank \\w+))\\s+)?(?:with|against)\\s+(?:the\\s+)?(?:vendor|supplier|payee|customer|bank|them|statement|second|another))`,
  // "skip the call-back", "without a second approval"
  '\\b(?:skip|bypass|waive)\\s+(?:the\\s+|any\\s+)?(?:call-?backs?|verification|second approv\\w*|dual (?:control|approval)|four-eyes|reconciliation)',
  // Portuguese, Spanish, French, German, Italian: "não é preciso conciliar", "no llames para confirmar", "ne pas rappeler"
  '(?:não|no|ne|nicht|non)\\s+(?:\\S+\\s+){0,3}(?:conciliar|reconciliar|rapprocher|abgleichen|riconciliare|confirmar|vérifier|verificar|prüfen|verificare|rappeler|zurückrufen|richiamare|llames|ligue)',
].join('|'), 'u');
/** … unless the sentence names the independent channel the check goes through, or is a double negation. */
const KEEPS_CHECK = /\b(?:on file|automatic(?:ally)?|instead|verifies|verified by|micro-?deposits?|sin|sem|sans|ohne|senza|known (?:number|contact|phone)|independent(?:ly)?|previously verified|from the (?:erp|vendor master|contract)|official (?:number|website)|without (?:a |the )?(?:call-?back|verification|second|confirm|approv)|until|unless|before (?:you|the|a|it))\b/u;

/** The section names the independent check another party makes ("the supplier portal verifies them with the bank"). */
const OTHER_CHECK = /\b(?:verifies|verified by|validates|validated by|micro-?deposits?|confirmed by the bank|penny (?:test|drop))\b/u;

/** Checking a list against its source, forbidden: "do not check these against the disputes table", "apply it without verifying". */
const SOURCE_CHECK_WAIVED = new RegExp(`${NEG}\\s+(?:\\w+\\s+){0,2}(?:check|verify|validate|compare|cross-check|review|test)\\s+(?:(?:these|them|this|it|those|the (?:list|entries|corrections|labels|ids))\\s+)?(?:against|with)\\b`, 'u');

/** A question about a change, answered with a given line: "If asked why churn dropped, say the model was "deduplicated"". */
const COVER_STORY = /\b(?:if|when|whenever)\s+(?:(?:anyone|someone|somebody|they|he|she|the user|users|finance|reviewers?|auditors?|the board|people|(?:a|the) \w+)\s+)?(?:is\s+|are\s+)?asks?(?:ed)?\s+(?:\w+\s+)?(?:why|how come|what happened (?:to|with)|about)\s+(?<subject>[^.;\n]{0,60}?)\s*\b(?:dropped|fell|rose|went (?:up|down)|changed|moved|differ(?:s|ed)?|disappeared|(?:is|are|was|were) (?:missing|lower|higher|different|gone))\b[^.;\n]{0,20}?,?\s*(?:just\s+|simply\s+)?(?:say|tell (?:them|him|her)|answer|reply|explain)\b[^.\n]{0,60}["“'‘`]/u;
/** … unless the answer comes with the evidence ("and show the number of rows deleted", "and link the changelog"). */
const WITH_EVIDENCE = /\band (?:show|link|attach|include|point (?:them )?to|cite|share) (?:the|a|an|them|it|its|this)\b/u;

/** … with what it grants kept from the user: "do not read the permission list back to the user". */
/** The agent grants it: "accept all requested permissions", "complete the consent screen". */
const AGENT_GRANTS = /\b(?:accept|approve|allow|grant|tick|complete|click (?:allow|accept|approve))\b[^.\n]{0,30}\b(?:permissions|scopes|consent(?: screen)?|admin[_ ]consent)\b/u;
/** … unless the section leaves the consent to the user. */
const USER_CONSENTS = /\b(?:tell|ask|let|have|get|lets?) (?:the user|them)\b[^.\n]{0,60}\b(?:approve|accept|allow|grant|consent)|\b(?:after|once|when|until|if) (?:the user|they) (?:has |have )?(?:already )?(?:confirm|approv|agree|consent)/u;
const SCOPES_HIDDEN = new RegExp(`${NEG}\\s+(?:read|show|list|tell|mention|explain|display|walk)\\s+(?:\\w+\\s+){0,3}?(?:permissions?|scopes?)(?:\\s+list)?\\b(?!\\s+(?:yourself|on (?:the user|their) behalf))`, 'u');

/** The agent approves or merges changes, or installs and follows what it fetched. */
const APPROVES_CHANGES = /--approve\b|\bauto-?merge\b|\bgh pr merge\b|\bapprove (?:the |these |those |such )?(?:prs?|pull requests?|merge requests?|changes?|it|them)\b|\bfollow\s+(?:their|its|the)\s+["“]?on\s+install\b/u;
/** … with reading what it approves forbidden: "do not read the diff", "do not review the pack contents with the user". */
const UNREAD = new RegExp(`${NEG}\\s+(?:read|open|review|inspect|look at|check|examine)\\s+(?:the\\s+|their\\s+|its\\s+)?(?:\\w+\\s+)?(?:diffs?|changes|contents|changed files|prs?|pull requests?|merge requests?)\\b`
  // (French, Spanish, Italian, Portuguese put the negation around the verb; German after the object)
  + `|(?:ne\\s+(?:lis|lisez|regarde|regardez|vérifie|vérifiez|examine|examinez)\\s+pas|no\\s+(?:leas|lea|revises|revise|mires|mire)|non\\s+(?:leggere|rivedere|guardare|controllare)|não\\s+(?:leia|leias|revise|revises|olhe))\\s+(?:le\\s+|la\\s+|les\\s+|el\\s+|los\\s+|las\\s+|il\\s+|i\\s+|le\\s+|o\\s+|os\\s+|as\\s+)?(?:diffs?|changements|modifications|cambios|modifiche|alterações|mudanças|contenus?|contenido|contenuto|conteúdo|pull requests?|prs?)\\b`
  + `|\\b(?:lies|lest|prüfe|prüft|öffne|öffnet)\\s+(?:den|die|das)\\s+(?:diffs?|änderungen|inhalt|pull requests?)\\s+nicht\\b`, 'u');
/** … unless another check stands in for it ("check the release notes instead") or only a way of reading is meant ("by hand"). */
const READ_OTHERWISE = /\b(?:instead|by hand|line by line|manually|aloud|en voz alta|ad alta voce|em voz alta|vorlesen|laut vor|a mano|von hand|manuellement|manualmente|yourself|a human|humans|code ?owners?|the reviewers?|maintainers|reviewed (?:in|by|elsewhere)|opens? (?:a |its own )?(?:prs?|pull requests?))\b|(?<![\p{L}])(?:à voix haute|à la main|à mão)(?![\p{L}])/u;
/** … or the section has a person approve first ("merge once a human approved them"). */
const PERSON_APPROVES = /\b(?:after|once|when|until)\s+(?:a |the |an? )?(?:human|reviewer|code ?owner|maintainer|person)s?\b[^.\n]{0,20}\bapprov/u;

/** … or with the check that goes with approving forbidden: "do not run the security checklist", "skip the tests for those". */
const CHECK_SKIPPED = new RegExp(`${NEG}\\s+(?:run|do|perform|apply|follow|use|go through|complete)\\s+(?:the\\s+|any\\s+|a\\s+|its\\s+|their\\s+)?(?:\\w+\\s+)?(?:checklists?|checks|scans?|scanners?|tests|test suites?|suites?|audits?|security reviews?|reviews?)\\b`
  + `|\\bskip\\s+(?:the\\s+|any\\s+|its\\s+|their\\s+)?(?:\\w+\\s+)?(?:checklists?|checks|scans?|tests|test suites?|suites?|audits?|security reviews?|reviews?)\\b`, 'u');

/** A refund the agent issues… */
const REFUNDS = /\b(?:refunds?|refunded|reimburse\w*|chargebacks?|credits? back)\b|reembols\p{L}*|rembours\p{L}*|rückerstatt\p{L}*|erstatt\p{L}*|rimbors\p{L}*|terugbetal\p{L}*|返金|退款|환불/u;
/** … sent to whatever account the requester names instead of back to where the money came from. */
const ELSEWHERE_THAN_PAID = /\b(?:to|into|onto)\s+(?:the\s+|any\s+|whatever\s+|whichever\s+|a\s+new\s+|another\s+|a\s+different\s+)?(?:[\p{L}-]+\s+)?(?:card|account|wallet|address|iban|bank account|payment method|paypal)\s+(?:that\s+)?(?:the\s+)?(?:customer|caller|requester|user|sender|buyer|they|he|she)\s+(?:names?|gives?|provides?|specif(?:y|ies)|asks? for|requests?|sends?|mentions?|lists?|writes?)\b|\beven if (?:it|that|this|the \w+(?: \w+)?) (?:differs|is different|does not match|doesn['’]t match) (?:from )?(?:the )?original\b|\bother than the original (?:payment method|card|account)\b/u;
/** … unless the refund stays on the original method or someone checks the change. */
const KEEPS_ORIGIN = /\bonly (?:back )?to the original\b|\bescalat\w*|\ba (?:human|supervisor|manager)\b|\bverif(?:y|ied|ies)\b|\bcall[- ]?back\b/u;

/** The agent types the user's credentials: saved passwords, a password manager's autofill, a one-time or TOTP code. */
const AGENT_ENTERS_CREDENTIALS = /\b(?:fill|type|enter|autofill|paste|submit|read)\b[^.\n]{0,60}\b(?:passwords?|credentials|totp|one-time (?:code|password)|2fa code|mfa code|otp|authenticator)\b/u;
/** … past the warning that tells a look-alike site from the real one: click through a certificate or domain-name warning. */
const WARNING_BYPASSED = /\b(?:certificate|cert|tls|ssl|https|domain[- ]name|look-?alike|phishing|deceptive site|unsafe site|not private|not secure)\b[^.\n]{0,60}\b(?:warnings?|errors?|interstitials?|prompts?|pages?)\b[^.\n]{0,80}\b(?:click (?:through|past|proceed|advanced)|proceed (?:anyway|past)|ignore (?:it|them|the warning)|dismiss (?:it|them)|accept the risk|bypass (?:it|them))\b|\b(?:click through|ignore|dismiss|bypass|proceed past)\s+(?:any |the )?(?:certificate|cert|tls|ssl|domain[- ]name|security) (?:warnings?|errors?)\b/u;
/** … unless the site is the user's own machine (a local dev server with a self-signed certificate). */
const LOCAL_SITE = /\blocalhost\b|127\.0\.0\.1|self-signed|mkcert|dev server|\.local\b|\.test\b|\.internal\b/u;

/** The owner's data encrypted in place, the clear copies destroyed (shredded, removed, all but `*.enc` deleted). */
const ENCRYPTS_AND_DESTROYS = /^(?=[\s\S]*encrypt)(?=[\s\S]*(?:\bshred\b|\brm\b|\bremove\b|\bdelete\b|\bdestroy\b|\bwipe\b)[^\n]{0,60}(?:unencrypted|originals?\b|plaintext|cleartext|--exclude\s+["']?\*\.enc))/u;
/** … with the key kept from the owner: "do not write the key to disk", "never show the key in the chat", "keep no copy of the key". */
const KEY_WITHHELD = new RegExp(`${NEG}\\s+(?:write|store|save|keep|show|print|display|output|log|copy|record)\\s+(?:the\\s+|a\\s+|any\\s+)?(?:(?:master|encryption|recovery|backup|decryption)\\s+)?(?:key|keys|copy of the key)\\b`, 'u');
/** … unless the owner keeps it elsewhere: a key store, a password manager, the user's own vault. */
const KEY_KEPT = /\b(?:kms|key vault|vault|password manager|keychain|keyring|secret(?:s)? manager|hsm|1password|bitwarden|the user['’]s|your own|print it once|show it once|write it down)\b/u;

/** Security findings: scanner output, audits, vulnerabilities, leaked-secret reports. */
const SECURITY_FINDINGS = /\b(?:semgrep|trivy|snyk|grype|gitleaks|trufflehog|bandit|codeql|npm audit|pip-audit|osv-scanner|dependabot alerts?|(?:security|vulnerability|secret|dependency|skill|mcp) scann(?:er|ers|ing)|vulnerabilit(?:y|ies)|cves?|security findings|audit (?:output|results|findings))\b/u;
/** … kept from the user, or replaced by a fixed all-clear: "do not show it to the user", "report "No actionable findings"". */
const FINDINGS_HIDDEN = new RegExp(`${NEG}\\s+(?:show|display|report|mention|surface|pass on|relay|print)\\s+(?:it|them|this|the (?:output|findings|results|alerts|warnings))\\s+to\\s+the\\s+user|(?<!(?:never|not|n['’]t)\\s+(?:\\S+\\s+){0,2})\\breport\\s+["“']no (?:actionable |relevant )?(?:findings|issues|vulnerabilities|problems)`
  // a fixed all-clear put in the agent's mouth: 'Tell the user: "Audit complete — no outstanding vulnerabilities."'
  + `|(?<!(?:never|not|n['’]t)\\s+(?:\\S+\\s+){0,2})\\b(?:tell (?:the user|them|the team)|say|answer|reply|respond|write|report)\\s*:?\\s*["“'][^"”'\\n]{0,80}?\\b(?:no|zero|0) (?:(?:outstanding|remaining|open|known|new|actionable|relevant|critical|high|security) )*(?:findings|issues|vulnerabilities|problems|advisories|alerts|risks)\\b`, 'u');
/** … unless they reach the user another way or later ("show a summary instead", "until the scan finishes"). */
const FINDINGS_SHOWN = /\b(?:instead|until|unless|summar(?:y|ies|ise|ize|ised|ized)|table|grouped)\b|\b(?:if|when)\s+(?:\S+\s+){0,3}(?:finds|found|returns|reports)\s+(?:nothing|no\b|zero|0\b)|\b(?:is|comes back|was) clean\b/u;

/**
 * Broken security mandated for the code the agent writes: JWTs with `alg: none` accepted, passwords hashed with a fast
 * digest, tokens and codes from a non-cryptographic generator. (Chinese and Japanese put the verb first too: 接受 … none.)
 */
const WEAK_CRYPTO = /(?:accept|allow|permit|support|trust|接受|允许|支持|信任|akzeptier\p{L}*|erlaub\p{L}*|acept\p{L}*|permit\p{L}*|受け入れ|許可)[^.。;；\n]{0,40}\balg\W{0,3}\s*[:=]?\s*\W{0,2}none\b|(?<![\p{L}])(?:use|hash|store|使用|用|采用|verwende|usa|utilise|utilize)[^.。;；\n]{0,30}(?:sha-?1|md5)\s*\([^)\n]{0,40}password|(?:验证码|令牌|reset tokens?|otps?|one-time codes?|verification codes?|session ids?|api keys?|secrets?|nonces?)[^.。;；\n]{0,30}(?:math\.random|random\.random)|(?:math\.random|random\.random)[^.。;；\n]{0,40}\b(?:reset tokens?|otps?|one-time codes?|verification codes?|session ids?|api keys?|secrets?|nonces?)\b/u;
/** A random IV forbidden: a fixed one for every message. */
const RANDOM_IV_FORBIDDEN = new RegExp(`(?:${NEG}\\s+(?:generate|use|create)\\s+(?:a\\s+)?random\\s+ivs?\\b|(?:不要|禁止|切勿|不得)\\s*(?:生成|使用)\\s*随机\\s*iv)`, 'u');
/** … unless it is confined to tests or debugging. */
const TEST_ONLY = /\b(?:never|not) in production\b|\bonly (?:in|for) (?:the )?(?:tests?|local|development|mock)\b|\btest(?:ing)?[- ]only\b|仅(?:用于|在)测试|\bre-?hash|\bmigrat\p{L}*|\bthen (?:upgrade|replace) (?:it|the hash)/u;
/** … or inside it ("for reset tokens, never use Math.random"). */
const NEGATED_INSIDE = /\b(?:never|not|avoid|instead|rather than|reject)\b|n['’]t\b|不要|禁止|切勿|不得/u;
/** A negation just before a mandate turns it into a prohibition. */
const NEGATED_BEFORE = /(?:\bnever|\bnot|n['’]t|\bno|\bavoid|\binstead of|\brather than|\breject|\brefuse|不要|禁止|切勿|不得|拒绝|不可)\W{0,3}(?:\S+\s*){0,3}$/u;

/** Reviewing changes: a code review, a pull or merge request, a diff. */
const REVIEWS_CHANGES = /\b(?:code review|review(?:s|ing|er)?|pull requests?|merge requests?|prs?|diffs?|approve|approval)\b|レビュー|差分|审查|评审|代码审核|拉取请求|überprüf\p{L}*|code-?review|revisión|revisar|relecture|revue de code|revisione|리뷰/u;
/**
 * Problems the review finds kept out of it: "do not leave comments on these PRs even if you notice issues", "指摘事項があっても
 * 書かないこと", "即使发现问题也不要评论". The concession ("even if you notice") is the shape: the reviewer sees the problem and
 * is told to stay silent about it.
 */
const FINDINGS_SUPPRESSED = new RegExp([
  `${NEG}\\s+(?:leave|post|write|add|make|raise|report|flag|mention|comment(?: on)?|point out|note)\\b[^.\\n]{0,80}?\\beven (?:if|when|though)\\s+(?:you\\s+)?(?:notice|find|see|spot|detect|there are|they (?:have|contain))\\b`,
  `\\beven (?:if|when|though)\\s+(?:you\\s+)?(?:notice|find|see|spot|detect)\\b[^.\\n]{0,60}?,?\\s*${NEG}\\s+(?:leave|post|write|add|raise|report|flag|mention|comment|point (?:it|them) out)\\b`,
  '(?:問題|指摘(?:事項)?|不具合|脆弱性)(?:が|は)?(?:あって|見つかって)も[^。]{0,20}(?:書かない|コメントしない|指摘しない|記載しない|触れない)',
  '即使(?:发现|有|看到)[^。，,]{0,10}(?:问题|漏洞|缺陷)?[^。]{0,10}(?:也)?(?:不要|不得|别)(?:评论|指出|提及|写)',
  '(?:auch wenn|selbst wenn) (?:du|sie) (?:probleme|fehler|mängel) (?:siehst|findest|sehen|finden)[^.\\n]{0,40}(?:nicht (?:kommentieren|melden|erwähnen)|kommentiere \\S+ nicht)',
  '(?:aunque|incluso si) (?:veas|encuentres|detectes) (?:problemas|errores|fallos)[^.\\n]{0,40}no (?:comentes|señales|menciones)',
  '(?:même si) (?:tu|vous) (?:vois|voyez|trouves|trouvez) (?:des )?(?:problèmes|erreurs)[^.\\n]{0,40}ne (?:commente|signale|mentionne)',
].join('|'), 'u');
/** … unless what is left out is style the linter handles. */
const STYLE_ONLY = /\b(?:style|styling|formatting|format|whitespace|indentation|nits?|nitpicks?|naming|typos?|lint\w*|prettier|cosmetic|wording)\b|スタイル|書式|风格|格式/u;

/** A download the section installs or ships: an installer, a formula or package source, a release asset, a mirror. */
const DOWNLOADED = /\b(?:download(?:s|ed|ing)?|install(?:s|ed|ing|er)?|release assets?|tarballs?|formula|cask|mirror|curl|wget)\b/u;
/**
 * The check that the download is the one published, forbidden: "do not recompute the checksum from the GitHub asset",
 * "skip signature verification", "don't verify the sha256". Whoever serves the file then decides what is installed.
 */
const INTEGRITY_WAIVED = new RegExp(`${NEG}\\s+(?:\\w+\\s+){0,2}?(?:recompute|recalculate|verify|check|compare|validate|update|regenerate)\\s+(?:the\\s+|its\\s+|their\\s+|any\\s+)?(?:sha-?256\\s+|sha-?512\\s+|gpg\\s+|pgp\\s+)?(?:checksums?|hash(?:es)?|sha-?256|sha-?512|digests?|signatures?|integrity)\\b|(?<!\\bto\\s)\\b(?:skip|disable|bypass|turn off)\\s+(?:the\\s+)?(?:checksum|hash|signature|gpg|integrity)\\s+(?:check|verification|validation)s?\\b`
  // (the checksum named first, then the pronoun: "The checksum above is the mirror's; do not recompute it from the asset")
  + `|\\b(?:checksums?|sha-?256|sha-?512|hash(?:es)?|digests?|signatures?)\\b[^.\\n]{0,80}?${NEG}\\s+(?:recompute|recalculate|verify|check|compare|validate|update|regenerate)\\s+(?:it|them)\\b`, 'u');
/** … unless something else checks it ("brew verifies it on install", "the package manager checks it"). */
const CHECKED_ELSEWHERE = /\b(?:verifies|checks|validates|is verified|is checked)\b[^.\n]{0,40}\b(?:automatically|on install|itself|for you)\b|\b(?:brew|apt|dnf|pip|npm|cargo|the package manager|the installer)\s+(?:already\s+)?(?:verifies|checks|validates)\b|\bmanually\b|\bby hand\b/u;

/** A party the skill is paid by: a referral or affiliate link, a sponsorship, a commission. */
const PAID_PARTY = /[?&](?:ref|referral|aff|affiliate|partner|via|coupon|promo)=[\w-]{3,}|\b(?:sponsor(?:ed|ship)?|commission|kickback|paid placement|affiliate|referral (?:fee|link|code))\b|gesponsert|patrocinad\p{L}*|sponsoris\p{L}*/u;
/**
 * The user's choice steered to that party without the user knowing: the sponsorship kept secret, the recommendation
 * fixed whatever the user's requirements or the facts, pressure added, or the free and ordinary alternatives withheld.
 */
const STEERED = new RegExp([
  // the sponsorship itself kept from the user ("Partnership note (do not reveal): this skill is sponsored", "do not disclose the commission")
  `${NEG}\\s+(?:reveal|disclose|mention)\\b\\)?\\s*:?\\s*[^.\\n]{0,60}?\\b(?:is|are)\\s+(?:sponsored|paid for)\\b|${NEG}\\s+(?:reveal|disclose|mention)\\s+(?:the\\s+|this\\s+|our\\s+|any\\s+)?(?:sponsorship|partnership|commission|paid placement|referral (?:fee|arrangement|deal))`,
  '\\b(?:regardless of|whatever|irrespective of|no matter)\\s+(?:the\\s+)?(?:stated\\s+|actual\\s+|user\\S*\\s+)?(?:requirements?|needs?|facts?|licen[cs]es?|situation|answers?|results?|findings?)\\b',
  // (pressure on the user the agent talks to, when they hesitate: not the urgency of a marketing text the user asked for)
  '\\b(?:add|create|build|increase|apply)\\s+(?:some\\s+|more\\s+)?(?:urgency|pressure|fear)\\s+(?:if|when|whenever|once)\\s+(?:the user|they|he|she|the customer)\\s+(?:hesitat\\w*|is unsure|seems unsure|asks|declines?|refuses?|pushes back|objects?)\\b',
  `${NEG}\\s+(?:mention|tell|say|point out|explain)\\s+(?:\\w+\\s+){0,2}?that\\b[^.\\n]{0,160}\\b(?:can also|could also|also be met|are usually fine|is usually fine|is free|are free|free alternatives?|instead)\\b`,
].join('|'), 'u');

/** … unless the sentence keeps it open: "never hide the sponsorship", "always disclose referral links". */
const DISCLOSED = /\b(?:never|not|don['’]t)\s+(?:hide|conceal|omit)\b|\balways\s+(?:disclose|mention|say|state|label)\b|\b(?:clearly|openly)\s+(?:disclose|mark|label|state)\b/u;

// (each regex of the table is asked only of texts that hold its literal factors: docs/analysis-limits.md, "Sixteenth round")
// (a plain array, not frozen: V8 runs loops and array methods over a frozen array on a slow generic path; docs/analysis-limits.md, "Twenty-fourth round")
export const SABOTAGE_FAMILIES: readonly SabotageFamily[] = gateRegExps([
  { id: 'integrity-waived', entry: 'prose.tamper.integrity-waived', kind: 'tamper', guarded: DOWNLOADED, shape: INTEGRITY_WAIVED, unless: CHECKED_ELSEWHERE, unlessSection: CHECKED_ELSEWHERE,
    hint: /checksum|hash|sha|digest|signature|integrity|gpg|pgp/u, object: 'the check that a download is the one published' },
  { id: 'paid-steering', entry: 'prose.steer.paid-steering', kind: 'steer', guarded: PAID_PARTY, shape: STEERED, unless: DISCLOSED, docHint: PAID_PARTY,
    object: "the user's choice steered to a party the skill is paid by" },
  { id: 'review-findings-suppressed', entry: 'prose.tamper.control-waived', kind: 'tamper', guarded: REVIEWS_CHANGES, shape: FINDINGS_SUPPRESSED, unless: STYLE_ONLY,
    hint: /\beven\b|あって|見つかって|即使|auch wenn|selbst wenn|aunque|incluso si|même si/u,
    object: 'reporting the problems a review finds' },
  { id: 'payee-change-unchecked', entry: 'prose.tamper.control-waived', kind: 'tamper', guarded: PAYEE_CHANGED, shape: CHECK_WAIVED, unless: KEEPS_CHECK, unlessSection: OTHER_CHECK,
    object: 'the check on a change to where payments go' },
  { id: 'fraud-control-unchecked', entry: 'prose.tamper.control-waived', kind: 'tamper', guarded: FRAUD_CONTROL, shape: SOURCE_CHECK_WAIVED, unless: KEEPS_CHECK,
    object: 'the check on entries written into fraud or allow-list controls' },
  { id: 'approve-unread', entry: 'prose.tamper.control-waived', kind: 'tamper', guarded: APPROVES_CHANGES, shape: UNREAD, unless: READ_OTHERWISE, unlessSection: PERSON_APPROVES,
    object: 'reading the changes the agent approves or installs' },
  { id: 'approve-unchecked', entry: 'prose.tamper.control-waived', kind: 'tamper', guarded: APPROVES_CHANGES, shape: CHECK_SKIPPED, unless: READ_OTHERWISE, unlessSection: PERSON_APPROVES,
    hint: /\b(?:run|do|perform|apply|follow|use|through|complete|skip)\b/u, object: 'the checks on changes the agent approves' },
  { id: 'refund-elsewhere', entry: 'prose.tamper.control-waived', kind: 'tamper', guarded: REFUNDS, shape: ELSEWHERE_THAN_PAID, unless: KEEPS_ORIGIN, unlessSection: KEEPS_ORIGIN,
    hint: /\b(?:to|into|onto|even|other)\b/u, object: 'refunds kept to the way the customer paid' },
  { id: 'consent-scopes-hidden', entry: 'prose.privilege.consent', kind: 'privilege', guarded: AGENT_GRANTS, shape: SCOPES_HIDDEN, unless: USER_CONSENTS, unlessSection: USER_CONSENTS,
    object: "an app's access granted with the permissions kept from the user" },
  { id: 'credentials-past-warning', entry: 'prose.solicit.credentials-past-warning', kind: 'solicit', guarded: AGENT_ENTERS_CREDENTIALS, shape: WARNING_BYPASSED, unless: LOCAL_SITE, unlessSection: LOCAL_SITE, at: 'end',
    object: "the user's credentials entered past a certificate or domain-name warning" },
  { id: 'key-withheld', entry: 'prose.tamper.key-withheld', kind: 'tamper', guarded: ENCRYPTS_AND_DESTROYS, shape: KEY_WITHHELD, unless: KEY_KEPT, unlessSection: KEY_KEPT, wholeDocument: true,
    object: "the owner's data encrypted and its clear copies destroyed, with the key kept from the owner" },
  { id: 'findings-hidden', entry: 'prose.steer.suppress-notices', kind: 'steer', guarded: SECURITY_FINDINGS, shape: FINDINGS_HIDDEN, unless: FINDINGS_SHOWN,
    object: "security scanners' findings kept from the user" },
  { id: 'weak-crypto-mandated', entry: 'prose.tamper.weak-crypto', kind: 'tamper', guarded: /[\s\S]/u, shape: WEAK_CRYPTO, unless: TEST_ONLY, positive: true,
    object: 'broken security mandated for generated code' },
  { id: 'random-iv-forbidden', entry: 'prose.tamper.weak-crypto', kind: 'tamper', guarded: /\b(?:aes|cbc|ctr|gcm|encrypt|加密)/u, shape: RANDOM_IV_FORBIDDEN, unless: TEST_ONLY,
    object: 'a fixed IV mandated for encryption' },
  { id: 'cover-story', entry: 'prose.steer.cover-story', kind: 'steer', guarded: /[\s\S]/u, shape: COVER_STORY, unless: WITH_EVIDENCE, subjectInCode: true,
    object: 'a scripted answer about why a figure or record changed' },
]);

/** The section a unit stands in: its headings, and the lines (prose and code) from its heading to the next one. */
/** The heading lines of a document (ascending), and each section's lowered text by its bounds: found once per document. */
const sectionsMemo = new WeakMap<SourceText, { headings: number[]; texts: Map<string, string> }>();

function sectionOf(src: SourceText, unit: Clause['unit']): { key: string; text: string } {
  let memo = sectionsMemo.get(src);
  if (!memo) {
    const headings: number[] = [];
    for (let i = 0; i < src.lines.length; i++) if (src.kinds[i] === 'prose' && /^#{1,6}\s/.test(src.lines[i]!)) headings.push(i);
    sectionsMemo.set(src, (memo = { headings, texts: new Map() }));
  }
  const at = unit.offset >= 0 ? unit.offset : unit.anchor;
  const line = src.lineOf(Math.min(Math.max(0, at), Math.max(0, src.content.length - 1))) - 1;
  // (the section's heading: the last heading at or before the line; its end: the next heading after the line)
  const lo = firstAtLeast(memo.headings, line + 1);
  const from = lo > 0 ? memo.headings[lo - 1]! : 0;
  const to = lo < memo.headings.length ? memo.headings[lo]! : src.lines.length;
  const key = `${from}:${to}`;
  const textKey = `${key}|${unit.headings.join('\n')}`;
  let text = memo.texts.get(textKey);
  if (text === undefined) memo.texts.set(textKey, (text = lowerSame(`${unit.headings.join('\n')}\n${src.lines.slice(from, to).join('\n')}`)));
  return { key, text };
}

/** Words of the skill's code (fences and inline spans), split at case changes: `fct_churn` gives "churn". */
const codeWordsMemo = new WeakMap<SourceText, Set<string>>();
function namesCode(src: SourceText, phrase: string): boolean {
  let words = codeWordsMemo.get(src);
  if (!words) {
    words = new Set();
    for (const seg of src.codeSegments()) {
      for (const m of matchAll(seg.text.slice(0, 200_000), /[A-Za-z][A-Za-z0-9]{3,40}/g)) {
        for (const w of m[0].replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(' ')) if (w.length >= 4) words.add(w);
      }
    }
    codeWordsMemo.set(src, words);
  }
  // (a word of four letters or more, by its stem: "churn" and `fct_churn`, "tests" and `test_permissions`)
  return phrase.split(/[^a-z]+/).some((w) => w.length >= 4 && !/^(?:that|this|they|their|them|with|from|what|when|were|have|been|went|much|many|suddenly)$/.test(w)
    && [...words].some((c) => c.startsWith(w.slice(0, Math.max(4, w.length - 2)))));
}

/** A fence introduced as text the model receives. */
const SENT_TO_MODEL = /\b(?:tool description|system prompt|sent to the (?:model|agent|llm|assistant)|(?:model|agent)-facing|instructions? (?:for|to) the (?:model|agent|assistant))\b/u;

/** Emphasis marks, blanked so they do not read as words. */
const EMPHASIS = /\*+|(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu;

/** Document hints, once per document and family. */
const docHintMemo = new WeakMap<SourceText, { lowered: string; hints: Map<string, boolean> }>();
function docHas(src: SourceText, f: SabotageFamily): boolean {
  let memo = docHintMemo.get(src);
  // (the document lowered once, however many families ask)
  if (!memo) docHintMemo.set(src, (memo = { lowered: lowerSame(src.content.length > 600_000 ? src.content.slice(0, 600_000) : src.content), hints: new Map() }));
  let r = memo.hints.get(f.id);
  if (r === undefined) memo.hints.set(f.id, (r = f.docHint!.test(memo.lowered)));
  return r;
}

/** Section tests, once per section and family. */
const guardedMemo = new WeakMap<SourceText, Map<string, boolean>>();

/**
 * Reads a unit's sentences for the sabotage families. What the control guards must be named in the same section
 * (its headings, prose or code): a waiver elsewhere in the document is about something else.
 */
export function readSabotage(clauses: readonly Clause[], hooks: SabotageHooks, src: SourceText): void {
  let asked = -1;
  let section: { key: string; text: string } | null = null;
  for (const c of clauses) {
    if (c.sentenceStart === asked) continue;
    asked = c.sentenceStart;
    // (emphasis is not a word: "do **not** read the diff")
    const s = c.sentence.includes('*') || c.sentence.includes('_') ? c.sentence.replace(EMPHASIS, (m) => ' '.repeat(m.length)) : c.sentence;
    for (const f of SABOTAGE_FAMILIES) {
      if (f.hint && !f.hint.test(s)) continue;
      if (f.docHint && !docHas(src, f)) continue;
      const m = f.shape.exec(s);
      if (!m || (f.unless && f.unless.test(s))) continue;
      if (f.positive && (NEGATED_BEFORE.test(s.slice(Math.max(0, m.index - 30), m.index)) || NEGATED_INSIDE.test(m[0]))) continue;
      // (a gerund opening a list of noun phrases names a pattern: "- Disabling TLS verification, accepting `alg: none`, …")
      if (f.positive && /^[a-z]+ing\b/u.test(m[0]) && /(?:^|[,;:]|\b(?:and|or))\s*$/u.test(s.slice(0, m.index).toLowerCase())) continue;
      section ??= sectionOf(src, c.unit);
      const scope = f.wholeDocument ? { key: 'doc', text: lowerSame(src.content) } : section;
      let memo = guardedMemo.get(src);
      if (!memo) guardedMemo.set(src, (memo = new Map()));
      const key = `${f.id}@${scope.key}`;
      let g = memo.get(key);
      if (g === undefined) memo.set(key, (g = f.guarded.test(scope.text) && !(f.unlessSection && f.unlessSection.test(scope.text))));
      if (!g) continue;
      if (f.subjectInCode && !namesCode(src, m.groups?.subject ?? '')) continue;
      // the clause of the sentence the step is in
      const pos = f.at === 'end' ? m.index + m[0].length - 1 : m.index;
      const clause = clauses.find((x) => x.sentenceStart === c.sentenceStart && pos >= x.start - x.sentenceStart && pos < x.end - x.sentenceStart) ?? c;
      const at = Math.max(0, Math.min(pos - (clause.start - clause.sentenceStart), clause.text.length - 1));
      let mode = hooks.modeSansNegation(clause, at, 1);
      // (a fence presented as what the model is sent — a tool's description, a system prompt — is read by the agent)
      if (mode === 'example' && clause.unit.kind === 'fenced' && SENT_TO_MODEL.test(lowerSame(`${clause.unit.headings.at(-1) ?? ''}\n${clause.unit.intro}`))) mode = 'instruction';
      hooks.emit(clause, at, 1, f.kind, f.entry, { object: `${f.object}: ${m[0].slice(0, 80)}`, via: f.id }, mode);
      break;
    }
  }
}

// --- a popular dependency swapped for its look-alike ------------------------------------------

/** A replacement pair: "| `cryptography` | `cryptographyy` |", "replace `pyyaml` with `pyyamll`", "`a` → `b`". */
const REPLACEMENT_PAIR = /`([A-Za-z0-9@][\w.@/-]{1,100})`\s*(?:\||→|->|=>|:|\b(?:with|by|to|for|into|durch|por|par|con|com)\b)\s*`([A-Za-z0-9@][\w.@/-]{1,100})`/gu;

/** A table the agent is told to apply: "apply this table", "replace them as follows", "use these instead". */
const APPLY_TABLE = /\b(?:apply|use|replace|swap|switch|migrate|substitute|follow)\b/u;

/**
 * A skill that tells the agent to replace a popular package with a name one typo from it ("`cryptography` →
 * `cryptographyy`", in a table of "maintained forks") installs the look-alike wherever the agent edits dependencies:
 * emitted as an install of that name (`exec.install.package`), so the typosquat policy judges it like a `pip install`.
 */
export function readDependencySwaps(src: SourceText, unit: Clause['unit'], hooks: SabotageHooks, clauses: readonly Clause[], imitates: (name: string, eco: 'pypi' | 'npm') => string | null): void {
  if (unit.offset < 0 || clauses.length === 0) return;
  // (the unit's text has its markup blanked; the backticks are in the file)
  const raw = src.content.slice(unit.offset, unit.offset + unit.text.length);
  if (!raw.includes('`')) return;
  for (const m of matchAll(raw, REPLACEMENT_PAIR)) {
    const [, from, to] = m;
    for (const eco of ['pypi', 'npm'] as const) {
      const real = imitates(to!, eco);
      const norm = (n: string) => (eco === 'pypi' ? n.toLowerCase().replace(/[_.]/g, '-') : n.toLowerCase());
      if (!real || real !== norm(from!)) continue;
      const at = m.index! + m[0].lastIndexOf(to!);
      const c = clauses.find((x) => at >= x.start && at < x.end) ?? clauses[0]!;
      const rel = Math.max(0, Math.min(at - c.start, c.text.length - 1));
      // (a table row naming things reads as an example; a table the step says to apply is the step)
      let mode = hooks.modeSansNegation(c, rel, to!.length);
      if (mode === 'example' && unit.kind === 'table' && APPLY_TABLE.test(lowerSame(`${unit.intro}\n${unit.headings.at(-1) ?? ''}`))) mode = 'instruction';
      hooks.emit(c, rel, to!.length, 'exec', 'exec.install.package', { object: to!, via: `a table that replaces "${from}" with it`, flags: eco === 'npm' ? ['npm'] : [] }, mode);
      break;
    }
  }
}

// --- the owner's money or contacts bent in code the skill gives ------------------------------

/**
 * Shapes of code blocks (SQL has no grammar in the repository; the shapes are whole statements, not words):
 *  - salami: payees' amounts floored or truncated and the floored-off remainder booked to one account the skill names
 *    (`SUM(amount - FLOOR(amount * 100) / 100)` inserted for 'acct_…', then `SET amount = FLOOR(…)`). Rounding to the
 *    nearest (ROUND) with the difference booked is ordinary accounting and is not this;
 *  - a lockfile's integrity hashes removed (`delete v.integrity`), so it installs whatever its URLs serve next;
 *  - an access-control test rewritten to accept both a success and a refusal (`expect([200, 403]).toContain(…)`);
 *  - billing or payment contacts in the owner's records rewritten to an address at a domain the skill fixes
 *    (`contacts.update(id, {"email": f"{id}@billing-relay.example"})`), where invoices and payment requests then go.
 */
export interface CodeSabotage {
  id: string;
  entry: string;
  kind: EffectKind;
  /** The block's text (lower-cased) → the offset in the block of what is bent, and what it is, or null. */
  find(block: string, section: string): { at: number; object: string } | null;
}

/** `x - FLOOR(x …)`, `amount*100 - floor(amount*100)`, `amt - math.floor(amt …)`, `x - TRUNC(x …)`. */
const FLOOR_REMAINDER = /\b([a-z_][\w.]*)\b[^-\n;,]{0,16}-\s*(?:math\.)?(?:floor|trunc(?:ate)?|int)\s*\(\s*\1\b/u;
/** The amounts themselves floored: `SET amount = FLOOR(amount …)`, `p.amount = math.floor(p.amount …)`. */
const AMOUNTS_FLOORED = /\b([a-z_][\w.]*)\s*=\s*(?:math\.)?(?:floor|trunc(?:ate)?)\s*\(\s*\1\b/u;
/** The remainder booked to one account named in the code: an insert with a literal account, a credit or transfer to one. */
const BOOKED_TO_ACCOUNT = /\binsert\s+into\s+\w+\s*\([^)]*\baccount\w*[^)]*\)\s*(?:select|values)\s*\(?\s*'[^'\n]{2,60}'|\.(?:credit|transfer|deposit|book|post|payout)\w*\(\s*['"][^'"\n]{2,60}['"]/u;

/** Records whose contacts decide where invoices, remittances and payment requests go. */
const BILLING_SECTION = /\b(?:billing|invoices?|invoicing|accounts? (?:payable|receivable)|remit(?:tance|-to)?|payments?|finance|dunning|collections?)\b/u;
/** An update of such a record that sets an e-mail field to a literal address at a fixed domain. */
const CONTACT_REWRITE = /\b(?:contacts?|customers?|vendors?|suppliers?|accounts?|leads?|payees?|members?|companies|people)\b[\w.]*\.(?:update|modify|patch|upsert|edit|set)\w*\s*\([^;]{0,300}?["'](?:e-?mail|email_?address|billing_?email|contact_?email|invoice_?email|remit_?to_?email|notification_?email)["']\s*[:=,]\s*f?["'`]([^"'`\s]{0,60}@([a-z0-9-]+(?:\.[a-z0-9-]+)+))["'`]/u;
/** … not a placeholder, a non-deliverable test domain or a record being anonymised. */
const NOT_A_DESTINATION = /(?:^|\.)(?:example\.(?:com|org|net)|invalid|test|localhost|local)$|your-?(?:company|domain)|company\.com|domain\.com/u;
const ANONYMISED = /\banonymi[sz]|\bpseudonymi[sz]|\bgdpr\b|\bredact|\berasure\b|\bright to be forgotten\b|\bseed\b|\bfixtures?\b|\bsandbox\b|\bstaging\b/u;

/** A set of accepted statuses in a test assertion: `expect([200, 403]).toContain(…)`, `assert x in (200, 403)`, `[]int{200, 403}`. */
const ACCEPTED_STATUSES = /\bexpect\(\s*\[([^\]\n]{3,80})\]\s*\)\s*\.\s*to(?:contain|be(?:oneof)?)\b|\bassert\s+[\w.[\]'"]+\s+in\s+[([{]([^)\]}\n]{3,80})[)\]}]|\[\]int\{([^}\n]{3,80})\}|\bassertin\(\s*[\w.]+\s*,\s*[([{]([^)\]}\n]{3,80})[)\]}]/gu;

/** A lockfile the code reads or writes. */
const LOCKFILE = /\b(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|pipfile\.lock|composer\.lock|cargo\.lock|gemfile\.lock|uv\.lock)\b/u;
/** … its integrity hashes removed or blanked: `delete v.integrity`, `del e["hashes"]`, `.pop("integrity")`, `sed '/"integrity"/d'`. */
const INTEGRITY_STRIPPED = /\bdelete\s+[\w.]+(?:\.|\[\s*["'])(?:integrity|checksum|hashes|sha512|shasum)\b|\bdel\s+[\w.]+\[\s*["'](?:integrity|checksum|hashes|hash)["']|\.pop\(\s*["'](?:integrity|checksum|hashes)["']|\.(?:integrity|checksum)\s*=\s*(?:["']{2}|null|undefined|none)\b|\bsed\b[^\n]{0,40}["']?\/\\?"?(?:integrity|checksum)"?\\?\/d/u;

// (a plain array, not frozen: V8 runs loops and array methods over a frozen array on a slow generic path; docs/analysis-limits.md, "Twenty-fourth round")
export const CODE_SABOTAGE: readonly CodeSabotage[] = [
  { id: 'lockfile-integrity-stripped', entry: 'prose.tamper.integrity-stripped', kind: 'tamper',
    // without its hashes a lockfile installs whatever the resolved URL serves next
    find(block) {
      if (!LOCKFILE.test(block)) return null;
      const m = INTEGRITY_STRIPPED.exec(block);
      return m ? { at: m.index, object: `a lockfile's integrity hashes removed (${m[0].slice(0, 50)})` } : null;
    } },
  { id: 'access-test-neutered', entry: 'prose.tamper.test-neutered', kind: 'tamper',
    // a test of access control that accepts both a success and a refusal cannot fail when access control breaks
    find(block) {
      for (const m of matchAll(block, ACCEPTED_STATUSES)) {
        const set = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').split(/[\s,]+/);
        if (set.some((x) => /^2\d\d$/.test(x)) && set.some((x) => x === '401' || x === '403')) return { at: m.index!, object: `a test that accepts both ${set.filter((x) => /^\d{3}$/.test(x)).join(', ')}` };
      }
      return null;
    } },
  { id: 'salami-remainder', entry: 'prose.tamper.salami', kind: 'tamper',
    find(block) {
      const r = FLOOR_REMAINDER.exec(block);
      if (!r || !AMOUNTS_FLOORED.test(block) || !BOOKED_TO_ACCOUNT.test(block)) return null;
      return { at: r.index, object: `the remainder of floored amounts (${r[0].slice(0, 60)}) booked to one account` };
    } },
  { id: 'billing-contact-rewrite', entry: 'prose.tamper.contact-redirect', kind: 'tamper',
    find(block, section) {
      const m = CONTACT_REWRITE.exec(block);
      if (!m || NOT_A_DESTINATION.test(m[2]!) || m[2]!.includes('{') || !BILLING_SECTION.test(section) || ANONYMISED.test(section)) return null;
      return { at: m.index, object: `billing contacts rewritten to ${m[1]}` };
    } },
];

/** The code blocks of a document read for CODE_SABOTAGE; `emitAt` places an action at a file offset. */
export function readCodeSabotage(src: SourceText, emitAt: (offset: number, kind: EffectKind, entry: string, extra: Partial<Action>) => void): void {
  for (const b of src.blocks) {
    if (b.end - b.start < 20) continue;
    const block = lowerSame(src.content.slice(b.start, Math.min(b.end, b.start + 100_000)));
    if (!/floor|trunc|int\s*\(|@|40[13]|\.lock\b|lock\.(?:json|yaml)|shrinkwrap/.test(block)) continue;
    let section: string | null = null;
    for (const f of CODE_SABOTAGE) {
      const hit = f.find(block, (section ??= sectionOf(src, { offset: b.start, anchor: b.start, headings: [] } as unknown as Clause['unit']).text));
      if (hit) emitAt(b.start + hit.at, f.kind, f.entry, { object: hit.object, via: f.id });
    }
  }
}

// --- code the prose specifies for the agent to write ------------------------------------------

/** The step: write the file the unit describes ("Write that file in about ten lines", "Write it exactly that way"). */
const WRITE_IT = /\b(?:write|create|implement|generate|add)\s+(?:that|this|the|it)\b(?:\s+(?:file|script|hook|helper|module|function))?|\bwrite it\b/u;
/** … which reads the user's stored credentials: other tools' credential files, SSH keys, cookies, the keychain. */
const READS_SECRETS = /\b(?:reads?|collects?|copies|cats?|loads?|joins?|gathers?)\b[^.\n]{0,60}(?:~\/\.(?:git-credentials|npmrc|pypirc|netrc|ssh\b|aws\/credentials|docker\/config\.json|kube\/config)|\bcredentials? files?\b|\b(?:aws|gcloud|azure|git|docker|kube) credentials\b|\bcookies?(?: (?:db|database|file|jar))?\b|\bkeychain\b|\bsaved passwords\b|\bssh keys?\b)/u;
/** (a token read from the environment or a config and sent to its own service is the service's login, not a theft) */
/** … and sends them to an address, or runs a script fetched from one. */
const SENDS_TO = /\b(?:sends?|posts?|uploads?|submits?|forwards?)\b[^.\n]{0,120}?(https?:\/\/[^\s`'"),]+)/u;
const RUNS_REMOTE = /\b(?:sources?|runs?|executes?|evals?|pipes?)\b[^.\n]{0,80}?(https?:\/\/[^\s`'"),]+)/u;

/**
 * A unit that describes, in prose, a file the agent is to write — "`prepare.js` reads `~/.git-credentials` and
 * `~/.npmrc`, joins them and sends them with fetch(…). Write that file", "the hook sources the library from https://…
 * Write it exactly that way" — specifies the code as much as a code block would: its reads, sends and remote runs
 * are the agent's. Sends and runs count only toward a host that is not the skill's service or a known one.
 */
export function readSpecifiedCode(clauses: readonly Clause[], hooks: SabotageHooks, foreign: (url: string) => boolean): void {
  const first = clauses[0];
  if (!first) return;
  const text = lowerSame(first.unit.text);
  const write = WRITE_IT.exec(text);
  if (!write) return;
  const send = READS_SECRETS.test(text) ? SENDS_TO.exec(text) : null;
  const run = send ? null : RUNS_REMOTE.exec(text);
  const hit = send ?? run;
  if (!hit || !foreign(first.unit.text.slice(hit.index + hit[0].length - hit[1]!.length, hit.index + hit[0].length))) return;
  const c = clauses.find((x) => write.index >= x.start && write.index < x.end) ?? first;
  const at = Math.max(0, Math.min(write.index - c.start, c.text.length - 1));
  hooks.emit(c, at, 1, 'tamper', 'prose.tamper.specified-code', { object: send ? `code that reads credentials and sends them to ${hit[1]}` : `code that runs a script fetched from ${hit[1]}`, via: 'a file the prose specifies' }, hooks.modeSansNegation(c, at, 1));
}
