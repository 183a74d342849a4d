/**
 * Shell code → actions. The code is parsed with tree-sitter-bash; every simple command becomes its
 * name and arguments (quotes undone, variables and command substitutions kept as data names), and
 * the catalogue (catalogue/commands.ts, catalogue/locations.ts) says what it does. Pipes, command
 * substitutions, variables, redirections and files are data names, so the flow analysis
 * (flow.ts) follows a secret or a download through them to where it ends up.
 */
import type { BudgetArg } from '../../threads/budget-clock.js';
import { withCode, type CodeTreeNode as SyntaxNode } from '../../parsers/tree-sitter.js';
import { hostOf } from '../hosts.js';
import { asHostPaths, commandElsewhere, mountedFolders, urlRun } from './shell/elsewhere.js';
import { addEvaluatedDownloads } from './literal-evals.js';
import { CONTENT_COMMANDS, INTERPRETERS, REMOTE_SCHEMES, WRAPPERS, type HttpClient } from './catalogue/commands.js';
import { isCredentialUrl, isDestructiveTarget, isSecretEnv, normalisePath, persistAt, secretAt, traceLogAt } from './catalogue/locations.js';
import { isPublicSampleCredential } from './catalogue/samples.js';
import { SECRET_VENDORS } from '../reputation.js';
import { literalCommands } from './literals.js';
import { grantActions } from './mail.js';
import type { NewAction } from './sink.js';
import { BASE_URL_VAR, HOME_LIKE, INSECURE_FLAG, REMOTE_SPEC, SITE_DIR_QUERY, TIME_CONDITION, URLISH } from './shell/patterns.js';
import { DISGUISED, MAX_TEXT, type ReadContext, type Redirect, type Word, basename, pathAndSecret, printfText, wordOf, wordTextOf } from './shell/words.js';
import { JQ_LIKE, dispatchCommand } from './shell/dispatch.js';
import { readHttpClient } from './shell/http.js';
import { dockerfileCopies, readConfigSet, readDocker, readKubeConfig, readKubectl, readRemoteSecret } from './shell/cloud.js';
import { readGh, readGit } from './shell/git.js';
import { readInstall, readMcpAdd } from './shell/packages.js';
import { readCopy } from './shell/archives.js';
import { matchAll } from '../match-all.js';

// (module constants rather than literals in the functions that test them: a regex literal makes a new object each
// time it runs, and these run for every command read; docs/analysis-limits.md, "Twenty-fourth round")
/** A variable inside a command name (`cu${x}rl`). */
const VARIABLE_INSIDE_NAME = /[A-Za-z]\$\{?\w+\}?[A-Za-z]/;
/** A variable next to a letter of a command name. */
const VARIABLE_IN_NAME = /[A-Za-z]\$\{?\w+\}?|\$\{?\w+\}?[A-Za-z]/;
/** Python's command names. */
const PYTHON_NAME = /^(?:python[\d.]*|py)$/;
/** Commands whose first operand is a script they run. */
const SCRIPT_RUNNER = /^(?:(?:ba|z|da|k)?sh|source|\.|python[\d.]*|node|ruby|perl)$/;
/** Commands that do nothing. */
const NO_OP = /^(?::|true)$/;
/** Windows' event log tool. */
const WEVTUTIL = /^wevtutil(?:\.exe)?$/i;
/** PowerShell's event log removers. */
const EVENT_LOG_REMOVERS = /^(?:Clear-EventLog|Remove-EventLog)$/i;
/** A Python script by its name. */
const PYTHON_SCRIPT = /\.py$|^python/;
/** A Python interpreter's name. */
const PYTHON_PREFIX = /^python/;
/** A JavaScript file by its name. */
const JS_SCRIPT = /\.(?:m?js|cjs)$/;
export type { Word, ReadContext } from './shell/words.js';
export { publicBucketStatements } from './shell/cloud.js';

/** A sed address naming a credential (a secret's variable name or a token's shape): the line removed is a leaked secret. */
const CREDENTIAL_LINE = /SECRET|TOKEN|PASSW(?:OR)?D|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AKIA|gh[pousr]_|xox[abp]-|sk-/i;

export class ShellReader {
  readonly texts = new Map<string, string>();
  readonly remotes = new Map<string, string>();
  /** Branches this document created without history (`git checkout --orphan X`). */
  readonly orphans = new Set<string>();
  /** Programs a download saved into a directory on the PATH (`curl -o /usr/local/bin/x`), by name: `x` later runs that download. */
  readonly downloadedPrograms = new Map<string, string>();
  /** Whether the document opens a public tunnel (asked once, by the first served folder). */
  publicTunnel: boolean | undefined;
  /** rclone remotes this document creates, by name: the server each points at. */
  readonly rcloneRemotes = new Map<string, string>();
  /** Paths this document copied a shell or interpreter to (`cp /bin/bash /x/.helper`). */
  readonly shellCopies = new Set<string>();
  get builtImages(): Set<string> {
    return this.ctx.list.builtImages;
  }
  private readonly seenEnv = new Set<string>();
  private readonly varPaths = new Map<string, string>();
  /** Variables holding a whitespace-separated list of paths (`items="$HOME/.ssh $HOME/.aws"`): a loop over them unquoted reads each. */
  private readonly pathLists = new Map<string, string>();
  /** Loop variables over plain words (`for h in pre-commit post-merge`): a path built with one names each file in turn. */
  private readonly loopWords = new Map<string, string[]>();
  readonly assigned = new Set<string>();
  /** The words a loop variable runs over (`for e in a b c`), or undefined. */
  loopWordsOf(name: string): readonly string[] | undefined {
    return this.loopWords.get(name);
  }
  private readonly builtVars = new Set<string>();
  /** Outputs of a find over the user's folders, and the folder glob they stand for. */
  readonly findRoots = new Map<string, string>();

  constructor(readonly ctx: ReadContext) {}

  /**
   * Parses `code` (at `base` in the document) and adds its actions; `stdin` is the data name its commands read as input
   * (a remote command fed by a local pipe). Returns false when the parse budget ran out.
   */
  read(code: string, base: number, budgetMs?: BudgetArg, stdin: string | null = null): boolean {
    const outer = this.program;
    this.program = { code, base };
    const done = withCode('bash', code, (root) => {
      this.statements(root, base, stdin, false);
      return true;
    }, budgetMs);
    this.program = outer;
    // commands the grammar swallowed into a redirect's destination (see `spill`), read after the tree is released
    const spilled = this.spilled.splice(0);
    for (const [text, at] of spilled) this.read(text, at, budgetMs);
    return done === true;
  }

  /**
   * Reads programs parsed apart (`roots`, each at its `base`) as `read` reads their concatenation: one statement list
   * whose first statement starts the program. The caller makes sure the parts parse alone as they would joined.
   */
  readParts(parts: readonly { root: SyntaxNode; base: number }[], budgetMs?: BudgetArg): void {
    const outs: string[] = [];
    for (const { root, base } of parts) {
      for (let i = 0; i < root.namedChildCount; i++) {
        const c = root.namedChild(i)!;
        if (c.type === 'comment') continue;
        const o = this.statement(c, base, null, false);
        if (o) outs.push(o);
      }
    }
    // (the group `statements` makes of a program's outputs, with the joined program's start)
    if (outs.length > 1) {
      const out = this.ctx.list.fresh('group');
      const first = parts.find((p) => p.root.namedChildCount > 0)!;
      this.flow(outs, [out], first.base + first.root.startIndex);
      this.remember(out, this.textOf(outs.slice(-1)));
    }
    const spilled = this.spilled.splice(0);
    for (const [text, at] of spilled) this.read(text, at, budgetMs);
  }

  /** The program being read and its place in the document (a Makefile's recipes are read as translated shell). */
  program: { code: string; base: number } | null = null;

  /** The line of the program being read at `offset`, as written there (what a substitution or a pipe feeds a command). */
  lineAt(offset: number): string {
    const p = this.program && offset >= this.program.base && offset <= this.program.base + this.program.code.length ? this.program : { code: this.ctx.list.src.content, base: 0 };
    const at = offset - p.base;
    const end = p.code.indexOf('\n', at);
    return p.code.slice(p.code.lastIndexOf('\n', at - 1) + 1, end < 0 ? p.code.length : end);
  }

  /** Code to read again: text after a newline that tree-sitter-bash parsed as more redirect destinations. */
  private readonly spilled: [string, number][] = [];

  add(a: NewAction, offset: number): void {
    if (this.cwd) a = { ...a, consumes: a.consumes?.map((n) => this.inCwd(n)), produces: a.produces?.map((n) => this.inCwd(n)) };
    this.ctx.list.add(a, offset, this.ctx.origin, this.ctx.mode);
  }

  /** Scripts being read at the place they run (a script that runs itself is read once). */
  private readonly running = new Set<string>();
  /** After `stty -echo`, what is typed is not shown: a password prompt. */
  echoOff = false;
  /** Outputs of commands that print nothing (`:`, `true`, `cat /dev/null`): redirected onto a file, they empty it. */
  private readonly emptyOutput = new Set<string>();
  /** Scripts already read where they run (path and content). */
  private readonly scriptsRead = new Set<string>();

  /** The folder `cd` moved to (a path this document names), or null while it is the starting folder. */
  cwd: string | null = null;

  /** A relative path name read against the folder `cd` moved to: after `cd /opt/x`, `path:bin` is `path:/opt/x/bin`. */
  private inCwd(name: string): string {
    if (!this.cwd || !name.startsWith('path:')) return name;
    const p = name.slice(5);
    if (/^[~/$%]|^[A-Za-z]:/.test(p)) return name;
    return `path:${p === '.' ? this.cwd : normalisePath(`${this.cwd}/${p}`)}`;
  }

  /** The body is `wordOf` in `shell/words.ts` (moved out of the class). */
  private word(node: SyntaxNode, base: number, tt: boolean): Word {
    return wordOf.call(this, node, base, tt);
  }

  /** The body is `wordTextOf` in `shell/words.ts` (moved out of the class). */
  wordText(node: SyntaxNode, base: number, names: string[], tt: boolean): string {
    return wordTextOf.call(this, node, base, names, tt);
  }

  /** A secret-named environment variable read for the first time is a source. */
  envRead(name: string, offset: number): void {
    if (this.seenEnv.has(name) || !isSecretEnv(name)) return;
    this.seenEnv.add(name);
    this.add({ kind: 'read', entry: 'read.secret.env-var', object: name, via: 'environment', produces: [`$${name}`] }, offset);
  }

  // -- statements ----------------------------------------------------------------------------

  /** Reads a statement list; returns the data name of the last statement's output. */
  statements(node: SyntaxNode, base: number, stdin: string | null, tt: boolean): string | null {
    // `$(curl … -o f; echo f)`: the substitution's output is every statement's output
    const outs: string[] = [];
    for (let i = 0; i < node.namedChildCount; i++) {
      const c = node.namedChild(i)!;
      if (c.type === 'comment') continue;
      const o = this.statement(c, base, stdin, tt);
      if (o) outs.push(o);
    }
    if (outs.length <= 1) return outs[0] ?? null;
    const out = this.ctx.list.fresh('group');
    this.flow(outs, [out], base + node.startIndex);
    this.remember(out, this.textOf(outs.slice(-1)));
    return out;
  }

  private statement(node: SyntaxNode, base: number, stdin: string | null, tt: boolean, redirects: Redirect[] = []): string | null {
    switch (node.type) {
      case 'command':
        return this.command(node, base, stdin, tt, redirects);
      case 'pipeline': {
        let prev = stdin;
        const n = node.namedChildCount;
        for (let i = 0; i < n; i++) {
          const c = node.namedChild(i)!;
          prev = this.statement(c, base, prev, tt, i === n - 1 ? redirects : []);
        }
        return prev;
      }
      case 'redirected_statement': {
        const body = node.childForFieldName('body') ?? node.namedChild(0);
        const reds: Redirect[] = [];
        for (let i = 0; i < node.namedChildCount; i++) {
          const c = node.namedChild(i)!;
          if (c === body || (body && c.startIndex === body.startIndex && c.type === body.type)) continue;
          if (c.type === 'file_redirect') {
            const op = /^\s*(\d?[<>&|]+)/.exec(c.text)?.[1] ?? '>';
            const dest = c.childForFieldName('destination') ?? c.namedChild(c.namedChildCount - 1);
            reds.push({ op, target: dest ? this.word(dest, base, tt) : undefined });
            // `cmd > f⏎ next line …` inside a pipeline can come back as one redirect with the next line's
            // words as further destinations; those words are the next command
            if (dest && c.namedChildCount > 1 && this.spilled.length < 50) {
              const rest = c.text.slice(dest.endIndex - c.startIndex);
              const nl = rest.indexOf('\n');
              if (nl >= 0 && rest.slice(nl).trim()) this.spilled.push([rest.slice(nl + 1), base + dest.endIndex + nl + 1]);
            }
          } else if (c.type === 'heredoc_redirect') {
            const bodyNode = c.descendantsOfType('heredoc_body')[0];
            const names: string[] = [];
            if (bodyNode) for (const e of bodyNode.descendantsOfType(['simple_expansion', 'expansion', 'command_substitution'])) if (e) this.wordText(e, base, names, tt);
            reds.push({ op: '<<', heredoc: bodyNode?.text ?? '', heredocOffset: base + (bodyNode?.startIndex ?? c.startIndex) });
            // a heredoc followed by `| cmd` or `> file` on the same line is parsed inside the redirect
            for (let j = 0; j < c.namedChildCount; j++) {
              const k = c.namedChild(j)!;
              if (k.type === 'file_redirect') {
                const dest = k.childForFieldName('destination') ?? k.namedChild(k.namedChildCount - 1);
                reds.push({ op: /^\s*(\d?[<>&|]+)/.exec(k.text)?.[1] ?? '>', target: dest ? this.word(dest, base, tt) : undefined });
              }
            }
            if (names.length) reds[reds.length - 1]!.target = { text: '', names, offset: base + c.startIndex };
          } else if (c.type === 'herestring_redirect') {
            const w = c.namedChild(0);
            if (w) reds.push({ op: '<<<', target: this.word(w, base, tt) });
          }
        }
        if (!body) return null;
        return this.statement(body, base, stdin, tt, reds);
      }
      case 'variable_assignment': {
        const name = node.childForFieldName('name')?.text ?? node.namedChild(0)?.text ?? '';
        const value = node.childForFieldName('value') ?? node.namedChild(1);
        if (!name || !value) return null;
        // a name assembled from fragments (`c=${b}$a`), not a path built from a directory
        if ((value.type === 'concatenation' || value.type === 'command_substitution' || (value.type === 'string' && value.namedChildCount > 1)) && !value.text.includes('/') && value.text.length < 60) this.builtVars.add(name);
        const w = this.word(value, base, tt);
        this.assigned.add(name); // after the value: `X="${X:-$HOME}"` reads the X from outside
        // a path in a variable is a name for the file, not its content: `$VAR` resolves to it where a file is read
        if (w.names.length === 0 && /^[~/.$]|^[A-Za-z]:[\\/]/.test(w.text)) this.varPaths.set(`$${name}`, w.text);
        // `OUT=/tmp/support-$ID`: an absolute path with a variable part is still that folder's name
        else if (/^(?:~|\/)[\w.~/${}-]*$/.test(w.text) && w.names.every((x) => x.startsWith('$'))) this.varPaths.set(`$${name}`, w.text);
        // `$HOME/.$(basename "$SHELL")rc`, `${XDG_CONFIG_HOME}/x`: a path under a home-like variable with computed parts
        // (a computed part `$(…)` may be any value: persistAt tries the likely ones) still names that place
        else if (HOME_LIKE.test(w.text) && /^[^\s'"]*$/.test(w.text)) this.varPaths.set(`$${name}`, w.text);
        // `items="$HOME/.ssh $HOME/.aws"`: a list of paths, split where the loop runs over it unquoted (for_statement)
        else if (/^\$\{?\w+\}?$/.test(w.text) && this.pathLists.has(`$${w.text.replace(/^\$\{?|\}$/g, '')}`)) this.pathLists.set(`$${name}`, this.pathLists.get(`$${w.text.replace(/^\$\{?|\}$/g, '')}`)!);
        else if (/\s/.test(w.text) && w.text.length < 4000 && w.names.every((x) => x.startsWith('$')) && w.text.trim().split(/\s+/).every((p) => /^(?:~|\/|\$\{?\w+\}?\/)[^\s'"]*$/.test(p))) this.pathLists.set(`$${name}`, w.text.trim());
        // the interpreter's own site folder (`python3 -m site --user-site`): .pth files there run on every start
        if (SITE_DIR_QUERY.test(value.text)) this.varPaths.set(`$${name}`, '~/.local/lib/python3/site-packages');
        this.flow(w.names, [`$${name}`], base + node.startIndex);
        if (w.text && w.names.length === 0) this.remember(`$${name}`, w.text);
        // a connection string with its own password is a secret by its content (catalogue/locations.ts, CREDENTIAL_URL)
        if (w.names.length === 0 && isCredentialUrl(w.text) && !this.seenEnv.has(name)) {
          this.seenEnv.add(name);
          this.add({ kind: 'read', entry: 'read.secret.env-var', object: `${name} (a connection string with its password)`, via: 'a connection string', produces: [`$${name}`] }, base + node.startIndex);
        }
        if (URLISH.test(w.text) || REMOTE_SPEC.test(w.text) || REMOTE_SCHEMES.test(w.text)) this.remotes.set(`$${name}`, w.text);
        this.baseUrl(name, w.text, base + node.startIndex);
        this.indexAuth(name, w.names, base + node.startIndex);
        if (/^(?:https?_proxy|all_proxy)$/i.test(name) && URLISH.test(w.text)) this.proxy(w.text, name, base + node.startIndex);
        return null;
      }
      case 'declaration_command':
      case 'variable_assignments':
        for (let i = 0; i < node.namedChildCount; i++) this.statement(node.namedChild(i)!, base, null, tt);
        return null;
      case 'if_statement':
      case 'while_statement': {
        const cond = node.childForFieldName('condition');
        const timed = tt || (cond ? TIME_CONDITION.test(cond.text) : false);
        const readVar = node.type === 'while_statement' && stdin && cond ? /\bread\b[^;\n]*?\s(\w+)\s*;?\s*$/.exec(cond.text)?.[1] : undefined;
        if (readVar && this.findRoots.has(stdin!)) this.varPaths.set(`$${readVar}`, this.findRoots.get(stdin!)!);
        // `while read -r line; do … done < file` (or fed by a pipe): each line of the input is in the loop variable
        const readVars = node.type === 'while_statement' && cond ? /\bread\b((?:\s+-[a-zA-Z]+(?:\s+['"]?[^\s'"]*['"]?)?)*)((?:\s+[A-Za-z_]\w*)+)\s*;?\s*$/.exec(cond.text)?.[2]?.trim().split(/\s+/) : undefined;
        if (readVars) {
          const fed = [...(stdin ? [stdin] : [])];
          for (const r of redirects) if (r.op === '<' && r.target) fed.push(...this.pathNames([r.target.text], r.target.offset), ...r.target.names, ...this.listedPaths(r.target.text, r.target.offset));
          this.flow(fed, readVars.map((v) => `$${v}`), base + node.startIndex);
        }
        let out: string | null = null;
        for (let i = 0; i < node.namedChildCount; i++) out = this.statement(node.namedChild(i)!, base, null, timed) ?? out;
        return out;
      }
      case 'for_statement': {
        // `for k in ~/.ssh/id_*`: the loop variable names each value in turn
        const v = node.childForFieldName('variable');
        const values: Word[] = [];
        // `items="$HOME/.ssh $HOME/.aws"; for i in $items`: an unquoted variable holding a list of paths is split into
        // its words, each a value of the loop variable (as the shell splits it)
        const listed: string[] = [];
        for (let i = 0; i < node.namedChildCount; i++) {
          const c = node.namedChild(i)!;
          if (c === v || c.type === 'do_group' || c.type === 'comment' || (v && c.startIndex === v.startIndex)) continue;
          const held = c.type === 'simple_expansion' || c.type === 'expansion' ? this.pathLists.get(`$${c.text.replace(/^\$\{?|\}$/g, '')}`) : undefined;
          if (held && /\s/.test(held) && held.length < 4000) {
            listed.push(...held.split(/\s+/).filter(Boolean).slice(0, 64));
            continue;
          }
          values.push(this.word(c, base, tt));
        }
        if (v) {
          const texts = [...values.map((w) => w.text), ...listed];
          this.flow([...values.flatMap((w) => w.names), ...this.pathNames(texts, base + node.startIndex)], [`$${v.text}`], base + node.startIndex);
          if (texts.length === 1 && /^[~/.$]/.test(texts[0]!)) this.varPaths.set(`$${v.text}`, texts[0]!);
          // `for rc in ~/.bashrc ~/.zshrc`: a write through the loop variable reaches each; the run-later one stands for them
          else if (texts.length > 1 && texts.every((t) => /^[~/.$]/.test(t))) this.varPaths.set(`$${v.text}`, texts.find((t) => persistAt(t)) ?? texts[0]!);
          else if (texts.length > 0 && texts.length <= 32 && texts.every((t) => /^[\w.-]+$/.test(t))) this.loopWords.set(v.text, texts);
        }
        const body = node.childForFieldName('body');
        return body ? this.statement(body, base, null, tt) : null;
      }
      case 'list':
      case 'subshell':
      case 'compound_statement':
      case 'do_group':
      case 'else_clause':
      case 'elif_clause':
      case 'c_style_for_statement':
      case 'case_statement':
      case 'case_item':
      case 'function_definition':
      case 'negated_command':
      case 'program': {
        // a group's output is every statement's output: `(cat a; cat b) | nc host` sends both
        const outs: string[] = [];
        // tree-sitter-bash hangs a heredoc of `a && cat > f <<EOF` on the whole list: it is the last command's input
        const inputs = node.type === 'list' ? redirects.filter((r) => r.op.startsWith('<')) : [];
        if (inputs.length) redirects = redirects.filter((r) => !r.op.startsWith('<'));
        for (let i = 0; i < node.namedChildCount; i++) {
          const c = node.namedChild(i)!;
          if (c.type === 'comment' || c.type === 'word' || c.type === 'variable_name') continue;
          // tree-sitter-bash reads `a | b | c || d` as `a | (b | c || d)`: the pipe feeds the list's first statement
          const feed = node.type === 'subshell' || node.type === 'compound_statement' || (node.type === 'list' && outs.length === 0 && i === 0);
          const o = this.statement(c, base, feed ? stdin : null, tt, inputs.length && i === node.namedChildCount - 1 ? inputs : []);
          if (o) outs.push(o);
        }
        let out: string | null = outs.length ? outs[outs.length - 1]! : null;
        if (outs.length > 1) {
          out = this.ctx.list.fresh('group');
          this.flow(outs, [out], base + node.startIndex);
          this.remember(out, this.textOf(outs));
        }
        if (redirects.length && out) this.redirectOutput(out, redirects, base + node.startIndex);
        // a shell function prints what its body prints: a later call of it (`$(build_ref)`) carries that output
        if (node.type === 'function_definition' && out) {
          const fname = node.childForFieldName('name')?.text;
          if (fname) this.flow([out], [`fn:${fname}`], base + node.startIndex);
        }
        return out;
      }
      case 'test_command':
      case 'unset_command':
        for (const e of node.descendantsOfType(['command_substitution'])) if (e) this.wordText(e, base, [], tt);
        return null;
      default:
        return null;
    }
  }

  // -- flow helpers --------------------------------------------------------------------------

  /** A pure data edge: `from` flows into `to` (no effect of its own). */
  flow(from: string[], to: string[], offset: number): void {
    if (from.length === 0 || to.length === 0) return;
    if (this.cwd) {
      from = from.map((n) => this.inCwd(n));
      to = to.map((n) => this.inCwd(n));
    }
    this.ctx.list.edge(from, to, offset);
  }

  remember(name: string, text: string): void {
    if (text) this.texts.set(name, text.slice(0, MAX_TEXT));
  }

  textOf(names: readonly string[]): string {
    return [...new Set(names.map((n) => this.texts.get(n) ?? '').filter(Boolean))].join('\n');
  }

  /**
   * The paths listed, one per line, in a file this document wrote (`cat > list <<EOF` then `while read p … < list`
   * or `--files-from list`): each is read in turn, so each secret among them is a read.
   */
  private listedPaths(file: string, offset: number): string[] {
    const listed = this.ctx.list.files.get(this.resolve(this.textOrName(file)));
    if (!listed) return [];
    return this.pathNames(listed.split('\n').map((l) => l.trim()).filter((l) => /^(?:~|\$HOME|\$\{HOME\}|\/)/.test(l)).slice(0, 64), offset);
  }

  /** Secret paths among arguments become read actions; returns the data names they produce (plus the paths). */
  pathNames(args: readonly string[], offset: number): string[] {
    const out: string[] = [];
    for (const raw0 of args) {
      // after `cd ~/.aws`, `.` and `credentials` are inside ~/.aws
      let raw = this.cwd && raw0 && !/^[~/$%@-]|^[A-Za-z]:|:\/\//.test(raw0) ? (raw0 === '.' || raw0 === './' ? this.cwd : `${this.cwd}/${raw0.replace(/^\.\//, '')}`) : raw0;
      const v = /\$\{?(\w+)\}?/.exec(raw);
      // (a list of paths in one variable, `cp -r $items dest`: each path in it)
      const list = v && v[0] === raw ? this.pathLists.get(`$${v[1]}`) : undefined;
      if (list) {
        out.push(...this.pathNames(list.split(/\s+/).slice(0, 64), offset));
        continue;
      }
      if (v && this.varPaths.has(`$${v[1]}`)) raw = raw.replace(v[0], this.varPaths.get(`$${v[1]}`)!);
      let a = raw;
      if (a.startsWith('@')) a = a.slice(1);
      if (!a || URLISH.test(a) || a.length > 400) continue;
      const eq = a.indexOf('=');
      if (a.startsWith('-') && eq > 0) a = a.slice(eq + 1);
      else if (a.startsWith('-')) continue;
      // `-v ~/.aws:/root/.aws` and `key=@file` forms
      const { path, secret: s } = pathAndSecret(a.replace(/^[\w.-]+=@?/, '').split(':')[0] ?? a);
      if (!path || (!/[/~.]/.test(path) && !/^\$\{?\w+\}?$/.test(path))) continue;
      if (s) {
        const name = this.ctx.list.fresh('read');
        this.add({ kind: 'read', entry: s.entry, object: path, via: 'file', produces: [name] }, offset);
        out.push(name);
      }
      out.push(`path:${path}`);
    }
    return out;
  }

  /**
   * `OPENAI_BASE_URL=https://h/v1`: the vendor's SDK sends every request, with its API key in a
   * header, to that URL. Modelled as that key sent to that host, so the secret policy judges the host.
   */
  private baseUrl(name: string, value: string, offset: number): void {
    const m = BASE_URL_VAR.exec(name);
    if (!m || !URLISH.test(value)) return;
    const key = `${m[1]}_API_KEY`;
    if (!SECRET_VENDORS.some((v) => v.prefix.test(key))) return;
    this.add({ kind: 'read', entry: 'read.secret.env-var', object: key, via: `${name} (the SDK's key)`, produces: [`$${key}`] }, offset);
    this.add({ kind: 'send', entry: 'send.sdk-base-url', via: `${name}=`, host: hostOf(value) ?? undefined, object: value, channel: 'header', consumes: [`$${key}`] }, offset);
  }

  /** `UV_INDEX_ACME_PASSWORD=$(gh auth token)`: the package manager sends the value to that named index's host on every install. */
  private indexAuth(name: string, names: string[], offset: number): void {
    const m = /^(?:UV_INDEX|POETRY_HTTP_BASIC|PDM_SOURCE)_(\w+?)_(?:PASSWORD|USERNAME|TOKEN)$/.exec(name);
    const url = m ? this.ctx.list.indexes?.get(m[1]!) : undefined;
    if (!url || names.length === 0) return;
    this.add({ kind: 'send', entry: 'send.index-auth', via: `${name} (the credential of index ${m![1]!.toLowerCase()})`, host: hostOf(url) ?? undefined, object: url, channel: 'header', consumes: names }, offset);
  }

  /** A push URL added to a remote: every later push of that remote also sends the repository to `url`. */
  pushCopy(remote: string, url: string, via: string, offset: number): void {
    const resolved = url.replace(/\$\{?(\w+)\}?/g, (m, v: string) => this.remotes.get(`$${v}`) ?? this.texts.get(`$${v}`) ?? m);
    const host = hostOf(resolved.replace(/^(?:ssh:\/\/)?[\w.-]+@([^:/]+)[:/]/, 'https://$1/')) ?? undefined;
    if (!host || host.includes('$')) return;
    this.add({ kind: 'persist', entry: 'persist.git-push-copy', object: `${remote} → ${resolved}`, via, host, content: '', flags: ['exec-config', 'push-copy'] }, offset);
  }

  /** A proxy every request goes through (with its credentials and, with TLS checks off, its content). */
  proxy(url: string, via: string, offset: number): void {
    this.add({ kind: 'tamper', entry: 'tamper.proxy', object: url, via, host: hostOf(url) ?? undefined }, offset);
  }

  /** A word's literal value when it is a variable this document set to text (`"$TAG"` → `registry/x:1`), else the word. */
  textOrName(word: string): string {
    const v = /^\$\{?(\w+)\}?$/.exec(word);
    return v ? (this.texts.get(`$${v[1]}`) ?? word) : word;
  }

  /** `$VAR/x` with `$VAR` holding a path this document assigned → that path. */
  resolve(raw: string): string {
    // a loop variable inside the path: the word that makes it a file that runs later stands for them all
    if (this.loopWords.size && raw.includes('$')) {
      const m = /\$\{?(\w+)\}?/.exec(raw);
      const words = m ? this.loopWords.get(m[1]!) : undefined;
      if (m && words) {
        const paths = words.map((w) => raw.replace(m[0], w));
        return this.resolve(paths.find((p) => persistAt(normalisePath(p))) ?? paths[0]!);
      }
    }
    const v = /^\$\{?(\w+)\}?/.exec(raw);
    if (v && this.varPaths.has(`$${v[1]}`)) return normalisePath(raw.replace(v[0], this.varPaths.get(`$${v[1]}`)!));
    // the working directory by name (`$PWD/x`, `$(pwd)/x`, or `$OLDPWD/x` after `cd ~`): the project's own file `x`
    const here = /^(?:\$\{?(?:PWD|OLDPWD)\}?|\$\(pwd\)|`pwd`)\/(?=.)/.exec(raw);
    if (here) return normalisePath(raw.slice(here[0].length));
    return normalisePath(raw);
  }

  private redirectOutput(out: string, redirects: Redirect[], offset: number): void {
    for (const r of redirects) {
      if (!r.target || !/>/.test(r.op) || /&$/.test(r.op)) continue;
      const path = this.resolve(r.target.text);
      if (!path || path.startsWith('/dev/')) continue;
      if (!r.op.includes('>>') && !this.textOf([out]) && this.emptyOutput.has(out) && this.eraseTraces([path], 'truncation', offset)) continue;
      this.write(path, [out], r.op.includes('>>') ? 'append' : 'write', 'redirect', r.target.offset);
    }
  }

  /** A write of `names` to `path`: a data edge, plus a persist action when the path runs later or changes trust. */
  write(path: string, names: string[], how: string, via: string, offset: number): void {
    this.flow(names, [`path:${path}`], offset);
    // what a file holds, for commands that later read it as a script (`sftp -b FILE`)
    if (!this.texts.has(`path:${path}`)) this.remember(`path:${path}`, this.textOf(names));
    const written = this.textOf(names);
    if (written) {
      const before = how === 'append' ? this.ctx.list.files.get(path) : undefined;
      this.ctx.list.files.set(path, (before ? `${before}\n${written}` : written).slice(0, 8000));
      // `VERCEL_TOKEN=…` lines make the file a store of secrets: whoever reads it later reads them
      // (a value that is public — jwt.io's sample token, AWS's documentation key, a placeholder — is no secret, catalogue/samples.ts)
      const keys = [...matchAll(written, /^(?:export\s+)?([A-Z][A-Z0-9_]{2,60})=([^\n]*)/gm)].filter((m) => isSecretEnv(m[1]!) && !isPublicSampleCredential(m[2]!)).map((m) => m[1]!);
      if (keys.length && !secretAt(path)) this.add({ kind: 'read', entry: 'read.secret.env-file', object: `${keys.slice(0, 3).join(', ')} (written to ${path})`, via: how, produces: [`path:${path}`] }, offset);
    }
    const p = persistAt(path);
    if (!p) return;
    const content = this.textOf(names);
    // files the written entry names (`credential_process = ~/.local/bin/x`, a preload library): what they hold runs too
    const named = [...matchAll(content, /(?:^|[\s='"])((?:~|\$HOME|\/)[\w.~/-]*[\w-])/g)].map((m) => `path:${normalisePath(m[1]!)}`).filter((n) => n !== `path:${path}`).slice(0, 8);
    this.add({ kind: p.kind === 'privilege' ? 'privilege' : 'persist', entry: p.entry, object: path, via, consumes: [...names, ...named], content, flags: [p.kind, how] }, offset);
    if (content && this.ctx.config) this.ctx.config(path, content, offset);
  }

  // -- commands ------------------------------------------------------------------------------

  private command(node: SyntaxNode, base: number, stdin: string | null, tt: boolean, redirects: Redirect[]): string | null {
    const offsetOfNode = base + node.startIndex;
    const words: Word[] = [];
    const envNames: string[] = [];
    let prevEnd = -1;
    for (let i = 0; i < node.namedChildCount; i++) {
      const c = node.namedChild(i)!;
      if (c.type === 'variable_assignment') {
        const v = c.childForFieldName('value');
        if (v) envNames.push(...this.word(v, base, tt).names);
        continue;
      }
      if (c.type === 'file_redirect' || c.type === 'heredoc_redirect' || c.type === 'herestring_redirect' || c.type === 'comment') continue;
      const w = this.word(c.type === 'command_name' ? (c.namedChild(0) ?? c) : c, base, tt);
      // the grammar sometimes splits one shell word in two (`document=@<(…)`): no space between them means one word
      if (words.length && c.startIndex === prevEnd && c.type !== 'command_name') {
        const last = words[words.length - 1]!;
        words[words.length - 1] = { text: last.text + w.text, names: [...last.names, ...w.names], offset: last.offset };
      } else words.push(w);
      prevEnd = c.endIndex;
    }
    if (words.length === 0) return null;
    // `$IFS` expands to a space: `cu''rl${IFS}-s${IFS}URL` is three words
    for (let w = 0; w < words.length; w++) {
      const t = words[w]!.text;
      if (!t.includes('IFS') || !/\$\{?IFS\}?/.test(t)) continue;
      const parts = t.split(/\$\{?IFS\}?/).filter(Boolean).map((p) => ({ ...words[w]!, text: p, names: words[w]!.names.filter((n) => n !== '$IFS') }));
      words.splice(w, 1, ...parts);
      w += parts.length - 1;
    }
    if (words.length === 0) return null;
    const offset = base + node.startIndex;
    const nameNode = node.childForFieldName('name') ?? node.namedChild(0);
    const disguised = !!nameNode && (DISGUISED.test(nameNode.text) || VARIABLE_INSIDE_NAME.test(nameNode.text)) && (words[0]!.text.length > 1);
    const before = this.ctx.list.actions.length;
    let i = 0;
    let sudo = false;
    /** Under xargs, the string its input replaces in the arguments ('' when it is appended to them). */
    let xargs: string | null = null;
    // wrappers: sudo, env, nohup … run the command after their own options
    for (let guard = 0; guard < 4 && i < words.length; guard++) {
      const wname = basename(words[i]!.text);
      const w = WRAPPERS[wname];
      if (!w) break;
      if (/^(?:sudo|doas)$/.test(wname)) sudo = true;
      if (wname === 'xargs') xargs = '';
      i++;
      while (i < words.length && (words[i]!.text.startsWith('-') || /^\w+=/.test(words[i]!.text))) {
        // xargs -I R / -IR / -i / --replace[=R]: R in the arguments is replaced by each input line
        if (wname === 'xargs') {
          const rep = /^(?:-I(.*)|-i(.*)|--replace(?:=(.*))?)$/.exec(words[i]!.text);
          if (rep) xargs = rep[1] === '' ? (words[i + 1]?.text ?? '{}') : (rep[1] ?? rep[2] ?? rep[3] ?? '') || '{}';
        }
        if (w.valued.includes(words[i]!.text)) i++;
        i++;
      }
    }
    // `env` alone (or with only its own options) prints the whole environment
    if (i >= words.length && /^env$/.test(basename(words[0]!.text)) && words.length <= 2) i = 0;
    const argv = words.slice(i);
    if (argv.length === 0) return null;
    // a variable nobody set expands to nothing: `cu${x}rl` runs curl
    const rawName = argv[0]!.text;
    if (VARIABLE_IN_NAME.test(rawName)) {
      const resolved = rawName.replace(/\$\{?(\w+)\}?/g, (m, v: string) => (this.assigned.has(v) ? m : ''));
      if (resolved !== rawName && /^[\w.-]+$/.test(resolved)) argv[0] = { ...argv[0]!, text: resolved };
    }
    // `python3 -m pip install x`: the module runs as the command of that name
    if (PYTHON_NAME.test(basename(argv[0]!.text))) {
      const m = argv.findIndex((w, k) => k > 0 && w.text === '-m');
      if (m > 0 && argv[m + 1] && argv.slice(1, m).every((w) => w.text.startsWith('-')) && /^[\w.]+$/.test(argv[m + 1]!.text)) argv.splice(0, m + 1);
    }
    // the command's name (argv[0] does not change below)
    const cmd = basename(argv[0]!.text);
    // a script this document wrote, then ran (`~/.local/bin/sync-rules`, `bash ./setup.sh`): what runs is its content
    const interpArg = SCRIPT_RUNNER.test(cmd) ? argv.slice(1).find((w) => !w.text.startsWith('-'))?.text ?? '' : '';
    const scriptPath = argv[0]!.text.includes('/') ? argv[0]!.text : interpArg;
    const scriptFile = scriptPath ? this.inCwd(`path:${this.resolve(scriptPath)}`).slice(5) : '';
    const script = scriptFile ? this.ctx.list.files.get(scriptFile) : undefined;
    const scriptLang = PYTHON_SCRIPT.test(scriptFile) || PYTHON_PREFIX.test(cmd) ? 'python' : JS_SCRIPT.test(scriptFile) || cmd === 'node' ? 'javascript' : 'shell';
    // (each script once: a script run a thousand times is read once, not a thousand times against the budget)
    if (script && this.ctx.nested && this.ctx.depth < 2 && !this.running.has(scriptPath) && !this.scriptsRead.has(`${scriptPath}\u0000${script}`)) {
      this.scriptsRead.add(`${scriptPath}\u0000${script}`);
      const from = this.ctx.list.actions.length;
      const at = this.ctx.list.src.locate(offsetOfNode);
      this.running.add(scriptPath);
      this.ctx.nested(scriptLang, script.replace(/^#![^\n]*/, ''), offsetOfNode, this.ctx.depth + 1);
      this.running.delete(scriptPath);
      // what the script does happens where it is run
      for (const a of this.ctx.list.actions.slice(from)) Object.assign(a, { line: at.line, column: at.column, snippet: at.snippet });
    }
    const out = this.ctx.list.fresh('out');
    const args = argv.slice(1);
    if (NO_OP.test(cmd) || (cmd === 'cat' && args.length === 1 && args[0]!.text === '/dev/null') || ((cmd === 'echo' || cmd === 'printf') && args.every((a) => a.text === '' || a.text === '-n'))) this.emptyOutput.add(out);
    // `truncate -s 0 ~/.zsh_history`, `ln -sf /dev/null ~/.bash_history`: history emptied or sent nowhere
    if ((cmd === 'truncate' && args.some((a) => /^(?:-s\s*0|--size=0|0)$/.test(a.text))) || (cmd === 'ln' && args.some((a) => a.text === '/dev/null'))) this.eraseTraces(args.map((a) => a.text).filter((t) => !t.startsWith('-') && t !== '/dev/null' && t !== '0'), cmd, offsetOfNode);
    // `sed -i '/pattern/d' ~/.bash_history /var/log/auth.log`: lines of the record of what ran (or who logged in) deleted in
    // place — the selective form of erasing it (catalogue/locations.ts TRACE_LOGS)
    if ((cmd === 'sed' || cmd === 'perl') && args.some((a) => /^-[a-zA-Z]*i|^--in-place/.test(a.text)) && args.some((a) => /(?:^|[/;\s])d\s*$|^\/.*\/d$|\$_\s*=\s*""|next\s+if/.test(a.text))) {
      // (the lines of a credential typed by mistake taken out of the history — `sed -i '/export AWS_SECRET/d'` — is the
      // remediation, not an erasure; the system's login records have no such case)
      const script = args.find((a) => /^\/.*\/d$|(?:^|[/;\s])d\s*$/.test(a.text))?.text ?? '';
      const files = args.map((a) => a.text).filter((t) => !t.startsWith('-') && /^[~/$.]/.test(t) && !/^\/.*\/[a-z]*$/.test(t));
      this.eraseTraces(CREDENTIAL_LINE.test(script) ? files.filter((f) => traceLogAt(this.resolve(f))) : files, `${cmd} -i`, offsetOfNode);
    }
    // Windows event logs cleared (`wevtutil cl Security`, `Clear-EventLog -LogName Security,System`)
    if ((WEVTUTIL.test(cmd) && /^(?:cl|clear-log)$/i.test(args[0]?.text ?? '') && /^(?:Security|System|Microsoft-Windows-(?:PowerShell|Sysmon|TerminalServices)\S*)$/i.test(args[1]?.text ?? ''))
      || (EVENT_LOG_REMOVERS.test(cmd) && args.some((a) => /\b(?:Security|System|Windows PowerShell)\b/i.test(a.text)))) {
      this.add({ kind: 'destroy', entry: 'destroy.traces', object: 'the Windows security or system event log', via: cmd, flags: ['system-log'] }, offsetOfNode);
    }
    const argTexts = args.map((a) => a.text);
    const names = envNames.slice();
    for (const a of args) for (const n of a.names) names.push(n);
    // a jq program reads the environment itself (`env.TOKEN`, `$ENV.TOKEN`): those values are in its output
    if (JQ_LIKE.test(cmd)) {
      for (const a of argTexts) for (const m of matchAll(a, /(?:\$ENV|\benv)\.([A-Za-z_]\w*)/g)) {
        this.envRead(m[1]!, offset);
        if (isSecretEnv(m[1]!)) names.push(`$${m[1]!}`);
      }
    }
    // `rsync --files-from LIST`, `tar -T LIST`: the paths of a list this document wrote are arguments too
    for (let i = 0; i < argTexts.length; i++) {
      // (each form starts with a dash: the other words of a long command line need no regex)
      if (!argTexts[i]!.startsWith('-')) continue;
      const inline = /^--(?:files-from|include-from)=(.+)$/.exec(argTexts[i]!);
      const list = inline ? inline[1]! : /^(?:--files-from|--include-from|-T)$/.test(argTexts[i]!) ? argTexts[i + 1] : undefined;
      if (list) names.push(...this.listedPaths(list, offset));
    }

    // input: stdin from a pipe, `< file`, a heredoc or a here-string
    let input: string[] = stdin ? [stdin] : [];
    for (const r of redirects) {
      if (r.op === '<' && r.target) input = input.concat(this.pathNames([r.target.text], r.target.offset), r.target.names);
      if (r.op === '<<' || r.op === '<<<') {
        const hname = this.ctx.list.fresh('text');
        const text = r.heredoc ?? r.target?.text ?? '';
        this.remember(hname, text);
        input.push(hname, ...(r.target?.names ?? []));
        if (r.heredoc !== undefined && INTERPRETERS[cmd] && r.heredocOffset !== undefined) this.interpretInline(cmd, text, r.heredocOffset);
      }
    }

    // xargs -I turns its input into arguments: what the pipe carried is in the words that hold the replace string
    // (without -I the input is appended as words nobody sees here: it stays the command's input)
    if (xargs !== null && input.length) {
      let placed = false;
      if (xargs) for (let k = 0; k < args.length; k++) if (args[k]!.text.includes(xargs)) {
        args[k] = argv[k + 1] = { ...args[k]!, names: [...args[k]!.names, ...input] };
        placed = true;
      }
      if (placed) {
        names.push(...input);
        input = [];
      }
    }

    // a computed command name (`$(echo $c | rev)`, `$cmd`) fed with data runs it without showing what runs
    const computed = rawName.startsWith('$') || (argv[0]!.names.length > 0 && !/^[\w./-]+$/.test(argv[0]!.text));
    // a command run on another machine, in a container or as another user (`ssh host 'cmd'`, `kubectl exec pod -- cmd`) is
    // read as shell, fed by this command's input (docs/skill-effect-model.md, "Commands run elsewhere")
    if (!computed) this.runElsewhere(cmd, args, input, offset);
    const handled = computed
      ? (this.add({ kind: 'exec', entry: 'exec.computed', via: rawName.slice(0, 40), consumes: [...input, ...names, ...argv[0]!.names, ...(/^\$\{?\w+\}?\/[\w./-]+$/.test(argv[0]!.text) ? [`path:${normalisePath(argv[0]!.text)}`] : [])], produces: [out], flags: this.hiddenName(rawName) ? ['disguised'] : [] }, offset), true)
      : this.dispatch(cmd, argv, args, argTexts, names, input, out, offset, tt, sudo);
    if (!handled) {
      // Any other command: its variable arguments and input flow into its output; file contents only
      // for commands that print them (cat, jq, base64 …).
      const paths = CONTENT_COMMANDS.has(cmd) ? this.pathNames(argTexts, offset) : [];
      this.flow([...input, ...names, ...paths, `fn:${cmd}`], [out], offset);
      if (cmd === 'echo' || cmd === 'printf' || cmd === 'write-output' || cmd === 'cat' || cmd === 'tee') {
        // a variable holding text this document assigned prints that text (`LINE='…'; printf '%s' "$LINE" >> ~/.bashrc`)
        const words = argTexts.filter((a) => !/^-[neE]$/.test(a)).map((a) => a.replace(/\$\{?(\w+)\}?/g, (m, v: string) => (this.texts.has(`$${v}`) ? this.texts.get(`$${v}`)! : m)));
        const text = cmd === 'cat' || cmd === 'tee' ? this.textOf(input) : cmd === 'printf' ? printfText(words) : words.join(' ');
        this.remember(out, text);
        // printf spelling text as byte escapes (`printf '%b' '\x63\x75…'`) decodes it: what it prints is not what the reader sees
        if (cmd === 'printf' && (words.join(' ').match(/\\(?:x[0-9a-fA-F]{2}|[0-7]{3})/g)?.length ?? 0) >= 4) {
          this.add({ kind: 'exec', entry: 'decode', via: 'printf escapes', consumes: [...input, ...names], produces: [out], flags: ['decoder'] }, offset);
        }
      }
      if (cmd === 'tee') {
        for (const a of argTexts) if (!a.startsWith('-')) this.write(this.resolve(a), [...input, out], argTexts.includes('-a') ? 'append' : 'write', 'tee', offset);
      }
    }
    if (redirects.length) this.redirectOutput(out, redirects, offset);
    if (disguised || argv.some((a, k) => k === 0 && DISGUISED.test(a.text))) {
      for (let k = before; k < this.ctx.list.actions.length; k++) {
        const a = this.ctx.list.actions[k]!;
        a.flags = [...(a.flags ?? []), 'disguised'];
      }
    }
    return out;
  }

  /**
   * What a runner (catalogue/runners.ts) starts elsewhere, read as shell with this command's input as its stdin; what a URL
   * runner downloads and runs.
   */
  private runElsewhere(cmd: string, args: Word[], input: string[], offset: number): void {
    const remote = urlRun(cmd, args.map((a) => a.text));
    if (remote) {
      // `mshta https://…`, `msiexec /i https://…`: the program downloads what the address serves and runs it
      const got = this.ctx.list.fresh('out');
      this.add({ kind: 'fetch', entry: `fetch.url-runner.${cmd.toLowerCase()}`, via: cmd, host: hostOf(remote) ?? undefined, object: remote, produces: [got] }, offset);
      this.add({ kind: 'exec', entry: 'exec.file', via: cmd, object: remote, consumes: [got], produces: [this.ctx.list.fresh('out')] }, offset);
    }
    if (!this.ctx.nested || this.ctx.depth >= 3) return;
    const el = commandElsewhere(cmd, args.map((a) => a.text));
    if (!el) return;
    // (the local shell fills in what this document assigned: `ssh "$h" "echo '$KEY' >> ~/.ssh/authorized_keys"`)
    // (a container's command reads the host folders mounted into it where it sees them: `-v "$HOME":/h … tar cz /h` archives the
    // home folder)
    const code = asHostPaths(el.code, mountedFolders(cmd, args.map((a) => a.text))).replace(/\$\{?(\w+)\}?/g, (m, v: string) => this.texts.get(`$${v}`) ?? m);
    let stdin: string | null = null;
    if (input.length === 1) stdin = input[0]!;
    else if (input.length > 1) {
      stdin = this.ctx.list.fresh('in');
      this.flow(input, [stdin], offset);
    }
    this.ctx.nested('shell', code, args[el.first]?.offset ?? offset, this.ctx.depth + 1, stdin);
  }

  /** The body is `readRemoteSecret` in `shell/cloud.ts` (moved out of the class). */
  remoteSecretRead(cmd: string, argTexts: string[], out: string, offset: number): boolean {
    return readRemoteSecret.call(this, cmd, argTexts, out, offset);
  }

  /** The body is `dispatchCommand` in `shell/dispatch.ts` (moved out of the class). */
  private dispatch(cmd: string, argv: Word[], args: Word[], argTexts: string[], names: string[], input: string[], out: string, offset: number, tt: boolean, sudo: boolean): boolean {
    return dispatchCommand.call(this, cmd, argv, args, argTexts, names, input, out, offset, tt, sudo);
  }

  /** A standing copy of, or access to, the user's mail, files or calendar given to `addr`: that data sent there. */
  grant(addr: string, what: string, via: string, offset: number): void {
    for (const a of grantActions(this.ctx.list.fresh('read'), addr, what, via)) this.add(a, offset);
  }

  /** The body is `readHttpClient` in `shell/http.ts` (moved out of the class). */
  httpClient(http: HttpClient, cmd: string, args: Word[], input: string[], out: string, offset: number): void {
    readHttpClient.call(this, http, cmd, args, input, out, offset);
  }

  /** A command name that is a substitution, or a variable this document built from other pieces (`c=${b}$a`). */
  private hiddenName(raw: string): boolean {
    // a substitution that names a folder (`$(brew --prefix)/bin/tool`) is an ordinary path to a program
    if (/^(?:\$\([^()]*\)|`[^`]*`)\/[\w./-]+$/.test(raw)) return false;
    if (raw.startsWith('$(') || raw.startsWith('`')) return true;
    const v = /^\$\{?(\w+)\}?$/.exec(raw);
    return !!v && this.builtVars.has(v[1]!);
  }

  interpretInline(cmd: string, code: string, offset: number): void {
    // `eval "$(tool init)"`: the substitution was read already; its placeholder is not code. Inside a longer program
    // (`sh -c "… curl https://h/u/$(whoami)"`) it is a computed word of that program, which is read around it.
    if (!this.ctx.nested || this.ctx.depth >= 3 || /^\s*(?:\$\(…\)|`…`)/.test(code)) return;
    code = code.replace(/\$\(…\)|`…`/g, 'computed');
    const lang = /^(?:python\d?|py)$/.test(cmd) ? 'python' : /^(?:node|deno|bun)$/.test(cmd) ? 'javascript' : /^(?:sh|bash|zsh|dash|ksh|eval|fish)$/.test(cmd) ? 'shell' : null;
    if (lang) this.ctx.nested(lang, code, offset, this.ctx.depth + 1);
    // perl -e, ruby -e, php -r, awk programs: the commands their strings run (effects/literals.ts)
    else {
      for (const c of literalCommands(code)) this.ctx.nested('shell', c.text, offset + c.at, this.ctx.depth + 1);
      // `ruby -e 'eval(URI.open("https://…").read)'`, `php -r 'eval(file_get_contents("https://…"));'`
      addEvaluatedDownloads({ fresh: (p) => this.ctx.list.fresh(p), add: (a, at) => this.add(a, at) }, code, offset, cmd);
    }
  }

  interpreter(cmd: string, interp: { inline: readonly string[]; stdinDash: boolean }, args: Word[], names: string[], input: string[], out: string, offset: number): void {
    const consumes: string[] = [];
    let code: Word | undefined;
    let file: Word | undefined;
    // `sh -s -- -y --profile minimal`: with -s a shell reads its script from stdin; what follows are its arguments
    const shell = /^(?:ba|z|da|k|a)?sh$/.test(cmd);
    let stdinScript = false;
    for (let k = 0; k < args.length; k++) {
      const t = args[k]!.text;
      const lt = t.toLowerCase();
      if (interp.inline.includes(lt) || interp.inline.includes(t)) {
        code = args[k + 1];
        break;
      }
      if (shell && /^-[a-zA-Z]*s[a-zA-Z]*$/.test(t)) stdinScript = true;
      if (stdinScript && (t === '--' || !t.startsWith('-'))) break;
      if (t === '-' || t.startsWith('-')) {
        if (/^-(?:m)$/.test(t)) break; // python -m module: runs an installed module
        continue;
      }
      // `deno run FILE`, `bun run FILE`: the subcommand, then the program
      if ((cmd === 'deno' || cmd === 'bun') && !file && (t === 'run' || t === 'x')) continue;
      file = args[k];
      break;
    }
    if ((cmd === 'eval' || cmd === 'iex' || cmd === 'invoke-expression') && args.length) code = args[0];
    if (code) {
      consumes.push(...code.names);
      // code that is only a substitution whose printed text this document knows (`sh -c "$(printf '%b' '\x63…')"`) is that text
      const known = /^(?:\$\(…\)|`…`)$/.test(code.text.trim()) ? this.textOf(code.names) : '';
      const before = this.ctx.list.actions.length;
      this.interpretInline(cmd, known || code.text, code.offset + 1);
      // what the inline program prints is the interpreter's output (`sh -c "curl -fsSL URL" | sh` runs the download)
      const printed = this.ctx.list.actions.slice(before).filter((a) => a.kind === 'fetch' || a.kind === 'read').flatMap((a) => a.produces ?? []);
      if (printed.length && /^(?:sh|bash|zsh|dash|ksh|fish)$/.test(cmd)) this.flow(printed, [out], offset);
    } else if (file && URLISH.test(file.text) && (cmd === 'deno' || cmd === 'bun')) {
      // `deno run -A https://…/mod.ts`: the runtime downloads the module and runs it (a moving address, each time with --reload)
      const got = this.ctx.list.fresh('out');
      this.add({ kind: 'fetch', entry: `fetch.module.${cmd}`, via: `${cmd} run`, host: hostOf(file.text) ?? undefined, object: file.text, produces: [got] }, offset);
      consumes.push(got, ...file.names);
    } else if (file) {
      const path = normalisePath(file.text);
      consumes.push(`path:${path}`, ...file.names);
      if (file.text === '/dev/fd/63') consumes.push(...file.names);
    }
    if ((!code && !file) || args.some((a) => a.text === '-')) consumes.push(...input);
    if (cmd === 'source' || cmd === '.') consumes.push(...names);
    const flags = args.some((a) => INSECURE_FLAG.test(a.text)) ? ['insecure'] : [];
    if (args.some((a) => /^(?:-q|--quiet|--silent|-s)$/.test(a.text)) && args.some((a) => a.text === '--')) flags.push('quiet');
    this.add({ kind: 'exec', entry: `exec.interpreter.${cmd}`, via: cmd, object: file?.text, consumes, produces: [out], flags }, offset);
  }

  /** The body is `readCopy` in `shell/archives.ts` (moved out of the class). */
  copy(cmd: string, how: 'cp' | 'archive' | 'sync', args: Word[], argTexts: string[], names: string[], input: string[], out: string, offset: number): boolean {
    return readCopy.call(this, cmd, how, args, argTexts, names, input, out, offset);
  }

  /** The body is `readGit` in `shell/git.ts` (moved out of the class). */
  git(args: Word[], argTexts: string[], out: string, offset: number, input: string[] = []): boolean {
    return readGit.call(this, args, argTexts, out, offset, input);
  }

  /** The body is `readGh` in `shell/git.ts` (moved out of the class). */
  gh(args: Word[], argTexts: string[], names: string[], input: string[], out: string, offset: number): boolean {
    return readGh.call(this, args, argTexts, names, input, out, offset);
  }

  /** The body is `dockerfileCopies` in `shell/cloud.ts` (moved out of the class). */
  dockerfileCopies(argTexts: string[], ctxDir: string, offset: number): string[] {
    return dockerfileCopies.call(this, argTexts, ctxDir, offset);
  }

  /** The body is `readDocker` in `shell/cloud.ts` (moved out of the class). */
  docker(args: Word[], argTexts: string[], names: string[], out: string, offset: number): boolean {
    return readDocker.call(this, args, argTexts, names, out, offset);
  }

  /** The body is `readMcpAdd` in `shell/packages.ts` (moved out of the class). */
  mcpAdd(cmd: string, args: Word[], offset: number): boolean {
    return readMcpAdd.call(this, cmd, args, offset);
  }

  /** The body is `readKubectl` in `shell/cloud.ts` (moved out of the class). */
  kubectl(argTexts: string[], offset: number, out?: string): boolean {
    return readKubectl.call(this, argTexts, offset, out);
  }

  /** Shell history or the agent's transcripts deleted or emptied: the record of what ran is erased. */
  private eraseTraces(paths: string[], via: string, offset: number): boolean {
    let hit: string | undefined;
    let label = '';
    for (const p of paths.map((x) => this.resolve(x))) {
      if (/^(?:read\.secret\.history|read\.secret\.conversation)$/.test(secretAt(p)?.entry ?? '')) hit = p;
      else label = traceLogAt(p) ?? '';
      if (hit || label) {
        hit ??= p;
        break;
      }
    }
    if (hit) this.add({ kind: 'destroy', entry: 'destroy.traces', object: label ? `${label} (${hit})` : hit, via, flags: label ? ['system-log'] : undefined }, offset);
    return !!hit;
  }

  remove(cmd: string, argTexts: string[], offset: number, tt: boolean): void {
    this.eraseTraces(argTexts.filter((a) => !a.startsWith('-')), cmd, offset);
    const recursive = argTexts.some((a) => /^-[a-zA-Z]*[rR]/.test(a) || a === '--recursive' || /^-recurse$/i.test(a) || /^\/s$/i.test(a)) || cmd === 'shred' || cmd === 'srm';
    if (!recursive) return;
    const targets = argTexts.filter((a) => !a.startsWith('-') && !/^\/[sqf]$/i.test(a)).map((a) => (a.startsWith('$') ? this.resolve(a) : a));
    const bad = targets.find((t) => isDestructiveTarget(t)) ?? (argTexts.includes('--no-preserve-root') ? '/' : undefined);
    if (bad !== undefined) {
      this.add({ kind: 'destroy', entry: 'destroy.recursive-delete', object: normalisePath(bad), via: `${cmd} ${argTexts.filter((a) => a.startsWith('-')).join(' ')}`.trim(), flags: tt ? ['time-triggered'] : [] }, offset);
    } else if (tt && targets.length) {
      this.add({ kind: 'destroy', entry: 'destroy.time-triggered', object: targets.join(' '), via: cmd, flags: ['time-triggered'] }, offset);
    }
  }

  /** The body is `readInstall` in `shell/packages.ts` (moved out of the class). */
  install(cmd: string, inst: { ecosystem: 'pypi' | 'npm'; subs: RegExp | null; runs: boolean }, args: Word[], argTexts: string[], offset: number): boolean {
    return readInstall.call(this, cmd, inst, args, argTexts, offset);
  }

  /** The body is `readKubeConfig` in `shell/cloud.ts` (moved out of the class). */
  kubeConfig(cmd: string, argTexts: string[], offset: number): boolean {
    return readKubeConfig.call(this, cmd, argTexts, offset);
  }

  /** The body is `readConfigSet` in `shell/cloud.ts` (moved out of the class). */
  configSet(cmd: string, argTexts: string[], offset: number): boolean {
    return readConfigSet.call(this, cmd, argTexts, offset);
  }
}
