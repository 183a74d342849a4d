/**
 * A global looked up by a name the code decodes at run time (docs/package-analysis.md "pkgrecall"):
 * `globalThis[String(k).split('').reverse().join('')]`, `window[atob(k)]`,
 * `global[String.fromCharCode(...codes)]`, `self[Buffer.from(k, 'base64').toString()]`. The name read is
 * never written in the file, so `cfg.lave(code)` in a Proxy whose get trap does this is `eval(code)`
 * where no reader sees `eval`. Honest code looks globals up by a plain name or a literal (feature
 * detection, `globalThis[name]`); none reverses or decodes the name first. HIGH in a file that also
 * makes network calls (fetched code reaches the hidden global); MEDIUM otherwise.
 */
import { forEachChild } from './flow-js.js';
import { parse } from 'acorn';

type N = any;

const GLOBALS = new Set(['globalThis', 'global', 'window', 'self']);
/** Cheap gate: a global indexed by a key expression that decodes, written inside the brackets. */
const GATE =
  /\b(?:globalThis|global|window|self)\s*\[[^\]\n;]{0,160}?(?:\.reverse\s*\(|fromCharCode|fromCodePoint|\batob\s*\(|['"](?:base64|hex)['"])/;

/** Whether an expression decodes a name: a reversed split, char codes, base64 / hex. */
function decodes(n: N, depth = 0): boolean {
  if (!n || depth > 8) return false;
  if (n.type === 'CallExpression') {
    const c = n.callee;
    const prop = c?.type === 'MemberExpression' && !c.computed ? c.property?.name : undefined;
    if (prop === 'reverse') return true;
    if (prop === 'fromCharCode' || prop === 'fromCodePoint') return true;
    if (c?.type === 'Identifier' && c.name === 'atob') return true;
    if (prop === 'toString' && n.arguments?.length === 0 && c.object?.type === 'CallExpression') {
      const from = c.object;
      const enc = from.arguments?.[1];
      if (
        from.callee?.type === 'MemberExpression' &&
        from.callee.property?.name === 'from' &&
        enc?.type === 'Literal' &&
        /^(?:base64|hex)$/.test(String(enc.value))
      )
        return true;
    }
    if (c?.type === 'MemberExpression') return decodes(c.object, depth + 1);
    return false;
  }
  if (n.type === 'MemberExpression') return decodes(n.object, depth + 1);
  return false;
}

/** The first global looked up by a decoded name: its offset and text, or null. */
export function decodedGlobalLookup(text: string): { index: number; evidence: string } | null {
  if (!GATE.test(text)) return null;
  let ast: N;
  try {
    ast = parse(text, {
      ecmaVersion: 'latest',
      sourceType: 'module',
      allowHashBang: true,
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      allowImportExportEverywhere: true,
    });
  } catch {
    try {
      ast = parse(text, {
        ecmaVersion: 'latest',
        sourceType: 'script',
        allowHashBang: true,
        allowReturnOutsideFunction: true,
      });
    } catch {
      return null;
    }
  }
  const stack: N[] = [ast];
  let n = 0;
  while (stack.length > 0 && n++ < 500_000) {
    const x = stack.pop();
    if (!x || typeof x.type !== 'string') continue;
    if (
      x.type === 'MemberExpression' &&
      x.computed &&
      x.object?.type === 'Identifier' &&
      GLOBALS.has(x.object.name) &&
      decodes(x.property)
    )
      return { index: x.start, evidence: text.slice(x.start, Math.min(x.end, x.start + 120)) };
    forEachChild(x, (c) => stack.push(c));
  }
  return null;
}
