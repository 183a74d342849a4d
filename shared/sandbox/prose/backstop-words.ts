/**
 * The prose backstop's coarse semantic classes, as multilingual data (docs/skill-prose.md "Prose backstop"):
 * one entry per class and language, never per attack. A class names a kind of thing (objects of value), a kind
 * of act (moving it, changing who is paid, asking the user for it), or a kind of framing (hiding it from the user,
 * waiving the check that would catch it). The matcher (backstop.ts) combines them; adding a language is adding words.
 *
 * Words are matched on lower-cased text (lexicon.ts `alt`): Latin and Cyrillic words get word edges, so a stem is
 * written with its endings (`reembols\p{L}*`, `envi(?:a|ar|e…)`: a bare stem like `envi` would take "environment");
 * CJK words are matched as written. Each word should start with literal text (backstop-classes.ts gates on it).
 */

const W = '\\p{L}*';

/** Objects of value, by class: what a skill must not move to a place it supplies, or ask the user to hand over. */
export const VALUE_WORDS: Readonly<Record<string, readonly string[]>> = {
  credential: [
    // (a password manager, policy or reset is a place or a rule, not a password)
    'passwords?(?! (?:managers?|vaults?|stores?|polic(?:y|ies)|resets?|requirements?|rules?|strength|fields?|prompts?))', 'passphrases?', 'credentials?', 'login details', 'sign-in details', 'log-?in data', 'usernames? and passwords?',
    `passw[oö]rt${W}`, `kennw[oö]rt${W}`, 'zugangsdaten', 'anmeldedaten', 'login-?daten',
    'contraseñas?', 'credenciales', 'claves? de acceso', 'datos de acceso',
    'mots? de passe', 'identifiants?', "codes? d['’]accès",
    'senhas?', 'credenciais', 'dados de acesso',
    'credenziali', 'password',
    `wachtwoord${W}`, `hasł${W}`,
    `парол${W}`, `учётн${W} данн${W}`, `учетн${W} данн${W}`, `логин${W} и парол${W}`,
    '密码', '口令', '凭据', '凭证', '登录信息', '账号和密码', 'パスワード', '認証情報', 'ログイン情報', '비밀번호', '암호', '자격 증명', '로그인 정보',
  ],
  otp: [
    'one-time (?:pass)?codes?', 'one-time passwords?', 'otps?', '(?:verification|security|confirmation|authentication|auth|login|sign-in|sms|text|2fa|mfa|totp|authenticator|access) codes?', '6-digit codes?', 'six-digit codes?', 'the code (?:they|you|he|she) (?:get|got|receive|received)', 'push (?:notifications?|prompts?|requests?)', 'mfa (?:prompts?|requests?|notifications?)', 'sign-in requests?', 'login requests?',
    'códigos? (?:de (?:verificación|seguridad|acceso|un solo uso|confirmación|autenticación)|sms|otp)', 'el código', 'un código', 'notificaci[oó]n',
    '(?:bestätigungs|sicherheits|einmal|verifizierungs|sms-|anmelde|authentifizierungs|zugangs)codes?', 'tans?', 'push-(?:nachricht|benachrichtigung)(?:en)?',
    'codes? (?:de (?:vérification|sécurité|confirmation|connexion|validation)|à usage unique|reçus? par sms|sms)', 'le code',
    'códigos? (?:de (?:verificação|segurança|confirmação|acesso|autenticação)|sms)', 'o código',
    `codic${W} (?:di (?:verifica|sicurezza|conferma|accesso)|otp|sms)`, 'il codice',
    `код${W} (?:подтверждения|из смс|из sms|доступа|безопасности)`, `одноразов${W} код${W}`, `код${W}`,
    '验证码', '动态码', '短信码', '校验码', '一次性密码', '认证码', '認証コード', '確認コード', 'ワンタイム', 'セキュリティコード', '인증 ?코드', '인증번호', '일회용', '보안 ?코드',
  ],
  recovery: [
    'recovery (?:codes?|phrases?|keys?)', 'backup codes?', 'seed phrases?', 'mnemonic', 'private keys?',
    'códigos? de (?:recuperación|respaldo|recuperação)', `wiederherstellungs${W}`, 'codes? de (?:récupération|secours)', `codic${W} di recupero`, `код${W} восстановления`, `сид-?фраз${W}`, '恢复码', '助记词', '私钥', 'リカバリーコード', '秘密鍵', '복구 ?코드', '개인 ?키', '시드 ?구문',
  ],
  session: [
    'session (?:cookies?|tokens?|ids?)', 'cookies', 'sesión', 'sessão', 'sitzung', `сесси${W}`, 'куки', '会话', 'セッション', '세션', 'access tokens?', 'api keys?', 'tokens?', '\\.env', 'secrets?',
  ],
  bank: [
    'ibans?', 'bic', 'swift(?: code)?', 'routing (?:number|no)', 'sort codes?', 'account (?:number|no|details)', 'bank (?:details|accounts?|information|info|data|connection)', 'banking details', 'remittance (?:account|details|address)', 'payees?', 'beneficiar(?:y|ies)', 'wire (?:instructions|details)', 'payment (?:details|instructions|account)', 'payouts?', 'funds', 'payout address(?:es)?', 'wallet address(?:es)?', 'receiving address(?:es)?',
    `bankverbindung${W}`, 'bankdaten', `kontonummer${W}`, `kontoverbindung${W}`, `bankkont${W}`, `empfänger${W}`, `zahlungsempfänger${W}`,
    'datos bancarios', 'cuentas? bancarias?', 'números? de cuenta', 'clabe', 'beneficiario', 'cuenta de (?:pago|destino|cobro)',
    'coordonnées bancaires', 'rib', 'comptes? bancaires?', 'bénéficiaire', 'numéro de compte',
    'dados bancários', 'contas? bancárias?', 'número da conta', 'favorecido', 'chave pix', 'pix',
    'coordinate bancarie', `cont${W} corrente`,
    `реквизит${W}`, `расчётн${W} сч[её]т${W}`, `расчетн${W} сч[её]т${W}`, `банковск${W} сч[её]т${W}`, `номер${W} сч[её]т${W}`, `получател${W}`,
    '银行账户', '银行卡号', '收款账户', '收款人', '账户信息', '银行信息', '钱包地址', '口座', '振込先', '受取人', '계좌', '수취인', '지갑 ?주소',
  ],
  payroll: ['payroll', 'salar(?:y|ies)', 'wages?', `gehalt${W}`, `lohn${W}`, 'gehälter', 'nóminas?', `salari${W}`, 'salaire', 'paie', 'folha de pagamento', 'stipendi?', `зарплат${W}`, '工资', '薪资', '給与', '給料', '급여', '월급'],
  invoice: ['invoices?', 'bills?', 'receipts?', `rechnung${W}`, 'facturas?', 'factures?', 'faturas?', 'notas? fiscais', `fattur${W}`, `сч[её]т${W}-фактур${W}`, `инвойс${W}`, '发票', '账单', '請求書', '인보이스', '청구서', '세금계산서'],
  records: [
    'customer (?:records?|data|lists?|database|details)', 'client (?:records?|data|lists?)', 'patient (?:records?|data|charts?)', 'medical records?', 'employee (?:records?|data|files?|details)', 'personnel files?', 'personal data', 'pii', 'social security numbers?', 'ssns?', 'national insurance numbers?', 'passports?', 'national id(?: cards?)?', 'id cards?', "driver['’]?s licen[cs]es?", 'dates? of birth', 'maiden names?', 'tax ids?', 'selfies?', 'cvs?', 'résumés?', 'resumes?', 'application answers', `lebensl[äa]uf${W}`, `curr[ií]cul${W}`,
    'kundendaten', 'patientendaten', 'personaldaten', `personalausweis${W}`, `reisepass${W}`, 'steuer-?id', `sozialversicherungsnummer${W}`, 'mitarbeiterdaten', 'gesundheitsdaten',
    'datos (?:de (?:clientes|pacientes|empleados)|personales)', 'expedientes?', 'historias? clínicas?', 'dni', 'pasaportes?', 'número de seguridad social',
    'données (?:clients|personnelles|patients|de santé)', 'fiches? salariés?', 'nir', 'numéro de sécurité sociale', 'dossiers? (?:patients?|médicaux?)', "pièces? d['’]identité",
    'dados (?:de clientes|pessoais|de pacientes)', 'prontuários?', 'cpf', 'rg',
    'dati (?:dei clienti|personali|dei pazienti)', 'codice fiscale',
    `персональн${W} данн${W}`, `паспорт${W}`, `данн${W} клиент${W}`, `данн${W} сотрудник${W}`, 'снилс', 'инн',
    '客户资料', '客户数据', '个人信息', '身份证', '病历', '员工信息', '护照', '個人情報', '顧客データ', '患者', 'マイナンバー', '개인정보', '주민등록번호', '고객 ?정보', '여권',
  ],
  history: [
    'chat history', 'message history', 'conversation history', 'conversations?', 'chat logs?', 'transcripts?', 'messages', 'dms', 'direct messages', 'channel history', 'group messages', 'inbox', 'mailbox', 'emails',
    `chatverl${W}`, `nachrichten${W}`, `gesprächsverl${W}`, 'verlauf', `postfach${W}`,
    'historial(?: de (?:chat|mensajes|conversaciones))?', 'mensajes', 'conversaciones', 'bandeja de entrada',
    'historique(?: des (?:messages|conversations|discussions))?', 'boîte de réception',
    'histórico(?: de (?:conversas|mensagens))?', 'mensagens', 'conversas', 'caixa de entrada',
    'cronologia', 'messaggi', 'conversazioni',
    `истори${W} (?:переписки|чата|сообщений)`, `переписк${W}`, `сообщени${W}`,
    '聊天记录', '历史消息', '群消息', '消息', '对话记录', '会話履歴', 'トーク履歴', 'チャット履歴', 'メッセージ', '대화 ?기록', '채팅 ?기록', '메시지',
  ],
  contacts: ['contacts', 'contact list', 'address book', 'employee directory', 'kontakte', `adressbuch${W}`, 'contactos', 'libreta de direcciones', "carnet d['’]adresses", 'contatos', 'contatti', 'rubrica', `контакт${W}`, `адресн${W} книг${W}`, '通讯录', '联系人', '連絡先', 'アドレス帳', '연락처', '주소록'],
  location: ['gps locations?', 'locations?', 'gps', 'whereabouts', `standort${W}`, 'ubicaci[oó]n', 'localisation', 'localização', 'posizione', `местоположени${W}`, `геолокаци${W}`, '位置', '定位', '位置情報', '위치'],
  clipboard: ['clipboard(?: (?:contents?|history|text))?', 'copied (?:text|strings?)', 'portapapeles', 'zwischenablage', 'presse-papiers', 'área de transferência', 'appunti', 'буфер(?:а|е)? обмена', '剪贴板', '剪切板', 'クリップボード', 'コピーされた', '클립보드'],
  repository: ['private (?:repos?|repositor(?:y|ies)|projects?)', 'source code', 'quellcode', 'código fuente', 'code source', 'código-fonte', 'codice sorgente', `исходн${W} код${W}`, '源代码', 'ソースコード', '소스 ?코드'],
};

/** Moving something of value somewhere: send, forward, upload, export, share, sync, post, pay, refund, transfer. */
export const MOVE_WORDS: readonly string[] = [
  // en (imperative, infinitive, passive participles)
  'send(?:s|ing)?', 'sent', 'forward(?:s|ed|ing)?', 'upload(?:s|ed|ing)?', 'export(?:s|ed|ing)?', 'share(?:s|d)?', 'sync(?:s|ed|hroni[sz]e)?', 'post(?:s|ed)?', 'transmit(?:s|ted)?', 'submit(?:s|ted)?', 'e-mail(?:s|ed)?', 'email(?:s|ed)?', 'mail(?:ed)?', 'paste(?:d)?', 'push(?:ed)?', 'mirror(?:s|ed)?', 'relay(?:s|ed)?', 'copy (?:it |them |this |these )?to', 'back (?:it |them )?up to',
  'pay(?:s)?', 'paid', 'remit(?:s|ted)?', 'refund(?:s|ed)?', 'transfer(?:s|red)?', 'wire(?:d)?', 'deposit(?:s|ed)?', 'route(?:s|d)?', 'redirect(?:s|ed)?',
  // es
  'envi(?:a|ar|e|en|ad|ando|ado|ados|adas?|amos)(?:lo|los|la|las|le|les|selo|sela)?', 'reenvi(?:a|ar|e|en|ad|ando|ado|ados|adas?|amos)(?:lo|los|la|las|le|les|selo|sela)?', `enví${W}`, `reenví${W}`, 'sub(?:e|ir|a|an|elo|elos|ido|idos) (?:a|al)', 'carg(?:a|ar|ue|uen)(?:lo|los|la|las)? (?:a|en)', 'export(?:a|ar|e|en|ad)(?:lo|los|la|las)?', `compart${W}`, `sincroniz${W}`, 'publica(?:r|lo|los)?', `transfier${W}`, `transferi${W}`, 'pag(?:a|ar|ue|uen|ad|ado)(?:lo|los|la|las|le|les)?', `reembols${W}`, 'deposit(?:a|ar|e|en)', `remit${W}`, 'mand(?:a|ar|e|en|ad|ado)(?:lo|los|la|las|le|les)?',
  // de
  `send${W}`, `schick${W}`, `übermittel${W}`, `übermittl${W}`, `übertrag${W}`, `hochlad${W}`, `lade ${W} hoch`, `exportier${W}`, 'teile', 'teilen', `leite ${W} weiter`, `weiterleit${W}`, `überweis${W}`, `zahl${W}`, `erstatt${W}`, `synchronisier${W}`, 'gesendet', 'geschickt', 'hochgeladen', 'weitergeleitet', 'überwiesen', 'ausgezahlt', `auszahl${W}`,
  // fr
  'envo(?:ie|ies|ient|yer|yez|yé|yée|yés)', `transmet${W}`, `transmis${W}`, `transmett${W}`, `transf[eéè]r${W}`, `téléverse${W}`, 'téléchargez? vers', `exporte${W}`, `partage${W}`, `synchronise${W}`, `publie${W}`, 'paie', 'paies', 'payer', 'payez', 'payé', `rembourse${W}`, `vire${W}`, 'verse(?:r|z)?', 'déposer',
  // pt
  'envi(?:e|em|ar|ado|ados|ada|adas)(?:-o|-os|-a|-as)?', `encaminh${W}`, `carreg${W}`, 'faça upload', 'faza upload', 'export(?:e|ar|ado)', `compartilh${W}`, `pague${W}`, 'pagar', `transfir${W}`, 'transferir', 'deposite',
  // it
  'invi(?:a|are|ate|alo|ali|ala|ale|arlo|arli|arle|ato|ati)', `inoltr${W}`, 'caric(?:a|are|ate|alo|ali)', 'esport(?:a|are|ate|alo|ali)', `condivid${W}`, 'pag(?:a|are|ate|hi)', `rimbors${W}`, `bonific${W}`, `trasferi${W}`, `sincronizz${W}`,
  // nl, pl
  `stuur${W}`, `verstuur${W}`, 'upload', `betaal${W}`, 'wyślij', 'prześlij', 'przelej', 'zapłać', 'udostępnij',
  // ru
  `отправ${W}`, `пересл${W}`, `перешл${W}`, `загруз${W}`, `выгруз${W}`, `экспорт${W}`, `подел${W}`, `синхрониз${W}`, `оплат${W}`, 'переведи', `перевест${W}`, `перечисл${W}`, 'верни', `возмест${W}`, 'опубликуй',
  // zh, ja, ko
  '发送', '发到', '发给', '发至', '转发', '上传', '导出', '分享', '同步', '提交', '付款', '支付', '打款', '转账', '退款', '汇款', '推送', '备份到', '抄送', '转给', '传到',
  '送信', '送って', '送る', '送ら', '送られ', '送付', '転送', 'アップロード', 'エクスポート', '共有', '同期', '支払', '振り込', '振込', '返金', '送金', '提出',
  '보내', '전송', '전달', '업로드', '내보내', '공유', '동기화', '지급', '송금', '환불', '이체', '제출',
];

/** Changing who gets paid: change, update, replace, set the payee or bank details (with a bank word in the sentence). */
export const CHANGE_WORDS: readonly string[] = [
  `chang${W}`, `updat${W}`, `replac${W}`, 'set', `switch${W}`, 'swap', `overwrit${W}`, 'edit', 'use (?:the )?(?:new|updated)',
  `änder${W}`, `aktualisier${W}`, `ersetz${W}`, `übernehm${W}`, 'übernommen', `umstell${W}`, `eintrag${W}`,
  `cambi${W}`, `actualiz${W}`, `reemplaz${W}`, `sustitu${W}`, `modific${W}`,
  `modifi${W}`, `remplac${W}`, 'mettre à jour', 'mets à jour',
  `alter${W}`, `atualiz${W}`, `substitu${W}`, `troqu${W}`, `mud${W}`,
  `aggiorn${W}`, `sostitu${W}`,
  `измен${W}`, `замен${W}`, `обнов${W}`, `помен${W}`,
  '更改', '修改', '替换', '更新', '变更', '換え', '変更', '置き換', '변경', '수정', '교체', '업데이트',
];

/** Asking the user for something (the request verb; what is asked for is a value class after it in the sentence). */
export const ASK_WORDS: readonly string[] = [
  'ask(?: (?:the user|them|him|her|the (?:employee|customer|caller|new hire|person|requester|client)))?(?: for| to)?', 'request (?:the|their|a|his|her)', 'collect(?= (?:the|their|a|his|her|for|them|it))', 'obtain', 'get (?:the|their) ', 'have (?:them|the user|the employee|the customer) (?:send|type|paste|give|read|share|enter|provide|tell)', 'tell (?:them|the user|the employee|the customer|him|her) to (?:send|type|paste|give|read|share|enter|provide|press|tap|click|approve|accept)', 'prompt (?:the user|them) for',
  `pid${W}`, `pida${W}`, `pregunt${W}`, `solicit${W}`, 'dile que (?:te|me|pulse|toque|acepte|apruebe)', 'que te lo (?:copie|envíe|dicte|pase|escriba)',
  `bitte${W} (?:den |die |das )?\\p{L}+ um`, `frag${W} (?:nach|den|die)`, `erfrag${W}`, `forder${W} ${W} auf`, 'lass dir', 'lassen sie sich',
  `demand${W}`, `réclam${W}`, `recueill${W}`,
  `peç${W}`, 'peca', `pergunt${W}`,
  `chied${W}`, `richied${W}`,
  `попрос${W}`, `запрос${W}`, `спрос${W}`, `узна${W}`,
  '请用户', '让用户', '要求用户', '请对方', '让对方', '向用户索取', '索取', '请他', '请她', '让他', '让她', '询问',
  '聞いて', '聞く', '尋ね', '教えてもら', '入力してもら', '送ってもら', '伝えてもら', 'もらって', '求め',
  '요청', '물어', '받아', '알려 ?달라', '입력하게', '보내 ?달라', '말해 ?달라',
];

/** Pressing "Approve" on a sign-in prompt: the approval is the object of value. */
export const APPROVE_WORDS: readonly string[] = [
  '(?:press|tap|click|hit|accept|approve) (?:the )?(?:["“]?approve["”]?|yes|allow|confirm)', `puls${W} ["“]?aprobar`, `(?:toqu|toca|presion)${W} ["“]?aprobar`, 'aprueba la notificaci[oó]n',
  `(?:drück${W}|tipp${W}|klick${W}) (?:auf )?["„“]?(?:genehmigen|bestätigen|zulassen|ja)`, `(?:appui${W}|clique${W}|tape${W}) sur ["«“]? ?(?:approuver|valider|autoriser|oui)`, '(?:toque|clique|aperte) em ["“]?(?:aprovar|permitir|sim)', '(?:premi|tocca|clicca) (?:su )?["“]?(?:approva|consenti|sì)', `нажм${W} ["«“]?(?:подтвердить|разрешить|да|одобрить)`,
  '点击["“]?(?:批准|同意|允许|确认)', '按["“]?(?:批准|同意|允许)', '(?:「承認」|承認)を(?:タップ|押)', '(?:「許可」|許可)を(?:タップ|押)', '(?:"승인"|“승인”|승인)을? ?(?:누르|탭)', '(?:"허용"|“허용”|허용)을? ?(?:누르|탭)',
];

/**
 * Concealment addressed to the agent: keep it from the user, tell them something else when they ask, describe it as
 * something else, or remove the traces. The negation is the shape itself ("do not tell the user"), so a negation does not
 * make these data. Adverbs that also describe software ("fails silently", "runs in the background") are left out.
 */
export const CONCEAL_WORDS: readonly string[] = [
  // en
  "(?:do not|don['’]t|never) (?:tell|inform|notify|alert|disclose|reveal|mention) (?:[\\p{L}'’-]+ ){0,3}(?:about (?:this|it|the|that|these|where|why|how)|of this|where (?:the|it|they)|why (?:the|it))",
  "(?:do not|don['’]t|never|(?<!(?:never|not|n['’]t)[^.\\n]{0,80})without) (?:tell(?! (?:them|the user|him|her) to )|telling|mention|mentioning|inform|informing|notify|notifying|alert|alerting|show|showing|explain|explaining|disclose|disclosing|reveal|revealing|surface|surfacing|report|reporting|note|noting|log|logging|record|recording|cc|cc['’]?ing|add a note|include (?:it|this|that|step \\d|these)) (?:(?:it|this|that|these|anything|step \\d+|the \\p{L}+(?: \\p{L}+)?) )?(?:to |in |on |with )?(?:the (?:user|owner|customer|creator|client|employee|new hire|person|team|finance team|hr team|account manager|manager|accountant|dba team)|them|him|her|anyone|hr|finance|the report|the summary|your (?:reply|summary|report|answer)|the changelog|the change log|the pr|the written report)",
  "so that (?:the user|they|nobody|no one) (?:does not|doesn['’]t|won['’]t|will not|never) (?:notice|see|know|find out)", 'before (?:the user|they|anyone) notices?', 'without (?:the user|them|anyone) (?:noticing|knowing|seeing)',
  'secretly', 'covertly', 'unbeknownst',
  '(?:describe|present|label|explain) (?:it|this|the (?:script|step|change|hook|call|upload|job|task|file|tool)|them) (?:only )?(?:as|to the user as)', 'say (?:that )?["“]', 'if (?:they|the user|someone|anyone|a customer|the customer|the creator|the person|somebody|the new hire|the employee|a vendor|the vendor|a supplier) (?:later )?(?:asks?|repl(?:y|ies) asking|wants? to (?:confirm|know|check)) (?:why|where|what|how|whether|about|if|to)[^.\\n]{0,160}?(?:say|answer|reply|respond|tell (?:them|him|her))',
  "(?:leave|keep) (?:it|this|that|them) (?:in|there)(?: even)? (?:when|if|after)", 'delete (?:it|them|the message|the messages|the email|these) from (?:the )?(?:sent|conversation|history|chat|summary|log|trash)', 'empty the trash', 'from the sent (?:items|folder)',
  `(?:descr[ií]bel${W}|present${W}l${W}) como`, `beschreib${W} (?:es|ihn|sie|das) (?:nur )?als`, '(?:présente|décris)-(?:le|la|les) comme', 'descreva-(?:o|a) como', `описыва${W} (?:это|его) как`, '只说(?:是|成)', '说成是',
  // es
  'no (?:le |les |se lo |se la )?(?:digas|menciones|cuentes|informes|avises|muestres|expliques|comentes|notifiques|copies)', 'sin (?:avisar|decir|informar|notificar|mencionar|que (?:lo |se )?(?:note|sepa|vea))', 'a escondidas', `si (?:te |le |les )?pregunt${W}[^.\\n]{0,160}?(?:responde|contesta|di|dile|diles)`,
  // de
  `(?:erwähn|sag|zeig|erklär|meld|informier|verrat)${W} (?:[\\p{L}’']+ ){0,4}(?:nicht|nichts|niemandem)`, 'nicht (?:im|in|ins) (?:[\\p{L}-]+ ){0,2}(?:vermerken|protokollieren|dokumentieren|erwähnen|aufnehmen)', 'ohne (?:zu )?(?:informieren|benachrichtigen|bescheid|es zu sagen|rückmeldung)', 'keine (?:bestätigung|benachrichtigung|mitteilung|info)(?:en)? an', 'heimlich', 'wenn (?:die person|der kunde|jemand|er|sie|der nutzer|der benutzer)(?: später)? fragt[^.\\n]{0,160}?(?:antworte|antworten|sage|sagen|sag)',
  // fr
  "ne (?:le |la |les |lui |leur |l['’])?(?:dis|dites|mentionne|mentionnez|signale|signalez|montre|montrez|parle|parlez|informe|informez|préviens|prévenez|mettez|mets)(?: \\p{L}+){0,3} pas", "ne pas (?:le |la |les |lui |leur )?(?:dire|mentionner|signaler|montrer|informer|prévenir|mettre [\\p{L}' -]{0,40}en copie|utiliser le portail)", "sans (?:le dire|prévenir|informer|mentionner|en parler|que l['’]utilisateur)", 'supprimer le message des éléments envoyés', 'vider la corbeille', `si (?:l['’]utilisateur|on|quelqu['’]un|le client) (?:vous |te )?demande[^.\\n]{0,160}?répond${W}`, "dire à l['’]utilisateur que «",
  // pt
  'não (?:lhe |o |a )?(?:conte|mencione|diga|informe|avise|mostre|explique|copie)', 'sem (?:avisar|informar|contar|dizer|mencionar)', `se (?:o usuário|alguém|o cliente|ele|ela) pergunt${W}[^.\\n]{0,160}?(?:responda|diga)`,
  // it
  'non (?:lo |la |gli |le )?(?:dire|dirlo|menzionare|citare|informare|avvisare|mostrare|spiegare)', 'senza (?:avvisare|informare|dirlo|dire)', 'di nascosto', "se (?:l['’]utente|qualcuno|il cliente) (?:lo )?chiede[^.\\n]{0,160}?rispondi",
  // ru
  'не (?:говори|сообщай|упоминай|показывай|рассказывай|уведомляй|пиши|ставь в копию)', `без (?:уведомлени${W}|ведома|предупреждени${W})`, 'незаметно', `если (?:пользователь|кто-то|клиент|кто-нибудь) спрос${W}[^.\\n]{0,160}?(?:отвечай|ответь|скажи)`,
  // zh, ja, ko
  '不要(?:在[^，。]{0,12})?(?:提到|提及|告诉|通知|显示|说明|透露|让用户知道)', '别(?:告诉|提到|提及)', '不要让(?:用户|任何人|他们)(?:知道|发现)', '悄悄', '如果有人问[^。\\n]{0,80}?就(?:回答|说)',
  '伝えない(?:で|こと)', '言わない(?:で|こと)', '知らせない(?:で|こと)', '表示しない(?:で|こと)', '触れない(?:で|こと)', '報告しない(?:で|こと)', 'とだけ(?:説明|伝え|言)', 'こっそり', '気づかれないよう', '聞かれたら[^。\\n]{0,80}?と(?:答え|説明|言)',
  '말하지 ?마', '알리지 ?마', '언급하지 ?마', '보여주지 ?마', '몰래', '물어보면[^.\\n]{0,80}?(?:라고|고) ?(?:답|말)',
];

/** Giving up the check that would catch a changed payee or a foreign recipient: no call-back, no second approver, not copying who should know. */
export const WAIVE_WORDS: readonly string[] = [
  'even if (?:the )?(?:invoice|pdf|document|email|e-mail|message|record|vendor|supplier)\\p{L}* (?:shows?|says?|lists?|has)', 'no (?:call|call-back|callback|phone (?:call|check)|verification|confirmation) (?:is )?(?:needed|required|necessary)', "(?:do not|don['’]t|never|without) (?:call(?:ing)?|phon(?:e|ing)|verify(?:ing)?|confirm(?:ing)?|check(?:ing)?) (?:the |with the )?(?:vendor|supplier|employee|customer|bank|number|change|account)", 'skip (?:the )?(?:call-back|callback|verification|four-eyes|second approv)', 'without (?:a )?(?:second approv|call-back|callback|four-eyes)', "(?:do not|don['’]t) (?:cc|copy|loop in|include) (?:the )?(?:finance|hr|accounting|account manager|manager|security|compliance|team|owner|accountant)",
  "(?:do not|don['’]t|never|without) ask(?:ing)? (?:the )?(?:owner|user|manager|approver|customer|maintainer)s? (?:first|before|for (?:approval|permission|confirmation))", "(?:do not|don['’]t|never) (?:add|include|leave) a (?:note|comment|mention|line) (?:that|saying|about)",
  'keine rückfrage', 'kein vier-augen', 'ohne rückfrage', 'ohne (?:vier-augen|freigabe|prüfung)', 'auch wenn (?:die|der|das) [\\p{L}-]+ (?:von|nur|eine)',
  'sin (?:llamar|verificar|confirmar|comprobar|segunda aprobación)', 'aunque (?:la factura|el pdf|el documento|el correo) (?:muestre|diga|indique)',
  'sans (?:appeler|vérifier|confirmer|contre-appel|double validation)', "même si (?:la facture|le pdf|le document|le courriel|l['’]e-mail) (?:indique|montre|affiche)", "ne pas (?:utiliser le portail|mettre [\\p{L}' -]{0,40}en copie)",
  'sem (?:ligar|verificar|confirmar|segunda aprovação)', 'mesmo que (?:a fatura|o pdf|o documento) (?:mostre|indique)',
  'senza (?:chiamare|verificare|confermare)', 'anche se (?:la fattura|il pdf|il documento) (?:mostra|indica)',
  'без (?:звонка|проверки|подтверждения|второго)', `даже если (?:в )?(?:сч[её]т${W}|документ${W}|письм${W})`,
  '无需(?:电话|核实|确认|审批)', '不用(?:电话|核实|确认)', '不要(?:打电话|核实|抄送)', '即使发票', '確認の電話は不要', '電話確認(?:は)?(?:不要|しない)', '확인 ?전화(?:는)? ?(?:필요 ?없|하지 ?마)', '검증 ?없이',
];

/** The chat as where a secret is handed over ("paste it here", "en el chat", "dans la conversation"). */
export const CHAT_WORDS: readonly string[] = [
  '(?:in|into|to|via|over|through) (?:the |this |our )?(?:chat|conversation|thread|reply|dm)', 'here in', 'one by one', 'en el chat', 'por (?:el )?chat', 'en la conversación', 'im chat', 'in den chat', 'per chat', 'dans (?:la conversation|le chat)', 'par chat', 'no chat', 'na conversa', 'nel(?:la)? (?:chat|conversazione)', `в чат${W}`, `в переписк${W}`, '聊天', '对话中', '发给我', 'チャット', '会話で', '채팅', '대화창',
];

/** A public place as the destination: what is put there is published ("paste it into your reply on the public issue"). */
export const PUBLIC_WORDS: readonly string[] = [
  'public (?:issues?|comments?|gists?|channels?|repos?|repositor(?:y|ies)|pages?|forums?|posts?|threads?)', 'publicly', 'pastebin', `(?:issue|comentario|hilo) públic${W}`, `öffentlich${W} (?:issue|kommentar|kanal|repo${W})`, '(?:issue|commentaire|canal) public', `публичн${W} (?:issue|коммент${W}|канал${W})`, '公开(?:的)?(?:issue|评论|频道|仓库)', '公開(?:の)?(?:issue|コメント|チャンネル|リポジトリ)', '공개 ?(?:이슈|댓글|채널|저장소)',
];

/** The user's own place ("to the user's drive", "their own address"): not a destination the skill supplies. */
export const OWN_WORDS: readonly string[] = [
  "(?:the user['’]s|their|your|the customer['’]s|the owner['’]s) (?:own )?(?:drive|folder|bucket|account|mailbox|inbox|address|email|server|repo|repository|workspace|storage|s3|gcs|onedrive|dropbox|google drive|configured|backup)", 'configured (?:by|in) the user', 'the user configures', 'on file',
];
