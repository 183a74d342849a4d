/**
 * The effect model's vocabulary: a skill is read into actions (what the agent or the user is made to
 * do), and verdicts are policies over actions, not over strings. Code blocks (shell, Python,
 * JavaScript, parsed with real parsers) and prose steps addressed to the agent both become actions of
 * this one shape, so a source in one place can reach a sink in another.
 */

/** What an action does. Each catalogue entry maps a command, API or phrase to one or more of these. */
export type EffectKind =
  /** Reads something sensitive: credential files, environment, secret stores, keychains, clipboard, browser and wallet stores, shell history, the conversation. */
  | 'read'
  /** Sends or publishes data: HTTP clients, DNS tools, git push, gh, npm/pip publish, docker push, rsync/scp, paste sites, webhooks, image/link URLs with a query, the agent's fetch or MCP tools. */
  | 'send'
  /** Downloads content (its use decides its weight). */
  | 'fetch'
  /** Runs code: interpreters, eval, decode-and-run, remote content. */
  | 'exec'
  /** Writes where something runs later or where trust changes: authorized_keys, sudoers, rc files, cron/systemd/launchd, git hooks, editor tasks, agent settings/hooks, MCP configs, agent memory, package-manager configs. */
  | 'persist'
  /** Changes privilege: sudo rules, RBAC bindings, setuid. */
  | 'privilege'
  /** Destroys: recursive deletes of home or system paths, wipes, time-triggered destruction. */
  | 'destroy'
  /** Asks the user to hand over a secret (paste a token into the chat, type a password). */
  | 'solicit'
  /** Changes generated output in the author's favour: remote scripts in every page, fixed payment addresses. */
  | 'tamper'
  /** Overrides the agent's instructions or safety, hides actions from the user, or addresses the reviewer. */
  | 'steer';

/** Where the action was read from. */
export type ActionOrigin = 'shell' | 'python' | 'javascript' | 'prose' | 'config' | 'url';

/**
 * Whether the text is an instruction or data about instructions. Decided from the document's
 * structure (quotes, fences used as data, headings, negation scope), never from keywords alone.
 */
export type ActionMode = 'instruction' | 'example' | 'negated' | 'teaching';

export interface Action {
  kind: EffectKind;
  /** Catalogue entry id that matched, e.g. `send.http.curl`, `read.secret.ssh-dir`. */
  entry: string;
  /** The object acted on: a path, an environment variable, a URL or host, a package, a setting. */
  object?: string;
  /** The command, API or tool through which it happens (curl, requests.post, WebFetch, gh …). */
  via?: string;
  /** Data names this action consumes (variables, temp files, folders, archives) — for data flow. */
  consumes?: string[];
  /** Data names this action produces. */
  produces?: string[];
  origin: ActionOrigin;
  mode: ActionMode;
  /** 1-based line and column in the LF-normalised file. */
  line: number;
  column: number;
  /** Short evidence from the file. */
  snippet: string;
  /** The remote host a send, fetch or install talks to, when there is one. */
  host?: string;
  /** How data leaves in a send: as a request body, an auth header, a URL query, an uploaded file, a mount, a publication. */
  channel?: ActionChannel;
  /** What a write puts there (a heredoc, echoed text, a config value), for judging the write by its content. */
  content?: string;
  /** Programs in another language that the written content runs (a git filter's Python script): judged in their own language. */
  named?: { path: string; text: string }[];
  /** Facts a catalogue entry records for the policies (e.g. `public`, `time-triggered`, `nopasswd`, `always-allow`). */
  flags?: string[];
}

/** How data leaves the machine in a send action. */
export type ActionChannel = 'body' | 'header' | 'query' | 'upload' | 'stdin' | 'mount' | 'publish' | 'dns' | 'image';
