/**
 * Transitive dependency graph (rules 9–10): breadth-first from the resolved direct dependencies through each
 * version's declared dependencies, levels L1..L3, deduplicated by registry+name+version at the shallowest
 * level, with attribution to every direct dependency that pulled a node in. Nodes past the audit cap are
 * disclosed in `uncertifiedBeyondCap`; unresolvable transitives in `unresolved`.
 */
import pLimit from 'p-limit';
import type { DeclaredDependency, DistributionInfo, Refusal, RegistrySource, ResolvedDependency } from '../types.js';
import { parseNpmAlias } from '../manifests/package-json.js';
import { isRefusal, packageKey } from '../registries/types.js';

/** What the expansion needs from a registry client (NpmRegistry and PypiRegistry satisfy it). */
export interface GraphRegistryClient {
  resolve(dep: DeclaredDependency): Promise<ResolvedDependency | Refusal>;
  distribution(name: string, version: string): Promise<DistributionInfo>;
}

export interface GraphNode {
  registry: RegistrySource;
  name: string;
  version: string;
  /** 1 = dependency of a direct dependency, up to 3. */
  level: number;
  /** The spec the first parent declared for it. */
  spec: string;
  /** `name@version` of the node that first pulled it in (a direct dependency at L1). */
  parent: string;
  /** `name@version` of the direct dependency it was first reached from. */
  via: string;
  /** Every direct dependency (`name@version`) whose subtree pulls it in, in discovery order. */
  viaAll: string[];
  /** `name@version` chain from the direct dependency to this node, both included. */
  path: string[];
}

export interface UnresolvedTransitive {
  refusal: Refusal;
  level: number;
  parent: string;
  via: string;
  viaAll: string[];
  /** Chain from the direct dependency to the parent that declared it. */
  path: string[];
}

export interface GraphResult {
  /** Transitives within the audit cap, in BFS order. */
  nodes: GraphNode[];
  /** Transitives past the cap (BFS order): disclosed as uncertified, never dropped. */
  uncertifiedBeyondCap: GraphNode[];
  /** Transitives that could not be resolved, one per registry+name+spec. */
  unresolved: UnresolvedTransitive[];
  /** Nodes whose own dependency list could not be read (their children are unknown). */
  expansionErrors: Array<{ registry: RegistrySource; node: string; error: string }>;
  /** True when `maxNodes` stopped the expansion early. */
  truncated: boolean;
}

export interface GraphOptions {
  /** Deepest transitive level (default and maximum 3). */
  maxDepth?: number;
  /** How many transitives (BFS order) may be audited; the rest go to uncertifiedBeyondCap. */
  transitiveCap: number;
  /** Parallel registry requests (default 8). */
  concurrency?: number;
  /** Safety bound on the number of distinct transitives discovered (default 5000). */
  maxNodes?: number;
}

interface Frontier {
  registry: RegistrySource;
  name: string;
  version: string;
  via: string;
  path: string[];
}

export async function expandGraph(
  direct: ResolvedDependency[],
  clients: { npm: GraphRegistryClient; pypi: GraphRegistryClient },
  opts: GraphOptions,
): Promise<GraphResult> {
  const maxDepth = Math.min(3, Math.max(0, opts.maxDepth ?? 3));
  const maxNodes = opts.maxNodes ?? 5000;
  const limit = pLimit(Math.max(1, opts.concurrency ?? 8));
  const client = (r: RegistrySource) => (r === 'npm' ? clients.npm : clients.pypi);
  const nodeKey = (r: RegistrySource, name: string, version: string) => `${r}:${packageKey(name, version)}`;

  const distCache = new Map<string, Promise<DistributionInfo>>();
  const resolveCache = new Map<string, Promise<ResolvedDependency | Refusal>>();
  const distributionOf = (f: Frontier) => {
    const k = nodeKey(f.registry, f.name, f.version);
    let p = distCache.get(k);
    if (!p) {
      p = limit(() => client(f.registry).distribution(f.name, f.version));
      distCache.set(k, p);
    }
    return p;
  };
  const resolveChild = (registry: RegistrySource, name: string, spec: string, manifestFile: string) => {
    const k = `${registry}:${name}:${spec}`;
    let p = resolveCache.get(k);
    if (!p) {
      p = limit(() => client(registry).resolve({ registry, name, spec, manifestFile })).catch(
        (err: unknown): Refusal => ({ registry, name, spec, manifestFile, code: 'registry_unreachable', reason: `${name} could not be resolved (${(err as Error).message}); submit again later.` }),
      );
      resolveCache.set(k, p);
    }
    return p;
  };

  const directKeys = new Set(direct.map((d) => nodeKey(d.registry, d.name, d.version)));
  const seen = new Map<string, GraphNode>();
  const order: GraphNode[] = [];
  const unresolved = new Map<string, UnresolvedTransitive>();
  const expansionErrors: GraphResult['expansionErrors'] = [];
  let truncated = false;

  /** Edges child → parents (node keys), to propagate attribution through shared subtrees afterwards. */
  const parentsOf = new Map<string, Set<string>>();
  const addVia = (list: string[], via: string) => {
    if (!list.includes(via)) list.push(via);
  };

  let frontier: Frontier[] = direct.map((d) => {
    const id = packageKey(d.name, d.version);
    return { registry: d.registry, name: d.name, version: d.version, via: id, path: [id] };
  });
  // The same direct dependency declared twice is expanded once.
  frontier = frontier.filter((f, i) => frontier.findIndex((g) => g.registry === f.registry && g.name === f.name && g.version === f.version) === i);

  for (let level = 1; level <= maxDepth && frontier.length > 0 && !truncated; level++) {
    const dists = await Promise.all(
      frontier.map((f) =>
        distributionOf(f).then(
          (d) => ({ ok: true as const, d }),
          (err: unknown) => ({ ok: false as const, err: err as Error }),
        ),
      ),
    );
    // Children in deterministic order: parent order (BFS), then dependency name order.
    const children: Array<{ parent: Frontier; registry: RegistrySource; name: string; spec: string; resolving: Promise<ResolvedDependency | Refusal> }> = [];
    frontier.forEach((parent, i) => {
      const r = dists[i];
      const parentId = packageKey(parent.name, parent.version);
      if (!r.ok) {
        expansionErrors.push({ registry: parent.registry, node: parentId, error: r.err.message });
        return;
      }
      const manifestFile = `${parentId} dependencies`;
      for (const depName of Object.keys(r.d.dependencies).sort()) {
        let name = depName;
        let spec = String(r.d.dependencies[depName] ?? '').trim();
        if (parent.registry === 'npm' && /^npm:/i.test(spec)) {
          // An alias inside a published package installs another public npm package: follow it.
          const alias = parseNpmAlias(spec);
          if (alias) {
            name = alias.name;
            spec = alias.spec;
          }
        }
        if (parent.registry === 'npm' && spec === '') spec = '*';
        children.push({ parent, registry: parent.registry, name, spec, resolving: resolveChild(parent.registry, name, spec, manifestFile) });
      }
    });
    const outcomes = await Promise.all(children.map((c) => c.resolving));

    const next: Frontier[] = [];
    for (let i = 0; i < children.length; i++) {
      const c = children[i];
      const out = outcomes[i];
      const parentId = packageKey(c.parent.name, c.parent.version);
      if (isRefusal(out)) {
        const k = `${c.registry}:${c.name}:${c.spec}`;
        const known = unresolved.get(k);
        if (known) addVia(known.viaAll, c.parent.via);
        else unresolved.set(k, { refusal: out, level, parent: parentId, via: c.parent.via, viaAll: [c.parent.via], path: c.parent.path });
        continue;
      }
      const key = nodeKey(c.registry, out.name, out.version);
      if (directKeys.has(key)) continue; // audited as a direct dependency already
      const parentKey = nodeKey(c.parent.registry, c.parent.name, c.parent.version);
      const known = seen.get(key);
      if (known) {
        parentsOf.get(key)?.add(parentKey);
        addVia(known.viaAll, c.parent.via);
        continue;
      }
      if (seen.size >= maxNodes) {
        truncated = true;
        break;
      }
      const id = packageKey(out.name, out.version);
      const node: GraphNode = {
        registry: c.registry,
        name: out.name,
        version: out.version,
        level,
        spec: c.spec,
        parent: parentId,
        via: c.parent.via,
        viaAll: [c.parent.via],
        path: [...c.parent.path, id],
      };
      seen.set(key, node);
      parentsOf.set(key, new Set([parentKey]));
      order.push(node);
      next.push({ registry: c.registry, name: out.name, version: out.version, via: c.parent.via, path: node.path });
    }
    frontier = next;
  }

  // A subtree reached first through one direct dependency is also pulled by every other direct dependency
  // that reaches any of its ancestors: propagate viaAll along the recorded edges until stable.
  const viaOf = (k: string): string[] | undefined => seen.get(k)?.viaAll ?? (directKeys.has(k) ? [k.slice(k.indexOf(':') + 1)] : undefined);
  for (let changed = true; changed; ) {
    changed = false;
    for (const node of order) {
      for (const pk of parentsOf.get(nodeKey(node.registry, node.name, node.version)) ?? []) {
        for (const v of viaOf(pk) ?? []) {
          if (!node.viaAll.includes(v)) {
            node.viaAll.push(v);
            changed = true;
          }
        }
      }
    }
  }

  const cap = Math.max(0, Math.floor(opts.transitiveCap));
  return {
    nodes: order.slice(0, cap),
    uncertifiedBeyondCap: order.slice(cap),
    unresolved: [...unresolved.values()],
    expansionErrors,
    truncated,
  };
}
