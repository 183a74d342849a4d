/**
 * A plain JavaScript copy of a tree-sitter syntax tree (named nodes only), built with one cursor
 * walk. Every property read on a web-tree-sitter node is a call into WebAssembly; the data-flow pass
 * reads each node many times, so it reads this copy instead (same member names as the library's
 * nodes, so the analysis reads like tree-sitter code).
 *
 * Offsets are UTF-16 indices into the parsed text; the caller parses text without astral characters
 * (see flow.ts), for which web-tree-sitter's indices are exact.
 */
import type { SyntaxNode } from '../../../parsers/tree-sitter.js';

/** The parsed text and a lazy newline index. */
class Doc {
  private nl: number[] | null = null;
  constructor(readonly src: string) {}
  rowAt(index: number): number {
    if (!this.nl) {
      const nl: number[] = [];
      for (let i = this.src.indexOf('\n'); i !== -1; i = this.src.indexOf('\n', i + 1)) nl.push(i);
      this.nl = nl;
    }
    let lo = 0;
    let hi = this.nl.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.nl[mid]! < index) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

export class PyNode {
  readonly namedChildren: PyNode[] = [];
  private fields: Map<string, PyNode[]> | null = null;
  parent: PyNode | null = null;

  constructor(
    readonly type: string,
    readonly startIndex: number,
    readonly endIndex: number,
    private readonly doc: Doc,
  ) {}

  get text(): string {
    return this.doc.src.slice(this.startIndex, this.endIndex);
  }

  /** 0-based row, from the document's newline index (built on first use). */
  get startPosition(): { row: number } {
    return { row: this.doc.rowAt(this.startIndex) };
  }

  /** 0-based row of the node's end. */
  get endPosition(): { row: number } {
    return { row: this.doc.rowAt(Math.max(this.startIndex, this.endIndex - 1)) };
  }

  addField(name: string, n: PyNode): void {
    this.fields ??= new Map();
    const l = this.fields.get(name);
    if (l) l.push(n);
    else this.fields.set(name, [n]);
  }

  childForFieldName(name: string): PyNode | null {
    return this.fields?.get(name)?.[0] ?? null;
  }

  childrenForFieldName(name: string): PyNode[] {
    return this.fields?.get(name) ?? [];
  }

  /** Descendants (not this node) of the given types, in document order. */
  descendantsOfType(types: string | readonly string[]): PyNode[] {
    const want = typeof types === 'string' ? [types] : types;
    const out: PyNode[] = [];
    const stack = [...this.namedChildren].reverse();
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (want.includes(n.type)) out.push(n);
      for (let i = n.namedChildren.length - 1; i >= 0; i--) stack.push(n.namedChildren[i]!);
    }
    return out;
  }
}

/** Copies the named nodes of a tree (at most `maxNodes`; null when the tree is larger). */
export function mirror(root: SyntaxNode, src: string, maxNodes: number): PyNode | null {
  const c = root.walk();
  try {
    const doc = new Doc(src);
    const top = new PyNode(c.nodeType, c.startIndex, c.endIndex, doc);
    // Stack of the named ancestors of the cursor's node (an unnamed node is skipped, its named children attach above it).
    const stack: PyNode[] = [top];
    const isNamedAt: boolean[] = [true];
    let count = 1;
    if (!c.gotoFirstChild()) return top;
    for (;;) {
      const named = c.nodeIsNamed;
      if (named) {
        if (++count > maxNodes) return null;
        const n = new PyNode(c.nodeType, c.startIndex, c.endIndex, doc);
        const parent = stack[stack.length - 1]!;
        n.parent = parent;
        parent.namedChildren.push(n);
        const field = c.currentFieldName;
        if (field) parent.addField(field, n);
        stack.push(n);
      } else {
        // Anonymous nodes with a field (a binary operator's `operator`) are kept as fields only.
        const field = c.currentFieldName;
        if (field) stack[stack.length - 1]!.addField(field, new PyNode(c.nodeType, c.startIndex, c.endIndex, doc));
      }
      isNamedAt.push(named);
      if (c.gotoFirstChild()) continue;
      // leave this node and climb until a sibling is found
      for (;;) {
        if (isNamedAt.pop()) stack.pop();
        if (c.gotoNextSibling()) break;
        if (!c.gotoParent()) return top;
        if (isNamedAt.length <= 1) return top;
      }
    }
  } finally {
    c.delete();
  }
}
