/**
 * Authorisation rules a write installs for the whole machine (polkit), judged by what they answer. A polkit rule whose
 * function returns `polkit.Result.YES` as a plain statement of its body, before any test of the action or the subject,
 * lets every user (remote and inactive sessions too) do every administrative action without a password: root for all.
 * A rule that answers YES only inside a test (`if (action.id == … && subject.isInGroup(…))`) is the ordinary use.
 * Legacy `.pkla` files say the same with `Identity=unix-user:*` and `ResultAny`/`ResultInactive`/`ResultActive=yes` for
 * `Action=*`. See docs/skill-effect-model.md (families added for skills-heldout-24).
 */
import { parse, type Node as AcornNode } from 'acorn';

type N = AcornNode & Record<string, unknown>;

/** `polkit.Result.YES` (or `"yes"`, the same answer spelled as a string). */
function isYes(n: N | null | undefined): boolean {
  if (!n) return false;
  if (n.type === 'Literal') return n.value === 'yes';
  if (n.type !== 'MemberExpression') return false;
  const p = n.property as N;
  return (p.name === 'YES' || p.value === 'YES');
}

/** The functions handed to `polkit.addRule(…)` in a rules file. */
function ruleFunctions(root: N): N[] {
  const out: N[] = [];
  const visit = (n: unknown, depth: number): void => {
    if (!n || typeof n !== 'object' || depth > 60 || out.length > 20) return;
    const node = n as N;
    if (node.type === 'CallExpression') {
      const callee = node.callee as N;
      if (callee.type === 'MemberExpression' && (callee.property as N).name === 'addRule') {
        for (const a of node.arguments as N[]) if (a.type === 'FunctionExpression' || a.type === 'ArrowFunctionExpression') out.push(a);
      }
    }
    for (const v of Object.values(node)) {
      if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
      else if (v && typeof v === 'object' && typeof (v as N).type === 'string') visit(v, depth + 1);
    }
  };
  visit(root, 0);
  return out;
}

/** True when the rules text answers YES for every action and every subject. */
export function polkitGrantsEverything(text: string, path = ''): boolean {
  if (/\.pkla$/i.test(path) || /^\s*\[[^\]\n]+\]\s*$/m.test(text)) {
    // every section: its identity, action and answers
    return text.split(/^\s*\[[^\]\n]*\]\s*$/m).some((sec) => {
      const identity = /^\s*Identity\s*=\s*(.+)$/im.exec(sec)?.[1] ?? '';
      const action = /^\s*Action\s*=\s*(.+)$/im.exec(sec)?.[1] ?? '';
      return /unix-(?:user|group):\*/i.test(identity) && /^\s*\*\s*$/.test(action) && /^\s*Result(?:Any|Inactive|Active)\s*=\s*yes\s*$/im.test(sec);
    });
  }
  let root: N;
  try {
    root = parse(text, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true }) as unknown as N;
  } catch {
    return false;
  }
  return ruleFunctions(root).some((fn) => {
    const body = fn.body as N;
    if (body.type !== 'BlockStatement') return isYes(body);
    // the first statement that answers decides: a bare `return YES` before any `if` is an answer to everything
    for (const st of body.body as N[]) {
      if (st.type === 'ReturnStatement') return isYes(st.argument as N);
      if (st.type === 'IfStatement' || st.type === 'SwitchStatement' || st.type === 'TryStatement') return false;
    }
    return false;
  });
}
