/**
 * Shell commands and what they do, as data. The shell reader (effects/shell.ts) parses a command
 * into its name and arguments with tree-sitter-bash and looks the name up here; the small
 * interpreter there reads the flags this table names. Adding a tool is adding a row.
 */

/** Prefixes that run the command after them (with their own options skipped). */
export const WRAPPERS: Record<string, { valued: readonly string[] }> = {
  sudo: { valued: ['-u', '--user', '-g', '--group', '-C', '-D', '-h', '-p', '-r', '-t', '-U'] },
  doas: { valued: ['-u', '-C'] },
  env: { valued: ['-u', '--unset', '-C', '--chdir', '-S'] },
  nohup: { valued: [] },
  time: { valued: [] },
  command: { valued: [] },
  exec: { valued: ['-a'] },
  nice: { valued: ['-n'] },
  timeout: { valued: ['-s', '-k'] },
  setsid: { valued: [] },
  stdbuf: { valued: ['-i', '-o', '-e'] },
  caffeinate: { valued: [] },
  xargs: { valued: ['-I', '-n', '-P', '-d', '-L', '-s', '-E'] },
  watch: { valued: ['-n'] },
};

export interface HttpClient {
  entry: string;
  /** Flags whose value is sent as the request body (`@file` means the file's content). */
  data: readonly string[];
  /** Flags whose value is a file uploaded. */
  upload: readonly string[];
  /** Flags whose value is a header or credential (use of a secret with the API it is meant for). */
  header: readonly string[];
  /** Flags whose value is the file the response is saved to. */
  output: readonly string[];
  /** Flags that save the response under its remote name. */
  remoteName: readonly string[];
  /** Every other flag that takes a value (so it is not mistaken for a URL). */
  valued: readonly string[];
  /** Short flags that take a value (for bundles like -sSLo). */
  shortValued: string;
  /** httpie style: `key=value` and `key:=json` items are body, `Header:value` items are headers. */
  itemSyntax?: boolean;
}

const CURL: HttpClient = {
  entry: 'curl',
  data: ['-d', '--data', '--data-raw', '--data-binary', '--data-urlencode', '--data-ascii', '--json', '-F', '--form', '--form-string'],
  upload: ['-T', '--upload-file'],
  header: ['-H', '--header', '-u', '--user', '-b', '--cookie', '--oauth2-bearer', '-E', '--cert', '--proxy-user', '-U'],
  output: ['-o', '--output'],
  remoteName: ['-O', '--remote-name'],
  valued: ['-X', '--request', '-A', '--user-agent', '-e', '--referer', '-x', '--proxy', '-m', '--max-time', '--connect-timeout', '-w', '--write-out', '-r', '--range', '-c', '--cookie-jar', '--retry', '-K', '--config', '--resolve', '--cacert', '--key', '-C', '--continue-at', '--url', '--limit-rate', '-z', '--time-cond', '-D', '--dump-header', '--trace', '--trace-ascii', '--stderr', '--output-dir', '--capath', '--pass', '--connect-to', '--interface'],
  shortValued: 'dFTHubEoXAexmwrcKCD',
};

const WGET: HttpClient = {
  entry: 'wget',
  data: ['--post-data', '--body-data'],
  upload: ['--post-file', '--body-file'],
  header: ['--header', '--password', '--http-password', '--user', '--http-user'],
  output: ['-O', '--output-document'],
  remoteName: [],
  valued: ['--method', '-P', '--directory-prefix', '-U', '--user-agent', '-t', '--tries', '-T', '--timeout', '-o', '--output-file', '-a', '--append-output', '-e', '--execute', '-i', '--input-file'],
  shortValued: 'OPUtToaei',
};

const HTTPIE: HttpClient = {
  entry: 'httpie',
  data: [],
  upload: [],
  header: ['-a', '--auth'],
  output: ['-o', '--output'],
  remoteName: [],
  valued: ['--verify', '--cert', '--timeout', '--proxy'],
  shortValued: 'ao',
  itemSyntax: true,
};

const POWERSHELL_WEB: HttpClient = {
  entry: 'invoke-webrequest',
  data: ['-body'],
  upload: ['-infile'],
  header: ['-headers', '-credential', '-token', '-authentication'],
  output: ['-outfile'],
  remoteName: [],
  valued: ['-method', '-uri', '-contenttype', '-useragent', '-timeoutsec', '-proxy', '-sessionvariable', '-websession', '-maximumredirection'],
  shortValued: '',
};

export const HTTP_CLIENTS: Record<string, HttpClient> = {
  curl: CURL,
  'curl.exe': CURL,
  wget: WGET,
  wget2: WGET,
  http: HTTPIE,
  https: HTTPIE,
  xh: HTTPIE,
  'invoke-webrequest': POWERSHELL_WEB,
  iwr: POWERSHELL_WEB,
  'invoke-restmethod': POWERSHELL_WEB,
  irm: POWERSHELL_WEB,
};

/** Interpreters: stdin, `-c`/`-e` text, or a file argument is code they run. */
export const INTERPRETERS: Record<string, { inline: readonly string[]; stdinDash: boolean }> = {
  sh: { inline: ['-c'], stdinDash: true },
  bash: { inline: ['-c'], stdinDash: true },
  zsh: { inline: ['-c'], stdinDash: true },
  dash: { inline: ['-c'], stdinDash: true },
  ksh: { inline: ['-c'], stdinDash: true },
  fish: { inline: ['-c'], stdinDash: true },
  python: { inline: ['-c'], stdinDash: true },
  python2: { inline: ['-c'], stdinDash: true },
  python3: { inline: ['-c'], stdinDash: true },
  py: { inline: ['-c'], stdinDash: true },
  node: { inline: ['-e', '--eval', '-p', '--print'], stdinDash: true },
  deno: { inline: ['eval'], stdinDash: true },
  bun: { inline: ['-e', '--eval'], stdinDash: true },
  perl: { inline: ['-e', '-E'], stdinDash: true },
  ruby: { inline: ['-e'], stdinDash: true },
  php: { inline: ['-r'], stdinDash: true },
  pwsh: { inline: ['-c', '-command', '-encodedcommand', '-enc', '-e'], stdinDash: true },
  powershell: { inline: ['-c', '-command', '-encodedcommand', '-enc', '-e'], stdinDash: true },
  'powershell.exe': { inline: ['-c', '-command', '-encodedcommand', '-enc', '-e'], stdinDash: true },
  cmd: { inline: ['/c', '/k'], stdinDash: false },
  'cmd.exe': { inline: ['/c', '/k'], stdinDash: false },
  osascript: { inline: ['-e'], stdinDash: true },
  iex: { inline: [], stdinDash: true },
  'invoke-expression': { inline: [], stdinDash: true },
  eval: { inline: [], stdinDash: false },
  source: { inline: [], stdinDash: false },
  '.': { inline: [], stdinDash: false },
};

/** Commands that decode: their output is decoded content. */
export const DECODERS: Record<string, { needs?: RegExp }> = {
  base64: { needs: /^(?:-d|--decode|-D)$/ },
  base32: { needs: /^(?:-d|--decode)$/ },
  xxd: { needs: /^-r$/ },
  openssl: { needs: /^(?:-d|base64|enc)$/ },
  gunzip: {},
  zcat: {},
  uudecode: {},
  rev: {},
};

/** Commands that read the secret stores a path cannot name. */
export const SECRET_COMMANDS: readonly { entry: string; label: string; name: string; sub?: RegExp; /** another argument that must be present too (`show` with `-json`) */ also?: RegExp; vendors?: readonly string[]; /** the flag that names the file the output is written to, beyond `-o`/`--output` */ outFlag?: RegExp; /** `sub` is the subcommand (the first operand), not any argument: `git archive`, not a remote named "archive" */ subFirst?: boolean }[] = [
  // one item looked up by its service name (`-s tracker-mcp -w`): that service's own secret, kept where a secret belongs (judged
  // as a secret manager's value: used as a request's authentication it is what it is kept for); the whole keychain is below
  { entry: 'read.secret.store', label: 'one keychain item (by its service name)', name: 'security', sub: /^find-(?:generic|internet)-password$/, also: /^-s$/ },
  { entry: 'read.secret.keychain', label: 'the macOS keychain', name: 'security', sub: /^(?:find-generic-password|find-internet-password|dump-keychain|export)$/ },
  { entry: 'read.secret.keychain', label: 'the secret service keyring', name: 'secret-tool', sub: /^(?:lookup|search)$/ },
  { entry: 'read.secret.clipboard', label: 'the clipboard', name: 'pbpaste' },
  { entry: 'read.secret.clipboard', label: 'the clipboard', name: 'xclip', sub: /^-o$/ },
  { entry: 'read.secret.clipboard', label: 'the clipboard', name: 'xsel', sub: /^(?:-o|--output|-b)$/ },
  { entry: 'read.secret.clipboard', label: 'the clipboard', name: 'wl-paste' },
  { entry: 'read.secret.clipboard', label: 'the clipboard', name: 'get-clipboard' },
  { entry: 'read.secret.env', label: 'the whole environment', name: 'env' },
  { entry: 'read.secret.env', label: 'the whole environment', name: 'printenv' },
  { entry: 'read.secret.env', label: 'the whole environment', name: 'set' },
  { entry: 'read.secret.env', label: 'the whole environment', name: 'export', sub: /^-p$/ },
  { entry: 'read.secret.env', label: 'the whole environment', name: 'get-childitem', sub: /^env:/i },
  { entry: 'read.secret.history', label: 'shell history', name: 'history' },
  // a secret key exported from the user's keyring (signing and encryption keys; `--export` alone is the public key)
  { entry: 'read.secret.gnupg', label: 'a GnuPG secret key', name: 'gpg', sub: /^--export-secret-(?:sub)?keys$/ },
  { entry: 'read.secret.gnupg', label: 'a GnuPG secret key', name: 'gpg2', sub: /^--export-secret-(?:sub)?keys$/ },
  // what a terminal shows and has scrolled past: every command typed and everything printed (tokens, passwords echoed)
  { entry: 'read.secret.history', label: "the terminal's scrollback", name: 'tmux', sub: /^capture-pane$/ },
  { entry: 'read.secret.history', label: "the terminal's scrollback", name: 'kitty', sub: /^get-text$/ },
  { entry: 'read.secret.history', label: "the terminal's scrollback", name: 'wezterm', sub: /^get-text$/ },
  { entry: 'read.secret.history', label: "the terminal's scrollback", name: 'screen', sub: /^hardcopy$/ },
  { entry: 'read.secret.gh', label: 'the GitHub CLI token', name: 'gh', sub: /^token$/, vendors: ['github'] },
  // Docker's credential helpers print the registry logins they keep (`list` the servers, `get` a login and its secret)
  ...['desktop', 'osxkeychain', 'wincred', 'pass', 'secretservice', 'ecr-login', 'gcloud', 'acr-env'].map((h) => ({ entry: 'read.secret.docker', label: "Docker's stored registry logins", name: `docker-credential-${h}`, sub: /^(?:get|list)$/ })),
  // secret stores and infrastructure tools whose output is the secrets they keep (a value, a state file, a new key)
  { entry: 'read.secret.store', label: 'secrets from AWS Secrets Manager or Parameter Store', name: 'aws', sub: /^(?:get-secret-value|batch-get-secret-value|--with-decryption)$/, vendors: ['aws', 'amazon', 'amazonaws'] },
  { entry: 'read.secret.store', label: 'a Google Cloud secret or a new service-account key', name: 'gcloud', sub: /^(?:access|keys)$/, vendors: ['google', 'googleapis'] },
  { entry: 'read.secret.store', label: 'an Azure secret, token or service-principal password', name: 'az', sub: /^(?:get-access-token|create-for-rbac|reset|download)$|^secret$/, vendors: ['azure', 'microsoft'] },
  { entry: 'read.secret.store', label: 'secrets from Vault', name: 'vault', sub: /^(?:get|read|token|print|login|export)$/ },
  { entry: 'read.secret.tfstate', label: 'Terraform state (resource passwords and keys in the clear)', name: 'terraform', sub: /^pull$/ },
  { entry: 'read.secret.tfstate', label: 'Terraform state (resource passwords and keys in the clear)', name: 'tofu', sub: /^pull$/ },
  { entry: 'read.secret.tfstate', label: 'Terraform state (resource passwords and keys in the clear)', name: 'terragrunt', sub: /^pull$/ },
  // (`show -json` prints the state or a plan's prior state with every sensitive value in the clear; plain `show` masks them)
  { entry: 'read.secret.tfstate', label: 'Terraform state (resource passwords and keys in the clear)', name: 'terraform', sub: /^show$/, also: /^-json$/ },
  { entry: 'read.secret.tfstate', label: 'Terraform state (resource passwords and keys in the clear)', name: 'tofu', sub: /^show$/, also: /^-json$/ },
  { entry: 'read.secret.tfstate', label: 'Terraform state (resource passwords and keys in the clear)', name: 'terragrunt', sub: /^show$/, also: /^-json$/ },
  { entry: 'read.secret.store', label: 'stack secrets in the clear', name: 'pulumi', sub: /^--show-secrets$/ },
  { entry: 'read.secret.store', label: 'the connections and variables of a pipeline scheduler (their passwords and keys)', name: 'airflow', sub: /^(?:connections|variables)$/ },
  { entry: 'read.secret.store', label: "an app's configuration variables (its secrets)", name: 'heroku', sub: /^config(?::get)?$/ },
  { entry: 'read.secret.store', label: "a project's environment secrets", name: 'vercel', sub: /^pull$/ },
  { entry: 'read.secret.store', label: 'secrets from a secrets manager', name: 'doppler', sub: /^(?:download|get)$/ },
  { entry: 'read.secret.store', label: 'decrypted secrets', name: 'sops', sub: /^(?:-d|--decrypt|decrypt|exec-env)$/ },
  { entry: 'read.secret.store', label: 'decrypted secrets', name: 'ansible-vault', sub: /^(?:view|decrypt)$/ },
  // a database's or a CRM's records, dumped or exported whole: the organisation's customers, staff and accounts
  { entry: 'read.personal.records', label: "a database's records (dump)", name: 'pg_dump', outFlag: /^(?:-f|--file)$/ },
  { entry: 'read.personal.records', label: "a database's records (dump)", name: 'pg_dumpall', outFlag: /^(?:-f|--file)$/ },
  { entry: 'read.personal.records', label: "a database's records (dump)", name: 'mysqldump', outFlag: /^(?:-r|--result-file)$/ },
  { entry: 'read.personal.records', label: "a database's records (dump)", name: 'mariadb-dump', outFlag: /^(?:-r|--result-file)$/ },
  { entry: 'read.personal.records', label: "a database's records (dump)", name: 'mongodump', outFlag: /^(?:--archive|--out)$/ },
  { entry: 'read.personal.records', label: "a database's records (export)", name: 'mongoexport', outFlag: /^--out$/ },
  // a whole table's rows printed by a database client (`psql -c "\\copy users to stdout csv"`, `mysql -e "select * from customers"`)
  { entry: 'read.personal.records', label: "a table's rows (export)", name: 'psql', sub: /\\?copy\b[\s\S]{0,200}?\bto\s+stdout\b|^\s*select\s+\*\s+from\b/i },
  { entry: 'read.personal.records', label: "a table's rows (export)", name: 'mysql', sub: /^\s*select\s+\*\s+from\b/i },
  { entry: 'read.personal.records', label: "a table's rows (export)", name: 'mariadb', sub: /^\s*select\s+\*\s+from\b/i },
  { entry: 'read.personal.records', label: "a table's rows (export)", name: 'sqlite3', sub: /^\s*select\s+\*\s+from\b/i },
  { entry: 'read.personal.records', label: 'CRM records (export)', name: 'sf', sub: /^(?:export|query)$/, outFlag: /^(?:--output-file|--result-format)$/ },
  { entry: 'read.personal.records', label: 'CRM records (export)', name: 'sfdx', sub: /^force:data:(?:bulk|soql|tree):/, outFlag: /^--outputdir$/ },
  { entry: 'read.secret.aws', label: 'AWS credentials', name: 'aws', sub: /^(?:get|export-credentials|get-session-token|get-login-password|create-access-key|create-service-specific-credential)$/, vendors: ['aws', 'amazon', 'amazonaws'] },
  { entry: 'read.secret.gcloud', label: 'a Google Cloud access token', name: 'gcloud', sub: /^(?:print-access-token|print-identity-token)$/, vendors: ['google', 'googleapis'] },
  { entry: 'read.secret.kube', label: 'Kubernetes credentials', name: 'kubectl', sub: /^--raw$/ },
  { entry: 'read.secret.vault', label: 'secrets from a secret manager', name: 'op', sub: /^(?:read|item)$/ },
  // password managers' command lines: an export or a shown item is the user's saved passwords in the clear
  { entry: 'read.secret.vault', label: "the password manager's vault", name: 'bw', sub: /^(?:export|get|list)$/ },
  { entry: 'read.secret.vault', label: "the password manager's vault", name: 'lpass', sub: /^(?:export|show)$/ },
  { entry: 'read.secret.vault', label: "the password manager's vault", name: 'keepassxc-cli', sub: /^(?:export|show)$/ },
  { entry: 'read.secret.vault', label: "the password manager's vault", name: 'pass', sub: /^show$/ },
  { entry: 'read.secret.vault', label: "the password manager's vault", name: 'gopass', sub: /^(?:show|export)$/ },
  { entry: 'read.secret.vault', label: "the password manager's vault", name: 'rbw', sub: /^(?:get|list)$/ },
  { entry: 'read.secret.keychain', label: 'saved Wi-Fi keys', name: 'netsh', sub: /^key=clear$/i },
  { entry: 'read.secret.keychain', label: 'the Windows credential manager', name: 'cmdkey', sub: /^\/list/i },
  // a connected phone's content providers: its address book, messages and call log
  { entry: 'read.personal.messages', label: "the phone's contacts, messages or call log", name: 'adb', sub: /^content:\/\/(?:com\.android\.contacts|contacts|sms|mms|mms-sms|call_log|com\.android\.calendar)(?:\/|$)/i },
  { entry: 'read.secret.keychain', label: 'the Windows credential vault', name: 'vaultcmd', sub: /^\/listcreds/i },
  { entry: 'read.secret.keychain', label: 'stored Windows credentials', name: 'get-storedcredential' },
  { entry: 'read.secret.system', label: 'the Windows SAM or SECURITY hive', name: 'reg', sub: /^hklm[\\/](?:sam|security|system)$/i },
  { entry: 'read.secret.clipboard', label: 'the clipboard', name: 'get-clipboard' },
  // the project's code and every branch's history, packed: private to its owner like their mail (policies: personal data)
  { entry: 'read.personal.source', label: "the repository's source and full history", name: 'git', sub: /^(?:bundle|archive)$/, subFirst: true },
];

/** Commands that copy or pack: their sources flow into their destination. */
export const COPIERS: Record<string, 'cp' | 'archive' | 'sync'> = {
  cp: 'cp', mv: 'cp', install: 'cp', ln: 'cp', ditto: 'cp', 'copy-item': 'cp', copy: 'cp', xcopy: 'cp', robocopy: 'cp',
  tar: 'archive', zip: 'archive', unzip: 'archive', 'expand-archive': 'archive', '7z': 'archive', '7za': 'archive', gzip: 'archive', bzip2: 'archive', xz: 'archive', 'compress-archive': 'archive',
  rsync: 'sync', scp: 'sync', sftp: 'sync', rclone: 'sync', lftp: 'sync', smbclient: 'sync',
};

/** Commands that put files under a name someone else can read: publication. */
export const PUBLISHERS: readonly { entry: string; name: string; sub: RegExp; label: string }[] = [
  { entry: 'send.publish.npm', name: 'npm', sub: /^publish$/, label: 'npm publish' },
  { entry: 'send.publish.npm', name: 'yarn', sub: /^publish$/, label: 'yarn publish' },
  { entry: 'send.publish.npm', name: 'pnpm', sub: /^publish$/, label: 'pnpm publish' },
  { entry: 'send.publish.pypi', name: 'twine', sub: /^upload$/, label: 'twine upload' },
  { entry: 'send.publish.pypi', name: 'poetry', sub: /^publish$/, label: 'poetry publish' },
  { entry: 'send.publish.pypi', name: 'uv', sub: /^publish$/, label: 'uv publish' },
  { entry: 'send.publish.pypi', name: 'flit', sub: /^publish$/, label: 'flit publish' },
  { entry: 'send.publish.cargo', name: 'cargo', sub: /^publish$/, label: 'cargo publish' },
  { entry: 'send.publish.gem', name: 'gem', sub: /^push$/, label: 'gem push' },
  { entry: 'send.publish.docker', name: 'docker', sub: /^push$/, label: 'docker push' },
  { entry: 'send.publish.docker', name: 'podman', sub: /^push$/, label: 'podman push' },
];

/**
 * Security controls and what turns them off: antivirus, EDR sensors, mandatory access control,
 * firewalls, code signing checks. A command matching `name` with an argument matching `args` (and
 * for services, a unit matching SECURITY_SERVICE) switches one off.
 */
export const DEFENSE_OFF: readonly { name: RegExp; args: RegExp; label: string; note?: true; /** the arguments that switch it back on */ on?: RegExp }[] = [
  { name: /^set-mppreference$/, args: /^-disable(?:realtimemonitoring|ioavprotection|behaviormonitoring|scriptscanning|intrusionpreventionsystem|blockatfirstseen)$/i, label: 'Microsoft Defender protection' },
  // host hardening switched off is also a troubleshooting step: a human looks (EFFECT-PRIV-002)
  { name: /^setenforce$/, args: /^(?:0|permissive)$/i, label: 'SELinux enforcement', note: true, on: /^(?:1|enforcing)$/i },
  { name: /^ufw$/, args: /^disable$/, label: 'the firewall', note: true, on: /^enable$/ },
  { name: /^spctl$/, args: /^--master-disable$|^--global-disable$/, label: 'Gatekeeper' },
  { name: /^csrutil$/, args: /^disable$/, label: 'System Integrity Protection' },
  { name: /^netsh$/, args: /^off$/i, label: 'the Windows firewall', note: true, on: /^on$/i },
  { name: /^auditctl$/, args: /^-[De]$/, label: 'the audit log' },
  { name: /^(?:new-itemproperty|set-itemproperty|reg)$/, args: /^disable(?:antispyware|antivirus|realtimemonitoring)$/i, label: 'Microsoft Defender (policy)' },
];

/** Service names of security agents (EDR, antivirus, audit, MAC, firewalls). */
export const SECURITY_SERVICE = /falcon|crowdstrike|sentinel|mdatp|defender|windefend|carbonblack|cbagent|cylance|sophos|elastic-agent|osquery|wazuh|auditd|apparmor|firewalld|clamav|clamd|xagt|cortex|traps|tanium|qualys|santa/i;

/** Commands whose first argument selects a DNS lookup (a computed name leaks data to its nameserver). */
export const DNS_TOOLS: ReadonlySet<string> = new Set(['dig', 'nslookup', 'host', 'drill', 'resolve-dnsname', 'getent']);

/** Raw socket tools: whatever reaches their stdin goes to the host they name. */
export const SOCKET_TOOLS: ReadonlySet<string> = new Set(['nc', 'ncat', 'netcat', 'telnet', 'socat', 'openssl', 'cryptcat']);

/**
 * Code-phrase file transfer tools: `croc send FILE`, `wormhole send FILE` (magic-wormhole and its Go port), `ffsend upload
 * FILE`, `portal send FILE`, `sendme send FILE`. The files go through a public relay to whoever holds the code phrase — a
 * phrase the skill can fix in advance (`--code`), so its author can be the receiver. `relay` is the tool's default relay
 * (a drop host, like an anonymous file drop), `relayFlag` the flags that name another one, `valued` the other flags that
 * take a value, `text` the flags whose value is sent as a message.
 */
export const FILE_RELAYS: readonly { name: string; sub: RegExp; relay: string; relayFlag: RegExp; valued: RegExp; text?: RegExp }[] = [
  { name: 'croc', sub: /^send$/, relay: 'croc.schollz.com', relayFlag: /^--relay6?$/, valued: /^(?:--code|-c|--pass|--ports|--transfers|--hash|--exclude|--curve|--ip|--socks5|--connect|--out|--throttleUpload|--multicast)$/ , text: /^--text$/ },
  { name: 'wormhole', sub: /^(?:send|tx)$/, relay: 'relay.magic-wormhole.io', relayFlag: /^--relay-url$|^--transit-helper$/, valued: /^(?:--code|-c|--code-length|--appid|--hide-progress|--ignore-unsendable-files)$/, text: /^--text$/ },
  { name: 'wormhole-william', sub: /^send$/, relay: 'relay.magic-wormhole.io', relayFlag: /^--relay-url$|^--transit-helper$/, valued: /^(?:--code|-c|--code-length|--appid)$/, text: /^--text$/ },
  { name: 'ffsend', sub: /^(?:upload|up|u)$/, relay: 'send.vis.ee', relayFlag: /^(?:--host|-H)$/, valued: /^(?:--password|-p|--downloads|-d|--expiry|-e|--name|-n|--archive-name)$/ },
  { name: 'portal', sub: /^send$/, relay: 'portal.spatiumportae.com', relayFlag: /^(?:--relay|-r)$/, valued: /^(?:--tui-style|-s)$/ },
  { name: 'sendme', sub: /^send$/, relay: 'iroh relay', relayFlag: /^--relay$/, valued: /^--magic-port$/ },
];

/** Mail clients send their stdin or attachments. */
export const MAIL_TOOLS: ReadonlySet<string> = new Set(['mail', 'mailx', 'sendmail', 'mutt', 'send-mailmessage', 'swaks']);

/**
 * Commands that give an address a standing copy of, or access to, the user's mail, files or calendar (Exchange and
 * Microsoft Graph cmdlets, GAM for Google Workspace): what arrives later goes there too (effects/mail.ts).
 * `args`, when set, must match one argument (GAM's subcommand words); `grantee`, when set, names the flags whose value
 * is the address given the access (a rule's `-From` is not).
 */
export const ACCOUNT_GRANTS: readonly { name: string; args?: RegExp; grantee?: RegExp; label: string }[] = [
  { name: 'new-inboxrule', grantee: /^-(?:forwardto|redirectto|forwardasattachmentto)$/i, label: 'an inbox rule that forwards' },
  { name: 'set-inboxrule', grantee: /^-(?:forwardto|redirectto|forwardasattachmentto)$/i, label: 'an inbox rule that forwards' },
  { name: 'set-mailbox', grantee: /^-(?:forwardingsmtpaddress|forwardingaddress)$/i, label: 'mailbox forwarding' },
  { name: 'add-mailboxpermission', grantee: /^-user$/i, label: 'full access to the mailbox' },
  { name: 'add-mailboxfolderpermission', grantee: /^-user$/i, label: 'access to a mailbox folder' },
  { name: 'add-recipientpermission', grantee: /^-trustee$/i, label: 'send-as rights' },
  { name: 'new-mgusermailfoldermessagerule', label: 'a mail rule (Microsoft Graph)' },
  { name: 'new-mgdrivepermission', label: 'a share (Microsoft Graph)' },
  { name: 'gam', args: /^(?:forward|forwardingaddress|forwardingaddresses|delegate|delegates|sendas|filter|drivefileacl|calendaracl|share)$/i, label: 'a Google Workspace forward, delegate, filter or share (GAM)' },
];

/** A bucket named as an audit trail's store (`acme-cloudtrail-logs`, `org-audit-logs`, `vpc-flow-logs`): the first name segment. */
const AUDIT_BUCKET = String.raw`[\w.-]*(?:cloudtrail|audit|guardduty|(?:flow|access|security)[-_]?logs)[\w.-]*`;

/**
 * Commands that take away an account's means of recovery or of audit: backups and snapshots deleted, automated backups
 * set to zero, versioning suspended, audit trails and threat detectors deleted, logs cut to a day, every namespace or
 * volume of a cluster deleted. `match` is read over the arguments joined by spaces.
 */
export const RECOVERY_REMOVERS: readonly { name: string; match: RegExp; label: string; kind: 'audit' | 'backup' | 'cluster'; /** only on a resource that exists (a modify or patch), not on one being created */ onExisting?: true }[] = [
  { name: 'aws', match: /\bcloudtrail (?:delete-trail|stop-logging)\b/, label: "the account's audit trail (CloudTrail)", kind: 'audit' },
  { name: 'aws', match: /\bguardduty delete-detector\b|\bsecurityhub disable-security-hub\b|\bconfigservice (?:delete|stop)-configuration-recorder\b|\bdetective delete-graph\b|\baccess-analyzer delete-analyzer\b/, label: 'threat detection (GuardDuty, Security Hub, Config)', kind: 'audit' },
  { name: 'aws', match: /\bcloudtrail put-event-selectors\b.*(?:IncludeManagementEvents=false|"IncludeManagementEvents"\s*:\s*false)|\bec2 delete-flow-logs\b/, label: "the account's audit trail (management events or flow logs off)", kind: 'audit' },
  // (the bucket an audit trail writes to, named as such, deleted or emptied: the trail's history is gone even if it keeps running)
  { name: 'aws', match: new RegExp(`\\bs3 (?:rb|rm) s3://${AUDIT_BUCKET}[^ ]*(?: .*)? --(?:force|recursive)\\b|\\bs3api delete-bucket --bucket ${AUDIT_BUCKET}`), label: "the audit trail's log bucket", kind: 'audit' },
  { name: 'gsutil', match: new RegExp(`\\b(?:rb|rm -r|rm -a -r|rm -ra|rm -R|-m rm -r) (?:-f )?gs://${AUDIT_BUCKET}`), label: "the audit trail's log bucket", kind: 'audit' },
  { name: 'gcloud', match: new RegExp(`\\bstorage (?:rm (?:-r|--recursive)|buckets delete) gs://${AUDIT_BUCKET}`), label: "the audit trail's log bucket", kind: 'audit' },
  { name: 'az', match: /\bstorage container delete\b.*(?:--name|-n) insights-(?:activity-)?logs/, label: "the audit trail's log bucket", kind: 'audit' },
  { name: 'aws', match: /\brds delete-db(?:-cluster)?-snapshot\b|\bec2 delete-snapshot\b|\bbackup delete-(?:recovery-point|backup-vault)\b|\bdynamodb delete-backup\b/, label: 'backups and snapshots', kind: 'backup' },
  { name: 'aws', match: /--backup-retention-period[= ]0\b|--no-deletion-protection\b|\bdynamodb update-continuous-backups\b.*PointInTimeRecoveryEnabled=false/, label: 'automated backups (retention 0) or deletion protection', kind: 'backup', onExisting: true },
  { name: 'aws', match: /\bs3api put-bucket-versioning\b.*Status=Suspended/, label: "object versioning (a bucket's earlier versions)", kind: 'backup' },
  { name: 'gcloud', match: /\blogging sinks delete\b|\blogging buckets update\b.*--retention-days[= ][1-7]\b|\bscc\b.*\bdelete\b/, label: "the project's audit logs or security findings", kind: 'audit' },
  { name: 'gcloud', match: /\bsnapshots delete\b|\bsql backups delete\b/, label: 'backups and snapshots', kind: 'backup' },
  { name: 'gcloud', match: /--no-backup\b|--no-deletion-protection\b/, label: 'automated backups or deletion protection', kind: 'backup', onExisting: true },
  { name: 'az', match: /\bmonitor (?:diagnostic-settings|log-profiles) delete\b/, label: "the subscription's audit logs", kind: 'audit' },
  { name: 'az', match: /\bbackup protection disable\b.*--delete-backup-data|\bsnapshot delete\b|\bbackup vault delete\b/, label: 'backups and snapshots', kind: 'backup' },
  { name: 'kubectl', match: /\bdelete (?:ns|namespaces?) (?:.*\s)?(?:kube-system|--all)\b|\bdelete (?:pv|pvc|persistentvolumes?|persistentvolumeclaims?) (?:.*\s)?--all\b/, label: "every namespace or volume of the cluster", kind: 'cluster' },
  { name: 'velero', match: /\b(?:backup|schedule) delete\b/, label: "the cluster's backups (Velero)", kind: 'backup' },
  // a Windows machine's own means of recovery: every shadow copy (not the oldest one, which frees space), the backup catalog,
  // the recovery environment, System Restore — what ransomware removes before it encrypts
  { name: 'vssadmin', match: /\bdelete shadows\b.*\/all\b|\bresize shadowstorage\b.*\/maxsize=\d{1,3}(?:kb|mb)\b/i, label: "every shadow copy of the machine's volumes", kind: 'backup' },
  { name: 'wmic', match: /\bshadowcopy delete\b/i, label: "every shadow copy of the machine's volumes", kind: 'backup' },
  { name: 'wbadmin', match: /\bdelete (?:catalog|systemstatebackup|backup)\b/i, label: "the machine's backup catalog", kind: 'backup' },
  { name: 'bcdedit', match: /\brecoveryenabled no\b|\bbootstatuspolicy ignoreallfailures\b/i, label: "Windows' recovery environment", kind: 'backup' },
  { name: 'disable-computerrestore', match: /(?:)/, label: 'System Restore', kind: 'backup' },
];

/** Cloud storage copies: a destination URL of these schemes is outside the machine. */
export const REMOTE_SCHEMES = /^(?:s3|gs|az|r2|b2|oss|cos|wasbs?|abfss?):\/\//i;

/** Package installers: the arguments are packages or URLs to fetch and run install code from. */
export const INSTALLERS: Record<string, { ecosystem: 'pypi' | 'npm'; subs: RegExp | null; runs: boolean }> = {
  pip: { ecosystem: 'pypi', subs: /^install$/, runs: false },
  pip3: { ecosystem: 'pypi', subs: /^install$/, runs: false },
  pipx: { ecosystem: 'pypi', subs: /^(?:install|run)$/, runs: true },
  uv: { ecosystem: 'pypi', subs: /^(?:add|pip|tool)$/, runs: false },
  uvx: { ecosystem: 'pypi', subs: null, runs: true },
  poetry: { ecosystem: 'pypi', subs: /^add$/, runs: false },
  npm: { ecosystem: 'npm', subs: /^(?:i|install|add|exec|x)$/, runs: false },
  yarn: { ecosystem: 'npm', subs: /^(?:add|global|dlx)$/, runs: false },
  pnpm: { ecosystem: 'npm', subs: /^(?:add|i|install|dlx|exec)$/, runs: false },
  bun: { ecosystem: 'npm', subs: /^(?:add|i|install|x)$/, runs: false },
  npx: { ecosystem: 'npm', subs: null, runs: true },
  bunx: { ecosystem: 'npm', subs: null, runs: true },
};

/**
 * Installers of other ecosystems whose command line names the index for one install (`gem install x --source URL`,
 * `cargo install x --index URL`): read for that index only (their package names are not checked for typos here).
 */
export const INDEX_FLAG_INSTALLERS: Record<string, { subs: RegExp; flags: RegExp }> = {
  gem: { subs: /^install$/, flags: /^(?:--source|-s)$/ },
  cargo: { subs: /^install$/, flags: /^--index$/ },
  bundle: { subs: /^(?:add|install)$/, flags: /^--source$/ },
};

/** Package-manager settings that change where packages come from or whether their host is verified. */
/** `ca`: the package manager trusts the CA file named (the user's company CA) — judged by where that file comes from. */
/**
 * Settings whose value is a program a tool starts later, on every use, wherever the setting is written
 * (a config file line `key = value` or `key value`, or `npm config set key value`): AWS
 * `credential_process`, ssh `ProxyCommand`, git helpers, cargo's `runner`, GnuPG's `pinentry-program` (it
 * receives every passphrase), npm's `script-shell` (it runs every lifecycle script) and `node-options`
 * (a `--require` preload in every Node process npm starts). The value is judged by what it runs.
 */
export const EXEC_SETTING_KEY = /^(?:credential_process|ProxyCommand|LocalCommand|KnownHostsCommand|sshCommand|helper|fsmonitor|textconv|askpass|runner|rustc-wrapper|rustc_wrapper|pinentry-program|scdaemon-program|script-shell|node-options)$/i;

export const TRUST_SETTINGS: readonly { key: RegExp; kind: 'index' | 'tls' | 'ca'; falseOnly?: boolean }[] = [
  { key: /^(?:registry|@[\w-]+:registry|index-url|extra-index-url|global\.index-url|global\.extra-index-url|install\.index-url|find-links|npmRegistryServer|default-index|index)$/i, kind: 'index' },
  { key: /^(?:strict-ssl|sslverify|http\.sslverify|ssl_verify|enableStrictSsl|verify_ssl|npmStrictSsl)$/i, kind: 'tls', falseOnly: true },
  { key: /^(?:trusted-host|global\.trusted-host)$/i, kind: 'tls' },
  { key: /^(?:cafile|ca|global\.cert|cert)$/i, kind: 'ca' },
];

/**
 * Commands whose output carries the content of the files they are given (so a secret file read by
 * them flows on). Any other command that takes a credential file (`ssh -i key`, `solana --keypair`)
 * uses it; it does not print it.
 */
export const CONTENT_COMMANDS: ReadonlySet<string> = new Set([
  'cat', 'head', 'tail', 'less', 'more', 'base64', 'base32', 'xxd', 'od', 'hexdump', 'strings', 'gpg', 'openssl', 'jq', 'yq', 'sed', 'awk',
  'grep', 'egrep', 'rg', 'sort', 'uniq', 'cut', 'tr', 'tac', 'nl', 'zcat', 'gzip', 'bzip2', 'xz', 'get-content', 'gc', 'type', 'more.com',
  'find', 'ls', 'tree', 'dir', 'get-childitem', 'xargs', 'paste', 'column', 'fold', 'iconv', 'sqlite3', 'plutil', 'defaults', 'compress-archive',
]);
