/**
 * `form_harvest` (pkg-analysis-2026.12.7): page code that copies every field of a form into one value and sends
 * that value to a fixed remote host. A skimmer needs no card word: it walks `querySelectorAll('input')` (or a form's
 * `elements`) and keeps `d[el.name] = el.value` for all of them, then ships `d` off-origin with `fetch`, an XHR, a
 * beacon, an image URL or a WebSocket. Read with acorn; the vocabularies are data below, the matcher is small.
 *
 * Honest look-alikes: a form serialiser posting the fields to the page's own origin (`fetch('/api/form')`) or to the
 * form's `action` (a value of the page, not a fixed host); a client posting to a URL its caller configures. An SDK
 * posting fields to the package's own host is lowered by own-hosts (collector/roles.ts).
 */
import { forEachChild, parseJs } from './flow-js.js';

type N = any;

/** The text names a set of the page's fields: every input, select or textarea, or a form's elements. */
const FIELD_SET =
  /querySelectorAll\s*\(\s*['"`][^'"`]*\b(?:input|select|textarea)\b|getElementsByTagName\s*\(\s*['"`](?:input|select|textarea)['"`]|\.elements\b|document\.forms\b|\$\(\s*['"`][^'"`]*\b(?:input|select|textarea|:input)\b/i;
/** The key of a copied field: its name or id. */
const FIELD_KEY = /^(?:name|id)$/;
/** Calls that add a key and a value to a collection (`FormData`, `URLSearchParams`, a Map). */
const ADD_PAIR = /^(?:append|set)$/;
/** A fixed remote host in a URL literal (an absolute or protocol-relative URL, not the page's own origin or a local address). */
const URL_HOST = /^(?:https?:|wss?:)?\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d+)?(?:[/?#]|$)/i;
const LOCAL_HOST = /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0)$/i;

export interface FormHarvest {
  index: number;
  evidence: string;
  host: string;
}

/** A field written as a name or an indexed name (`el`, `els[i]`, `f.elements[k]`), as text; null for anything else. */
function fieldKey(e: N, depth = 0): string | null {
  if (!e || depth > 4) return null;
  if (e.type === 'Identifier') return e.name;
  if (e.type === 'Literal' && (typeof e.value === 'number' || typeof e.value === 'string')) return JSON.stringify(e.value);
  if (e.type === 'MemberExpression') {
    const o = fieldKey(e.object, depth + 1);
    const p = e.computed ? fieldKey(e.property, depth + 1) : (e.property?.name ?? null);
    return o !== null && p !== null ? `${o}${e.computed ? `[${p}]` : `.${p}`}` : null;
  }
  return null;
}

/** `el.value`, `els[i].name`, `el.getAttribute('name')` …: the field whose property `prop` is read. */
function memberOf(e: N, prop: RegExp): string | null {
  if (e?.type === 'MemberExpression' && !e.computed && prop.test(e.property?.name ?? '')) return fieldKey(e.object);
  if (e?.type === 'CallExpression' && e.callee?.type === 'MemberExpression' && e.callee.property?.name === 'getAttribute') {
    const a = e.arguments[0];
    if (a?.type === 'Literal' && typeof a.value === 'string' && prop.test(a.value)) return fieldKey(e.callee.object);
  }
  return null;
}

/** Identifiers read anywhere inside an expression (not non-computed property names). */
function idsIn(n: N, out: Set<string>, depth = 0): Set<string> {
  if (!n || depth > 40 || typeof n !== 'object') return out;
  if (n.type === 'Identifier') out.add(n.name);
  for (const k of Object.keys(n)) {
    if (k === 'type' || k === 'start' || k === 'end' || (k === 'property' && !n.computed) || (k === 'key' && !n.computed)) continue;
    const v = n[k];
    if (Array.isArray(v)) for (const c of v) idsIn(c, out, depth + 1);
    else if (v && typeof v.type === 'string') idsIn(v, out, depth + 1);
  }
  return out;
}

/** Every member-read object `E` with both `E.name`/`E.id` and `E.value` inside one expression. */
function pairedField(nodes: N[]): boolean {
  const keys = new Set<string>();
  const values = new Set<string>();
  const stack = [...nodes];
  let n = 0;
  while (stack.length > 0 && n++ < 2000) {
    const x = stack.pop();
    if (!x || typeof x.type !== 'string') continue;
    const k = memberOf(x, FIELD_KEY);
    if (k) keys.add(k);
    const v = memberOf(x, /^value$/);
    if (v) values.add(v);
    forEachChild(x, (c) => stack.push(c));
  }
  return [...keys].some((k) => values.has(k));
}

/** The string a literal, a template without parts or a `+` of literals spells. */
function literalText(e: N, consts: ReadonlyMap<string, string>, depth = 0): string | null {
  if (!e || depth > 8) return null;
  if (e.type === 'Literal' && typeof e.value === 'string') return e.value;
  if (e.type === 'TemplateLiteral') return e.quasis[0]?.value.cooked ?? null;
  if (e.type === 'Identifier') return consts.get(e.name) ?? null;
  if (e.type === 'BinaryExpression' && e.operator === '+') return literalText(e.left, consts, depth + 1);
  return null;
}

function remoteHost(url: string | null): string | null {
  const h = url ? URL_HOST.exec(url)?.[1]?.toLowerCase() : undefined;
  return h && !LOCAL_HOST.test(h) ? h : null;
}

/** The first value made of every field of a form that is sent to a fixed remote host, in a JavaScript file. */
export function formHarvest(text: string): FormHarvest | null {
  if (!FIELD_SET.test(text) || !/\.value\b/.test(text) || !/\.(?:name|id)\b|getAttribute/.test(text)) return null;
  if (!/\bfetch\s*\(|\.send\s*\(|sendBeacon|\.src\s*=|\.post\s*\(|\.ajax\s*\(/.test(text)) return null;
  const ast = parseJs(text);
  if (!ast) return null;
  const consts = new Map<string, string>();
  const collectors = new Set<string>();
  const decls: N[] = [];
  const sends: N[] = [];
  /** Receivers of `.send(…)` opened on or created for a URL: an XHR's `open(method, url)`, a WebSocket's constructor (read after the walk, when every constant is known). */
  const channel = new Map<string, N>();
  const stack: N[] = [ast];
  let n = 0;
  while (stack.length > 0 && n++ < 300_000) {
    const x = stack.pop();
    if (!x || typeof x.type !== 'string') continue;
    if (x.type === 'VariableDeclarator' && x.id.type === 'Identifier' && x.init) {
      const s = literalText(x.init, consts);
      if (s !== null) consts.set(x.id.name, s);
      if (x.init.type === 'NewExpression' && /^(?:WebSocket|EventSource)$/.test(x.init.callee?.name ?? '')) {
        if (x.init.arguments[0]) channel.set(x.id.name, x.init.arguments[0]);
      }
      if (decls.length < 5000) decls.push(x);
    }
    // `d[el.name] = el.value` / `d[el.id] = el.value`
    if (
      x.type === 'AssignmentExpression' &&
      x.left.type === 'MemberExpression' &&
      x.left.computed &&
      x.left.object.type === 'Identifier' &&
      memberOf(x.left.property, FIELD_KEY) !== null &&
      memberOf(x.left.property, FIELD_KEY) === memberOf(x.right, /^value$/)
    )
      collectors.add(x.left.object.name);
    // `d += el.name + '=' + el.value`
    if (x.type === 'AssignmentExpression' && x.operator === '+=' && x.left.type === 'Identifier' && pairedField([x.right]))
      collectors.add(x.left.name);
    // `fd.append(el.name, el.value)`, `out.push({ k: el.name, v: el.value })`, `out.push(el.name + '=' + el.value)`
    if (
      x.type === 'CallExpression' &&
      x.callee?.type === 'MemberExpression' &&
      x.callee.object?.type === 'Identifier' &&
      (ADD_PAIR.test(x.callee.property?.name ?? '') || x.callee.property?.name === 'push') &&
      pairedField(x.arguments)
    )
      collectors.add(x.callee.object.name);
    if (x.type === 'CallExpression' && x.callee?.type === 'MemberExpression' && x.callee.property?.name === 'open' && x.callee.object?.type === 'Identifier') {
      if (x.arguments[1]) channel.set(x.callee.object.name, x.arguments[1]);
    }
    if (x.type === 'CallExpression') sends.push(x);
    if (x.type === 'AssignmentExpression' && x.left.type === 'MemberExpression' && !x.left.computed && x.left.property?.name === 'src') sends.push(x);
    forEachChild(x, (c) => stack.push(c));
  }
  if (collectors.size === 0) return null;
  // A value made from the collected fields holds them (`JSON.stringify(d)`, `btoa(…)`), two steps.
  const held = new Set(collectors);
  for (let round = 0; round < 2; round++)
    for (const d of decls) if (!held.has(d.id.name) && [...idsIn(d.init, new Set())].some((id) => held.has(id))) held.add(d.id.name);
  const carries = (nodes: N[]): boolean => nodes.some((a) => [...idsIn(a, new Set())].some((id) => held.has(id)));
  for (const s of sends) {
    let host: string | null = null;
    if (s.type === 'AssignmentExpression') {
      // `new Image().src = 'https://h/p.gif?d=' + data` / `img.src = …`
      if (carries([s.right])) host = remoteHost(literalText(s.right, consts));
    } else {
      const callee = s.callee;
      const name = callee?.type === 'Identifier' ? callee.name : callee?.type === 'MemberExpression' && !callee.computed ? callee.property?.name : '';
      if ((name === 'fetch' || name === 'sendBeacon' || name === 'post' || name === 'ajax' || name === 'put') && carries(s.arguments.slice(1).length ? s.arguments.slice(1) : s.arguments)) {
        const first = s.arguments[0];
        host = remoteHost(literalText(first?.type === 'ObjectExpression' ? first.properties.find((p: N) => p.key?.name === 'url')?.value : first, consts));
      } else if (name === 'send' && callee.object?.type === 'Identifier' && carries(s.arguments)) {
        host = remoteHost(literalText(channel.get(callee.object.name), consts));
      }
    }
    if (host) {
      const snippet = text.slice(s.start, Math.min(s.end, s.start + 120));
      return { index: s.start, evidence: snippet.includes(host) ? snippet : `${snippet} → ${host}`, host };
    }
  }
  return null;
}
