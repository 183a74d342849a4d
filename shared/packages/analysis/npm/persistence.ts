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
