/**
 * A verification skipped on the caller's say-so, read from the JavaScript/TypeScript syntax tree: inside a
 * function that checks a signature or token (an HMAC, `timingSafeEqual`, `jwt.verify`, a webhook
 * `constructEvent`), an early `return next()` / `return true` guarded only by a value the request carries (a
 * header, the query, the body, a cookie) and placed before the check. Whoever sends that value skips the
 * check. A guard that compares the request value with a configured secret is a check of its own, not a skip.
 */
import type { Node as AcornNode } from 'acorn';

type N = AcornNode & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const VERIFY = /\b(?:createHmac|timingSafeEqual|verify(?:Signature|Webhook|Token|Jwt)?|constructEvent|validateRequest|checkSignature)\s*\(/;
const REQUEST_VALUE = /\b(?:req|request|ctx|c)\s*\.\s*(?:header|get|headers|query|body|cookies|signedCookies|req\.header)\b|\bheaders\s*\[\s*["'`]/;
const CONFIGURED = /\bprocess\s*\.\s*env\b|\b(?:config|settings|secret|SECRET|env)\b/;
const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

export interface BypassHit {
  /** Offset of the guard in the source. */
  at: number;
  snippet: string;
}

/** Proceeds without the check: `return next()`, `next(); return`, `return true`, `return handler(req, res)`. */
function proceeds(n: N | null | undefined): boolean {
  if (!n) return false;
  // (a block may first set who the caller is — `req.user = { role: 'admin' }; return next()` — then proceed)
  if (n.type === 'BlockStatement') return n.body.length > 0 && n.body.length <= 3 && (proceeds(n.body[0]) || (proceeds(n.body.at(-1)) && n.body.slice(0, -1).every((x: N) => x.type === 'ExpressionStatement' && x.expression.type === 'AssignmentExpression')));
  const e = n.type === 'ReturnStatement' ? n.argument : n.type === 'ExpressionStatement' ? n.expression : null;
  if (!e) return false;
  if (e.type === 'Literal' && e.value === true) return true;
  return e.type === 'CallExpression' && e.callee.type === 'Identifier' && /^(?:next|done|proceed|handler)$/.test(e.callee.name);
}

export function verificationBypasses(root: N, source: string): BypassHit[] {
  const hits: BypassHit[] = [];
  let visited = 0;
  const visit = (n: N | null | undefined): void => {
    if (!n || typeof n !== 'object' || ++visited > 100000 || hits.length >= 5) return;
    if (FUNCTION.has(n.type) && n.body?.type === 'BlockStatement') {
      const text = source.slice(n.body.start, n.body.end);
      const check = VERIFY.exec(text);
      if (check) {
        const checkAt = n.body.start + check.index;
        for (const st of n.body.body as N[]) {
          if (st.start >= checkAt) break;
          if (st.type !== 'IfStatement' || !proceeds(st.consequent)) continue;
          const test = source.slice(st.test.start, st.test.end);
          if (REQUEST_VALUE.test(test) && !CONFIGURED.test(test)) {
            hits.push({ at: st.start, snippet: source.slice(st.start, Math.min(st.end, st.start + 120)).replace(/\s+/g, ' ') });
            break;
          }
          // the guard may read the request into a local first: `const r = req.header("x"); if (r && …) return next()`
          if (!CONFIGURED.test(test)) {
            const names = (test.replace(/\/(?:[^/\\\n]|\\.)+\/[gimsuy]*/g, ' ').match(/[A-Za-z_$][\w$]*/g) ?? []).slice(0, 10);
            const before = source.slice(n.body.start, st.start);
            if (names.some((id) => new RegExp(`\\b(?:const|let|var)\\s+${id.replace(/\$/g, '\\$')}\\s*=\\s*[^;\\n]*(?:${REQUEST_VALUE.source})`).test(before))) {
              hits.push({ at: st.start, snippet: source.slice(st.start, Math.min(st.end, st.start + 120)).replace(/\s+/g, ' ') });
              break;
            }
          }
        }
      }
    }
    for (const k of Object.keys(n)) {
      if (k === 'loc' || k === 'range') continue;
      const v = n[k];
      if (Array.isArray(v)) for (const x of v) visit(x as N);
      else if (v && typeof v === 'object' && typeof v.type === 'string') visit(v as N);
    }
  };
  visit(root);
  return hits;
}
