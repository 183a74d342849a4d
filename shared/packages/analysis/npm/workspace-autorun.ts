/**
 * Editor settings that run a command by themselves when a project is opened (pkgnpm11): a VS Code task
 * (`.vscode/tasks.json`, a `*.code-workspace` file's `tasks`) whose `runOptions.runOn` is `folderOpen`.
 * A package that writes such a task, with a command reaching the network, into a project (the consuming
 * project at install: `INIT_CWD`, the folders above `node_modules`) has the user's editor fetch and run
 * code every time the project opens: persistence through the editor (judge.ts `persistence`).
 *
 * Kept as data with a small matcher; flow-js.ts calls it on every file write whose path it can read.
 */

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
