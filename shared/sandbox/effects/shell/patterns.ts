/**
 * Patterns and small tables the shell reader consults: configuration keys, hosts, flags, PATH folders and
 * the like. Moved out of shell.ts unchanged.
 */

/** A value that starts at the user's home, config or temporary folder (or the current one), however it is spelled. */
export const HOME_LIKE = /^(?:~|\$\{?(?:HOME|XDG_CONFIG_HOME|XDG_DATA_HOME|XDG_CACHE_HOME|ZDOTDIR|USERPROFILE|APPDATA|LOCALAPPDATA|TEMP|TMP|TMPDIR|PWD)\}?)(?:\/|$)/;
export const URLISH = /^(?:https?|ftp):\/\//i;
/** Programs that search for secrets: what they print and the reports they write are the secrets found. */
export const SECRET_SCANNERS = /^(?:gitleaks|trufflehog|detect-secrets|ggshield|noseyparker|git-secrets|secretlint|kingfisher|whispers|shhgit)$/;
/** A configuration field holding the path of a private key or credential file (`ascApiKeyPath`, `serviceAccountKeyPath`, `keystore_file`). */
export const KEY_FILE_FIELD = /(?:key|credentials?|secret|keystore|service_?account\w*)_?(?:path|file)\b/i;

/** A configuration key that names a secret (`rcon.password`, `db_passwd`, `api_key`, `secret_token`, `wpa_psk`). */
export const CONFIG_SECRET_KEY = /(?:^|[^a-z])(?:password|passwd|pass|secret|token|api[_-]?key|psk|passphrase)(?:[^a-z]|$)/i;

/** An scp/rsync remote side: `[user@]host.domain:path` (not a URL, not a drive letter). */
export const REMOTE_SPEC = /^(?:[\w.-]+@)?[\w-]+(?:\.[\w-]+)+:(?!\/\/)/;
/** A host name with a path and no scheme, as HTTP clients accept it. */
export const BARE_URL = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?::\d+)?\/\S*$/i;
/** Flags that switch off checking who served the content (certificates, signatures, checksums). */
export const INSECURE_FLAG = /^(?:-k|--insecure|--no-check-certificate|--no-verify(?:-ssl)?|--disable-ssl|--skip-verify|--trust-all|--no-gpg-check|--allow-unauthenticated|-SkipCertificateCheck)$/i;

/** SDK settings that move a vendor's API to another URL (`OPENAI_BASE_URL`, `ANTHROPIC_API_URL`). */
export const BASE_URL_VAR = /^([A-Z]+)_(?:BASE_URL|API_BASE|API_BASE_URL|API_URL|API_HOST|ENDPOINT)$/;
/** Commands that print the Python site folder. */
export const SITE_DIR_QUERY = /\bsite\s+--user-site\b|getusersitepackages|getsitepackages|get_paths\(\)\[["']purelib/;
export const TIME_CONDITION = /\bdate\b|EPOCHSECONDS|\bSECONDS\b|Get-Date|\bdays?\b|\bexpir/i;

/** A tunnel that puts a local port on the internet. */
/** A port that is a remote login: SSH, RDP, VNC. */
export const LOGIN_PORT = /(?:^|[:\s/])(?:22|3389|5900)(?:\b|$)/;
export const PUBLIC_TUNNEL = /\b(?:ngrok\s+(?:http|tcp|tls)|cloudflared\s+tunnel|lt\s+--port|localtunnel|tailscale\s+funnel|ssh\s+[^\n]*-R\s*[^\n]*(?:serveo\.net|localhost\.run|pinggy))\b/;

/** A program file in a directory on the usual PATH: its name is how it is run afterwards. */
export const PATH_DIR_PROGRAM = /^(?:\/usr\/local\/s?bin|\/usr\/s?bin|\/s?bin|\/opt\/homebrew\/bin|~\/\.local\/bin|~\/bin|~\/\.cargo\/bin|~\/go\/bin)\/([\w.+-]+)$/;

/** The same directories, for a program run by its name. */
export const PATH_DIRS = ['/usr/local/bin', '/usr/local/sbin', '/usr/bin', '/opt/homebrew/bin', '~/.local/bin', '~/bin', '~/.cargo/bin', '~/go/bin'];
