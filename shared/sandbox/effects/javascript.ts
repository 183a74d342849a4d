/**
 * JavaScript code → actions, parsed with acorn. Like the Python reader: expressions carry data
 * names and constant text, calls are looked up in the API catalogue, shell strings go to the shell
 * reader. Code acorn refuses (TypeScript, JSX, fragments) yields no actions from this reader; the
 * document's other readers still run.
 */
import { parse, type Node as AcornNode } from 'acorn';
import { hostOf } from '../hosts.js';
import { JS_APIS, matchApi, SIGNATURE_VERIFIER } from './catalogue/apis.js';
import { transformSync as stripTypeScript } from 'amaro';
import { verificationBypasses } from './auth-bypass.js';
import { isSecretEnv, normalisePath, persistAt, REQUEST_CREDENTIAL_HEADER, secretAt } from './catalogue/locations.js';
import { REQUEST_INPUT } from './flow.js';
import { addressHost, fixedAddressIn, grantActions, grantByRequest, granteeIn } from './mail.js';
import { toolTextAsksForSecrets } from './tool-text.js';
import { PAYMENT_TEST_MODE, payoutAccountCall, payoutBankAccount, unlimitedApprovalTo } from './catalogue/payee.js';
import type { ReadContext } from './shell.js';
import type { NewAction } from './sink.js';
import { matchAll } from '../match-all.js';

interface Val {
  names: string[];
  text: string | null;
}

type N = AcornNode & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Analytics and error-reporting client classes (`new PostHog('phc_…')`, `new Rollbar(token)`). */
/** Options that name the project or workspace an SDK reports into (`writeKey`, `apiKey`, `token`, `projectKey` …). */
const PROJECT_KEY_OPTION = /^(?:write_?Key|api_?Key|project_?(?:Api)?Key|token|access_?Token|client_?Token|key|ingestionKey|licenseKey|dsn)$/i;
/** A key that only stands for one (`YOUR_WRITE_KEY`, `<key>`, `xxxx`, `...`). */
const KEY_PLACEHOLDER = /your|<|>|\{|x{4}|\.\.\.|…|example|placeholder|changeme|replace|dummy|test_?key|^\W*$/i;

/**
 * A project key written into the program: the option's value is a literal key, or a literal the code falls back to
 * when the environment lacks one (`process.env.KEY || 'q7T…'`, `?? 'q7T…'`) — the value every fresh install runs with,
 * so events go to the project of whoever wrote it. Placeholders are not keys.
 */
function writtenKey(arg: N | undefined): boolean {
  if (arg?.type !== 'ObjectExpression') return false;
  const literalKey = (v: N | undefined): boolean => {
    if (!v) return false;
    if (v.type === 'LogicalExpression' && (v.operator === '||' || v.operator === '??')) return literalKey(v.right);
    const t = v.type === 'Literal' && typeof v.value === 'string' ? v.value : v.type === 'TemplateLiteral' && v.expressions.length === 0 ? String(v.quasis[0]?.value?.cooked ?? '') : '';
    return t.length >= 12 && /\d/.test(t) && /[A-Za-z]/.test(t) && !/\s/.test(t) && !KEY_PLACEHOLDER.test(t);
  };
  return (arg.properties as N[]).some((p) => p.type === 'Property' && PROJECT_KEY_OPTION.test(p.key?.name ?? String(p.key?.value ?? '')) && literalKey(p.value));
}

const ANALYTICS_CLIENT = /(?:^|\.)(?:PostHog|Mixpanel|Analytics|Amplitude|Heap|Rollbar|Bugsnag|Honeybadger|Raygun|LogRocket)$/;
const NONE: Val = { names: [], text: null };

function calleeName(n: N | null | undefined): string {
  if (!n) return '';
  if (n.type === 'Identifier') return n.name as string;
  if (n.type === 'MemberExpression') {
    const prop = n.computed ? (n.property?.type === 'Literal' ? String(n.property.value) : '') : (n.property?.name as string);
    const obj = calleeName(n.object);
    return obj ? `${obj}.${prop}` : prop;
  }
  if (n.type === 'ThisExpression') return 'this';
  // require('https').request: the module's name stands for the module
  if (n.type === 'CallExpression' && n.callee?.type === 'Identifier' && n.callee.name === 'require' && n.arguments?.[0]?.type === 'Literal') return String(n.arguments[0].value).replace(/^node:/, '');
  if (n.type === 'AwaitExpression' || n.type === 'ChainExpression') return calleeName(n.argument ?? n.expression);
  return '';
}

/** Options that give an SDK or client the address it sends to (`dsn`, `api_host`, `endpoint`, `baseURL` …). */
const INGEST_OPTION = String.raw`dsn|api_?host|apiHost|endpoint|baseU[Rr][Ll]|url|ingest\w*|collector\w*|serverUrl|dataPlaneUrl|hostname|host`;
const INGEST_OPTION_KEY = new RegExp(`^(?:${INGEST_OPTION})$`, 'i');
/** A secret file's name carried in a list literal, read when an element is (`lit-path:.env`). */
const LISTED_PATH = 'lit-path:';
const INGEST_OPTION_IN_SOURCE = new RegExp(`\\b(?:${INGEST_OPTION})\\s*:`, 'i');

/** The text a decoder call makes of a constant (base64 or hex), when it is readable text; null otherwise. */
function decodedConstant(callee: string, arg: string | null, encoding: string | null): string | null {
  if (arg === null || arg.length < 4 || arg.length > 4096) return null;
  const tail = callee.split('.').pop();
  let out: string;
  if (tail === 'atob' || (callee.endsWith('Buffer.from') && /^base64(?:url)?$/.test(encoding ?? ''))) {
    if (!/^[A-Za-z0-9+/_-]+=*$/.test(arg)) return null;
    out = Buffer.from(arg, 'base64').toString('latin1');
  } else if (callee.endsWith('Buffer.from') && encoding === 'hex') {
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(arg)) return null;
    out = Buffer.from(arg, 'hex').toString('latin1');
  } else return null;
  return /^[\x20-\x7e\t\n\r]+$/.test(out) ? out : null;
}

function parseJs(code: string | null): { node: N; source: string } | null {
  if (code === null) return null;
  try {
    return { node: parse(code, { ecmaVersion: 'latest', sourceType: 'module', allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true, allowHashBang: true, allowImportExportEverywhere: true }) as N, source: code };
  } catch {
    try {
      return { node: parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true, allowHashBang: true }) as N, source: code };
    } catch {
      return null;
    }
  }
}

/**
 * TypeScript with its types replaced by spaces (amaro, the stripper Node itself uses: offsets are
 * kept), so the JavaScript parser reads what the program does; null when it is not valid TypeScript.
 */
function stripTypes(code: string): string | null {
  try {
    const out = stripTypeScript(code, { mode: 'strip-only' }).code;
    return out.length === code.length ? out : null;
  } catch {
    return null;
  }
}

export class JavaScriptReader {
  private readonly consts = new Map<string, string>();
  /** Loop variables that run over a list naming secret files (`for (const f of files)`): the names they may hold. */
  private readonly listed = new Map<string, string[]>();
  /** The program text being read (option objects are matched on their source). */
  private src = '';
  /** The named function whose body is being read: what it returns reaches every call of it. */
  private fn: string | null = null;
  /** Request objects (`const r = https.request(opts)`) and the host they were opened to: `r.write(x)` / `r.end(x)` send x there. */
  private readonly requests = new Map<string, string>();
  /** SDK clients constructed with their ingest address (`new Analytics({ host: 'https://h' })`), by variable. */
  private readonly clients = new Map<string, string>();
  private nodes = 0;
  private lastHost = '';

  constructor(private readonly ctx: ReadContext) {}

  /** Returns false when acorn cannot parse the code (nor the code with its TypeScript types blanked). */
  read(code: string, base: number): boolean {
    const ast = parseJs(code) ?? parseJs(stripTypes(code));
    if (!ast) return false;
    // the stripped text keeps every offset (types become spaces), so findings keep their lines
    this.src = ast.source;
    // a scoped package imported by the code (`import "@scope/pkg/register"`) is one the project installs: judged by its
    // scope, which may imitate a well-known one (`@vercel-analytics/…` passing for `@vercel/…`)
    for (const st of ((ast.node.body ?? []) as N[]).slice(0, 200)) {
      const spec = st.type === 'ImportDeclaration' ? st.source?.value : null;
      const pkg = typeof spec === 'string' ? /^(@[\w.-]+\/[\w.-]+)/.exec(spec)?.[1] : undefined;
      if (pkg) this.add({ kind: 'exec', entry: 'exec.install.package', object: pkg, via: 'an import in the code', flags: ['npm', 'import'] }, base + (st.start as number));
    }
    this.visit(ast.node, base);
    for (const h of verificationBypasses(ast.node, ast.source)) {
      this.add({ kind: 'tamper', entry: 'tamper.auth-off', object: h.snippet, via: 'a signature or token check skipped when the request carries a value of its own', flags: ['backdoor'] }, base + h.at);
    }
    return true;
  }

  private add(a: NewAction, offset: number): void {
    this.ctx.list.add(a, offset, 'javascript', this.ctx.mode);
  }

  private visit(n: N | null | undefined, base: number): Val {
    if (!n || typeof n !== 'object' || ++this.nodes > 200000) return NONE;
    switch (n.type) {
      case 'Literal':
        return { names: [], text: typeof n.value === 'string' || typeof n.value === 'number' ? String(n.value) : null };
      case 'TemplateLiteral': {
        const names: string[] = [];
        let text = '';
        for (let i = 0; i < n.quasis.length; i++) {
          text += n.quasis[i].value.cooked ?? '';
          if (n.expressions[i]) {
            const v = this.visit(n.expressions[i], base);
            names.push(...v.names);
            text += v.text ?? '${}';
          }
        }
        return { names, text };
      }
      case 'Identifier':
        return { names: [`$${n.name}`], text: this.consts.get(n.name) ?? null };
      case 'MemberExpression': {
        const name = calleeName(n);
        if (name === 'process.env') return this.envAll(n, base);
        const m = /^process\.env\.(\w+)$/.exec(name);
        if (m) return this.envOne(m[1]!, n, base);
        if (n.object && calleeName(n.object) === 'process.env' && n.computed) {
          const k = this.visit(n.property, base).text;
          if (k) return this.envOne(k, n, base);
        }
        // Express, Koa, Next, Lambda and Hono request input: anyone's
        if (/^(?:req|request|ctx\.request|ctx|event|c\.req)\.(?:body|query|params|queryStringParameters|pathParameters)$/.test(name)) return this.requestInput(name, n, base);
        // `req.headers.authorization`, `req.headers['cookie']`, `req.cookies`: the credentials of whoever sent the request
        const headerKey = n.computed ? (n.property?.type === 'Literal' ? String(n.property.value) : null) : (n.property?.name ?? null);
        if ((/(?:^|\.)headers$/.test(calleeName(n.object)) && headerKey && REQUEST_CREDENTIAL_HEADER.test(headerKey)) || /^(?:req|request|ctx\.request)\.(?:cookies|signedCookies)$/.test(name)) return this.requestCredential(headerKey ?? 'cookies', n, base);
        const o = this.visit(n.object, base);
        if (n.computed) this.visit(n.property, base);
        return { names: [...o.names, `$${name}`], text: null };
      }
      case 'ArrayExpression': {
        // a list of file names (`['.env', '.git/config'].filter(existsSync)`): each secret one is read when an element is
        const names: string[] = [];
        for (const e of (n.elements ?? []) as N[]) {
          if (!e) continue;
          const v = this.visit(e, base);
          names.push(...v.names);
          if (e.type === 'Literal' && typeof e.value === 'string' && e.value.length < 300 && secretAt(normalisePath(e.value))) names.push(`${LISTED_PATH}${normalisePath(e.value)}`);
        }
        return { names, text: null };
      }
      case 'ForOfStatement': {
        // `for (const f of files)`: each element is in the loop variable
        const v = this.visit(n.right, base);
        const ids = n.left?.type === 'VariableDeclaration' ? (n.left.declarations as N[]).flatMap((d) => this.patternNames(d.id)) : this.patternNames(n.left);
        this.ctx.list.edge(v.names, ids.map((i) => `$${i}`), base + n.start);
        const lits = [...v.names.filter((x) => x.startsWith(LISTED_PATH)), ...(n.right?.type === 'Identifier' ? this.listed.get(n.right.name) ?? [] : [])];
        if (lits.length) for (const i of ids) this.listed.set(i, lits);
        this.visit(n.body, base);
        return NONE;
      }
      case 'BinaryExpression': {
        const l = this.visit(n.left, base);
        const r = this.visit(n.right, base);
        // a known prefix keeps its text (`'https://h/p?e=' + data`): the URL's host is known even when its query is not
        return { names: [...l.names, ...r.names], text: n.operator === '+' && l.text !== null ? l.text + (r.text ?? '${}') : null };
      }
      case 'FunctionDeclaration':
        return this.inFunction(n.id?.name ?? null, n, base);
      case 'ReturnStatement': {
        const v = this.visit(n.argument, base);
        if (this.fn) this.ctx.list.edge(v.names, [`$${this.fn}()`], base + n.start);
        return NONE;
      }
      case 'VariableDeclarator': {
        if (n.id?.type === 'Identifier' && (n.init?.type === 'ArrowFunctionExpression' || n.init?.type === 'FunctionExpression')) {
          this.inFunction(n.id.name, n.init, base);
          // an arrow with an expression body returns that expression
          return NONE;
        }
        const v = this.visit(n.init, base);
        if (n.id?.type === 'Identifier' && n.init && /(?:^|\.)(?:request|connect|createConnection|Socket)$/.test(calleeName(n.init.callee)) && /https?|net|tls|dgram|socket/i.test(calleeName(n.init.callee))) this.requests.set(n.id.name, this.lastHost);
        if (n.id?.type === 'Identifier' && n.init?.type === 'NewExpression') {
          const host = this.clientHost(n.init);
          if (host) this.clients.set(n.id.name, host);
          // an analytics or error-reporting client built with a project key written in the program (`new PostHog('phc_…')`)
          // reports to the project of whoever wrote it, at the SDK's own service
          else if (ANALYTICS_CLIENT.test(calleeName(n.init.callee)) && (n.init.arguments?.[0]?.type === 'Literal' && typeof n.init.arguments[0].value === 'string' || writtenKey(n.init.arguments?.[0]))) this.clients.set(n.id.name, '');
          // an SDK configured in one object with an exporter built with its address (`new NodeSDK({ resource, traceExporter:
          // new OTLPTraceExporter({ url }) })`): what it is configured with (resource attributes, context) is exported there
          else {
            const exporter = this.nestedClient(n.init);
            if (exporter && v.names.length) this.add({ kind: 'send', entry: 'send.http.sdk-exporter', object: exporter.url, via: `${calleeName(n.init.callee)} with ${exporter.via}`, host: exporter.host, channel: 'body', consumes: v.names }, base + n.start);
          }
        }
        const ids = this.patternNames(n.id);
        this.ctx.list.edge(v.names, ids.map((i) => `$${i}`), base + n.start);
        const lits = v.names.filter((x) => x.startsWith(LISTED_PATH));
        if (lits.length && n.id?.type === 'Identifier') this.listed.set(n.id.name, lits);
        if (n.id?.type === 'Identifier' && v.text !== null) this.consts.set(n.id.name, v.text);
        return NONE;
      }
      case 'AssignmentExpression': {
        const v = this.visit(n.right, base);
        const target = calleeName(n.left);
        // new Image().src = url + data, img.src = …: the browser requests it (an image beacon)
        if (/\.src$/.test(target) && v.names.length) {
          this.add({ kind: 'send', entry: 'send.image.js', via: `${target} =`, host: hostOf(v.text ?? '') ?? undefined, channel: 'query', consumes: v.names }, base + n.start);
        }
        if (target) this.ctx.list.edge(v.names, [`$${target}`], base + n.start);
        // (a value put into an object under a computed key, `o[k] = v`, is in the object: it goes wherever `o` goes)
        if (n.left?.type === 'MemberExpression' && n.left.computed && n.left.object?.type === 'Identifier' && v.names.length) this.ctx.list.edge(v.names, [`$${n.left.object.name}`], base + n.start);
        return v;
      }
      case 'CallExpression':
      case 'NewExpression':
        return this.call(n, base);
      case 'ImportExpression': {
        // `await import(file)` of a computed path runs that file, as `require(dest)` does (see call())
        const v = this.visit(n.source, base);
        if (n.source?.type !== 'Literal' && v.names.length) {
          const held = v.text ? [`path:${normalisePath(v.text)}`] : [];
          this.add({ kind: 'exec', entry: 'exec.js.eval', via: 'import() of a computed path', consumes: [...v.names, ...held], produces: [], flags: ['code'] }, base + n.start);
        }
        return NONE;
      }
      case 'AwaitExpression':
      case 'ChainExpression':
      case 'ParenthesizedExpression':
        return this.visit(n.argument ?? n.expression, base);
      default: {
        const vals: Val[] = [];
        for (const key of Object.keys(n)) {
          if (key === 'type' || key === 'start' || key === 'end' || key === 'loc' || key === 'range') continue;
          const child = n[key];
          if (Array.isArray(child)) {
            for (const c of child) if (c && typeof c.type === 'string') vals.push(this.visit(c, base));
          } else if (child && typeof child.type === 'string') vals.push(this.visit(child, base));
        }
        return { names: vals.flatMap((v) => v.names), text: vals.length === 1 ? vals[0]!.text : null };
      }
    }
  }

  private patternNames(p: N | null | undefined): string[] {
    if (!p) return [];
    if (p.type === 'Identifier') return [p.name];
    if (p.type === 'ObjectPattern') return p.properties.flatMap((q: N) => this.patternNames(q.value ?? q.argument));
    if (p.type === 'ArrayPattern') return p.elements.flatMap((q: N) => this.patternNames(q));
    if (p.type === 'AssignmentPattern') return this.patternNames(p.left);
    if (p.type === 'RestElement') return this.patternNames(p.argument);
    return [];
  }

  private envAll(n: N, base: number): Val {
    const name = this.ctx.list.fresh('env');
    this.add({ kind: 'read', entry: 'read.secret.env', object: 'the whole environment', via: 'process.env', produces: [name] }, base + n.start);
    return { names: [name], text: null };
  }

  /** What an incoming request carries (its body, query, parameters): anyone's input to server code. */
  private requestInput(what: string, n: N, base: number): Val {
    const name = this.ctx.list.fresh('input');
    this.add({ kind: 'read', entry: REQUEST_INPUT, object: what, via: 'an incoming request', produces: [name] }, base + n.start);
    return { names: [name], text: null };
  }

  /** A credential an incoming request carries (its Authorization or Cookie header): the end users' sessions and tokens. */
  private requestCredential(header: string, n: N, base: number): Val {
    const name = this.ctx.list.fresh('req');
    this.add({ kind: 'read', entry: 'read.secret.request-credential', object: `the ${header.toLowerCase()} of every incoming request`, via: 'the request headers', produces: [name] }, base + n.start);
    return { names: [name], text: null };
  }

  private envOne(key: string, n: N, base: number): Val {
    if (!isSecretEnv(key)) return NONE;
    this.add({ kind: 'read', entry: 'read.secret.env-var', object: key, via: 'process.env', produces: [`$${key}`] }, base + n.start);
    return { names: [`$${key}`], text: null };
  }

  /** Properties of an object literal argument, by key. */
  /**
   * An error-reporting, analytics or telemetry SDK set up with its ingest address (`Sentry.init({ dsn })`,
   * `posthog.init(key, { api_host })`, an OTLP exporter `url`): whatever its options and hooks read
   * (`beforeSend` attaching `process.env`) is sent to that host with every event.
   */
  private sdkInit(n: N, base: number): Val | null {
    const tail = n.callee?.type === 'MemberExpression' ? (n.callee.property?.name ?? '') : n.callee?.type === 'Identifier' ? n.callee.name : '';
    if (!/^(?:init|start|configure|setup|initialize|load|create\w*Exporter)$/.test(tail) && !(n.type === 'NewExpression' && /Exporter$|Client$/.test(n.callee?.name ?? ''))) return null;
    const obj = ((n.arguments ?? []) as N[]).find((a) => a?.type === 'ObjectExpression');
    if (!obj) return null;
    const src = this.src.slice(obj.start, obj.end);
    const key = INGEST_OPTION_IN_SOURCE.exec(src);
    if (!key) return null;
    // the address: a literal in the option's value, or a constant of this program the value names (never a
    // URL in a comment beside it: "// e.g. https://<key>@o0.ingest.sentry.io/<id>" documents, it does not send)
    const prop = (obj.properties as N[]).find((q) => q.type === 'Property' && INGEST_OPTION_IN_SOURCE.test(`${q.key?.name ?? q.key?.value ?? ''}:`));
    const valueSrc = prop ? this.src.slice(prop.value.start, prop.value.end) : src.slice(key.index, key.index + 300);
    let url = /https?:\/\/[^\s"'`]+/.exec(valueSrc)?.[0];
    if (!url) for (const m of matchAll(valueSrc.slice(0, 200), /\b([A-Za-z_$][\w$]*)\b/g)) { const t = this.consts.get(m[1]!); if (t && /^https?:\/\//.test(t)) { url = t; break; } }
    if (!url) return null;
    const from = this.ctx.list.actions.length;
    for (const a of (n.arguments ?? []) as N[]) this.visitDeep(a, base);
    const read = this.ctx.list.actions.slice(from).filter((a) => a.kind === 'read').flatMap((a) => a.produces ?? []);
    const host = hostOf(url) ?? undefined;
    if (read.length) this.add({ kind: 'send', entry: 'send.sdk', via: `${tail}() of an SDK`, host, object: url, channel: 'body', consumes: read }, base + n.start);
    return { names: [], text: null };
  }

  /** Reads a function's body as the body of `name` (its returns, an arrow's expression body, reach `name()`). */
  private inFunction(name: string | null, f: N, base: number): Val {
    const outer = this.fn;
    this.fn = name;
    const v = this.visit(f.body, base);
    if (name && f.body?.type !== 'BlockStatement') this.ctx.list.edge(v.names, [`$${name}()`], base + f.start);
    this.fn = outer;
    return NONE;
  }

  /** The host a client is constructed with (`new X({ host | apiHost | endpoint | baseURL | url: 'https://h' })`), or null. */
  private clientHost(n: N): string | null {
    const obj = ((n.arguments ?? []) as N[]).find((a) => a?.type === 'ObjectExpression');
    if (!obj) return null;
    for (const p of obj.properties as N[]) {
      const k = p.key?.type === 'Identifier' ? p.key.name : p.key?.type === 'Literal' ? String(p.key.value) : '';
      if (!INGEST_OPTION_KEY.test(k)) continue;
      const t = p.value?.type === 'Literal' ? String(p.value.value) : p.value?.type === 'Identifier' ? this.consts.get(p.value.name) : p.value?.type === 'TemplateLiteral' && p.value.expressions.length === 0 ? p.value.quasis[0].value.cooked : undefined;
      if (t && /^https?:\/\//.test(t)) return hostOf(t);
    }
    return null;
  }

  /** A client built with its address inside a constructor's options (`{ traceExporter: new OTLPTraceExporter({ url }) }`), or null. */
  private nestedClient(n: N): { host: string; url: string; via: string } | null {
    const obj = ((n.arguments ?? []) as N[]).find((a) => a?.type === 'ObjectExpression');
    for (const p of (obj?.properties ?? []) as N[]) {
      const inner = p.value?.type === 'NewExpression' ? p.value : null;
      const host = inner ? this.clientHost(inner) : null;
      if (inner && host) return { host, url: `https://${host}`, via: calleeName(inner.callee) || 'an exporter' };
    }
    return null;
  }

  /** Visits every expression under a node, function bodies included (an SDK hook's body runs with every event). */
  private visitDeep(n: N | undefined, base: number): void {
    if (!n || typeof n !== 'object') return;
    if (n.type === 'MemberExpression' && /^process\.env$/.test(this.src.slice(n.start, n.end))) { this.visit(n, base); return; }
    if (n.type === 'CallExpression' || n.type === 'MemberExpression' && n.object?.type === 'MemberExpression') { this.visit(n, base); }
    for (const [k, v] of Object.entries(n)) {
      if (k === 'start' || k === 'end' || k === 'loc' || k === 'range' || k === 'type') continue;
      if (Array.isArray(v)) {
        for (const x of v as unknown[]) if (x && typeof x === 'object' && 'type' in x) this.visitDeep(x as N, base);
      } else if (v && typeof v === 'object' && 'type' in (v as object)) this.visitDeep(v as unknown as N, base);
    }
  }

  private objectArg(n: N | undefined, base: number): Map<string, Val> {
    const m = new Map<string, Val>();
    if (!n || n.type !== 'ObjectExpression') return m;
    for (const p of n.properties as N[]) {
      if (p.type !== 'Property') {
        // `{ ...process.env }`: the spread object's data is in this one
        m.set(`...${m.size}`, this.visit(p.argument ?? p, base));
        continue;
      }
      const k = p.key?.type === 'Identifier' ? p.key.name : p.key?.type === 'Literal' ? String(p.key.value) : '';
      m.set(k, this.visit(p.value, base));
    }
    return m;
  }

  private secretArgs(args: readonly Val[], callee: string, offset: number): string[] {
    const out: string[] = [];
    for (const v of args) {
      if (!v.text || v.text.length > 300 || /^https?:/i.test(v.text)) continue;
      const path = normalisePath(v.text);
      const s = secretAt(path);
      if (!s) continue;
      const r = this.ctx.list.fresh('read');
      this.add({ kind: 'read', entry: s.entry, object: path, via: callee || 'a function', produces: [r] }, offset);
      out.push(r);
    }
    return out;
  }

  /**
   * Callbacks run after the call: their parameters receive what the call yields and what its object
   * holds (`https.get(u, r => r.on('data', c => d += c))`), so their bodies are read after the call.
   */
  /** A standing copy of, or access to, the user's mail, files or calendar given to `addr`: that data sent there. */
  private grantTo(addr: string, what: string, via: string, offset: number): void {
    for (const a of grantActions(this.ctx.list.fresh('read'), addr, what, via)) this.add(a, offset);
  }

  private call(n: N, base: number): Val {
    const sdk = this.sdkInit(n, base);
    if (sdk) return sdk;
    // `new Function(code)()`, `(0, eval)(code)`, `f()()`: the callee is itself a call to read
    if (n.callee && (n.callee.type === 'NewExpression' || n.callee.type === 'CallExpression' || n.callee.type === 'SequenceExpression')) this.visit(n.callee, base);
    const fns = ((n.arguments ?? []) as N[]).filter((a) => a && (a.type === 'ArrowFunctionExpression' || a.type === 'FunctionExpression'));
    // array and string helpers (`[..].map(x => …)`) run their callback inline, on their own elements
    const tail = n.callee?.type === 'MemberExpression' ? (n.callee.property?.name ?? '') : '';
    if (fns.length === 0 || /^(?:map|flatMap|filter|reduce|reduceRight|forEach|some|every|find|findIndex|sort|replace|replaceAll|then|catch|finally)$/.test(tail)) return this.callInner(n, base, null);
    const skip = new Set<N>(fns);
    const v = this.callInner(n, base, skip);
    const objNames = n.callee?.type === 'MemberExpression' && n.callee.object?.type === 'Identifier' ? [`$${n.callee.object.name}`] : [];
    const asked = /^(?:tool|registerTool|addTool)$/.test(tail) ? toolTextAsksForSecrets(toolDescription(n)) : null;
    for (const f of fns) {
      const names = (f.params as N[]).flatMap((q) => this.patternNames(q));
      const params = names.map((x) => `$${x}`);
      this.ctx.list.edge([...v.names, ...objNames], params, base + f.start);
      // an agent tool whose description asks the agent for the credentials it holds: its parameters carry them (effects/tool-text.ts)
      if (asked) this.add({ kind: 'read', entry: 'read.secret.agent-context', object: asked, via: 'the description of the tool', produces: params }, base + n.start);
      this.visit(f.body, base);
    }
    return v;
  }

  private callInner(n: N, base: number, skip: Set<N> | null): Val {
    let callee = calleeName(n.callee);
    // a payment SDK adding a bank account written in the skill as the payout destination (catalogue/payee.ts)
    const payout = payoutAccountCall(callee);
    const argNodes0 = (n.arguments ?? []) as N[];
    const acct = payout && argNodes0.length ? payoutBankAccount(this.src.slice(argNodes0[0]!.start, argNodes0.at(-1)!.end).slice(0, 4000), payout.update) : null;
    if (acct && !PAYMENT_TEST_MODE.test(this.ctx.list.src.content.slice(0, 200_000))) this.add({ kind: 'tamper', entry: 'tamper.payee', object: `bank account ${acct}`, via: `${callee} (payout destination)` }, base + n.start);
    // cp[['ex','ec'].join('')](…), obj['ex' + 'ec'](…): a computed method name with constant text
    if (n.callee?.type === 'MemberExpression' && n.callee.computed && n.callee.property?.type !== 'Literal') {
      const p = this.visit(n.callee.property, base).text;
      if (p && /^[\w$]+$/.test(p)) callee = `${calleeName(n.callee.object)}.${p}`;
    }
    // ['a', 'b'].join(''): constant text
    if (n.callee?.type === 'MemberExpression' && n.callee.property?.name === 'join' && n.callee.object?.type === 'ArrayExpression') {
      const parts = (n.callee.object.elements as N[]).map((e) => (e?.type === 'Literal' && typeof e.value === 'string' ? e.value : null));
      const sep = n.arguments?.[0]?.type === 'Literal' ? String(n.arguments[0].value) : ',';
      if (parts.every((x) => x !== null)) return { names: [], text: parts.join(sep) };
    }
    const offset = base + n.start;
    const a0 = (n.arguments ?? [])[0] as N | undefined;
    if (a0?.type === 'Literal' && typeof a0.value === 'string' && REQUEST_CREDENTIAL_HEADER.test(a0.value) && /(?:^|\.)(?:headers\.get|getHeader|header|get)$/.test(callee) && /(?:req|request|ctx|c|event|headers)\b/i.test(callee)) return this.requestCredential(a0.value, n, base);
    const out = this.ctx.list.fresh('js');
    const args: Val[] = [];
    const objects: Map<string, Val>[] = [];
    for (const a of (n.arguments ?? []) as N[]) {
      if (skip?.has(a)) {
        args.push(NONE);
        objects.push(new Map());
      } else if (a.type === 'ObjectExpression') {
        const o = this.objectArg(a, base);
        objects.push(o);
        args.push({ names: [...o.values()].flatMap((v) => v.names), text: null });
      } else {
        args.push(this.visit(a, base));
        objects.push(new Map());
      }
    }
    const objVal = n.callee?.type === 'MemberExpression' ? this.visit(n.callee.object, base) : NONE;
    const allNames = args.flatMap((v) => v.names);
    if (callee === 'require' || callee === 'import') {
      // a module loaded from a path the program computed (`require(dest)` after writing a download to `dest`) runs
      // whatever that file holds: read as running code, judged by where the file's content came from
      const a0 = n.arguments?.[0] as N | undefined;
      if (a0 && a0.type !== 'Literal' && !(a0.type === 'TemplateLiteral' && a0.expressions.length === 0) && allNames.length) {
        const held = args[0]?.text ? [`path:${normalisePath(args[0].text)}`] : [];
        this.add({ kind: 'exec', entry: 'exec.js.eval', via: `${callee}() of a computed path`, consumes: [...allNames, ...held], produces: [out], flags: ['code'] }, offset);
      }
      return { names: [], text: null };
    }
    // `form.append('f', data)`, `parts.push(x)`, `Object.assign(o, x)`: the call stores its arguments in the object
    if (n.callee?.type === 'MemberExpression' && /^(?:append|push|unshift|set|add|assign|write|attach|concat)$/.test(n.callee.property?.name ?? '') && allNames.length) {
      const target = callee === 'Object.assign' ? (n.arguments?.[0]?.type === 'Identifier' ? `$${n.arguments[0].name}` : '') : n.callee.object?.type === 'Identifier' ? `$${n.callee.object.name}` : '';
      if (target) this.ctx.list.edge(allNames, [target], offset);
    }
    // writes to a request or socket opened earlier in the program
    const reqObj = /^(\w+)\.(?:write|end|send)$/.exec(callee)?.[1];
    if (reqObj && this.requests.has(reqObj) && allNames.length) {
      const host = this.requests.get(reqObj) || undefined;
      this.add({ kind: 'send', entry: 'send.http.js', via: callee, host, object: host, channel: 'body', consumes: allNames }, offset);
      return { names: [out], text: null };
    }
    // the same on a request opened in the same expression: `https.request(opts).end(JSON.stringify(process.env))`
    if (!reqObj && n.callee?.type === 'MemberExpression' && /^(?:write|end|send)$/.test(n.callee.property?.name ?? '') && n.callee.object?.type === 'CallExpression' && allNames.length) {
      const opened = [...this.ctx.list.actions].reverse().find((x) => (x.kind === 'fetch' || x.kind === 'send') && /http/.test(x.entry) && x.line === this.ctx.list.src.locate(offset).line);
      if (opened) {
        this.add({ kind: 'send', entry: 'send.http.js', via: `request().${n.callee.property.name}`, host: opened.host, object: opened.host, channel: 'body', consumes: allNames }, offset);
        return { names: [out], text: null };
      }
    }
    // a method of an SDK client constructed with its ingest address sends what it is given there
    const client = /^(\w+)\.\w+$/.exec(callee)?.[1];
    if (client && this.clients.has(client) && allNames.length) {
      const host = this.clients.get(client)!;
      this.add({ kind: 'send', entry: 'send.sdk', via: `${callee}() of an SDK client`, host: host || undefined, object: host || "the SDK's service", channel: 'body', consumes: allNames }, offset);
      return { names: [out], text: null };
    }
    // `fetch(u).then(r => r.text()).then(eval)`: a function handed to `then` is called with what the chain yields
    const handed = n.callee?.type === 'MemberExpression' && n.callee.property?.name === 'then' && (n.arguments?.[0]?.type === 'Identifier' || n.arguments?.[0]?.type === 'MemberExpression') ? matchApi(calleeName(n.arguments[0]), JS_APIS) : null;
    if (handed?.effect.kind === 'exec') {
      this.add({ kind: 'exec', entry: handed.entry, via: `then(${calleeName(n.arguments[0])})`, consumes: objVal.names, produces: [out], flags: [handed.effect.how] }, offset);
      return { names: [out], text: null };
    }
    const api = matchApi(callee, JS_APIS);
    if (!api) {
      // a secret file's path handed to any function (a helper wrapping readFileSync, a loader) is read through it
      const reads = this.secretArgs(args, callee, offset);
      // a call of a function defined in the program carries what it returns
      const own = n.callee?.type === 'Identifier' ? [`$${callee}()`] : [];
      // a signature check keyed with a secret (`constructEvent(raw, sig, WEBHOOK_SECRET)`, `jwt.verify(t, KEY)`) returns the
      // verified message, not its key: the secret passed as the key does not flow on (catalogue/apis.ts SIGNATURE_VERIFIER)
      const keys = SIGNATURE_VERIFIER.test(callee) ? new Set(allNames.filter((x) => x.startsWith('$') && isSecretEnv(x.slice(1)))) : null;
      // (nor does the SDK client it is called on, built with the account's API key: `stripe.webhooks.constructEvent`)
      const passed = keys?.size ? allNames.filter((x) => !keys.has(x)) : allNames;
      const holder = keys?.size ? [] : objVal.names;
      this.ctx.list.edge([...passed, ...holder, ...reads, ...own], [out], offset);
      const text = /(?:^|\.)homedir$/.test(callee) ? '~' : /(?:^|\.)(?:join|resolve|String|concat)$/.test(callee) ? args.map((a) => a.text ?? '').join('/') || null : null;
      return { names: [out, ...passed, ...holder], text };
    }
    const eff = api.effect;
    switch (eff.kind) {
      case 'send': {
        // `request({ host: 'h', path: '/p' })`: the host given as an option
        const opt = objects.find((o) => o.get('host')?.text || o.get('hostname')?.text);
        const url = args[0]?.text ?? (opt ? `https://${opt.get('hostname')?.text ?? opt.get('host')?.text}${opt.get('path')?.text ?? '/'}` : eff.host ? `https://${eff.host}/` : '');
        const host = hostOf(url) ?? undefined;
        this.lastHost = host ?? '';
        const byChannel = new Map<string, string[]>();
        for (const o of objects) {
          for (const [k, ch] of Object.entries(eff.channelArgs)) {
            const v = o.get(k);
            if (v?.names.length) byChannel.set(ch, [...(byChannel.get(ch) ?? []), ...v.names]);
          }
          const method = o.get('method')?.text;
          if (method && !/^(?:POST|PUT|PATCH)$/i.test(method) && byChannel.has('body') && callee.endsWith('fetch')) continue;
        }
        // the data argument (`axios.post(url, { … })`): an object literal there is the body, unless it is an options
        // object (`got.post(url, { json, headers })`)
        const dataObj = eff.positionalData !== undefined ? objects[eff.positionalData] : undefined;
        const isOptions = !!dataObj && [...dataObj.keys()].some((k) => k in eff.channelArgs || /^(?:json|body|form|searchParams|method|timeout|responseType|agent|signal|hooks|retry)$/.test(k));
        if (eff.positionalData !== undefined && args[eff.positionalData]?.names.length && (dataObj?.size === 0 || !isOptions)) {
          byChannel.set('body', [...(byChannel.get('body') ?? []), ...args[eff.positionalData]!.names]);
        }
        if (args[0]?.names.length && /^https?:\/\//.test(url)) byChannel.set('query', [...(byChannel.get('query') ?? []), ...args[0].names]);
        for (const [ch, names] of byChannel) this.add({ kind: 'send', entry: api.entry, via: callee, host, object: url, channel: ch as NewAction['channel'], consumes: names }, offset);
        this.add({ kind: 'fetch', entry: api.entry.replace(/^send/, 'fetch'), via: callee, host, object: url, produces: [out] }, offset);
        // a request that sets up forwarding, a delegate or a share for a written-out address (Gmail, Graph, Drive APIs)
        const argNodes = (n.arguments ?? []) as N[];
        const grantee = url && argNodes.length > 1 ? grantByRequest(url, this.src.slice(argNodes[1]!.start, argNodes.at(-1)!.end)) : null;
        if (grantee) this.grantTo(grantee, `${url} ${this.src.slice(argNodes[1]!.start, argNodes.at(-1)!.end)}`, `${callee} ${url.split('?')[0]}`, offset);
        return { names: [out], text: null };
      }
      case 'exec': {
        const text = args[0]?.text ?? null;
        const from = this.ctx.list.actions.length;
        if (eff.how === 'shell' && text && this.ctx.nested && this.ctx.depth < 3) {
          // an element computed at run time (`JSON.stringify({ env: process.env })`) stands in the command line as a
          // variable that carries what the element reads
          const argv = n.arguments?.[1]?.type === 'ArrayExpression' ? (n.arguments[1].elements as N[]).map((e, k) => {
            const v = this.visit(e, base);
            if (v.text !== null) return v.text;
            const name = `JSARG_${base + n.start}_${k}`;
            if (v.names.length) this.ctx.list.edge(v.names, [`$${name}`], base + n.start);
            return `"$${name}"`;
          }) : [];
          const line = argv.length ? [text, ...argv.map((p) => (/[\s|;&]/.test(p) ? `'${p}'` : p))].join(' ') : text;
          this.ctx.nested('shell', line, base + (n.arguments?.[0]?.start ?? n.start), this.ctx.depth + 1);
          // what the command prints is the call's result (`execSync("cat ~/.git-credentials").toString()`), as in the
          // Python reader: the secrets its reads produce flow on from there
          const printed = this.ctx.list.actions.slice(from, from + 200).filter((x) => x.kind === 'read' && x.entry !== 'read.secret.env-var').flatMap((x) => x.produces ?? []).filter((p) => !p.startsWith('path:'));
          if (printed.length) this.ctx.list.edge(printed, [out], offset);
        }
        if (eff.how === 'code' && text && this.ctx.nested && this.ctx.depth < 3) this.ctx.nested('javascript', text, base + (n.arguments?.[0]?.start ?? n.start), this.ctx.depth + 1);
        // the command line itself computed (`exec(req.body.cmd)`), not a fixed program given arguments
        const computedCommand = eff.how === 'shell' && (args[0]?.names.length ?? 0) > 0;
        this.add({ kind: 'exec', entry: api.entry, via: callee, consumes: [...allNames, ...objVal.names], produces: [out], flags: computedCommand ? [eff.how, 'request-command'] : [eff.how] }, offset);
        return { names: [out], text: null };
      }
      case 'decode':
        if (callee.endsWith('Buffer.from') && !args.slice(1).some((a) => /^(?:base64|hex|base64url)$/.test(a.text ?? ''))) {
          this.ctx.list.edge(allNames, [out], offset);
          return { names: [out], text: args[0]?.text ?? null };
        }
        this.add({ kind: 'exec', entry: 'decode', via: callee, consumes: [...allNames, ...objVal.names], produces: [out], flags: ['decoder'] }, offset);
        // a constant decoded is a constant: `atob('aHR0cHM6Ly9…')`, `Buffer.from('…', 'base64')` — an address or a
        // password hidden so is still the value the program uses (readable text only)
        return { names: [out], text: decodedConstant(callee, args[0]?.text ?? null, args[1]?.text ?? null) };
      case 'read-file': {
        const names = [...allNames];
        const p = args[0]?.text;
        // a file name taken from a list the program wrote (`for (const f of files) readFileSync(f)`): each secret one is read
        const listed = [...(args[0]?.names ?? []).filter((x) => x.startsWith(LISTED_PATH)), ...(n.arguments?.[0]?.type === 'Identifier' ? this.listed.get(n.arguments[0].name) ?? [] : [])];
        for (const l of new Set(listed)) {
          const path = l.slice(LISTED_PATH.length);
          const r = this.ctx.list.fresh('read');
          this.add({ kind: 'read', entry: secretAt(path)!.entry, object: path, via: `${callee} of a listed file`, produces: [r] }, offset);
          names.push(r);
        }
        // a file the program found by walking the whole project with nothing left out (`walk(".")`, `glob("**")`): every
        // file of it is read, the untracked .env files and local keys with the code
        if (!p && !listed.length && /readFile/.test(callee) && walksWholeProject(this.src)) {
          const r = this.ctx.list.fresh('read');
          this.add({ kind: 'read', entry: 'read.personal.source', object: 'every file of the project, untracked .env files and keys included', via: `${callee} of every file found`, produces: [r] }, offset);
          names.push(r);
        }
        if (p) {
          const path = normalisePath(p.replace(/^\/?~?/, (m) => (m.includes('~') ? '~' : m)));
          const s = secretAt(path);
          if (s) {
            const r = this.ctx.list.fresh('read');
            this.add({ kind: 'read', entry: s.entry, object: path, via: callee, produces: [r] }, offset);
            names.push(r);
          }
          names.push(`path:${path}`);
          if (/cp|copy/i.test(callee) && args[1]?.text) this.ctx.list.edge(names, [`path:${normalisePath(args[1].text)}`], offset);
        }
        this.ctx.list.edge(names, [out], offset);
        return { names: [out], text: null };
      }
      case 'read-secret':
        this.add({ kind: 'read', entry: eff.entry, object: eff.label, via: callee, produces: [out], ...(eff.vendors ? { flags: eff.vendors.map((v) => `vendor:${v}`) } : {}) }, offset);
        return { names: [out], text: null };
      case 'send-mail': {
        // the recipient written out in the call (a variable or the user's configuration is the user's choice)
        const argNodes = (n.arguments ?? []) as N[];
        const texts: string[] = [];
        const r0 = eff.recipientArg !== undefined ? argNodes[eff.recipientArg] : undefined;
        if (r0 && r0.type !== 'ObjectExpression') texts.push(this.src.slice(r0.start, r0.end));
        for (const a of argNodes) {
          if (a.type !== 'ObjectExpression') continue;
          for (const p of a.properties as N[]) if (p.type === 'Property' && eff.recipientKeys.includes(String(p.key?.name ?? p.key?.value ?? ''))) texts.push(this.src.slice(p.value.start, p.value.end));
        }
        const addr = fixedAddressIn(texts.join(' '));
        const names = [...allNames, ...objVal.names];
        if (addr && names.length) this.add({ kind: 'send', entry: api.entry, via: callee, host: addressHost(addr), object: addr, channel: 'body', consumes: names }, offset);
        this.ctx.list.edge(names, [out], offset);
        return { names: [out], text: null };
      }
      case 'approval': {
        const argNodes = (n.arguments ?? []) as N[];
        const spender = argNodes.length ? unlimitedApprovalTo(callee, this.src.slice(argNodes[0]!.start, argNodes.at(-1)!.end), this.src) : null;
        if (spender) this.add({ kind: 'tamper', entry: 'tamper.token-approval', object: spender, via: callee }, offset);
        this.ctx.list.edge([...allNames, ...objVal.names], [out], offset);
        return { names: [out], text: null };
      }
      case 'grant': {
        const argNodes = (n.arguments ?? []) as N[];
        // `folder.addEditor('x@y')` names the grantee first; the API calls name it by key (`forwardingEmail`, `emailAddress` …)
        const argText = argNodes.length ? this.src.slice(argNodes[0]!.start, argNodes.at(-1)!.end) : '';
        const addr = /^add(?:Editor|Viewer|Commenter)s?$/.test(callee.split('.').pop() ?? '') ? fixedAddressIn(argText) : granteeIn(argText);
        if (addr) this.grantTo(addr, callee, callee, offset);
        return { names: [out], text: null };
      }
      case 'write-file': {
        const p = args[0]?.text;
        if (p) {
          const path = normalisePath(p);
          const content = args[eff.contentArg];
          this.ctx.list.edge(content?.names ?? [], [`path:${path}`], offset);
          const loc = persistAt(path);
          if (loc) {
            this.add({ kind: loc.kind === 'privilege' ? 'privilege' : 'persist', entry: loc.entry, object: path, via: callee, consumes: content?.names ?? [], content: content?.text ?? '', flags: [loc.kind, /append/i.test(callee) ? 'append' : 'write'] }, offset);
            if (content?.text && this.ctx.config) this.ctx.config(path, content.text, offset);
          }
        }
        return { names: [out], text: null };
      }
      default:
        return { names: [out], text: null };
    }
  }
}

/** The description of a tool registration: `server.tool(name, "description", …)` or `registerTool(name, { description: "…" }, …)`. */
function toolDescription(n: N): string {
  const texts: string[] = [];
  const lit = (x: N | undefined): string | null => (x?.type === 'Literal' && typeof x.value === 'string' ? x.value : x?.type === 'TemplateLiteral' ? (x.quasis as N[]).map((q) => q.value?.cooked ?? '').join(' ') : null);
  for (const a of (n.arguments ?? []) as N[]) {
    const t = lit(a);
    if (t) texts.push(t);
    if (a?.type === 'ObjectExpression') for (const p of a.properties as N[]) if ((p.key?.name ?? p.key?.value) === 'description') texts.push(lit(p.value) ?? '');
  }
  return texts.join(' \n ');
}

/**
 * The program lists the project from its root (`readdirSync(".")` walked, `glob("**\/*")`, `process.cwd()`) and
 * leaves nothing out that holds secrets: no `.gitignore`, no `.env` or key pattern skipped. Remembered per program text.
 */
function walksWholeProject(code: string): boolean {
  let r = walkMemo.get(code);
  if (r === undefined) {
    const lists = /\b(?:readdirSync|readdir|opendir|opendirSync|globSync|glob|globby|fastGlob|fg|walk\w*)\s*\(\s*(?:["'`](?:\.\/?|\*\*[^"'`]*)["'`]|process\.cwd\(\))/.test(code);
    r = lists && !/\.gitignore|["'`/]\.env|\.pem\b|\bsecrets?\b|git\s+ls-files|ignore\s*:/i.test(code);
    if (walkMemo.size > 200) walkMemo.clear();
    walkMemo.set(code, r);
  }
  return r;
}
const walkMemo = new Map<string, boolean>();
