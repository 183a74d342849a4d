/**
 * Downloaded code evaluated in languages the effect model has no parser for (Ruby, PHP, Perl, Lua, R, Groovy,
 * Elixir …): an evaluator (`eval`, `instance_eval`, Lua's `load`, R's `source`/`eval(parse(text=))`, PHP's
 * `include` of a URL) whose argument holds a URL literal, or a name assigned from a call on a URL literal
 * (`code = Net::HTTP.get(URI("https://…"))` … `eval(code)`). Read as a fetch whose content an exec consumes, so the
 * policy judges it by where it comes from like `curl … | sh` (docs/skill-effect-model.md, "Commands run
 * elsewhere, code evaluated from the network").
 */
import { hostOf } from '../hosts.js';
import type { NewAction } from './sink.js';
import type { ActionOrigin } from './types.js';
import { matchAll } from '../match-all.js';

/** Where the actions go (the document's action list). */
export interface ActionSink {
  fresh(prefix: string): string;
  add(a: NewAction, offset: number, origin: ActionOrigin): unknown;
}

/**
 * Calls that run a string as code: evaluators by name. A method call on another object (`YAML.load`, `JSON.load`,
 * `config.load`) parses data and is not one, except the evaluators that are only ever code (`binding.eval`, `Kernel.eval`).
 */
const EVALUATOR = /(?<![\w$])(?:(?:(?:Kernel|binding|TOPLEVEL_BINDING|self|Object|shell|GroovyShell\(\))\s*\.\s*)?(?:eval|instance_eval|class_eval|module_eval|evaluate|eval_string|evalString|loadstring|dostring|create_function)|(?<![.:\w])(?:load|source|include|include_once|require|require_once))\s*(?=\()/g;
/** Ruby and Perl call without parentheses: `eval URI.open(u).read`, `eval get($u)`. */
const BARE_EVALUATOR = /(?<![\w.$:])(?:eval|instance_eval)\s+(?=[A-Za-z$@(])|(?<![\w.$:])(?:include|include_once|require|require_once)\s+(?=["']https?:\/\/)/g;
const URL_LITERAL = /["'`](https?:\/\/[^"'`\s]{3,300})["'`]/;
/** A name on the left of an assignment, in the languages read here (`x =`, `$x =`, `my $x =`, `local x =`, `x <-`, `x :=`). */
const ASSIGNED = /(?:^|[\s;{(])(?:(?:my|local|var|val|def|let|const|final|auto|String|string|byte\[\]|str)\s+)?(?:mut\s+)?([$@]?[A-Za-z_]\w*)(?:\s*,\s*[$@]?\w+)*\s*(?::\s*[\w<>[\]]+\s*)?(?:=(?![=~>])|<-|:=)\s*([^\n]{1,600})/gm;
/**
 * Process APIs that run what they are given (Go, Rust, Java, C#, Ruby, PHP, Perl, Lua, R): given downloaded text, they run
 * it as a command (`exec.Command("sh", "-c", string(body))`, `Command::new("sh").arg("-c").arg(&body)`).
 */
const PROCESS_RUNNER = /(?<![\w$])(?:exec\.Command(?:Context)?|Command::new|Runtime\.getRuntime\(\)\.exec|ProcessBuilder|Process\.Start|ProcessStartInfo|system|exec|spawn|popen|shell_exec|passthru|proc_open|IO\.popen|Open3\.\w+|os\.execute|io\.popen|system2)\s*\(/g;

/** Names followed per program (a download read through a chain of names stays in reach; the work stays bounded). */
const MAX_NAMES = 24;
/** A use of the name `n` (`n`, `$n`, `@n`), compiled once per name. */
const useOf = new Map<string, RegExp>();
function uses(n: string, text: string): boolean {
  let re = useOf.get(n);
  if (!re) {
    if (useOf.size > 4096) useOf.clear();
    useOf.set(n, (re = new RegExp(`(?<![\\w])[$@]?${n}\\b`)));
  }
  return re.test(text);
}

/** The argument text of a call whose `(` is at `open` (bounded; strings skipped). */
function argumentOf(code: string, open: number): string {
  let depth = 0;
  for (let i = open; i < Math.min(code.length, open + 800); i++) {
    const ch = code[i];
    if (ch === '"' || ch === "'") {
      const q = ch;
      i++;
      while (i < code.length && code[i] !== q && code[i] !== '\n') i += code[i] === '\\' ? 2 : 1;
      continue;
    }
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return code.slice(open + 1, i);
  }
  return code.slice(open + 1, Math.min(code.length, open + 400)).split('\n')[0]!;
}

export interface EvaluatedDownload {
  url: string;
  via: string;
  /** Offset of the evaluator in the code. */
  at: number;
  /** Offset of the download (the URL's assignment or the evaluator's argument). */
  fetchAt: number;
}

/** Evaluations of downloaded code in `code` (at most a few per program). */
export function evaluatedDownloads(code: string): EvaluatedDownload[] {
  if (!/https?:\/\//.test(code)) return [];
  const text = code.slice(0, 64 * 1024);
  // names assigned from a call on a URL literal (one step of indirection: a name holding the URL itself counts too)
  const urlNames = new Map<string, string>();
  const fetched = new Map<string, { url: string; at: number }>();
  for (const m of matchAll(text, ASSIGNED)) {
    const [, name, rhs] = m;
    const lit = URL_LITERAL.exec(rhs!);
    if (lit && /^\s*["'`][^"'`]*["'`]\s*;?\s*$/.test(rhs!)) {
      if (urlNames.size < MAX_NAMES) urlNames.set(name!.replace(/^[$@]/, ''), lit[1]!);
      continue;
    }
    let url = lit?.[1];
    if (!url) for (const [n, u] of urlNames) if (uses(n, rhs!) && /\(|\bget\b/.test(rhs!)) url = u;
    if (url && /[\w)]\s*\(|->|\.\s*\w+\s*\(|\bget\s+[$"']/.test(rhs!)) {
      if (fetched.size < MAX_NAMES) fetched.set(name!.replace(/^[$@]/, ''), { url, at: m.index! });
      continue;
    }
    // what is read out of a download is the download (`body, _ := io.ReadAll(resp.Body)`, `s = resp.text`)
    for (const [n, f] of fetched) {
      if (fetched.size >= MAX_NAMES) break;
      if (n !== name!.replace(/^[$@]/, '') && uses(n, rhs!)) {
        fetched.set(name!.replace(/^[$@]/, ''), f);
        break;
      }
    }
  }
  const out: EvaluatedDownload[] = [];
  const consider = (via: string, at: number, arg: string) => {
    if (out.length >= 4) return;
    // PHP's include/require and R's source run a file: only a URL makes them a download (a path is the project's own file)
    const fileRunner = /^(?:include|include_once|require|require_once|source)$/.test(via);
    const lit = URL_LITERAL.exec(arg);
    if (lit) {
      if (fileRunner && !/^\s*\(?\s*["'`]https?:/.test(arg) && !/\burl\s*\(/.test(arg)) return;
      out.push({ url: lit[1]!, via, at, fetchAt: at });
      return;
    }
    if (fileRunner) return;
    for (const [n, f] of fetched) {
      if (uses(n, arg)) {
        out.push({ url: f.url, via, at, fetchAt: f.at });
        return;
      }
    }
  };
  for (const m of matchAll(text, EVALUATOR)) {
    const name = m[0].replace(/\s+/g, '').replace(/^.*\./, '');
    consider(name, m.index!, argumentOf(text, m.index! + m[0].length));
  }
  // a process API handed a name that holds a download (its statement, chained calls included, up to `;` or a blank line)
  if (fetched.size) for (const m of matchAll(text, PROCESS_RUNNER)) {
    if (out.length >= 4) break;
    const stmt = text.slice(m.index!, m.index! + 400).split(/;|\n\s*\n/)[0]!;
    const args = stmt.slice(m[0].length);
    // (as the command itself — the first argument, or after a shell's `-c` — not as one argument of another program:
    // `exec.Command("brew", "install", version)` installs what the download names, it does not run the download)
    const viaShell = /["'](?:-c|\/c|-Command)["'\s]/.test(stmt);
    for (const [n, f] of fetched) {
      const name = `[$@&]?(?:string\\(|String\\(|str\\()?${n}\\b(?!\\s*[(=:])`;
      if (viaShell ? new RegExp(`(?<![\\w"'])${name}`).test(args) : new RegExp(`^\\s*${name}`).test(args)) {
        out.push({ url: f.url, via: m[0].replace(/\s*\($/, ''), at: m.index!, fetchAt: f.at });
        break;
      }
    }
  }
  for (const m of matchAll(text, BARE_EVALUATOR)) {
    const rest = text.slice(m.index! + m[0].length).split('\n')[0]!.slice(0, 400);
    consider(m[0].trim(), m.index!, rest);
  }
  return out;
}

/** Adds each evaluated download of `code` (at `base` in the document) as a fetch and the exec that runs it. */
export function addEvaluatedDownloads(list: ActionSink, code: string, base: number, lang: string): void {
  for (const d of evaluatedDownloads(code)) {
    const got = list.fresh('out');
    list.add({ kind: 'fetch', entry: 'fetch.http.literal', via: lang, host: hostOf(d.url) ?? undefined, object: d.url, produces: [got] }, base + d.fetchAt, 'shell');
    list.add({ kind: 'exec', entry: 'exec.eval.literal', via: `${lang} ${d.via}`, consumes: [got], produces: [list.fresh('out')], flags: ['code'] }, base + d.at, 'shell');
  }
}
