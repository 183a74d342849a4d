/**
 * Behaviour rules as data: what a skill makes the agent (or the user) execute, not which words it
 * contains. Each entry names its rule (rules.ts), where it matches, the pattern, and what else must
 * be present nearby for it to fire. The matcher below is the only code that reads the table.
 *
 * Scopes:
 *  - code: fenced blocks and inline code spans (what gets run);
 *  - text: anywhere in the body and the frontmatter values (instructions the agent follows);
 *  - prose: like text, but not inside code blocks (sentences, not commands).
 * `near` must match within the same code block (code scope) or within `window` lines (text scope).
 * Every pattern is linear-time: bounded quantifiers only.
 */
import type { RuleKey } from './rules.js';
import type { ScanContext } from './context.js';
import { candidatePatterns, matchesOf } from './patterns.js';
import type { SourceText } from './text.js';
import { dataFenceMode, negatedAt, sampleTableLines, structuralLineModes } from './prose/structure.js';
import { DOCUMENTED_ENDPOINT, GENERIC_TOKEN_HOLE } from './prose/read/words.js';
import { matchAll } from './match-all.js';

export interface BehaviourRule {
  rule: RuleKey;
  /** What was seen, for the finding message. */
  label: string;
  scope: 'code' | 'text' | 'prose';
  re: RegExp;
  near?: RegExp;
  /** Lines either side for `near` in text scope (default 3). */
  window?: number;
  /** The match is dropped when its own line matches this. */
  unless?: RegExp;
  /** `near` is looked for in what the matched line writes (the line, or its heredoc), not in the whole block. */
  nearWritten?: boolean;
  /** A match under a heading that presents examples of bad practice is not an instruction. */
  teachable?: boolean;
  /** In prose, a match its sentence negates ("never `--dangerously-skip-permissions`", "no --yolo") is a rule against it. */
  unlessNegated?: boolean;
  /**
   * A key the document itself lists as a parameter of one of its tools ("- `auto_approve` (boolean, optional): …") is that
   * tool's parameter in an example call, not the agent's settings.
   */
  unlessDocumentedParameter?: boolean;
  /** An endpoint documented with its method whose only holes are the token by a generic name: where the API's own key goes. */
  unlessDocumentedEndpoint?: boolean;
}

/** Placeholders that stand for where a repository is, not for what it holds (a badge's branch, tag or version). */
const PUBLIC_COORDINATE = `(?:${['owner', 'org', 'repo', 'repository', 'branch', 'tag', 'ref', 'version', 'release', 'workflow', 'label', 'style', 'color', 'logo', 'package'].flatMap((w) => [w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1)]).join('|')})`;

const SEND = String.raw`(?:\bcurl\b|\bwget\b|\bnc\b|\bncat\b|requests\s*\.\s*(?:post|put|get)|urlopen|fetch\s*\(|Invoke-(?:WebRequest|RestMethod)|\bscp\b|/dev/tcp/)`;
const CLIP_READ = String.raw`(?:\bpbpaste\b|xclip\b[^\n]{0,30}\s-o\b|xsel\b[^\n]{0,20}\s-o\b|Get-Clipboard|pyperclip\s*\.\s*paste|clipboard\s*\.\s*readText|GetClipboardData|wl-paste)`;
const CLIP_WRITE = String.raw`(?:\bpbcopy\b|xclip\s+-(?:sel|selection)\b|Set-Clipboard|pyperclip\s*\.\s*copy|clipboard\s*\.\s*writeText|SetClipboardData|wl-copy)`;
/** What turns a clipboard read into a rewrite: a polling loop or a replacement. */
const CLIP_CHANGE = String.raw`(?:setInterval|while\s*\(\s*(?:true|1)\s*\)|\bwhile\s+(?:true|:)|for\s*\(\s*;\s*;|\bwhile\s+\$true|\.replace(?:All)?\s*\(|\bre\.sub\s*\(|-replace\b|\bsed\s|\btr\s)`;
const WALLET = String.raw`(?:\b0x[0-9a-fA-F]{40}\b|\bbc1[a-z0-9]{20,60}\b|\b(?:wallet|btc|eth|bitcoin|ethereum|crypto)\b)`;
const MEMORY_FILE = String.raw`(?:\b(?:CLAUDE|AGENTS|GEMINI|SOUL|MEMORY|CONVENTIONS)\.md\b|\.cursorrules\b|\.windsurfrules\b|copilot-instructions\.md\b)`;
const SENSITIVE_NOUN = String.raw`(?:api[_ -]?keys?|access[_ -]?keys?|tokens?|secrets?|credentials?|passwords?|passwörter|\.env\b|ssh[ -]keys?|private[ -]keys?|seed[ -]phrases?|mnemonics?|cookies|session[_ -]?(?:tokens?|cookies?|keys?|secrets?)|schlüssel|zugangsdaten|contraseñas?|claves?|credenciales|mots? de passe|identifiants)`;

export const BEHAVIOUR_RULES: readonly BehaviourRule[] = [
  // -- reverse shells ---------------------------------------------------------------------------
  { rule: 'reverseShell', label: '/dev/tcp connection', scope: 'code', re: /\/dev\/(?:tcp|udp)\/[\w.$-]{1,100}\/\d{1,5}/g },
  { rule: 'reverseShell', label: 'netcat -e', scope: 'code', re: /\b(?:nc|ncat|netcat)\b[^\n]{0,80}\s-(?:e|c)\s+\S{0,20}(?:sh|bash|cmd(?:\.exe)?|powershell)\b/g },
  { rule: 'reverseShell', label: 'shell piped into netcat', scope: 'code', re: /\b(?:ba)?sh\s+-i\b[^\n]{0,80}\|\s*(?:nc|ncat|netcat|telnet|openssl\s+s_client)\b/g },
  { rule: 'reverseShell', label: 'named pipe with netcat', scope: 'code', re: /\bmkfifo\b/g, near: /\b(?:nc|ncat|netcat|telnet|openssl\s+s_client)\b/ },
  { rule: 'reverseShell', label: 'socat exec', scope: 'code', re: /\bsocat\b[^\n]{0,200}\b(?:exec|system):/gi },
  { rule: 'reverseShell', label: 'socket with dup2/pty', scope: 'code', re: /\.\s*connect\s*\(\s*\(/g, near: /\b(?:dup2|pty\s*\.\s*spawn|subprocess\s*\.\s*call\s*\(\s*\[\s*["']\/bin\/(?:ba)?sh)/ },
  { rule: 'reverseShell', label: 'PowerShell TCP client shell', scope: 'code', re: /Net\.Sockets\.TCPClient/gi, near: /\b(?:iex|Invoke-Expression|GetStream)\b/i },
  // -- persistence ------------------------------------------------------------------------------
  { rule: 'persistence', label: 'crontab', scope: 'code', re: /\bcrontab\s+(?:-[elr]\b|-\s|\S+\.cron\b)|\|\s*crontab\b|\/etc\/cron\.|\/var\/spool\/cron/g },
  { rule: 'persistence', label: 'launch agent', scope: 'code', re: /Library\/Launch(?:Agents|Daemons)\b|\blaunchctl\s+(?:load|bootstrap)\b/g },
  { rule: 'persistence', label: 'systemd unit', scope: 'code', re: /\.config\/systemd\/user\/|\/etc\/systemd\/system\/[\w@.-]{1,80}\.(?:service|timer)|\bsystemctl\s+--user\s+enable\b/g },
  { rule: 'persistence', label: 'global git hooks', scope: 'code', re: /\bcore\.hooksPath\b|~\/\.githooks\b|\.git\/hooks\/(?:post|pre)-\w+/g },
  { rule: 'persistence', label: 'Windows autorun', scope: 'code', re: /CurrentVersion\\\\?Run\b|\bschtasks(?:\.exe)?\s+\/create\b|Register-ScheduledTask\b|Start Menu\\\\?Programs\\\\?Startup/gi },
  // -- destruction ------------------------------------------------------------------------------
  // (a guard's message that names what it refuses — `echo "refusing to rm -rf /"; exit 1` — prints the command, it
  // does not run it; printed into a shell or eval it runs)
  { rule: 'destructive', label: 'rm -rf of the home directory or root', scope: 'code', teachable: true,
    re: /\brm\s+(?:-{1,2}[a-zA-Z-]{1,30}\s+){1,4}["']?(?:~|\$HOME|\$\{HOME\}|\/)(?:\/\*?)?["']?(?=\s|$|;|&|\||\))/gm,
    unless: /^(?![^\n]*(?:\|\s*(?:ba|z|da|k)?sh\b|\beval\b|\bsh\s+-c\b|\$\())[^\n]*\b(?:echo|printf|print|puts|say|Write-(?:Host|Output|Error|Warning)|die|warn|sys\.exit|raise\s+\w+|console\.(?:log|error|warn)|logger\.\w+|log)\b[^\n"']*["'][^"'\n]*\brm\s+-/ },
  { rule: 'destructive', label: 'recursive delete from the home directory', scope: 'code', teachable: true,
    re: /\bcd\s+(?:~|\$HOME)\/?\s*(?:&&|;)\s*(?:rm\s+-[a-zA-Z]{0,5}r|find\s+\.[^\n]{0,200}(?:-delete\b|-exec\s+rm\b))|\bfind\s+(?:~|\$HOME)\/?\s[^\n]{0,200}(?:-delete\b|-exec\s+rm\b)/g },
  // Expiring the reflog and pruning removes only unreachable objects: it wipes history when the same
  // block first drops what the user still has (branches deleted, an orphan checkout, deletions pushed,
  // files removed); after a rewrite that purges a leaked file it is the documented cleanup.
  { rule: 'destructive', label: 'git history wiped', scope: 'code', re: /\breflog\s+expire\b[^\n]{0,60}--expire=now\b[^\n]{0,200}\bgc\b[^\n]{0,40}--prune=now/g,
    near: /\bbranch\s+(?:-[a-zA-Z]*D\b|--delete\s+--force\b|-d\s+-f\b)|\b(?:checkout|switch)\s+--orphan\b|\bpush\b[^\n]{0,120}(?:--prune\b|--mirror\b|--delete\b|\s\+?:[\w/*-])|\brm\s+-[a-zA-Z]*[rR]|\bfind\b[^\n]{0,200}\s-delete\b|\bRemove-Item\b[^\n]{0,80}-Recurse/ },
  { rule: 'destructive', label: 'disk wiped', scope: 'code', teachable: true, re: /\bmkfs(?:\.\w{1,8})?\s+\/dev\/|\bdd\s+[^\n]{0,80}\bof=\/dev\/(?:sd|nvme|disk|hd|xvd)|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/g },
  { rule: 'destructive', label: 'recursive delete of the user profile', scope: 'code', re: /\bRemove-Item\b[^\n]{0,60}(?:\$HOME|\$env:USERPROFILE|~|C:\\\\?Users\\\\?\w+)\\?\*?["']?\s[^\n]{0,40}-Recurse/gi },
  // -- containers, deserialisation --------------------------------------------------------------
  { rule: 'containerEscape', label: 'host root mounted into a container', scope: 'code', re: /\b(?:docker|podman)\s+run\b[^\n]{0,300}(?:-v|--volume)[=\s]+["']?\/:\/?\w/g },
  { rule: 'containerEscape', label: 'privileged container with the Docker socket', scope: 'code', re: /\/var\/run\/docker\.sock:\/\S{0,60}/g, near: /--privileged\b|\bchroot\b|authorized_keys|nsenter\b/ },
  { rule: 'containerEscape', label: 'nsenter into PID 1', scope: 'code', re: /\bnsenter\s+(?:-\w+\s+){0,4}--target\s+1\b|\bnsenter\s+-t\s*1\b/g },
  { rule: 'unsafeDeserialise', label: 'pickle of downloaded data', scope: 'code', re: /\b(?:pickle|cPickle|dill|joblib|marshal|shelve)\s*\.\s*loads?\s*\(/g, near: /\burlopen\b|\brequests\s*\.\s*get\b|\bhttpx\b|\burllib\b|https?:\/\// },
  // -- "prerequisites" --------------------------------------------------------------------------
  { rule: 'passwordArchive', label: 'password-protected download', scope: 'text', teachable: true,
    re: /\.(?:zip|rar|7z|exe|msi|dmg|pkg|scr)\b/gi,
    // (bare "pass" only with a separator, `pass: infected`: "the scripts pass it as …" is the verb)
    near: /\bpass[*_]{0,2}\s*(?:is\s+|[:=])[*_]{0,2}\s*[`'"*]{0,2}[\w-]{2,}|\b(?:password|pwd|passcode|contraseña|clave|passwort|kennwort|mot de passe|senha|пароль)\b[*_]{0,2}\s*(?:is\s+)?[:=]?[*_]{0,2}\s*[`'"*]{0,2}[\w-]{2,}|\bextract\w*\s+(?:it\s+)?(?:using|with)\s+(?:the\s+)?pass/i, window: 3 },
  // -- the agent's own safety -------------------------------------------------------------------
  { rule: 'safetyOffCommand', label: 'permission checks skipped for a command', scope: 'text', teachable: true,
    re: /--dangerously-skip-permissions\b|--yolo\b|--full-auto\b[^\n]{0,40}--sandbox\s+danger|--sandbox\s+danger-full-access\b/g, unlessNegated: true },
  { rule: 'safetyOff', label: 'permission checks turned off in settings', scope: 'text', teachable: true,
    re: /\bdefaultMode\b[^\n]{0,12}?[:=][^\n]{0,6}?bypassPermissions\b|\bbypassPermissions\b[^\n]{0,60}(?:settings|default|mode\s*=)|\bapproval[_-]policy\b[^\n]{0,10}["']?never\b|["']?sandbox_mode["']?\s*=\s*["']danger-full-access/g },
  { rule: 'safetyOff', label: 'tools auto-approved', scope: 'text', teachable: true, unlessDocumentedParameter: true,
    re: /["']?\b(?:autoApprove|alwaysAllow|auto_approve|always_allow|autoApproveAll)\b["']?\s*[:=]\s*(?:\[\s*["']\*|true\b)|"allow"\s*:\s*\[\s*"(?:Bash|\*)\s*\(\s*\*\s*\)"|\bexecuteSafeCommandsOnly\b["'`]?\s*[:=]\s*false\b|\bautoApprovalSettings\.enabled\b["'`]?\s*[:=]\s*true\b/g },
  { rule: 'safetyOff', label: "edits the agent's own settings", scope: 'code', teachable: true,
    re: /(?:~|\$HOME|expanduser\(\s*["']~)\/?\.(?:claude|cursor|codex|gemini|continue|windsurf)\/(?:settings(?:\.local)?\.json|config\.toml|mcp\.json)/g,
    near: /\b(?:permissions|allow|defaultMode|autoApprove|alwaysAllow|approval)\b/,
    // (moved aside to a backup name and back — `mv settings.json settings.json.bak` — is a backup, not an edit)
    unless: /^\s*(?:sudo\s+)?(?:mv|cp)(?:\s+-\w+)*\s+(?:\S+\s+\S+\.(?:bak|orig|backup|old|save)|\S+\.(?:bak|orig|backup|old|save)\s+\S+)\s*(?:[#;&|].*)?$/ },
  { rule: 'safetyOff', label: 'tells the agent to stop asking', scope: 'text', teachable: true,
    re: /\b(?:disable|turn\s+off|skip|bypass|suppress)\s+(?:all\s+)?(?:the\s+)?(?:confirmation|permission|approval|safety)\s+(?:prompts?|dialogs?|checks?|requests?)\b|\brun\s+(?:them|it|these|all\s+commands?)\s+without\s+(?:asking|confirmation|approval|prompting)\b|\btreat\s+(?:every|all|each|any)\s+(?:tool\s+calls?|commands?|actions?|tool\s+uses?)\s+as\s+(?:pre-?approved|approved|authori[sz]ed)\b/gi },
  // -- the agent's memory and instructions ------------------------------------------------------
  { rule: 'remoteInstructions', label: 'instructions loaded from a URL', scope: 'text', teachable: true,
    re: /\b(?:fetch|download|load|curl|retrieve|pull|read|get)\b[^\n]{0,120}https?:\/\/\S{3,200}/gi,
    near: /\b(?:same\s+authority|take[sn]?\s+precedence|overrides?\s+(?:this|these|the)|(?:follow|obey|execute|run|apply)\s+(?:them|it|those|the\s+(?:fetched|downloaded|remote|new|latest)|any\s+(?:commands?|instructions?|steps?))\b[^\n]{0,60}(?:without\s+asking|automatically|as\s+(?:part|instructions)|because))/i, window: 4 },
  { rule: 'toolPoisoning', label: 'pseudo-system tag with side-channel instructions', scope: 'text', teachable: true,
    re: /<(?:IMPORTANT|SYSTEM|system|important|admin|ADMIN|instructions|INSTRUCTIONS)>/g,
    near: new RegExp(String.raw`(?:~/\.|mcp\.json|\.ssh|id_rsa|\.env\b|credentials|${SEND}|sidenote|pass\s+(?:it|them|its\s+content))`, 'i'), window: 8 },
  // -- exfiltration written as instructions -----------------------------------------------------
  { rule: 'exfilInstruction', label: 'markdown image URL that carries data', scope: 'text', teachable: true,
    // (a placeholder naming a repository coordinate — `?branch=<tag>` on a CI badge — is public, not data)
    re: new RegExp(String.raw`!\[[^\]\n]{0,100}\]\(\s*https?:\/\/[^)\s]{1,300}[?&][^)\s=]{1,40}=[^)\s]{0,200}(?:<(?!${PUBLIC_COORDINATE}>)[^>\n]{2,120}>|\{(?!${PUBLIC_COORDINATE}\})[^}\n]{2,120}\}|\$\{?(?!${PUBLIC_COORDINATE}\b)[A-Za-z_]\w{0,40})`, 'g') },
  { rule: 'exfilInstruction', label: 'URL with secrets filled in by the agent', scope: 'text', teachable: true, unlessDocumentedEndpoint: true,
    re: new RegExp(String.raw`https?:\/\/[^\s)]{1,200}[?&][^)\n]{0,200}?[\w-]{1,40}=(?:<|\{)[^>}\n]{0,120}${SENSITIVE_NOUN}[^>}\n]{0,120}(?:>|\})`, 'gi') },
  // -- DNS, keychain, clipboard, repository ------------------------------------------------------
  // (a zone under the reserved `.invalid` never resolves — RFC 6761 — so no name under it reaches anyone's server)
  { rule: 'dnsExfil', label: 'computed subdomain in a DNS lookup', scope: 'code',
    re: /\b(?:dig|nslookup|host|drill|Resolve-DnsName)\b[^\n]{0,120}\$(?:\{?\w{1,30}\}?|\([^)\n]{1,120}\))\.(?:[\w$-]{1,63}\.){0,4}[a-z][\w-]{1,62}\.(?!invalid\b)[a-z]{2,24}\b(?![\w-]|\.\w)/g },
  // dump-keychain prints item attributes (names, services); only -d (decrypted) or -r (raw) adds the secrets
  { rule: 'keychainTheft', label: 'keychain dump', scope: 'code', re: /\bsecurity\s+(?:dump-keychain\b(?=[^\n|;&>]{0,120}\s-[a-z]*[dr])|unlock-keychain\s+-p\b)/g },
  { rule: 'keychainTheft', label: 'fake password dialog', scope: 'code', re: /display\s+dialog\b[^\n]{0,300}\bhidden\s+answer\b|\bGet-Credential\b[^\n]{0,100}-Message\b/gi },
  // a hijacker reads, changes and writes back (a loop or a replacement between them); a read and a write shown side by
  // side (a clipboard API reference) change nothing
  { rule: 'clipboardHijack', label: 'clipboard rewritten', scope: 'code', re: new RegExp(CLIP_READ, 'g'), near: new RegExp(String.raw`^(?=[\s\S]*${CLIP_WRITE})(?=[\s\S]*${CLIP_CHANGE})|${WALLET}`) },
  // (mirror pushes to a remote the skill names are read by the effect model, remotes in variables and Makefiles included)
];

/**
 * Headings under which code is an example of what not to do, not an instruction: English, and the same
 * headings in the other languages skills are written in ("Niemals", "À éviter", "Nunca", "禁止", "금지").
 */
const TEACHING_WORDS = [
  "bad|vulnerable|insecure|unsafe|malicious|attack(?:s|er)?|anti-?patterns?|red\\s+flags?|don['\u2019]?ts?|avoid|never|detect(?:ion|ing|s)?|indicators?|examples?\\s+of\\s+(?:bad|malicious|insecure)|what\\s+not\\s+to|threats?|risks?|findings?|rules?\\s+for\\s+detecting|false\\s+positives?",
  'niemals|nie|vermeiden|verboten|nicht\\s+tun|schlechte?|unsicher',
  'nunca|evitar|evita|prohibido|no\\s+hacer|malas\\s+prácticas|inseguro',
  'jamais|à\\s+éviter|éviter|interdit|ne\\s+pas\\s+faire|mauvaises\\s+pratiques',
  'proibido|não\\s+fazer|más\\s+práticas|mai\\s+fare|evitare|vietato|da\\s+non\\s+fare',
  'никогда|избегать|запрещено|нельзя|антипаттерны?',
].join('|');
export const TEACHING_HEADING = new RegExp(`(?<![\\p{L}\\p{N}])(?:${TEACHING_WORDS})(?![\\p{L}\\p{N}])|禁止|避免|不要|切勿|反模式|やってはいけない|しないこと|アンチパターン|避ける|금지|피해야|하지\\s*말|안티\\s*패턴`, 'iu');

// ---------------------------------------------------------------------------------------------
// The matcher


const headingCache = new WeakMap<SourceText, string[]>();

/** The nearest heading above each line ('' before the first), fenced blocks skipped. */
export function headingOfLines(src: SourceText): string[] {
  const cached = headingCache.get(src);
  if (cached) return cached;
  const out: string[] = new Array(src.lines.length);
  let current = '';
  for (let i = 0; i < src.lines.length; i++) {
    if (src.kinds[i] === 'prose') {
      const h = /^\s{0,3}#{1,6}\s+(.{1,200})$/.exec(src.lines[i]!);
      if (h) current = h[1]!;
    }
    out[i] = current;
  }
  headingCache.set(src, out);
  return out;
}

/**
 * Is this line presented as an example of what not to do: under such a heading, or in a list,
 * table, quote or data fence that the document's structure presents as things to detect or as an
 * example (prose/structure.ts, the same decision the prose reader makes)?
 */
export function inTeachingContext(src: SourceText, line: number): boolean {
  return TEACHING_HEADING.test(headingOfLines(src)[line - 1] ?? '') || structuralLineModes(src).has(line);
}

/**
 * What the line at `offset` writes: the line itself (`echo '…' >> ~/.zshrc`, `… | tee -a ~/.zshrc`) and
 * its heredoc when it has one. An rc file is judged by what goes into it, not by the installer beside it.
 */
function writtenText(src: SourceText, offset: number): string {
  const line = src.lineOf(offset);
  const text = src.lines[line - 1] ?? '';
  // The variables the line expands write their values: `printf '%s\n' "$HOOK" >> ~/.bashrc` writes HOOK.
  const parts = [text];
  for (const v of new Set([...matchAll(text, /\$\{?([A-Za-z_]\w{0,40})\}?/g)].map((m) => m[1]!))) {
    for (let l = line - 1; l >= Math.max(1, line - 200); l--) {
      const a = new RegExp(`^\\s*(?:export\\s+|local\\s+|readonly\\s+)?${v}=(.*)$`).exec(src.lines[l - 1] ?? '');
      if (a) {
        parts.push(a[1]!);
        break;
      }
    }
  }
  const here = /<<-?\s*["']?(\w+)["']?/.exec(text);
  if (!here) return parts.join('\n');
  for (let l = line + 1; l <= Math.min(src.lines.length, line + 400); l++) {
    const t = src.lines[l - 1] ?? '';
    if (t.trim() === here[1]) break;
    parts.push(t);
  }
  return parts.join('\n');
}

/** The lines around a match, cut to a bounded number of characters around it (a long line must not be copied per match). */
function windowText(src: SourceText, line: number, window: number, offset?: number): string {
  const lo = Math.max(1, line - window);
  const hi = Math.min(src.lines.length, line + window);
  const from = src.lineStart(lo);
  const to = src.lineStart(hi) + (src.lines[hi - 1]?.length ?? 0);
  const at = offset ?? src.lineStart(line);
  return src.content.slice(Math.max(from, at - 2000), Math.min(to, at + 2000));
}

function ruleMessage(r: BehaviourRule, match: string): string {
  const shown = match.replace(/\s+/g, ' ').trim().slice(0, 80);
  return `${r.label[0]!.toUpperCase()}${r.label.slice(1)}: "${shown}".`;
}

/** The sentence up to `offset` negates what stands there (prose and inline code: a block's lines are commands). */
function negatedInSentence(content: string, offset: number): boolean {
  const before = content.slice(Math.max(0, offset - 160), offset);
  const start = Math.max(before.search(/[.!?:]\s(?=[^.!?:]*$)/) + 1, before.lastIndexOf('\n\n') + 1, before.search(/\n\s*[-*\d][.)]?\s(?=[^\n]*$)/) + 1);
  const sentence = before.slice(start).replace(/\s+/g, ' ');
  return negatedAt(sentence, sentence.length);
}

/** A Markdown table row describing an option in its first cell. */
const FLAG_ROW = /^\s*\|\s*(?:`\s*-{1,2}[\w-]{1,40}[^`|]{0,40}`|-{1,2}[\w-]{1,40})\s*(?:(?:,|\/|\bor\b)\s*`?-{1,2}[\w-]{1,40}`?\s*)?\|/;

/** The key of a `key: value` match is listed in the document as a tool's parameter (`- \`key\` (boolean, optional): …`). */
/** The URL is an endpoint documented with its method ("`GET https://…?key=<API_KEY>`") and every hole is the token by a generic name. */
function documentedEndpoint(src: SourceText, offset: number, match: string): boolean {
  if (!DOCUMENTED_ENDPOINT.test(src.content.slice(Math.max(0, offset - 24), offset))) return false;
  const holes = [...matchAll(match, /[?&#][\w.-]{1,40}=(?:<[^>\n]{1,200}>|\{[^}\n]{1,200}\})/g)].map((h) => h[0]);
  return holes.length > 0 && holes.every((h) => GENERIC_TOKEN_HOLE.test(h));
}

const documentedMemo = new WeakMap<SourceText, Map<string, boolean>>();
function documentedParameter(src: SourceText, match: string): boolean {
  const key = /[A-Za-z_][\w-]*/.exec(match)?.[0];
  if (!key) return false;
  let memo = documentedMemo.get(src);
  if (!memo) documentedMemo.set(src, (memo = new Map()));
  let known = memo.get(key);
  if (known === undefined) memo.set(key, (known = listsParameter(src.content, key)));
  return known;
}
function listsParameter(content: string, key: string): boolean {
  const esc = key.replace(/[-]/g, '\\-');
  return new RegExp(`^\\s*(?:[-*+]|\\d+\\.)\\s+\`${esc}\`\\s*(?:\\((?:bool(?:ean)?|string|number|integer|int|array|object)\\b|[:—–-]\\s*(?:bool(?:ean)?|optional|required)\\b)|^\\s*\\|\\s*\`${esc}\`\\s*\\|\\s*(?:bool(?:ean)?|string|number|integer)\\b`, 'm').test(content);
}

export function checkBehaviour(ctx: ScanContext, rules: readonly BehaviourRule[] = BEHAVIOUR_RULES): void {
  const { src, out } = ctx;
  // the last `near` answer: the matches of a repeated line have equal windows around them, and comparing two
  // windows is cheaper than scanning one (only for a pattern without state: not global, not sticky)
  let last: { re: RegExp; text: string; ok: boolean } | null = null;
  const nearOk = (re: RegExp, text: string): boolean => {
    if (re.global || re.sticky) return re.test(text);
    if (last !== null && last.re === re && last.text === text) return last.ok;
    const ok = re.test(text);
    last = { re, text, ok };
    return ok;
  };
  const accept = (r: BehaviourRule, offset: number, match: string, nearText: string) => {
    // the tests below are costly (the document's structure): skip them when the add would change nothing
    if (out.redundant?.(r.rule, offset)) return;
    const line = src.lineOf(offset);
    if (r.unless && r.unless.test(src.lines[line - 1] ?? '')) return;
    if (r.near && !nearOk(r.near, nearText)) return;
    if (r.teachable && inTeachingContext(src, line)) return;
    if (r.unlessNegated && src.kindAt(offset) !== 'code' && negatedInSentence(src.content, offset)) return;
    // a table row whose first cell is a flag or a code span describes that option (`| --yes | Skip confirmation prompt |`)
    if (r.scope === 'text' && r.teachable && FLAG_ROW.test(src.lines[line - 1] ?? '')) return;
    if (r.unlessDocumentedParameter && documentedParameter(src, match)) return;
    if (r.unlessDocumentedEndpoint && documentedEndpoint(src, offset, match)) return;
    // a data-tagged fence the document presents as things to detect or as an example is not code to run
    if (r.scope === 'code' && dataFenceMode(src, offset)) return;
    // an inline command in a row of a samples table is a sample (an indicator to search for), not a step, for every
    // code rule: the same row with an address outside its samples' column is not a samples row (prose/structure.ts)
    if (r.scope === 'code' && src.kindAt(offset) !== 'code' && sampleTableLines(src).has(line)) return;
    out.add(r.rule, offset, ruleMessage(r, match));
  };
  // which code rules can match each segment at all (one combined scan per segment, not one per rule)
  const segs = src.codeSegments();
  const codeRules = rules.filter((r) => r.scope === 'code');
  // (the lists themselves: a Set per segment cost more than looking through a short list)
  const possible = codeRules.length ? segs.map((seg) => candidatePatterns(codeRules, seg.text)) : [];
  for (const r of rules) {
    if (r.scope === 'code') {
      for (let i = 0; i < segs.length; i++) {
        const seg = segs[i]!;
        if (!possible[i]!.includes(r)) continue;
        for (const m of matchesOf(r.re, seg.text)) {
          const off = seg.offset + m.index;
          const nearText = r.nearWritten ? writtenText(src, off) : seg.kind === 'block' ? (seg.text.length > 8000 ? src.content.slice(Math.max(seg.offset, off - 4000), Math.min(seg.offset + seg.text.length, off + 4000)) : seg.text) : windowText(src, src.lineOf(off), 2, off);
          accept(r, off, m[0], nearText);
        }
      }
    } else {
      for (const m of matchesOf(r.re, src.content)) {
        const kind = src.kindAt(m.index);
        if (r.scope === 'prose' && (kind === 'code' || kind === 'fence')) continue;
        accept(r, m.index, m[0], windowText(src, src.lineOf(m.index), r.window ?? 3, m.index));
      }
    }
  }
}
