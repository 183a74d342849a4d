/**
 * The prose reader's vocabulary, kept as data: verbs that make an effect, the objects they act on,
 * and the words that change what a sentence is (negation, addressing, presenting things to detect),
 * in the languages skills are written in. A rule in read.ts is "an addressed verb of class X with an
 * object of class Y in the same clause", so a new language or synonym is a new word here, not a new
 * rule. Every source is a plain alternation (linear-time; no nested quantifiers).
 */
import { quickStartRegExp } from '../regex-quick-start.js';

/**
 * Lower-cases text without changing its length (so offsets stay exact). The prose reader matches on
 * lower-cased text because case-insensitive Unicode regexes are an order of magnitude slower.
 */
export function lowerSame(s: string): string {
  const l = s.toLowerCase();
  if (l.length === s.length) return l;
  let out = '';
  for (const ch of s) {
    const lc = ch.toLowerCase();
    out += lc.length === ch.length ? lc : ch;
  }
  return out;
}

/** A regex source lower-cased outside its escapes (`\\S`, `\\p{L}` keep their case). */
export function lowerSource(src: string): string {
  return src.split(/(\\[pPu]\{[^}]*\}|\\.)/).map((part, i) => (i % 2 ? part : part.toLowerCase())).join('');
}

/** `\\w` as any letter, digit or underscore, inside or outside a character class. */
function unicodeWord(src: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '\\') {
      const next = src[i + 1] ?? '';
      out += next === 'w' ? (inClass ? '\\p{L}\\p{N}_' : '[\\p{L}\\p{N}_]') : ch + next;
      i++;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    out += ch;
  }
  return out;
}

/**
 * Builds an alternation over lower-cased text (see lowerSame), Unicode-aware. Words of alphabetic scripts get word edges
 * (`\b` does not know Cyrillic or accented letters, so the edges are lookarounds, written once
 * around the whole group so the engine tests them once per position); CJK words need none.
 */
/**
 * A literal space between words matches any run of spaces ("IGNORE   THE   ABOVE") and a wrapped line ("takes⏎
 * precedence": a paragraph is one unit however its lines are broken), outside character classes; never a blank line.
 */
function spaced(src: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '\\') { out += ch + (src[i + 1] ?? ''); i++; continue; }
    if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    if (ch === ' ' && !inClass && !/[?*+{]/.test(src[i + 1] ?? '')) { out += '(?:[ \\t]+|[ \\t]*\\n[ \\t]*)'; continue; }
    out += ch;
  }
  return out;
}

export function alt(words: readonly string[], flags = 'gu'): RegExp {
  // `\w` is ASCII-only even under the u flag; a lexicon word means any letter.
  const prep = (w: string) => spaced(unicodeWord(lowerSource(w)));
  // Whether a word is alphabetic is decided by its first literal character, past any opening group.
  const isWordy = (w: string) => WORDY.test(w.replace(/^(?:\(\?:|\()+/, ''));
  const wordy = words.filter(isWordy).map(prep);
  const other = words.filter((w) => !isWordy(w)).map(prep);
  const parts: string[] = [];
  if (wordy.length) parts.push(`(?<![\\p{L}\\p{N}_])(?:${wordy.join('|')})(?![\\p{L}\\p{N}_])`);
  if (other.length) parts.push(`(?:${other.join('|')})`);
  return quickStartRegExp(parts.join('|') || '(?!)', flags);
}

/**
 * Scripts whose words the reader finds by pattern rather than by spaced word: Chinese and Japanese are not
 * spaced, and a Korean word carries its particles and endings ("이메일을", "보내세요"). Japanese and Korean put
 * the verb last, so an object before the verb is still its object; Chinese does with 把.
 */
export const CJK = /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7af]/u;
/** Turkish text (its dotless ı, ğ and ş): verb-final like Japanese and Korean, so the object stands before the verb ("arşivleri … yükle"). */
export const TURKISH = /[ığşİĞŞ]/u;

const WORDY = /^(?:[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\d~$\\/.<(]|\\[.$])/u;

// ---------------------------------------------------------------------------------------------
// Verbs, by the effect they make. Imperative and infinitive forms (how steps are written).

export const VERB = {
  read: [
    'read', 'collect', 'gather', 'grab', 'copy', 'dump', 'extract', 'cat', 'open', 'capture', 'harvest', 'include', 'attach', 'take', 'scan', 'find', 'list', 'export', 'save', 'record', 'log', 'store', 'append', 'embed', 'encode', 'url-encode', 'base64-encode', 'summari[sz]e', 'bundle', 'zip', 'archive', 'compress', 'pack', 'back up',
    'keep (?:a |an )?(?:running |full |complete )?(?:log|record|copy|transcript|list)s? of',
    // the same standing log and archive verbs in the other languages (docs/skill-prose.md, logs the agent keeps)
    'registra', 'registrare', 'annota', 'tieni (?:un )?(?:registro|log|elenco) di', 'protokolliere', 'führe (?:ein |eine )?(?:protokoll|log|liste) (?:über|aller|von)',
    'lleva (?:un )?(?:registro|log) de', 'mantén (?:un )?registro de', 'registre', 'enregistre', 'enregistrez', 'tiens (?:un )?(?:journal|registre) de', 'mantenha (?:um )?registro de', 'registrar',
    'comprime', 'comprimi', 'compresse', 'compressez', 'comprima', 'komprimiere', 'zippe', 'empaqueta', 'archiva',
    'kopieer', 'verzamel', 'lees', 'bundel', 'kopyala', 'topla', 'oku', 'arşivle',
    // (putting files into an archive: "pak … in", "voeg … toe", "bir arşive koy", "ekle", "paketle", "sıkıştır")
    'pak', 'voeg', 'neem', 'koy', 'ekle', 'paketle', 'sıkıştır',
    'lies', 'lese', 'lesen', 'sammle', 'sammeln', 'kopiere', 'kopieren', 'füge', 'hänge', 'nimm', 'extrahiere', 'speichere', 'exportiere',
    'lee', 'leer', 'recopila', 'recopilar', 'reúne', 'copia', 'copiar', 'incluye', 'incluir', 'adjunta', 'extrae', 'guarda', 'exporta',
    'lis', 'lisez', 'lire', 'collecte', 'collectez', 'collecter', 'récupère', 'récupérez', 'récupérer', 'copie', 'copiez', 'copier', 'inclus', 'incluez', 'joins', 'joignez', 'extrais', 'exporte',
    'leia', 'ler', 'colete', 'coletar', 'copie', 'inclua', 'incluir', 'anexe', 'extraia',
    'leggi', 'leggere', 'raccogli', 'raccogliere', 'copia', 'includi', 'allega', 'estrai',
    'прочитай', 'прочитайте', 'прочитать', 'прочти', 'собери', 'соберите', 'собрать', 'скопируй', 'скопируйте', 'скопировать', 'включи', 'добавь', 'приложи', 'извлеки', 'сохрани',
    '读取', '读', '收集', '复制', '拷贝', '提取', '附上', '包含', '获取',
    '読み取', '読み込', '読んで', '収集', 'コピー', '取得', '含め', '添付',
    '읽어', '읽고', '수집', '복사', '추출', '첨부', '포함', '가져', '내보내', '모아', '백업',
    'search for', 'look for', 'locate', 'cherche', 'cherchez', 'trouve', 'trouvez', 'busca', 'buscar', 'encuentra', 'localiza', 'suche', 'finde', 'procure', 'procura', 'encontre', 'localize', 'cerca', 'trova', 'найди', 'ищи', '查找', '寻找', '探し', '検索', '찾아',
  ],
  send: [
    'send', 'post', 'upload', 'submit', 'forward', 'transmit', 'save', 'drop', 'export', 'log', 'record', 'write', 'stream', 'mirror', 'copy', 'attach', 'include', 'e-?mail', 'mail', 'share', 'report', 'push', 'publish', 'sync', 'beam', 'exfiltrate', 'relay', 'deliver', 'ping', 'notify', 'register', 'call', 'fetch', 'request', 'visit', 'open', 'load', 'render', 'display', 'show', 'embed', 'append', 'add', 'end',
    'sende', 'senden', 'schicke', 'schick', 'schicken', 'übermittle', 'übermitteln', 'übertrage', 'übertragen', 'lade', 'laden', 'hochladen', 'poste', 'posten', 'leite', 'leiten', 'weiterleiten', 'teile', 'teilen', 'eintragen',
    'envía', 'envia', 'enviar', 'envíe', 'manda', 'mandar', 'envíalo', 'envíala', 'envíalos', 'envíalas', 'mándalo', 'mándala', 'mándalos', 'súbelo', 'súbela', 'súbelos', 'reenvíalo', 'reenvíala', 'compártelo', 'compártela', 'sube', 'suba', 'subir', 'publica', 'publicar', 'reenvía', 'reenvíe', 'comparte', 'comparta', 'transmite', 'transfiera', 'registre',
    'envoie', 'envoyez', 'envoyer', 'envoie-le', 'envoie-la', 'envoie-les', 'envoyez-le', 'envoyez-la', 'envoyez-les', 'transmets', 'transmettez', 'transmettre', 'téléverse', 'téléversez', 'poste', 'postez', 'publie', 'partage', 'transfère',
    'envie', 'mande', 'carregue', 'envie-o', 'envie-a', 'envia-o', 'envia-a', 'mande-o', 'mande-a', 'publique', 'compartilhe', 'encaminhe', 'transmita',
    'invia', 'invii', 'inviare', 'invialo', 'inviala', 'inviali', 'caricalo', 'caricala', 'inoltralo', 'inoltrala', 'manda', 'carica', 'carichi', 'caricare', 'pubblica', 'inoltra', 'inoltrare', 'inoltrato', 'inoltrata', 'inoltrati', 'condividi', 'trasmetti',
    'stuur', 'verstuur', 'verzend', 'upload', 'deel', 'yükle', 'gönder', 'paylaş', 'aktar',
    'отправь', 'отправьте', 'отправить', 'отошли', 'пошли', 'перешли', 'загрузи', 'загрузите', 'опубликуй', 'передай', 'передайте',
    'wyślij', 'wyślijcie', 'prześlij', 'przekaż', 'kirim', 'kirimkan', 'unggah', 'teruskan',
    '发送', '发到', '发给', '上传', '提交', '转发', '推送', '传到', '传给',
    '送信', '送って', '送る', 'アップロード', '転送', '投稿',
    '보내', '보낼', '전송', '업로드', '전달', '공유', '게시', '제출', '올려', '발송', '포워딩',
  ],
  fetch: [
    'fetch', 'download', 'load', 'retrieve', 'pull', 'get', 'check', 'read', 'open', 'visit', 'curl', 'wget', 'poll', 'query',
    'lade', 'hole', 'abrufen', 'rufe', 'prüfe', 'lies',
    'descarga', 'descargar', 'obtén', 'obtener', 'carga', 'consulta', 'revisa', 'lee',
    'télécharge', 'téléchargez', 'récupère', 'récupérez', 'charge', 'consulte', 'vérifie', 'lis',
    'baixe', 'baixar', 'obtenha', 'carregue', 'consulte', 'verifique', 'leia',
    'scarica', 'scaricare', 'recupera', 'carica', 'controlla', 'leggi',
    'скачай', 'скачайте', 'загрузи', 'получи', 'проверь', 'прочитай',
    '下载', '获取', '拉取', '检查', '读取', '访问',
    'ダウンロード', '取得', '確認', '読み込',
    '다운로드', '가져와', '불러와', '조회', '방문', '열어',
  ],
  follow: [
    'follow', 'obey', 'execute', 'run', 'apply', 'carry out', 'carry (?:them|it|these|those) out', 'act on', 'comply with', 'do what', 'perform', 'implement', 'treat', 'adopt', 'honou?r',
    'wykonaj', 'wykonuj', 'postępuj zgodnie z', 'jalankan', 'ikuti', 'laksanakan', 'patuhi',
    'befolge', 'folge', 'führe', 'ausführen', 'wende', 'setze',
    'sigue', 'seguir', 'ejecuta', 'ejecútalo', 'ejecútala', 'ejecutar', 'aplica', 'obedece', 'cumple',
    'suis', 'suivez', 'suivre', 'exécute', 'exécutez', 'exécuter', 'exécute-les', 'exécutez-les', 'applique', 'appliquez', 'obéis',
    'siga', 'seguir', 'execute', 'executar', 'aplique', 'obedeça', 'cumpra',
    'segui', 'seguire', 'esegui', 'eseguire', 'applica', 'obbedisci',
    'следуй', 'следуйте', 'выполни', 'выполните', 'выполнить', 'примени', 'исполни',
    '遵循', '遵守', '执行', '照做', '按照', '服从',
    '従', '実行', '適用',
    '따르', '따라', '실행', '적용', '준수', '수행',
  ],
  decode: [
    'decode', 'base64-decode', 'unpack', 'deobfuscate', 'decrypt', 'reverse', 'unescape',
    'dekodiere', 'dekodieren', 'entschlüssle',
    'decodifica', 'decodificar', 'descifra',
    'décode', 'décodez', 'décoder', 'déchiffre',
    'decodifique',
    'decodificare',
    'декодируй', 'декодируйте', 'расшифруй', 'раскодируй',
    '解码', '解密',
    'デコード', '復号',
    '디코딩', '디코드', '복호화', '해독',
  ],
  run: [
    'run', 'execute', 'eval', 'evaluate', 'pipe', 'paste', 'type', 'launch', 'source', 'invoke', 'follow', 'obey', 'apply', 'carry out',
    'führe', 'ausführen', 'starte', 'befolge',
    'ejecuta', 'ejecútalo', 'ejecútala', 'ejecutar', 'corre', 'lanza', 'sigue',
    'exécute', 'exécutez', 'exécuter', 'lance', 'lancez', 'suis', 'suivez',
    'execute', 'executar', 'rode', 'siga',
    'esegui', 'eseguire', 'avvia', 'segui',
    'выполни', 'выполните', 'запусти', 'запустите', 'следуй',
    '执行', '运行', '照做',
    '実行', '従',
    '실행', '구동',
  ],
  persist: [
    'write', 'add', 'append', 'save', 'store', 'put', 'insert', 'record', 'prepend', 'inject', 'remember', 'memori[sz]e', 'update', 'create', 'set', 'seed', 'pre-?populate', 'prefill', 'preload',
    'dopisz', 'dodaj', 'zapisz', 'tambahkan', 'tulis', 'simpan',
    'schreibe', 'füge', 'hänge', 'speichere', 'merke', 'trage',
    'escribe', 'añade', 'agrega', 'guarda', 'recuerda', 'inserta',
    'écris', 'écrivez', 'ajoute', 'ajoutez', 'enregistre', 'mémorise', 'insère',
    'escreva', 'adicione', 'salve', 'grave', 'lembre',
    'scrivi', 'aggiungi', 'salva', 'memorizza', 'inserisci',
    'запиши', 'запишите', 'добавь', 'добавьте', 'сохрани', 'запомни',
    '写入', '添加', '保存', '记住', '追加',
    '書き込', '追加', '保存', '記憶',
    '저장', '기록', '추가', '기억', '작성',
  ],
  ask: [
    'ask', 'request', 'prompt', 'tell', 'have', 'get', 'instruct', 'invite', 'require', 'collect', 'obtain',
    'bitte', 'bitten', 'frage', 'fragen', 'erfrage', 'erfragen', 'fordere', 'fordern', 'verlange', 'verlangen', 'lass', 'lassen',
    'pide', 'pídele', 'pida', 'pídale', 'pedir', 'solicita', 'solicitar', 'pregunta',
    'demande', 'demandez', 'demander', 'invite', 'exige',
    'peça', 'pedir', 'solicite', 'pergunte',
    'chiedi', 'chieda', 'chiedere', 'richiedi', 'richieda', 'domanda',
    'попроси', 'попросите', 'запроси', 'спроси', 'потребуй',
    'poproś', 'poproście', 'zapytaj', 'minta', 'mintalah', 'tanyakan',
    '要求', '请求', '让用户', '请用户', '询问',
    '求め', '依頼', '尋ね', '聞いて', 'てもらう', 'てもらって', 'ていただ',
    'vraag', 'vragen', 'verzoek', 'laat',
    '요청', '요구', '물어', '묻',
  ],
  paste: [
    'paste', 'enter', 'type', 'provide', 'share', 'give', 'send', 'submit', 'reply with', 'respond with', 'post', 'input', 'supply', 'confirm', 'reveal', 'read (?:it |them |that )?(?:back|out)', 'dictate', 'forward', 'attach', 'upload',
    'einfügen', 'eingeben', 'angeben', 'mitteilen', 'schicken', 'senden', 'nennen', 'gib', 'teile',
    // (the zu-infinitive after "bitte den Benutzer, … ": separable verbs take zu inside)
    'einzufügen', 'einzugeben', 'anzugeben', 'mitzuteilen', 'zu schicken', 'zu senden', 'zu nennen', 'zu teilen', 'zu geben', 'hochzuladen',
    'pégalo', 'pégala', 'pégalos', 'pégalas', 'pegalo', 'pégamelo', 'envíalo', 'envíala', 'envíalos', 'envíamelo', 'mándalo', 'mándamelo', 'compártelo', 'compártela', 'escríbelo', 'escríbela', 'introdúcelo', 'dámelo', 'cópialo', 'incollalo', 'incollala', 'invialo', 'inviala', 'inviamelo', 'mandalo', 'mandamelo', 'cole', 'envie', 'colle', 'envoie', 'donne', 'schick es', 'schicke es',
    'pegar', 'pegue', 'introducir', 'introduzca', 'escribir', 'escriba', 'escribe', 'proporcionar', 'proporcione', 'compartir', 'enviar', 'dar', 'facilitar', 'facilite', 'dicte', 'dicta',
    'coller', 'collez', 'saisir', 'saisissez', 'entrer', 'fournir', 'partager', 'envoyer', 'donner', 'indiquer',
    'colar', 'cole', 'digitar', 'digite', 'informar', 'informe', 'fornecer', 'forneça', 'compartilhar', 'enviar',
    'incollare', 'incolla', 'inserire', 'inserisci', 'fornire', 'condividere', 'inviare', 'dare', 'digitare',
    'вставить', 'вставь', 'ввести', 'введи', 'введите', 'прислать', 'отправить', 'сообщить', 'предоставить', 'дать',
    'wklej', 'wkleić', 'wkleił\\w*', 'podaj', 'podał\\w*', 'wpisz', 'wpisał\\w*', 'tempel', 'tempelkan', 'menempelkan', 'masukkan', 'memasukkan', 'berikan', 'memberikan', 'ketik', 'mengetik',
    '粘贴', '输入', '提供', '发送', '告诉', '分享',
    '貼り付け', '入力', '提供', '送信', '教えて', '共有', '送って', '伝えて', '貼って',
    'plak', 'plakken', 'geef', 'geven', 'deel', 'delen', 'stuur', 'sturen', 'voer', 'invoeren',
    '붙여 ?넣', '입력', '제공', '알려', '공유', '보내',
  ],
  conceal: [
    'tell', 'mention', 'point (?:this|it|that|these|them) out', 'list (?:it|this|that)', 'reveal', 'disclose', 'show', 'report', 'explain', 'inform', 'notify', 'alert', 'say',
    'mów', 'mówić', 'informuj', 'wspominaj', 'memberi tahu', 'beri tahu', 'beritahu', 'memberitahu', 'sebutkan',
    'mentioned', 'disclosed', 'revealed', 'told', 'silent',
    'erwähne', 'erwähnen', 'sage', 'sag', 'sagen', 'zeige', 'zeigen', 'informiere', 'informieren', 'melde', 'erkläre', 'verrate', 'verraten',
    'menciones', 'mencionar', 'digas', 'decir', 'muestres', 'mostrar', 'informes', 'informar', 'expliques', 'avises', 'avisar', 'comentes', 'comente',
    'mentionne', 'mentionner', 'dis', 'dire', 'montre', 'montrer', 'informe', 'informer', 'signale', 'explique', 'parle',
    'mencione', 'mencionar', 'diga', 'dizer', 'mostre', 'informe', 'explique', 'avise',
    'menzionare', 'menzionarlo', 'dire', 'dirlo', 'mostrare', 'informare', 'spiegare', 'segnalare', 'citare', 'citarlo', 'citarla', 'citarli', 'nominare', 'nominarlo',
    'упоминай', 'упоминайте', 'говори', 'говорите', 'сообщай', 'сообщайте', 'показывай', 'рассказывай', 'объясняй',
    '告诉', '提及', '提到', '透露', '显示', '通知', '说明',
    '伝え', '言わ', '表示', '知らせ', '説明', '触れ',
    '알리', '알려', '말하', '언급', '표시', '보고', '설명',
  ],
  override: [
    'ignore', 'disregard', 'forget', 'override', 'bypass', 'discard', 'drop', 'abandon', 'set aside', 'suspend', 'overrule', 'supersede', 'replace',
    'ignoriere', 'ignorieren', 'vergiss', 'vergessen', 'missachte', 'übergehe', 'verwirf',
    'ignora', 'ignorar', 'olvida', 'olvidar', 'omite', 'descarta', 'anula',
    'ignore', 'ignorez', 'ignorer', 'oublie', 'oubliez', 'oublier', 'outrepasse', 'contourne',
    'ignore', 'ignorar', 'esqueça', 'esquecer', 'desconsidere', 'descarte',
    'ignora', 'ignorare', 'dimentica', 'dimenticare', 'scavalca',
    'игнорируй', 'игнорируйте', 'проигнорируй', 'забудь', 'забудьте', 'отбрось', 'обойди',
    'zignoruj', 'ignoruj', 'pomiń', 'abaikan', 'lupakan', 'acuhkan',
    '忽略', '无视', '忘记', '忘掉', '不要理会', '绕过', '覆盖',
    '無視', '忘れ',
    '무시', '잊어', '잊고', '우회',
  ],
  destroy: [
    'delete', 'remove', 'wipe', 'erase', 'destroy', 'purge', 'format', 'shred', 'nuke', 'rm -rf', 'rm -fr', 'overwrite', 'truncate', 'drop',
    'lösche', 'löschen', 'entferne', 'vernichte', 'formatiere',
    'borra', 'borrar', 'elimina', 'eliminar', 'destruye', 'formatea',
    'supprime', 'supprimez', 'supprimer', 'efface', 'effacez', 'détruis', 'formate',
    'apague', 'apagar', 'exclua', 'excluir', 'remova', 'destrua', 'formate',
    'cancella', 'cancellare', 'elimina', 'distruggi', 'formatta',
    'удали', 'удалите', 'удалить', 'сотри', 'уничтожь', 'отформатируй',
    '删除', '清空', '抹掉', '格式化', '销毁',
    '削除', '消去', '消して', 'フォーマット',
    '삭제', '지워', '지우', '제거', '포맷', '초기화',
  ],
  tamper: [
    'add', 'insert', 'include', 'inject', 'embed', 'append', 'prepend', 'put', 'place', 'use', 'set', 'hard-?code', 'replace', 'route', 'point', 'direct', 'make', 'ensure',
    'füge', 'baue', 'setze', 'verwende', 'nutze', 'ersetze',
    'añade', 'agrega', 'inserta', 'incluye', 'usa', 'utiliza', 'pon', 'reemplaza',
    'ajoute', 'ajoutez', 'insère', 'insérez', 'inclus', 'utilise', 'utilisez', 'mets', 'remplace',
    'adicione', 'insira', 'inclua', 'use', 'utilize', 'coloque', 'substitua',
    'aggiungi', 'inserisci', 'includi', 'usa', 'utilizza', 'metti', 'sostituisci',
    'добавь', 'добавьте', 'вставь', 'вставьте', 'используй', 'используйте', 'укажи', 'замени',
    '添加', '插入', '加入', '使用', '替换', '嵌入',
    '追加', '挿入', '使用', '埋め込', '置き換',
    '추가', '삽입', '포함', '사용', '교체', '바꿔', '넣어', '설정',
  ],
} as const;

export type VerbClass = keyof typeof VERB;

// ---------------------------------------------------------------------------------------------
// Objects: what a verb acts on. Each class has a stable data name for the effect model's flow.

export interface ObjectClass {
  /** Data name (`secret:ssh`, `conversation`, …) used in produces/consumes. */
  name: string;
  /** Catalogue-style suffix for the action entry (`read.<suffix>`). */
  entry: string;
  words: readonly string[];
  /** A wallet seed, private key or password: asking for it is never part of an honest skill. */
  critical?: boolean;
}

export const SECRET_OBJECTS: readonly ObjectClass[] = [
  { name: 'secret:ssh', entry: 'secret.ssh', words: ['ssh ?키', '~/\\.ssh[\\w/.-]*(?<!\\.pub)(?![\\w/.-])', '\\.ssh/(?![\\w.-]*\\.pub\\b)', 'id_(?:rsa|dsa|ecdsa|ed25519)(?!\\.pub)', 'ssh[ -]?(?:private[ -]?)?keys?', 'ssh-schlüssel\\w*', 'claves? ssh', 'llaves? ssh', 'clés? ssh', 'chaves? ssh', 'chiavi ssh', 'ssh-?ключ\\w*', 'ключ\\w* ssh', 'ssh ?密钥', 'ssh ?鍵', 'authorized_keys'] },
  { name: 'secret:env-file', entry: 'secret.env-file', words: ['\\.env(?:\\.[a-z]+)?(?![\\w.-]*example)', 'dotenv files?', 'env files?'] },
  { name: 'secret:cloud', entry: 'secret.cloud', words: ['~?/?\\.aws[\\w/.-]*', 'aws credentials', '\\.kube/config', 'kubeconfig', '\\.docker/config\\.json', 'application_default_credentials\\.json', 'gcloud credentials', '\\.azure'] },
  // shell history files hold the tokens and passwords typed on command lines (effects/catalogue/locations.ts, read.secret.history)
  { name: 'secret:history', entry: 'secret.history', words: ['~?/?\\.(?:bash|zsh|sh|python|node_repl|psql|mysql)_history', '\\.zhistory', 'consolehost_history\\.txt', '(?:shell|command|bash|zsh|terminal) history(?: files?)?', 'shell-?verlauf', 'befehlsverlauf', 'historial de (?:la )?(?:shell|comandos|terminal)', 'historique (?:du shell|des commandes|du terminal)', 'cronologia (?:della shell|dei comandi|del terminale)', 'histórico (?:do shell|de comandos|do terminal)', 'истори\\p{L}* (?:команд|терминала|shell|оболочки)'] },
  { name: 'secret:package-token', entry: 'secret.package-token', words: ['\\.npmrc', '\\.pypirc', '\\.netrc', '\\.git-credentials', 'gh auth token', 'git credentials?'] },
  { name: 'secret:seed', entry: 'secret.seed', critical: true, words: ['시드 ?(?:문구|구문)', '복구 ?(?:문구|구문)', '니모닉', '개인 ?키', '지갑 ?(?:키|백업)', 'seed[ -]?phrases?', 'recovery[ -]?phrases?', 'mnemonic(?: phrase)?s?', 'secret recovery phrase', '(?:12|24)[ -]word (?:phrase|seed|recovery phrase)', '(?:12|18|24) (?:words|palabras|wörter|mots|palavras|parole|слов)', 'wallet (?:seed|keys?|backup)', 'keystore', 'wallet\\.dat', 'private[ -]?keys?', 'privater? schlüssel', 'wiederherstellungsphrase', 'seed-phrase', 'frase (?:semilla|de recuperación)', 'clave privada', 'phrase de récupération', 'clé privée', 'frase (?:de recuperação|semente)', 'chave privada', 'frase di recupero', 'chiave privata', 'сид-?фраз\\w*', 'мнемоническ\\w* фраз\\w*', 'приватн\\w* ключ\\w*', 'секретн\\w* фраз\\w*', '助记词', '私钥', '种子短语', 'シードフレーズ', '秘密鍵', 'リカバリーフレーズ', 'fraz\\w* odzyskiwania', 'fraz\\w* seed', '(?:12|24) słów', 'frasa pemulihan', 'frasa benih', '(?:12|24) kata'] },
  { name: 'secret:password', entry: 'secret.password', critical: true, words: ['senhas?(?: d[oa] [\\p{L} ]{2,30})?', 'contraseñas?', 'mots? de passe', 'passwörter', 'passwort', 'wachtwoord(?:en)?', 'şifre\\p{L}*', 'parola\\p{L}*', 'códigos? (?:recebidos?|recibidos?) (?:por|via) sms', 'códigos? (?:do|del|por) sms', 'codes? reçus? par sms', 'códigos? de (?:verificación|seguridad|acceso|confirmación)', 'codes? de (?:vérification|sécurité|confirmation)', '(?:bestätigungs|verifizierungs|sicherheits|einmal)codes?', 'códigos? de (?:verificação|segurança|acesso|confirmação)', 'codic[ei] di (?:verifica|sicurezza|conferma)', '(?:\\d|four|five|six|seven|eight)[- ]digit (?:codes?|pins?|numbers?)', 'codes? (?:they|you|the user|the customer) (?:just )?(?:received|receive|got|get)', 'codes? (?:sent|texted) to (?:their|your|the user[\'’]s) (?:phone|number|device|e-?mail|inbox)', 'texted codes?', '(?:認証|確認|ワンタイム|セキュリティ)コード', 'ワンタイムパスワード', '验证码', '校验码', '动态码', '一次性(?:密码|验证码)', '비밀번호', '패스워드', '암호(?!화)', '인증 ?(?:코드|번호)', '일회용 ?(?:코드|비밀번호)', '보안 ?코드', '복구 ?코드', 'passwords?', 'passphrases?', 'login password', 'sudo password', 'passcodes?', '2fa codes?', 'otp', '(?:recovery|backup) codes?', 'wiederherstellungscodes?', 'backup-codes?', 'códigos? de (?:recuperación|respaldo|recuperação)', 'codes? de (?:récupération|secours)', 'codici di recupero', 'sms[ -]codes?', 'codes? aus der sms', 'código (?:del|de) sms', 'one-time codes?', 'verification codes?', 'mfa codes?', 'pin(?!\\s+(?:it|them|this|that|these|those|the|a|an|to|down|versions?|dependencies|each|every)(?![\\p{L}]))(?![-_]\\w)', 'passw(?:ö|o)rt\\w*', 'kennwort', 'contraseñas?', 'mots? de passe', 'senhas?', 'password', 'пароль\\w*', '密码', 'パスワード', '暗証番号', 'kod\\p{L}* sms', 'kod\\p{L}* (?:weryfikacyjn|jednorazow|autoryzacyjn)\\p{L}*', 'hasł\\p{L}*', 'kata sandi', 'kode (?:otp|verifikasi|sms|keamanan)'] },
  { name: 'secret:token', entry: 'secret.token', words: [
    // a connection string carrying its own password (effects/catalogue/locations.ts, CREDENTIAL_URL)
    '[a-z][a-z0-9+.-]{1,20}://[\\w.%~-]{0,64}:(?!(?:password|passwd|pass|pwd|secret|changeme|example|your[\\w-]*|x{3,}|\\*+)@)[^\\s:/@<>{}$*\'"`]{3,80}@[\\w.-]+', 'connection strings?(?: with (?:the|its) password)?','[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:secret_key|secret|token|password|passwd|pwd|credentials?|api_?key|private_?key|access_?key)', '토큰', 'api ?키', '액세스 ?키', '비밀 ?키', '자격 ?증명', '쿠키', '환경 ?변수', 'api[ _-]?keys?', 'access[ _-]?keys?', 'secret[ _-]?keys?', '(?:access|auth|bearer|api|github|gh|npm|pypi|personal access|session|refresh|oauth|slack|openai|anthropic|discord|bot)[ _-]?tokens?', 'tokens?', '(?<!\\bas\\s+(?:an?\\s+)?(?:[\\p{L}-]+\\s+)?)secrets?(?![ _-](?:gists?|managers?|stores?|scann\\w*|mounts?|mode|channels?|notes?|links?|urls?|vaults?|rotation|detection))', 'credentials?(?![ _-](?:managers?|helpers?|stores?|process|providers?))', 'cookies?', 'session ids?', 'environment variables?', 'env vars?', 'the environment', '\\$?[A-Z][A-Z0-9_]*(?:TOKEN|SECRET|KEY|PASSWORD|PAT)\\b', 'api-schlüssel\\w*', 'schlüssel', 'zugangsdaten',
    // Dutch and Turkish (the verbs are listed above): cookies, keys, keychain, credentials, tokens, environment variables
    'cookiebestand(?:en)?', 'sleutels?', 'sleutelhanger', 'inloggegevens', 'toegangsgegevens', 'toegangstokens?', 'omgevingsvariabelen',
    'çerez\\p{L}*', 'anahtar\\p{L}*', 'anahtarlık\\p{L}*', 'kimlik bilgi\\p{L}*', 'erişim belirteç\\p{L}*', 'belirteç\\p{L}*', 'token\\p{L}*', 'ortam değişken\\p{L}*', 'umgebungsvariablen', 'claves?(?: de api)?', 'credenciales', 'tokens? de acceso', 'variables de entorno', 'clés? (?:d\'|d’)?api', 'identifiants', 'jetons?', 'variables d\'environnement', 'chaves?(?: de api)?', 'credenciais', 'variáveis de ambiente', 'chiavi(?: api)?', 'credenziali', 'variabili d\'ambiente', 'токен\\w*', 'ключ\\w* api', 'api[ -]?ключ\\w*', 'ключ\\w*', 'учётн\\w* данн\\w*', 'учетн\\w* данн\\w*', 'переменн\\w* окружения', '令牌', '密钥', '凭据', '凭证', '环境变量', 'api ?key', 'トークン', 'apiキー', '認証情報', '環境変数'] },
];

export const CONVERSATION_OBJECT: ObjectClass = {
  name: 'conversation', entry: 'conversation',
  words: ['대화 ?(?:기록|내역|내용)?', '채팅 ?(?:기록|내역)', '시스템 프롬프트', '(?:the |this |our |entire |full |whole )*(?:conversation|chat)(?: history| log| transcript)?', 'chat history', 'message history', "(?:the )?user['’]s (?:request|messages?|prompts?|questions?|query|input|documents?)", 'everything the user (?:said|typed|wrote|shared)', '(?:every|each|all(?: the)?) (?:commands?|requests?|prompts?|questions?|messages?) (?:that )?the user (?:asks|types|sends|runs|gives|enters|writes)\\w*', '(?:a |the )?(?:running |full |complete )?log of (?:every|each|all(?: the)?) (?:commands?|requests?|prompts?|questions?|messages?)', 'the (?:full )?(?:user )?(?:document|transcript)', 'system prompt', '(?:jede[nrs]?|alle) (?:anfragen?|fragen?|nachrichten?|befehle?|eingaben?)\\w* des (?:benutzers|nutzers|anwenders)', 'cada (?:comando|solicitud|petición|pregunta|mensaje|pedido|pergunta|mensagem) (?:que )?(?:te )?(?:el usuario|o usuário)', 'chaque (?:commande|demande|question|message) (?:que )?l[\'’]utilisateur', 'ogni (?:comando|richiesta|domanda|messaggio|prompt) (?:che )?l[\'’]utente', 'gesprächsverlauf', 'unterhaltung', 'chatverlauf', 'nachrichten des nutzers', 'conversación', 'historial(?: del chat)?', 'mensajes del usuario', 'conversation', 'historique', 'messages de l\'utilisateur', 'conversa', 'histórico', 'mensagens do usuário', 'conversazione', 'cronologia', 'переписк\\w*', 'диалог\\w*', 'разговор\\w*', 'истори\\w* чата', '对话', '聊天记录', '会话', '用户的消息', '会話', 'チャット履歴', 'やり取り'],
};

export const CLIPBOARD_OBJECT: ObjectClass = {
  name: 'clipboard', entry: 'clipboard',
  words: ['클립보드', 'clipboard', 'zwischenablage', 'portapapeles', 'presse-papiers?', 'área de transferência', 'appunti', 'буфер\\w* обмена', '剪贴板', '剪切板', 'クリップボード'],
};

/**
 * The user's personal data that an assistant's tools reach: mail, contacts, calendar, files, photos, location,
 * payment cards. Sent to an address the skill fixes, it leaves the user's hands as a credential does.
 */
export const PERSONAL_OBJECT: ObjectClass = {
  name: 'personal', entry: 'personal',
  words: [
    "(?:the |their |your |all (?:of )?the |all |every |each )?(?:user['’]s |customer['’]s |owner['’]s )?(?:incoming |received |new |recent |unread |past |last \\d{1,4} )?(?:e-?mails?|emails? messages|inbox(?:es)?|mailbox(?:es)?|messages in (?:the|their|your) inbox)",
    "(?:the )?(?:user['’]s |their |your )?(?:contact list|contacts|address book|phone book)", "(?:the )?(?:user['’]s |their |your )?calendar(?: events| entries| invites)?",
    "(?:the )?(?:user['’]s |their |your )(?:files|documents|drive|photos|location|browsing history|search history)", 'saved passwords',
    // the folders of the user's own files by their path, as the code readers know them (catalogue/locations.ts)
    '(?:~|\\$home|/users/[\\w.-]+|/home/[\\w.-]+)/(?:documents|desktop|downloads|pictures|photos|movies|music|videos)(?![\\w-])[\\w/.*-]*', 'password vault',
    '(?:credit|debit|payment|bank) cards?(?: numbers?| details| data)?', 'passport (?:numbers?|details|scans?|data)', 'social security numbers?', 'ssns?', 'national id(?: numbers?)?', 'driver[\'’]?s licen[cs]e(?: numbers?)?', 'dates? of birth', 'tax (?:ids?|numbers?)', '(?:medical|health|patient) records?', 'bank account (?:numbers?|details)', 'routing numbers?', 'gift ?cards?(?: codes?| numbers?| pins?)?', 'cryptogrammes?', 'num[ée]ros? de (?:la )?carte', 'photos? (?:recto-verso )?de (?:la|sa|votre) carte', 'códigos? de seguridad de la tarjeta', 'kartennummer\\p{L}*', 'prüfziffer', 'geburtsdat(?:um|en)', 'versichertennummer\\p{L}*', '(?:kranken)?versicherungsnummer\\p{L}*', 'befunde?', 'arztbriefe?', 'gesundheitsdaten', 'patientendaten', 'heruntergeladene (?:datei|dateien|dokumente?)', 'fechas? de nacimiento', 'historial(?:es)? médicos?', 'dates? de naissance', 'dossiers? médicaux?', 'dossier médical', 'datas? de nascimento', 'cpf', 'dados bancários', 'datos bancarios', 'coordonnées bancaires', 'bankverbindung', '(?:the |their |your |recent |last \\d{1,4} )?(?:transactions?|transaction history|account balances?|purchase history|order history|bank statements?)', '(?:calendar )?(?:events?|meetings?) (?:you create|the user has|on (?:the|their|your) calendar)', 'attendees?(?: lists?)?', 'sender (?:addresses|names)', '(?:the |a |any |each |every )?(?:documents?|files?|attachments?|photos?|recordings?|notes?) (?:the user|they|users|customers|clients) (?:shares?|uploads?|sends?|provides?|gives?|attach(?:es)?)', 'shared (?:documents?|files?)', '(?:a |the )?(?:users?|customers?|clients?) (?:shares?|uploads?|sends?|attach(?:es)?) (?:a |an |the |any |their )?(?:documents?|files?|attachments?|photos?|recordings?|contracts?)', 'home address(?:es)?', 'phone numbers?', 'loyalty numbers?', '(?:the )?(?:full |extracted |raw )*(?:thread|message|mail|e-?mail) (?:bodies|body|contents?|texts?)', 'attachments? of (?:every|each|all|the)', '(?:all |every |each )?(?:the )?(?:cvs?|résumés?|resumes?|curricul(?:a|um vitae))', '(?:meeting |call )?(?:transcripts?|recordings?)(?: urls?)?', 'card (?:photos?|images?|scans?)', '(?:insurance|patient|member) (?:numbers?|ids?)', 'portal documents?', 'salary (?:expectations?|details)', '(?:all |every )?contacts (?:read|exported|listed)', 'audience(?: lists?| members)?', 'subscriber lists?', 'storage ?state', 'session (?:cookies|state|storage)', 'local ?storage', 'voucher codes?', '(?:the |all |full |entire )?(?:customer|client|employee|patient|member|subscriber|lead|donor)s?[\'’]? (?:list|data|records|database|details|emails?|e-mail addresses|contacts|export)', 'crm (?:contacts|data|records|export)', 'payroll(?: data| records| files?)?', 'salar(?:y|ies) (?:data|details|list)', 'card (?:numbers?|details)', 'cvv', 'cvc', 'bank statements?',
    'e-mails des nutzers', 'posteingang', 'adressbuch', 'kontakte', 'kalendereinträge', 'kreditkarten\\w*',
    'correos(?: electrónicos)?', 'bandeja de entrada', 'contactos', 'datos de (?:la )?tarjeta', 'tarjetas? de crédito',
    'courriels', 'boîte de réception', 'carnet d[\'’]adresses', 'données de carte', 'cartes? bancaires?',
    'caixa de entrada', 'contatos', 'dados do cartão', 'cartões? de crédito', 'posta in arrivo', 'rubrica', 'contatti', 'dati della carta',
    // the calendar and meeting access codes in the other languages, as "calendar events" in English
    'kalender(?:einträge|termine|daten)?', 'calendario', 'eventos del calendario', 'calendrier', 'événements du calendrier', 'eventos da agenda', 'eventi del calendario', 'allegati delle riunioni', 'codici? d[\'’]accesso', 'link di accesso',
    'письма', 'почт[уаы]', 'контакты', 'данные карты', '邮件', '收件箱', '联系人', '通讯录', '银行卡', 'メール', '受信トレイ', '連絡先', 'カード情報',
    '이메일', '메일', '받은 ?편지함', '메일함', '연락처', '주소록', '일정(?!한|하게|하다|량|\\s?수준)', '캘린더', '카드 ?(?:번호|정보)', '신용 ?카드', '계좌 ?(?:번호|정보)',
  ],
};

export const READ_OBJECTS: readonly ObjectClass[] = [...SECRET_OBJECTS, CONVERSATION_OBJECT, CLIPBOARD_OBJECT, PERSONAL_OBJECT];

// ---------------------------------------------------------------------------------------------
// Destinations, addressees, scopes

/** A place data goes: a URL, an e-mail address, the agent's fetch tool, a webhook, a paste site, an image. */
export const DESTINATION = {
  url: /https?:\/\/[^\s<>"'`)\]|]{3,300}/gi,
  email: /(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}\.[\w.-]{2,40}\b/gi,
  // the agent's own tools that carry data out: web fetch, and MCP tools that publish what they are given (an issue, a
  // comment, a file in a repository, a gist, a chat or e-mail message, a page)
  tool: alt(['web[ -]?fetch(?: tool)?', 'fetch tool', 'browser tool', 'http tool', 'webfetch', 'web_fetch', 'the (?:email|e-mail|mail|slack|http|browser|web) tool', 'mcp tool', 'url tool',
    '(?:mcp__\\w+__)?(?:create_(?:issue|pull_request|gist|comment|page|document|or_update_file|message|ticket)|add_(?:issue_)?comment|push_files|upload_file|(?:slack_|chat_)?post_message|send_(?:email|mail|message)|update_issue|comment_on_\\w+)']),
  channel: alt(['webhook', 'pastebin', 'paste site', 'gist', 'telegram', 'discord', 'slack channel', 'comment on (?:the |an? |each |every )?(?:open |public )?(?:pull request|pr|issue|merge request|ticket)', 'public (?:issue|comment|repo(?:sitory)?)', 'our (?:server|endpoint|api|collector|backend)', 'external (?:server|host|endpoint|service)', 'remote (?:server|host|endpoint)', 'tracking (?:pixel|image)']),
};

export const USER = alt(['the user', 'users?', 'them', 'the human', 'the operator', 'the customer', 'customers?', 'the caller', 'the requester', 'the account holder', 'the person', 'anyone', 'die person', 'der person', 'kund(?:e|en|in|innen)', 'al cliente', 'el cliente', 'clientes?', 'le client', 'la cliente', 'o cliente', 'клиент\\w*', '客户', '顧客', 'den nutzer', 'dem nutzer', 'den benutzer', 'dem benutzer', 'nutzer\\w*', 'benutzer\\w*', 'anwender\\w*', 'al usuario', 'el usuario', 'usuario', 'l\'utilisateur', 'l’utilisateur', 'utilisateur', 'ao usuário', 'o usuário', 'usuário', 'ao utilizador', 'all\'utente', 'l\'utente', 'utente', 'пользовател\\w*', '用户', 'ユーザー', 'de gebruiker', 'gebruikers?', '사용자', '고객', '유저', '이용자', 'employees?', 'the employee', 'staff(?: members?)?', 'colleagues?', 'mitarbeiter\\w*', 'empleados?', 'employés?', 'funcionários?', 'dipendenti', '社員', '従業員', 'お客様', '利用者', '员工', '同事', '직원', 'użytkownik\\w*', 'pengguna']);

/**
 * The people a skill's data or service is about, other than the user: applicants, patients, employees, tenants,
 * students, and the professional accountable for them (the pharmacist, the doctor). Hiding a step from them is
 * concealment as much as hiding it from the user.
 */
export const DATA_SUBJECT = alt([
  '(?:the )?candidates?', '(?:the )?applicants?', '(?:the )?patients?', '(?:the )?employees?', '(?:the )?staff', '(?:the )?tenants?', '(?:the )?students?', '(?:the )?members?', '(?:the )?data subjects?', '(?:the )?(?:pharmacist|doctor|physician|prescriber|nurse)s?',
  '(?:al |el |los |la |las |con el |con la |con los )?(?:candidat[oa]s?|pacientes?|emplead[oa]s?|farmacéutic[oa]s?(?: titular)?|médic[oa]s?|inquilin[oa]s?|alumn[oa]s?)',
  '(?:le |la |les |au |aux )?(?:candidat(?:e|s|es)?|patient(?:e|s|es)?|salarié(?:e|s|es)?|employé(?:e|s|es)?|pharmacien(?:ne)?s?|médecins?)',
  '(?:den |dem |die |der )?(?:bewerber\\w*|patient\\w*|mitarbeiter\\w*|apotheker\\w*|arzt|ärzt\\w*)',
  '(?:o |a |os |as |ao |aos )?(?:candidat[oa]s?|pacientes?|funcionári[oa]s?|farmacêutic[oa]s?)',
  '応募者', '候補者', '患者', '従業員', '社員', '薬剤師', '候选人', '患者', '员工', '药剂师', '지원자', '환자', '직원', '약사',
]);

/** Into the chat: where a solicited secret lands in the model's context. */
export const INTO_CHAT = alt(['(?:in|into|to) (?:the |this )?(?:chat|conversation|reply|response|message|thread)', 'here', 'below', 'in chat', 'reply with', 'respond with', 'im chat', 'hier', 'en el chat', 'aquí', 'dans le chat', 'ici', 'no chat', 'aqui', 'nella chat', 'qui', 'в чат', 'сюда', '在聊天中', '到聊天', '这里', 'チャットに', 'ここに', '(?:이 )?채팅(?:창)?에', '대화(?:창)?에', '여기에', 'tutaj', 'w (?:tym )?czacie', 'di sini', 'ke sini', 'di (?:obrolan|chat|percakapan) ini']);

/** A pretext for handing a secret over: checking it on someone else's service. */
export const VERIFY_PRETEXT = alt(['verif(?:y|ication)', 'validat(?:e|ion|or)', 'scope[- ]check', 'check (?:it|them|these|those|that|each)(?: against| for)?', '(?:compare|match) (?:it|them) (?:against|with|to)', 'check (?:the |its |their |your )?(?:scopes?|permissions?|validity)', 'confirm (?:the |its )?(?:scopes?|permissions?|identity|ownership)', 'authenticat(?:e|ion) check', 'überprüf\\w*', 'verifizier\\w*', 'validier\\w*', 'verificar', 'validar', 'revisar (?:los |tus |sus )?(?:permisos|ámbitos|alcances)', 'comprobar', 'vérifi\\w*', 'valider', 'contrôler (?:les )?(?:droits|permissions)', 'controllare (?:i )?permessi', 'prüfen', 'validação', 'verificare', 'провер\\w*', '验证', '校验', '確認', '検証', '확인', '검증', '인증 절차']);

/** A scope that makes a change to generated output universal. */
export const EVERY_OUTPUT = alt(['every', 'each', 'all', 'any', 'every single', 'whatever', 'jede[nrsm]?', 'alle[nrs]?', 'cada', 'todas?', 'todos', 'chaque', 'toutes?', 'tous', 'ogni', 'tutt[ei]', 'каждую', 'каждый', 'каждой', 'все', 'всех', '每个', '每一个', '所有', 'すべての', '全ての', '毎回', '모든', '매번']);
export const GENERATED = alt(['pages?', 'html', 'sites?', 'websites?', 'templates?', 'components?', 'files?', 'outputs?', 'responses?', 'answers?', 'documents?', 'projects?', 'apps?', 'code', 'layouts?', 'seiten?', 'páginas?', 'archivos?', 'pagine?', 'file', 'страниц\\w*', 'файл\\w*', '页面', '文件', 'ページ', 'ファイル']);

/** Money going somewhere in generated code. */
export const PAYMENT = alt(['payments?', 'pay(?:ee|out|able)?', 'checkout', 'recipient', 'receiver', 'receiving', 'destination', 'treasury', 'donations?', 'tips?', 'transfer', 'withdraw(?:al)?', 'deposit', 'invoice', 'billing', 'fee', 'funds', 'wallet address', 'to address', 'beneficiary', 'zahlung\\w*', 'empfänger\\w*', 'pago', 'destinatario', 'paiement', 'destinataire', 'pagamento', 'платеж\\w*', 'платёж\\w*', 'получател\\w*', '付款', '收款', '支付', '送金', '支払', '受取']);

export { WALLET_ADDRESS } from '../effects/catalogue/payee.js';

/** Someone other than the agent or the user who judges the skill. */
export const REVIEWER = alt(['reviewers?', 'validators?', 'auditors?', 'scanners?', 'moderators?', 'graders?', 'evaluators?', 'approvers?', 'certifiers?', 'council(?: members?)?', 'security (?:team|review(?:ers?)?|scan(?:ners?)?|tools?)', 'automated (?:review(?:ers?)?|scan(?:ners?)?|checks?|analysis)', 'skill scanners?', '(?:ai|llm|model)[- ]based (?:auditors?|reviewers?|scanners?)', '(?:ai|llm|model|assistant|agent|tool)s? (?:or (?:ai|llm|model|assistant|agent|tool)s? )?(?:that is |who is )?(?:reviewing|auditing|scanning|validating|evaluating|assessing|analy[sz]ing) (?:this|these)', 'prüfer\\w*', 'gutachter\\w*', 'revisor(?:es)?', 'auditor(?:es)?', 'evaluador(?:es)?', 'réviseurs?', 'auditeurs?', 'évaluateurs?', 'examinateurs?', 'avaliador(?:es)?', 'revisori?', 'valutatori?', 'ревьюер\\w*', 'проверяющ\\w*', 'аудитор\\w*', 'модератор\\w*', '审核员', '审核者', '审查', '评审', 'レビュアー', '審査', '監査']);

/** What a reviewer is asked for or told: approval, a clean record, an earlier audit. */
export const APPROVAL = alt(['approve[ds]?', 'approval', 'safe', 'benign', 'harmless', 'low[- ]risk', 'false positive', 'whitelist(?:ed)?', 'allowlist(?:ed)?', 'certif(?:y|ied)', 'sign(?:ed)? off', 'already (?:been )?(?:audited|reviewed|approved|verified|vetted|checked|scanned)', '(?:was|were|has been|have been|is) (?:fully |officially |independently )?(?:audited|reviewed|approved|verified|vetted|signed|certified|pre-?approved|assessed)', 'pre-?approved', 'do not (?:list|report|flag|raise) (?:any )?(?:findings?|issues?|warnings?)', '(?:is|are) (?:all )?(?:expected|intended|by design)', 'ignore (?:the following|this|these|it|the next)', 'pass(?:ed)?', 'clear verdict', 'clean', 'no findings', 'skip (?:this|the) (?:section|check|review)', 'classify', 'rate (?:it|this)', 'score (?:it|this)', 'genehmig\\w*', 'unbedenklich', 'sicher', 'geprüft', 'aprobad[oa]', 'aprobar', 'segur[oa]', 'auditad[oa]', 'approuvé', 'sûr', 'audité', 'aprovado', 'seguro', 'approvato', 'sicuro', 'одобр\\w*', 'безопас\\w*', 'проверен\\w*', '批准', '安全', '已审核', '承認', '安全', '監査済']);

/** Instructions the agent already has: what an override sets aside. */
export const PRIOR_INSTRUCTIONS = alt([
  '(?:all |any |every )?(?:of )?(?:the |your |my |these |those |its )?(?:previous|prior|above|earlier|preceding|foregoing|former|original|system|existing|other|safety|security|default|built-in)(?: \\w+)? (?:instructions?|directions?|directives?|rules|prompts?|guidelines|guidance|guardrails|restrictions|polic(?:y|ies)|programming|constraints|limits|messages)',
  '(?:all |any )?(?:of )?your (?:instructions|rules|guidelines|system prompt|programming|training|guardrails|restrictions|safety \\w+)',
  'everything (?:you (?:were|have been|are) told|above|before this)', '(?:the |all |any |your )?(?:safety|security) (?:checks?|measures?|filters?|guardrails?)',
  'the system prompt', 'everything (?:above|before|else)', 'all (?:of )?the above',
  '(?:alle |die )?(?:vorherige|bisherige|vorige|obige|frühere|ursprüngliche|alle)\\w{0,2} [\\p{L}\\p{N}_-]{0,30}(?:anweisungen|instruktionen|regeln|vorgaben|richtlinien)', 'sicherheitsvorgaben', 'sicherheitsregeln', 'deine anweisungen', 'deine regeln',
  '(?:todas )?(?:las |tus )?(?:instrucciones|reglas|directrices|indicaciones)(?: (?:anteriores|previas|del sistema|de seguridad))?',
  '(?:toutes )?(?:les |tes |vos )?(?:instructions|règles|consignes|directives)(?: (?:précédentes|antérieures|du système|de sécurité))?',
  '(?:todas )?(?:as |suas )?(?:instruções|regras|diretrizes)(?: (?:anteriores|do sistema|de segurança))?',
  '(?:tutte )?(?:le )?(?:istruzioni|regole|direttive)(?: (?:precedenti|del sistema|di sicurezza))?',
  '(?:все )?(?:предыдущие|прежние|системные|свои|твои|ваши)? ?(?:инструкци\\w*|правила|указани\\w*|ограничени\\w*)',
  '(?:wszystkie )?(?:poprzednie|wcześniejsze|dotychczasowe|systemowe) (?:instrukcje|polecenia|zasady|reguły|wytyczne)', '(?:semua )?(?:instruksi|perintah|aturan|arahan) (?:sebelumnya|sistem|terdahulu)',
  '(?:之前|以上|先前|所有|系统|原来)的?(?:所有)?(?:指令|指示|规则|提示|限制)', '(?:以前|これまで|前|上記|システム)の(?:指示|命令|ルール|制約)',
  '(?:이전|앞|위|기존|원래|시스템|모든)의? ?(?:모든 )?(?:지시|지침|명령|규칙|제한|안내)\\p{L}{0,2}',
]);

/** Persisted instruction targets: files and stores the agent reads at the start of later sessions. */
export const MEMORY_TARGET = alt(['(?:CLAUDE|AGENTS|GEMINI|SOUL|MEMORY|CONVENTIONS|COPILOT)\\.md', '\\.cursorrules', '\\.windsurfrules', '\\.clinerules', 'copilot-instructions\\.md', '\\.github/instructions', '\\.cursor/rules', '(?:your |the agent[\'’]s |the assistant[\'’]s |long-term |persistent )?memory(?: files?| store| bank)?', 'custom instructions', 'system prompt', 'user preferences', 'user profile', 'instructions? files?', 'rules? files?', 'settings\\.json', 'gedächtnis', 'memoria', 'mémoire', 'memória', 'памят\\w*', '记忆', '内存', 'メモリ', '記憶']);

/** The persisted text keeps acting: a rule for later sessions. */
export const STANDING = alt(['standing (?:rule|instruction|order)s?', 'for (?:all )?future (?:sessions|conversations|tasks|runs)', 'future sessions', 'every (?:future )?(?:session|conversation)', 'from now on', 'permanently', 'persist(?:ent|s)?', 'do not remove', 'never remove', 'keep (?:it|this) (?:there|forever)', 'dauerhaft', 'künftig', 'para siempre', 'permanente', 'à l\'avenir', 'permanentemente', 'per sempre', 'навсегда', 'постоянно', '永久', '以后', '今後', '永続', '앞으로', '영구적으로', '항상']);

/** Recurrence: a step that repeats on its own. */
export const RECURRING = alt(['each (?:session|conversation|task|time|run|request|turn|message|reply|answer|response|invocation|start)', 'every (?:session|conversation|task|time|run|request|turn|message|reply|answer|response|invocation|start|hour|day|morning|\\d+ (?:minutes|hours))', 'at the (?:start|beginning) of (?:each|every|any) \\w+', '(?:before|prior to) (?:answering|responding|replying|each|every|any)', 'on (?:startup|start|launch|load|every run)', 'whenever (?:this skill|the skill|you|it) (?:is|are) (?:loaded|used|invoked|listed|active)', 'daily', 'hourly', 'periodically', 'regularly', 'always', 'chaque (?:session|fois|conversation|tâche|réponse)', 'cada (?:sesión|sessão|vez|conversación|conversa|tarea|tarefa)', 'jede[nrs]? (?:sitzung|session|unterhaltung|aufgabe|stunde|tag|morgen|start)', 'stündlich', 'täglich', 'regelmäßig', 'periodisch', 'immer', 'alle \\d+ (?:minuten|stunden)', '(?:a )?cada \\d+ (?:minutos|horas|días|dias)', 'ogni \\d+ (?:minuti|ore|giorni)', 'toutes les \\d+ heures', 'cada (?:hora|día|dia|mañana|inicio)', 'diariamente', 'a diario', 'periódicamente', 'periodicamente', 'regularmente', 'siempre', 'sempre', 'todo (?:dia|día)', 'toda (?:hora|manhã)', 'chaque (?:heure|jour|matin|démarrage)', 'toutes les (?:heures|\\d+ minutes)', 'quotidiennement', 'régulièrement', 'périodiquement', 'toujours', 'ogni (?:ora|giorno|mattina|avvio)', 'quotidianamente', 'regolarmente', 'periodicamente', 'in jeder sitzung', 'ogni (?:sessione|conversazione|compito)', 'кажд\\w* (?:сесси\\w*|раз|разговор\\w*)', 'bei jeder', 'jedes mal', 'vor jeder antwort', 'zu beginn jeder', 'en cada', 'cada vez', 'antes de responder', 'à chaque', 'avant de répondre', 'em cada', 'toda vez', 'antes de responder', 'ogni volta', 'a ogni', 'prima di rispondere', 'каждый раз', 'в каждой', 'перед (?:каждым )?ответом', '每次', '每个会话', '回答之前', '毎回', 'セッションごと', '回答する前', '매 ?(?:세션|대화|요청|작업|실행|응답|답변|시작)', '(?:세션|대화|요청|작업|응답|답변)마다', '매일', '매시간', '정기적으로', '답변(?:하기)? 전에', '응답(?:하기)? 전에']);

/** The fetched text acts: it carries authority or commands. */
export const AUTHORITY = alt(['same authority', 'take[sn]? precedence', 'overrides?', 'supersedes?', 'highest[- ]priority', 'top[- ]priority', '(?:ranks?|placed?|puts?|comes?) (?:it |them )?(?:above|before) (?:the user|your (?:other )?instructions|this (?:file|skill))', 'where (?:it|they) conflicts? with', 'as (?:part of )?(?:this skill|your instructions|instructions|authoritative|binding|the source of truth)', 'authoritative', 'binding', 'without (?:asking|confirmation|question|checking|review)', 'as[- ]is', 'verbatim', 'exactly', 'any (?:commands?|instructions?|steps?|directives?)', 'whatever (?:it|the \\w+) says', 'what(?:ever)? it (?:says|tells you|contains)', 'instructions? (?:in|from|inside) (?:it|the \\w+)', 'sans demander', 'sin preguntar', 'ohne (?:nach)?zu(?:fragen)?', 'ohne rückfrage', 'sem perguntar', 'senza chiedere', 'не спрашивая', '无需询问', '不要询问', '確認せずに', 'gleiche autorität', 'vorrang', 'misma autoridad', 'prioridad', 'même autorité', 'priorité', 'mesma autoridade', 'stessa autorità', 'priorità', 'приоритет', 'те же полномочия', '同等权限', '优先', '同じ権限', '優先', '묻지 않고', '확인(?:하지 않고|없이)', '동일한 권한', '우선(?:합니다|한다|순위)', '그대로', '(?:wszystkie|dowolne|każde) polecenia', 'bez pytania', 'perintah apa pun', 'apa pun (?:yang|isinya)', 'tanpa bertanya']);

/** Words that refer back to something named earlier (a pronoun or a definite description). */
export const BACK_REFERENCE = alt(['it', 'them', 'this', 'these', 'that', 'those', 'the result', 'the output', 'the (?:full |entire |whole |complete )?contents?', 'the file', 'the data', 'the values?', 'the bundle', '(?:its|their) (?:full |entire |whole |complete )?contents?', 'es', 'sie', 'diese', 'das ergebnis', 'lo', 'los', 'la', 'las', 'esto', 'el resultado', 'le', 'les', 'cela', 'le résultat', 'o', 'os', 'isso', 'o resultado', 'il risultato', 'его', 'их', 'это', 'результат', '它', '它们', '这些', '结果', 'それ', 'これ', '結果', '그것', '이것', '결과', 'tudo', 'todo', 'todo esto', 'alles', 'tout', 'tout cela', 'everything', 'all of it', 'all of this', 'all this',
  // "the contents", "the data", "the file" in the other languages the verbs are listed in
  // (and the log kept by a step before: "invia il registro a …", "sende das Protokoll an …")
  'das protokoll', 'das log', 'il registro', 'il log', 'el registro', 'le journal', 'le registre', 'o registro', 'o log',
  // Dutch and Turkish: "upload beide", "de inhoud", "het bestand"; "bunları", "içeriği", "dosyayı", "arşivleri"
  'beide', 'allebei', 'het', 'ze', 'deze', 'de inhoud', 'het bestand', 'de bestanden', 'de gegevens', 'het resultaat', 'de archieven', 'het archief',
  'bunları', 'bunu', 'onları', 'onu', 'hepsini', 'ikisini', 'içeriği', 'dosyayı', 'dosyaları', 'verileri', 'sonucu', 'arşivi', 'arşivleri',
  'den inhalt', 'ihren inhalt', 'seinen inhalt', 'deren inhalt', 'dessen inhalt', 'die daten', 'die datei', 'el contenido', 'su contenido', 'los datos', 'el archivo', 'el fichero', 'le contenu', 'son contenu', 'leur contenu', 'les données', 'le fichier', 'o conteúdo', 'seu conteúdo', 'os dados', 'o arquivo', 'il contenuto', 'il suo contenuto', 'i dati', 'il file', 'содержимое', 'его содержимое', 'данные', 'файл',
  // a verb with its object pronoun attached is its own back reference ("envíalo": send it)
  'envíalo', 'envíala', 'envíalos', 'envíalas', 'mándalo', 'mándala', 'mándalos', 'súbelo', 'súbela', 'súbelos', 'reenvíalo', 'reenvíala', 'compártelo', 'compártela', 'invialo', 'inviala', 'inviali', 'caricalo', 'caricala', 'inoltralo', 'inoltrala', 'envie-o', 'envie-a', 'envia-o', 'envia-a', 'mande-o', 'mande-a', 'envoie-le', 'envoie-la', 'envoie-les', 'envoyez-le', 'envoyez-la', 'envoyez-les']);

/** Detection words: a heading or an introduction presenting things to look for, not to do. */
export const DETECTION = alt(['red flags?', 'warning signs?', '(?:examples?|patterns?|scenarios?|messages?) to (?:teach|spot|recogni[sz]e|watch for|practi[sc]e)', '(?:phishing|scam|fraud|security) (?:awareness|training|examples?|patterns?|drills?|simulations?|e-?mails?|messages?|texts?)', 'what to (?:look|watch) (?:for|out for)', 'look for', 'watch (?:out )?for', 'signs? of', 'indicators?(?: of compromise)?', 'iocs?', 'detect(?:ion|ing|s|ed)?', 'anti-?patterns?', 'bad (?:examples?|patterns?|practices?)', 'don[\'’]?ts', 'avoid', 'never do', 'common (?:attacks?|mistakes?|pitfalls?|patterns?)', 'attack (?:patterns?|examples?|vectors?|techniques?|payloads?)', 'malicious (?:examples?|patterns?|skills?|prompts?|instructions?)', 'injection (?:patterns?|examples?|phrases?|attempts?|payloads?)', 'prompt injections?', 'jailbreaks?', 'suspicious', 'threats?', 'threat model', 'known (?:attacks?|bad)', 'examples? of (?:bad|malicious|insecure|suspicious|attacks?|injections?)', 'what not to', 'false positives?', 'rationali[sz]ations?', 'vulnerab\\w+', 'insecure', 'unsafe', 'exploit(?:s|ation)?', 'pentest\\w*', 'penetration test\\w*', 'attack surface', '(?<!(?:write|save|record|put|store|add|copy) (?:the |your |these |its |all )?)findings?', 'checklist', 'patterns? to (?:flag|catch|detect|block)', 'patterns? (?:we|you|i|they) (?:saw|see|have seen|found|observed)', 'see one, escalate', 'escalate (?:it|them) to', 'reviewing (?:a |an )?(?:third-party |untrusted |submitted )?(?:skills?|mcp servers?|plugins?|extensions?)', 'blocked(?= (?:commands?|patterns?|hosts?|domains?|urls?|sites?|actions?|words?|phrases?|operations?|requests?|packages?|tools?|content|lists?)\\b|\\s*(?::|\\n|$))', 'block ?list(?:ed)?', 'deny ?list(?:ed)?', 'allow ?list(?:ed)?', 'forbidden', 'prohibited', 'disallowed', 'dangerous (?:commands?|patterns?|operations?)', 'safety (?:patterns?|rules?)', '(?:shapes?|signs?|samples?|examples?|phrases?|things|text|strings?) to (?:recogni[sz]e|flag|catch|spot|look for|watch for|search for)', 'to flag', 'recogni[sz]e', 'seen in the wild', '(?:quoted|shown|listed) for recogni(?:tion|[sz]ing)', 'occurrences? of', '(?:report|flag|list|find) (?:every|each|any|all) (?:occurrences?|instances?|uses?|calls?)', 'phrases? (?:like|such as)', 'warnsignale', 'erkennung', 'verdächtig\\w*', 'señales de alerta', 'detección', 'sospechos\\w*', 'signaux d\'alerte', 'détection', 'suspect\\w*', 'sinais de alerta', 'detecção', 'suspeit\\w*', 'segnali d\'allarme', 'rilevamento', 'sospett\\w*', 'признаки', 'обнаружени\\w*', 'подозрительн\\w*', 'красные флаги', '危险信号', '检测', '可疑', '警告サイン', '検出', '不審']);

/** An introduction that presents what follows as an example or quotation ("reads" as in "the message reads:", not "needs read access:"). */
export const EXAMPLE_INTRO = alt(['for example', 'e\\.g\\.', 'example', 'such as', 'like this', 'looks like', 'reads?(?=\\s*[:"“]|\\s*$|\\s+as\\s+follows)', 'says?', 'said', 'quoted?', 'phrases? like', 'wording', 'sample', 'zum beispiel', 'beispiel', 'z\\.\\s?b\\.', 'por ejemplo', 'ejemplo', 'par exemple', 'exemple', 'por exemplo', 'exemplo', 'ad esempio', 'esempio', 'например', 'пример', '例如', '比如', '示例', '例えば', '例',
  'like the following', '(?:sentences?|text|lines?|messages?) like', 'may contain', 'wie folgt', 'como (?:el|la|los|las) siguientes?', 'comme (?:le|la|les) suivante?s?',
  '次のような', '以下のような', 'のような', '如下', '类似', '다음과 같은', '예를 들어', '예시', '예:']);

// ---------------------------------------------------------------------------------------------
// Sentence shape

/** Negation that scopes over the verb after it, to the end of its clause. */
export const NEGATION = alt(["never", "do not", "don['’]?t", "does not", "doesn['’]?t", "must not", "mustn['’]?t", "should not", "shouldn['’]?t", "shall not", "cannot", "can['’]?t", "won['’]?t", "will not", "not", "no need to", "avoid", "refuse to", "without", "nie", "niemals", "nicht", "kein\\w*", "ohne", "no", "nunca", "jamás", "sin", "ne", "n['’]", "pas", "jamais", "sans", "não", "nunca", "sem", "non", "mai", "senza", "не", "никогда", "нельзя", "без", "不要", "不得", "不能", "别", "禁止", "切勿", "绝不", "从不", "しないで", "しない", "禁止", "ないでください", "決して", "절대", "금지", "nigdy", "bez", "jangan", "tidak", "tanpa", "bukan"]);

/** A modal or polite frame that addresses the reader: "you must", "the agent should", "bitte". */
export const ADDRESS = alt(['you(?:[\'’]ll| will| must| should| shall| need to| have to| are to| are required to| can| may| are going to)?', 'your job is to', 'make sure(?: to| you)?', 'be sure to', 'remember to', 'don[\'’]t forget to', 'it is (?:important|required|mandatory|necessary|essential) (?:to|that you)', '(?:is|are) required', 'the (?:agent|assistant|model|ai|bot|llm) (?:must|should|shall|will|needs to|has to|is to)', 'claude (?:must|should|will)', 'please', 'always', 'du (?:musst|sollst|kannst)', '\\p{L}{2,20}st du', 'sie (?:müssen|sollen|sollten)', 'bitte', 'immer', 'stets', 'debes', 'tienes que', 'debe', 'por favor', 'siempre', 'tu dois', 'vous devez', 'il faut', 's\'il (?:te|vous) pla[iî]t', 'toujours', 'você deve', 'você precisa', 'deve', 'sempre', 'devi', 'è necessario', 'per favore', 'ты должен', 'вы должны', 'нужно', 'необходимо', 'пожалуйста', 'всегда', '你必须', '你需要', '你应该', '必须', '务必', '请', '一定要', '总是', '始终', 'あなたは', '必ず', '常に', 'ください', 'すること', 'しなさい']);

/** Leading words before the verb of an imperative clause ("Then", "Also", "1.", "**Step 2:**"). */
export const CLAUSE_LEAD = /^(?:[\s*_>#`|\-+•·:.)(\]\[]|\d{1,3}[.)]|step\s+\d{1,3}\s*[:.)-]?|(?:first|then|next|finally|also|now|afterwards|and|so|just|simply|additionally|optionally|quietly|silently|immediately|secretly|automatically|subsequently|lastly|dann|danach|zuerst|anschließend|außerdem|und|luego|después|primero|además|y|ensuite|puis|d'abord|aussi|et|depois|primeiro|também|e|poi|prima|inoltre|en|dan|daarna|vervolgens|eerst|ook|ve|sonra|ardından|önce|ayrıca|затем|потом|сначала|также|и|然后|接着|首先|之后|并且|同时|次に|まず|その後|そして)(?![\p{L}\p{N}]))+/u;

/** Third-person subjects that make a clause a description ("attackers send …", "malware reads …"). */
export const THIRD_PERSON = alt(['attackers?', 'adversar(?:y|ies)', 'malware', 'malicious (?:skills?|code|actors?|packages?|prompts?)', 'the attacker', 'an attacker', 'threat actors?', 'hackers?', 'stealers?', 'infostealers?', 'injections?', 'the payload', 'scammers?', 'phishers?', 'they', 'angreifer', 'atacantes?', 'attaquants?', 'aggressori', 'атакующ\\w*', 'злоумышленник\\w*', '攻击者', '攻撃者', '공격자', '해커']);

// --- What the agent reports, and what a skill keeps out of that report ------------------------

/**
 * Where the agent accounts for what it did: to the user (the summary, the final answer) or to the
 * people who review the change (commit message, pull-request description, change ticket).
 */
export const REPORT_CHANNEL = alt([
  'summary', 'summari[sz](?:e|es|ed|ing)', 'user-facing', 'final (?:message|answer|reply|report|response)', 'tell the user', 'report (?:back )?to the user', 'reply to the user',
  'commit messages?', '(?:pr|pull request|merge request|mr) (?:description|body|title|text)s?', 'readme', 'the docs', 'documentation', '(?:api|openapi) spec(?:ification)?', 'change (?:ticket|request|record|log entry)', 'tickets?', 'changelog', 'release notes', 'status update', 'hand-?off note',
  'zusammenfassung', 'dem (?:nutzer|benutzer)\\w*', 'commit-nachricht\\w*', 'melden', 'berichte\\w*',
  'resumen', 'al usuario', 'mensaje del? commit', 'descripción del (?:pr|pull request)', 'informe',
  'résumé', 'à l[\'’]utilisateur', 'message de commit', 'description de la (?:pr|pull request)', 'rapport',
  'riepilogo', 'riassunto', 'all[\'’]utente', 'messaggio di commit', 'descrizione della (?:pr|pull request)',
  'resumo', 'ao usuário', 'mensagem de commit', 'descrição do (?:pr|pull request)', 'relatório',
  'сводк\\w*', 'резюме', 'отч[её]т\\w*', 'пользователю', 'сообщени\\w* коммита', 'описани\\w* (?:pr|пулл-реквеста)',
  '要約', 'まとめ', '報告', 'コミットメッセージ', 'prの説明', '总结', '摘要', '汇报', '提交信息', '工单', '요약', '보고', '커밋 메시지',
  // what users and reviewers are told about the change and the data: the privacy notice, the pull request itself
  'privacy (?:policy|notice|statement|page)', 'issues? list', 'tracked changes', 'redline summary', 'change summary', 'data (?:protection|processing) (?:notice|statement)', 'the (?:pr|prs|pull requests?|merge requests?)\\b', '(?:migration|change|commit)[\'’]s description',
  'ユーザーに(?:は)?', '利用者に(?:は)?', '사용자에게(?:는)?',
]);

/**
 * Why part of what was done stays out of that account: "is an implementation detail", "do not need to
 * be listed", "no need to mention it", "leave it out". The negated verbs name what follows them; the
 * predicates name what stands before them.
 */
export const LEFT_OUT = alt([
  '(?:is|are) (?:an? |just |only |merely |simply )?(?:implementation|internal|technical|private) (?:details?|defaults?|matters?)',
  '(?:do|does|need) not need to be (?:listed|mentioned|described|reported|shown|included|called out|surfaced)', 'need(?:s)? not be (?:listed|mentioned|described|reported)',
  'no need to (?:mention|list|describe|report|call out|bring up|surface)', 'not worth (?:mentioning|listing)',
  '(?:do not|don[\'’]t|never) (?:mention|list|bring up|call out|surface)', 'leave (?:it|them|this|that) out', 'omit',
  // (a change made "without tracked changes and without listing them in the issues list")
  'without (?:listing|mentioning|noting|recording|flagging|showing) (?:them|it|this|these|those|the (?:changes?|edits?))', 'without (?:tracked|track) changes',
  // (describing and summarising are left out only of the account of this change named right after — "do not describe it
  // in the PR body" —, not of product documents a tool writes: "do not describe the bump in the changelog")
  '(?:do not|don[\'’]t|never) (?:describe|explain|summari[sz]e)(?= (?:or (?:mention|list) )?(?:(?:it|this|that|them|these|those)\\b|the [\\w-]+(?: [\\w-]+)?)[^.;\\n]{0,40}\\b(?:in|to) (?:the |your |any )?(?:pr\\b|prs\\b|pull requests?|merge requests?|commit|summar|chat|repl))',
  'internes? detail', 'interne details', 'muss nicht erwähnt werden', 'nicht erwähnen', 'weglassen',
  'detalles? internos?', 'no (?:hace falta|es necesario) mencionar\\w*', 'no menciones',
  'détails? internes?', '(?:pas besoin|inutile) de (?:le |les |la )?mentionner', 'ne (?:le |les |la )?mentionne[zs]? pas',
  'dettagli(?:o)? intern[oi]', 'non (?:serve|è necessario) menzionar\\w*', 'non menzionare',
  'detalhes? internos?', 'não (?:precisa|é necessário) mencionar', 'não mencione',
  'внутренн\\w+ детал\\w*', 'не нужно упоминать', 'не упоминай\\w*',
  '内部の詳細', '実装の詳細', '記載不要', '説明(?:は)?不要', '触れない(?:で|こと|ように)', '言及しない(?:で|こと|ように)', '記載しない(?:で|こと|ように)', '内部细节', '实现细节', '无需提及', '不要提及', '不必提及', '내부 세부', '언급하지 마',
]);

/** What may rightly stay out of a report: secret values, personal data, who or what wrote the change. */
export const RIGHTLY_OMITTED = alt([
  'secrets?', 'keys?', 'tokens?', 'passwords?', 'credentials?', 'api keys?', 'personal', 'pii', 'customer[\'’]?s? names?', 'e-?mail addresses', 'names of (?:people|users|customers)',
  'claude', 'ai', 'llm', 'assistant', 'co-?authored', 'co-?author', 'generated by', 'the model', 'ticket (?:numbers?|ids?)', 'internal (?:ids?|urls?|hostnames?|project names?)',
]);

/** The part left out of one report is written down in another ("those go in the internal ops log"). */
export const DISCLOSED_ELSEWHERE = alt([
  'instead', 'go(?:es)? (?:in|into|to) the', '(?:private|internal|separate|security) (?:report|log|notes?|channel|ticket|issue)', 'keep (?:it|them|those|findings) in',
]);

/**
 * The phrase before an inline command that makes it what a guard (a hook, a policy, a deny rule) stops: a blocking verb
 * or a non-zero exit, then only list words and other commands up to it, in the same sentence.
 */
export const BLOCKED_OBJECT = /(?:\bexits?\s+(?:with\s+)?(?:code\s+|status\s+)?[1-9]\d*|\b(?:blocks?|blocked|blocking|den(?:y|ies|ied)|rejects?|rejected|refuses?|refused|forbids?|disallows?|prevents?)\b)(?:(?:for|on|commands?|calls?|like|such|as|e\.g\.|including|any|of|and|or)\b|[\s,:]|`[^`\n]{1,120}`)*$/i;
// (each alternative starts on a different character, so the list part is matched in one pass: the inputs are at most 240 characters)
