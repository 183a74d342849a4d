/**
 * Words and expansions of the shell reader: the Word and context types, a syntax node read into its text
 * and the data names it carries (quotes, variables, substitutions, ANSI-C escapes, printf), command
 * basenames and path arguments. Moved out of shell.ts unchanged.
 */
import type { CodeTreeNode as SyntaxNode } from '../../../parsers/tree-sitter.js';
import { normalisePath, secretAt } from '../catalogue/locations.js';
import type { ActionList } from '../sink.js';
import type { ActionMode, ActionOrigin } from '../types.js';
import type { ShellReader } from '../shell.js';
import { matchAll } from '../../match-all.js';

export interface Word {
  /** The argument with quotes undone; variables as `$NAME`, substitutions as `$(…)`. */
  text: string;
  /** Data names it reads: `$NAME` for variables, `sub#k` for command substitutions. */
  names: string[];
  offset: number;
  /** The folder a `$(dirname "$V")` word names: V's parent (so `tar -C "$(dirname "$V")" x` archives `$V`). */
  parentOf?: string;
  /** The name a `$(basename "$V")` word gives: a tar member written so, next to `-C` of V's folder, is `$V`. */
  baseOf?: string;
}

export interface ReadContext {
  list: ActionList;
  origin: ActionOrigin;
  mode: ActionMode;
  /** Readers for code handed to another language (python -c, node -e); set by effects/index.ts. */
  nested?: (lang: 'python' | 'javascript' | 'shell', code: string, offset: number, depth: number, stdin?: string | null) => void;
  /** Config text written to a path (heredoc into settings.json): handed to the config reader. */
  config?: (path: string | null, text: string, offset: number) => void;
  depth: number;
}

export interface Redirect {
  op: string;
  target?: Word;
  heredoc?: string;
  heredocOffset?: number;
}

/** Text remembered for data names made from literal text (echo, printf, heredocs), so a write can be judged by what it writes. */
export const MAX_TEXT = 4000;

/** What a printf may print, at most (a format repeated over many arguments must not grow without bound). */
const PRINTF_MAX = 64_000;

/** What `printf FORMAT ARGS…` prints: `%s`/`%b`/`%d` filled in order, the format reused for extra arguments, escapes undone. */
export function printfText(words: string[]): string {
  const [format = '', ...args] = words;
  const slots = (format.match(/%[-+ #0-9.]*[sbdiqc]/g) ?? []).length;
  let out = '';
  let k = 0;
  // printf undoes escapes in its format and in `%b` arguments (`printf '%b' '\x63\x75\x72\x6c'` prints `curl`)
  const fmt = decodeAnsiC(format.replace(/%%/g, '\u0000'));
  do {
    out += fmt.replace(/%[-+ #0-9.]*([sbdiqc])/g, (_m, c: string) => (c === 'b' ? decodeAnsiC(args[k++] ?? '') : (args[k++] ?? ''))).replace(/\u0000/g, '%');
  } while (slots > 0 && k < args.length && out.length < PRINTF_MAX);
  if (out.length > PRINTF_MAX) out = out.slice(0, PRINTF_MAX);
  return out;
}

/** `$'\x73h'` → `sh`: the escapes bash undoes in ANSI-C quoted strings. */
function decodeAnsiC(s: string): string {
  return s.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{4}|[0-7]{1,3}|.)/g, (_m, e: string) => {
    if (e[0] === 'x' || e[0] === 'u') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: '\n', t: '\t', r: '\r', a: '\x07', e: '\x1b' } as Record<string, string>)[e] ?? e;
  });
}

/** A command name written so a reader does not recognise it: quotes or escapes inside it, `$IFS` for spaces, ANSI-C escapes. */
export const DISGUISED = /\w["'\\]+\w|\$IFS|\$\{IFS\}|\$'|^\\\w/;

export function basename(cmd: string): string {
  // remembered per word (bounded): the same string object comes back for a name, so the catalogue look-ups keyed by
  // it (WRAPPERS[name], HTTP_CLIENTS[name] …) do not turn a new string into a property key every time
  let r = basenames.get(cmd);
  if (r === undefined) {
    // what follows the last / or \ (as `cmd.split(/[\\/]/).pop()`, without the array)
    r = cmd.slice(Math.max(cmd.lastIndexOf('/'), cmd.lastIndexOf('\\')) + 1).toLowerCase();
    if (cmd.length > 256) return r; // (a long word is not kept: the memo outlives the analysis)
    if (basenames.size >= 4096) basenames.clear();
    basenames.set(cmd, r);
  }
  return r;
}
const basenames = new Map<string, string>();

/** A path argument normalised and the secret it names, remembered per argument (a command repeated thousands of times names the same files). */
const pathMemo = new Map<string, { path: string; secret: ReturnType<typeof secretAt> }>();
export function pathAndSecret(arg: string): { path: string; secret: ReturnType<typeof secretAt> } {
  let r = pathMemo.get(arg);
  if (!r) {
    const path = normalisePath(arg);
    r = { path, secret: path ? secretAt(path) : null };
    if (pathMemo.size >= 5000) pathMemo.clear();
    pathMemo.set(arg, r);
  }
  return r;
}

// -- words ---------------------------------------------------------------------------------

export function wordOf(this: ShellReader, node: SyntaxNode, base: number, tt: boolean): Word {
  const names: string[] = [];
  const text = this.wordText(node, base, names, tt);
  const sub = text.startsWith('$(') ? /^["']?\$\(\s*(dirname|basename)\s+["']?\$\{?(\w+)\}?["']?\s*\)["']?$/.exec(node.text) : null;
  if (sub?.[1] === 'dirname') return { text, names, offset: base + node.startIndex, parentOf: sub[2] };
  if (sub?.[1] === 'basename') return { text, names, offset: base + node.startIndex, baseOf: sub[2] };
  return { text, names, offset: base + node.startIndex };
}

export function wordTextOf(this: ShellReader, node: SyntaxNode, base: number, names: string[], tt: boolean): string {
  switch (node.type) {
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'ansi_c_string':
      return decodeAnsiC(node.text.slice(2, -1));
    case 'simple_expansion':
    case 'expansion': {
      // `${ROOT:-$HOME}` with ROOT never set in this document: the value is the default
      const dflt = /^\$\{(\w+):?[-=]([^{}]+)\}$/.exec(node.text);
      // (a URL or `user@host:` default keeps its host even when a part of its path is computed: `${SINK:-https://h/u/$(whoami)}`)
      if (dflt && !this.assigned.has(dflt[1]!) && (!/\$\(|`/.test(dflt[2]!) || /^["']?https?:\/\/[\w.-]+(?:[/:]|$)|^["']?(?:[\w.-]+@)?[\w-]+(?:\.[\w-]+)+:(?!\/\/)/.test(dflt[2]!))) {
        // the default's own variables still flow (`${OUT:-$HOME/x}` reads HOME); the unset name does not
        const inner = dflt[2]!.replace(/^["']|["']$/g, '').replace(/\$\([^()]*\)|`[^`]*`/g, 'X');
        for (const v of matchAll(inner, /\$\{?(\w+)\}?/g)) names.push(`$${v[1]}`);
        return inner;
      }
      const v = node.descendantsOfType('variable_name')[0]?.text ?? node.text.replace(/^\$\{?|\}$/g, '');
      this.envRead(v, base + node.startIndex);
      names.push(`$${v}`);
      return `$${v}`;
    }
    case 'command_substitution':
    case 'process_substitution': {
      const out = this.statements(node, base, null, tt);
      if (out) names.push(out);
      return node.type === 'process_substitution' ? '/dev/fd/63' : '$(…)';
    }
    case 'string':
    case 'concatenation':
    case 'translated_string': {
      let s = '';
      let last = node.type === 'string' ? node.startIndex + 1 : node.startIndex;
      for (let i = 0; i < node.namedChildCount; i++) {
        const c = node.namedChild(i)!;
        // literal text between named children (a string's raw characters)
        if (c.startIndex > last) s += node.text.slice(last - node.startIndex, c.startIndex - node.startIndex).replace(/^"|"$/g, '');
        s += this.wordText(c, base, names, tt);
        last = c.endIndex;
      }
      const end = node.type === 'string' ? node.endIndex - 1 : node.endIndex;
      if (end > last) s += node.text.slice(last - node.startIndex, end - node.startIndex).replace(/"$/, '');
      return s;
    }
    case 'string_content':
      return node.text;
    default: {
      if (node.namedChildCount > 0 && node.type !== 'word') {
        let s = '';
        for (let i = 0; i < node.namedChildCount; i++) s += this.wordText(node.namedChild(i)!, base, names, tt);
        return s;
      }
      const text = node.text;
      return text.includes('\\') ? text.replace(/\\(.)/g, '$1') : text;
    }
  }
}
