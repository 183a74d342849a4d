/**
 * Which code of a Python module runs when the module is imported: its module-level statements
 * (class bodies, decorators and default values included), and, transitively, the functions that
 * code can reach inside the file. A function body nothing run at import names is dormant: it runs
 * only when someone calls it (a library user, or a user starting one of the package's commands).
 *
 * Reach is judged by name, conservatively: a function is reached when any reached code names it
 * (called, passed as a value, looked up by a string that is exactly its name), when it carries a
 * decorator other than the standard ones that only wrap (a decorator may call what it decorates,
 * as `atexit.register` arranges), when it is a method of a class reached code names, or when it is
 * a module-level dunder hook (`__getattr__`). Code in a string passed to exec names what it calls.
 * The `if __name__ == '__main__':` block runs only when the file is run as a script, not on import;
 * it is reported as a dormant range of its own (the caller decides for files run as scripts).
 *
 * What other files call is not seen here: the caller checks the file's importers (roles.ts).
 */
import type { PyNode } from './tree.js';

export interface DormantRange {
  /** 1-based first and last line of the body that does not run at import. */
  from: number;
  to: number;
  /** Name of the module-level def or class that holds it ('' for a `__main__` block). */
  top: string;
  mainGuard: boolean;
}

/** Decorators of the standard library and the language that wrap or register a function without calling it. */
const WRAPPING_DECORATOR =
  /^(?:property|staticmethod|classmethod|(?:abc\.)?abstract(?:method|property|classmethod|staticmethod)|(?:functools\.)?(?:wraps|lru_cache|cache|cached_property|total_ordering|singledispatch(?:method)?)|(?:typing\.)?(?:overload|final|override)|(?:contextlib\.)?(?:async)?contextmanager|(?:dataclasses\.)?dataclass|[\w.]+\.(?:setter|getter|deleter))$/;

const MAIN_NAME = /^__name__\s*==\s*(['"])__main__\1$|^(['"])__main__\2\s*==\s*__name__$/;

function lineOf(n: PyNode, end = false): number {
  return (end ? n.endPosition.row : n.startPosition.row) + 1;
}

/** The module-level def or class statement that holds `n` (its name), or ''. */
function topName(n: PyNode): string {
  let top = '';
  for (let p: PyNode | null = n; p; p = p.parent) if (p.type === 'function_definition' || p.type === 'class_definition') top = p.childForFieldName('name')?.text ?? '';
  return top;
}

/** A def as the reach computation needs it: what names it, what its body names, where its body is. */
interface DefReach {
  name: string;
  clsName: string;
  /** Reached whatever names it: a decorator that may call it, a module-level dunder hook. */
  always: boolean;
  bodyRefs: Set<string>;
  from: number;
  to: number;
  top: string;
}

/**
 * The reach facts of one module: names module-level code uses, and per def what its body uses.
 * `dormant(roots)` lists the bodies nothing reaches when the names in `roots` (what importers take
 * from the module) are called too.
 */
export class ModuleReach {
  constructor(
    private readonly moduleRefs: Set<string>,
    private readonly defs: DefReach[],
    private readonly mainGuards: DormantRange[],
  ) {}

  /** Names of the file's defs (functions and methods). */
  defNames(): string[] {
    return this.defs.map((d) => d.name);
  }

  dormant(roots: Iterable<string> = []): DormantRange[] {
    const refs = new Set(this.moduleRefs);
    for (const r of roots) refs.add(r);
    const reached = new Set<DefReach>();
    for (let changed = true; changed; ) {
      changed = false;
      for (const d of this.defs) {
        if (reached.has(d)) continue;
        if (d.always || refs.has(d.name) || (d.clsName !== '' && refs.has(d.clsName))) {
          reached.add(d);
          for (const x of d.bodyRefs) refs.add(x);
          changed = true;
        }
      }
    }
    const out: DormantRange[] = this.defs.filter((d) => !reached.has(d)).map((d) => ({ from: d.from, to: d.to, top: d.top, mainGuard: false }));
    return out.concat(this.mainGuards);
  }
}

export function moduleReach(root: PyNode): ModuleReach {
  const mainGuards: PyNode[] = [];
  const collect = (start: PyNode, atModule: boolean): Set<string> => {
    const refs = new Set<string>();
    const stack: PyNode[] = [start];
    while (stack.length > 0) {
      const n = stack.pop()!;
      let kids = n.namedChildren;
      switch (n.type) {
        case 'identifier':
          refs.add(n.text);
          continue;
        case 'string': {
          const s = n.text.replace(/^[rbuf]*(?:'''|"""|'|")|(?:'''|"""|'|")$/gi, '');
          if (/^[A-Za-z_]\w*$/.test(s)) refs.add(s);
          else if (s.length < 4096 && /\w\s*\(/.test(s)) for (const w of s.match(/[A-Za-z_]\w*/g) ?? []) refs.add(w);
          continue;
        }
        case 'function_definition':
          // The def statement evaluates its defaults and annotations; its body waits for a call.
          kids = kids.filter((c) => c !== n.childForFieldName('body') && c !== n.childForFieldName('name'));
          break;
        case 'class_definition':
          kids = kids.filter((c) => c !== n.childForFieldName('name'));
          break;
        case 'if_statement':
          if (atModule && MAIN_NAME.test(n.childForFieldName('condition')?.text.replace(/\s+/g, ' ') ?? '')) {
            mainGuards.push(n);
            kids = kids.filter((c) => c !== n.childForFieldName('consequence') && c !== n.childForFieldName('condition'));
          }
          break;
      }
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
    return refs;
  };
  const moduleRefs = collect(root, true);
  const defs: DefReach[] = [];
  for (const n of root.descendantsOfType('function_definition')) {
    const name = n.childForFieldName('name')?.text ?? '';
    let holder = n.parent;
    let decorators: PyNode[] = [];
    if (holder?.type === 'decorated_definition') {
      decorators = holder.namedChildren.filter((c) => c.type === 'decorator');
      holder = holder.parent;
    }
    const cls = holder?.type === 'block' && holder.parent?.type === 'class_definition' ? holder.parent : null;
    const decorated = decorators.some((d) => {
      const e = d.namedChildren[0];
      const callee = e?.type === 'call' ? e.childForFieldName('function') : e;
      return !callee || !WRAPPING_DECORATOR.test(callee.text.replace(/\s+/g, ''));
    });
    const moduleHook = holder === root && /^__\w+__$/.test(name);
    const body = n.childForFieldName('body');
    if (!body) continue;
    defs.push({
      name,
      clsName: cls?.childForFieldName('name')?.text ?? '',
      always: decorated || moduleHook,
      bodyRefs: collect(body, false),
      from: lineOf(body),
      to: lineOf(body, true),
      top: topName(n),
    });
  }
  const guards = mainGuards.flatMap((g) => {
    const body = g.childForFieldName('consequence');
    return body ? [{ from: lineOf(body), to: lineOf(body, true), top: '', mainGuard: true }] : [];
  });
  return new ModuleReach(moduleRefs, defs, guards);
}

/** Does a 1-based line fall in a dormant range (a `__main__` block only when `mainRuns` is false)? */
export function dormantAt(ranges: readonly DormantRange[], line: number, mainRuns: boolean): DormantRange | null {
  for (const r of ranges) if (line >= r.from && line <= r.to && !(r.mainGuard && mainRuns)) return r;
  return null;
}
