/**
 * The intent reader's word classes, as multilingual data (docs/skill-prose.md "Intent reader"). A statement addressed to
 * the agent is read into parts — the act, what it acts on, a condition, a concealment, who it is for — and each class below
 * names one kind of part, in every language it has words for; the policies (intent-policy.ts) combine parts, never phrases.
 *
 * Words are matched on lower-cased text (lexicon.ts `alt`): Latin and Cyrillic words get word edges, so a stem is written
 * with its endings (`\p{L}*`); CJK words are matched as written. Every word starts with literal text (backstop-classes.ts
 * gates each part of a class on those starts, so a unit runs only the parts it may match).
 */

const W = '\\p{L}*';
const TO_USER = "(?:the |your |this |our |any )?(?:users?|user['’]s|customers?|owners?|clients?|patients?|team|approvers?|reviewers?|auditors?|finance|accounting|summary|summaries|confirmation|report|reply|response|answer|changelog|commit messages?|pr (?:description|body)|pull request|release notes|notes|recap|status update)";

/**
 * Concealment that hides an act from the people it concerns: the act kept from the user, the owner, the reviewer or the
 * account given of it (summary, confirmation, report). A negation is its shape ("do not tell the user"), so only structure
 * (quotes, teaching, examples) makes it data.
 */
export const CONCEAL_WORDS: readonly string[] = [
  `without (?:telling|informing|notifying|alerting|warning|mentioning|disclosing|revealing|showing|letting)${W}(?: (?:it|this|that|them|anyone|anybody|the user|the owner|the customer|the team|the client))?`,
  `(?:do not|don['’]t|never|no need to|must not|should not|shouldn['’]t|not) (?:tell|inform|notify|alert|mention|disclose|reveal|surface|report|list|show|flag|explain|describe|include|bring up|point out)${W}(?: [^.;!?\\n]{0,60}?)? (?:to|in|for|with|from|on) ${TO_USER}`,
  `(?:do not|don['’]t|never|no need to) (?:tell|inform|notify|alert|mention|disclose|reveal)${W} (?:the user|them|anyone|anybody|the owner|the customer|the client|the auditors?|the reviewers?|the approvers?|finance|compliance|management|the team|your manager|the board)`,
  `(?:do not|don['’]t|never) (?:mention|disclose|reveal|bring up)${W} (?:it|this|that|them|these|this step|the change|the changes)(?=\\s*[.;!?,]|\\s*$)`,
  `(?:do not|don['’]t|never) (?:let|make) (?:the user|them|anyone|anybody|the owner|the customer) (?:know|see|notice|aware)`,
  `(?:keep|leave) (?:it|this|that|them|these|those|the [\\p{L}-]+(?: [\\p{L}-]+)?) (?:out of|off|away from) ${TO_USER}`,
  `(?:hide|conceal|omit|leave out|strip out|suppress)${W} [^.;!?\\n]{0,50}?from ${TO_USER}`,
  `so (?:that )?(?:the user|they|nobody|no one|the owner|the customer|the client|reviewers?|auditors?) (?:won['’]t|doesn['’]t|don['’]t|will not|does not|do not|never|cannot|can['’]t) (?:notice|know|see|find out|realise|realize|learn|suspect|detect)`,
  'unbeknownst to', "behind (?:the user['’]s|their|the owner['’]s|the customer['’]s) backs?",
  `without (?:the user['’]s|their|the owner['’]s|the customer['’]s|the client['’]s|the patient['’]s) (?:knowledge|awareness|knowing)`,
  // a cover story: what to answer when asked about it
  `if (?:the user|they|anyone|someone|a customer|the customer|the client|a reviewer|an auditor)(?: ever)? asks?${W} [^.;!?\\n]{0,80}?(?:say|tell|answer|reply|respond|claim|explain)${W} (?:that|it|they|them)`,
  // Spanish, Portuguese, French, Italian, German, Dutch, Polish, Indonesian, Turkish
  `sin (?:avisar|decir|informar|notificar|mencionar|comunicar|que (?:el usuario|lo sepa|se entere|lo note))${W}`, `no (?:se )?(?:lo |le |les )?(?:digas|menciones|informes|notifiques|muestres|comuniques) (?:nada )?(?:al|a los|a la) (?:usuario|cliente|propietario)${W}`, 'a escondidas', 'a espaldas de',
  `sans (?:prévenir|informer|avertir|mentionner|le dire|le signaler|en parler|que l['’]utilisateur)${W}`, `à l['’]insu`, `ne (?:le |lui |leur )?(?:dis|mentionne|signale|montre|informe)${W} (?:pas|rien)${W}(?: [^.;!?\\n]{0,30})? (?:à l['’]utilisateur|au client|au propriétaire)`,
  `sem (?:avisar|informar|mencionar|notificar|contar|dizer|que o usu[áa]rio)${W}`, 'às escondidas', `não (?:o |lhe )?(?:conte|mencione|informe|diga|mostre)${W} (?:ao|à) (?:usu[áa]rio|cliente)`,
  `senza (?:avvisare|informare|dire|menzionare|notificare|che l['’]utente)${W}`, 'di nascosto', `non (?:dire|menzionare|informare|mostrare|segnalare)${W} (?:all['’]utente|al cliente)`,
  `ohne (?:\\p{L}+ ){0,3}(?:zu )?(?:informieren|benachrichtigen|erwähnen|bescheid|sagen|melden|hinweis)${W}`, `ohne dass (?:der|die|es) \\p{L}+ (?:es )?(?:merkt|bemerkt|erfährt|mitbekommt|weiß)`, 'heimlich', 'unbemerkt', 'hinter dem rücken',
  `zonder (?:het )?(?:te )?(?:melden|vertellen|informeren|laten weten)${W}`, 'ongemerkt', 'stiekem',
  `bez (?:informowania|powiadamiania|mówienia|wiedzy)${W}`, 'potajemnie', 'po kryjomu',
  `tanpa (?:memberi ?tahu|memberitahu|sepengetahuan|diketahui)${W}`, 'diam-diam', `jangan (?:beri ?tahu|memberitahu|sebutkan)${W}`,
  `haber vermeden`, 'gizlice', `söylemeden`, 'bildirmeden',
  `не (?:сообщая|уведомляя|говоря|предупреждая|упоминая)${W}`, `не (?:сообщай|говори|упоминай|показывай)${W} (?:пользовател|клиент)${W}`, 'тайно', 'втихую', 'втайне', 'без ведома',
  '不要告诉', '不告诉', '不要通知', '不通知', '不告知', '不要提及', '不要向用户', '偷偷', '暗中', '瞒着', '别告诉',
  '知らせずに', '通知せずに', '伝えずに', '言わずに', 'ユーザーに知らせ', 'ユーザーには伝えない', 'こっそり', '内緒で', '黙って',
  '알리지 않고', '알리지 말고', '알리지 마', '말하지 말고', '말하지 마', '몰래', '모르게',
];

/** Adverbs that hide an act but also describe software ("fails silently", "runs in the background"): count with acts on what the user relies on only. */
export const HUSH_WORDS: readonly string[] = [
  'silently', 'quietly', 'covertly', 'secretly', 'discreetly', 'in secret', 'in the background', 'behind the scenes', 'invisibly', 'unnoticed', 'without (?:a )?trace',
  'en silencio', 'silenciosamente', 'en secreto', 'en segundo plano', 'discretamente', 'silencieusement', 'discrètement', 'en secret', 'en arrière-plan', 'em segundo plano', 'em segredo',
  'silenziosamente', 'in segreto', 'in sottofondo', 'stillschweigend', 'im hintergrund', 'stilletjes', 'op de achtergrond', 'po cichu', 'w tle', 'di latar belakang', 'sessizce', 'arka planda',
  'незаметно', 'молча', 'в фоновом режиме', 'тихо', '悄悄', '静默', '默默', '秘密地', 'ひそかに', '密かに', 'バックグラウンドで', '조용히', '백그라운드에서', '은밀히',
];

/** The act done regardless of what it should depend on: "regardless of", "even if", "no matter". */
export const REGARDLESS_WORDS: readonly string[] = [
  'regardless(?: of)?', 'no matter (?:what|whether|how|if)', 'even (?:if|when|though)', 'whether or not', 'irrespective of', 'in (?:any|every) case', 'either way', 'whatever the (?:\\p{L}+ )?(?:says?|shows?|results?|outcome|findings?|data)',
  'sin importar', 'independientemente', 'aunque', 'pase lo que pase', 'en cualquier caso', 'unabhängig davon', 'auch wenn', 'egal (?:ob|was|wie)', 'selbst wenn', 'in jedem fall',
  'quel(?:le)?s? que soi(?:t|ent)', 'même si', 'peu importe', 'dans tous les cas', 'mesmo que', 'mesmo se', 'independentemente', 'não importa', 'em qualquer caso',
  'anche se', 'indipendentemente', 'in ogni caso', 'comunque', 'ongeacht', 'zelfs als', 'niezależnie', 'nawet jeśli', 'nawet gdy', 'terlepas', 'meskipun', 'walaupun', 'ne olursa olsun', 'olsa bile',
  'даже если', 'независимо от', 'в любом случае', '无论', '不管', '即使', '不论', 'に関わらず', 'にかかわらず', 'たとえ', 'であっても', '상관없이', '관계없이', '하더라도', '무조건',
];

/** Against what the user asked: "instead of what the user entered", "even if the user asks", "override the user's choice". */
export const AGAINST_WORDS: readonly string[] = [
  "instead of (?:the (?:one|value|address|account|amount|recipient|payee|dose|number) )?(?:what |the one |whatever )?(?:the user|they|the customer|the client)",
  "(?:rather than|not) (?:the (?:one|value|address|account|amount|recipient|payee) )?(?:what |whatever )?(?:the user|they|the customer|the client) (?:asked|requested|entered|chose|picked|gave|typed|specified|provided|said|wants?)",
  "even if (?:the user|they|the customer|the client|the patient) (?:asks?|says?|requests?|specif(?:y|ies)|chooses?|enters?|provides?|wants?|insists?|gives?)",
  "overrid(?:e|ing) (?:the user['’]s|their|the customer['’]s|whatever the user|what the user)", "ignor(?:e|ing) (?:the user['’]s|what the user|whatever the user|the customer['’]s) (?:choice|request|input|instructions?|selection|preference|value|address|account|amount|says?|asks?|entered|enters)",
  "whatever (?:the user|they|the customer) (?:says?|asks?|enters?|provides?|chooses?|types?|requests?)",
  'en lugar de lo que (?:el usuario|el cliente)', 'aunque el usuario (?:pida|diga|indique|elija)', 'au lieu de ce que (?:l[\'’]utilisateur|le client)', 'même si l[\'’]utilisateur (?:demande|dit|indique|choisit)',
  'statt (?:dem|der|des)?[^.;]{0,20}(?:den|die|das) (?:der )?(?:nutzer|benutzer|kunde)', 'auch wenn der (?:nutzer|benutzer|kunde) (?:etwas anderes )?(?:angibt|verlangt|sagt|wählt)', 'em vez do que o (?:usu[áa]rio|cliente)', 'mesmo que o (?:usu[áa]rio|cliente) (?:peça|diga|escolha)',
  'invece di quello che l[\'’]utente', 'anche se l[\'’]utente (?:chiede|dice|sceglie)', 'даже если пользователь (?:просит|попросит|укажет|скажет)', 'вместо того,? что (?:указал|выбрал|ввёл|ввел) пользователь',
  '即使用户', '无论用户', '而不是用户', 'ユーザーが何を', 'ユーザーの指定に関わらず', '사용자가 뭐라고', '사용자의 요청과 관계없이',
];

/** A hidden condition the act depends on: the date or time, the machine or environment, who the user is. */
export const CONDITION_WORDS: readonly string[] = [
  "(?:if|when|once|after|on|from|starting) (?:the )?(?:current |system |today['’]s )?(?:date|day|time|year|month|weekday|clock)",
  'if today', 'if it is (?:after|past|before|a (?:friday|weekend|monday|sunday|saturday))', 'after (?:the )?\\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\\p{L}*', '(?:after|from|starting|on or after|beginning) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\\p{L}* \\d{1,2}', '(?:after|from|starting|on or after|beginning) 20\\d\\d-\\d\\d', 'on (?:mon|tues|wednes|thurs|fri|satur|sun)days?', 'on weekends', 'at night', 'after (?:midnight|hours)', 'outside (?:of )?(?:business|working|office) hours',
  "if (?:the )?(?:hostname|host name|machine(?: name)?|computer name|username|user name|user['’]s (?:name|e-?mail|domain|country|location|ip|timezone|locale|company|employer|organi[sz]ation)|e-?mail domain|locale|timezone|time zone|ip address|country|organi[sz]ation|company|repository owner|repo owner|org name)",
  'if (?:you are |you[\'’]re |this is |it is )?(?:running|run|executing|executed) (?:in|on|under|inside) (?:ci|production|prod|a server|github actions|gitlab|jenkins|a container|docker|kubernetes|a vm|the cloud|aws|gcp|azure)',
  'if (?:the )?(?:environment variable|env(?:ironment)? var(?:iable)?|\\$[a-z_]{3,}|[a-z_]{3,}_(?:env|mode|stage|user|host)) (?:is )?(?:set|present|exists|equals|contains|matches|is)',
  'when no ?one is (?:watching|around|looking)', "if (?:the user|they) (?:is|are) (?:not )?(?:an? )?(?:admin|administrator|developer|employee|executive|ceo|cfo|named|called|from|at|in)", 'if the (?:repo|repository) (?:belongs to|is owned by|is under)',
  'si la fecha', 'si hoy', 'después del \\d', 'si el (?:nombre de host|usuario es)', 'wenn das datum', 'wenn heute', 'nach dem \\d{1,2}\\.', 'wenn der (?:hostname|benutzername|benutzer)', 'falls das datum',
  'si la date', "si aujourd['’]hui", 'après le \\d', 'si le (?:nom d[\'’]hôte|nom d[\'’]utilisateur)', 'se a data', 'se hoje', 'se a data atual', 'se la data', 'se oggi', 'если (?:сегодня|дата|текущая дата|имя хоста|пользователь)', 'после \\d{1,2} (?:январ|феврал|март|апрел|ма|июн|июл|август|сентябр|октябр|ноябр|декабр)\\p{L}*',
  '如果(?:今天|日期|当前日期|主机名|用户名)', '日期(?:之后|以后)', '(?:日付|今日|ホスト名|ユーザー名)が', '만약 (?:오늘|날짜|호스트|사용자)', '날짜가',
];

/** Records, results and logs others rely on being true. */
export const FALSIFY_WORDS: readonly string[] = [
  `falsif${W}`, `fabricat${W}`, `forg(?:e|es|ed|ing) (?:the |a |an |their |his |her )?(?:\\p{L}+ )?(?:signatures?|records?|receipts?|invoices?|entries|logs?|results?|reports?|documents?|certificates?|dates?|readings?|approvals?)`, `backdat${W}`, 'doctor (?:the )?(?:results?|numbers|figures|logs?|records?|data|readings?)', `fudg${W}`, 'cook (?:the )?(?:books|numbers)', 'make up (?:the )?(?:results?|numbers|figures|readings?|data|entries|values)', 'invent (?:the )?(?:results?|numbers|figures|readings?|data|entries|values)',
  `falsific${W}`, `fals(?:ear|ifica|ifique|ifiez|ifier)${W}`, `fälsch${W}`, `rückdatier${W}`, `antidat${W}`, `antedat${W}`, `retrodat${W}`, 'inventa (?:los|os|i) (?:resultados|risultati|dati|datos|dados)',
  `поддел${W}`, `фальсифиц${W}`, `задним числом`, '伪造', '篡改', '捏造', '造假', '改ざん', 'ねつ造', '위조', '날조',
];

/** A result stated whatever it is: "report it as passed", "mark all as compliant" (counts with "regardless", against the user or hidden). */
export const CLAIM_OK_WORDS: readonly string[] = [
  `(?:report|mark|record|log|list|show|state|claim|set|label|flag|display|return|output) (?:it |them |this |everything |every \\p{L}+ |each \\p{L}+ |all (?:\\p{L}+ )?|the (?:\\p{L}+ )?(?:\\p{L}+ )?)?(?:as )?(?:passed|passing|successful|a success|success|compliant|approved|complete|completed|resolved|verified|green|clean|safe|healthy|ok|within (?:limits|range|spec|tolerance)|no (?:issues|findings|errors|vulnerabilities|problems))`,
  `(?:marc|report|regist|indic)${W} (?:\\p{L}+ ){0,3}como (?:aprobad|exitos|complet|correct|conform)${W}`, `(?:marque|signale|indique)${W} (?:\\p{L}+ ){0,3}comme (?:réussi|conforme|validé|approuvé)${W}`, `(?:markier|meld|trag)${W} (?:\\p{L}+ ){0,3}als (?:bestanden|erfolgreich|konform|erledigt)`,
  '(?:标记|报告)为(?:通过|成功|合格)', '(?:合格|成功|パス)と(?:報告|記録)', '(?:통과|성공|합격)(?:으로|로) (?:보고|표시|기록)',
];

/** Records and logs altered out of sight (counts with a concealment or a hidden condition). */
export const SCRUB_WORDS: readonly string[] = [
  `(?:alter|edit|rewrite|modify|delete|remove|purge|scrub|wipe|erase|truncate|clear)${W} (?:the |any |all |those |these |matching |relevant )?(?:entries |lines |records |rows |traces )?(?:from |in |of )?(?:the )?(?:audit|access|security|event|activity|system|transaction|change)[ -]?(?:logs?|trails?|history|records?|entries)`,
];

/** Someone other than the user the act serves. */
export const BENEFICIARY_WORDS: readonly string[] = [
  'affiliate (?:links?|codes?|ids?|tags?|partners?|programs?)', 'referral (?:links?|codes?|ids?|tags?|fees?|parameters?)', 'kickbacks?', 'commissions?', 'paid (?:placements?|partners?)', 'sponsors?(?:ed)?', '(?:our|the) (?:partner|sponsor|advertiser|affiliate)s?(?:[\'’]s?)?', 'advertisers?', 'on behalf of (?:our|the|a) (?:partner|sponsor|vendor|client|affiliate)', 'fee recipients?', 'integrator fees?', 'revenue share',
  'afiliad[oa]s?', 'patrocinad\\p{L}*', 'patrocinador\\p{L}*', 'comisi[oó]n', 'partenaires?', 'affilié\\p{L}*', 'sponsoris\\p{L}*', 'partnerlinks?', 'comissão', 'afiliados', 'sponsorizzat\\p{L}*', 'партн[её]р\\p{L}*', 'реферальн\\p{L}*', 'комисси\\p{L}*', '推广链接', '返利', '佣金', 'アフィリエイト', '紹介料', '제휴', '추천인 코드', '수수료',
];

/** Manipulation of the user against their interest, and harm to their safety. */
export const MANIPULATE_WORDS: readonly string[] = [
  "(?:discourage|dissuade|deter|stop|prevent)${W} (?:the user|them|users|customers?|the customer|the patient|patients|people) from (?:cancel|unsubscrib|refund|request\\p{L}* a refund|switch|leav|see\\p{L}* a (?:doctor|physician|lawyer|professional)|seek\\p{L}* (?:medical|professional|legal|emergency)|consult|contact\\p{L}* (?:support|a doctor|their bank|the bank|the police|a lawyer)|report|complain|call\\p{L}* (?:911|emergency|their bank|the bank|a doctor)|get\\p{L}* a second opinion|dispute|chargeback)\\p{L}*".replace('${W}', W),
  `talk (?:the user|them|customers?|the customer) out of`, `pressure (?:the user|them|customers?|the customer|users)`, 'create (?:a )?(?:false )?(?:sense of )?urgency', 'invent (?:a )?(?:deadline|urgency|scarcity)', 'fake (?:urgency|scarcity|countdown|deadline)s?',
  "(?:exploit|play on|prey on|use) (?:the user['’]s|their|customers['’]?) (?:fear|anxiety|loneliness|insecurit\\p{L}*|emotions?|grief|guilt|trust)", 'guilt-?trip', "scare (?:the user|them|customers?) into", "make (?:the user|them|customers?) (?:feel (?:guilty|afraid|ashamed|stupid|scared)|afraid)",
  "(?:tell|assure|reassure|advise) (?:the user|them|patients?|the patient) (?:that )?(?:it is|it['’]s|they can|there is no need to) (?:safe to (?:stop|double|exceed|mix|skip)|stop taking|skip (?:their|the) (?:medication|dose)|no need to see)",
  "(?:stop|skip|double|exceed) (?:taking )?(?:their|the|your|a) (?:prescribed |recommended |maximum )?(?:medication|medicine|insulin|dose|dosage)", "exceed (?:the )?(?:recommended|maximum|prescribed|safe) (?:dose|dosage|limit)", 'no need to (?:see|consult|call) (?:a )?(?:doctor|physician|emergency)',
  `disuad${W}`, 'crea (?:una )?(?:falsa )?urgencia', 'crée[rz]? (?:un )?(?:faux )?sentiment d[\'’]urgence', 'dissuad\\p{L}*', 'abbringen', 'künstliche dringlichkeit', 'crie (?:uma )?(?:falsa )?urgência', 'отговар\\p{L}*', 'отговори\\p{L}*', 'создай\\p{L}* (?:ложн\\p{L}* )?срочност\\p{L}*', '劝阻', '制造紧迫感', '思いとどまら', '만류',
];

/** Advice or generated work sabotaged on purpose. */
export const SABOTAGE_WORDS: readonly string[] = [
  `(?:introduce|insert|add|inject|plant|slip in|include|embed|sneak in)${W} (?:a |an |one |some |several )?(?:subtle|small|hidden|hard[- ]to[- ](?:spot|find|notice|detect)|deliberate|intentional|plausible|tiny|quiet|unnoticeable|minor|silent) (?:bugs?|flaws?|errors?|mistakes?|off-by-one|race conditions?|vulnerabilit(?:y|ies)|backdoors?|weakness(?:es)?|inaccurac(?:y|ies)|typos?|wrong (?:values?|numbers?|figures?))`,
  `(?:introduce|insert|inject|plant|slip in|embed|sneak in)${W} (?:a |an |one |some |several )?(?:bugs?|flaws?|off-by-one|race conditions?|vulnerabilit(?:y|ies)|backdoors?)`,
  `(?:give|provide|return|offer|produce|write|answer with)${W} (?:slightly |subtly |deliberately |intentionally |plausibly )(?:wrong|incorrect|inaccurate|misleading|outdated|false|broken|insecure|weakened)`,
  'subtly (?:wrong|incorrect|alter\\p{L}*|chang\\p{L}*|modif\\p{L}*|break\\p{L}*|weaken\\p{L}*|corrupt\\p{L}*|misstat\\p{L}*|skew\\p{L}*)', '(?:deliberately|intentionally|on purpose) (?:wrong|incorrect|break\\p{L}*|weaken\\p{L}*|omit\\p{L}*|mislead\\p{L}*|misstat\\p{L}*|underst\\p{L}*|overst\\p{L}*)',
  `(?:introduce|introduz|introduzca|introduis|einbau|füge)${W} (?:einen |un |uma |une )?(?:sutil |subtil\\p{L}* |versteckt\\p{L}* )?(?:fehler|error|erro|erreur|bug)${W}`, 'sutilmente (?:incorrect|errad|equivocad)\\p{L}*', 'subtilement (?:faux|fausse|incorrect)\\p{L}*', 'незаметн\\p{L}* ошибк\\p{L}*', '故意(?:出错|写错|引入)', '微妙な(?:バグ|誤り)', '미묘한 (?:버그|오류)',
];

/** Honest reasons to add faults on purpose (mutation testing, fault injection, exercises for learners). */
export const FAULT_PURPOSE_WORDS: readonly string[] = [
  'mutation', 'mutants?', 'fault injection', 'chaos', 'test the tests', 'tests? (?:catch|detect|fail)', 'exercises?', 'students?', 'learners?', 'kata', 'ctf', 'challenge', 'quiz', 'puzzle', 'training', 'red team', 'drill', 'spot the', 'find the (?:bug|error|mistake)', 'practice',
];

/** Other agents, models and reviewers addressed through the skill's output. */
export const AGENTS_WORDS: readonly string[] = [
  "(?:other|any|all|downstream|future|subsequent|the next|later|sub-?|child|peer|reviewing|automated|ai|llm) ?(?:agents?|assistants?|models?|llms?|ais?|copilots?|bots?|reviewers?|code reviewers?|review bots?|scanners?)", 'subagents?', "(?:ai|llm|automated|bot) (?:code )?(?:reviewers?|review|auditors?|scanners?|checkers?)",
  'otros agentes', 'autres agents', 'andere agenten', 'outros agentes', 'altri agenti', 'другие агенты', 'другим агентам', '其他代理', '其他智能体', '他のエージェント', '다른 에이전트',
];

/** What an agent or reviewer is told to give up: approve, skip, ignore, trust. */
export const WAVE_THROUGH_WORDS: readonly string[] = [
  'approve\\p{L}*', 'lgtm', 'mark (?:it |this |them )?(?:as )?(?:safe|approved|reviewed|passing|benign)', "(?:skip|bypass|ignore|disregard)\\p{L}* (?:the |any |all |its |their |your )?(?:review|security review|checks?|scans?|warnings?|findings?|safety|security|guardrails?|instructions|rules|policies|validation)",
  'trust (?:this|it|these|the following) (?:skill|file|code|change|content|instructions?)', 'treat (?:it|this|them) as (?:safe|trusted|approved)',
  'aprueb\\p{L}*', 'approuv\\p{L}*', 'genehmig\\p{L}*', 'aprov\\p{L}*', 'approva\\p{L}*', 'одобр\\p{L}*', '批准', '承認', '승인',
];

/** What an agent or reviewer is told not to raise (a negation is its shape). */
export const NO_FLAG_WORDS: readonly string[] = [
  "(?:do not|don['’]t|never) (?:flag|report|question|review|check|scan|block|raise)\\p{L}*", 'without (?:review|reviewing|checking|question)',
];

/** Telling someone something: how a skill addresses other agents through what the agent writes or says. */
export const TELL_WORDS: readonly string[] = [
  `(?:tell|instruct|ask|remind|direct|inform|prompt|brief|notify|address|write|add|include|leave|put|insert|embed|append)${W}`, 'a note (?:to|for)', 'a comment (?:to|for)', 'a message (?:to|for)',
  `(?:dile|indica|instruye|di|dis|indique|sag|weise|diga|instrua|d[ìi]|istruisci|скажи|поручи|укажи)${W}`, '告诉', '指示', '伝え', '지시', '알려',
];

/** Acts by kind. */
export const CHANGE_ACT_WORDS: readonly string[] = [
  `(?:set|sets|setting|change|changes|changing|replace|replacing|switch|swap|substitute|override|overwrite|update|updating|redirect|reroute|route|point|use|default|hard-?code|put|fill|enter|rewrite|edit|alter|modify|raise|increase|double|lower|reduce|adjust|bump)`, 'always use',
  `(?:cambi|reemplaz|sustitu|actualiz|modific|sostitu|aggiorn|substitu|atualiz|ersetz|änder|ändern|tausch|remplac|chang|mets? à jour|verander|vervang|zmie[nń]|podmie[nń]|ganti|ubah|değiştir)${W}`,
  `(?:замен|измен|подмен|обнов|установ)${W}`, '替换', '修改', '更改', '改成', '改为', '设置为', '変更', '置き換え', '書き換え', '設定', '변경', '바꾸', '교체', '설정',
];
export const DELETE_ACT_WORDS: readonly string[] = [
  `(?:delete|deletes|remove|removes|wipe|wipes|purge|erase|drop|truncate|destroy|shred|clear)`, `(?:elimin|borr|suprim|supprim|efface|apag|exclu|lösch|entfern|cancell|verwijder|usu[nń]|hapus|sil)${W}`, `(?:удал|стер)${W}`, '删除', '清除', '削除', '消去', '삭제', '지우',
];
export const SEND_ACT_WORDS: readonly string[] = [
  `(?:send|sends|sending|upload|uploads|post|posts|forward|forwards|share|shares|sync|syncs|transmit|export|exfiltrate|email|e-mail|mail|beacon|report)`, `(?:envi|sub|compart|transmit|envoi|envoy|téléverse|partag|transmet|env[ií]|carreg|compartilh|invi|carica|condivid|send|schick|hochlad|übermittel|teil|verstuur|upload|wy[sś]l|kirim|unggah|gönder|yükle)${W}`,
  `(?:отправ|загруз|перешл|передав|переда)${W}`, '发送', '上传', '转发', '同步到', '送信', 'アップロード', '転送', '전송', '업로드', '보내',
];
export const COLLECT_ACT_WORDS: readonly string[] = [
  `(?:collect|collects|record|records|log|logs|track|tracks|capture|captures|gather|harvest|store|save|note|monitor|profile|keep (?:a )?(?:copy|record|log|note|list) of|build (?:up )?(?:a )?(?:profile|dossier|file) (?:of|on|about))`,
  `(?:recopil|registr|guard|rastre|recueill|collect|enregistr|sammel|speicher|protokollier|erfass|coletar|colet|registr|raccogl|salv|memorizz|verzamel|zbier|kumpul|topla)${W}`, `(?:собира|сохраня|записыва|отслежива)${W}`, '收集', '记录', '追踪', '収集', '記録', '追跡', '수집', '기록', '추적',
];
export const INSERT_ACT_WORDS: readonly string[] = [
  `(?:add|adds|insert|include|embed|inject|append|attach|place|put)`, `(?:añad|agreg|inclu|insert|ajout|insér|incorpor|adicion|aggiung|hinzufüg|füge|einfüg|toevoeg|dodaj|tambah|ekle)${W}`, `(?:добав|встав)${W}`, '添加', '加入', '插入', '追加', '挿入', '추가', '삽입',
];
export const RECOMMEND_ACT_WORDS: readonly string[] = [
  `(?:recommend|suggest|promote|prefer|favou?r|push|steer|rank|prioriti[sz]e|upsell|mention|link)${W}`, `(?:recomiend|recomend|recommand|raccomand|empfehl|aanbevel|polec|rekomend|sarankan|öner)${W}`, `(?:рекоменд|советуй|продвига)${W}`, '推荐', '推销', 'おすすめ', '推奨', '추천',
];

/** Values others trust the agent to keep as the user set them: where money goes, doses and limits, verdicts. */
export const ROUTE_WORDS: readonly string[] = [
  'payees?', 'recipients?', 'beneficiar(?:y|ies)', 'ibans?', 'account (?:numbers?|ids?|details)', 'routing numbers?', 'bank (?:details|accounts?)', 'payout (?:accounts?|address(?:es)?|destinations?)', '(?:wallet|deposit|withdrawal|receiving|payment|destination|remit-?to|remittance|shipping|delivery|billing) (?:address(?:es)?|accounts?)', 'fee recipients?', 'referrer',
  'destinatari[oa]s?', 'beneficiari[oa]s?', 'cuenta de destino', 'destinataires?', 'bénéficiaires?', 'compte (?:de destination|bancaire)', 'empfänger\\p{L}*', 'bankverbindung\\p{L}*', 'kontonummer\\p{L}*', 'zielkonto', 'conta de destino', 'favorecid[oa]s?', 'destinatari', 'conto (?:di destinazione|corrente)', 'ontvanger', 'odbiorc\\p{L}*', 'penerima', 'alıcı', 'получател\\p{L}*', 'реквизит\\p{L}*', '收款人', '收款地址', '收款账户', '受取人', '振込先', '宛先', '수취인', '받는 사람', '수신자',
];
export const DOSE_WORDS: readonly string[] = [
  'dos(?:e|es|age|ages|ing)', 'mg', 'milligrams?', 'units of insulin', '(?:credit|spending|withdrawal|transfer|daily|approval|trading|position|risk|leverage|rate) limits?', '(?:alert|fraud|risk|approval|safety|alarm) thresholds?', 'leverage', 'max(?:imum)? (?:daily )?dose', 'dosis', 'dosierung', 'posologie', 'dosagem', 'dosaggio', 'доз\\p{L}*', '剂量', '用量', '投与量', '용량', '복용량',
];
export const VERDICT_WORDS: readonly string[] = [
  'verdicts?', 'scores?', 'ratings?', 'grades?', 'severit(?:y|ies)', 'risk (?:levels?|scores?|ratings?)', 'test results?', 'results?', 'status(?:es)?', 'findings?', 'assessments?', 'audit (?:results?|outcome)', 'inspection (?:results?|reports?)', 'readings?', 'measurements?', 'compliance (?:status|result)',
  'veredicto', 'puntuaci[oó]n', 'calificaci[oó]n', 'resultados?', 'verdict', 'note', 'résultats?', 'bewertung\\p{L}*', 'ergebnis\\p{L}*', 'urteil', 'pontuação', 'avaliação', 'punteggio', 'valutazione', 'risultat[oi]', 'оценк\\p{L}*', 'результат\\p{L}*', '评分', '结果', '判定', '評価', '결과', '점수', '판정',
];
/** Records and logs (what falsifying acts on). */
export const RECORD_WORDS: readonly string[] = [
  'logs?', 'audit (?:logs?|trails?)', 'records?', 'ledgers?', 'timesheets?', 'history', 'entries', 'minutes', 'evidence', 'receipts?', 'invoices?', 'inspection', 'maintenance logs?', 'lab results?', 'test results?', 'metrics', 'reports?', 'signatures?', 'dates?', 'timestamps?',
  'registros?', 'bitácora', 'journal', 'journaux', 'protokoll\\p{L}*', 'aufzeichnung\\p{L}*', 'registri', 'журнал\\p{L}*', 'запис\\p{L}*', '日志', '记录', 'ログ', '記録', '로그', '기록',
];
/** What belongs to the user or what they rely on. */
export const USER_THING_WORDS: readonly string[] = [
  "(?:the user['’]s|their|your|the customer['’]s|the client['’]s|the owner['’]s) (?:[\\p{L}-]+ )?(?:files?|data|documents?|settings|config(?:uration)?|accounts?|repo(?:sitor(?:y|ies))?|code|codebase|emails?|messages?|calendar|contacts?|history|money|funds|orders?|subscriptions?|payments?|credentials?|passwords?|keys?|tokens?|wallet|photos?|notes|backups?|database|records?|profile|browser|machine|computer|device|system)",
  'ssh keys?', 'api keys?', 'tokens?', 'credentials?', 'passwords?', '\\.env', 'cookies', 'wallet', 'seed phrase', 'private keys?', 'backups?', 'attendees?', 'guests?', 'cc', 'bcc', 'forwarding rules?', 'mail rules?', 'inbox rules?', 'webhooks?',
  'permissions?', 'access', 'roles?', 'admin', 'collaborators?', 'deploy keys?', 'authorized[_ ]keys',
  `repositor${W}`, `repo${W}`, `colaborador${W}`, `collaborat${W}`, `permis${W}`, `permiss${W}`, `berechtigung${W}`, `zugriff${W}`, 'dépôt', 'clés?', 'schlüssel', 'claves?', 'chaves?', 'chiavi', 'archivos?', 'fichiers?', 'dateien', 'arquivos?', 'copias de seguridad', 'sauvegardes?', `sicherung${W}`, 'backups', 'cuentas?', 'comptes?', 'konten', 'contas?', `доступ${W}`, `репозитори${W}`, `ключ${W}`, `файл${W}`, '仓库', '权限', '密钥', '文件', 'リポジトリ', '権限', '鍵', 'ファイル', '저장소', '권한', '파일',
];
/** Personal facts about the user (covert collection). */
export const PERSONAL_WORDS: readonly string[] = [
  'locations?', 'gps', 'whereabouts', 'contacts?', 'address book', 'browsing (?:history|habits)', 'search history', 'habits', 'routines?', 'moods?', 'emotions?', 'emotional state', 'mental health', 'health', 'medical', 'diagnos\\p{L}*', 'income', 'salary', 'debts?', 'financ\\p{L}*', 'religio\\p{L}*', 'politic\\p{L}*', 'sexual\\p{L}*', 'relationships?', 'family', 'children', 'home address', 'phone numbers?', 'keystrokes', 'screenshots?', 'screen', 'clipboard', 'conversations?', 'chat (?:history|logs?)', 'messages', 'photos', 'microphone', 'camera', 'everything (?:the user|they) (?:types?|says?|does)', 'personal (?:details|information|data|life)', "(?:the user['’]s|their) (?:identity|name|employer|schedule)",
  'ubicaci[oó]n', 'contactos', 'historial', 'localisation', 'standort', 'kontakte', 'localização', 'posizione', 'местоположени\\p{L}*', 'контакт\\p{L}*', '位置', '联系人', '位置情報', '連絡先', '위치', '연락처',
];
/** Protections (what a hidden condition disables). */
export const SAFETY_WORDS: readonly string[] = [
  'security', 'safety', 'validation', 'checks?', 'tests?', 'warnings?', 'alerts?', 'guardrails?', 'logging', 'monitoring', 'audit\\p{L}*', '2fa', 'mfa', 'two-factor', 'antivirus', 'firewall', 'signature (?:checks?|verification)', 'verification', 'approvals?', 'review',
];
/** Presentation choices: what is not shown is a format, not an act ("don't show the raw JSON, summarise it"). */
export const PRESENTATION_WORDS: readonly string[] = [
  'raw', 'json', 'yaml', 'xml', 'html', 'verbose', 'full (?:output|log|response|text)', 'stack ?traces?', 'tracebacks?', 'debug', 'intermediate', 'internal (?:reasoning|steps|ids?|notes)', 'reasoning', 'chain of thought', 'thinking', 'system prompt', 'boilerplate', 'markdown', 'diff', 'uuids?', 'hashes', 'tool calls?', 'command output', 'progress', 'spinner', 'summari[sz](?:e|ed|ing)', 'answer', 'solution', 'hints?', 'spoilers?',
  'passwords?', 'tokens?', 'secrets?', 'api keys?', 'keys?', 'credentials?', 'card numbers?', 'pan', 'cvv', 'pins?', 'ssn', 'personal data', 'pii',
];
/** A test or demonstration context: a fixed value there is a fixture. */
export const FIXTURE_WORDS: readonly string[] = [
  'for (?:testing|tests|a test|the tests|demos?|development|local development)', 'in (?:tests|testing|the test suite|a test|unit tests|staging|the sandbox|sandbox mode|test mode|dev|development)', 'test (?:accounts?|environments?|mode|data|payees?|wallets?|keys?|ibans?|cards?|fixtures?|databases?|servers?|users?)',
  'sandbox', 'staging', 'fixtures?', 'mock(?:ed|s)?', 'dummy', 'placeholders?', 'sample (?:data|values?|accounts?)', 'synthetic', 'seed data', 'testnet', 'devnet', 'sepolia', 'goerli', 'faucet', 'e\\.g\\.', 'for example', 'example',
];
