/**
 * Whole-document data flow. Every read of a secret, every download and every decode marks the data
 * names it produces; edges (assignments, pipes, copies, archives, writes) carry the marks on; an
 * action that consumes a marked name is reached by that source, wherever in the document it was.
 *
 * Paths flow by containment: a secret copied into `./backup/ssh` marks `./backup` and `.`, so a
 * later `gh repo create --source=.` or `npm publish` of the folder carries it.
 */
import type { Action } from './types.js';
import type { Step } from './sink.js';

/** `request`: what an incoming request to server code carries (its body, query, parameters): anyone's input. */
/** `public`: a file read that holds nothing secret (authorized_keys), tracked so that what is derived from it is known. */
export type TaintKind = 'secret' | 'remote' | 'decoded' | 'request' | 'public';

export interface Taint {
  kind: TaintKind;
  source: Action;
  /** Lines the data passed through after the source (for the source → sink path). */
  via: number[];
}

/** The entry of a read of an incoming request's input (effects/javascript.ts, effects/python.ts). */
export const REQUEST_INPUT = 'read.request-input';

const MAX_TAINTS_PER_NAME = 6;
const MAX_TAINTED_PATHS = 400;

export class FlowState {
  private readonly marks = new Map<string, Taint[]>();
  private readonly paths: string[] = [];
  /** What reached each action (its consumed names' marks). */
  readonly reached = new Map<Action, Taint[]>();

  private put(name: string, taints: Taint[], line: number): void {
    if (taints.length === 0) return;
    const prev = this.marks.get(name) ?? [];
    const next = prev.slice();
    for (const t of taints) {
      if (next.length >= MAX_TAINTS_PER_NAME) break;
      if (next.some((p) => p.source === t.source && p.kind === t.kind)) continue;
      next.push(t.via[t.via.length - 1] === line ? t : { ...t, via: [...t.via.slice(-6), line] });
    }
    this.marks.set(name, next);
    if (name.startsWith('path:') && prev.length === 0 && this.paths.length < MAX_TAINTED_PATHS) this.paths.push(name.slice(5));
  }

  lookup(name: string): Taint[] {
    const direct = this.marks.get(name) ?? [];
    if (!name.startsWith('path:')) return direct;
    // a glob names what its folder holds: `$D/*`, `dist/*.whl`
    const star = name.indexOf('*');
    const p = star < 0 ? name.slice(5) : name.slice(5, star).replace(/\/[^/]*$/, '') || '.';
    if (this.paths.length === 0) return direct;
    const out = direct.slice();
    const pSlash = `${p}/`;
    for (const q of this.paths) {
      if (q === p && star < 0) continue; // the name itself: its marks are the direct ones
      const inside = q === p || q.startsWith(pSlash) || (p === '.' && !q.startsWith('/') && !q.startsWith('~')) || (p === '~' && q.startsWith('~/'));
      const within = p.length > q.length && p.startsWith(q) && p[q.length] === '/';
      if (inside || within) for (const t of this.marks.get(`path:${q}`) ?? []) if (!out.includes(t)) out.push(t);
      if (out.length >= MAX_TAINTS_PER_NAME * 2) break;
    }
    return out;
  }

  private lookupAll(names: readonly string[] | undefined): Taint[] {
    const out: Taint[] = [];
    // (source, kind) pairs already in `out`: a scan while it is short, a map once it is long (a step
    // that gathers thousands of names, such as a block's combined output, made the scan quadratic)
    let seen: Map<Action, TaintKind[]> | null = null;
    for (const n of names ?? []) {
      for (const t of this.lookup(n)) {
        if (seen) {
          const kinds = seen.get(t.source);
          if (kinds?.includes(t.kind)) continue;
          if (kinds) kinds.push(t.kind);
          else seen.set(t.source, [t.kind]);
        } else if (out.some((o) => o.source === t.source && o.kind === t.kind)) continue;
        out.push(t);
        if (!seen && out.length > 32) {
          seen = new Map();
          for (const o of out) {
            const kinds = seen.get(o.source);
            if (kinds) kinds.push(o.kind);
            else seen.set(o.source, [o.kind]);
          }
        }
      }
    }
    return out;
  }

  run(steps: readonly Step[]): void {
    for (const s of steps) {
      if ('edge' in s) {
        const t = this.lookupAll(s.edge.from);
        if (t.length) for (const to of s.edge.to) this.put(to, t, s.edge.line);
        continue;
      }
      const a = s.action;
      const inT = this.lookupAll(a.consumes);
      if (inT.length) this.reached.set(a, inT);
      let outT = inT;
      if (a.entry === REQUEST_INPUT) outT = [...inT, { kind: 'request', source: a, via: [] }];
      else if (a.kind === 'read' && a.entry.startsWith('read.public.')) outT = [...inT, { kind: 'public', source: a, via: [] }];
      else if (a.kind === 'read') outT = [...inT, { kind: 'secret', source: a, via: [] }];
      // (what the user hands over when a step asks for it — a password, an API key pasted into the chat — is a secret the agent holds)
      else if (a.kind === 'solicit' && a.produces?.length) outT = [...inT, { kind: 'secret', source: a, via: [] }];
      else if (a.kind === 'fetch') outT = [{ kind: 'remote', source: a, via: [] }];
      else if (a.entry === 'decode') outT = [...inT, { kind: 'decoded', source: a, via: [] }];
      else if (a.kind === 'send') outT = [];
      for (const p of a.produces ?? []) this.put(p, outT, a.line);
    }
  }
}

/** Runs the flow over the steps (actions and edges in document order). */
export function runFlow(steps: readonly Step[]): FlowState {
  const f = new FlowState();
  f.run(steps);
  return f;
}
