/**
 * Which code of a Python module runs when the module is imported: its module-level statements
 * (class bodies, decorators and default values included), and, transitively, the functions that
 * code can reach inside the file. A function body nothing run at import names is dormant: it runs
 * only when someone calls it (a library user, or a user starting one of the package's commands).
 *
 * Reach is judged by name, conservatively: a function is reached when any reached code names it
 * (called, passed as a value, looked up by a string that is exactly its name), when it carries a
 * decorator other than the standard ones that only wrap (a decorator may call what it decorates,
 * as `atexit.register` arranges), or when it is a module-level dunder hook (`__getattr__`). Code in
 * a string passed to exec names what it calls. The `if __name__ == '__main__':` block runs only when
 * the file is run as a script, not on import; it is reported as a dormant range of its own (the
 * caller decides for files run as scripts).
 *
 * A method runs when reached code names it, or when its class is built and it is one of the hooks
 * Python calls by itself on an instance (`__init__`, `__new__`, `__del__`, `__enter__`, any
 * `__dunder__`). A class is built where reached code calls it or hands it on as a value (an
 * argument, a decorator, a metaclass, a returned or stored value: whoever receives it may build
 * it); naming it to read it (`Cls.attr`, `isinstance(x, Cls)`, `super(Cls, self)`, an annotation, an
 * `except` clause, a comparison, a base class, an import) builds nothing, and then only its class
 * hooks (`__init_subclass__`, `__class_getitem__`) may run. A subclass built builds its bases; built, a class
 * with a base defined elsewhere (`threading.Thread`) runs any of its methods (that base calls `run` by itself). (Before
 * pkg-analysis-2026.12.10 naming a class reached all its methods: a library module whose functions
 * only name their own class ran its process-memory reader at import.)
 *
 * Statements that run nothing: a string statement (a doc string: its text is not code, an f-string's
 * fields still run), the names listed in `__all__` (what `from m import *` takes: an importer of the
 * whole module is followed as taking everything), a keyword argument's name, and an alias (`x = f` at
 * module level or in a class body: binding `f` under another name calls it only when `x` is reached).
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
  /^(?:property|staticmethod|classmethod|(?:abc\.)?abstract(?:method|property|classmethod|staticmethod)|(?:functools\.)?(?:wraps|lru_cache|cache|cached_property|total_ordering|singledispatch(?:method)?)|(?:typing\.)?(?:overload|final|override|runtime_checkable)|(?:contextlib\.)?(?:async)?contextmanager|(?:dataclasses\.)?dataclass|[\w.]+\.(?:setter|getter|deleter))$/;

const MAIN_NAME = /^__name__\s*==\s*(['"])__main__\1$|^(['"])__main__\2\s*==\s*__name__$/;

/** Calls that read a class handed to them without building it. */
const READS_CLASS = /^(?:isinstance|issubclass|super|hasattr|getattr|setattr|delattr|type|id|repr|vars|dir)$/;

/** Hooks Python calls on an instance by itself (construction, deletion, operators, `with`, attribute fallbacks). */
const INSTANCE_HOOK = /^__\w+__$/;
/** Hooks Python calls on the class itself when it is subclassed or subscripted. */
const CLASS_HOOK = /^__(?:init_subclass|class_getitem)__$/;

function lineOf(n: PyNode, end = false): number {
  return (end ? n.endPosition.row : n.startPosition.row) + 1;
}

/** The module-level def or class statement that holds `n` (its name), or ''. */
function topName(n: PyNode): string {
  let top = '';
  for (let p: PyNode | null = n; p; p = p.parent) if (p.type === 'function_definition' || p.type === 'class_definition') top = p.childForFieldName('name')?.text ?? '';
  return top;
}

/** What a piece of code names, and which of those names it may build (call, or hand on as a value). */
interface Uses {
  names: Set<string>;
  builds: Set<string>;
}

/** A def as the reach computation needs it: what names it, what its body names, where its body is. */
interface DefReach {
  name: string;
  clsName: string;
  /** Reached whatever names it: a decorator that may call it, a module-level dunder hook. */
  always: boolean;
  body: Uses;
  from: number;
  to: number;
  top: string;
}

/** `alias = target` at module level or in a class body (`clsName`): reaching the alias reaches the target. */
interface Alias {
  name: string;
  clsName: string;
  target: string;
}

/** The class a def or an alias statement belongs to (its direct holder), or ''. */
function classOf(stmt: PyNode): string {
  const holder = stmt.parent;
  return holder?.type === 'block' && holder.parent?.type === 'class_definition' ? (holder.parent.childForFieldName('name')?.text ?? '') : '';
}

/** The name a base-class expression ends in (`Base`, `mod.Base`), or ''. */
function tailName(n: PyNode): string {
  if (n.type === 'identifier') return n.text;
  if (n.type === 'attribute') return n.childForFieldName('attribute')?.text ?? '';
  return '';
}

/**
 * Whether a use of a name may build the class it names: anything but a read of the class
 * (`Cls.attr`, a type check, `super`, an annotation, an except clause, a comparison, a subscript, a
 * base-class position, an import).
 */
function buildsAt(id: PyNode): boolean {
  let e = id;
  while (e.parent?.type === 'attribute' && e.parent.childForFieldName('attribute') === e) e = e.parent;
  const p = e.parent;
  if (!p) return true;
  if (p.type === 'attribute' || p.type === 'comparison_operator') return false;
  if (p.type === 'subscript' && p.childForFieldName('value') === e) return false;
  if (p.type === 'argument_list') {
    const owner = p.parent;
    if (owner?.type === 'class_definition') return false;
    if (owner?.type === 'call' && READS_CLASS.test(owner.childForFieldName('function')?.text ?? '')) return false;
  }
  for (let a: PyNode | null = p; a && a.type !== 'block' && a.type !== 'module'; a = a.parent)
    if (a.type === 'type' || a.type === 'except_clause' || a.type === 'import_statement' || a.type === 'import_from_statement' || a.type === 'future_import_statement') return false;
  return true;
}

/** A statement that lists export names (`__all__ = [...]`, `__all__ += [...]`, `__all__.extend([...])`). */
function listsExports(n: PyNode): boolean {
  if (n.type === 'assignment' || n.type === 'augmented_assignment') return n.childForFieldName('left')?.text === '__all__';
  if (n.type === 'call') return /^__all__\.(?:append|extend|insert)$/.test(n.childForFieldName('function')?.text.replace(/\s+/g, '') ?? '');
  return false;
}

/**
 * The reach facts of one module: names module-level code uses, and per def what its body uses.
 * `dormant(roots)` lists the bodies nothing reaches when the names in `roots` (what importers take
 * from the module, which they may call or build) are used too.
 */
export class ModuleReach {
  constructor(
    private readonly module: Uses,
    private readonly defs: DefReach[],
    private readonly aliases: Alias[],
    private readonly bases: Map<string, Set<string>>,
    /** Classes with a base defined elsewhere (directly or through an in-file base): built, every method may run. */
    private readonly external: ReadonlySet<string>,
    private readonly mainGuards: DormantRange[],
  ) {}

  /** Names of the file's defs (functions and methods). */
  defNames(): string[] {
    return this.defs.map((d) => d.name);
  }

  dormant(roots: Iterable<string> = []): DormantRange[] {
    const names = new Set(this.module.names);
    const builds = new Set(this.module.builds);
    for (const r of roots) {
      names.add(r);
      builds.add(r);
    }
    const member = (name: string, cls: string): boolean =>
      cls !== '' && ((builds.has(cls) && (INSTANCE_HOOK.test(name) || this.external.has(cls))) || (names.has(cls) && CLASS_HOOK.test(name)));
    const add = (set: Set<string>, x: string): boolean => {
      if (set.has(x)) return false;
      set.add(x);
      return true;
    };
    const reached = new Set<DefReach>();
    for (let changed = true; changed; ) {
      changed = false;
      // A class named names its bases (their class hooks run when it is defined); built, it builds them.
      for (const [cls, bs] of this.bases)
        for (const b of bs) {
          if (names.has(cls) && add(names, b)) changed = true;
          if (builds.has(cls) && add(builds, b)) changed = true;
        }
      for (const a of this.aliases) {
        if (names.has(a.name) || member(a.name, a.clsName)) changed = add(names, a.target) || changed;
        if (builds.has(a.name)) changed = add(builds, a.target) || changed;
      }
      for (const d of this.defs) {
        if (reached.has(d)) continue;
        if (d.always || names.has(d.name) || member(d.name, d.clsName)) {
          reached.add(d);
          for (const x of d.body.names) names.add(x);
          for (const x of d.body.builds) builds.add(x);
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
  const aliases: Alias[] = [];
  const bases = new Map<string, Set<string>>();
  const classes = new Set<string>();
  const isDecorated = (decorators: PyNode[]): boolean =>
    decorators.some((d) => {
      const e = d.namedChildren[0];
      const callee = e?.type === 'call' ? e.childForFieldName('function') : e;
      return !callee || !WRAPPING_DECORATOR.test(callee.text.replace(/\s+/g, ''));
    });
  const collect = (start: PyNode, atModule: boolean): Uses => {
    const uses: Uses = { names: new Set(), builds: new Set() };
    const use = (name: string, build: boolean): void => {
      uses.names.add(name);
      if (build) uses.builds.add(name);
    };
    // (`quiet`: strings there name nothing, as in `__all__`.)
    const stack: [PyNode, boolean][] = [[start, false]];
    while (stack.length > 0) {
      const [n, quiet] = stack.pop()!;
      let kids = n.namedChildren;
      let quietKids = quiet;
      switch (n.type) {
        case 'identifier':
          use(n.text, buildsAt(n));
          continue;
        case 'keyword_argument':
          // `f(cwd=x)`: the keyword is a parameter's name, not a use of anything called so.
          kids = kids.filter((c) => c !== n.childForFieldName('name'));
          break;
        case 'string': {
          // A string statement (a doc string) is evaluated and dropped: its text names nothing.
          const lone = n.parent?.type === 'expression_statement' || (n.parent?.type === 'concatenated_string' && n.parent.parent?.type === 'expression_statement');
          if (!quiet && !lone) {
            const s = n.text.replace(/^[rbuf]*(?:'''|"""|'|")|(?:'''|"""|'|")$/gi, '');
            if (/^[A-Za-z_]\w*$/.test(s)) use(s, true);
            else if (s.length < 4096 && /\w\s*\(/.test(s)) for (const w of s.match(/[A-Za-z_]\w*/g) ?? []) use(w, true);
          }
          // An f-string's fields run.
          kids = kids.filter((c) => c.type === 'interpolation');
          break;
        }
        case 'expression_statement': {
          // `alias = target` at module level or in a class body binds, it calls nothing.
          const a = n.namedChildren.length === 1 ? n.namedChildren[0]! : null;
          const left = a?.type === 'assignment' ? a.childForFieldName('left') : null;
          const right = a?.type === 'assignment' ? a.childForFieldName('right') : null;
          const holder = n.parent;
          if (
            left?.type === 'identifier' &&
            right?.type === 'identifier' &&
            (holder?.type === 'module' || (holder?.type === 'block' && holder.parent?.type === 'class_definition'))
          ) {
            aliases.push({ name: left.text, clsName: classOf(n), target: right.text });
            kids = kids.flatMap((c) => (c === a ? a.namedChildren.filter((x) => x !== left && x !== right) : [c]));
          }
          break;
        }
        case 'assignment':
        case 'augmented_assignment':
        case 'call':
          if (listsExports(n)) quietKids = true;
          break;
        case 'function_definition':
          // The def statement evaluates its defaults and annotations; its body waits for a call.
          kids = kids.filter((c) => c !== n.childForFieldName('body') && c !== n.childForFieldName('name'));
          break;
        case 'decorated_definition': {
          // A class a decorator receives may be built by it.
          const def = n.childForFieldName('definition');
          if (def?.type === 'class_definition' && isDecorated(n.namedChildren.filter((c) => c.type === 'decorator')))
            use(def.childForFieldName('name')?.text ?? '', true);
          break;
        }
        case 'class_definition': {
          const name = n.childForFieldName('name')?.text ?? '';
          // (A base that is no plain name, `Generic[T]`, is kept as '?': a class of elsewhere.)
          for (const b of n.childForFieldName('superclasses')?.namedChildren ?? []) {
            if (b.type === 'keyword_argument') continue;
            bases.set(name, (bases.get(name) ?? new Set()).add(tailName(b) || '?'));
          }
          classes.add(name);
          kids = kids.filter((c) => c !== n.childForFieldName('name'));
          break;
        }
        case 'if_statement':
          if (atModule && MAIN_NAME.test(n.childForFieldName('condition')?.text.replace(/\s+/g, ' ') ?? '')) {
            mainGuards.push(n);
            kids = kids.filter((c) => c !== n.childForFieldName('consequence') && c !== n.childForFieldName('condition'));
          }
          break;
      }
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i]!, quietKids]);
    }
    return uses;
  };
  const module = collect(root, true);
  const defs: DefReach[] = [];
  for (const n of root.descendantsOfType('function_definition')) {
    const name = n.childForFieldName('name')?.text ?? '';
    let holder = n.parent;
    let decorators: PyNode[] = [];
    let stmt = n;
    if (holder?.type === 'decorated_definition') {
      decorators = holder.namedChildren.filter((c) => c.type === 'decorator');
      stmt = holder;
      holder = holder.parent;
    }
    const moduleHook = holder === root && /^__\w+__$/.test(name);
    const body = n.childForFieldName('body');
    if (!body) continue;
    defs.push({
      name,
      clsName: classOf(stmt),
      always: isDecorated(decorators) || moduleHook,
      body: collect(body, false),
      from: lineOf(body),
      to: lineOf(body, true),
      top: topName(n),
    });
  }
  const guards = mainGuards.flatMap((g) => {
    const body = g.childForFieldName('consequence');
    return body ? [{ from: lineOf(body), to: lineOf(body, true), top: '', mainGuard: true }] : [];
  });
  // Classes with a base from elsewhere (`threading.Thread`, `socketserver.BaseRequestHandler`): that base's code calls
  // the methods it expects overridden (`run`, `handle`, `emit`) by their names, which this file never writes.
  const external = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [cls, bs] of bases)
      if (!external.has(cls) && [...bs].some((b) => b === '?' || (b !== 'object' && (!classes.has(b) || external.has(b))))) {
        external.add(cls);
        changed = true;
      }
  }
  return new ModuleReach(module, defs, aliases, bases, external, guards);
}

/** Does a 1-based line fall in a dormant range (a `__main__` block only when `mainRuns` is false)? */
export function dormantAt(ranges: readonly DormantRange[], line: number, mainRuns: boolean): DormantRange | null {
  for (const r of ranges) if (line >= r.from && line <= r.to && !(r.mainGuard && mainRuns)) return r;
  return null;
}
