import { describe, expect, test } from "bun:test";
import { expand } from "../../src/graph/expand.ts";
import { pageRank, type FileGraph, type GraphEdge } from "../../src/graph/file-graph.ts";

// 1 → 2 → 3 → 4, 5 → 2, 6 → 1 (arrows: "imports")
function graph(): FileGraph {
  const pairs: [number, number][] = [[1, 2], [2, 3], [3, 4], [5, 2], [6, 1]];
  const out = new Map<number, GraphEdge[]>();
  const inn = new Map<number, GraphEdge[]>();
  for (const [f, t] of pairs) {
    out.set(f, [...(out.get(f) ?? []), { to: t, type: "imports", weight: 1 }]);
    inn.set(t, [...(inn.get(t) ?? []), { to: f, type: "imports", weight: 1 }]);
  }
  return { out, in: inn, centrality: pageRank([1, 2, 3, 4, 5, 6], out) };
}

describe("best-first expansion", () => {
  test("both directions, hop decay, depth limit, provenance chains", () => {
    const reached = expand(graph(), { seeds: [{ id: 2, score: 1, reason: "seed" }], depth: 1, direction: "both", allowed: () => true });
    expect(reached.map((r) => [r.id, r.hop, r.via, r.score])).toEqual([
      [2, 0, "seed", 1],
      [3, 1, "dependency", 0.5],
      [1, 1, "dependent", 0.5],
      [5, 1, "dependent", 0.5],
    ]);
    const deeper = expand(graph(), { seeds: [{ id: 2, score: 1, reason: "seed" }], depth: 2, direction: "both", allowed: () => true });
    expect(deeper.find((r) => r.id === 6)).toMatchObject({ hop: 2, score: 0.25, chain: [2, 1, 6], via: "dependent" });
    expect(deeper.find((r) => r.id === 4)).toMatchObject({ hop: 2, chain: [2, 3, 4], via: "dependency" });
  }, 120_000);

  test("out only follows dependencies; allowed() filters; limit caps", () => {
    const out = expand(graph(), { seeds: [{ id: 1, score: 1, reason: "s" }], depth: 5, direction: "out", allowed: (id) => id !== 4 });
    expect(out.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(expand(graph(), { seeds: [{ id: 1, score: 1, reason: "s" }], depth: 5, direction: "both", allowed: () => true, limit: 2 })).toHaveLength(2);
  }, 120_000);

  test("centrality: the most imported file ranks highest, scaled to 1", () => {
    const rank = graph().centrality;
    const top = [...rank].sort((a, b) => b[1] - a[1])[0];
    expect(top?.[1]).toBe(1);
    expect((rank.get(3) ?? 0) > (rank.get(6) ?? 0)).toBe(true);
  }, 120_000);
});
