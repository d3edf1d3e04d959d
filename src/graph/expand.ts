// Best-first expansion from seed files through the file graph: seeds score 1.0, each hop
// multiplies by the decay, the queue order adds a centrality bonus (not propagated), and
// every reached file records the chain that brought it in.

import type { FileGraph } from "./file-graph.ts";

export type Direction = "out" | "in" | "both";

export interface Seed {
  id: number;
  score: number;
  /** Why this file is a seed ("focus seed", "query match 3.2", "changed"). */
  reason: string;
}

export interface Reached {
  id: number;
  hop: number;
  score: number;
  /** How it was reached: "dependency" (it is imported by the previous file), "dependent" (it imports the previous file), or "seed". */
  via: "seed" | "dependency" | "dependent";
  /** File ids from the seed to this file. */
  chain: number[];
  /** Edge types along the chain (one fewer than chain). */
  edges: string[];
  /** For each edge: "out" (the next file is a dependency) or "in" (it is a dependent). */
  dirs: ("out" | "in")[];
  reason: string;
}

export interface ExpandOptions {
  seeds: readonly Seed[];
  depth: number;
  direction: Direction;
  hopDecay?: number;
  centralityWeight?: number;
  /** Files that may be reached (the collection). */
  allowed: (id: number) => boolean;
  /** Stop after this many files (seeds included). */
  limit?: number;
  /** Weight of an edge type (default: the edge's own weight, at most 1). */
  edgeWeight?: (type: string) => number;
  /** Divide a neighbour's score by √(number of edges of that type at the parent). */
  fanoutDamping?: boolean;
  /** Neighbours scoring below this are not followed. */
  threshold?: number;
}

interface QueueItem extends Reached {
  priority: number;
}

/** Higher priority first; ties: lower hop, then lower id (deterministic). */
function before(a: QueueItem, b: QueueItem): boolean {
  return a.priority !== b.priority ? a.priority > b.priority : a.hop !== b.hop ? a.hop < b.hop : a.id < b.id;
}

class Heap {
  private readonly items: QueueItem[] = [];
  get size(): number {
    return this.items.length;
  }
  push(item: QueueItem): void {
    const a = this.items;
    a.push(item);
    for (let i = a.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!before(a[i] as QueueItem, a[parent] as QueueItem)) break;
      [a[i], a[parent]] = [a[parent] as QueueItem, a[i] as QueueItem];
      i = parent;
    }
  }
  pop(): QueueItem | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l] as QueueItem, a[m] as QueueItem)) m = l;
        if (r < a.length && before(a[r] as QueueItem, a[m] as QueueItem)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m] as QueueItem, a[i] as QueueItem];
        i = m;
      }
    }
    return top;
  }
}

/** Files reached from the seeds, best first (seeds first, in their given order of score). */
export function expand(graph: FileGraph, options: ExpandOptions): Reached[] {
  const decay = options.hopDecay ?? 0.5;
  const bonus = options.centralityWeight ?? 0.15;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const best = new Map<number, Reached>();
  const queue = new Heap();
  for (const seed of options.seeds) {
    if (best.has(seed.id)) continue;
    const item: QueueItem = { id: seed.id, hop: 0, score: seed.score, via: "seed", chain: [seed.id], edges: [], dirs: [], reason: seed.reason, priority: seed.score + 10 };
    best.set(seed.id, item);
    queue.push(item);
  }
  const done = new Set<number>();
  const order: Reached[] = [];
  while (queue.size > 0 && order.length < limit) {
    const item = queue.pop() as QueueItem;
    if (done.has(item.id)) continue;
    done.add(item.id);
    const { priority: _p, ...reached } = item;
    order.push(reached);
    if (item.hop >= options.depth) continue;
    const steps: [Map<number, { to: number; type: string; weight: number }[]>, Reached["via"]][] = [];
    if (options.direction !== "in") steps.push([graph.out, "dependency"]);
    if (options.direction !== "out") steps.push([graph.in, "dependent"]);
    for (const [edges, via] of steps) {
      const list = edges.get(item.id) ?? [];
      const fanout = new Map<string, number>();
      if (options.fanoutDamping) for (const e of list) fanout.set(e.type, (fanout.get(e.type) ?? 0) + 1);
      for (const edge of list) {
        if (done.has(edge.to) || !options.allowed(edge.to)) continue;
        const weight = options.edgeWeight ? options.edgeWeight(edge.type) : Math.min(1, edge.weight);
        const damping = options.fanoutDamping ? 1 / Math.sqrt(fanout.get(edge.type) ?? 1) : 1;
        const score = item.score * decay * weight * damping;
        if (options.threshold !== undefined && score < options.threshold) continue;
        const prior = best.get(edge.to);
        if (prior && prior.score >= score) continue;
        const next: QueueItem = {
          id: edge.to,
          hop: item.hop + 1,
          score,
          via,
          chain: [...item.chain, edge.to],
          edges: [...item.edges, edge.type],
          dirs: [...item.dirs, via === "dependency" ? "out" : "in"],
          reason: item.reason,
          priority: score + bonus * (graph.centrality.get(edge.to) ?? 0),
        };
        best.set(edge.to, next);
        queue.push(next);
      }
    }
  }
  return order;
}
