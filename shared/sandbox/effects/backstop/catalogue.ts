/**
 * The backstop's catalogue (docs/skill-effect-model.md, "The backstop"): coarse capabilities of a program in any
 * language, as data. Each entry is a pattern over the program's text (comment lines blanked) that names a capability
 * by its primitive, whatever the language: a credential store by its path or name, an outbound call by its client,
 * encoding by its function, background or silenced execution by its idiom, a run-later place by its name. The
 * policy (./index.ts) judges combinations of them, so no entry decides a verdict alone.
 */

export type Capability = 'source' | 'weak-source' | 'egress' | 'send-body' | 'encode' | 'hide' | 'later' | 'fetch-exec' | 'miner';

export interface CapEntry {
  id: string;
  cap: Capability;
  label: string;
  re: RegExp;
  /** A source that is a question only when hidden or encoded: in plain sight it is most often the API's own key. */
  onlyHidden?: boolean;
}

/**
 * Sensitive sources other than credential paths (paths are matched by the effect model's SECRET_PATHS, see index.ts):
 * the whole environment, environment names filtered for secrets, history, clipboard, keychains, token commands,
 * wallet keys and seed phrases, browser cookies.
 */
export const SOURCE_ENTRIES: readonly CapEntry[] = [
  { id: 'env-dump', cap: 'source', label: 'the whole environment', re: /(?:^|[\s|;(`$])(?:env|printenv|set)\s*(?:$|[|>;)`])|\bos\.environ(?!\s*(?:\[|\.get\b|\.setdefault\b))\b|\bprocess\.env(?!\s*(?:\.|\[))|\benv::vars\s*\(|\bos\.Environ\s*\(|\bSystem\.getenv\s*\(\s*\)|\bENV\.(?:to_h|to_a|each|map|select|keys)\b|%ENV\b(?!\s*\{)|\bGet-ChildItem\s+env:|\bgci\s+env:|\[Environment\]::GetEnvironmentVariables\s*\(|\bSys\.getenv\s*\(\s*\)|\bos\.getenv\s*\(\s*\)|\benviron\s*\(\s*\)/m },
  { id: 'env-filter', cap: 'source', label: 'environment names filtered for secrets', re: /\b(?:KEY|TOKEN|SECRET|PASS(?:WORD)?|CRED\w*)\s*\|\s*(?:KEY|TOKEN|SECRET|PASS(?:WORD)?|CRED\w*)\b|(?:contains|includes|match(?:es)?|startswith|endswith|include\?|=~|-match|-like|index|find|search|grep)\s*\(?\s*["'/][^"'/\n]{0,20}(?:TOKEN|SECRET|PASSWORD|KEY|CRED)/i },
  { id: 'history', cap: 'source', label: 'shell or command history', re: /\bAddToHistoryHandler\b|\bGet-History\b|\bPSReadLine\b[^\n]{0,80}HistorySavePath|\bHISTFILE\b|\bhistory\s+-?\d*\s*\||\bfc\s+-ln?\b|\bPROMPT_COMMAND\b|\bpreexec\b|\bbash_history\b|\bzsh_history\b/ },
  { id: 'clipboard', cap: 'source', label: 'the clipboard', re: /\bNSPasteboard\b|\bUIPasteboard\b|\bpbpaste\b|\bGet-Clipboard\b|\bxclip\s+(?:-selection\s+\w+\s+)?-o\b|\bxsel\s+-[a-z]*o|\bwl-paste\b|\bclipboard\.readText\b|\bpyperclip\.paste\b|\bClipboard\.GetText\b/ },
  { id: 'keychain', cap: 'source', label: 'a secret store', re: /\bsecurity\s+(?:find-(?:generic|internet)-password|dump-keychain)\b|\bsecret-tool\s+lookup\b|\bkeyring\.get_password\b|\bcmdkey\s+\/list\b|\bGet-StoredCredential\b|\bCredRead\b|\bgit\s+credential\s+fill\b|\bgh\s+auth\s+token\b|\bvault\s+(?:kv\s+)?read\b|\baws\s+configure\s+get\b|\bop\s+(?:read|item\s+get)\b|\bkubectl\s+get\s+secrets?\b/ },
  { id: 'wallet', cap: 'source', label: 'wallet keys or a seed phrase', re: /\b(?:mnemonic|seed_?phrase|seedPhrase|privateKey|keypair\.secretKey)\b|(?<!["'])\bprivate_key\b(?!["'])/ },
  { id: 'device-secret', cap: 'source', label: 'a device or network secret', re: /\bWiFi\.psk\s*\(|\bkey=clear\b|\/proc\/(?:self|\d+|\$\w+)\/environ\b|\bwpa_supplicant\.conf\b|\bsystem-connections\b/ },
  // credential columns of a database (role password hashes, users' password hashes)
  { id: 'db-secrets', cap: 'source', label: 'credential columns of a database', re: /\bpg_authid\b|\brolpassword\b|\bpg_shadow\b|\bmysql\.user\b|\bpassword_?hash(?:es)?\b|\bhashed_?password\b|\bencrypted_?password\b/i },
  // a file named for the keys or secrets it holds, uploaded (`-d @keys.json`, `-F f=@secrets.yaml`)
  { id: 'secret-upload', cap: 'source', label: 'a file named for secrets, uploaded', re: /@["']?[\w./~$-]*(?:keys?|secrets?|credentials?|tokens?|passwords?)[\w.-]*\.(?:json|txt|ya?ml|env|csv|ini|toml)\b/i },
  { id: 'cookies', cap: 'source', label: 'cookies or browser storage', re: /\bdocument\.cookie\b|\blocalStorage\.getItem\b|\bsessionStorage\b|\bcookies\.sqlite\b|\bLogin Data\b/ },
  // a request field named for a credential whose value is computed (`cred=$tok`, `"password": pw`): in plain sight most
  // often the API's own key; hidden or encoded, a credential on its way out (a shell assignment `TOK=$(…)` is no field)
  { id: 'secret-field', cap: 'source', onlyHidden: true, label: 'a field named for a credential, filled from a variable', re: /(?:[?&{,"']|(?<!^|\b(?:export|local|readonly|declare|set|let|const|var))[ \t])(?:cred|creds|credentials?|tok|token|access_token|passw(?:or)?d|pwd|secret|api_?key|apikey|session|cookie|auth)["']?\s*[=:]\s*["']?(?:\$|\{\{?\s*\w|%\(|#\{|\+\s*\w)/i },
];

/**
 * A secret by its name only (`$DEPLOY_TOKEN`, `secrets.NPM_TOKEN`, `OTA_PASSWORD`): most often a token handed to its own
 * API, so it weighs less than a credential store (see the policy in ./index.ts).
 */
export const WEAK_SOURCE_RE = /\b[A-Z][A-Z0-9]*_(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?)\b|\bsecrets\.[A-Z_]{3,}/;

/** Outbound primitives of any language: HTTP clients, URL openers, sockets, DNS, mail, transfer and publication commands. */
export const EGRESS_RE = /(?:^|[\s|;&(`"'/[{@])(?<!\$)(?:curl|wget|nc|ncat|netcat|socat|telnet|ssh|scp|rsync|sftp|ftp|tftp|dig|nslookup|host|ping|sendmail|mailx?|swaks|httpie|http|https|xh)(?:\.exe)?(?=[\s"',\]])|^\s*(?:GET|POST|PUT|PATCH|DELETE)\s+https?:\/\/|\bgit\s+(?:remote|clone|fetch|pull|ls-remote|submodule)\b|\bgit@[\w.-]+:|\b(?:push)?insteadOf\b|\bextraheader\b|--push\b|\btype=registry\b|\b(?:endpoint(?:[_-]?url)?|dsn|webhook(?:[_-]?url)?|collector|remote[_-]?url|upload[_-]?url|server[_-]?url|base[_-]?url|api[_-]?url|registry|index-url|extra-index-url|url)["']?\s*[:=]\s*["']?(?:https?:\/\/|[\w-]+\.[\w.-]+)|--(?:endpoint-url|registry|index-url|server|url)[=\s]|\b(?:Invoke-WebRequest|Invoke-RestMethod|iwr|irm|Send-MailMessage|Resolve-DnsName|Test-NetConnection|Start-BitsTransfer)\b|\bNet\.WebClient\b|\bWebClient\b|\bUpload(?:String|Data|File|Values)\b|\bHttpClient\b|\bHttpURLConnection\b|\bopenConnection\s*\(|\bnew\s+URL\s*\(|\.toURL\s*\(|\bURL\s*\(\s*["']https?:|\brequests\.(?:get|post|put|patch|request|Session)\b|\bhttpx\.\w+|\burllib\.request\b|\burlopen\s*\(|\bhttp\.client\b|\baiohttp\b|\bsocket\.(?:socket|create_connection|connect)\b|\bsocket\.http\b|\bfetch\s*\(|\baxios\b|\bXMLHttpRequest\b|\bsendBeacon\b|\bhttps?\.(?:request|get)\s*\(|\bnet\.(?:connect|createConnection|Dial\w*)\s*\(|\bhttp\.(?:Post\w*|Get|NewRequest\w*|DefaultClient)\b|\bTcpStream::connect\w*|\bUdpSocket\b|\breqwest\b|\bureq\b|\bNet::HTTP\b|\bURI\.open\b|\bopen-uri\b|\bTCPSocket\b|\bFaraday\b|\bHTTParty\b|\bfile_get_contents\s*\(\s*["']https?:|\bcurl_(?:init|exec)\b|\bfsockopen\b|\bLWP::|\bHTTP::Tiny\b|\bIO::Socket\b|\bsmtplib\b|\bNet::SMTP\b|\bSmtpClient\b|\bnodemailer\b|\bdns\.resolve\w*\b|\bgethostbyname\b|\bLookup(?:TXT|Host|IP)\b|\/dev\/(?:tcp|udp)\/|\/inet\/(?:tcp|udp)\/|\bdata\s+"http"|\bgit\s+push\b|\b(?:npm|pnpm|yarn)\s+publish\b|\btwine\s+upload\b|\bdocker\s+push\b|\bgh\s+gist\s+create\b|\bURLSession\b|\bURLRequest\b|\bWebSocket\b|\bmqtt\b|\bPubSubClient\b|\bHTTPClient\b|\.(?:track|capture|identify|publish)\s*\(|\b\w*(?:upload|attach|send_?message|post_?message|Upload|Attach|SendMessage|PostMessage)\w*\s*\(|\b(?:invoke-webrequest|invoke-restmethod)\b/;

/** A request that carries a body (data, a form, an upload, a POST or PUT): a call that sends, not only fetches. */
export const SEND_BODY_RE = /(?:^|\s)(?:-d|--data(?:-\w+)?|--post-(?:data|file)|-F|--form|-T|--upload-file|--json)(?=[\s=])|-X\s*["']?(?:POST|PUT|PATCH)\b|\bmethod\s*[:=]\s*["']?(?:POST|PUT|PATCH)\b|\b(?:requests|httpx|session|client|axios|http)\.(?:post|put|patch)\s*\(|-Method\s+(?:Post|Put)\b|-Body\b|\bUpload(?:String|Data|File|Values)\b|\bsendBeacon\b|\bPost(?:Async|Form)?\s*\(/mi;

/** Encoding, compression or encryption of data (what hides it on the way out); DNS labels built from data. */
export const ENCODE_RE = /(?:^|[\s|;(`$])(?:base64|base32|xxd|gzip|bzip2|xz|zstd|rev)(?=[ \t]*(?:$|[|;)]|-[a-zA-Z]*[wcp0-9]\b|>))|(?:^|[\s|;(`$])(?:od\s+-|openssl\s+(?:enc|base64)\b)|\bb(?:64|32|85)encode\b|\bbase64encode\b|\bbtoa\s*\(|\bBuffer\.from\([^)]{0,80}\)\.toString\(\s*["'](?:base64|hex)|\.toString\(\s*["'](?:base64|hex)["']\s*\)|\bToBase64String\b|\bbase64(?:::|\.|_)(?:encode|b64encode|StdEncoding|URLEncoding|engine)|\bBase64\.(?:encode|strict_encode64|urlsafe_encode64|getEncoder|getUrlEncoder)\w*|\bencode_base64\b|\bbase64_encode\s*\(|\bpack\(\s*["']m|\bhexlify\b|\.hex\(\s*\)|\bhex\.EncodeToString\b|\bbin2hex\b|\bunpack\(\s*["']H|\bzlib\.(?:compress|deflate\w*|gzip\w*)\b|\bgzip\.(?:compress|open|NewWriter)\b|\bGZipStream\b|\bGzipEncoder\b|\bDeflateStream\b|\bcompress\s*\(|\bxor\b|\^=\s*\w|\brot13\b|\bfromCharCode\b|\bencodeURIComponent\s*\(\s*(?:JSON|btoa)/i;

/**
 * Output and errors thrown away: counted only on a statement that makes the outbound call (`crontab -l 2>/dev/null` is
 * how one reads a crontab that may not exist; `curl … >/dev/null 2>&1` hides what a call did).
 */
export const SILENCED_RE = />\s*\/dev\/null|&>\s*\/dev\/null|2>\s*(?:\/dev\/null|\$null)|\bOut-Null\b|-ErrorAction\s+SilentlyContinue\b|\|\|\s*true\b/;

/** Background, detached or silenced execution. */
export const HIDE_RE = /(?:^|[^&\n])&\s*(?:$|\)|;|#)|\bnohup\b|\bsetsid\b|\bdisown\b|\bStrictHostKeyChecking=no\b|\bStart-(?:Thread)?Job\b|-WindowStyle\s+Hidden\b|-w\s+hidden\b|\bcatch\s*(?:\([^)]{0,40}\))?\s*\{\s*\}|\bexcept(?:\s+\w+)?\s*:\s*pass\b|\brescue\s+nil\b|\blet\s+_\s*=|\b_\s*=\s*\w+\.(?:Write|Send|Do|Post)|\bstart_new_session\s*=\s*True\b|\bDETACHED_PROCESS\b|\bdetach(?:ed)?\s*[:=]\s*true\b|\.unref\s*\(\s*\)|\bdaemon\s*=\s*True\b|\bthread::spawn\b|\bgo\s+func\s*\(|\bThread\.new\b|\bfork\s*\(\s*\)|\bconnect_timeout\b|\bsetTimeout\s*\(|\bschedule\.every\b/m;

/** Run-later and trust places named by their idiom (paths are matched by PERSIST_PATHS, see index.ts). */
export const LATER_RE = /^\s*ONBUILD\b|\bcargo:rustc-|\bcargo:rerun-if|\b(?:post|pre)install\b|\bprepare"\s*:|\binit\.d\b|\binitscript\b|\b(?:gradle|project)\.(?:projectsLoaded|projectsEvaluated|settingsEvaluated|buildFinished|afterProject|beforeProject)\b|\ballprojects\s*\{|\bstatusLine\b|\bAddToHistoryHandler\b|\bPROMPT_COMMAND\b|\bprecmd_functions\b|\bpreexec_functions\b|\badd-zsh-hook\b|\btrap\s+['"][^'"\n]{0,200}['"]\s+(?:EXIT|DEBUG|ERR)\b|\bcrontab\b|@reboot\b|\bsystemctl\s+(?:--user\s+)?enable\b|\blaunchctl\s+(?:load|bootstrap)\b|\bschtasks\s+\/create\b|\bRegister-ScheduledTask\b|\bCurrentVersion\\\\?Run\b|^\s*ExecStart\s*=|"(?:PreToolUse|PostToolUse|SessionStart|SessionEnd|UserPromptSubmit|Stop|Notification)"|\bcore\.hooksPath\b|\.git\/hooks\b|\bcmdclass\b|\bpytest_(?:configure|sessionstart|sessionfinish)\b|\bsitecustomize\b|\.pth\b|^\s*runs-on\s*:|^\s*on\s*:\s*(?:\[?\s*push|pull_request)|\bRegister-EngineEvent\b|\bRegister-ObjectEvent\b|\bAutoStart\b|\bpostCreateCommand\b|\bpostStartCommand\b|\bexec\s*:\s*$|\bcredential_process\b|\bProxyCommand\b|\bcredential\.helper\b/m;

/** Remote content run: a pipe into an interpreter, an evaluation of fetched text, a download made executable. */
export const EXEC_RE = /\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\|\s*(?:python3?|node|perl|ruby|php|pwsh|powershell|iex|Invoke-Expression)\b|\b(?:iex|Invoke-Expression)\s*[(\s]|\beval\s+["'`$(]|\bsource\s+<\(|\bexec\s*\(|\beval\s*\(|\bnew\s+Function\s*\(|\bloadstring\s*\(|\bload\s*\(\s*(?:http|body|resp|res|r\.)|\bevaluate\s*\(|\bchmod\s+(?:\+|u\+|a\+|7)\w*x?|\btar\s+[-\w]*x[-\w]*\b[^\n]{0,80}-C\s+\S*bin\b|["'](?:ba|z|da)?sh["']\s*,\s*["']-c["']|\bStart-Process\b|\bjava\s+-jar\b|\bmsiexec\b|\bProcess\.Start\b|\bRuntime\.getRuntime\(\)\.exec\b|\bsubprocess\.\w+\s*\(\s*\[?\s*["'](?:\.\/|\/tmp|sh|bash)/;

/** Mining software and pool endpoints. */
export const MINER_RE = /\bstratum\d?\+(?:tcp|ssl|tls):|\bxmrig\b|\bcpuminer\b|\bminerd\b|\bnanominer\b|\bt-rex\b|\bphoenixminer\b|\blolminer\b|--donate-level\b|--cpu-max-threads-hint\b|--randomx\b|\brx\/0\b|\b--algo[= ]\s*(?:rx|randomx|cn|kawpow|ethash|autolykos)|\s-o\s+[\w.-]+:(?:3333|4444|5555|7777|14444|45700)\b|\bpool\.[\w-]+\.[a-z]+:\d{4,5}\b/i;

/** Host names in bare form (not in a URL) are taken as destinations only with one of these last labels (files end in others). */
export const BARE_HOST_TLDS = /\.(?:com|net|org|io|dev|app|xyz|example|ru|cn|top|site|online|cloud|co|me|info|biz|tk|ml|ga|cc|pw|su|ws|live|click|link|store|shop|tech|space|fun|icu|buzz|today|zone|host|network|services|systems|digital|one|pro|ai|gg|to|is|in|de|uk|fr|nl|eu|us)$/i;

/** Placeholder destinations documents use for "your server" (RFC 2606 second-level names). */
export const PLACEHOLDER_HOST = /^(?:[\w-]+\.)*example\.(?:com|org|net)$|^(?:your|my)[\w-]*\.|<|\{|\$/i;
