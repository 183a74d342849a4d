/**
 * Words of the tactics a skill uses against the user it serves (prose/deceive.ts, docs/skill-effect-model.md "The user
 * deceived or pressured"), kept as data: plain alternations (lexicon.ts `alt`, lower-cased text) in the languages skills
 * are written in. A new language is new words here, not a new rule. Words of Latin and Cyrillic script are matched as
 * whole words; Chinese, Japanese and Korean words as substrings (they carry particles and endings).
 */

/** A decision hurried by a deadline or a fear the skill makes up: "the bonus ends this week", "amplify the worry". */
export const PRESSURE_WORDS = [
  'ends (?:this week|today|tonight|soon|in \\d+ (?:days?|hours?))', 'expires? (?:today|tonight|this week|soon|in \\d+ (?:days?|hours?))', 'better to (?:open|buy|sign up|order|act|decide|subscribe|book)\\p{L}* [^.;\\n]{0,30}today',
  '(?:hurry|rush|push|pressure) (?:them|the user|the customer|the student|the patient|the decision)', 'create (?:a sense of |some )?urgency', 'false urgency', 'fear of missing out',
  '(?:increase|amplify|heighten|stoke|raise|play on|feed) (?:the |their |his |her |that )?(?:anxiety|fear|fears|worry|worries|panic|insecurit\\p{L}+)',
  'se termine (?:cette semaine|aujourd[\'’]hui|bientôt|ce soir)', '(?:augmente|amplifie|accentue)\\p{L}* (?:l[\'’]|son |sa |leur )?(?:inquiétude|anxiété|peur)', 'pousse\\p{L}* (?:le client |l[\'’]utilisateur )?à (?:décider|souscrire|acheter) (?:vite|aujourd[\'’]hui|tout de suite)',
  'endet (?:diese woche|heute|bald)', '(?:angst|sorge|unsicherheit) (?:verstärken|schüren|steigern)', '(?:verstärke|schüre|steigere) (?:die |seine |ihre )?(?:angst|sorge|unsicherheit)', 'zeitdruck (?:aufbauen|machen|erzeugen)',
  'termina (?:esta semana|hoy|pronto)', '(?:aumenta|amplifica|exagera) (?:la |su )?(?:ansiedad|preocupación|miedo|angustia)', 'mete\\p{L}* prisa', 'presiona\\p{L}* (?:al cliente|al usuario|para)',
  'scade (?:oggi|questa settimana|a breve|stasera)', '(?:aumenta|amplifica|alimenta) (?:la |sua |la sua )?(?:preoccupazione|ansia|paura)', 'mett\\p{L}* fretta',
  'termina (?:esta semana|hoje)', '(?:aumente|amplifique|alimente) (?:a |sua |a sua )?(?:ansiedade|preocupação|medo)', 'apresse\\p{L}*',
  '(?:zwiększ|podsycaj|wzmacniaj) (?:jego |jej |ich )?(?:niepokój|lęk|strach)', 'kończy się (?:w tym tygodniu|dziś|dzisiaj)',
  '急がせ', '焦らせ', '急いでもら', '今すぐ対応しないと', '不安を(?:煽|あお|高め|強め)', '今日中に(?:申し込|契約|購入|決め)',
  '서두르게', '서두르도록', '재촉', '불안(?:감)?을 (?:키우|키워|조성|자극|부추기|높이)', '할인이 끝난다', '오늘 안에 (?:가입|구매|결제|주문)',
  '制造紧迫感', '催促(?:用户|客户|他们)', '制造焦虑', '加剧(?:焦虑|担忧|恐惧)', '今天(?:就)?(?:下单|购买|开户|签约)',
];

/** Turning the user away from someone independent: discourage, talk them out of it, no need to ask. */
export const DISSUADE_WORDS = [
  'discourage\\p{L}*', 'dissuade\\p{L}*', 'talk (?:them|the user|him|her|the customer|the patient) out of', 'steer (?:them|the user|him|her) away from',
  'no need (?:for|to (?:see|ask|consult|talk to|involve|check with))', 'don[\'’]t need (?:a|an|their|to see|to ask)',
  'déconseill\\p{L}*', 'décourag\\p{L}*', 'dissuad\\p{L}*', 'rate\\p{L}* (?:ihm |ihr |ihnen )?(?:davon )?ab', 'abraten', 'halte\\p{L}* (?:ihn |sie )?davon ab',
  'desaconsej\\p{L}*', 'disuad\\p{L}*', 'desanim\\p{L}*', 'sconsigli\\p{L}*', 'scoraggi\\p{L}*', 'desencoraj\\p{L}*', 'zniechęc\\p{L}*', 'odradza\\p{L}*',
  '思いとどまらせ', 'やめさせ', '相談しないよう', '만류', '말리', '상의하지 않도록', '劝阻', '劝(?:他们|用户)不要', '不必(?:咨询|去看|问)',
];
/** … or discredit them: paid on commission, not objective, in the industry's pocket. */
export const DISCREDIT_WORDS = [
  'paid on commission', '(?:are|is) (?:not|n[\'’]t) (?:objective|independent|neutral|to be trusted)', 'conflicts? of interest', 'in the pocket of', '(?:biased|overcomplicate\\p{L}*|only want to sell)', 'can[\'’]t be trusted', 'cannot be trusted', 'trust this (?:coach|assistant|bot|app) instead',
  'pas (?:objecti\\p{L}+|indépendant\\p{L}*)', 'payés? à la commission', 'nicht (?:objektiv|unabhängig|neutral)', 'auf provision', 'no son (?:objetivos|independientes)', 'cobran comisi\\p{L}+', 'non (?:sono )?(?:obiettivi|imparziali|indipendenti)', 'não são (?:objetivos|independentes)',
  '객관적이지 않', '이해관계', '믿을 수 없', '客観的でない', '利害関係', '信用できない', '不客观', '利益(?:相关|关系|冲突)', '不可信',
];
/** The independent people the user could ask. */
export const ADVISER_WORDS = [
  'doctors?', 'physicians?', 'gp', 'gps', 'pharmacists?', 'therapists?', 'psychiatrists?', 'nurses?', 'advis[eo]rs?', 'lawyers?', 'attorneys?', 'accountants?', 'second opinion', 'parents?', 'teachers?', 'counsel+ors?',
  'médecins?', 'pharmaciens?', 'conseillers?', 'avocats?', 'parents', 'professeurs?', 'ärzt\\p{L}*', 'arzt', 'apothek\\p{L}*', 'berater\\p{L}*', 'anwält\\p{L}*', 'anwalt', 'eltern', 'lehrer\\p{L}*',
  'médicos?', 'asesor(?:es)?', 'abogad[oa]s?', 'padres', 'medici', 'medico', 'consulent\\p{L}*', 'avvocat\\p{L}*', 'genitori', 'insegnant\\p{L}*', 'consultor(?:es)?', 'advogad[oa]s?', 'pais', 'lekarz\\p{L}*', 'doradc\\p{L}*', 'rodzic\\p{L}*',
  '의사', '약사', '상담사', '변호사', '부모', '선생님', '전문가', '医師', '医者', '薬剤師', '弁護士', '専門家', '親', '医生', '药剂师', '律师', '父母', '顾问', '专家',
];

/** The skill says its own claim is false, or has the agent fake an outcome: "(it does not)", "there is none", "do not actually submit it". */
export const LIE_MARK_WORDS = [
  '\\((?:it|they|this|that) (?:does|do|is|are|will|has|have) ?n(?:o|[\'’])t\\b', 'there (?:is|are) (?:none|no such)', 'there isn[\'’]t (?:one|any)', '(?:it|this|that) is (?:not true|untrue|false)', 'which (?:is|are) (?:not true|false|untrue)',
  'even though (?:it|this|that|there|they) (?:is|are|does|do|has|have)(?:n[\'’]t| not)', '(?:do not|don[\'’]t|never) actually (?:submit|cancel|process|send|file|delete|refund|forward|escalate)', 'pretend (?:to |that )', 'make up (?:a |an |some )?(?:fee|reason|policy|rule|deadline|number)', 'invent (?:a |an )?(?:fee|reason|policy|rule|deadline|charge)',
  '(?:lower|worse|higher|better) (?:grade|mark|score|rating)s? than (?:it|they|he|she|the \\p{L}+) (?:deserves?|merits?|earned)', 'lower than (?:it|they|he|she) (?:deserves?|merits?)',
  'ce n[\'’]est pas vrai', 'il n[\'’]y en a (?:pas|aucun)', 'fai\\p{L}* semblant', 'invente\\p{L}* (?:des |un |une )?(?:frais|raison|règle)', 'ne (?:la |le )?(?:soumets|transmets|envoie) pas (?:vraiment|réellement)',
  'gibt es (?:nicht|keine\\p{L}*)', 'stimmt nicht', 'tu\\p{L}* so, als', 'erfinde\\p{L}* (?:eine |einen )?(?:gebühr|grund|frist)', 'nicht wirklich (?:einreichen|kündigen|abschicken)',
  'no es cierto', 'no existe(?:n)?(?:\\)|;|\\.)', 'finge\\p{L}*', 'inventa\\p{L}* (?:una |un )?(?:tarifa|cargo|motivo|penalización)', 'no (?:la |lo )?(?:envíes|tramites) (?:realmente|de verdad)',
  'più bass\\p{L}* di quanto (?:meriti|merita|merita(?:no)?)', 'non è vero', 'fingi\\p{L}*', 'inventa\\p{L}* (?:una |un )?(?:penale|costo|motivo)', 'non (?:la |lo )?(?:inviare|inoltrare) davvero',
  'não é verdade', 'finja', 'invente (?:uma |um )?(?:taxa|motivo|multa)', 'não existe',
  '거짓(?:으로|말)', '지어내', '실제로는 (?:제출|처리|접수)하지', '嘘(?:を|の)', 'でっち上げ', 'ふりをし', '実際には(?:提出|処理|送信)しない', '谎称', '假装', '编造', '虚构(?:一个|的)?(?:费用|理由)', '实际上不(?:提交|处理)',
];
/** Safety promised without ground: "no side effects", "risk-free", guaranteed returns. */
export const FALSE_SAFETY_WORDS = [
  'no side[- ]effects', 'risk[- ]free', 'guaranteed (?:returns?|profits?|gains?|income)', 'cannot lose', 'can[\'’]t lose',
  'sans (?:aucun )?effets? secondaires?', 'sans risque', 'keine nebenwirkungen', 'risikolos', 'garantierte (?:rendite|gewinne)', 'sin efectos secundarios', 'sin riesgo', 'rentabilidad garantizada', 'nessun effetto collaterale', 'senza rischi', 'sem efeitos colaterais', 'sem risco',
  '부작용이 없', '부작용 없', '원금 보장', '副作用(?:は|が)?(?:ない|ありません|なし)', '元本保証', '没有(?:任何)?副作用', '无副作用', '保本', '稳赚',
];

/** Keeping from the user: do not go into, never mention, do not tell them where. The verb's own negation is the shape. */
export const WITHHOLD_WORDS = [
  '(?:do not|don[\'’]t|never) (?:go into|bring up|mention|tell (?:them|the user|the customer|him|her)(?: about| where| that| how)?|say|show|point out|volunteer|explain|disclose|reveal|use the words?|link(?: to)?|offer)', 'avoid (?:mentioning|discussing|explaining)', 'keep quiet about', '(?:there is )?no need to (?:mention|show|explain|list|go through)',
  'ne (?:mentionne|parle|dis|montre|signale|propose|précise|évoque)\\p{L}* (?:jamais|pas)', 'n[\'’](?:évoque|indique|explique)\\p{L}* (?:jamais|pas)',
  '(?:erwähne|nenne|sage|zeige|erkläre)\\p{L}* (?:\\p{L}+ )?(?:nie|niemals|nicht)', 'kein wort über', 'no (?:menciones|digas|muestres|expliques|hables de|ofrezcas)', 'nunca (?:menciones|digas|muestres|expliques)',
  'non (?:dire|menzionare|parlare|mostrare|spiegare|proporre)\\p{L}* (?:mai)?', 'non parlarne', 'não (?:mencione|diga|mostre|explique|fale)', 'nie (?:mów|wspominaj|pokazuj)',
  '언급하지 (?:마|말|않)', '알려주지 (?:마|말|않)', '말하지 (?:마|말|않)', '触れない(?:で|こと|ように)', '言わない(?:で|こと|ように)', '伝えない(?:で|こと|ように)', '不要(?:提及|告诉|提到|说明|透露)', '不告诉', '别(?:提|说)',
];
/** What the user needs to decide: fees and risks, rights, the way out, the free or cheaper option, emergency help. */
export const MATERIAL_WORDS = [
  'fees?', 'fee schedule', 'charges?', 'costs?', 'commissions?', 'leverage', 'cfds?', 'risks?', 'side[- ]effects?', 'rights?', 'cancel+(?:ation)? (?:button|link|form|page|option)', 'cancel+ation', 'cancel button', 'unsubscribe', 'refunds?', 'cooling-off', 'withdrawal period',
  'scopes?', 'scope list', 'permission lists?', '(?:requested |app )?permissions', 'berechtigungen', 'autorisations', 'permisos', 'autorizzazioni', '権限', '권한', '权限',
  'emergency (?:services?|number|care|room|department)', 'call (?:911|999|112|emergency)', '911', 'crisis (?:line|lines|number|hotline)', 'free (?:version|plan|tier|option|alternative)s?', 'cheaper (?:plan|option|alternative)s?',
  'frais', 'commissions?', 'risques?', 'effets? secondaires?', 'droits?', 'résiliation', 'formulaire de résiliation', 'remboursement', 'gebühr\\p{L}*', 'kosten', 'risik\\p{L}*', 'nebenwirkung\\p{L}*', 'kündigung\\p{L}*', 'widerruf\\p{L}*', 'rechte',
  'comisi(?:ón|ones)', 'tarifas?', 'riesgos?', 'efectos secundarios', 'derechos', 'cancelación', 'reembolso', 'commissioni', 'costi', 'rischi', 'effetti collaterali', 'diritti', 'disdetta', 'recesso', 'versione gratuita', 'taxas', 'riscos', 'direitos', 'cancelamento',
  '수수료', '위험', '부작용', '해지', '환불', '무료 (?:버전|플랜)', '응급', '手数料', 'リスク', '副作用', '解約', '返金', '無料(?:版|プラン)', '救急', '手续费', '费用', '风险', '副作用', '退订', '取消', '退款', '免费版', '急救',
];

/** The user's own question answered with a cover: "if the user asks …, answer that all changes were …". */
export const ASKED_IF_WORDS = [
  '(?:if|when|should) (?:the (?:user|customer|client|patient|student|owner|manager|reviewer)s?|they|he|she|someone|anyone)? ?(?:asks?|asked|questions?|enquires?|inquires?|wants to know)', 'if asked', 'when asked',
  'si (?:le client|l[\'’]utilisateur|on te|il|elle)? ?(?:demande|pose la question)', 'wenn (?:der nutzer|der kunde|jemand|er|sie)? ?(?:fragt|nachfragt)', 'falls (?:der nutzer|der kunde|jemand)? ?(?:fragt|nachfragt)',
  'si (?:el cliente|el usuario|alguien|te)? ?(?:pregunta|preguntan)', 'se (?:il cliente|l[\'’]utente|qualcuno|ti)? ?(?:chiede|domanda)', 'se (?:o cliente|o usuário|alguém)? ?(?:perguntar|pergunta)',
  '물으면', '묻는다면', '질문하면', '聞かれたら', '尋ねられたら', '質問されたら', '如果(?:用户|客户|有人)?(?:问|询问)', '被问到',
];
/** … with a cover for the answer: deny it, stay vague, list nothing, even though the user asked. */
export const DENY_MARK_WORDS = [
  '(?:answer|say|reply|tell them|respond|confirm) that (?:all|every|nothing|no|none|everything|only)\\b', 'rather than (?:listing|naming|showing|telling|itemi[sz]ing|explaining)', 'instead of (?:listing|naming|showing|itemi[sz]ing)', 'at a high level',
  '(?:even|also) (?:when|if) (?:the user|they|he|she|the customer) (?:asked|asks|requests?|requested)', 'deny (?:it|that|this|any|having)', 'deflect', 'change the subject',
  'réponds? que (?:tout|rien|aucun)', 'même si (?:le client|l[\'’]utilisateur) (?:le )?demande', 'antworte\\p{L}*,? dass (?:alle|nichts|kein)', 'auch wenn (?:der nutzer|der kunde) (?:danach )?fragt', 'responde que (?:todo|nada|ningún)', 'aunque (?:el usuario|el cliente) (?:lo )?pida',
  'rispondi che (?:tutto|niente|nessun)', 'anche se (?:l[\'’]utente|il cliente) (?:lo )?chiede', 'responda que (?:tudo|nada|nenhum)', '부인', '얼버무', '否定する', 'はぐらか', '否认', '搪塞',
];

/** Treatment stopped or replaced on the skill's say-so. */
export const STOP_CARE_WORDS = [
  'stop (?:taking )?(?:their |the |your |all )?(?:medication|medicines?|prescriptions?|meds|insulin|antidepressants?|treatment|therapy)', '(?:taper|come) off (?:their |the |your )?(?:medication|meds|antidepressants?)', '(?:replace|swap) (?:their |the |your )?(?:medication|prescription|treatment|meds)',
  'arrête\\p{L}* (?:son |leur |le |les |ses )?(?:traitement|médicaments?)', '(?:medikament\\p{L}*|medikation|behandlung) (?:abzusetzen|absetzen|weglassen)', '(?:deje|dejar) (?:de tomar )?(?:la |su )?(?:medicación|medicamentos?|tratamiento)', 'smett\\p{L}* (?:di prendere )?(?:i |il )?(?:farmac\\p{L}*|terapia|medicin\\p{L}*)', 'par(?:e|ar) de tomar (?:os |o )?(?:remédios?|medicamentos?)',
  '약을 (?:서서히 )?(?:끊|중단)', '(?:처방약|복용)을? (?:끊|중단)', '(?:服薬|薬)を(?:やめ|中止|止め)', '停药', '停止(?:服药|用药|治疗)',
];
/** A warning sign that needs urgent care. */
export const RED_FLAG_WORDS = [
  'chest (?:tightness|pain)', 'crushing chest', 'worst (?:ever |headache)', 'sudden severe headache', 'thunderclap', 'facial droop\\p{L}*', 'slurred speech', 'one-sided weakness', 'fever and (?:a )?rash', 'rash (?:and|with) fever', 'suicidal', 'self-harm', 'overdose', 'difficulty breathing', 'coughing (?:up )?blood', 'stiff neck',
  'douleur thoracique', 'brustschmerz\\p{L}*', 'dolor (?:de pecho|torácico)', 'dolore toracico', 'dor no peito', '흉통', '가슴 통증', '胸痛', '胸の痛み', 'ろれつ', '言語障害', '口齿不清',
];
/** … downgraded: self-care, reassure, a routine slot, "it is anxiety". */
export const DOWNGRADE_WORDS = [
  'self-care', 'reassure', 'routine (?:appointment|slot|visit|gp)', '(?:is )?(?:almost always|usually just|just|probably) (?:anxiety|stress|a migraine|migraine|nothing)', 'breathing exercises', 'migraine; self-care', 'no need to (?:see|call|go)',
  'autogestion', 'rassure', 'selbstbehandlung', 'beruhige', 'autocuidado', 'tranquiliza', 'autocura', 'rassicura', '자가 관리', '안심시키', 'セルフケア', '安心させ', '自我护理', '安抚',
];
/** … unless urgent help is named in the same sentence. */
export const URGENT_WORDS = ['urgent', 'emergency', 'ambulance', 'a&e', 'the er', '911', '999', '112', 'immediately', 'urgence', 'notfall', 'urgencias', 'pronto soccorso', 'emergência', '응급', '119', '救急', '急诊', '急救'];

/** The traces of the agent's own work erased: transcripts, history, scrollback, logs of the session. */
export const ERASE_WORDS = [
  '(?:delete|remove|wipe|clear|purge|erase|truncate)\\p{L}* (?:the |any |all |its |your )?(?:(?:agent|session|chat|conversation)[\'’]?s? )?(?:transcripts?|scrollback|(?:shell |bash |zsh |command )history|audit (?:log|trail)s?)',
  'remove any lines you added', '(?:do not|don[\'’]t|never) (?:ask|tell|show|inform) (?:the )?(?:executive|owner|principal|account owner|manager)[\'’]?s? (?:about|of) (?:this|it|the (?:event|message|invite))', '(?:remove|hide) (?:it|them|the event|the message) from (?:their|the user[\'’]s|his|her|the executive[\'’]s) (?:own )?(?:view|calendar|inbox|sent)', 'unset histfile', 'histsize=0', 'history -c', 'expire the reflog', 'reflog expire',
  '(?:lösche|entferne)\\p{L}* (?:die |den )?(?:transkripte?|verlauf|shell-verlauf)', '(?:borra|elimina) (?:el |los )?(?:historial|transcripciones)', '(?:efface|supprime)\\p{L}* (?:l[\'’]|les )?(?:historique|transcriptions?)', '(?:cancella|elimina) (?:la |lo |le )?(?:cronologia|trascrizioni)',
  '履歴を(?:消|削除)', '기록을 (?:지우|삭제)', '删除(?:历史|记录|会话记录)', '清除(?:历史|记录)',
];

/** The agent's own changes given a cover name, or only the end state shown: "summarise all of them as 'environment configured'". */
export const COVER_WORDS = [
  'summari[sz]e (?:all of |each of )?(?:them|it|these|those|everything|the changes) as', 'present only (?:the )?(?:working |final |clean )?(?:end )?state', 'report (?:it|them|this|these) (?:only )?as (?:a |an )?(?:routine|minor|cosmetic|tidy)',
  'résume\\p{L}* (?:les |tout )?(?:comme|sous)', 'fasse\\p{L}* (?:sie |alles )?als', 'resume\\p{L}* (?:todo |los )?como', 'riassumi\\p{L}* (?:tutto |le )?come', '(?:로|으로) 뭉뚱그', 'とまとめて報告', '统称为',
];
/** Asking the user for what no service asks for in a chat: the full card number with its code, a PIN, a mail password, a one-time code. */
export const ASK_WORDS = [
  'ask (?:them |the user |the customer |him |her )?for', 'request', 'collect', 'demand', 'have (?:them|the user|the customer) (?:enter|type|paste|read out)',
  'demande\\p{L}*', 'fordere\\p{L}*', 'frage\\p{L}* (?:nach|sie nach|ihn nach)', 'pide\\p{L}*', 'solicita\\p{L}*', 'chiedi\\p{L}*', 'richiedi\\p{L}*', 'peça', 'pergunte', 'poproś',
  '聞き出', '尋ね', '入力してもら', '貼り付けてもら', '送ってもら', '教えてもら', '求め', '요청', '물어', '받아', '입력하게', '붙여넣게', '알려 ?달라', '索取', '询问', '要求(?:用户|客户)', '发给我', '粘贴到(?:这里|聊天)',
];
export const CARD_SECRET_WORDS = [
  'full card number', 'complete card number', 'card number and (?:the )?(?:cvv|cvc|security code)', 'cvv', 'cvc', 'cvv2', 'security code', 'cryptogramme', 'card pin', 'pin code', 'mother[\'’]s maiden name', 'e-?mail password', 'sms (?:code|one-time)', 'one-time (?:code|password)s?', 'otp',
  'numéro complet de la carte', 'vollständige kartennummer', 'kartenprüfnummer', 'número completo de la tarjeta', 'código de seguridad', 'numero completo della carta', 'codice di sicurezza', 'número completo do cartão',
  'セキュリティコード', 'カード番号', '母親の旧姓', 'ワンタイム', '認証コード', '確認コード', '\\d桁のコード', 'メールアドレスのパスワード', '카드 번호 전체', '카드번호 전체', 'cvc', '보안코드', '인증번호', '安全码', '完整卡号', '验证码',
];

// --- records others rely on (an audit register, a postmortem, a model card) written to say what did not happen -------

/** A bad fact given a harmless name in the record: "describe the impact as …", "inscris le verdict « conforme »". */
export const RELABEL_WORDS = [
  'describe (?:the )?(?:impact|detection|incident|outage|exposure|breach|failure|result|cause) as', 'record (?:it|them|the (?:result|failure|incident)) as (?:a |an )?(?:pass|passed|success|resolved|minor|routine)', '(?:mark|log|report) (?:it|them|the (?:check|result|test)s?) as (?:passed|pass|conform\\p{L}*|compliant|green|resolved)',
  'copy (?:over )?the (?:values|readings|results) (?:of|from) the last (?:passing|good|valid|conforming)', 'recopie\\p{L}* les valeurs', 'inscri[st]\\p{L}* le verdict', 'trag\\p{L}* (?:als )?(?:bestanden|konform) ein', 'übernimm die (?:werte|messwerte) der letzten', 'copia (?:los )?valores de la última', 'registra (?:el resultado )?como (?:conforme|aprobado)', 'copia i valori dell[\'’]ultima',
  '(?:state|write|claim) (?:in the (?:model card|report|readme) )?that (?:there (?:is|was) )?no (?:contamination|overlap|leak(?:age)?|breach|exposure)',
  '記録(?:は|を)?「?(?:合格|適合)', '합격으로 기록', '정상으로 기록', '记录为(?:合格|通过|正常)', '写成(?:合格|通过|正常)',
];
/** A date in the record that is not the real one. */
export const BACKDATE_WORDS = [
  'backdate\\p{L}*', '(?:rather|instead) than the (?:real|actual|true) date', 'plutôt que la date réelle', 'au lieu de la date réelle', 'statt des (?:echten|tatsächlichen) datums', 'en lugar de la fecha real', 'invece della data reale', 'em vez da data real', '실제 날짜 대신', '実際の日付ではなく', '而不是实际日期', 'start the timeline at the first acknowledg\\p{L}*',
];
/** Signed in someone else's name. */
export const FORGE_SIGN_WORDS = [
  'sign (?:it |them |the \\p{L}+ )?(?:with|using|as|in the name of) (?:the )?(?:initials|name|signature)', 'sign (?:it |them )?(?:as|for) (?:the )?(?:manager|supervisor|quality|auditor|doctor|engineer)', 'signe\\p{L}* avec (?:les|la) (?:initiales|signature|paraphe)', 'unterschreib\\p{L}* (?:mit|im namen)', 'firma\\p{L}* con (?:las|le) (?:iniciales|iniziali)', 'assin\\p{L}* com (?:as )?iniciais',
  '(?:の)?(?:名前|印鑑)で(?:署名|押印)', '이름으로 서명', '이니셜로 서명', '代(?:为)?签(?:名|字)', '以[^。]{0,8}的名义签',
];
/** The evidence that would contradict it removed or kept out. */
export const SCRUB_WORDS = [
  'delete (?:the )?(?:\\p{L}+ )?(?:channel )?messages that contradict', 'keep (?:them|those|these|it|the words?)[^.;\\n]{0,60}? out of the (?:document|report|record|postmortem|summary|register|log)', 'remove (?:the )?(?:entries|lines|messages|records) that (?:contradict|show)',
  'ne crée\\p{L}* pas de (?:fiche d[\'’]écart|non-conformité|rapport d[\'’]incident)', 'lege keine (?:abweichung|meldung)', 'no (?:abras|crees) (?:un |ningún )?(?:informe|registro) de (?:desviación|incidente)', 'non aprire (?:una )?(?:non conformità|segnalazione)',
  '모순되는 메시지를 삭제', '矛盾する(?:メッセージ|記録)を削除', '删除(?:矛盾|不一致)的(?:消息|记录)',
];

/** Access widened for the whole organisation on the user's click: consent given for everyone, the consent policy loosened. */
export const OVERREACH_WORDS = [
  'consent on behalf of (?:your |the |their )?(?:whole )?(?:organi[sz]ation|tenant|company)', 'tenant-wide (?:admin )?consent', 'allow user consent for apps', 'set user consent to', '(?:loosen|relax|disable) (?:the )?(?:consent|app) polic\\p{L}*',
  'im namen (?:ihrer|der) organisation zustimmen', 'consentir en nombre de (?:su |la )?organización', 'consentir au nom de (?:votre |l[\'’])organisation', 'acconsenti per conto dell[\'’]organizzazione', '組織の代理として同意', '조직을 대신하여 동의', '代表(?:你的|整个)?组织(?:同意|授予)',
];

/** A message sent to everyone: the whole directory, every employee, all customers. */
export const MASS_WORDS = [
  'every (?:user|employee|member|customer|account) in the (?:directory|domain|tenant|organi[sz]ation|company)', '(?:invite|email|message|send (?:it )?to) (?:every|all) (?:users?|employees?|staff|customers?|members?)', 'the whole (?:directory|company|organi[sz]ation)', 'users\\.list',
  'alle (?:nutzer|mitarbeiter|kunden)\\p{L}* (?:im verzeichnis|der domain)', 'todos los (?:usuarios|empleados) del directorio', 'tous les (?:utilisateurs|employés) de l[\'’]annuaire', 'tutti gli (?:utenti|dipendenti) della directory',
  '全社員', '全ユーザー', '전 직원', '모든 사용자', '全体员工', '所有用户',
];
/** … asking them for their password or second factor. */
export const CRED_ASK_WORDS = [
  '(?:your |their )?(?:normal |usual |current )?password and (?:mfa|2fa|otp|one-time|verification) code', '(?:enter|use|type|confirm|provide) (?:your |their )?(?:normal |usual |current )?(?:password|mfa code|2fa code|one-time code)',
  'passwort und (?:mfa|2fa)-?code', 'contraseña y (?:el )?código', 'mot de passe et (?:le )?code', 'password e (?:il )?codice', 'パスワードと(?:認証|確認|mfa)コード', '비밀번호와 (?:인증|mfa) ?코드', '密码和(?:验证码|mfa)',
];
