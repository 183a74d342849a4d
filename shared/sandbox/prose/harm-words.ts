/**
 * Words of the fraud and privacy families (prose/harm.ts, docs/skill-effect-model.md "Fraud against the owner's
 * customers, privacy of third parties, 2026-11-28"), kept as data: what is of value (money flows, personal data of
 * others), where it goes outside its purpose (a side account, an advertiser, a vendor's training set, a public place),
 * what changes amounts or records, and the statements that take away the check or keep the people concerned from
 * knowing. Each list is a plain alternation of words (lexicon.ts `alt`, lower-cased text), in the languages skills are
 * written in; a new language is new words here, not a new rule.
 */

/** Money that flows to a party: refunds, payouts, settlements, salaries, payments, withdrawals, invoices, expenses, billing. */
export const MONEY_WORDS = [
  'refunds?', 'refunded', 'reimburse\\p{L}*', 'payouts?', 'settlements?', 'salar(?:y|ies)', 'payroll', 'wages?', 'payments?', 'withdrawals?', 'invoices?', 'remittance',
  'expenses?', 'expense claims?', 'purchase orders?', 'abos?', 'abonnements?', 'suscripci\\p{L}*', 'assinaturas?', 'abbonament\\p{L}*', 'subskrypcj\\p{L}*', 'gói cước', 'langganan', '订阅', '定期購入', '구독', 'subscriptions?', 'billing', 'charges?', 'transfers?', 'chargebacks?', 'disputes?', 'commissions?', 'affiliate', 'whitelist', 'allow-?list',
  'gehalt\\p{L}*', 'lohn\\p{L}*', 'zahlung\\p{L}*', 'überweisung\\p{L}*', 'erstattung\\p{L}*', 'auszahlung\\p{L}*', 'abrechnung\\p{L}*', 'gehaltskonto',
  'reembols\\p{L}*', 'estorno\\p{L}*', 'pagamentos?', 'pagos?', 'liquidaci\\p{L}*', 'nómina', 'salário', 'gastos?', 'despesas?',
  'rembours\\p{L}*', 'paiements?', 'virements?', 'salaire', 'rimbors\\p{L}*', 'stipendi?', 'note? spese', 'spese', 'bonific\\p{L}*',
  'wypłat\\p{L}*', 'zwrot\\p{L}*', 'pensj\\p{L}*', 'płatnoś\\p{L}*', 'wydatk\\p{L}*',
  'factu(?:ur|ren)', 'betaling\\p{L}*', 'terugbetaling\\p{L}*', 'uitbetaling\\p{L}*', 'salaris',
  'rút tiền', 'thanh toán', 'hoàn tiền', 'lương', 'chi trả', 'pembayaran', 'pencairan', 'gaji', 'pengembalian dana', 'penagihan',
  'החזר\\p{L}*', 'תשלום\\p{L}*', 'משכורת', 'استرداد', 'دفع\\p{L}*', 'راتب', 'مدفوعات',
  '退款', '结算', '付款', '打款', '收款', '提现', '工资', '报销', '返金', '精算', '支払', '給与', '振込', '経費', '정산', '지급', '환불', '급여', '출금', '경비', '청구\\p{L}*',
];

/** A destination the skill names besides the payee in the data: a holding, reserve, custody or transit account. */
export const SIDE_ACCOUNT_WORDS = [
  '(?:holding|reserve|custody|custodial|transit|suspense|technical|interim|buffer|bridge|side|private) (?:account|wallet|address|iban)s?', 'holding ?back',
  'reserve_account', 'holding_account', 'transit_account', 'custody_wallet',
  'conta de reserva', 'conta transit[óo]ria', 'chave pix', 'cuenta (?:de reserva|puente|transitoria|de tr[áa]nsito)', 'compte (?:de réserve|d[\'’]attente|de transit)',
  'conto (?:di riserva|transitorio|ponte)', '(?:reserve|sammel|durchlauf|zwischen|treuhand|verrechnungs)konto', 'tài khoản (?:trung gian|dự phòng)', 'rekening (?:penampung|perantara)',
  'konto (?:rezerwowe|przejściowe|techniczne)', 'חשבון (?:ביניים|מעבר)', 'حساب (?:وسيط|احتياطي)',
  '中转(?:账户|银行|账号)', '备付(?:账户)?', '过渡账户', '保留账户', '预留账户', '수탁 ?지갑', '보관 ?지갑', '중계 ?계좌', '経由口座', '預り口座',
];

/** Putting that destination in the payee's place: set the destination to it, replace the account with it, move a share to it. */
export const REDIRECT_WORDS = [
  'set (?:the )?(?:`?destination`?|payee|recipient|account|beneficiary) to', 'instead of (?:the )?(?:original|customer|seller|merchant|creator|payee)', 'in place of', 'replace (?:the )?(?:payee|recipient|account|destination|beneficiary)',
  'substitute', 'swap (?:the )?(?:payee|account|destination)', '(?:the )?new (?:account number|iban|bank account) (?:of|for) (?:the )?(?:accounts|finance|administration|holding)', 'nieuwe rekeningnummer', 'neue kontonummer der', 'nuevo número de cuenta de', 'nouveau numéro de compte de', 'nuovo (?:iban|conto) (?:della|dell[\'’])', '(?:route|redirect|divert|send|transfer|move|sweep) (?:it|them|the (?:rest|remainder|difference|funds|money|payout)|\\d+ ?%)',
  'transfira', 'transfiera', 'transfère', 'trasferisci', 'überweise', 'leite \\p{L}+ um', 'desvía', 'desvie', 'reindirizza',
  '替换为', '替换成', '改为', '换成', '转入', '转到', '대신', '으로 (?:변경|교체)', 'thay bằng', 'chuyển (?:sang|vào)', 'ganti dengan', 'alihkan', 'zamień na', 'przekieruj',
];

/** Adding to the list of where money may go: the withdrawal allow-list, the payee list. */
export const ALLOW_ADD_WORDS = [
  'add (?:the following|these|this|our|the) (?:addresses|address|accounts?|wallets?)', 'thêm địa chỉ', 'thêm (?:các )?(?:địa chỉ|ví)', 'füge (?:die(?:se)? )?(?:adressen?|konten?) hinzu', 'añade (?:las |estas )?direcciones', 'adicione (?:os |estes )?endereços',
  '添加(?:以下)?地址', '加入白名单', '주소를? 추가',
];

/** Bank details changed: the payee's IBAN or account, the salary account, remittance details. */
export const PAYEE_DETAIL_WORDS = [
  'bank (?:details|account|information|info)', 'remittance details', 'ibans?', 'routing numbers?', 'account numbers?', 'payout (?:account|details|method)', 'salary account', 'direct deposit',
  'bankverbindung\\p{L}*', 'bankdaten', 'kontoverbindung', 'gehaltskonto', 'datos bancarios', 'cuenta bancaria', 'dados bancários', 'conta bancária', 'coordonnées bancaires', 'coordinate bancarie',
  'dane (?:bankowe|konta)', 'numer konta', 'thông tin (?:ngân hàng|tài khoản)', 'rekening (?:bank|gaji)', 'פרטי (?:חשבון|בנק)', 'بيانات (?:الحساب|البنك)', '银行账户', '收款账户', '结算账户', '口座情報', '振込先', '계좌(?: ?정보)?',
];
/** … taken from a message nobody verified: the e-mail or chat that states them, a private address, a new account. */
export const UNVERIFIED_SOURCE_WORDS = [
  'from (?:that|the|this|any|an?) (?:message|e-?mail|chat|invoice|request|ticket)', 'directly from', '(?:by|via|in|per) (?:chat|slack|teams|e-?mail|whatsapp|telegram|dm)', 'private e-?mail', 'personal e-?mail', 'from (?:their|a|his|her|an?) (?:personal|private|new|unknown) (?:e-?mail|address|account|number|phone)', '(?:e-?mails?|texts?|messages?|dms?) (?:us |you )?(?:a |the |their )?new',
  'per e-?mail', 'in slack', 'par (?:chat|e-?mail|slack|teams|sms)', 'por (?:chat|correo|e-?mail|whatsapp|slack)', 'im chat', 'private\\p{L}* e-mail-adresse', 'neue\\p{L}* slack-konto', 'aus der (?:nachricht|e-?mail)', 'del (?:correo|mensaje|chat)', 'do (?:e-?mail|chat|whatsapp)', 'de la (?:messagerie|conversation)', 'dal(?:la)? (?:mail|chat|messaggio)',
  'qua (?:chat|email|tin nhắn)', 'lewat (?:chat|whatsapp|email)', 'przez (?:czat|slack|e-?mail)', 'בצ׳אט', 'عبر (?:الدردشة|البريد)', '聊天中', '邮件中', 'チャットで', '메신저로',
];

/** The check on a change given up: no call-back, no second approver or signature, no approval ticket, no human review. */
export const WAIVE_WORDS = [
  'do not hold (?:the|it|them)[^.\\n]{0,30}for a call-?back', '(?:skip|bypass|waive|without) (?:the |a |any )?(?:call-?backs?|verification|second (?:approv\\p{L}*|signature|signer)|dual (?:control|approval)|four-eyes|4-eyes|human review|review|approval)',
  'no (?:call-?back|second approv\\p{L}*|approval|sign-?off|human review|verification) (?:is )?(?:needed|required)', '(?:do not|don[\'’]t|never) (?:route|send) (?:them|it|these) to the (?:manager|approver|reviewer)',
  '(?:do not|don[\'’]t|never) (?:call|phone|ring|contact) (?:them|him|her|the \\p{L}+) (?:back|to (?:confirm|verify|check))', 'no need to (?:call|phone) (?:back|them)', 'regardless of (?:amount|receipts|the rules)', 'pre-?cleared',
  'keine (?:rückfrage|rückruf|bestätigung|prüfung|freigabe)\\p{L}*', 'ohne (?:rückfrage|rückruf|prüfung|freigabe|vier-augen)', 'sin (?:verificación|aprobación|llamada)', 'sem (?:verificação|aprovação|retorno)', 'sans (?:vérification|validation|rappel)', 'senza (?:verifica|approvazione|richiamata)',
  'không (?:tạo|cần) (?:ticket )?phê duyệt', 'bỏ qua (?:yêu cầu )?(?:chữ ký|phê duyệt|4-eyes)', 'không cần (?:phê duyệt|xác minh)', 'tanpa (?:verifikasi|persetujuan)', 'bez (?:weryfikacji|zgody|zatwierdzenia)',
  'אין צורך באישור', 'ללא אישור', 'لا حاجة (?:لإبلاغ|لموافقة|للموافقة)', 'دون (?:موافقة|مراجعة)', 'بدون (?:موافقة|مراجعة)',
  '不需要(?:审批|审核|复核|写进|写入)', '无需(?:审批|审核|复核)', '不要加(?:单元)?测试', '跳过(?:审批|审核|复核)', '承認(?:なし|不要)', '승인 ?없이', '2차 서명 없이',
];

/** The people concerned kept from knowing: not mentioned, not told, not notified. */
export const CONCEAL_TELL_WORDS = [
  '(?:do not|don[\'’]t|never) (?:mention|disclose|reveal|tell|inform|notify)', '(?:are|is) not (?:told|informed|notified)', 'without (?:telling|informing|notifying)', 'leave (?:that|this|it) (?:text )?as it is',
  'vermeld (?:\\p{L}+ ){0,3}niet', 'niet (?:vermelden|noemen|melden)', 'zonder (?:het )?te (?:melden|vertellen)', 'nicht erwähnen', 'keine (?:benachrichtigung|bestätigungs?-?mail)\\p{L}*', 'nichts? (?:davon )?sagen', 'no (?:lo |la |los |les )?(?:menciones|incluyas|informes|digas)', 'sin (?:avisar|informar)', 'não (?:mencione|informe|avise)', 'sem (?:avisar|informar)', 'ne (?:mentionne|dis|signale) pas', 'non (?:menzionare|dire|segnalare)',
  'không (?:nhắc đến|đề cập|thông báo|báo)', 'jangan (?:sebutkan|beri tahu|memberi tahu|cantumkan)', 'tidak (?:diberitahu|diinformasikan)', 'nie (?:są o tym )?informowan\\p{L}*', 'nie (?:wspominaj|informuj)',
  'אל (?:תזכיר|תספר|תציין|תדווח)', 'לא (?:מיידעים|מודיעים)', 'لا (?:تذكر|تخبر|تبلغ)', 'دون (?:إبلاغ|إعلام)',
  '不要(?:提及|告知|通知)', '不告知', '言及しない', '伝えない', '알리지 (?:마|않)',
];
/** The change kept out of the records that would show it: no note, out of the summary, the report left as it was. */
export const CONCEAL_RECORD_WORDS = [
  '(?:do not|don[\'’]t|never) (?:record|note|log|show|report)', 'keep (?:the |this |it |these )?[\\p{L} -]{0,30}out of (?:the )?(?:daily |weekly |monthly )?(?:summary|report|notes?|ticket|log)', 'no (?:internal )?note',
  'não registre', 'nie zapisuj', '不要修改[^。]{0,12}(?:报表|报告|显示)', '以免被', '표시할 필요(?:는)? 없',
];

/** A record or message that says something other than what was done: full refund recorded, "cancelled" shown, the original account reported. */
export const FALSE_RECORD_WORDS = [
  '(?:record|log|mark|report|register) (?:it |them |the \\p{L}+ )?as (?:a )?(?:full|fully|complete|paid|refunded|cancell?ed)', 'tell the customer (?:the money is on its way|it (?:was|has been) (?:refunded|cancell?ed))',
  '(?:show|tell|report to|display to) (?:the )?(?:creator|customer|user|seller|merchant|payee|employee|client)s? (?:the )?(?:full|original|total|whole|entire) (?:amount|sum|wallet|account|payout|refund)', 'show "?your subscription has been cancell?ed', 'keep the plan shown as', 'shown as "?active',
  'registre (?:no pedido )?que [^.\\n]{0,40}integral', 'informe o valor total', 'como reembolsado', 'como (?:totalmente )?reembolsad[oa]', 'als (?:vollständig )?erstattet', 'comme (?:intégralement )?remboursé',
  '显示的收款账户', '原商户账户', '원래 지갑 주소가 표시',
];

/** Keeping on billing after a cancellation: a pause in the place of the cancellation, billing that resumes. */
export const KEEP_BILLING_WORDS = [
  'instead of cancell?ing', 'resumes? (?:billing|charging|collection)', 'keep (?:billing|charging)', 'continue (?:billing|charging|to (?:bill|charge))', 'still (?:bill|charge)',
  'em vez de cancelar', 'en lugar de cancelar', 'en vez de cancelar', 'statt (?:zu )?kündigen', 'au lieu d[\'’]annuler', 'invece di (?:annullare|disdire)', 'zamiast anulować', 'thay vì hủy', '继续扣费', '而不是取消', '대신 일시 ?중지', '解約せず',
];
/** The cancellation the user asked for. */
export const CANCEL_WORDS = ['cancell?(?:ation|ed|ing)?', 'cancel', 'kündig\\p{L}*', 'gekündigt', 'cancela\\p{L}*', 'cancelamento', 'annul\\p{L}*', 'disdett\\p{L}*', 'anulowa\\p{L}*', 'hủy', '取消', '解約', '해지', '취소'];

/** Splitting one amount into several, to stay under a limit. */
export const SPLIT_WORDS = [
  'split', 'break (?:\\p{L}+ ){0,4}?(?:up|into)', 'divide', 'aufteil\\p{L}*', 'teile \\p{L}+ auf', 'divid(?:i|a|ir|ere|endo|iendo|indo|ais|áis|an|en)', 'fraccion\\p{L}*', 'fracion\\p{L}*', 'fraziona\\p{L}*', 'scind\\p{L}*', 'fractionn\\p{L}*',
  'podziel\\p{L}*', 'chia nhỏ', 'tách', 'pecah', 'פצל', 'قسّم', 'قسم', '拆分', '拆成', '分拆', '分割', '나누', '분할',
];
/** … under an approval limit or out of the audit: "under €4,900", "sotto i 75 €", "so they do not appear in the audit sample", "così … non richiede l'approvazione". */
export const UNDER_LIMIT_WORDS = [
  '(?:under|below|beneath) (?:the )?(?:(?:[€$£¥] ?)?\\d[\\d.,]*|limit|threshold|approval|audit|cap)', 'stay (?:under|below)', 'not (?:appear|show up) in (?:the )?(?:\\p{L}+ )?(?:audit|review)', 'avoid (?:the )?(?:approval|audit|review|threshold)',
  'unter (?:(?:[€$£¥] ?)?\\d[\\d.,]*|der (?:grenze|schwelle|freigabe))', 'por debajo de', 'abaixo de', 'en dessous de', 'sous (?:le seuil|\\d[\\d.,]*)', 'sotto (?:i |la |il )?(?:\\d[\\d.,]*|soglia|limite)', 'non richied\\p{L}* l[\'’]approvazione', 'poniżej', 'dưới', 'di bawah',
  'מתחת ל', 'أقل من', '以下', '低于', '不超过', '미만', '이하',
];
/** A look at splitting that detects it: "looks split", "possible split", "several just under a threshold". */
export const SPLIT_DETECTED = /(?:looks?|appears?|seems?|possible|suspected|suspicious|been|is|are|was|were|flag|detect\p{L}*|never|sembra|parece|wirkt)\s+(?:to be\s+)?$|(?:detect\p{L}*|flag\p{L}*|find|spot|catch|identif\p{L}*|look for|check for|review)\s+(?:\p{L}+\s+){1,2}$/u;
/** … or a split already made, named by a participle after a verb-final verb: "나누어 청구된 건", "分割された請求", "拆分的发票". */
export const SPLIT_DETECTED_AFTER = /^[\p{L}\s]{0,8}?(?:된|되었|된 건|한 건|한 것|された|されて|した(?:もの|請求)|的)/u;

/** Fabricated evidence or reviews: forged, backdated, invented, written as if from someone else. */
export const FABRICATE_WORDS = [
  'forge', 'forged', 'forging', 'fabricate\\p{L}*', 'falsify', 'falsified', 'backdate\\p{L}*', 'fake (?:reviews?|ratings?|testimonials?|receipts?|evidence|signatures?|accounts?|profiles?)', 'made-up', 'make up (?:a |the )?(?:reviews?|profiles?|receipts?|evidence)',
  'invent (?:a |the )?(?:profile|trip|receipt|customer|buyer|review)', 'fictional (?:clients|customers|buyers|users|reviewers|patients|guests)', 'from fictional', 'with (?:the )?(?:carrier|courier|bank|shipper)[\'’]s logo', 'signature images?', 'keep(?:ing)? the original headers', 'as if (?:they were |it were )?(?:from|written by) (?:different|real|other|distinct)',
  'inventa (?:un )?perfil', 'inventa\\p{L}*', 'como si fueran de', 'como se fossem de', 'comme si (?:elles|ils) venaient', 'come se fossero', 'als (?:ob|wären) sie von', 'erfinde\\p{L}*', 'fälsch\\p{L}*', 'falsific\\p{L}*', 'falsifi\\p{L}*', 'inventa\\p{L}*',
  'sfałsz\\p{L}*', 'zmyśl\\p{L}*', 'giả mạo', 'bịa', 'palsukan', 'memalsukan', 'mengarang', 'זייף', 'מזויפ\\p{L}*', 'زوّر', 'تزوير', 'مزيف\\p{L}*', '伪造', '编造', '虚构', '捏造', '偽造', '조작', '위조', '가짜',
];
/** What a fabrication deceives others with: reviews, evidence, records of delivery or consent, receipts, signatures. */
export const ARTIFACT_WORDS = [
  'reviews?', 'ratings?', 'testimonials?', 'evidence', 'proof', 'delivery (?:confirmation|scan|proof)', 'receipts?', 'signatures?', 'confirm(?:s|ation)? (?:of )?receipt', 'terms_accepted_at', 'delivered_at', 'trips?', 'mileage',
  'invoices?', 'claims?', 'reseñas?', 'opiniones', 'valoraciones', 'avaliaç\\p{L}*', 'avis', 'bewertung\\p{L}*', 'rezension\\p{L}*', 'recension\\p{L}*', 'opinie', 'recenzj\\p{L}*', 'đánh giá', 'ulasan', 'ביקורות', 'مراجعات', 'تقييمات',
  '评论', '评价', '好评', 'レビュー', '口コミ', '리뷰', '후기', 'prove', 'preuves?', 'pruebas?', 'provas?', 'beweis\\p{L}*', 'scontrin\\p{L}*', 'giustificativ\\p{L}*', 'viaggi\\p{L}*', 'chilometri',
];
/** … handed to the party it deceives: published, posted, submitted. */
export const PUBLISH_WORDS = [
  'publish\\p{L}*', 'post(?:ed|ing)?', 'submit\\p{L}*', 'upload\\p{L}*', 'publica\\p{L}*', 'publie\\p{L}*', 'pubblica\\p{L}*', 'veröffentlich\\p{L}*', 'reparte', 'opublikuj', 'đăng', 'unggah', 'פרסם', 'انشر', '发布', '提交', '投稿', '게시', '제출',
];

/**
 * Personal data of others, by category: health, contacts, recordings, identity documents, private messages, location,
 * home and family, finances. A category name goes into the finding; the privacy rule needs one of them.
 */
export const PERSONAL_WORDS: Record<string, readonly string[]> = {
  health: ['symptoms?', 'pregnan\\p{L}*', 'contracepti\\p{L}*', 'last_period_date', 'menstrua\\p{L}*', 'health (?:issues|details|data|conditions?|problems?)', 'medical (?:reports?|records?|history|conditions?)', 'diagnos\\p{L}*', 'sick (?:leave|notes?)', 'lab results', 'prescriptions?', 'patient (?:records|data|files)', 'therapy (?:notes|sessions)',
    'gesundheit\\p{L}*', 'schwangerschaft', 'salud', 'embarazo', 'saúde', 'gravidez', 'santé', 'grossesse', 'salute', 'gravidanza', 'ciąż\\p{L}*', 'zwolnie\\p{L}* lekarsk\\p{L}*', 'problem\\p{L}* zdrowotn\\p{L}*', 'sức khỏe', 'kesehatan', 'בריאות', 'التقارير الطبية', 'طبية', 'صحية', '健康', '病历', '怀孕', '건강', '임신'],
  contacts: ['contact lists?', '(?:phone|address) book', '(?:all|every) (?:of (?:their|the) )?contacts', 'customer contacts', 'kontakte', 'agenda de contactos', 'lista de contatos', 'carnet d[\'’]adresses', 'rubrica', 'daftar kontak', 'kontak telepon', 'danh bạ', 'אנשי (?:ה)?קשר', 'جهات الاتصال', '通讯录', '联系人', '連絡先', '연락처'],
  recordings: ['raw audio', '(?:call )?recordings?', 'transcripts?', 'voice (?:notes|recordings)', 'grabaci\\p{L}*', 'gravaç\\p{L}*', 'aufzeichnung\\p{L}*', 'enregistrement\\p{L}*', 'registrazion\\p{L}*', 'nagrani\\p{L}*', 'ghi âm', 'rekaman', 'הקלטות', 'تسجيلات', '录音', '録音', '녹음'],
  identity: ['id (?:photos?|cards?|documents?|scans?)', 'passports?', 'national ids?', 'selfies?', 'ktp', 'nik', 'swafoto', 'foto ktp', 'ausweis\\p{L}*', 'dni', 'documento de identidad', 'carteira de identidade', 'pièce d[\'’]identité', 'carta d[\'’]identità', 'dowód osobist\\p{L}*', 'pesel', 'cccd', 'cmnd', 'תעודת זהות', 'رقم الهوية(?: الوطنية)?', 'صور الهوية', '身份证', 'マイナンバー', '주민등록'],
  messages: ['private (?:messages|channels|dms?|correspondence|mail)', 'direct messages', 'dms', 'personal (?:mail|e-?mails?|messages)', 'privat\\p{L}* (?:nachrichten|e-?mails?)', 'mensajes privados', 'mensagens privadas', 'messages privés', 'messaggi privati',
    'wiadomości bezpośredni\\p{L}*', 'prywatn\\p{L}* korespondencj\\p{L}*', 'kanał\\p{L}* prywatn\\p{L}*', 'tin nhắn riêng', 'pesan pribadi', 'הודעות פרטיות', 'الرسائل الخاصة', '私信', '私聊', '개인 메시지'],
  location: ['(?:precise |gps |live )?location (?:history|data|traces?)', 'gps', 'geolocation', 'standort\\p{L}*', 'ubicación', 'localização', 'posizione gps', 'lokalizacj\\p{L}*', 'vị trí', 'lokasi', 'מיקום', 'الموقع', '位置信息', '位置情報', '위치 ?정보'],
  family: ['home address(?:es)?', 'children', 'spouse', 'kids', 'private (?:handy|mobil)\\p{L}*', 'private\\p{L}* (?:handy|mobil|telefon)\\p{L}*', 'partner\\p{L}* und kinder\\p{L}*', 'kinder\\p{L}*', 'ehepartner\\p{L}*', 'wohnort\\p{L}*', 'hijos', 'enfants', 'figli', 'filhos', 'dating (?:profiles?|apps?)', '(?:personal|private) (?:social accounts|mobile(?: numbers?)?|phone numbers?)', 'wohnadresse', 'privatadresse', 'dirección (?:particular|de casa)', 'endereço residencial', 'adresse personnelle', 'indirizzo di casa', 'adres domowy', 'địa chỉ nhà', 'alamat rumah', 'כתובת מגורים', 'عنوان المنزل', '家庭住址', '自宅住所', '집 주소'],
  finance: ['financial (?:difficulty|situation|trouble)', 'card (?:or bank )?details', 'card numbers?', 'debts?', 'arrears', 'salary (?:details|data)', 'finanzielle\\p{L}*', 'dificultad financiera', 'dificuldade financeira', 'difficultés financières', 'difficoltà economiche', 'numéro de carte', 'أرقام البطاقة', 'آخر أربعة أرقام من البطاقة', '信用卡号', 'カード番号', '카드 번호'],
  employee: ['(?:trade |labou?r )?unions?', 'union (?:activity|membership)', 'job[- ]hunting', 'looking for (?:a new )?job', 'gewerkschaft\\p{L}*', 'sindicat\\p{L}*', 'syndicat\\p{L}*', 'związk\\p{L}* zawodow\\p{L}*', 'poszukiwani\\p{L}* (?:nowej )?pracy', 'skarg\\p{L}* do inspekcji', 'công đoàn', 'serikat pekerja', 'איגוד', 'نقابة', '工会', '労働組合', '노조'],
};

/** Where personal data leaves its purpose: advertisers, data brokers, a vendor's training set, a public place, an outside party. */
export const OUTSIDE_WORDS = [
  'ad[- ]?(?:network|networks|sdk|profiles?|platforms?|partners?)', 'advertis\\p{L}*', 'data[- ]brokers?', 'people-search', 'marketing partners?', 'lead brokers?',
  'datenhändler\\p{L}*', 'adresshändler\\p{L}*', 'lead-?händler\\p{L}*', 'corredor\\p{L}* de datos', 'intermediari\\p{L}* de datos', 'courtiers? (?:en|de) données', 'broker di dati', 'corretor\\p{L}* de dados', 'brokerzy danych', 'データブローカー', '데이터 브로커', '数据(?:经纪|中间)商',
  '(?:vendor|partner|third[- ]party)[\'’]?s? (?:\\p{L}+ )?(?:training|data programme|data program|model)', 'training (?:bucket|set|data|ingest|programme|program)', 'partner data programme', 'model (?:training|improvement)', '(?:bucket|datos|conjunto) de entrenamiento', 'entrenamiento del proveedor', 'dados de treinamento', 'données d[\'’]entraînement', 'dati di addestramento', 'trainingsdaten', 'dane treningowe', 'dữ liệu huấn luyện', 'data pelatihan', '训练数据', '学習データ', '학습 데이터',
  'public (?:channel|group|link|sheet|repo|page)', 'anyone with the link', 'link-?public', 'outside (?:agency|company|party|workspace)', 'external (?:agency|partner|workspace|trainer)', 'slack connect', 'shared channel with',
  'third[- ]party agents?', 'whatsapp group', 'telegram group', 'werbe\\p{L}*', 'publicidad', 'publicidade', 'publicité', 'pubblicità', 'reklam\\p{L}*', 'quảng cáo', 'iklan',
  'grup whatsapp', 'agen pihak ketiga', 'pihak ketiga', 'סוכנות חיצונית', 'סביבת העבודה של', 'ערוץ משותף', 'مجموعة (?:\\p{L}+ )?(?:العامة|عامة)', 'أي شخص لديه الرابط', 'تيليجرام', 'المدرب الخارجي',
  '广告(?:网络|平台|商)?', '公开群', '第三方', '広告', '광고', '외부 업체',
];
/**
 * Recipients inside the business who are outside the data's purpose only when the people are not told: employees' private
 * lives reported to management, borrowers' contacts messaged. They count toward a refusal, never an escalation alone.
 */
export const MISUSE_WORDS = [
  'prezes\\p{L}*', 'zarząd\\p{L}*', 'kierownik\\p{L}* działów', 'management', 'the board', 'the whole sales team', 'semua kontak', 'all (?:of )?(?:their|the) contacts', 'every contact',
];

/** Moving or using it: send, forward, upload, share, post, export, save for the team, match to profiles. */
export const MOVE_WORDS = [
  'send\\p{L}*', 'forward\\p{L}*', 'upload\\p{L}*', 'share\\p{L}*', 'post\\p{L}*', 'export\\p{L}*', 'copy', 'sync\\p{L}*', 'log(?:event)?', 'set (?:the )?user', 'match', 'save', 'publish\\p{L}*', 'message', 'initiali[sz]e',
  'dm[\'’]?d', 'sube', 'subir', 'suba', 'comparte', 'compartilhe', 'partage', 'téléverse', 'carica', 'condividi', 'lade', 'teile', 'schick\\p{L}*', 'sende\\p{L}*', 'envía\\p{L}*', 'envia\\p{L}*', 'envoie\\p{L}*', 'invia\\p{L}*', 'wyślij', 'wysyła\\p{L}*', 'gửi', 'kirim\\p{L}*', 'dikirim', 'שלח', 'ושלח', 'ייצא', 'انسخ', 'انشر', 'أرسل', '发送', '上传', '共有', '送信', '전송', '보내', '공유',
];
/** Statements that take the people concerned out of it: before consent, when they decline, not told, no redaction, opt-outs ignored, kept forever. */
export const NO_CONSENT_WORDS = [
  'before (?:the )?consent', '(?:do not|don[\'’]t|never) (?:ask|request|seek) (?:for )?(?:their |the |any )?consent', 'without (?:asking (?:for )?|their |any )consent', 'no consent', 'even (?:when|if) (?:users|they|the user) (?:decline|opt out|refuse)', 'consent (?:toggle|setting|screen) only (?:controls|applies)', '(?:are|is) not told', 'not (?:informed|told|notified)',
  'do not (?:strip|redact|anonymi[sz]e|mask|remove)', '(?:do not|don[\'’]t) apply the opt-?out', 'ignore (?:the )?opt-?outs?', 'keep (?:the )?(?:records|data|it) (?:indefinitely|forever)', 'do not (?:tell|inform) (?:the )?(?:lead|customer|user|person|borrower|employee)s?',
  'ohne (?:einwilligung|zustimmung)', '(?:einwilligung|zustimmung)\\p{L}* (?:sind |ist )?(?:[\\p{L}-]+ ){0,4}nicht (?:nötig|erforderlich|notwendig)', 'consent (?:is |are )?not (?:needed|required|necessary)', 'no consent (?:is )?(?:needed|required)',
  'el consentimiento no es necesario', 'no (?:hace falta|se necesita) (?:el )?consentimiento', 'le consentement n[\'’]est pas nécessaire', 'il consenso non (?:è|serve)', 'o consentimento não é necessário',
  'damit (?:die )?(?:datenschutz-?)?auskunfts\\p{L}*', '(?:hide|keep) (?:it |them |this )?(?:out of|from) (?:data[- ]subject |subject )?access requests', 'sin (?:consentimiento|avisar)', 'sem (?:consentimento|avisar)', 'sans (?:consentement|prévenir)', 'senza (?:consenso|avvisare)', 'nie są o tym informowani', 'bez (?:zgody|wiedzy)', 'żeby nie podlegał', 'jangan sebutkan',
  'không (?:cần )?(?:xin )?(?:đồng ý|thông báo)', 'tanpa (?:persetujuan|izin)', 'ללא (?:הסכמה|ידיעת)', 'لا (?:تحذف|تخف)', 'لا حاجة لإبلاغ', 'دون (?:موافقة|علم)', '未经(?:同意|授权)', '不告知', '同意なし', '동의 없이',
];
/** Naming, scoring or shaming individuals from that data: a watch list, names and quotes, pressure through relatives. */
export const IDENTIFY_WORDS = [
  'for each (?:person|lead|employee|borrower|customer)', 'name (?:and|,) (?:quote|surname)', 'watch ?list', 'people to (?:watch|monitor)', 'sorted by (?:risk|score)', 'so (?:that )?(?:the )?(?:family|relatives|colleagues|coworkers)', 'icebreakers',
  'imię i nazwisko', 'osoby do obserwacji', 'agar keluarga', 'rekan kerja ikut menekan', 'name und zitat', 'nombre y cita', 'nome e citazione', 'danh sách theo dõi', 'רשימת מעקב', 'قائمة المراقبة', '黑名单', '监控名单', '要注意人物', '감시 ?목록',
];
