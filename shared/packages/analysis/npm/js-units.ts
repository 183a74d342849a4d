/**
 * A large JavaScript file (a bundle, a CLI's command module) read per function for the backstop
 * (backstop.ts): the whole file would combine one function's secret read with another's unrelated
 * request, so only small files were weighed whole and a stealer inside a bundle went unjudged. Here the
 * file is cut into units the size the backstop weighs whole:
 *
 *  - every function whose text is at most `UNIT_BYTES` and whose enclosing function is larger (or that
 *    has none): what one function does with everything it nests;
 *  - the module-level unit: the top-level statements that are not declarations of functions (each at
 *    most `UNIT_BYTES`) together with the top-level functions they call by name (each at most
 *    `UNIT_BYTES`): code that runs when the file loads, with what it runs (a secret read in one function
 *    and a foreign fetch in another, both called from module level, with no visible flow between them).
 *
 * Units are character ranges; each unit's text is weighed as the backstop weighs a small file, for theft
 * only. Read only when the whole file reads a secret and sends (the collector decides), so the parse
 * stays off the hot path of honest bundles.
 */
import { forEachChild } from './flow-js.js';
import { parseJs } from './flow-js.js';
import { Risk, riskOf, type FileRisk } from '../backstop.js';
import { Signal } from '../signals.js';

/** A unit's size bound: the size the backstop weighs a whole npm file up to (SMALL_IMPORT_FILE). */
export const UNIT_BYTES = 8 * 1024;
/** Files parsed for units at most this large, and at most this many units kept per file. */
const MAX_UNIT_FILE = 3 * 1024 * 1024;
const MAX_UNITS = 2000;

/** One unit: character ranges [start, end) of the file; `module`: the module-level unit. */
export interface JsUnit {
  ranges: [number, number][];
  module?: boolean;
}

type N = any;

const FN = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** The flow reader's parse (npm/flow-js.ts parseJs): the same options, and the tree it may already hold for this text. */
const parseAny = (text: string): N | null => parseJs(text);

/** Names called directly (`f(...)`, `await f()`, `setTimeout(f)`, `.then(f)`) in a node's subtree, functions included. */
function calledNames(node: N, out: Set<string>): void {
  const stack: N[] = [node];
  let n = 0;
  while (stack.length > 0 && n++ < 200_000) {
    const x = stack.pop();
    if (!x || typeof x.type !== 'string') continue;
    if (x.type === 'CallExpression' || x.type === 'NewExpression') {
      if (x.callee?.type === 'Identifier') out.add(x.callee.name);
      // A function handed to a call runs through it (a timer, a promise, an event).
      for (const a of x.arguments ?? []) if (a?.type === 'Identifier') out.add(a.name);
    }
    forEachChild(x, (c) => stack.push(c));
  }
}

const span = (n: N): [number, number] => [n.start as number, n.end as number];

/**
 * The units of a JavaScript file, or null when it does not parse. Functions nested in a unit belong to
 * it; a function larger than a unit is not a unit itself, its smaller functions are.
 */
export function jsUnits(text: string): { units: JsUnit[] } | null {
  if (text.length > MAX_UNIT_FILE) return null;
  const ast = parseAny(text);
  if (!ast) return null;
  const units: JsUnit[] = [];
  // Maximal small functions: walk down until a function fits.
  const stack: N[] = [ast];
  let visited = 0;
  while (stack.length > 0 && units.length < MAX_UNITS && visited++ < 2_000_000) {
    const x = stack.pop();
    if (!x || typeof x.type !== 'string') continue;
    if (FN.has(x.type) && x.end - x.start <= UNIT_BYTES) {
      units.push({ ranges: [span(x)] });
      continue;
    }
    forEachChild(x, (c) => stack.push(c));
  }
  // The module-level unit: small top-level statements and the small top-level functions they call.
  const decls = new Map<string, N>();
  for (const s of ast.body as N[]) {
    const d = s.type === 'ExportNamedDeclaration' || s.type === 'ExportDefaultDeclaration' ? s.declaration : s;
    if (d?.type === 'FunctionDeclaration' && d.id) decls.set(d.id.name, d);
    else if (d?.type === 'VariableDeclaration')
      for (const v of d.declarations)
        if (v.id?.type === 'Identifier' && v.init && FN.has(v.init.type)) decls.set(v.id.name, v.init);
  }
  const ranges: [number, number][] = [];
  const called = new Set<string>();
  for (const s of ast.body as N[]) {
    if (s.end - s.start > UNIT_BYTES) continue;
    const d = s.type === 'ExportNamedDeclaration' || s.type === 'ExportDefaultDeclaration' ? s.declaration : s;
    if (d?.type === 'FunctionDeclaration') continue;
    if (d?.type === 'VariableDeclaration' && d.declarations.every((v: N) => v.init && FN.has(v.init.type))) continue;
    ranges.push(span(s));
    calledNames(s, called);
  }
  for (const name of called) {
    const f = decls.get(name);
    if (f && f.end - f.start <= UNIT_BYTES) ranges.push(span(f));
  }
  if (ranges.length > 0) units.push({ ranges, module: true });
  return { units };
}

/** The text of each unit: its ranges in file order, joined by line breaks (a minified bundle is one line). */
export function unitTexts(text: string, units: readonly JsUnit[]): string[] {
  return units.map((u) =>
    [...u.ranges]
      .sort((x, y) => x[0] - y[0])
      .map(([a, b]) => text.slice(a, b))
      .join('\n'),
  );
}

/**
 * The risk of each unit of a large file: backstop.ts riskOf on the unit's text, with the file's scan
 * signals less those the scan places in one spot (the whole environment dumped, decoded data executed:
 * the unit's own text shows them through the risk patterns). Units with no secret read are left out:
 * per unit only theft is judged (a CLI's shim writer and its installer hint are not an import's acts).
 */
export function unitRisks(text: string, fileSignals: number): FileRisk[] | null {
  const cut = jsUnits(text);
  if (!cut) return null;
  const signals = fileSignals & ~(Signal.ENV_DUMP | Signal.DECODE_EXEC);
  const out: FileRisk[] = [];
  for (const t of unitTexts(text, cut.units)) {
    if (!SECRET_HINT.test(t)) continue;
    const r = riskOf(t, 'js', signals, undefined);
    if (r && r.bits & THEFT_CAPABLE && r.hosts.length > 0) out.push(r);
  }
  return out;
}

/** A cheap test before a unit is weighed: it names the environment or a credential store at all. */
const SECRET_HINT =
  /process\.env|\.ssh|\.aws|\.npmrc|wallet|Login Data|Cookies|keystore|\.kube|\.docker|Local Storage|\/proc\/|keychain|Credential|serviceaccount|169\.254\.169\.254|metadata\.google|Listener|clipboard|screenshot/i;

/** Capabilities a theft needs one of (a secret read, another process's memory). */
export const THEFT_CAPABLE = Risk.SECRET | Risk.MEMORY;
