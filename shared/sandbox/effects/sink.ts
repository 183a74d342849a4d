/**
 * Where the readers (shell, Python, JavaScript, configuration, URLs) put the actions they find:
 * one list per document, in document order, with offsets turned into lines and snippets once.
 */
import type { SourceText } from '../text.js';
import type { Action, ActionMode, ActionOrigin } from './types.js';

export type NewAction = Omit<Action, 'line' | 'column' | 'snippet' | 'origin' | 'mode'> & { origin?: ActionOrigin; mode?: ActionMode };

/** Hard cap per document: a hostile file with a million commands must not grow the model without bound. */
export const MAX_ACTIONS = 20000;

/** A pure data edge (an assignment, a pipe, a copy): what flows where, with no effect of its own. */
export interface Edge {
  from: string[];
  to: string[];
  line: number;
}

export type Step = { action: Action } | { edge: Edge };

export class ActionList {
  readonly actions: Action[] = [];
  /** Actions and data edges in the order they were read (document order). */
  readonly steps: Step[] = [];
  private counter = 0;
  /** What the document writes into files (heredocs, echoes, blocks shown as a file), by normalised path: a run-later entry that names one runs it. */
  readonly files = new Map<string, string>();
  /** Package indexes the document names (uv `[[index]]`, Poetry sources), by upper-cased name: where their credentials go. */
  readonly indexes = new Map<string, string>();
  /** Images the document builds (`docker build -t NAME`), anywhere in it: running one runs the user's own build. */
  readonly builtImages = new Set<string>();
  /** Files the document's data flows into (`path:…` edges: downloads, copies, writes), whichever reader made them. */
  readonly writtenPaths = new Set<string>();

  constructor(readonly src: SourceText) {}

  /** A fresh name for an anonymous data flow (a pipe, a command substitution). */
  fresh(prefix: string): string {
    return `${prefix}#${++this.counter}`;
  }

  add(a: NewAction, offset: number, origin: ActionOrigin, mode: ActionMode = 'instruction'): Action | null {
    if (this.actions.length >= MAX_ACTIONS) return null;
    const loc = this.src.locate(Math.max(0, Math.min(offset, this.src.content.length)));
    // the same object as `{ ...a, origin, mode, line, column, snippet }` (same keys in the same order), built
    // with Object.assign: the spread of these differently shaped objects was the costliest line of the readers
    const action = Object.assign({}, a) as Action;
    action.origin = a.origin ?? origin;
    action.mode = a.mode ?? mode;
    action.line = loc.line;
    action.column = loc.column;
    action.snippet = loc.snippet;
    this.actions.push(action);
    this.steps.push({ action });
    return action;
  }

  edge(from: string[], to: string[], offset: number): void {
    if (this.steps.length >= MAX_ACTIONS * 4) return;
    for (const t of to) if (t.startsWith('path:') && this.writtenPaths.size < 10_000) this.writtenPaths.add(t);
    this.steps.push({ edge: { from, to, line: this.src.lineOf(Math.max(0, Math.min(offset, this.src.content.length))) } });
  }
}
