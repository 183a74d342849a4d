/**
 * The regular expressions of the per-file scan that are not tied to one anchor: the raw-source helper,
 * the whole-file patterns (suspicious destinations, credential paths, long encoded blobs) and the
 * sources the anchored checks of several languages share.
 */
/** Regular-expression sources written as raw strings. */
export const raw = String.raw;

// Patterns used by the anchored checks and the occasional whole-file pass.
export const SUSPICIOUS_URL_RE = new RegExp(
  raw`https?:\/\/(?:\d{1,3}\.){3}\d{1,3}\b|(?:discord(?:app)?\.com\/api\/webhooks\/\d|hooks\.slack\.com\/services\/T[A-Z0-9]|api\.telegram\.org\/bot|dnslog\.cn|ceye\.io|requestrepo\.com|pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.\w+|webhook\.site|requestbin\.\w+|pipedream\.net|ngrok(?:-free)?\.(?:io|app|dev)|burpcollaborator\.net|oastify\.com|interact\.sh|oast\.(?:fun|live|site|me|pro|online)|canarytokens\.com|transfer\.sh|trycloudflare\.com|beeceptor\.com|requestcatcher\.com|hookbin\.com|mockapi\.io|mocky\.io|webhook\.cool)`,
  'g',
);
// Credential stores. A browser's program path (`Google/Chrome/Application/chrome.exe`) is not a
// profile: Chrome and Brave only count with a profile component (User Data, Default, Profile N).
export const SENSITIVE_RE = new RegExp(
  raw`[\/\\'"]\.ssh(?=[\/\\'"])|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.aws[\/\\]credentials|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\.netrc\b|\.docker[\/\\]config\.json|\.kube[\/\\]config\b|(?:Google[\/\\]Chrome|BraveSoftware[\/\\]Brave-Browser|Microsoft[\/\\]Edge|Chromium)[\/\\](?:User Data|Default|Profile \d)|Mozilla[\/\\]Firefox[\/\\]Profiles|\bLogin Data\b|\bcookies\.sqlite\b|\bkey[34]\.db\b|\blogins\.json\b|Local Extension Settings|Local Storage[\/\\]+leveldb|nkbihfbeogaeaoehlefnkodbefgpgknn|\bwallet\.dat\b|[\/\\]Exodus[\/\\]|Electrum[\/\\]wallets|\.ethereum[\/\\]keystore|solana[\/\\]id\.json`,
  'g',
);
/**
 * Client credentials (SSH keys, cloud and tool configs): SDKs and CLIs read their own, so reading
 * one is a capability; it is exfiltration only next to a suspicious destination or an env dump.
 * The rest (browser profiles, cookie and password stores, wallets) is what stealers read.
 */
export const TOOL_CONFIG =
  /\.npmrc|\.pypirc|\.netrc|\.git-credentials|\.docker|\.kube|\.ssh|id_(?:rsa|ed25519|ecdsa|dsa)|\.aws|User Data|Default|Profile \d/;
export const SECRET_SRC = raw`AKIA[0-9A-Z]{16}|-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY-----(?:\\r|\\n|\r|\n|\s)+[A-Za-z0-9+/]{40}|\bghp_[A-Za-z0-9]{36}\b|\bxox[bap]-[0-9A-Za-z-]{10,}|\bnpm_[A-Za-z0-9]{36}\b`;
export const BLOB_RE = /["'\x60][A-Za-z0-9+/]{200,}={0,2}["'\x60]|(?:\\x[0-9a-fA-F]{2}){100,}/g;
export const REMOTE_PIPE_SRC = raw`\b(?:curl|wget)\b[^\n|;]{0,300}\|\s*(?:sudo\s+)?(?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k)?sh\b|\b(?:powershell|pwsh)\b[^\n]{0,200}?\b(?:iex|Invoke-Expression|DownloadString|DownloadFile|Invoke-WebRequest|iwr)\b|\b(?:iex|Invoke-Expression)\b[^\n]{0,60}?\b(?:iwr|Invoke-WebRequest|DownloadString)\b`;
export const MINING_SRC = raw`stratum\+(?:tcp|ssl):\/\/|coinhive\b|xmrig\b|cryptonight\b`;
export const CRED_NAME = raw`[A-Za-z0-9_]*(?:TOKEN|SECRET|PASSW|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIAL)`;

/**
 * Credential stores whose content is a secret (path with `/` separators): SSH keys, cloud and tool
 * credentials, browser and wallet stores. Reading one is what their own tools do; sending the
 * content over the network is theft. python/flow.ts follows reads of them; both languages judge a
 * command-line upload of one (remote-run.ts `UPLOAD_OPERAND`). Since pkg-analysis-2026.12.8 also the editors' and
 * developer tools' sign-in stores: VS Code-family `globalStorage/state.vscdb` (editor sign-in and extension secrets),
 * the GitHub CLI's `gh/hosts.yml` (its OAuth token) and JetBrains' `options/github.xml` (GitHub accounts).
 */
export const CREDENTIAL_STORE =
  /(?:^|\/)\.ssh(?:\/|$)|(?:^|\/)id_(?:rsa|ed25519|ecdsa|dsa)|(?:^|\/)\.aws\/(?:credentials|config)$|(?:^|\/)\.(?:git-credentials|netrc|npmrc|pypirc)$|(?:^|\/)\.docker\/config\.json$|(?:^|\/)\.kube\/config$|(?:^|\/)\.config\/gcloud(?:\/|$)|(?:^|\/)\.azure(?:\/|$)|(?:^|\/)\.gnupg(?:\/|$)|Login Data$|Local State$|cookies\.sqlite$|logins\.json$|key[34]\.db$|wallet\.dat$|(?:^|\/)Local Storage\/leveldb(?:\/|$)|(?:^|\/)keystore(?:\/|$)|solana\/id\.json$|(?:^|\/)\.env$|\.tfstate(?:\.backup)?$|(?:Default|Profile \d+|Network)\/Cookies$|(?:^|\/)ssfn[^/]*$|(?:^|\/)loginusers\.vdf$|steam\/config\/config\.vdf$|launcher_accounts[^/]*\.json$|\.minecraft\/launcher_profiles\.json$|(?:^|\/)tdata(?:\/|$)|(?:^|\/)globalStorage\/state\.vscdb$|(?:^|\/)gh\/hosts\.yml$|(?:^|\/)options\/github\.xml$/i;

/**
 * An AI coding assistant's own configuration, where it reads the programs it starts by itself (MCP
 * servers) and the commands it runs on its events (hooks), or its permission mode: Claude Code's
 * settings, Claude Desktop's, Cursor's, Windsurf's, Gemini CLI's and VS Code's MCP files. A file
 * written there acts on every later session (persistence, docs/package-analysis.md).
 */
export const AI_AGENT_CONFIG =
  /(?:^|[\\/])\.claude[\\/]+settings(?:\.local)?\.json$|(?:^|[\\/])\.claude\.json$|(?:^|[\\/])claude_desktop_config\.json$|(?:^|[\\/])\.cursor[\\/]+mcp\.json$|(?:^|[\\/])\.codeium[\\/]+windsurf[\\/]+mcp_config\.json$|(?:^|[\\/])\.gemini[\\/]+settings\.json$|(?:^|[\\/])\.vscode[\\/]+mcp\.json$/i;

/**
 * The instruction files AI coding assistants read as standing orders for a project: AGENTS.md, CLAUDE.md,
 * GEMINI.md, Copilot's `.github/copilot-instructions.md`, Cursor, Windsurf and Cline rules. Writing one is
 * what a rules package may do; what it says decides (AGENT_INSTRUCTION_ABUSE).
 */
export const AGENT_INSTRUCTIONS =
  /(?:^|[\\/])(?:AGENTS|CLAUDE|GEMINI)\.md$|(?:^|[\\/])\.github[\\/]+copilot-instructions\.md$|(?:^|[\\/])\.cursor[\\/]+rules[\\/]|(?:^|[\\/])\.cursorrules$|(?:^|[\\/])\.windsurfrules$|(?:^|[\\/])\.windsurf[\\/]+rules[\\/]|(?:^|[\\/])\.clinerules(?:[\\/]|$)/i;
/**
 * Orders in such a file that no style guide gives: send data with a download tool or fetch (curl -d / -F / -T,
 * a POST), install from another package index, or keep it from the user.
 */
export const AGENT_INSTRUCTION_ABUSE =
  /\b(?:curl|wget|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b[^\n]{0,200}?(?:\s-d\b|\s--data|\s-F\b|\s-T\b|--upload-file|-X\s*POST|-Method\s+Post)|\bfetch\([^\n]{0,200}?['"]POST['"]|--(?:extra-)?index-url\s+https?:|\b(?:do not|don't|never)\s+(?:mention|tell|reveal|disclose)\s+(?:it|this|that)\b|\b(?:without|do not|don't)\s+(?:telling|tell|inform(?:ing)?)\s+the user\b/i;
