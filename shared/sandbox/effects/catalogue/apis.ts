/**
 * Library calls in Python and JavaScript and what they do, as data. A callee is matched by its
 * dotted name's tail (`requests.post`, `session.post` and `httpx.post` all end in `post` on an HTTP
 * client), so aliases and sessions are covered without listing every import form.
 */

export type ApiEffect =
  /** `host`: the service a client library sends to when no address is in the call (a SaaS API's own host). */
  | { kind: 'send'; channelArgs: Record<string, 'body' | 'header' | 'query' | 'upload'>; positionalData?: number; host?: string }
  | { kind: 'fetch'; savesTo?: number }
  | { kind: 'exec'; how: 'code' | 'shell' | 'deserialise' }
  | { kind: 'decode' }
  | { kind: 'read-file' }
  | { kind: 'read-env' }
  /** `vendors`: whose token it is (sent to their own hosts it is the token's purpose). */
  | { kind: 'read-secret'; label: string; entry: string; vendors?: readonly string[] }
  | { kind: 'write-file'; contentArg: number }
  /** Mail sent by code: the recipient is the positional argument or an option key; the rest of the call is what is sent. */
  | { kind: 'send-mail'; recipientArg?: number; recipientKeys: readonly string[] }
  /** A standing grant of the user's mail, files or calendar to an address: forwarding, filters, delegates, shares. */
  | { kind: 'grant' }
  /** A token allowance or operator approval (ERC-20 `approve`, ERC-721/1155 `setApprovalForAll`) given to a spender. */
  | { kind: 'approval' };

export interface ApiEntry {
  entry: string;
  /** Dotted-name tail, matched against the end of the callee (`requests.post` matches `self.requests.post`). */
  tails: readonly string[];
  /** When set, the full callee must also match (guards short tails like `post`). */
  callee?: RegExp;
  effect: ApiEffect;
}

const HTTP_CLIENT = /(?:^|\.)(?:requests|httpx|session|s|client|https?|sess|aiohttp|urllib3|pool|api|axios|got|superagent|ky|needle|request)\.[a-z]+$/i;

export const PYTHON_APIS: readonly ApiEntry[] = [
  { entry: 'send.http.python', tails: ['post', 'put', 'patch'], callee: HTTP_CLIENT, effect: { kind: 'send', channelArgs: { data: 'body', json: 'body', content: 'body', files: 'upload', headers: 'header', auth: 'header', params: 'query', cookies: 'header' }, positionalData: 1 } },
  { entry: 'send.http.python', tails: ['request'], callee: HTTP_CLIENT, effect: { kind: 'send', channelArgs: { data: 'body', json: 'body', content: 'body', files: 'upload', headers: 'header', params: 'query' } } },
  { entry: 'fetch.http.python', tails: ['get'], callee: HTTP_CLIENT, effect: { kind: 'send', channelArgs: { params: 'query', headers: 'header', auth: 'header', cookies: 'header', data: 'body', json: 'body' } } },
  { entry: 'send.http.python', tails: ['Request'], callee: /(?:^|\.)(?:urllib\.request\.|request\.|urllib2\.)?Request$/, effect: { kind: 'send', channelArgs: { data: 'body', headers: 'header' }, positionalData: 1 } },
  { entry: 'fetch.http.python', tails: ['urlopen', 'urlretrieve', 'download'], effect: { kind: 'send', channelArgs: { data: 'body', headers: 'header' }, positionalData: 1 } },
  { entry: 'fetch.http.python', tails: ['download_url_to_file', 'load_state_dict_from_url', 'wget.download'], effect: { kind: 'send', channelArgs: {} } },
  // a file or a whole repository downloaded from the Hugging Face Hub (the repository id is its address there)
  { entry: 'fetch.hub.python', tails: ['hf_hub_download', 'snapshot_download', 'cached_download'], effect: { kind: 'send', channelArgs: {} } },
  // what an assistant's mail, contacts, calendar and drive APIs return is the user's personal data (effects/mail.ts)
  // (and a chat workspace's message history read with the user's token: channels and direct messages)
  { entry: 'read.personal.messages', tails: ['conversations_history', 'conversations_replies', 'im_history', 'mpim_history', 'groups_history', 'search_messages'], effect: { kind: 'read-secret', label: "the user's chat messages", entry: 'read.personal.messages' } },
  { entry: 'read.personal.mail', tails: ['list', 'get'], callee: /(?:messages|threads)\(\)\.(?:list|get)$/, effect: { kind: 'read-secret', label: "the user's mail", entry: 'read.personal.mail' } },
  { entry: 'read.personal.mail', tails: ['fetch', 'uid'], callee: /(?:^|\.)(?:imap\w*|mail(?:box)?|M|conn|im)\.(?:fetch|uid)$/i, effect: { kind: 'read-secret', label: "the user's mail", entry: 'read.personal.mail' } },
  { entry: 'read.personal.mail', tails: ['all', 'filter'], callee: /\.inbox\.(?:all|filter)$/, effect: { kind: 'read-secret', label: "the user's mail", entry: 'read.personal.mail' } },
  { entry: 'read.personal.contacts', tails: ['list'], callee: /(?:connections|otherContacts|contactGroups)\(\)\.list$/, effect: { kind: 'read-secret', label: "the user's contacts", entry: 'read.personal.contacts' } },
  { entry: 'read.personal.calendar', tails: ['list'], callee: /events\(\)\.list$/, effect: { kind: 'read-secret', label: "the user's calendar", entry: 'read.personal.calendar' } },
  { entry: 'read.personal.files', tails: ['get_media', 'export_media', 'export', 'list'], callee: /files\(\)\.(?:get_media|export_media|export|list)$/, effect: { kind: 'read-secret', label: "the user's files", entry: 'read.personal.files' } },
  // mail sent by code, and standing grants (forwarding, filters, delegates, shares) of the user's accounts
  // rows written to a spreadsheet through its API (Google's client, gspread): what the rows hold goes to that document,
  // readable by whoever owns or shares it
  { entry: 'send.saas.sheet', tails: ['append', 'update', 'batchUpdate'], callee: /spreadsheets\(\)\.values\(\)\.(?:append|update|batchUpdate)$/, effect: { kind: 'send', channelArgs: { body: 'body' }, host: 'sheets.googleapis.com' } },
  { entry: 'send.saas.sheet', tails: ['append_row', 'append_rows', 'update', 'insert_row'], callee: /(?:^|\.)(?:ws|wks|sheet|worksheet|sh|tab)\w*\.(?:append_rows?|insert_row)$|(?:sheet1|worksheet\([^)]*\))\.(?:append_rows?|update|insert_row)$/i, effect: { kind: 'send', channelArgs: { values: 'body' }, positionalData: 0, host: 'sheets.googleapis.com' } },
  { entry: 'tamper.token-approval', tails: ['approve', 'setApprovalForAll', 'increaseAllowance'], effect: { kind: 'approval' } },
  { entry: 'send.mail.python', tails: ['sendmail'], effect: { kind: 'send-mail', recipientArg: 1, recipientKeys: ['to_addrs'] } },
  { entry: 'send.mail.python', tails: ['send'], callee: /(?:^|\.)yag\w*\.send$|yagmail\.SMTP\([^)]*\)\.send$/, effect: { kind: 'send-mail', recipientArg: 0, recipientKeys: ['to', 'cc', 'bcc'] } },
  { entry: 'send.mail.python', tails: ['send_mail', 'EmailMessage', 'EmailMultiAlternatives'], effect: { kind: 'send-mail', recipientArg: 3, recipientKeys: ['recipient_list', 'to', 'cc', 'bcc'] } },
  { entry: 'grant.account.python', tails: ['create', 'insert', 'updateAutoForwarding'], callee: /(?:forwardingAddresses|filters|delegates|sendAs)(?:\(\))?\.create$|updateAutoForwarding$|permissions(?:\(\))?\.(?:create|insert)$|acl(?:\(\))?\.insert$/, effect: { kind: 'grant' } },
  // a name looked up: its labels are read by whoever runs the zone's name server (data built into the name is sent)
  { entry: 'send.dns.python', tails: ['gethostbyname', 'gethostbyname_ex', 'getaddrinfo', 'resolve', 'query'], callee: /(?:^|\.)(?:socket\.(?:gethostbyname(?:_ex)?|getaddrinfo)|gethostbyname(?:_ex)?|resolver\.(?:resolve|query))$/, effect: { kind: 'send', channelArgs: {}, positionalData: 0 } },
  { entry: 'send.socket.python', tails: ['send', 'sendall', 'sendto', 'sendmail', 'send_message'], callee: /(?:^|\.)(?:s|sock|socket|conn|client|server|smtp|mail|ws|websocket)\.[a-z_]+$/i, effect: { kind: 'send', channelArgs: {}, positionalData: 0 } },
  // only the builtins: `model.eval()`, `re.compile()` and `df.eval()` are not code execution
  { entry: 'exec.python.eval', tails: ['exec', 'eval', 'compile', 'execfile', 'runpy.run_path'], callee: /^(?:builtins\.)?(?:exec|eval|compile|execfile)$|runpy\.run_path$/, effect: { kind: 'exec', how: 'code' } },
  { entry: 'exec.python.shell', tails: ['os.system', 'os.popen', 'subprocess.run', 'subprocess.call', 'subprocess.Popen', 'subprocess.check_output', 'subprocess.check_call', 'subprocess.getoutput', 'subprocess.getstatusoutput', 'commands.getoutput', 'pty.spawn'], effect: { kind: 'exec', how: 'shell' } },
  { entry: 'exec.python.deserialise', tails: ['pickle.loads', 'pickle.load', 'marshal.loads', 'marshal.load', 'dill.loads', 'dill.load', 'cloudpickle.loads', 'cloudpickle.load', 'yaml.unsafe_load', 'joblib.load', 'read_pickle', 'shelve.open', 'jsonpickle.decode'], effect: { kind: 'exec', how: 'deserialise' } },
  // torch.load unpickles unless weights_only is on (the reader checks the keyword)
  { entry: 'exec.python.deserialise', tails: ['torch.load'], effect: { kind: 'exec', how: 'deserialise' } },
  { entry: 'decode.python', tails: ['b64decode', 'b32decode', 'b85decode', 'a85decode', 'urlsafe_b64decode', 'decodebytes', 'fromhex', 'unhexlify', 'decompress', 'codecs.decode'], effect: { kind: 'decode' } },
  { entry: 'read.file.python', tails: ['open', 'read_text', 'read_bytes', 'expanduser', 'glob', 'iglob', 'listdir', 'walk', 'scandir', 'copytree', 'copyfile', 'copy', 'copy2', 'make_archive'], effect: { kind: 'read-file' } },
  { entry: 'read.secret.env-var', tails: ['getenv', 'os.environ.get', 'environ.copy', 'environ.items'], effect: { kind: 'read-env' } },
  { entry: 'read.secret.session-state', tails: ['storage_state', 'cookies', 'get_cookies'], callee: /(?:^|\.)(?:context|ctx|browser_context|browser|page|driver|session)\.(?:storage_state|cookies|get_cookies)$/, effect: { kind: 'read-secret', label: "the browser's signed-in session (cookies and local storage)", entry: 'read.secret.session-state' } },
  // the screen's content (every window open on it: mail, chats, documents, passwords being typed)
  { entry: 'read.personal.screen', tails: ['grab', 'screenshot', 'shot'], callee: /(?:^|\.)(?:ImageGrab\.grab|pyautogui\.screenshot|pyscreenshot\.grab|(?:sct|mss(?:\.mss)?\(\)|screen|capture)\.(?:grab|shot))$/, effect: { kind: 'read-secret', label: "the screen's content", entry: 'read.personal.screen' } },
  { entry: 'read.secret.clipboard', tails: ['pyperclip.paste', 'clipboard.paste', 'GetClipboardData', 'ImageGrab.grabclipboard'], effect: { kind: 'read-secret', label: 'the clipboard', entry: 'read.secret.clipboard' } },
  { entry: 'read.secret.keychain', tails: ['keyring.get_password', 'keyring.get_credential', 'browser_cookie3.chrome', 'browser_cookie3.firefox', 'browser_cookie3.load', 'win32crypt.CryptUnprotectData', 'CryptUnprotectData'], effect: { kind: 'read-secret', label: 'the keychain or browser cookies', entry: 'read.secret.keychain' } },
  { entry: 'write.file.python', tails: ['write_text', 'write_bytes'], effect: { kind: 'write-file', contentArg: 0 } },
];

export const JS_APIS: readonly ApiEntry[] = [
  { entry: 'read.personal.messages', tails: ['history', 'replies', 'messages'], callee: /(?:^|\.)(?:conversations\.(?:history|replies)|im\.history|search\.messages)$/, effect: { kind: 'read-secret', label: "the user's chat messages", entry: 'read.personal.messages' } },
  { entry: 'read.personal.mail', tails: ['search', 'getInboxThreads', 'getPriorityInboxThreads', 'getStarredThreads', 'getMessagesForThreads', 'getMessageById', 'getThreadById', 'getPlainBody', 'getRawContent', 'list', 'get'], callee: /(?:^|\.)GmailApp\.\w+$|\.(?:getPlainBody|getRawContent)$|users\.(?:messages|threads)\.(?:list|get)$/, effect: { kind: 'read-secret', label: "the user's mail", entry: 'read.personal.mail' } },
  { entry: 'read.personal.contacts', tails: ['getContacts', 'getAllContacts', 'list'], callee: /(?:^|\.)ContactsApp\.\w+$|(?:People\.)?[Pp]eople\.[Cc]onnections\.list$/, effect: { kind: 'read-secret', label: "the user's contacts", entry: 'read.personal.contacts' } },
  { entry: 'read.personal.calendar', tails: ['getEvents', 'getEventsForDay', 'list'], callee: /\.getEvents(?:ForDay)?$|(?:^|\.)[Cc]alendar\.[Ee]vents\.list$/, effect: { kind: 'read-secret', label: "the user's calendar", entry: 'read.personal.calendar' } },
  { entry: 'read.personal.files', tails: ['getFiles', 'searchFiles', 'getBlob', 'list', 'get', 'export'], callee: /(?:^|\.)DriveApp\.(?:getFiles|searchFiles)$|\.getBlob$|(?:^|\.)drive\.files\.(?:list|get|export)$/, effect: { kind: 'read-secret', label: "the user's files", entry: 'read.personal.files' } },
  { entry: 'tamper.token-approval', tails: ['approve', 'setApprovalForAll', 'increaseAllowance', 'writeContract', 'simulateContract', 'encodeFunctionData'], callee: /(?:^|\.)(?:approve|setApprovalForAll|increaseAllowance)$|(?:^|\.)(?:writeContract|simulateContract|encodeFunctionData)$/, effect: { kind: 'approval' } },
  { entry: 'send.mail.js', tails: ['sendEmail'], callee: /(?:^|\.)(?:GmailApp|MailApp)\.sendEmail$/, effect: { kind: 'send-mail', recipientArg: 0, recipientKeys: ['to', 'cc', 'bcc'] } },
  { entry: 'send.mail.js', tails: ['sendMail'], callee: /(?:^|\.)(?:transporter|transport|mailer|smtp\w*|mail\w*|nodemailer\w*|client)\.sendMail$/i, effect: { kind: 'send-mail', recipientKeys: ['to', 'cc', 'bcc'] } },
  { entry: 'grant.account.js', tails: ['addEditor', 'addEditors', 'addViewer', 'addViewers', 'addCommenter', 'addCommenters'], effect: { kind: 'grant' } },
  { entry: 'grant.account.js', tails: ['create', 'insert', 'updateAutoForwarding'], callee: /(?:[Ff]orwardingAddresses|[Ff]ilters|[Dd]elegates|[Ss]endAs|[Pp]ermissions|[Aa]cl)\.(?:create|insert)$|[Uu]pdateAutoForwarding$/, effect: { kind: 'grant' } },
  // the signed-in user's OAuth token from a script platform or an auth client: it acts as the user on the platform's APIs
  { entry: 'read.secret.oauth-token', tails: ['getOAuthToken', 'getIdentityToken', 'getAccessToken'], callee: /(?:^|\.)ScriptApp\.(?:getOAuthToken|getIdentityToken)$|(?:^|\.)(?:auth|client|oauth2?Client|googleAuth|gauth|jwtClient|credentials?)\.getAccessToken$/i, effect: { kind: 'read-secret', label: "the signed-in user's OAuth access token", entry: 'read.secret.oauth-token', vendors: ['google', 'googleapis'] } },
  // rows written to a spreadsheet through Google's client (`sheets.spreadsheets.values.append({ requestBody })`)
  { entry: 'send.saas.sheet', tails: ['append', 'update', 'batchUpdate'], callee: /(?:^|\.)spreadsheets\.values\.(?:append|update|batchUpdate)$/, effect: { kind: 'send', channelArgs: { requestBody: 'body', resource: 'body' }, host: 'sheets.googleapis.com' } },
  // (`payload`: Apps Script's UrlFetchApp.fetch names the request body so)
  { entry: 'send.http.js', tails: ['fetch'], effect: { kind: 'send', channelArgs: { body: 'body', payload: 'body', headers: 'header' } } },
  { entry: 'send.http.js', tails: ['post', 'put', 'patch'], callee: HTTP_CLIENT, effect: { kind: 'send', channelArgs: { headers: 'header', params: 'query', data: 'body' }, positionalData: 1 } },
  { entry: 'send.http.js', tails: ['get'], callee: HTTP_CLIENT, effect: { kind: 'send', channelArgs: { headers: 'header', params: 'query' } } },
  { entry: 'send.http.js', tails: ['request', 'http.request', 'https.request'], callee: /(?:^|\.)(?:https?|axios|got)\.request$|^request$/, effect: { kind: 'send', channelArgs: { headers: 'header', data: 'body', body: 'body' } } },
  { entry: 'send.http.js', tails: ['sendBeacon', 'write', 'end', 'send'], callee: /(?:navigator\.sendBeacon|(?:req|request|xhr|socket|ws|client|conn)\.(?:write|end|send))$/, effect: { kind: 'send', channelArgs: {}, positionalData: 0 } },
  // a name looked up carries what it is built from to whoever runs the name's zone (DNS exfiltration), as in Python
  { entry: 'send.dns.js', tails: ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveTxt', 'resolveAny', 'resolveCname', 'resolveMx'], callee: /(?:^|\.)(?:dns|dnsPromises|resolver|promises)\.(?:lookup|resolve(?:4|6|Txt|Any|Cname|Mx)?)$/, effect: { kind: 'send', channelArgs: {}, positionalData: 0 } },
  { entry: 'exec.js.eval', tails: ['eval', 'Function', 'runInNewContext', 'runInThisContext', 'runInContext', 'vm.Script'], effect: { kind: 'exec', how: 'code' } },
  { entry: 'exec.js.shell', tails: ['exec', 'execSync', 'spawn', 'spawnSync', 'execFile', 'execFileSync', 'execa', 'execaCommand', '$'], callee: /(?:child_process|cp|childProcess|execa|shell|proc)?\.?(?:exec|execSync|spawn|spawnSync|execFile|execFileSync|execa|execaCommand)$|^\$$/, effect: { kind: 'exec', how: 'shell' } },
  { entry: 'decode.js', tails: ['atob', 'Buffer.from', 'decodeURIComponent', 'unescape', 'fromCharCode', 'inflateSync', 'gunzipSync'], effect: { kind: 'decode' } },
  { entry: 'read.file.js', tails: ['readFileSync', 'readFile', 'readdirSync', 'readdir', 'createReadStream', 'cpSync', 'copyFileSync', 'cp'], callee: /(?:^|\.)(?:fs|fsp|promises|fse|fs-extra)?\.?(?:readFileSync|readFile|readdirSync|readdir|createReadStream|cpSync|copyFileSync|cp)$/, effect: { kind: 'read-file' } },
  // a browser automation's saved session: its cookies and local storage sign in as the user on every site
  { entry: 'read.secret.session-state', tails: ['storageState', 'cookies'], callee: /(?:^|\.)(?:context|ctx|browserContext|browser|page|session)\.(?:storageState|cookies)$/, effect: { kind: 'read-secret', label: "the browser's signed-in session (cookies and local storage)", entry: 'read.secret.session-state' } },
  // the screen's content: Electron's capturer, the screenshot packages, a screen-capture stream
  { entry: 'read.personal.screen', tails: ['getSources', 'screenshot', 'getDisplayMedia', 'capture'], callee: /(?:^|\.)desktopCapturer\.getSources$|^screenshot(?:Desktop)?$|(?:^|\.)(?:screenshotDesktop|screenshot_desktop)$|(?:^|\.)mediaDevices\.getDisplayMedia$|(?:^|\.)screen\.capture$/, effect: { kind: 'read-secret', label: "the screen's content", entry: 'read.personal.screen' } },
  { entry: 'read.secret.clipboard', tails: ['clipboard.readText', 'clipboard.read', 'clipboardy.read', 'clipboardy.readSync'], effect: { kind: 'read-secret', label: 'the clipboard', entry: 'read.secret.clipboard' } },
  { entry: 'write.file.js', tails: ['writeFileSync', 'writeFile', 'appendFileSync', 'appendFile', 'outputFile', 'outputFileSync'], effect: { kind: 'write-file', contentArg: 1 } },
];

export function matchApi(callee: string, table: readonly ApiEntry[]): ApiEntry | null {
  // remembered per table and callee (bounded): a program calls the same few functions thousands of times
  let answers = apiAnswers.get(table);
  if (!answers) apiAnswers.set(table, (answers = new Map()));
  let r = answers.get(callee);
  if (r === undefined) {
    r = findApi(callee, table);
    if (callee.length > 256) return r; // (a long callee, a chain with its arguments, is not kept: the memo outlives the analysis)
    if (answers.size >= 4096) answers.clear();
    answers.set(callee, r);
  }
  return r;
}

const apiAnswers = new WeakMap<readonly ApiEntry[], Map<string, ApiEntry | null>>();

function findApi(callee: string, table: readonly ApiEntry[]): ApiEntry | null {
  for (const e of table) {
    for (const t of e.tails) {
      if (callee === t || callee.endsWith(`.${t}`)) {
        if (e.callee && !e.callee.test(callee)) continue;
        return e;
      }
    }
  }
  return null;
}

/**
 * Code that turns certificate checks off for the requests it makes (docs/skill-effect-model.md,
 * "TLS off in code"): every connection can then be intercepted. Matched on code lines, not prose.
 */
export const TLS_OFF_CODE: readonly { lang: RegExp; pattern: RegExp; what: string }[] = [
  { lang: /^(?:python|py|python3)$/, pattern: /\bverify\s*=\s*False\b|\.verify\s*=\s*False\b|_create_unverified_context\b|\bCERT_NONE\b|check_hostname\s*=\s*False/, what: 'certificate verification off (Python)' },
  { lang: /^(?:js|javascript|ts|typescript|mjs|cjs|jsx|tsx|node)$/, pattern: /\brejectUnauthorized\s*:\s*false\b|NODE_TLS_REJECT_UNAUTHORIZED\s*=\s*["']?0/, what: 'certificate verification off (Node)' },
  { lang: /^(?:go|golang)$/, pattern: /\bInsecureSkipVerify\s*:\s*true\b/, what: 'certificate verification off (Go)' },
  { lang: /^(?:java|kotlin|kt|scala)$/, pattern: /\bTrustAllCerts\b|\bALLOW_ALL_HOSTNAME_VERIFIER\b|NoopHostnameVerifier/, what: 'certificate verification off (JVM)' },
  // the variables every tool of a runtime or CI job reads: TLS off for everything started with them
  { lang: /^(?:ya?ml|sh|bash|zsh|shell|console|env|dotenv|ini|toml|dockerfile|docker)$/, pattern: /\b(?:NODE_TLS_REJECT_UNAUTHORIZED|PYTHONHTTPSVERIFY)["']?\s*[:=]\s*["']?0\b|\bGIT_SSL_NO_VERIFY["']?\s*[:=]\s*["']?(?:true|1)\b|\bnpm_config_strict_ssl["']?\s*[:=]\s*["']?false\b/i, what: 'certificate verification off for every tool the environment starts' },
  { lang: /^(?:rb|ruby)$/, pattern: /\bVERIFY_NONE\b|\bverify_mode\s*(?:=|:|=>)\s*0\b|\bssl\s*(?::|=>)\s*\{\s*verify\s*(?::|=>)\s*false\b|\bverify_ssl\s*(?::|=>)\s*false\b/, what: 'certificate verification off (Ruby)' },
  { lang: /^(?:cs|csharp|c#)$/, pattern: /ServerCertificateCustomValidationCallback\s*=\s*(?:\([^)]*\)|\w+)\s*=>\s*true/, what: 'certificate verification off (.NET)' },
];

/**
 * Authentication switched off in code the skill has the agent write: a token accepted unsigned or expired, a
 * fixed header or password that makes anyone an administrator. `backdoor` entries grant access to whoever
 * knows a value the skill's author chose.
 */
export const AUTH_OFF_CODE: readonly { lang: RegExp; pattern: RegExp; what: string; backdoor?: boolean; expiry?: boolean }[] = [
  { lang: /^(?:js|javascript|ts|typescript|mjs|cjs|jsx|tsx|node|python|py|python3|go|java|rb|ruby|php)$/, pattern: /\balgorithms?\s*[:=]\s*\[[^\]\n]*["']none["']/i, what: 'tokens accepted with alg "none" (no signature)' },
  { lang: /^(?:js|javascript|ts|typescript|mjs|cjs|jsx|tsx|node)$/, pattern: /\bignoreExpiration\s*:\s*true\b/, what: 'token expiry ignored', expiry: true },
  // Java (Nimbus, jjwt, auth0 java-jwt): an unsigned token type accepted, the "none" algorithm, or an unsigned parse
  { lang: /^(?:java|kotlin|kt|scala|groovy)$/, pattern: /\binstanceof\s+PlainJWT\b|\bJWSAlgorithm\.NONE\b|\bAlgorithm\.none\s*\(|["']alg["']\s*,\s*["']none["']|\.parseClaimsJwt\s*\(|\.parseUnsecuredClaims\s*\(/, what: 'unsigned tokens accepted (alg "none" or a plain JWT)' },
  { lang: /^(?:python|py|python3)$/, pattern: /["']verify_signature["']\s*:\s*False\b/, what: 'token signature not checked' },
  // ruby-jwt's `JWT.decode(token, key, false)` and golang-jwt's `ParseUnverified`: the claims read without the signature
  // checked — unless the block verifies the token afterwards (peeking at the header for its `kid` first is how key
  // rotation is done)
  { lang: /^(?:rb|ruby)$/, pattern: /\bJWT\.decode\s*\([^,\n)]+,[^,\n)]+,\s*false\b(?![\s\S]*\bJWT\.decode\s*\([^,\n)]+,[^,\n)]+,\s*true\b)/, what: 'token signature not checked (JWT.decode with verification off)' },
  { lang: /^(?:go|golang)$/, pattern: /\.ParseUnverified\s*\((?![\s\S]*\b(?:jwt\.)?Parse(?:WithClaims)?\s*\()/, what: 'token signature not checked (ParseUnverified)' },
  { lang: /^(?:python|py|python3)$/, pattern: /["']verify_exp["']\s*:\s*False\b/, what: 'token expiry not checked', expiry: true },
  // an `if` comparing a request header (or query/body field) with a literal whose branch sets a user or an admin role
  { lang: /^(?:js|javascript|ts|typescript|mjs|cjs|jsx|tsx|node|python|py|python3|php|rb|ruby|go)$/, pattern: /\bif\b[^\n]{0,40}\b(?:headers|query|body|args|params|META|cookies|get|header)\b[^\n]{0,60}(?:===?|==)\s*["'][^"'\s]{6,}["'][^\n]*\n?(?:[^\n]*\n){0,2}?[^\n]*(?:\brole\b\s*[:=]\s*["']?(?:admin|root|superuser|owner)|\b(?:is_?admin|isAdmin|is_superuser|is_staff|superuser)\b\s*[:=]\s*(?:true|True|1)|\buser\b\s*=\s*[{(]?[^\n]{0,60}\badmin\b)/i, what: 'a fixed request value that grants administrator access', backdoor: true },
  // … or whose branch signs someone in: a session, a token or a login issued for the account the request names
  // (a protocol's word, `grant_type === 'client_credentials'`, is not a secret value)
  { lang: /^(?:js|javascript|ts|typescript|mjs|cjs|jsx|tsx|node|python|py|python3|php|rb|ruby|go)$/, pattern: /\bif\b[^\n]{0,40}\b(?:headers|query|body|args|params|META|cookies|get|header)\b[^\n]{0,60}(?:===?|==)\s*["'](?![a-z]+(?:[_-][a-z]+)*["'])[^"'\s]{6,}["'][^\n]*\n?(?:[^\n]*\n){0,3}?[^\n]*(?:\b(?:issue|create|start|new|set)_?[Ss]ession\s*\(|\blog_?in(?:_?[Uu]ser)?\s*\(|\bsign_?[Ii]n\s*\(|\bjwt\.sign\s*\(|\b(?:create|issue|generate)_?(?:[Aa]ccess)?_?[Tt]oken\s*\(|\b(?:req\.)?session\.(?:user|userId|uid)\s*=|\bsession\[["']user|\bmfa\b\s*[:=]\s*["']?(?:satisfied|true|passed|verified))/i, what: 'a fixed request value that signs anyone in', backdoor: true },
  // Supabase: `user_metadata` is written by the user (auth.updateUser); access decided on it is access the user grants themselves
  { lang: /^(?:sql|pgsql|postgres|postgresql|plpgsql|psql)$/, pattern: /\bcreate\s+policy\b[^;]{0,600}?(?:\buser_metadata\b|\braw_user_meta_data\b)/i, what: 'row access decided on user_metadata, which every user can set for themselves' },
  { lang: /^(?:js|javascript|ts|typescript|mjs|cjs|jsx|tsx|node)$/, pattern: /\buser_metadata\s*\??\.\s*(?:role|roles|is_?admin|isAdmin|admin|permissions?)\b[^\n]{0,40}(?:===?|includes\s*\()/, what: 'authorisation decided on user_metadata, which every user can set for themselves' },
  // an administrator account given a password hash written in the skill (bcrypt, argon2, Django's pbkdf2, crypt's
  // sha512): whoever wrote the skill knows a password for it that the user does not
  { lang: /^(?:sql|pgsql|postgres|postgresql|plpgsql|psql|mysql|sqlite|ruby|rb|python|py|python3|js|javascript|ts|typescript|mjs|cjs|node|php|go|yaml|yml|json|java|kotlin|kt|cs|csharp)$/, pattern: /["'](?:\$2[aby]\$\d{2}\$[./A-Za-z0-9]{20,60}|\$argon2(?:id|i|d)\$[^"'\s]{20,}|pbkdf2_sha256\$\d+\$[^"'\s]{10,}|\$6\$[^"'\s]{20,})["'][\s\S]{0,400}?(?:["'](?:super_?admin|superuser|admin|administrator|owner|root)["']|\bis_?(?:super_?user|admin|staff)\b\s*[:=]\s*(?:true|True|1)|\bSUPERUSER\b)|(?:["'](?:super_?admin|superuser|admin|administrator|owner|root)["']|\bis_?(?:super_?user|admin|staff)\b["']?\s*[:=]>?\s*(?:true|True|1))[\s\S]{0,400}?["'](?:\$2[aby]\$\d{2}\$[./A-Za-z0-9]{20,60}|\$argon2(?:id|i|d)\$[^"'\s]{20,}|pbkdf2_sha256\$\d+\$[^"'\s]{10,}|\$6\$[^"'\s]{20,})["']/i, what: 'an administrator account whose password hash the skill fixes (its author knows the password)', backdoor: true },
  // a fixed master password accepted beside the real check (`password == "x" || bcrypt.compare(…)`)
  { lang: /^(?:js|javascript|ts|typescript|mjs|cjs|jsx|tsx|node|python|py|python3|php|rb|ruby|go)$/, pattern: /(?:password|passwd|pwd)\s*===?\s*["'][^"'\s]{4,}["']\s*(?:\|\||\bor\b)[^\n]{0,100}\b(?:compare\w*|verify\w*|check_?password|bcrypt|argon2?|hash\w*|authenticate)\b|\b(?:compare\w*|verify\w*|check_?password|bcrypt|argon2?|authenticate)\b[^\n]{0,100}(?:\|\||\bor\b)\s*(?:password|passwd|pwd)\s*===?\s*["'][^"'\s]{4,}["']/i, what: 'a fixed master password accepted besides the real check', backdoor: true },
];

/**
 * A certificate-check setting whose value depends on whether the code runs in CI or under a test runner
 * (`InsecureSkipVerify: os.Getenv("CI") == ""`): the checks the tests see are not the ones users get.
 */
export const TLS_SWITCH_CODE: readonly { lang: RegExp; setting: RegExp }[] = [
  { lang: /^(?:go|golang)$/, setting: /\bInsecureSkipVerify\s*[:=]\s*([^,\n]+)/ },
  { lang: /^(?:python|py|python3)$/, setting: /\bverify\s*=\s*([^,\n]+)/ },
  { lang: /^(?:js|javascript|ts|typescript|mjs|cjs|jsx|tsx|node)$/, setting: /\brejectUnauthorized\s*:\s*([^,}\n]+)/ },
  { lang: /^(?:rust|rs)$/, setting: /\bdanger_accept_invalid_(?:certs|hostnames)\s*\(\s*([^)]+)\)/ },
  { lang: /^(?:cs|csharp|c#)$/, setting: /\bServerCertificateCustomValidationCallback\s*=\s*([^;]{1,400})/ },
];
/** An expression that reads a CI or test-runner marker from the environment. */
export function readsCiMarker(expr: string): boolean {
  return /\b(?:getenv|Getenv|environ|env|ENV|GetEnvironmentVariable|System\.getenv)\b/.test(expr) && /["'.](?:CI|GITHUB_ACTIONS|GITLAB_CI|BUILDKITE|JENKINS_URL|CIRCLECI|TRAVIS|TF_BUILD|PYTEST_CURRENT_TEST|JEST_WORKER_ID|VITEST)\b/.test(expr);
}

/**
 * Weak cryptography in code the skill has the agent write: passwords hashed with MD5 or SHA-1, block ciphers in
 * ECB mode (equal plaintext blocks give equal ciphertext), a fixed key compiled in as the fallback.
 */
export const WEAK_CRYPTO_CODE: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\b(?:md5|sha1|MD5|SHA1|Md5|Sha1)(?:\.Sum|\.New|\.new|\.hexdigest|\.digest|Hex|_hex|\(|\.update)[^\n]{0,80}\b(?:password|passwd|pwd|passphrase)\b|\bhashlib\.(?:md5|sha1)\s*\([^\n]{0,60}\b(?:password|passwd|pwd)\b|createHash\(\s*["'](?:md5|sha1)["']\s*\)[^\n]{0,80}\b(?:password|passwd|pwd)\b/, what: 'passwords hashed with MD5 or SHA-1 (fast, unsalted: cracked in bulk)' },
  { pattern: /\bMODE_ECB\b|["'](?:AES|DES|DESede|Blowfish)\/ECB\/|["']aes-\d{3}-ecb["']|\bCipherMode\.ECB\b|\bNewECB(?:En|De)crypter\b|\bECB\s*\(/, what: 'a block cipher in ECB mode (equal inputs give equal ciphertext)' },
  // ECB written by hand: a block cipher's one-block primitive run over the message block by block (`c.Encrypt(dst[i:i+aes.BlockSize], …)`)
  { pattern: /\.(?:Encrypt|encrypt_block|encryptBlock)\s*\(\s*\w+\s*\[\s*\w+\s*:\s*\w+\s*\+\s*(?:\w+\.)?(?:BlockSize|block_size|16)\s*\]/, what: 'a block cipher applied block by block by hand (ECB: equal inputs give equal ciphertext)' },
  // the encryption key written into the code, handed to the cipher directly or through the name holding it (placeholders and
  // examples excepted): every environment, and whoever reads the repository, has it
  { pattern: /\b(\w*(?:key|Key|KEY)\w*)\s*(?::=|=)\s*(?:\[\]byte\(\s*|b|Buffer\.from\(\s*|(?:str|String)?\.?encode\(\s*)?["'](?![^"'\n]*(?:example|sample|test|dummy|changeme|your|xxxx|placeholder))[^"'\n$%{}]{16,64}["'][\s\S]{0,4000}?\b(?:aes\.NewCipher|AES\.new|createCipheriv\s*\(\s*["'][\w-]+["']\s*,)\s*\(?\s*\1\b/, what: 'an encryption key written into the code (the same key everywhere, readable by anyone with the source)' },
  { pattern: /\b(?:Getenv|getenv|get|environ\.get|fetch)\s*\(\s*["'][A-Z_]*(?:KEY|SECRET)[A-Z_]*["']\s*,\s*["'][^"'\n]{16,}["']\s*\)/, what: 'an encryption key with a fixed fallback compiled in' },
  // a password hash's work factor set far below the library's default (bcrypt 10–12): each guess costs a fraction of a millisecond
  { pattern: /\bbcrypt(?:js)?\.(?:hash|hashSync|genSalt|genSaltSync)\s*\(\s*(?:[^,()\n]+,\s*)?[1-7]\s*\)|\bgensalt\s*\(\s*(?:rounds\s*=\s*|log_rounds\s*=\s*)?[1-7]\s*\)|\bGenerateFromPassword\s*\([^,\n]+,\s*[1-7]\s*\)|\bBCrypt\.gensalt\s*\(\s*[1-7]\s*\)|\bcost\s*[:=]\s*[1-7]\b(?=[^\n]{0,40}\bbcrypt)/, what: 'password hashes with a work factor far below the default (guessed quickly when the table leaks)' },
  // a secret, token or code drawn from a non-cryptographic generator, in a function or constant named for it
  { pattern: /\b(?:function\s+|const\s+|let\s+|def\s+)?\w*(?:[Tt]oken|[Oo]tp|OTP|[Nn]once|[Ss]ecret|[Rr]esetCode|reset_code|[Vv]erification[Cc]ode|[Ss]ession[Ii]d|session_id|[Aa]pi[Kk]ey|api_key)\w*\s*(?:\([^)\n]{0,60}\)\s*(?:\{|:|=>)|=)[^\n]{0,30}\n?[^\n]{0,40}\b(?:Math\.random\s*\(|random\.(?:random|randint|choice)\s*\()/, what: 'tokens or codes from a non-cryptographic random generator (predictable)' },
  // a signature check that passes when the signature is missing
  { pattern: /\bif\s*\(\s*!\s*\w*(?:sig|signature|hmac|mac)\w*\s*\)\s*(?:\{\s*)?return\s+true\b|\bif\s+not\s+\w*(?:sig|signature|hmac)\w*\s*:\s*return\s+True\b/i, what: 'a signature check that passes when the signature is missing (fail-open)' },
];

/**
 * Web application settings in code the agent writes that let other sites or clients in: credentials sent on
 * cross-site requests from any origin (the origin reflected or matched by a catch-all, with credentials on: a
 * `*` with credentials is refused by browsers and is not listed), every request parameter mass-assigned.
 * `needs` must also match in the same block.
 */
export const WEAK_WEB_CODE: readonly { pattern: RegExp; needs?: RegExp; what: string }[] = [
  {
    pattern: /\borigin\s*:\s*(?:true\b|\(\s*\w+\s*,\s*(\w+)\s*\)\s*=>\s*\1\s*\(\s*null\s*,\s*(?:true|\w+(?:\s*\|\|\s*true)?)\s*\))|\bCORS_(?:ALLOW_ALL_ORIGINS|ORIGIN_ALLOW_ALL)\s*=\s*True\b|\bCORS_(?:ALLOWED_ORIGIN_REGEXES|ORIGIN_REGEX_WHITELIST)\s*=\s*\[\s*r?["']\^?(?:https\?:\/\/|https?:\/\/)?\.\*\$?["']|\ballowedOriginPatterns\s*\(\s*["']\*["']|\bAllowOriginFunc\s*:\s*func\s*\([^)]*\)\s*bool\s*\{\s*return\s+true|Access-Control-Allow-Origin["']?\s*[,:]\s*(?:req|request)\.(?:headers?\.(?:origin|get\(\s*["']origin["']\s*\))|get_header\(\s*["']origin)|\badd_header\s+Access-Control-Allow-Origin\s+["']?\$http_origin\b|\ballow_origin_regex\s*=\s*r?["']\^?(?:https\?:\/\/|https?:\/\/)?\.\*\$?["']|["']allowed_origins_patterns["']\s*=>\s*\[\s*["']\/?\^?\.\*\$?\/?["']/i,
    needs: /\bcredentials\s*:\s*true\b|\ballow_credentials\s*=\s*True\b|["']supports_credentials["']\s*=>\s*true\b|\badd_header\s+Access-Control-Allow-Credentials\s+["']?true|\bCORS_ALLOW_CREDENTIALS\s*=\s*True\b|\ballowCredentials\s*\(\s*true\s*\)|\bsupports_credentials\s*=\s*True\b|\bAllowCredentials\s*[:=]\s*true\b|Access-Control-Allow-Credentials["']?\s*[,:]\s*["']?true/i,
    what: 'cross-site requests with the user\'s cookies accepted from any origin (CORS reflecting every origin with credentials)',
  },
  { pattern: /\.permit!/, what: 'every request parameter accepted into the model (Rails permit!: users can set their own role or owner)' },
];

/** The warning that would tell the user, silenced, or the hostname check replaced: the weakening is hidden. */
export const TLS_SILENCED = /disable_warnings\s*\(|filterwarnings\s*\(\s*["']ignore["'][^)]*Insecure|checkServerIdentity\s*:\s*\(\s*\)\s*=>\s*(?:undefined|null)|NODE_NO_WARNINGS/;

/**
 * Calls that check a signature with a secret key and return the verified message (Stripe's `constructEvent`, `jwt.verify`,
 * Svix/Standard Webhooks `verify`, Twilio's `validateRequest`, Slack's `verifyRequestSignature`): the key is used, not
 * passed on, so what they return does not carry it. Sending the key itself is still a send of the secret.
 */
export const SIGNATURE_VERIFIER = /(?:^|\.)(?:constructEvent(?:Async)?|construct_event|verify|verifySignature|verifyWebhook|verifyRequestSignature|verify_signature|validateRequest|validate_request|unsign)$/;
