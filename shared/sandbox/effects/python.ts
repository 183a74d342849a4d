/**
 * Python code → actions, parsed with tree-sitter-python. Each expression yields the data names it
 * carries (variables, call results) and, where it is a constant, its text; calls are looked up in
 * the API catalogue (catalogue/apis.ts). Shell commands built in Python (os.system, subprocess) are
 * handed to the shell reader, so `subprocess.run("curl … | sh", shell=True)` reads like the shell.
 */
import type { BudgetArg } from '../../threads/budget-clock.js';
import { withCode, type CodeTreeNode as SyntaxNode } from '../../parsers/tree-sitter.js';
import { hostOf } from '../hosts.js';
import { matchApi, PYTHON_APIS } from './catalogue/apis.js';
import { isSecretEnv, normalisePath, persistAt, REQUEST_CREDENTIAL_HEADER, secretAt } from './catalogue/locations.js';
import { REQUEST_INPUT } from './flow.js';
import { addressHost, fixedAddressIn, grantActions, grantByRequest, granteeIn } from './mail.js';
import { TOOL_DECORATOR, toolTextAsksForSecrets } from './tool-text.js';
import { PAYMENT_TEST_MODE, payoutAccountCall, payoutBankAccount, unlimitedApprovalTo } from './catalogue/payee.js';
import { SILENCES_API, silencesEverything } from './silence.js';
import type { ReadContext } from './shell.js';
import type { NewAction, Step } from './sink.js';
import { matchAll } from '../match-all.js';

interface Val {
  names: string[];
  text: string | null;
}

const NONE: Val = { names: [], text: null };
const URLISH = /^(?:https?|ftp):\/\//i;
/** Keyword options that give an SDK the address it sends to (`dsn`, `endpoint`, `api_host`, `base_url` …). */
/** Methods of an error-reporting or analytics SDK that send an event or attach data to the next one. */
const SDK_EVENT = /^(?:capture_message|capture_exception|capture_event|capture|set_context|set_extra|set_tag|set_user|add_breadcrumb|track|identify|log_event)$/;
const INGEST_KEYWORD = /^(?:dsn|api_?host|endpoint|base_?url|url|ingest\w*|collector\w*|server_?url|host)$/i;

/** Python's escapes in a (non-raw) string literal. */
function unescapePy(s: string): string {
  return s.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[0-7]{1,3}|.)/g, (_m, e: string) => {
    if (e[0] === 'x' || e[0] === 'u') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[e] ?? e;
  });
}

function join(vals: Val[], sep = ''): Val {
  const texts = vals.map((v) => v.text);
  return { names: vals.flatMap((v) => v.names), text: texts.every((t) => t !== null) ? texts.join(sep) : texts.filter((t) => t !== null).join(sep) || null };
}

/** Methods that store their arguments in the object they are called on. */
/** Regex sources shaped like well-known credentials: an AWS key id, GitHub/Slack/Stripe tokens, a PEM private key. */
const CREDENTIAL_PATTERN = /AKIA\[|AKIA\{|gh\[?p|ghp_|xox\[?[abp]|sk_live_|BEGIN[^\n"']{0,30}PRIVATE KEY|glpat-|npm_\[|AIza\[/;

/** Constructors of archive and compressed-file writers. */
const ARCHIVE_OPEN = /(?:^|\.)(?:tarfile\.open|TarFile(?:\.open)?|ZipFile|PyZipFile|GzipFile|gzip\.open|bz2\.open|BZ2File|lzma\.open|LZMAFile)$/;
const MUTATORS = /^(?:add_\w+|append|attach|extend|update|insert|set_\w+|setdefault|put|add|write|writestr|add_header|set_payload)$/;

/** Calls that destroy data: SQL that drops or empties tables, recursive deletes, wipes. */
const DESTRUCTIVE_CALL = /\b(?:execute|executescript|exec_driver_sql|raw)\s*\(\s*f?["'](?:[^"'\n]{0,40})?\b(?:drop\s+(?:table|database|schema)|truncate(?:\s+table)?|delete\s+from\s+[\w."]+\s*["';])|\bshutil\s*\.\s*rmtree\s*\(|\bos\s*\.\s*(?:remove|unlink|rmdir)\s*\(|\bPath\s*\([^)]*\)\s*\.\s*(?:unlink|rmdir)\s*\(/i;

/** Keyword arguments by which a client is given its credential. */
const CREDENTIAL_KEYWORD = /^(?:token|\w*_token|api_?key|\w*_api_key|key|secret|\w*_secret(?:_\w+)?|password|passwd|auth|credentials?|bearer|access_key\w*|aws_\w+)$/i;
/** Methods named for the credential or the headers that carry it. */
const CREDENTIAL_METHOD = /token|key|secret|cred|auth|header|password|passwd|cookie|session|config|env|dict|json|__/i;

/**
 * A constructor call that builds a client from a credential given by keyword, every other argument carrying no data
 * (`WebClient(token=…)`, `Github(auth=…, timeout=20)`, `boto3.client("s3", aws_secret_access_key=…)`).
 */
function authenticatedClient(call: SyntaxNode): boolean {
  const fn = call.childForFieldName('function')?.text ?? '';
  const tail = fn.split('.').pop() ?? '';
  if (!/^[A-Z]\w*$|^(?:client|Client|resource|connect|login|build)$/.test(tail)) return false;
  const args = call.childForFieldName('arguments');
  let credential = false;
  for (let i = 0; args && i < args.namedChildCount; i++) {
    const a = args.namedChild(i)!;
    if (a.type === 'keyword_argument') {
      if (CREDENTIAL_KEYWORD.test(a.childForFieldName('name')?.text ?? '')) credential = true;
      else if (a.childForFieldName('value')?.descendantsOfType('identifier').length) return false;
    } else if (a.type !== 'string' && a.type !== 'integer' && a.type !== 'comment') return false;
  }
  return credential;
}

export class PythonReader {
  /** Functions defined so far: their parameters and the steps their bodies produced. */
  private readonly defs = new Map<string, { params: string[]; steps: Step[] }>();
  private replays = 0;
  private readonly handles = new Map<string, string>();
  /** SDK modules or clients set up with a literal ingest address (`sentry_sdk` → its DSN): their events go there. */
  private readonly sdkModules = new Map<string, string>();
  private readonly consts = new Map<string, string>();
  /**
   * Clients built with a credential as a keyword (`WebClient(token=os.environ["SLACK_BOT_TOKEN"])`, `OpenAI(api_key=…)`):
   * the credential authenticates the client, and what the client's methods return is the service's data, not the
   * credential (the credential itself still flows where the client's attributes are read: `client.token`).
   */
  private readonly authClients = new Set<string>();
  private readonly rot13Fns = new Set<string>();
  /** The function whose body is being read (its returns flow to `$name()`). */
  private fn: string | null = null;

  /** The block being read (a request body named by a variable is found where it is assigned). */
  private code = '';

  constructor(private readonly ctx: ReadContext) {}

  read(code: string, base: number, budgetMs?: BudgetArg): boolean {
    this.credentialPatterns = CREDENTIAL_PATTERN.test(code);
    this.code = code;
    return withCode('python', code, (root) => {
      this.walk(root, base);
      return true;
    }, budgetMs) === true;
  }

  /** Calls of a function not defined yet, by name: replayed when its definition is met. */
  private readonly earlyCalls = new Map<string, { args: Val[]; offset: number }[]>();

  /** A call of a function defined in the document: its arguments reach its parameters, and what its body does happens again with them. */
  private replay(def: { params: string[]; steps: Step[] }, args: Val[], offset: number): void {
    if (this.replays >= 50) return;
    def.params.forEach((p, k) => {
      const v = args.length === 1 && def.params.length > 1 ? args[0] : args[k];
      if (v?.names.length) this.ctx.list.edge(v.names, [`$${p}`], offset);
    });
    this.replays++;
    for (const st of def.steps) this.ctx.list.steps.push(st);
  }

  /** The function definition being walked is decorated as an agent tool. */
  private toolDef = false;

  /** The program holds patterns of credentials (`AKIA[0-9A-Z]{16}`, `ghp_…`): what its regex matches return are credentials. */
  private credentialPatterns = false;

  private add(a: NewAction, offset: number): void {
    this.ctx.list.add(a, offset, this.ctx.origin === 'shell' ? 'python' : this.ctx.origin, this.ctx.mode);
  }

  private walk(node: SyntaxNode, base: number): void {
    switch (node.type) {
      case 'decorated_definition': {
        // an agent tool's function: its docstring is read as the tool's description (toolParamsAskedForSecrets)
        const outer = this.toolDef;
        this.toolDef = node.namedChildren.some((d) => d?.type === 'decorator' && TOOL_DECORATOR.test(d.text));
        for (let i = 0; i < node.namedChildCount; i++) this.walk(node.namedChild(i)!, base);
        this.toolDef = outer;
        return;
      }
      case 'if_statement': {
        // a branch taken only from a date or time on (`if date.today() >= date(2027, 3, 1):`): what it destroys is a time bomb
        const cond = node.childForFieldName('condition')?.text ?? '';
        // (against a fixed calendar date or epoch, not an age: `time.time() - mtime > 30 * 86400` is retention)
        const timed = /\b(?:date|datetime)\s*\.\s*(?:date\s*\.\s*)?(?:today|now|utcnow)\s*\(|\btime\s*\.\s*time\s*\(/.test(cond) && /\b(?:date|datetime)\s*\(\s*20\d\d\b|["']20\d\d-\d\d-\d\d|\b1[6-9]\d{8}\b/.test(cond);
        const destroy = timed ? DESTRUCTIVE_CALL.exec(node.text.slice(0, 4000)) : null;
        if (destroy) this.add({ kind: 'destroy', entry: 'destroy.time-triggered', object: destroy[0].slice(0, 80), via: 'a date condition', flags: ['time-triggered'] }, base + node.startIndex + destroy.index);
        for (let i = 0; i < node.namedChildCount; i++) this.walk(node.namedChild(i)!, base);
        return;
      }
      case 'function_definition': {
        // a helper that only undoes rot13 (`def rot(s): return codecs.decode(s, "rot13")`)
        if (/^\s*def\s+(\w+)\s*\(\s*(\w+)\s*\)\s*(?:->\s*\w+\s*)?:\s*(?:\n\s*)?return\s+codecs\.(?:de|en)code\(\s*\2\s*,\s*["']rot[-_]?13["']\s*\)\s*$/.test(node.text.slice(0, 300)) && this.rot13Fns.size < 20) this.rot13Fns.add(node.childForFieldName('name')?.text ?? '');
        // what a function returns reaches every call of it (`ctx = context()` … `post(json=ctx)`)
        const fname = node.childForFieldName('name')?.text;
        const outer = this.fn;
        this.fn = fname ?? null;
        const body = node.childForFieldName('body');
        const from = this.ctx.list.steps.length;
        if (this.toolDef) this.toolParamsAskedForSecrets(node, base);
        this.toolDef = false;
        if (body) this.walk(body, base);
        this.fn = outer;
        // its parameters and what its body does, for calls later in the document
        if (fname) {
          const params = paramNames(node);
          const def = { params, steps: this.ctx.list.steps.slice(from, from + 400) };
          this.defs.set(fname, def);
          // calls made before the definition (a helper defined below the function that uses it) reach it now
          for (const c of this.earlyCalls.get(fname) ?? []) this.replay(def, c.args, c.offset);
          this.earlyCalls.delete(fname);
        }
        return;
      }
      case 'return_statement': {
        for (let i = 0; i < node.namedChildCount; i++) {
          const c = node.namedChild(i)!;
          const v = this.expr(c, base);
          if (this.fn) this.ctx.list.edge(v.names, [`$${this.fn}()`], base + node.startIndex);
        }
        return;
      }
      case 'expression_statement':
      case 'await':
        for (let i = 0; i < node.namedChildCount; i++) this.statementChild(node.namedChild(i)!, base);
        return;
      case 'assignment':
      case 'augmented_assignment':
        this.assign(node, base);
        return;
      case 'with_statement': {
        for (const item of node.descendantsOfType('with_item')) {
          if (!item) continue;
          const value = item.childForFieldName('value') ?? item.namedChild(0);
          if (!value) continue;
          const alias = value.type === 'as_pattern' ? value.namedChild(value.namedChildCount - 1)?.text : undefined;
          const inner = value.type === 'as_pattern' ? value.namedChild(0)! : value;
          const v = this.expr(inner, base);
          const path = this.openPath(inner, base);
          if (alias && path) this.handles.set(alias.replace(/^as\s+/, ''), path);
          if (alias && !path) this.ctx.list.edge(v.names, [`$${alias}`], base + inner.startIndex);
          if (alias) this.archiveInto(inner, alias.replace(/^as\s+/, ''), base);
        }
        const body = node.childForFieldName('body');
        if (body) this.walk(body, base);
        return;
      }
      case 'for_statement': {
        // `for f in ("~/.bash_history", …)`: the loop variable names each value in turn
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        if (left && right) {
          const v = this.expr(right, base);
          const ids = left.type === 'identifier' ? [left.text] : left.descendantsOfType('identifier').filter((n): n is SyntaxNode => n !== null).map((n) => n.text);
          const names = [...v.names, ...this.loopPaths(right, base, ids)];
          this.ctx.list.edge(names, ids.map((i) => `$${i}`), base + node.startIndex);
        }
        const body = node.childForFieldName('body');
        if (body) this.walk(body, base);
        const alt = node.childForFieldName('alternative');
        if (alt) this.walk(alt, base);
        return;
      }
      case 'call':
        this.expr(node, base);
        return;
      default:
        for (let i = 0; i < node.namedChildCount; i++) this.walk(node.namedChild(i)!, base);
    }
  }

  /** Paths of secrets in a literal tuple, list or set looped over: each is read in turn (a read per secret path). */
  private loopPaths(right: SyntaxNode, base: number, ids: readonly string[]): string[] {
    const names: string[] = [];
    if (right.type !== 'tuple' && right.type !== 'list' && right.type !== 'set') return names;
    for (let i = 0; i < right.namedChildCount; i++) {
      const t = this.expr(right.namedChild(i)!, base).text;
      if (!t) continue;
      const sec = secretAt(t);
      if (sec) {
        const r = this.ctx.list.fresh('read');
        this.add({ kind: 'read', entry: sec.entry, object: normalisePath(t), via: 'loop over paths', produces: [r] }, base + right.startIndex);
        names.push(r);
        if (ids.length === 1) this.consts.set(ids[0]!, t);
      }
    }
    return names;
  }

  /** `[expand(p) for p in ("~/.ssh/id_rsa", …)]`: the comprehension's values are built from each path of the literal it loops over. */
  private comprehensionPaths(node: SyntaxNode, base: number): string[] {
    if (!/^(?:list_comprehension|set_comprehension|generator_expression|dictionary_comprehension)$/.test(node.type)) return [];
    const names: string[] = [];
    for (const clause of node.descendantsOfType('for_in_clause')) {
      const right = clause?.childForFieldName('right');
      if (right) names.push(...this.loopPaths(right, base, []));
    }
    return names;
  }

  private statementChild(node: SyntaxNode, base: number): void {
    if (node.type === 'assignment' || node.type === 'augmented_assignment') this.assign(node, base);
    else this.expr(node, base);
  }

  private assign(node: SyntaxNode, base: number): void {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (!left || !right) return;
    const v = this.expr(right, base);
    // `s.proxies = {"https": "http://h:3128"}`, `proxies = {...}`: every request of that client goes through h
    if (/(?:^|\.)proxies$/.test(left.text)) {
      for (const m of matchAll(right.text, /["'](https?:\/\/[^"'\s]+)["']/g)) this.add({ kind: 'tamper', entry: 'tamper.proxy', object: m[1], via: `${left.text} =`, host: hostOf(m[1]!) ?? undefined }, base + node.startIndex);
    }
    const targets = left.type === 'identifier' ? [left.text] : left.descendantsOfType('identifier').filter((n): n is SyntaxNode => n !== null).map((n) => n.text);
    const to = targets.map((t) => `$${t}`);
    if (left.type === 'attribute' || left.type === 'subscript') to.push(`$${left.text}`);
    this.ctx.list.edge([...v.names, ...this.comprehensionPaths(right, base)], to, base + node.startIndex);
    if (v.text !== null && left.type === 'identifier') this.consts.set(left.text, v.text);
    const path = right.type === 'call' ? this.openPath(right, base) : null;
    if (path && left.type === 'identifier') this.handles.set(left.text, path);
    if (left.type === 'identifier') this.archiveInto(right, left.text, base);
    if (left.type === 'identifier') {
      if (right.type === 'call' && authenticatedClient(right)) this.authClients.add(left.text);
      else this.authClients.delete(left.text);
    }
  }

  /**
   * `tarfile.open(fileobj=buf, mode="w:gz")`, `zipfile.ZipFile(buf, "w")`, `gzip.GzipFile(fileobj=f)`: what
   * is added to the archive handle ends up in that file object (`buf.getvalue()` is then the archive).
   */
  private archiveInto(call: SyntaxNode, handle: string, base: number): void {
    if (call.type !== 'call') return;
    const fn = call.childForFieldName('function')?.text ?? '';
    if (!ARCHIVE_OPEN.test(fn)) return;
    const args = call.childForFieldName('arguments');
    let target: string | null = null;
    for (let i = 0; args && i < args.namedChildCount; i++) {
      const a = args.namedChild(i)!;
      if (a.type === 'keyword_argument' && a.childForFieldName('name')?.text === 'fileobj') target = a.childForFieldName('value')?.text ?? null;
      else if (i === 0 && a.type === 'identifier') target = a.text;
    }
    if (target && /^[\w.]+$/.test(target)) this.ctx.list.edge([`$${handle}`], [`$${target}`], base + call.startIndex);
  }

  /** The path of `open(p, 'w'|'a')` (a write handle), or null. */
  private openPath(node: SyntaxNode, base: number): string | null {
    if (node.type !== 'call') return null;
    const fn = node.childForFieldName('function')?.text ?? '';
    if (!/(?:^|\.)open$/.test(fn) && !ARCHIVE_OPEN.test(fn)) return null;
    const args = node.childForFieldName('arguments');
    const a0 = args?.namedChild(0);
    const a1 = args?.namedChild(1);
    const mode = a1 ? this.expr(a1, base).text ?? '' : '';
    if (!/[wax+]/.test(mode) && !/mode\s*=\s*["'][wax]/.test(args?.text ?? '')) return null;
    const p = a0 ? this.expr(a0, base).text : null;
    return p ? normalisePath(p) : null;
  }

  private expr(node: SyntaxNode, base: number): Val {
    switch (node.type) {
      case 'string': {
        let text = '';
        const names: string[] = [];
        for (let i = 0; i < node.namedChildCount; i++) {
          const c = node.namedChild(i)!;
          if (c.type === 'string_content') text += /^[rR]/.test(node.text) ? c.text : unescapePy(c.text);
          else if (c.type === 'interpolation') {
            const v = this.expr(c.namedChild(0) ?? c, base);
            names.push(...v.names);
            text += v.text ?? '{}';
          } else if (c.type === 'escape_sequence') text += ({ '\\n': '\n', '\\t': '\t', '\\r': '\r', '\\\\': '\\', "\\'": "'", '\\"': '"' } as Record<string, string>)[c.text] ?? (/^\\x[0-9a-f]{2}$/i.test(c.text) ? String.fromCharCode(parseInt(c.text.slice(2), 16)) : c.text);
        }
        return { names, text };
      }
      case 'concatenated_string':
        return join(Array.from({ length: node.namedChildCount }, (_, i) => this.expr(node.namedChild(i)!, base)));
      case 'identifier': {
        const c = this.consts.get(node.text);
        return { names: [`$${node.text}`], text: c ?? null };
      }
      case 'integer':
      case 'float':
      case 'true':
      case 'false':
      case 'none':
        return { names: [], text: node.text };
      case 'attribute': {
        if (/^os\.environ$/.test(node.text)) return this.envAll(node, base);
        // Flask's and Django's request input: `request.json`, `request.args`, `request.form`, `request.GET`, `request.POST`
        if (/^(?:request|req|self\.request|flask\.request)\.(?:json|args|form|values|data|files|GET|POST|body|query_params)$/.test(node.text)) return this.requestInput(node, base);
        const obj = node.childForFieldName('object');
        const v = obj ? this.expr(obj, base) : NONE;
        return { names: [...v.names, `$${node.text}`], text: null };
      }
      case 'subscript': {
        const value = node.childForFieldName('value');
        const sub = node.childForFieldName('subscript');
        if (value && /(?:^|\.)environ$/.test(value.text) && sub) {
          const key = this.expr(sub, base).text;
          // a WSGI request's environment: `environ["HTTP_AUTHORIZATION"]` is the sender's credentials, not a setting
          if (key && /^HTTP_/.test(key) && REQUEST_CREDENTIAL_HEADER.test(key.slice(5).replace(/_/g, '-'))) return this.requestCredential(key.slice(5).replace(/_/g, '-'), node, base);
          if (key) return this.envOne(key, node, base);
        }
        // `request.headers["Authorization"]`, `request.META["HTTP_AUTHORIZATION"]`, `request.COOKIES[…]`: the sender's credentials
        if (value && sub && /(?:^|\.)(?:headers|META|COOKIES|cookies)$/.test(value.text) && /^(?:request|req|self\.request|flask\.request)\b/.test(value.text)) {
          const key = (this.expr(sub, base).text ?? '').replace(/^HTTP_/, '').replace(/_/g, '-');
          if (REQUEST_CREDENTIAL_HEADER.test(key) || /COOKIES|cookies/.test(value.text)) return this.requestCredential(key || 'cookie', node, base);
        }
        return join([value ? this.expr(value, base) : NONE, sub ? this.expr(sub, base) : NONE]);
      }
      case 'binary_operator': {
        const l = node.childForFieldName('left');
        const r = node.childForFieldName('right');
        const op = node.childForFieldName('operator')?.text ?? '';
        const lv = l ? this.expr(l, base) : NONE;
        const rv = r ? this.expr(r, base) : NONE;
        if (op === '/' && lv.text !== null && rv.text !== null) return { names: [...lv.names, ...rv.names], text: `${lv.text}/${rv.text}` };
        return join([lv, rv]);
      }
      case 'call':
        return this.call(node, base);
      case 'boolean_operator': {
        // `os.getenv("X") or "https://…"`: the literal is the value whenever the variable is unset (a fresh install),
        // so it is the address or key the code is written to use
        const l = node.childForFieldName('left');
        const r = node.childForFieldName('right');
        const lv = l ? this.expr(l, base) : NONE;
        const rv = r ? this.expr(r, base) : NONE;
        const op = node.childForFieldName('operator')?.text ?? '';
        return { names: [...lv.names, ...rv.names], text: op === 'or' ? (lv.text ?? rv.text) : null };
      }
      default: {
        const vals: Val[] = [];
        for (let i = 0; i < node.namedChildCount; i++) vals.push(this.expr(node.namedChild(i)!, base));
        return { names: vals.flatMap((v) => v.names), text: vals.length === 1 ? vals[0]!.text : null };
      }
    }
  }

  private envAll(node: SyntaxNode, base: number): Val {
    const name = this.ctx.list.fresh('env');
    this.add({ kind: 'read', entry: 'read.secret.env', object: 'the whole environment', via: 'os.environ', produces: [name] }, base + node.startIndex);
    return { names: [name], text: null };
  }

  /** What an incoming request carries (its body, query, form): anyone's input to server code. */
  private requestInput(node: SyntaxNode, base: number): Val {
    const name = this.ctx.list.fresh('input');
    this.add({ kind: 'read', entry: REQUEST_INPUT, object: node.text, via: 'an incoming request', produces: [name] }, base + node.startIndex);
    return { names: [name], text: null };
  }

  /** A credential an incoming request carries (its Authorization or Cookie header): the end users' sessions and tokens. */
  private requestCredential(header: string, node: SyntaxNode, base: number): Val {
    const name = this.ctx.list.fresh('req');
    this.add({ kind: 'read', entry: 'read.secret.request-credential', object: `the ${header.toLowerCase()} of every incoming request`, via: 'the request headers', produces: [name] }, base + node.startIndex);
    return { names: [name], text: null };
  }

  private envOne(key: string, node: SyntaxNode, base: number): Val {
    if (!isSecretEnv(key)) return { names: [], text: null };
    const name = `$${key}`;
    this.add({ kind: 'read', entry: 'read.secret.env-var', object: key, via: 'os.environ', produces: [name] }, base + node.startIndex);
    return { names: [name], text: null };
  }

  /**
   * An agent tool (`@mcp.tool()`, `@server.tool`, `@tool`) whose description — its docstring, which the agent reads as
   * instructions — asks the agent to pass the credentials it holds or the conversation in a parameter: that parameter
   * carries them into the tool's body (effects/tool-text.ts).
   */
  private toolParamsAskedForSecrets(node: SyntaxNode, base: number): void {
    const first = node.childForFieldName('body')?.namedChild(0);
    const doc = first?.type === 'expression_statement' && first.namedChild(0)?.type === 'string' ? first.namedChild(0)!.text : '';
    const asked = toolTextAsksForSecrets(doc);
    if (!asked) return;
    const params = paramNames(node).filter((p) => p !== 'self' && p !== 'ctx');
    const named = params.filter((p) => new RegExp(`(?<![\\w])${p}(?![\\w])`).test(doc));
    for (const p of named.length ? named : params) {
      this.add({ kind: 'read', entry: 'read.secret.agent-context', object: asked, via: `the description of the tool ${node.childForFieldName('name')?.text ?? ''}`, produces: [`$${p}`] }, base + first!.startIndex);
    }
  }

  /** A standing copy of, or access to, the user's mail, files or calendar given to `addr`: that data sent there. */
  private grantTo(addr: string, what: string, via: string, offset: number): void {
    for (const a of grantActions(this.ctx.list.fresh('read'), addr, what, via)) this.add(a, offset);
  }

  private call(node: SyntaxNode, base: number): Val {
    const fnNode = node.childForFieldName('function');
    const argsNode = node.childForFieldName('arguments');
    const callee = fnNode?.text.replace(/\s+/g, '') ?? '';
    // a payment SDK adding a bank account written in the skill as the payout destination (catalogue/payee.ts)
    const payout = payoutAccountCall(callee);
    const acct = payout ? payoutBankAccount(argsNode?.text.slice(0, 4000) ?? '', payout.update) : null;
    if (acct && !PAYMENT_TEST_MODE.test(this.ctx.list.src.content.slice(0, 200_000))) this.add({ kind: 'tamper', entry: 'tamper.payee', object: `bank account ${acct}`, via: `${callee} (payout destination)` }, base + node.startIndex);
    // a silence posted to Alertmanager's API that matches every alert for a month or more (effects/silence.ts)
    let callText = argsNode?.text.slice(0, 6000) ?? '';
    // (a body given by name, `json=payload`: the dict assigned to that name in this block)
    const bodyName = SILENCES_API.test(callText) ? /\b(?:json|data)\s*=\s*([A-Za-z_]\w*)\s*[,)]/.exec(callText)?.[1] : undefined;
    if (bodyName) {
      const at = new RegExp(`^\\s*${bodyName}\\s*=\\s*\\{`, 'm').exec(this.code.slice(0, 200_000));
      if (at) callText += ` ${this.code.slice(at.index, at.index + 4000)}`;
    }
    const silenced = SILENCES_API.test(callText) ? silencesEverything(callText) : null;
    if (silenced !== null) this.add({ kind: 'privilege', entry: 'privilege.defense-off', object: `every alert (silenced for ${silenced} h)`, via: `${callee} /api/v2/silences`, flags: ['defense-off'] }, base + node.startIndex);
    const positional: Val[] = [];
    const positionalNodes: SyntaxNode[] = [];
    const keyword = new Map<string, Val>();
    for (let i = 0; argsNode && i < argsNode.namedChildCount; i++) {
      const a = argsNode.namedChild(i)!;
      if (a.type === 'keyword_argument') {
        const k = a.childForFieldName('name')?.text ?? '';
        const v = a.childForFieldName('value');
        keyword.set(k, v ? this.expr(v, base) : NONE);
      } else if (a.type !== 'comment') {
        positional.push(this.expr(a, base));
        positionalNodes.push(a);
      }
    }
    // the object a method is called on carries data too (`x.encode()`, `requests.get(u).text`)
    let objVal: Val = NONE;
    // (`os.environ.get("X")` reads one variable: its object is not a read of the whole environment)
    if (fnNode?.type === 'attribute' && !/(?:^|\.)environ\.get$/.test(callee)) {
      const obj = fnNode.childForFieldName('object');
      if (obj && obj.type !== 'identifier') objVal = this.expr(obj, base);
      // (a method of a client authenticated by a credential returns the service's data, not the credential, unless the
      // method is named for the credential itself: `client.get_token()`, `client.auth_headers()`)
      else if (obj && this.authClients.has(obj.text) && !CREDENTIAL_METHOD.test(fnNode.childForFieldName('attribute')?.text ?? '')) objVal = NONE;
      else if (obj) objVal = { names: [`$${obj.text}`], text: this.consts.get(obj.text) ?? null };
    }
    const offset = base + node.startIndex;
    // rot13 undone where the text is written (`codecs.decode("nepuvir@…", "rot13")`, or through a one-line helper that
    // returns that): the address or path it spells is what the code uses
    const rot = /^codecs\.(?:de|en)code$/.test(callee) && /^rot[-_]?13$/i.test(positional[1]?.text ?? '') ? positional[0] : this.rot13Fns.has(callee) ? positional[0] : undefined;
    if (rot && rot.text !== null) return { names: rot.names, text: rot.text.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.charCodeAt(0) & 31) + 12) % 26 + (c.charCodeAt(0) & 96) + 1)) };
    // … and a WSGI environment's `environ.get("HTTP_COOKIE")`
    if (/(?:^|\.)environ\.get$/.test(callee) && /^HTTP_/.test(positional[0]?.text ?? '') && REQUEST_CREDENTIAL_HEADER.test(positional[0]!.text!.slice(5).replace(/_/g, '-'))) return this.requestCredential(positional[0]!.text!.slice(5).replace(/_/g, '-'), node, base);
    // `request.headers.get("Authorization")`, `request.cookies.get(…)`, `request.META.get("HTTP_AUTHORIZATION")`
    if (/^(?:request|req|self\.request|flask\.request)\.(?:headers|META|cookies|COOKIES)\.get$/.test(callee)) {
      const key = (positional[0]?.text ?? '').replace(/^HTTP_/, '').replace(/_/g, '-');
      if (REQUEST_CREDENTIAL_HEADER.test(key) || /cookies$/i.test(callee.replace(/\.get$/, ''))) return this.requestCredential(key || 'cookie', node, base);
    }
    const out = this.ctx.list.fresh('py');
    const allNames = [...positional.flatMap((v) => v.names), ...[...keyword.values()].flatMap((v) => v.names)];
    const tail = callee.split('.').pop() ?? '';

    // a call of a function defined earlier in the document (directly, or as a thread's or executor's target):
    // its arguments reach its parameters, and what its body does happens again with them
    const target = this.defs.has(callee) ? callee : /(?:^|\.)(?:Thread|Process|Timer|submit|run_in_executor|apply_async|start_new_thread)$/.test(callee) ? (keyword.get('target')?.names[0] ?? positional[0]?.names[0] ?? '').replace(/^\$/, '') : '';
    const def = target ? this.defs.get(target) : undefined;
    if (def) this.replay(def, target === callee ? positional : (keyword.get('args') ? [keyword.get('args')!] : positional.slice(1)), offset);
    else if (/^[A-Za-z_]\w*$/.test(callee) && positional.some((v) => v.names.length) && this.earlyCalls.size < 200) {
      const calls = this.earlyCalls.get(callee) ?? [];
      if (calls.length < 8) this.earlyCalls.set(callee, [...calls, { args: positional, offset }]);
    }

    // f.write(x) on a handle opened for writing
    if (tail === 'write' || tail === 'writelines') {
      const obj = callee.slice(0, -tail.length - 1);
      const path = this.handles.get(obj) ?? (fnNode?.childForFieldName('object') ? this.openPath(fnNode.childForFieldName('object')!, base) : null);
      if (path) {
        this.writeTo(path, allNames, positional.map((v) => v.text ?? '').join(''), offset);
        return { names: [out], text: null };
      }
    }
    if ((callee === 'os.getenv' || callee.endsWith('environ.get')) && positional[0]?.text) return this.envOne(positional[0].text, node, base);
    if (/(?:^|\.)environ\.(?:copy|items|keys|values)$/.test(callee) || callee === 'dict' && positional.some((p) => p.names.some((n) => n.startsWith('env#')))) {
      if (/environ\./.test(callee)) return this.envAll(node, base);
    }
    // a count, a truth value or a type carries no content of what it measures
    if (/^(?:len|bool|any|all|isinstance|type|hash|id|callable)$/.test(callee)) return { names: [], text: null };
    // a secret scanner's matches: the values a credential pattern finds are the credentials themselves
    if (this.credentialPatterns && /(?:^|\.)(?:finditer|findall|search|fullmatch|match)$/.test(callee) && /^(?:re|regex|\w+)\./.test(callee)) {
      const r = this.ctx.list.fresh('read');
      this.add({ kind: 'read', entry: 'read.secret.pattern-match', object: 'credentials matched by the program\'s secret patterns', via: callee, produces: [r] }, offset);
      this.ctx.list.edge([r], [out], offset);
      return { names: [out, r, ...allNames, ...objVal.names], text: null };
    }
    // an error-reporting, analytics or telemetry SDK set up with its ingest address (`sentry_sdk.init(dsn=…,
    // before_send=hook)`): what its options carry and what its hooks read and return goes to that host with every event
    if (fnNode?.type === 'attribute' && /^(?:init|start|configure|setup|initialize)$/.test(tail)) {
      const ingest = [...keyword.entries()].find(([k, v]) => INGEST_KEYWORD.test(k) && /^https?:\/\//i.test(v.text ?? ''));
      if (ingest) {
        const hooks = [...keyword.values()].flatMap((v) => v.names).filter((n) => this.defs.has(n.replace(/^\$/, ''))).map((n) => `${n}()`);
        const hookReads = hooks.flatMap((h) => (this.defs.get(h.slice(1, -2))?.steps ?? []).flatMap((s) => ('action' in s && s.action.kind === 'read' ? s.action.produces ?? [] : [])));
        const consumes = [...allNames.filter((n) => !/^\$\w+$/.test(n) || !this.defs.has(n.slice(1))), ...hooks, ...hookReads];
        if (consumes.length) this.add({ kind: 'send', entry: 'send.sdk', via: `${callee}() of an SDK`, host: hostOf(ingest[1].text!) ?? undefined, object: ingest[1].text!, channel: 'body', consumes }, offset);
        // (and every event the same module sends later goes there too)
        this.sdkModules.set(callee.slice(0, -tail.length - 1), ingest[1].text!);
      }
    }
    // an image saved with metadata (`im.save(p, pnginfo=meta)`, `exif=`, a JPEG `comment=`): what the metadata carries is
    // hidden in a file that is shown, shipped and published with the site or the repository — no one looks inside it.
    // A secret there leaves with the asset (a covert channel, judged as a publication)
    if (fnNode?.type === 'attribute' && tail === 'save' && [...keyword.keys()].some((k) => /^(?:pnginfo|exif|comment|icc_profile|xmp)$/.test(k))) {
      const carried = [...keyword.entries()].filter(([k]) => /^(?:pnginfo|exif|comment|icc_profile|xmp)$/.test(k)).flatMap(([, v]) => v.names);
      if (carried.length) this.add({ kind: 'send', entry: 'send.media-metadata', via: `${callee}() with metadata (an image's text chunks or comment)`, object: 'image metadata', channel: 'publish', consumes: carried }, offset);
    }
    // an event of an SDK set up above with its ingest address (`sentry_sdk.capture_message(open(key).read())`): what the
    // event carries goes to that host
    if (fnNode?.type === 'attribute' && SDK_EVENT.test(tail) && allNames.length && this.sdkModules.has(callee.slice(0, -tail.length - 1))) {
      const url = this.sdkModules.get(callee.slice(0, -tail.length - 1))!;
      this.add({ kind: 'send', entry: 'send.sdk', via: `${callee}() of an SDK`, host: hostOf(url) ?? undefined, object: url, channel: 'body', consumes: allNames }, offset);
    }
    const api = matchApi(callee, PYTHON_APIS);
    // `msg.add_attachment(x)`, `files.append(x)`, `d.update(x)`: the method puts its arguments into the object
    if (fnNode?.type === 'attribute' && MUTATORS.test(tail)) {
      const obj = fnNode.childForFieldName('object');
      if (obj && (obj.type === 'identifier' || obj.type === 'attribute') && allNames.length) {
        this.ctx.list.edge(allNames, [`$${obj.text}`], offset);
        // `tar.add(p)` / `zf.write(p)` on an archive opened for writing at a path: the archive file holds it
        const held = this.handles.get(obj.text);
        if (held && tail !== 'write') this.ctx.list.edge(allNames, [`path:${held}`], offset);
      }
    }
    if (!api) {
      // a secret file's path handed to any function (a helper that opens it, a loader) is read through it
      const reads: string[] = [];
      if (!/(?:^|\.)(?:join|joinpath|Path|expanduser|exists|isfile|isdir|print|str|format)$/.test(callee)) {
        for (const v of positional) {
          if (!v.text || v.text.length > 300 || /^https?:/i.test(v.text)) continue;
          const s = secretAt(normalisePath(v.text));
          if (!s) continue;
          const r = this.ctx.list.fresh('read');
          this.add({ kind: 'read', entry: s.entry, object: normalisePath(v.text), via: callee || 'a function', produces: [r] }, offset);
          reads.push(r);
        }
      }
      // a call of a function defined in the document carries what it returns
      const own = fnNode?.type === 'identifier' ? [`$${callee}()`] : [];
      this.ctx.list.edge([...allNames, ...objVal.names, ...reads, ...own], [out], offset);
      // path building keeps its constant text: Path.home() / ".bashrc", os.path.join(home, ".ssh")
      let text: string | null = null;
      if (/(?:^|\.)home$|gethomedir$/.test(callee)) text = '~';
      else if (/path\.join$|joinpath$/.test(callee)) text = [objVal.text, ...positional.map((p) => p.text)].filter((t) => t !== null).join('/') || null;
      else if (/(?:^|\.)Path$/.test(callee) || callee === 'str' || callee.endsWith('.format')) text = positional[0]?.text ?? null;
      else if (/expanduser$|resolve$|absolute$/.test(callee)) text = objVal.text ?? positional[0]?.text ?? null;
      // text spelled as character codes: `bytes([104, 116, …]).decode()`, `"".join(map(chr, [...]))`, `"".join(chr(c) for c in [...])`
      else if (/^(?:bytes|bytearray)$/.test(callee) && positionalNodes[0]) text = charCodesOf(positionalNodes[0]);
      else if (tail === 'decode' && objVal.text !== null) text = objVal.text;
      else if (tail === 'join' && objVal.text === '' && positionalNodes[0] && /\bchr\b/.test(positionalNodes[0].text)) text = charCodesOf(positionalNodes[0]);
      return { names: [out, ...allNames, ...objVal.names], text };
    }
    const eff = api.effect;
    switch (eff.kind) {
      case 'send': {
        // (a Hub download names its repository, `owner/name`, not a URL)
        const repo = api.entry === 'fetch.hub.python' ? (positional[0]?.text ?? keyword.get('repo_id')?.text ?? '') : '';
        const url = api.entry === 'fetch.hub.python' ? (/^[\w.-]+(?:\/[\w.-]+)?$/.test(repo) ? `https://huggingface.co/${repo}` : '') : eff.host ? `https://${eff.host}/` : positional[0]?.text ?? keyword.get('url')?.text ?? '';
        const host = hostOf(url) ?? undefined;
        const byChannel = new Map<string, string[]>();
        for (const [k, ch] of Object.entries(eff.channelArgs)) {
          const v = keyword.get(k);
          if (v && v.names.length) byChannel.set(ch, [...(byChannel.get(ch) ?? []), ...v.names]);
        }
        if (eff.positionalData !== undefined && positional[eff.positionalData]) {
          const v = positional[eff.positionalData]!;
          if (v.names.length) byChannel.set('body', [...(byChannel.get('body') ?? []), ...v.names]);
        }
        const query = positional[0] && positional[0].names.length && URLISH.test(positional[0].text ?? '') ? positional[0].names : [];
        if (query.length) byChannel.set('query', [...(byChannel.get('query') ?? []), ...query]);
        for (const [ch, names] of byChannel) {
          this.add({ kind: 'send', entry: api.entry.replace(/^fetch/, 'send'), via: callee, host, object: url, channel: ch as NewAction['channel'], consumes: names }, offset);
        }
        this.add({ kind: 'fetch', entry: api.entry.replace(/^send/, 'fetch'), via: callee, host, object: url, produces: [out] }, offset);
        // a request that sets up forwarding, a delegate or a share for a written-out address (Gmail, Graph, Drive APIs)
        const grantee = url && argsNode ? grantByRequest(url, argsNode.text) : null;
        if (grantee) this.grantTo(grantee, `${url} ${argsNode!.text}`, `${callee} ${url.split('?')[0]}`, offset);
        if (/^(?:urlretrieve|download_url_to_file|download)$/.test(tail) && (positional[1]?.text || keyword.get('out')?.text)) this.ctx.list.edge([out], [`path:${normalisePath((positional[1]?.text ?? keyword.get('out')?.text)!)}`], offset);
        return { names: [out], text: null };
      }
      case 'exec': {
        if (eff.how === 'shell') {
          const cmd = positional[0];
          const text = cmd?.text ?? null;
          const firstNode = positionalNodes[0];
          let shellText = text;
          if (firstNode && firstNode.type === 'list') {
            const parts = Array.from({ length: firstNode.namedChildCount }, (_, i) => this.expr(firstNode.namedChild(i)!, base).text ?? '$X');
            shellText = parts.map((p) => (/[\s|;&]/.test(p) && !/^(?:-c)$/.test(p) ? `'${p.replace(/'/g, "'\\''")}'` : p)).join(' ');
          }
          const from = this.ctx.list.actions.length;
          if (shellText && this.ctx.nested && this.ctx.depth < 3) this.ctx.nested('shell', shellText, firstNode ? base + firstNode.startIndex : offset, this.ctx.depth + 1);
          // (what the command reads from a secret store it prints: `subprocess.run(["terraform", "show", "-json"]).stdout`)
          const printed = this.ctx.list.actions.slice(from, from + 200).filter((x) => x.kind === 'read' && x.entry !== 'read.secret.env-var').flatMap((x) => x.produces ?? []).filter((p) => !p.startsWith('path:'));
          if (printed.length) this.ctx.list.edge(printed, [out], offset);
          // the command itself computed (a string, or shell=True): what flows into it is a command, not an argument
          const computedCommand = (cmd?.names.length ?? 0) > 0 && (firstNode?.type !== 'list' || /^True$/.test(keyword.get('shell')?.text ?? ''));
          this.add({ kind: 'exec', entry: api.entry, via: callee, object: (shellText ?? '').slice(0, 200), consumes: allNames, produces: [out], flags: computedCommand ? ['shell', 'request-command'] : ['shell'] }, offset);
        } else {
          if (eff.how === 'deserialise' && tail === 'load' && /torch/.test(callee) && !/^False$/.test(keyword.get('weights_only')?.text ?? '') && !/weights_only\s*=\s*False/.test(argsNode?.text ?? '')) return { names: [out], text: null };
          // a file given by name is what is unpickled
          if (eff.how === 'deserialise' && positional[0]?.text) allNames.push(`path:${normalisePath(positional[0].text)}`);
          if (eff.how === 'code' && positional[0]?.text && this.ctx.nested && this.ctx.depth < 3) this.ctx.nested('python', positional[0].text, base + (positionalNodes[0]?.startIndex ?? node.startIndex), this.ctx.depth + 1);
          this.add({ kind: 'exec', entry: api.entry, via: callee, consumes: [...allNames, ...objVal.names], produces: [out], flags: [eff.how] }, offset);
        }
        return { names: [out], text: null };
      }
      case 'decode':
        this.add({ kind: 'exec', entry: 'decode', via: callee, consumes: [...allNames, ...objVal.names], produces: [out], flags: ['decoder'] }, offset);
        return { names: [out], text: null };
      case 'read-file': {
        // `Path(d).glob("id_*")`: the folder is the object, the argument a pattern inside it
        const p = /^(?:r?glob|iterdir)$/.test(tail) && objVal.text ? `${objVal.text}/${positional[0]?.text ?? ''}`.replace(/\/$/, '') : positional[0]?.text ?? objVal.text;
        const names = [...allNames, ...objVal.names];
        if (p) {
          const path = normalisePath(p);
          const s = secretAt(path);
          if (s) {
            const r = this.ctx.list.fresh('read');
            this.add({ kind: 'read', entry: s.entry, object: path, via: callee, produces: [r] }, offset);
            names.push(r);
          }
          names.push(`path:${path}`);
          if (/copytree|copyfile|copy2?$|make_archive/.test(callee) && positional[1]?.text) {
            this.ctx.list.edge(names, [`path:${normalisePath(positional[1].text)}`], offset);
          }
          // a copy to a path held in a variable: that variable now names a copy of the secret
          const dest = positionalNodes[1];
          if (/copytree|copyfile|copy2?$|make_archive|move$/.test(callee) && dest && (dest.type === 'identifier' || dest.type === 'attribute')) {
            this.ctx.list.edge(names, [`$${dest.text}`], offset);
          }
        }
        this.ctx.list.edge(names, [out], offset);
        return { names: [out], text: p && !/open|read/.test(tail) ? p : null };
      }
      case 'send-mail': {
        // the recipient written out in the call (a variable or the user's configuration is the user's choice)
        const texts = [eff.recipientArg !== undefined ? positionalNodes[eff.recipientArg]?.text : undefined];
        for (let i = 0; argsNode && i < argsNode.namedChildCount; i++) {
          const a = argsNode.namedChild(i)!;
          if (a.type === 'keyword_argument' && eff.recipientKeys.includes(a.childForFieldName('name')?.text ?? '')) texts.push(a.childForFieldName('value')?.text);
        }
        const addr = fixedAddressIn(texts.filter(Boolean).join(' '));
        const names = [...allNames, ...objVal.names];
        if (addr && names.length) this.add({ kind: 'send', entry: api.entry, via: callee, host: addressHost(addr), object: addr, channel: 'body', consumes: names }, offset);
        this.ctx.list.edge(names, [out], offset);
        return { names: [out], text: null };
      }
      case 'approval': {
        const spender = unlimitedApprovalTo(callee, argsNode?.text ?? '', this.code);
        if (spender) this.add({ kind: 'tamper', entry: 'tamper.token-approval', object: spender, via: callee }, offset);
        this.ctx.list.edge([...allNames, ...objVal.names], [out], offset);
        return { names: [out], text: null };
      }
      case 'grant': {
        const addr = granteeIn(argsNode?.text ?? '');
        if (addr) this.grantTo(addr, callee, callee, offset);
        return { names: [out], text: null };
      }
      case 'read-env':
        return this.envAll(node, base);
      case 'read-secret':
        this.add({ kind: 'read', entry: eff.entry, object: eff.label, via: callee, produces: [out], ...(eff.vendors ? { flags: eff.vendors.map((v) => `vendor:${v}`) } : {}) }, offset);
        return { names: [out], text: null };
      case 'write-file': {
        const p = objVal.text;
        if (p) this.writeTo(normalisePath(p), allNames, positional[eff.contentArg]?.text ?? '', offset);
        return { names: [out], text: null };
      }
      default:
        return { names: [out], text: null };
    }
  }

  private writeTo(path: string, names: string[], content: string, offset: number): void {
    this.ctx.list.edge(names, [`path:${path}`], offset);
    const p = persistAt(path);
    if (!p) return;
    this.add({ kind: p.kind === 'privilege' ? 'privilege' : 'persist', entry: p.entry, object: path, via: 'python write', consumes: names, content, flags: [p.kind, 'write'] }, offset);
    if (content && this.ctx.config) this.ctx.config(path, content, offset);
  }
}

/**
 * The text of a list (or generator, or `map(chr, …)`) of integer literals read as character codes, or null
 * when any element is not a small integer literal.
 */
function charCodesOf(node: SyntaxNode): string | null {
  const list = node.type === 'list' || node.type === 'tuple' ? node : node.descendantsOfType(['list', 'tuple'])[0];
  if (!list || list.namedChildCount < 4 || list.namedChildCount > 4096) return null;
  let out = '';
  for (let i = 0; i < list.namedChildCount; i++) {
    const c = list.namedChild(i)!;
    if (c.type === 'comment') continue;
    if (c.type !== 'integer') return null;
    const n = c.text.startsWith('0x') ? parseInt(c.text, 16) : Number(c.text);
    if (!Number.isInteger(n) || n < 0 || n > 0x10ffff) return null;
    out += String.fromCodePoint(n);
  }
  return out;
}

/** The names of a Python function definition's parameters (plain, typed, defaulted, `*args`). */
function paramNames(node: SyntaxNode): string[] {
  return (node.childForFieldName('parameters')?.namedChildren ?? []).map((p) => (p?.type === 'identifier' ? p.text : p?.childForFieldName('name')?.text ?? p?.namedChild(0)?.text ?? '')).filter(Boolean);
}
