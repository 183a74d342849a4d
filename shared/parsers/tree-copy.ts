/**
 * A plain JavaScript copy of a tree-sitter syntax tree, built with one cursor walk, for readers that
 * visit every node several times. Every property read on a web-tree-sitter node is a call into
 * WebAssembly that allocates; the copy is read without either, and it outlives the tree, so the same
 * code text need not be parsed twice (see `parseCopy` in tree-sitter.ts).
 *
 * It keeps the named nodes and the anonymous nodes that fill a field (an operator), and answers the
 * members the readers use with web-tree-sitter's meaning: `namedChild` counts named nodes only,
 * `childForFieldName` is the first node in the field, `descendantsOfType` includes the node itself.
 */
import type { Node } from 'web-tree-sitter';

/**
 * The children of a leaf: one shared empty list (most nodes are leaves; never added to, see `addChild`). Not frozen: a
 * frozen array has elements of its own kind, and every loop over `namedChildren` would see two kinds (docs/analysis-limits.md,
 * "Twenty-fourth round").
 */
const NO_CHILDREN: readonly CodeNode[] = [];

export class CodeNode {
  namedChildren: readonly CodeNode[] = NO_CHILDREN;
  /** The fields in the order they were met, as name, node, name, node … (one small array: a large program has 100,000s of nodes). */
  private fields: (string | CodeNode)[] | null = null;

  constructor(
    readonly type: string,
    readonly startIndex: number,
    readonly endIndex: number,
    private readonly source: string,
  ) {}

  /** The node's text: web-tree-sitter slices the parsed string the same way. */
  get text(): string {
    return this.source.slice(this.startIndex, this.endIndex);
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  namedChild(i: number): CodeNode | null {
    return this.namedChildren[i] ?? null;
  }

  addChild(node: CodeNode): void {
    if (this.namedChildren === NO_CHILDREN) this.namedChildren = [node];
    else (this.namedChildren as CodeNode[]).push(node);
  }

  addField(name: string, node: CodeNode): void {
    if (this.fields === null) this.fields = [name, node];
    else this.fields.push(name, node);
  }

  /** The fields in the order they were met, as `name=type@start-end` (to compare two copies). */
  fieldsForCheck(): string[] {
    const out: string[] = [];
    const f = this.fields ?? [];
    for (let i = 0; i < f.length; i += 2) {
      const n = f[i + 1] as CodeNode;
      out.push(`${f[i] as string}=${n.type}@${n.startIndex}-${n.endIndex}`);
    }
    return out;
  }

  /** The first node in the field (as web-tree-sitter). */
  childForFieldName(name: string): CodeNode | null {
    const f = this.fields;
    if (f === null) return null;
    for (let i = 0; i < f.length; i += 2) if (f[i] === name) return f[i + 1] as CodeNode;
    return null;
  }

  /**
   * The node and its named descendants of the given types, in document order. As in web-tree-sitter,
   * whose walk starts at the node itself and passes over nodes ending at the very start of the text.
   */
  descendantsOfType(types: string | readonly string[]): CodeNode[] {
    const want = typeof types === 'string' ? [types] : types;
    const out: CodeNode[] = [];
    const stack: CodeNode[] = [this];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (n.endIndex === 0) continue;
      if (want.includes(n.type)) out.push(n);
      for (let i = n.namedChildren.length - 1; i >= 0; i--) stack.push(n.namedChildren[i]!);
    }
    return out;
  }
}

/** Whether each type id of a language is a named node type, learnt as the ids are met. */
const namedByType = new WeakMap<object, boolean[]>();

/**
 * A string with the same characters, from V8's table of internalized strings (a property key is kept there).
 * The library decodes a language's type and field names into fresh strings; the readers compare every node's
 * type with literals (`switch (node.type)`) and look fields up by name, and two internalized strings compare
 * by reference instead of character by character.
 */
function interned(s: string): string {
  return Object.keys({ [s]: 0 })[0] ?? s;
}

/** A language's type and field names, internalized (as the library's `types` and `fields`, same indices). */
const namesByLanguage = new WeakMap<object, { types: string[]; fields: (string | null)[] }>();
function namesOf(language: { types: string[]; fields: (string | null)[] }): { types: string[]; fields: (string | null)[] } {
  let names = namesByLanguage.get(language);
  if (!names) {
    names = { types: language.types.map((t) => (typeof t === 'string' ? interned(t) : t)), fields: language.fields.map((f) => (typeof f === 'string' ? interned(f) : f)) };
    namesByLanguage.set(language, names);
  }
  return names;
}

/**
 * The binding's own exports: the Emscripten module web-tree-sitter fills in when `Parser.init` is given
 * an object (tree-sitter.ts). Each cursor method of the library copies the cursor's four words into the
 * binding's transfer buffer through a generic `setValue`, calls the export and, for a move, reads the four
 * words back — most of the cost of a walk. The exports themselves keep the cursor in the transfer buffer
 * (a move writes it back, `tree-sitter.c` in the package; the getters used here only read it and return
 * their answer), so a walk that calls nothing else in between leaves it there and reads no memory.
 */
export interface TreeSitterExports {
  _ts_init(): number;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_current_field_id_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
  HEAP_DATA_VIEW: DataView;
}

let exportsInUse: { x: TreeSitterExports; buffer: number } | null = null;

const EXPORT_NAMES = [
  '_ts_init', '_ts_tree_cursor_goto_first_child_wasm', '_ts_tree_cursor_goto_next_sibling_wasm', '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm', '_ts_tree_cursor_current_field_id_wasm', '_ts_tree_cursor_start_index_wasm', '_ts_tree_cursor_end_index_wasm',
] as const;

/**
 * Copies are made through `binding`'s exports from now on, when it has them (the object given to
 * `Parser.init`; null or an object without them: through the library's cursor). Returns whether it does.
 */
export function useTreeSitterExports(binding: Partial<TreeSitterExports> | null): boolean {
  exportsInUse = null;
  if (!binding || !EXPORT_NAMES.every((k) => typeof binding[k] === 'function') || !(binding.HEAP_DATA_VIEW instanceof DataView)) return false;
  const x = binding as TreeSitterExports;
  exportsInUse = { x, buffer: x._ts_init() };
  return true;
}

/** Whether copies are made through the binding's exports. */
export function copiesThroughExports(): boolean {
  return exportsInUse !== null;
}

/** Copies the tree under `root` (parsed from `source`), one cursor walk; returns the copy and its node count. */
export function copyTree(root: Node, source: string, viaExports = exportsInUse !== null): { root: CodeNode; nodes: number } {
  const c = root.walk();
  // a node's type and whether it is named come from its type id: one call into WebAssembly, not two
  const language = root.tree.language;
  let named = namedByType.get(language);
  if (!named) namedByType.set(language, (named = []));
  const isNamed = (id: number): boolean => (named[id] ??= language.nodeTypeIsNamed(id));
  const { types, fields } = namesOf(language as unknown as { types: string[]; fields: (string | null)[] });
  // the cursor's four words (web-tree-sitter keeps them as the cursor's indices 0–3)
  const words = c as unknown as Record<0 | 1 | 2 | 3, number>;
  const bound = viaExports ? exportsInUse : null;
  let tree = 0;
  if (bound) {
    tree = (root.tree as unknown as Record<0, number>)[0];
    const view = bound.x.HEAP_DATA_VIEW;
    for (let i = 0; i < 4; i++) view.setInt32(bound.buffer + 4 * i, words[i as 0], true);
  }
  const x = bound?.x;
  // the same walk either way: through the exports (the cursor stays in the transfer buffer) or the cursor's methods
  const typeId = x ? () => x._ts_tree_cursor_current_node_type_id_wasm(tree) : () => c.nodeTypeId;
  const fieldName = x ? () => fields[x._ts_tree_cursor_current_field_id_wasm(tree)] : () => { const f = c.currentFieldName; return f ? interned(f) : f; };
  const startIndex = x ? () => x._ts_tree_cursor_start_index_wasm(tree) : () => c.startIndex;
  const endIndex = x ? () => x._ts_tree_cursor_end_index_wasm(tree) : () => c.endIndex;
  const firstChild = x ? () => x._ts_tree_cursor_goto_first_child_wasm(tree) === 1 : () => c.gotoFirstChild();
  const nextSibling = x ? () => x._ts_tree_cursor_goto_next_sibling_wasm(tree) === 1 : () => c.gotoNextSibling();
  const parent = x ? () => x._ts_tree_cursor_goto_parent_wasm(tree) === 1 : () => c.gotoParent();
  try {
    const top = new CodeNode(types[typeId()] || 'ERROR', startIndex(), endIndex(), source);
    let nodes = 1;
    if (!firstChild()) return { root: top, nodes };
    // entries[d]: the copy of the cursor's ancestor at depth d, or null for an anonymous one; a named
    // node attaches to the nearest copy above it (web-tree-sitter's namedChild counts through
    // anonymous nodes), a field only to its direct parent
    const entries: (CodeNode | null)[] = [top];
    const owners: CodeNode[] = [top];
    for (;;) {
      const direct = entries[entries.length - 1]!;
      const owner = owners[owners.length - 1]!;
      const id = typeId();
      const isNamedNode = isNamed(id);
      const field = direct ? fieldName() : undefined;
      let n: CodeNode | null = null;
      if (isNamedNode || field) {
        n = new CodeNode(types[id] || 'ERROR', startIndex(), endIndex(), source);
        nodes++;
        if (isNamedNode) owner.addChild(n);
        if (field) direct!.addField(field, n);
      }
      entries.push(isNamedNode ? n : null);
      owners.push(isNamedNode ? n! : owner);
      if (firstChild()) continue;
      // leave this node, climbing until a sibling is found or the walk is back at the root
      for (;;) {
        entries.pop();
        owners.pop();
        if (nextSibling()) break;
        if (!parent() || owners.length === 1) return { root: top, nodes };
      }
    }
  } finally {
    if (bound) {
      // the cursor as the walk left it (a move can reallocate its stack), so `delete` frees what it holds
      const view = bound.x.HEAP_DATA_VIEW;
      for (let i = 0; i < 4; i++) words[i as 0] = view.getInt32(bound.buffer + 4 * i, true);
    }
    c.delete();
  }
}
