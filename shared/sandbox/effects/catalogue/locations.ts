/**
 * Places on a machine, as data: where secrets live (a read there is a source), and where a write
 * runs later or changes trust (a write there is persistence). Paths are matched after
 * normalisation (`$HOME`, `${HOME}`, `%USERPROFILE%` and `/home/<user>` read as `~`; backslashes as
 * slashes), so one entry covers every spelling of the same place.
 */

export interface SecretLocation {
  entry: string;
  /** What is read, for messages. */
  label: string;
  re: RegExp;
  /** Labels of hosts, owners or images that legitimately receive this secret (its declared API). */
  vendors?: readonly string[];
}

/** Credential files and stores. A read of one of these is a secret source. */
export const SECRET_PATHS: readonly SecretLocation[] = [
  // the list of public keys that may log in: nothing secret to send (a `public` mark in the flow, never a secret), but a read
  // of it marks what is derived from it, so the file rewritten from itself by way of a temp file (`grep -v OLD authorized_keys
  // > /tmp/ak && install /tmp/ak authorized_keys`) is known as a removal, not a key added
  { entry: 'read.public.ssh-access-list', label: 'the SSH authorized_keys list', re: /(?:^|\/)authorized_keys2?$/ },
  { entry: 'read.secret.ssh', label: 'SSH private keys', re: /(?:^|\/)\.ssh(?:\/(?!authorized_keys$|known_hosts$|config$)[^/]*|\/?$)|(?:^|\/)id_(?:rsa|dsa|ecdsa|ed25519)(?!\.pub)\b/ },
  { entry: 'read.secret.aws', label: 'AWS credentials', re: /(?:^|\/)\.aws(?:\/|$)/, vendors: ['aws', 'amazon', 'amazonaws'] },
  { entry: 'read.secret.gcloud', label: 'Google Cloud credentials', re: /(?:^|\/)\.config\/gcloud(?:\/|$)|application_default_credentials\.json/, vendors: ['google', 'googleapis', 'gcr', 'gcloud'] },
  // Terraform variable files hold the passwords and tokens a configuration is applied with (the reason they are git-ignored)
  { entry: 'read.secret.tfvars', label: 'Terraform variable values', re: /(?:^|\/)(?:[\w*.-]*\.auto|terraform|secrets?|prod(?:uction)?|[\w-]*secret[\w-]*)\.tfvars(?:\.json)?$|(?:^|\/)\*\.(?:auto\.)?tfvars$/ },
  // Terraform state holds every managed resource's attributes in the clear: database passwords, generated keys, provider tokens
  { entry: 'read.secret.tfstate', label: 'Terraform state (resource passwords and keys in the clear)', re: /\.tfstate(?:\.backup)?$/ },
  // the configuration files of infrastructure and data tools, each holding the user's tokens or passwords for that service
  { entry: 'read.secret.tool-config', label: 'a tool\'s saved credentials', re: /(?:^|\/)\.vault-token$|(?:^|\/)\.config\/rclone\/rclone\.conf$|(?:^|\/)\.pulumi\/credentials\.json$|(?:^|\/)\.terraform\.d\/credentials\.tfrc\.json$|(?:^|\/)\.terraformrc$|(?:^|\/)\.databrickscfg$|(?:^|\/)\.snowsql\/config$|(?:^|\/)\.dbt\/profiles\.ya?ml$|(?:^|\/)\.oci\/config$|(?:^|\/)\.kaggle\/kaggle\.json$|(?:^|\/)\.cache\/huggingface\/(?:stored_)?tokens?$|(?:^|\/)\.huggingface\/token$|(?:^|\/)\.expo\/state\.json$|(?:^|\/)\.boto$|(?:^|\/)\.s3cfg$|(?:^|\/)\.config\/doctl\/config\.ya?ml$|(?:^|\/)\.config\/hcloud\/cli\.toml$|(?:^|\/)\.fly\/config\.ya?ml$|(?:^|\/)\.config\/heroku\/|(?:^|\/)\.vercel\/auth\.json$|(?:^|\/)\.wrangler\/config\/|(?:^|\/)airflow\.cfg$/ },
  { entry: 'read.secret.azure', label: 'Azure credentials', re: /(?:^|\/)\.azure(?:\/|$)/, vendors: ['azure', 'microsoft', 'mcr'] },
  { entry: 'read.secret.kube', label: 'Kubernetes credentials', re: /(?:^|\/)\.kube(?:\/|$)|^\/var\/run\/secrets\/kubernetes\.io\/|^\/etc\/kubernetes\/(?:admin|kubelet)\.conf$/ },
  { entry: 'read.secret.docker', label: 'Docker registry credentials', re: /(?:^|\/)\.docker\/config\.json$/ },
  { entry: 'read.secret.gnupg', label: 'GnuPG keys', re: /(?:^|\/)\.gnupg(?:\/|$)/ },
  // code-signing keys: Java/Android keystores, PKCS#12 bundles, App Store Connect .p8 keys, and Android's signing config
  // (`key.properties`, `keystore.properties`) and Godot's export presets (`export_presets.cfg`) that hold the keystore's passwords
  { entry: 'read.secret.signing-key', label: 'a code-signing key or its passwords', re: /\.(?:jks|keystore|p12|pfx|p8)$|(?:^|\/)(?:key|keystore|signing)\.properties$|(?:^|\/)export_presets\.cfg$/i },
  // a file named for the secrets it holds (Home Assistant's and Rails' `secrets.yaml`, a `secrets.json` or `secrets.toml`)
  { entry: 'read.secret.secrets-file', label: 'a secrets file', re: /(?:^|\/)secrets?\.(?:ya?ml|json|toml)$/ },
  { entry: 'read.secret.dotenv', label: 'a .env file', re: /(?:^|\/)\.env(?:\.(?!example$|sample$|template$|dist$|defaults?$|schema$|tpl$)[\w-]+)?$/ },
  { entry: 'read.secret.netrc', label: '.netrc credentials', re: /(?:^|\/)[._]netrc$|(?:^|\/)\.git-credentials$|(?:^|\/)\.pgpass$|(?:^|\/)\.my\.cnf$/ },
  { entry: 'read.secret.pkg-token', label: 'package registry tokens', re: /(?:^|\/)\.npmrc$|(?:^|\/)\.pypirc$|(?:^|\/)\.cargo\/credentials|(?:^|\/)\.gem\/credentials|^~\/\.gradle\/gradle\.properties$|(?:^|\/)\.m2\/settings(?:-security)?\.xml$|(?:^|\/)\.ivy2\/\.credentials$|(?:^|\/)\.sbt\/\.credentials$|(?:^|\/)\.nuget\/NuGet\/NuGet\.Config$/ },
  { entry: 'read.secret.gh', label: 'GitHub CLI tokens', re: /(?:^|\/)\.config\/gh\/hosts\.ya?ml$/, vendors: ['github'] },
  // (the leveldb stores of a browser's or an Electron app's local storage — Discord, Slack, Teams — hold its signed-in tokens)
  { entry: 'read.secret.browser', label: 'browser profiles (cookies, saved passwords)', re: /(?:Google\/Chrome|Chromium|BraveSoftware|Microsoft\/Edge|\.mozilla\/firefox|Firefox\/Profiles)(?:\/|$)|(?:^|\/)(?:Cookies|Login Data|Local State|Web Data|logins\.json|cookies\.sqlite|key[34]\.db)$|(?:^|\/)(?:Local Storage|Session Storage)\/leveldb(?:\/|$)/i },
  { entry: 'read.secret.wallet', label: 'crypto wallet stores', re: /(?:^|\/)(?:\.bitcoin|\.ethereum|\.electrum|\.solana|\.config\/solana)(?:\/|$)|(?:^|\/)wallet\.dat$|(?:^|\/)(?:Exodus|MetaMask|Phantom|Atomic)(?:\/|$)|(?:^|\/)Ethereum\/keystore|(?:^|\/)keystore\/UTC--|\.wallet$|nkbihfbeogaeaoehlefnkodbefgpgknn/i },
  { entry: 'read.secret.keychain', label: 'the keychain', re: /(?:^|\/)Library\/Keychains(?:\/|$)|\.keychain(?:-db)?$|(?:^|\/)\.local\/share\/keyrings(?:\/|$)/ },
  { entry: 'read.secret.history', label: 'shell history', re: /(?:^|\/)\.(?:bash|zsh|sh|python|node_repl|psql|mysql)_history$|(?:^|\/)\.zhistory$|ConsoleHost_history\.txt$/ },
  { entry: 'read.secret.system', label: 'system password files', re: /^\/etc\/(?:shadow|gshadow|master\.passwd)$/ },
  { entry: 'read.secret.agent', label: "the agent's own credentials and settings", re: /(?:^|\/)\.claude\/\.credentials\.json$|(?:^|\/)\.codex\/auth\.json$|(?:^|\/)\.config\/(?:github-copilot|openai)\/|(?:^|\/)\.claude\.json$/ },
  { entry: 'read.secret.conversation', label: 'the conversation transcript', re: /(?:^|\/)\.claude\/projects(?:\/|$)|(?:^|\/)transcripts?(?:\/|\.jsonl?$)|(?:^|\/)conversation[\w-]*\.jsonl?$/i },
  // A browser-automation session saved to disk (Playwright storageState, a cookie jar, a HAR recording with its
  // cookies and authorization headers) is the logged-in account:
  // whoever loads it is signed in as the user, without the password or the second factor.
  { entry: 'read.secret.session-state', label: 'a saved browser session (cookies, storage state)', re: /(?:^|\/)\.auth\/[^/]*\.json$|(?:^|\/)[\w.-]*storage[-_]?state[\w.-]*\.json$|(?:^|\/)cookies?(?:[-_.][\w-]+)?\.(?:json|txt)$|\.har$/i },
  // A memory image of a process (heap snapshot, heap or core dump, /proc/<pid>/mem, its environ) holds every secret
  // the process had loaded.
  { entry: 'read.secret.memory-image', label: 'a process memory image (heap snapshot or core dump)', re: /\.(?:heapsnapshot|hprof|dmp|mdmp)$|(?:^|\/)core(?:\.\d+)?$|(?:^|\/)heap-?dump[\w.-]*$|^\/proc\/(?:[\w{}$]+|self)\/(?:mem|environ)$/i },
  { entry: 'read.secret.key-file', label: 'a private key file', re: /\.(?:pem|key|p12|pfx|jks|keystore|kdbx|ppk)$/i },
  // A messaging app's database, its key or a phone's address book is every conversation and contact of the user and of the
  // people they talk to: sent to a host that is not the user's, it is their private correspondence leaving.
  { entry: 'read.personal.messages', label: "a messaging app's chat database or its key, or the address book", re: /(?:^|\/)msgstore(?:-[\w-]+)?\.db(?:\.crypt\d+)?$|(?:^|\/)(?:com\.whatsapp(?:\.w4b)?|WhatsApp(?: Business)?)\/(?:[^/]+\/)*(?:key|wa\.db|msgstore[^/]*)$|(?:^|\/)Library\/Messages\/chat\.db$|(?:^|\/)(?:sms|ChatStorage|CallHistory)\.(?:db|sqlite|storedata)$|(?:^|\/)Signal\/sql\/db\.sqlite$|(?:^|\/)Telegram Desktop\/tdata(?:\/|$)|(?:^|\/)AddressBook(?:-v22\.abcddb|\/Sources)?(?:\/|$)/i },
  // A data file named for the people it lists (a patient or EHR export, a customer, member, employee or CRM list, an
  // address book): sent to a host that is not the user's, whose server it is a human checks (effects/policies.ts).
  { entry: 'read.personal.records-file', label: 'a file of people records (patients, customers, employees, contacts)', re: /(?:^|\/)[\w.-]*(?:patients?|ehr|emr|medical[-_]?records?|customers?|clients?|crm|contacts?|employees?|staff|payroll|hr[-_]export|members?|subscribers?|leads|candidates?)(?:[-_.][\w-]*)?\.(?:csv|tsv|xlsx?|jsonl?|parquet|vcf|sqlite3?|db)$/i },
  // The user's own files — documents, photos, downloads, mail — are not credentials, but they are the user's private data:
  // sent to a host that is not the user's (effects/policies.ts) it is a question for a human, and to a collection host theft.
  // (matched last: a secret kept in such a folder is judged as that secret)
  { entry: 'read.personal.local-files', label: "the user's personal files (documents, photos, downloads, mail, or the whole home folder)", re: /^(?:~|\$\{?(?:HOME|USERPROFILE)\}?|\/(?:home|Users)\/[^/]+)(?:\/?$|\/(?:Documents|Desktop|Downloads|Pictures|Photos|Movies|Music|Videos|Mail|Library\/(?:Mail|Messages|Mobile Documents))(?:\/|$))/i },
];

/** Environment variable names that hold secrets. */
export const SECRET_ENV = /(?:^|_)(?:TOKEN|SECRET|PASSWORD|PASSWD|PASS|PWD_|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH|SESSION|COOKIE|MNEMONIC|SEED)(?:_|$)|(?:^|_)KEY$|^(?:AWS|GITHUB|GH|OPENAI|ANTHROPIC|SLACK|STRIPE|HF|NPM|PYPI|DOCKER|AZURE|GCP|GOOGLE)_[A-Z_]*(?:KEY|TOKEN|SECRET)/i;

/** Environment names that look secret by the pattern but are not. */
const NOT_SECRET_ENV = /^(?:PWD|OLDPWD|TOKENIZERS_PARALLELISM|AUTH_URL|\w*(?:PUBLIC|PUB|CACHE|SORT|PARTITION|PRIMARY|IDEMPOTENCY|OBJECT|S3|ROUTING|HOT|MAP|HASH|LOOKUP|HOST)_KEY|\w*_(?:URL|HOST|PORT|REGION|USER(?:NAME)?|ID|FILE|PATH|DIR|ENDPOINT|MODEL|VERSION))$/i;

/**
 * A connection string that carries its own password (`postgres://app:s3cret@db:5432/app`, `redis://:pw@cache`,
 * `amqp://u:p@mq`): a secret by what it holds, whatever the variable is called (`DATABASE_URL` is no secret name). A
 * placeholder password (`password`, `<pass>`, `${PG_PASSWORD}`, `***`) is none. docs/skill-effect-model.md, "Prose step acts".
 */
export const CREDENTIAL_URL = /\b[a-z][a-z0-9+.-]{1,20}:\/\/[\w.%~-]{0,64}:(?!(?:password|passwd|pass|pwd|secret|changeme|example|your[\w-]*|x{3,}|\*+)@)[^\s:/@<>{}$*'"`]{3,80}@[\w.-]+/iu;
export function isCredentialUrl(value: string): boolean {
  return CREDENTIAL_URL.test(value);
}

export function isSecretEnv(name: string): boolean {
  return SECRET_ENV.test(name) && !NOT_SECRET_ENV.test(name);
}

/** The vendor a secret environment variable belongs to: its first word (`STRIPE_API_KEY` → `stripe`). */
export function envVendor(name: string): string | null {
  const first = name.toLowerCase().split('_')[0] ?? '';
  if (first.length < 2 || ['api', 'secret', 'token', 'access', 'private', 'auth', 'my', 'app', 'client', 'user', 'password'].includes(first)) return null;
  return ENV_VENDOR_SHORT[first] ?? first;
}

/** Short names of vendors in environment names (`GH_TOKEN`, `TG_BOT_TOKEN`, `GL_TOKEN`): the token of that vendor. */
const ENV_VENDOR_SHORT: Record<string, string> = { gh: 'github', hf: 'huggingface', tg: 'telegram', gl: 'gitlab', cf: 'cloudflare', do: 'digitalocean', dd: 'datadog', az: 'azure', nr: 'newrelic' };

export type PersistKind = 'access' | 'privilege' | 'shell-rc' | 'scheduler' | 'git-hook' | 'editor-task' | 'agent-settings' | 'mcp-config' | 'agent-memory' | 'package-config' | 'trust-store' | 'ssh-config' | 'startup' | 'exec-config';

export interface PersistLocation {
  entry: string;
  kind: PersistKind;
  label: string;
  re: RegExp;
}

/** Places where a write runs later or changes who or what is trusted. */
export const PERSIST_PATHS: readonly PersistLocation[] = [
  { entry: 'persist.ssh.authorized-keys', kind: 'access', label: 'SSH authorized_keys', re: /(?:^|\/)authorized_keys2?$/ },
  { entry: 'persist.ssh.config', kind: 'ssh-config', label: 'SSH client config', re: /(?:^|\/)\.ssh\/config$|^\/etc\/ssh\/ssh(?:d)?_config/ },
  { entry: 'privilege.sudoers', kind: 'privilege', label: 'sudoers', re: /^\/etc\/sudoers(?:\.d\/[^/]*|$)/ },
  // (judged by what the rule answers: effects/authz-rules.ts)
  { entry: 'privilege.polkit', kind: 'privilege', label: 'a polkit rule', re: /^\/(?:etc|usr\/share)\/polkit-1\/(?:rules\.d\/[^/]+\.rules|localauthority\/[^\n]+\.pkla)$/ },
  { entry: 'persist.shell-rc', kind: 'shell-rc', label: 'a shell startup file', re: /(?:^|\/)\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|kshrc|cshrc|tcshrc|envrc)$|(?:^|\/)\.?(?:tmux\.conf|screenrc)$|(?:^|\/)bash-completion\/completions\/[^/]+$|(?:^|\/)\.zfunc\/[^/]+$|(?:^|\/)\.config\/fish\/(?:config\.fish|conf\.d\/)|(?:^|\/)\.config\/direnv\/(?:direnvrc|lib\/[^/]+\.sh)$|(?:^|\/)\.direnvrc$|^\/etc\/(?:profile|bash\.bashrc|zsh\/zshrc|environment)(?:\.d\/|$)|Microsoft\.PowerShell_profile\.ps1$|^\$PROFILE$/i },
  { entry: 'persist.scheduler.cron', kind: 'scheduler', label: 'cron', re: /^\/etc\/cron|^\/var\/spool\/cron|^\/etc\/anacrontab/ },
  { entry: 'persist.scheduler.systemd', kind: 'scheduler', label: 'a systemd unit', re: /(?:^\/etc\/systemd\/|^\/lib\/systemd\/|^\/usr\/lib\/systemd\/|(?:^|\/)\.config\/systemd\/)[^\n]*\.(?:service|timer|path|socket)$/ },
  { entry: 'persist.scheduler.launchd', kind: 'scheduler', label: 'a launchd agent', re: /(?:^|\/)Library\/Launch(?:Agents|Daemons)\// },
  { entry: 'persist.startup.windows', kind: 'startup', label: 'the Windows startup folder', re: /Start Menu\/Programs\/Startup\/|\\CurrentVersion\\Run/i },
  { entry: 'persist.startup.xdg', kind: 'startup', label: 'desktop autostart', re: /(?:^|\/)\.config\/autostart\/|^\/etc\/xdg\/autostart\// },
  // (a hook by its git name in any hooks folder: a template directory, core.hooksPath, a shared hooks repo)
  { entry: 'persist.git-hook', kind: 'git-hook', label: 'a git hook', re: /(?:^|\/)\.git\/hooks\/[\w-]+$|(?:^|\/)\.husky\/[\w-]+$|(?:^|\/)\.githooks\/[\w-]+$|(?:^|\/)hooks\/(?:applypatch-msg|pre-applypatch|post-applypatch|pre-commit|prepare-commit-msg|commit-msg|post-commit|pre-rebase|post-checkout|post-merge|pre-push|pre-receive|update|post-receive|post-update|push-to-checkout|pre-auto-gc|post-rewrite|reference-transaction)$/ },
  { entry: 'persist.editor-task', kind: 'editor-task', label: 'editor tasks or settings', re: /(?:^|\/)\.vscode\/(?:tasks|settings|launch)\.json$|(?:^|\/)\.idea\/workspace\.xml$|(?:^|\/)\.zed\/tasks\.json$|(?:^|\/)\.dir-locals(?:-2)?\.el$/ },
  { entry: 'persist.agent-settings', kind: 'agent-settings', label: "the agent's settings and hooks", re: /(?:^|\/)\.claude\/settings(?:\.local)?\.json$|(?:^|\/)\.gemini\/settings\.json$|(?:^|\/)\.codex\/config\.toml$|(?:^|\/)\.cursor\/(?:settings|hooks)\.json$|(?:^|\/)\.continue\/config\.(?:json|ya?ml)$/ },
  { entry: 'persist.mcp-config', kind: 'mcp-config', label: 'an MCP server configuration', re: /(?:^|\/)\.?mcp(?:_config)?\.json$|claude_desktop_config\.json$|(?:^|\/)\.cursor\/mcp\.json$|(?:^|\/)\.vscode\/mcp\.json$|(?:^|\/)\.claude\.json$/ },
  { entry: 'persist.agent-memory', kind: 'agent-memory', label: 'agent memory or instruction files', re: /(?:^|\/)(?:CLAUDE|AGENTS|GEMINI|MEMORY|SOUL|HEARTBEAT|BOOTSTRAP|IDENTITY|TOOLS|USER|CONVENTIONS)\.md$|(?:^|\/)\.(?:clinerules|roorules|goosehints)$|(?:^|\/)\.cursorrules$|(?:^|\/)\.windsurfrules$|(?:^|\/)copilot-instructions\.md$|(?:^|\/)\.cursor\/rules\/|(?:^|\/)\.claude\/(?:commands|agents|skills|memory)\//i },
  { entry: 'persist.package-config', kind: 'package-config', label: 'a package manager configuration', re: /(?:^|\/)\.npmrc$|(?:^|\/)\.yarnrc(?:\.ya?ml)?$|(?:^|\/)pip\.(?:conf|ini)$|(?:^|\/)\.pip\/pip\.conf$|(?:^|\/)\.condarc$|(?:^|\/)\.pypirc$|(?:^|\/)\.cargo\/config(?:\.toml)?$|(?:^|\/)\.gitconfig$|(?:^|\/)\.bunfig\.toml$|(?:^|\/)uv\.toml$|(?:^|\/)docker\/daemon\.json$|(?:^|\/)containerd\/config\.toml$/ },
  // files a runtime or build tool executes on every start: Gradle init scripts, sbt global plugins, Python .pth and customize modules, the preload list of the dynamic linker, REPL startup files
  { entry: 'persist.runtime-startup', kind: 'startup', label: 'a file the runtime runs on every start', re: /(?:^|\/)\.gradle\/init\.d\/[^/]+$|(?:^|\/)\.gradle\/init\.gradle(?:\.kts)?$|(?:^|\/)\.m2\/extensions\.xml$|(?:^|\/)\.sbt\/[^/]+\/(?:global\.sbt|plugins\/[^/]+)$|(?:site|dist)-packages\/[^/]+\.pth$|(?:^|\/)(?:site|user)customize\.py$|^\/etc\/ld\.so\.preload$|(?:^|\/)\.pythonrc(?:\.py)?$|(?:^|\/)\.node_repl\.js$|(?:^|\/)\.ipython\/profile_[^/]+\/(?:startup\/[^/]+\.(?:py|ipy)$|ipython_(?:kernel_)?config\.py$)|(?:^|\/)\.jupyter\/jupyter_[\w]+_config\.py$|(?:^|\/)\.Rprofile(?:\.site)?$|(?:^|\/)\.irbrc$/ },
  // configuration whose values are commands run on every use: AWS credential_process, git config (helpers, hooksPath, aliases),
  // ssh ProxyCommand, GnuPG's pinentry and smartcard programs
  { entry: 'persist.exec-config', kind: 'exec-config', label: 'a configuration whose values run as commands', re: /(?:^|\/)\.aws\/config$|(?:^|\/)\.config\/git\/config$|(?:^|\/)\.git\/config$|(?:^|\/)\.gnupg\/(?:gpg-agent|gpg|scdaemon|dirmngr)\.conf$|(?:^|\/)\.lfsconfig$/ },
  // the skill's own instruction file: rewriting it changes what the agent follows next time
  { entry: 'persist.skill-file', kind: 'agent-memory', label: "the skill's own instructions", re: /(?:^|\/)SKILL\.md$/ },
  { entry: 'persist.trust-store', kind: 'trust-store', label: 'a system trust setting (hosts file, CA store, DNS, SSH known hosts)', re: /(?:^|\/)\.ssh\/known_hosts2?$|^\/etc\/ssh\/ssh_known_hosts$|^\/etc\/hosts$|^\/etc\/resolv\.conf$|(?:^|\/)ca-certificates\/|(?:^|\/)ca-trust\/source|System32\/drivers\/etc\/hosts$/i },
];

/** `$HOME`, `${HOME}`, `%USERPROFILE%`, `/home/x`, `/Users/x`, `C:\Users\x` → `~`; quotes and backslashes undone. */
export function normalisePath(raw: string): string {
  let p = raw.trim().replace(/^["']|["']$/g, '').replace(/\\(?=[\\/ ])/g, '').replace(/\\/g, '/');
  // folders named by their variables: XDG's config and data homes, zsh's ZDOTDIR, Windows' roaming profile, systemd's `%h`
  p = p.replace(/^\$\{?XDG_CONFIG_HOME\}?(?=\/|$)/, '~/.config').replace(/^\$\{?XDG_DATA_HOME\}?(?=\/|$)/, '~/.local/share')
    .replace(/^\$\{?ZDOTDIR\}?(?=\/|$)/, '~').replace(/^(?:\$\{?APPDATA\}?|%APPDATA%|\$env:APPDATA)(?=\/|$)/i, '~/AppData/Roaming').replace(/^%h(?=\/|$)/, '~');
  p = p.replace(/^(?:\$\{?HOME\}?|\$env:(?:HOME|USERPROFILE)|%USERPROFILE%|%HOMEPATH%|\/home\/(?:[\w.-]+|<[^>/]{1,40}>)|\/Users\/(?:[\w.-]+|<[^>/]{1,40}>)|[A-Za-z]:\/Users\/[\w.-]+|\/root(?=\/|$))/i, '~');
  p = p.replace(/^~\/?$/, '~');
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1) p = p.replace(/\/$/, '');
  // `dir/../x` is `x` and `dir/./x` is `dir/x` (a `cd` folder joined to `../bundle.tgz` names a sibling of it)
  if (/(?:^|\/)\.\.?(?:\/|$)/.test(p) && /^[~/]/.test(p)) p = dotSegmentsResolved(p);
  return p.replace(/^\.\/(?=.)/, '');
}

/** An absolute or home path with its `.` and `..` segments undone (`..` above the root stays at the root). */
function dotSegmentsResolved(p: string): string {
  const parts = p.split('/');
  const out: string[] = [parts[0]!];
  for (const s of parts.slice(1)) {
    if (s === '.' || s === '') continue;
    if (s === '..') {
      if (out.length > 1) out.pop();
    } else out.push(s);
  }
  return out.length === 1 ? (out[0] === '' ? '/' : out[0]!) : out.join('/');
}

export function secretAt(path: string): SecretLocation | null {
  const p = normalisePath(path);
  // a glob names every file it matches: `~/**/.env*` reads .env files, `*.wallet` wallets
  const bare = p.replace(/\*\*\//g, '');
  const globs = bare === p && !p.includes('*') ? [] : [bare.replace(/\*+/g, ''), bare.replace(/\*+/g, 'x')].filter(Boolean);
  for (const s of SECRET_PATHS) if (s.re.test(p) || globs.some((g) => s.re.test(g))) return s;
  return null;
}

/** Values a computed part of a path (`$(basename "$SHELL")`, a glob `*`) may take: the shells' own names among them. */
const COMPUTED_PART = ['bash', 'zsh', 'x', ''];

export function persistAt(path: string): PersistLocation | null {
  const p = normalisePath(path);
  const candidates = /\*|\$\(…\)/.test(p) ? COMPUTED_PART.map((v) => p.replace(/\*+|\$\(…\)/g, v)) : [p];
  for (const s of PERSIST_PATHS) if (candidates.some((c) => s.re.test(c))) return s;
  return null;
}

/**
 * The system's records of who logged in and what ran (sshd and sudo logs, login accounting, the audit trail). Emptied
 * or edited in place they no longer show what happened: no skill's task needs that (reading them is ordinary).
 */
const TRACE_LOGS: readonly { label: string; re: RegExp }[] = [
  { label: 'the login and sudo log', re: /^\/var\/log\/(?:auth\.log|secure|sudo\.log|faillog)(?:\.\d)?$/ },
  { label: 'the login accounting records', re: /^\/var\/(?:log|run)\/(?:wtmp|btmp|utmp|lastlog)$/ },
  { label: 'the audit trail', re: /^\/var\/log\/audit\/audit\.log(?:\.\d)?$/ },
];
export function traceLogAt(path: string): string | null {
  const p = normalisePath(path);
  return TRACE_LOGS.find((t) => t.re.test(p))?.label ?? null;
}

/** Paths whose recursive deletion destroys a home, a system or a user's data. */
export function isDestructiveTarget(path: string): boolean {
  const p = normalisePath(path).replace(/\/\*$/, '').replace(/^\*$/, '.');
  if (p === '~' || p === '/' || p === '' || p === '/*') return true;
  if (/^\/(?:etc|usr|var|bin|sbin|lib|lib64|boot|opt|home|Users|System|Library|Applications|root|srv|mnt)$/.test(p)) return true;
  if (/^~\/(?:Documents|Desktop|Downloads|Pictures|Music|Movies|Videos|Library|projects?|src|code|work|dev|repos?|workspace|\.ssh|\.gnupg|\.config|\.local)$/i.test(p)) return true;
  if (/^[A-Za-z]:\/?$|^[A-Za-z]:\/(?:Windows|Users)$/i.test(p)) return true;
  return false;
}

/** Request headers that carry the sender's credentials (read by server code: the end users' sessions and tokens). */
export const REQUEST_CREDENTIAL_HEADER = /^(?:authorization|proxy-authorization|cookie|x-api-key|x-auth-token|x-access-token)$/i;
