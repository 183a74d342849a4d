/**
 * Where and how an npm package's code makes a program start again later (persistence), shared by the JavaScript flow
 * (flow-js.ts) and the install-script reader (script-download.ts), kept apart from both so neither imports the other.
 */
import { AI_AGENT_CONFIG } from '../patterns.js';

/**
 * Places the system starts programs from at login, boot or on a schedule (since pkg-analysis-2026.11.12):
 * macOS LaunchAgents / LaunchDaemons, systemd units, XDG autostart, the Windows Startup folder, cron tables.
 */
export const PERSIST_PATH = new RegExp(String.raw`(?:^|[\\/])Library[\\/]+Launch(?:Agents|Daemons)(?:[\\/]|$)|(?:^|[\\/])systemd[\\/]+(?:user|system)(?:[\\/]|$)|(?:^|[\\/])\.config[\\/]+autostart(?:[\\/]|$)|Start Menu[\\/]+Programs[\\/]+Startup(?:[\\/]|$)|(?:^|[\\/])etc[\\/]+(?:cron\.\w+|crontab|rc\.local|init\.d)(?:[\\/]|$)|(?:^|[\\/])var[\\/]+spool[\\/]+cron(?:[\\/]|$)|` + AI_AGENT_CONFIG.source, 'i');
/** Commands that register a program to start at login, boot or on a schedule. */
export const PERSIST_CMD = /^\s*\(?\s*(?:launchctl\s+(?:load|bootstrap|enable)\b|systemctl\s+(?:--user\s+)?enable\b|crontab\s+(?!-l\b)\S|schtasks(?:\.exe)?\s+\/create\b|reg(?:\.exe)?\s+add\s+\S*\\CurrentVersion\\Run)/i;

/**
 * The user's shell start-up files (pkg-analysis-2026.12.7): bash, zsh, sh and fish read them at every new shell, PowerShell
 * its profile. Honest tools append a PATH export or a completion `source` line; a line that fetches code and runs it (a
 * download piped into a shell or an evaluator, `iex`) or starts a hidden background download (`nohup`, a trailing `&`)
 * makes every later shell run whatever the remote host serves (SHELL_RC_RUNS).
 */
export const SHELL_RC_PATH =
  /(?:^|[\\/])\.(?:bashrc|zshrc|zshenv|zprofile|zlogin|bash_profile|bash_login|profile|kshrc|mkshrc)$|(?:^|[\\/])fish[\\/]+(?:config\.fish|conf\.d[\\/]+[^\\/]+\.fish)$|(?:^|[\\/])(?:Windows)?PowerShell[\\/]+[\w.]*[Pp]rofile\.ps1$/i;
export const SHELL_RC_RUNS =
  /\b(?:curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^\n]*\|\s*(?:(?:ba|z|da|k)?sh|iex|Invoke-Expression|node|python3?|perl)\b|\bnohup\b[^\n]*(?:https?:\/\/|\bcurl\b|\bwget\b)|(?:https?:\/\/|\bcurl\b|\bwget\b)[^\n]*&\s*(?:$|\n)|\bIEX\s*\(\s*(?:New-Object|\(New-Object|iwr|irm|Invoke-)/im;

/**
 * The system's hosts file (`/etc/hosts`, `C:\\Windows\\System32\\drivers\\etc\\hosts`) given a line that maps a name to a
 * routable address (pkg-analysis-2026.12.7): every later connection of every program to that name (the registry, a code
 * host, a wallet's API) goes there. A loopback or null address (`127.0.0.1`, `0.0.0.0`: a blocker, a local alias) is not it.
 */
export const HOSTS_FILE_PATH = /(?:^|[\\/])etc[\\/]+hosts$/i;
export const HOSTS_REDIRECT = /^\s*(?!127\.|0\.0\.0\.0\b)\d{1,3}(?:\.\d{1,3}){3}[ \t]+[\w-]+(?:\.[\w-]+)+/m;

/**
 * Files another program reads as commands to run, outside the package (since pkg24): ssh's per-user
 * configuration (its command directives run on every connection, see SSH_CONFIG_RUNS) and the code of an
 * installed desktop application (an Electron app's `Resources/app` or `resources/app`: an editor or chat
 * client patched runs the inserted code at every start).
 */
export const SSH_CONFIG_PATH = /(?:^|[\\/])\.ssh[\\/]+config$/i;
/** ssh configuration lines that run a command: on every connection (`Match exec`, `ProxyCommand`) or after it (`LocalCommand`). */
export const SSH_CONFIG_RUNS = /^\s*(?:Match\b[^\n]*\bexec\b|ProxyCommand\s|LocalCommand\s|KnownHostsCommand\s)/im;
export const APP_CODE_PATH =
  /\.app[\\/]+Contents[\\/]+Resources[\\/]+app(?:\.asar)?[\\/].*\.(?:m?js|cjs|asar)$|(?:^|[\\/])Programs[\\/]+[^\\/]+[\\/]+resources[\\/]+app(?:\.asar)?[\\/].*\.(?:m?js|cjs)$/i;
/**
 * Another desktop application's code where it is installed for the user (pkg-analysis-2026.12.6): a destination path
 * (its pieces joined with `/`, the environment's folders as `%NAME%`, the home directory as `~`) that starts in the
 * user's or the machine's application folders and ends in an Electron app's `resources/app.asar` or a file under
 * `resources/app/` (Exodus, Atomic, Slack and other Squirrel installs under `%LOCALAPPDATA%\<app>\app-<version>`).
 * A build writes the app.asar of its own output folder, which starts in no such place.
 */
export const OTHER_APP_CODE =
  /^(?:%(?:LOCALAPPDATA|APPDATA|PROGRAMFILES|PROGRAMFILES\(X86\)|USERPROFILE|HOME)%|~|.*(?:^|\/)(?:AppData|Application Support|Applications)(?:\/|$)).*(?:^|\/)resources\/+app(?:\.asar)?(?:\/|$)/i;
/**
 * `git config --global` / `--system` of a setting git runs as a command for every repository: a credential
 * helper, pager, editor, ssh command, alias or filter given as a shell snippet (`!…`) or one that reaches the
 * network; the fsmonitor or hooks path set to a program or folder; a URL rewrite (`url.<base>.insteadOf`: every
 * later clone, fetch and push of the matching hosts goes to another). (`credential.helper store`, a local
 * `core.hooksPath .husky` are what honest tools set.)
 */
export const GIT_CONFIG_RUNS =
  /^\s*git\s+config\s+(?=[^\n]*--(?:global|system)\b)(?:--[\w-]+\s+)*(?:(?:credential(?:\.\S+)?\.helper|core\.(?:pager|editor|sshCommand|askPass)|alias\.\S+|(?:filter|diff)\.\S+\.(?:clean|smudge|process|textconv))\s+["']?(?:!|[^\n]*\b(?:curl|wget|nc)\b|[^\n]*https?:\/\/)|core\.(?:fsmonitor|hooksPath)\s+["']?(?!(?:true|false)\b)\S|url\.\S+\.(?:push)?insteadOf\b)/i;
/** A folder put before the user's own PATH with `setx` (later `python`, `node`, `git` run the planted copy); appending is what installers do. */
export const PATH_PREPEND = /^\s*setx(?:\.exe)?\s+(?:\/m\s+)?PATH\s+["']?(?!\s*%PATH%)[^"'\n;]*;\s*%PATH%/i;
/**
 * Settings that let an AI coding assistant run tools and commands without asking the user, with the value
 * that does it: VS Code's `chat.tools.autoApprove`, Claude Code's `bypassPermissions` mode, Codex's
 * `approval_policy = "never"`. Written by a package's code, every later agent session acts unattended.
 */
export const AGENT_APPROVE: Readonly<Record<string, true | string>> = Object.freeze({
  'chat.tools.autoApprove': true,
  'chat.tools.global.autoApprove': true,
  'chat.agent.autoApprove': true,
  'github.copilot.chat.agent.autoApprove': true,
  dangerouslySkipPermissions: true,
  defaultMode: 'bypassPermissions',
  approval_policy: 'never',
});
export const AGENT_APPROVE_TEXT = /\bapproval_policy\s*=\s*["']never["']|["']defaultMode["']\s*:\s*["']bypassPermissions["']|["']chat\.tools\.(?:global\.)?autoApprove["']\s*:\s*true\b/;
