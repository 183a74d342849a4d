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

export class CodeNode {
  readonly namedChildren: CodeNode[] = [];
  private fieldNames: string[] | null = null;
  private fieldNodes: CodeNode[] | null = null;

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

  addField(name: string, node: CodeNode): void {
    (this.fieldNames ??= []).push(name);
    (this.fieldNodes ??= []).push(node);
  }

  childForFieldName(name: string): CodeNode | null {
    const i = this.fieldNames?.indexOf(name) ?? -1;
    return i < 0 ? null : this.fieldNodes![i]!;
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

/** Copies the tree under `root` (parsed from `source`), one cursor walk; returns the copy and its node count. */
export function copyTree(root: Node, source: string): { root: CodeNode; nodes: number } {
  const c = root.walk();
  // a node's type and whether it is named come from its type id: one call into WebAssembly, not two
  const language = root.tree.language;
  let named = namedByType.get(language);
  if (!named) namedByType.set(language, (named = []));
  const isNamed = (id: number): boolean => (named[id] ??= language.nodeTypeIsNamed(id));
  try {
    const top = new CodeNode(c.nodeType, c.startIndex, c.endIndex, source);
    let nodes = 1;
    if (!c.gotoFirstChild()) return { root: top, nodes };
    // entries[d]: the copy of the cursor's ancestor at depth d, or null for an anonymous one; a named
    // node attaches to the nearest copy above it (web-tree-sitter's namedChild counts through
    // anonymous nodes), a field only to its direct parent
    const entries: (CodeNode | null)[] = [top];
    const owners: CodeNode[] = [top];
    for (;;) {
      const direct = entries[entries.length - 1]!;
      const owner = owners[owners.length - 1]!;
      const id = c.nodeTypeId;
      const isNamedNode = isNamed(id);
      const field = direct ? c.currentFieldName : undefined;
      let n: CodeNode | null = null;
      if (isNamedNode || field) {
        n = new CodeNode(language.types[id] || 'ERROR', c.startIndex, c.endIndex, source);
        nodes++;
        if (isNamedNode) owner.namedChildren.push(n);
        if (field) direct!.addField(field, n);
      }
      entries.push(isNamedNode ? n : null);
      owners.push(isNamedNode ? n! : owner);
      if (c.gotoFirstChild()) continue;
      // leave this node, climbing until a sibling is found or the walk is back at the root
      for (;;) {
        entries.pop();
        owners.pop();
        if (c.gotoNextSibling()) break;
        if (!c.gotoParent() || owners.length === 1) return { root: top, nodes };
      }
    }
  } finally {
    c.delete();
  }
}
