// Scoring ranked file lists against a task's target files: Acc@1 (the first file is a
// target), Recall@5 and Recall@10 (share of the targets in the first 5 / 10), and the
// reciprocal rank of the first target within the first CUTOFF files (MRR when averaged).
// Every system's list is cut at CUTOFF, the most `find --kind task` returns.

import { rng } from "../measure.ts";

export const CUTOFF = 20;

export interface TaskScore {
  acc1: number;
  r5: number;
  r10: number;
  rr: number;
}

export function scoreRanking(ranked: readonly string[], targets: readonly string[]): TaskScore {
  const want = new Set(targets);
  const list = ranked.slice(0, CUTOFF);
  const hits = (k: number) => list.slice(0, k).filter((p) => want.has(p)).length / want.size;
  const first = list.findIndex((p) => want.has(p));
  return { acc1: want.has(list[0] ?? "") ? 1 : 0, r5: hits(5), r10: hits(10), rr: first < 0 ? 0 : 1 / (first + 1) };
}

export function mean(scores: readonly TaskScore[]): TaskScore {
  const n = Math.max(1, scores.length);
  const sum = (k: keyof TaskScore) => scores.reduce((s, x) => s + x[k], 0) / n;
  return { acc1: sum("acc1"), r5: sum("r5"), r10: sum("r10"), rr: sum("rr") };
}

/** Paired bootstrap 95% interval of mean(a − b) over tasks (2,000 resamples, fixed seed). */
export function pairedInterval(a: readonly number[], b: readonly number[]): [number, number] {
  const n = a.length;
  if (n === 0) return [0, 0];
  const diff = a.map((x, i) => x - (b[i] ?? 0));
  const rand = rng(20261123);
  const means: number[] = [];
  for (let r = 0; r < 2000; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += diff[Math.floor(rand() * n)] as number;
    means.push(s / n);
  }
  means.sort((x, y) => x - y);
  return [means[50] as number, means[1949] as number];
}
