/**
 * Editor settings that run a command by themselves when a project is opened (pkgnpm11): a VS Code task
 * (`.vscode/tasks.json`, a `*.code-workspace` file's `tasks`) whose `runOptions.runOn` is `folderOpen`.
 * A package that writes such a task, with a command reaching the network, into a project (the consuming
 * project at install: `INIT_CWD`, the folders above `node_modules`) has the user's editor fetch and run
 * code every time the project opens: persistence through the editor (judge.ts `persistence`).
 *
 * Kept as data with a small matcher; flow-js.ts calls it on every file write whose path it can read.
 */

import { CRED_NAME, REMOTE_PIPE_SRC } from '../patterns.js';

/** A file an editor reads tasks from when a folder opens. */
export const EDITOR_TASK_FILE = /(?:^|[\\/])(?:\.vscode[\\/]+tasks\.json|[^\\/]+\.code-workspace)$/;
/** The setting that starts a task when the folder is opened. */
const RUNS_ON_OPEN = /\bfolderOpen\b/;
/** A command that reaches the network: a URL, a download tool, a PowerShell download cradle. */
const TASK_FETCHES = /https?:\/\/|\b(?:curl|wget|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|DownloadString|DownloadFile)\b/i;

/**
 * Is a write of `body` (the literal strings of the written value) to `path` (its literal pieces joined by `/`)
 * an editor task that starts on folder open and fetches something?
 */
export function writesAutorunTask(path: string, body: readonly string[]): boolean {
  if (!EDITOR_TASK_FILE.test(path)) return false;
  const text = body.filter((b) => b.length < 100_000).join('\n');
  return RUNS_ON_OPEN.test(text) && TASK_FETCHES.test(text);
}

/**
 * Shipped workspace settings that run a command when a folder is opened (pkgrecall2, both registries): a dev
 * container's lifecycle commands (`.devcontainer/devcontainer.json`, `.devcontainer.json`) and an editor task
 * that starts on folder open. A package whose README tells contributors to open it in a container ships the
 * command to whoever does. The act judged is a download run as it arrives (piped into a shell, `sh -c "$(curl …)"`,
 * `bash <(curl …)`, a PowerShell cradle):
 *
 *  - on the user's machine (`initializeCommand`, a folder-open task): HIGH;
 *  - inside the container, when the settings also hand the container a credential of the user's machine
 *    (`${localEnv:GITHUB_TOKEN}` in `remoteEnv` / `containerEnv`, a mount of `~/.ssh`, `~/.aws`, …): HIGH;
 *  - inside the container alone: LOW (a tool installed by its vendor's script, as many templates do).
 */
const DEVCONTAINER_FILE = /(?:^|[\\/])(?:\.devcontainer[\\/]+(?:[^\\/]+[\\/]+)?devcontainer\.json|\.devcontainer\.json)$/;
/** Lifecycle commands; the first runs on the user's machine, the others in the container. */
const HOST_COMMANDS = new Set(['initializeCommand']);
const CONTAINER_COMMANDS = new Set(['onCreateCommand', 'updateContentCommand', 'postCreateCommand', 'postStartCommand', 'postAttachCommand']);
/** A download run as it arrives. */
const DOWNLOAD_RUN = new RegExp(
  `${REMOTE_PIPE_SRC}|\\b(?:ba|z|da|k)?sh\\s+(?:-c\\s+)?['"]?\\$\\(\\s*(?:curl|wget)\\b|<\\(\\s*(?:curl|wget)\\b|\\b(?:curl|wget)\\b[^\\n|;]{0,300}\\|\\s*(?:node|python[\\d.]*|perl|ruby)\\b`,
  'i',
);
/** A credential of the user's machine handed to the container: a secret-named local variable, or a mount of a credential folder. */
const HANDS_SECRET = new RegExp(
  `\\$\\{localEnv:${CRED_NAME}[A-Za-z0-9_]*\\}|\\$\\{localEnv:(?:HOME|USERPROFILE)\\}[\\\\/]+\\.(?:ssh|aws|azure|kube|docker|gnupg|npmrc|pypirc|netrc|git-credentials|config[\\\\/]+gh)\\b`,
);

/** Commands of a lifecycle value: a string, an argument array, or an object of either (run in parallel). */
function commandTexts(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return [v.filter((x) => typeof x === 'string').join(' ')];
  if (v && typeof v === 'object') return Object.values(v as Record<string, unknown>).flatMap(commandTexts);
  return [];
}

/** JSON with comments and trailing commas (as VS Code reads these files), or null. */
function parseJsonc(text: string): unknown {
  const stripped = text
    .replace(/("(?:[^"\\\n]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_m, s: string | undefined) => s ?? '')
    .replace(/,(\s*[}\]])/g, '$1');
  try {
    return JSON.parse(stripped);
  } catch {
    return null;
  }
}

export interface ShippedAutorun {
  severity: 'HIGH' | 'LOW';
  evidence: string;
  where: 'host' | 'container';
  handsSecret: boolean;
}

/** A shipped dev container or editor task file whose open-time command runs a download, and how it is weighed. */
export function shippedAutorun(path: string, text: string): ShippedAutorun | null {
  if (text.length > 256 * 1024) return null;
  const dev = DEVCONTAINER_FILE.test(path);
  if (!dev && !EDITOR_TASK_FILE.test(path)) return null;
  const j = parseJsonc(text);
  if (!j || typeof j !== 'object') return null;
  const runs: { cmd: string; host: boolean }[] = [];
  if (dev) {
    for (const [k, v] of Object.entries(j as Record<string, unknown>)) {
      if (HOST_COMMANDS.has(k)) for (const c of commandTexts(v)) runs.push({ cmd: c, host: true });
      if (CONTAINER_COMMANDS.has(k)) for (const c of commandTexts(v)) runs.push({ cmd: c, host: false });
    }
  } else {
    // tasks.json: `{ tasks: [...] }`; a workspace file: `{ tasks: { tasks: [...] } }`.
    const o = (j as { tasks?: unknown }).tasks;
    const tasks = Array.isArray(o) ? o : o && typeof o === 'object' ? (o as { tasks?: unknown }).tasks : null;
    for (const t of Array.isArray(tasks) ? tasks : []) {
      if (!t || typeof t !== 'object') continue;
      const task = t as { command?: unknown; args?: unknown; runOptions?: { runOn?: unknown } };
      if (task.runOptions?.runOn !== 'folderOpen') continue;
      runs.push({ cmd: [...commandTexts(task.command), ...commandTexts(task.args)].join(' '), host: true });
    }
  }
  const hit = runs.find((r) => DOWNLOAD_RUN.test(r.cmd) && r.host) ?? runs.find((r) => DOWNLOAD_RUN.test(r.cmd));
  if (!hit) return null;
  const handsSecret = dev && HANDS_SECRET.test(text);
  return {
    severity: hit.host || handsSecret ? 'HIGH' : 'LOW',
    evidence: hit.cmd.slice(0, 160),
    where: hit.host ? 'host' : 'container',
    handsSecret,
  };
}
