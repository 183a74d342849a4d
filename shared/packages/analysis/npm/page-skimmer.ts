/**
 * What a user types into a payment or login form, taken by code the package plants in a page
 * (docs/package-analysis.md "Branch pkg22"). Two statements, read with acorn:
 *
 *  - `form_skimmer`: a string the package holds is itself page code that reads the values of card or password
 *    inputs and sends them to a fixed host. A build plugin that appends such a string to emitted assets plants a
 *    skimmer in its users' sites; the plugin's own code never touches a form. Honest build plugins append counters,
 *    banners or source-map comments; none carries a form reader with a send to a fixed host.
 *  - `card_data_beacon`: a value holding card fields (an object given a card number and its security code) put into
 *    a tracking pixel (`new Image().src = host + data`) or `navigator.sendBeacon` to a fixed host. A payment
 *    component hands card data to its processor in a request whose answer (a token) it needs; a beacon is
 *    fire-and-forget, and nothing of a card belongs in one.
 *
 * The vocabularies are data (below); the matcher is small.
 */
import { forEachChild, parseJs } from './flow-js.js';

type N = any;

/** Inputs whose values are a card or a login secret, as page code names them (selectors, tests on name / id). */
export const SECRET_FIELD_WORDS = /\bcvv|\bcvc|\bcsc\b|card.?num|\bcc.?num|\bccn\b|security.?code|password|passwd|\bcard\b|\bcc\b/i;
/** Page code that reads what a form holds. */
const FORM_READ = /\.value\b|new FormData\b|\.elements\b/;
/** Page code that finds the inputs or waits for the form. */
const FORM_REACH = /querySelector|getElementsBy|getElementById|document\.forms|["']submit["']|["'](?:input|change|blur|keyup)["']|\binput\b/;
/** Page code that sends. */
const PAGE_SEND = /\bsendBeacon\s*\(|\bfetch\s*\(|XMLHttpRequest|new Image\b|\.src\s*=|new WebSocket\s*\(/;
/** A fixed remote host written in the code (not the page's own origin, not a local address). */
const FIXED_HOST = /(?:https?:|wss?:)?\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;
const LOCAL_HOST = /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?)$/i;

/** Property names of a card's number and of its security code (both must be given to one value). */
export const CARD_NUMBER_PROP = /^(?:number|card_?number|cardNo|cc_?num(?:ber)?|ccn|pan)$/i;
export const CARD_CODE_PROP = /^(?:cvc2?|cvv2?|csc|cid|security_?code|card_?(?:cvc|cvv|code))$/i;

function fixedHost(s: string): string | null {
  for (const m of s.matchAll(FIXED_HOST)) {
    const h = m[1]!.toLowerCase();
    if (!LOCAL_HOST.test(h) && /[a-z]/.test(h.slice(h.lastIndexOf('.') + 1))) return h;
    if (/^(?:\d+\.){3}\d+$/.test(h) && !LOCAL_HOST.test(h)) return h;
  }
  return null;
}

/** Every string of the program with its offset: literals and the text of template literals. */
function strings(ast: N): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  const stack: N[] = [ast];
  let n = 0;
  while (stack.length > 0 && n++ < 300_000) {
    const x = stack.pop();
    if (!x || typeof x.type !== 'string') continue;
    if (x.type === 'Literal' && typeof x.value === 'string' && x.value.length >= 60) out.push({ text: x.value, start: x.start, end: x.end });
    if (x.type === 'TemplateLiteral') {
      const t = x.quasis.map((q: N) => q.value.cooked ?? q.value.raw).join('${}');
      if (t.length >= 60) out.push({ text: t, start: x.start, end: x.end });
    }
    forEachChild(x, (c) => stack.push(c));
  }
  return out;
}

/**
 * A card or password field named where page code picks inputs: inside a short quoted selector or name
 * (`'input[type=password]'`, `'cc-number'`) or a pattern tested on names. A whole library bundled as text (an HTTP
 * client's source that sets `url.password = ""` and reads `.value`) names none (pkg-analysis-2026.12.6).
 */
const SECRET_FIELD_QUOTED =
  /['"`][^'"`\n;(){}]{0,120}?(?:\bcvv|\bcvc|\bcsc\b|card.?num|\bcc.?num|\bccn\b|security.?code|password|passwd|\bcard\b|\bcc\b)[^'"`\n;(){}]{0,120}?['"`]|\/[^/\n]{0,80}(?:cvv|cvc|card|password)[^/\n]{0,80}\/[gimsuy]*\.test\(/i;

/** A string that is a form skimmer: reads card or password inputs and sends them to a fixed host. */
export function skimmerInString(s: string): string | null {
  if (!SECRET_FIELD_WORDS.test(s) || !FORM_READ.test(s) || !FORM_REACH.test(s) || !PAGE_SEND.test(s) || !SECRET_FIELD_QUOTED.test(s)) return null;
  return fixedHost(s);
}

const GATE_STRING = /\.value\b[\s\S]{0,4000}?(?:sendBeacon|fetch|XMLHttpRequest|new Image|\.src\s*=)|(?:sendBeacon|fetch|XMLHttpRequest|new Image|\.src\s*=)[\s\S]{0,4000}?\.value\b/;
const GATE_BEACON = /\bnew\s+Image\b|\bsendBeacon\s*\(/;

export interface PageSkim {
  rule: 'form_skimmer' | 'card_data_beacon';
  index: number;
  evidence: string;
  host: string;
}

/** Identifiers read anywhere inside an expression. */
function idsIn(n: N, out: Set<string>, depth = 0): Set<string> {
  if (!n || depth > 40 || typeof n !== 'object') return out;
  if (n.type === 'Identifier') out.add(n.name);
  for (const k of Object.keys(n)) {
    if (k === 'type' || k === 'start' || k === 'end' || (k === 'property' && !n.computed)) continue;
    const v = n[k];
    if (Array.isArray(v)) for (const c of v) idsIn(c, out, depth + 1);
    else if (v && typeof v.type === 'string') idsIn(v, out, depth + 1);
  }
  return out;
}

/** A pseudo-name under which the card fields read into variables are collected (no identifier can be spelt so). */
const CARD_FIELDS = '#card-fields';
/** Selectors of a card's number and of its security code (`#cc-number`, `[name=cardnumber]`, `cvv`). */
const CARD_NUMBER_SELECTOR = /card.?num|\bcc.?num|\bccn\b|\bpan\b/i;
const CARD_CODE_SELECTOR = /\bcvv|\bcvc|\bcsc\b|security.?code/i;

/** `document.getElementById('cc-number').value` (or querySelector / getElementsByName(…)[0]): which card field it reads. */
function fieldRead(e: N): 'number' | 'code' | null {
  if (e?.type !== 'MemberExpression' || e.computed || e.property?.name !== 'value') return null;
  let o = e.object;
  if (o?.type === 'MemberExpression' && o.computed) o = o.object;
  if (o?.type !== 'CallExpression' || !/^(?:getElementById|querySelector|getElementsByName)$/.test(o.callee?.property?.name ?? '')) return null;
  const a = o.arguments[0];
  const sel = a?.type === 'Literal' && typeof a.value === 'string' ? a.value : null;
  if (sel === null) return null;
  if (CARD_CODE_SELECTOR.test(sel)) return 'code';
  return CARD_NUMBER_SELECTOR.test(sel) ? 'number' : null;
}

/** The first form skimmer in a string, or card fields sent as a beacon, in a JavaScript file. */
export function pageSkim(text: string): PageSkim | null {
  const inString = SECRET_FIELD_WORDS.test(text) && GATE_STRING.test(text);
  const beacon = GATE_BEACON.test(text) && /cvc|cvv|csc|security_?code/i.test(text);
  if (!inString && !beacon) return null;
  const ast = parseJs(text);
  if (!ast) return null;
  if (inString)
    for (const s of strings(ast)) {
      const host = skimmerInString(s.text);
      if (host) return { rule: 'form_skimmer', index: s.start, evidence: text.slice(s.start, Math.min(s.end, s.start + 120)), host };
    }
  if (!beacon) return null;
  // Values given card fields: `card.number = v; card.cvc = c`, `const d = { number, cvc }`.
  const props = new Map<string, Set<string>>();
  const images = new Set<string>();
  const fieldVars = new Map<string, 'number' | 'code'>();
  const decls: N[] = [];
  const sends: N[] = [];
  const give = (name: string, prop: string): void => {
    const s = props.get(name) ?? new Set<string>();
    s.add(prop);
    props.set(name, s);
  };
  const stack: N[] = [ast];
  let n = 0;
  while (stack.length > 0 && n++ < 300_000) {
    const x = stack.pop();
    if (!x || typeof x.type !== 'string') continue;
    if (x.type === 'AssignmentExpression' && x.left.type === 'MemberExpression' && x.left.object.type === 'Identifier') {
      const p = x.left.computed ? (typeof x.left.property.value === 'string' ? x.left.property.value : null) : x.left.property.name;
      if (p) give(x.left.object.name, p);
      if (p === 'src') sends.push(x);
    }
    if (x.type === 'AssignmentExpression' && x.left.type === 'MemberExpression' && x.left.object.type === 'NewExpression' && x.left.property?.name === 'src')
      sends.push(x);
    if (x.type === 'VariableDeclarator' && x.id.type === 'Identifier' && x.init?.type === 'ObjectExpression')
      for (const p of x.init.properties) if (p.type === 'Property') give(x.id.name, p.key?.name ?? String(p.key?.value ?? ''));
    if (x.type === 'VariableDeclarator' && x.id.type === 'Identifier' && x.init?.type === 'NewExpression' && x.init.callee?.name === 'Image') images.add(x.id.name);
    // `const cc = document.getElementById('cc-number').value`: a variable holding what a card field holds; a card's
    // number and its code read into variables of one scope are card data like an object given both (cardFields).
    if (x.type === 'VariableDeclarator' && x.id.type === 'Identifier' && x.init) {
      const field = fieldRead(x.init);
      if (field) give(CARD_FIELDS, field === 'number' ? 'number' : 'cvc');
      if (field) fieldVars.set(x.id.name, field);
      if (decls.length < 2000) decls.push(x);
    }
    if (x.type === 'CallExpression' && x.callee?.type === 'MemberExpression' && x.callee.property?.name === 'sendBeacon') sends.push(x);
    forEachChild(x, (c) => stack.push(c));
  }
  const card = new Set([...props].filter(([, ps]) => [...ps].some((p) => CARD_NUMBER_PROP.test(p)) && [...ps].some((p) => CARD_CODE_PROP.test(p))).map(([k]) => k));
  if (card.has(CARD_FIELDS)) for (const v of fieldVars.keys()) card.add(v);
  // `const payload = JSON.stringify({ n: num, c: code })`: a variable made from card data holds it (two steps).
  for (let round = 0; round < 2; round++)
    for (const d of decls) if (!card.has(d.id.name) && [...idsIn(d.init, new Set())].some((id) => card.has(id))) card.add(d.id.name);
  if (card.size === 0) return null;
  for (const s of sends) {
    const isImage = s.type === 'AssignmentExpression' ? s.left.object.type === 'NewExpression' || images.has(s.left.object.name) : true;
    if (!isImage) continue;
    const value = s.type === 'AssignmentExpression' ? s.right : s;
    const src = text.slice(value.start, value.end);
    const host = fixedHost(src);
    if (!host) continue;
    if ([...idsIn(value, new Set())].some((id) => card.has(id)))
      return { rule: 'card_data_beacon', index: s.start, evidence: text.slice(s.start, Math.min(s.end, s.start + 120)), host };
  }
  return null;
}
