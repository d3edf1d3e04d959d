// A saved file reaching the answers while a host watches: SAVES saves of one file, each
// timed from the write to the watcher's first event (the host's clock), from that event to
// the reconcile that took it in, to the store holding the new declaration (polled), and to
// a `find --kind symbol` answer naming it. Both processes stamp epoch milliseconds
// (performance.timeOrigin + now), so the split is across processes.

import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { connectHost } from "../../src/host/client.ts";
import { openReader } from "../../src/store/db.ts";
import type { WatchStats } from "../../src/surfaces/host/watch.ts";
import { fmt, percentile } from "./measure.ts";

const SAVES = 7;

export interface SavedFileBench {
  saves: number;
  /** Medians (ms). The budget is eventToVisibleMs / eventToAnswerMs. */
  writeToEventMs: number;
  eventToReconciledMs: number;
  eventToVisibleMs: number;
  eventToAnswerMs: number;
  writeToVisibleMs: number;
  /** How the reconciles that took the saves in were scoped ("paths" = targeted). */
  scopes: string[];
  /** Max over the saves of event → visible. */
  eventToVisibleMaxMs: number;
}

const stamp = () => performance.timeOrigin + performance.now();

function holds(root: string, name: string): boolean {
  const db = openReader(root);
  try {
    return !!db?.query("SELECT 1 FROM symbols WHERE name = ?").get(name);
  } finally {
    db?.close();
  }
}

async function until(test: () => boolean, limitMs = 5000): Promise<number> {
  const start = performance.now();
  while (!test()) {
    if (performance.now() - start > limitMs) return Number.NaN;
    await Bun.sleep(1);
  }
  return stamp();
}

export async function benchSavedFile(root: string): Promise<SavedFileBench> {
  const target = Bun.spawnSync(["git", "ls-files", "*.ts"], { cwd: root }).stdout.toString().split("\n")[0]!;
  const file = join(root, target);
  const original = readFileSync(file, "utf8");
  const host = await connectHost(root, 1000);
  const rows: { toEvent: number; toReconciled: number; toVisible: number; toAnswer: number; writeToVisible: number; scope: string }[] = [];
  try {
    for (let i = 0; i < SAVES; i++) {
      const name = `benchWatched${i}`;
      await Bun.sleep(300); // a quiet spell: each save is a first event, not part of a burst
      const saved = stamp();
      appendFileSync(file, `\nexport const ${name} = 1;\n`);
      const visible = await until(() => holds(root, name));
      const answer = await call("find", { path: root, query: name, kind: "symbol", limit: 5 });
      const answered = stamp();
      if (!JSON.stringify(answer).includes(name)) throw new Error(`find did not name ${name} once the store held it`);
      const stats = (await host?.call<{ watch: WatchStats | null }>("svc/stats"))?.watch;
      const rec = stats?.recent.find((r) => r.changed > 0 && r.firstEventAt !== null && r.doneAt >= saved);
      const event = rec?.firstEventAt ?? Number.NaN;
      rows.push({ toEvent: event - saved, toReconciled: (rec?.doneAt ?? Number.NaN) - event, toVisible: visible - event, toAnswer: answered - event, writeToVisible: visible - saved, scope: rec?.scope ?? "?" });
      writeFileSync(file, original);
      await until(() => !holds(root, name));
    }
  } finally {
    writeFileSync(file, original);
    host?.close();
  }
  const med = (pick: (r: (typeof rows)[number]) => number) => percentile(rows.map(pick), 50);
  return {
    saves: rows.length,
    writeToEventMs: med((r) => r.toEvent),
    eventToReconciledMs: med((r) => r.toReconciled),
    eventToVisibleMs: med((r) => r.toVisible),
    eventToAnswerMs: med((r) => r.toAnswer),
    writeToVisibleMs: med((r) => r.writeToVisible),
    eventToVisibleMaxMs: Math.max(...rows.map((r) => r.toVisible)),
    scopes: rows.map((r) => r.scope),
  };
}

export function printSavedFile(b: SavedFileBench, row: (what: string, value: string, budget?: string) => void): void {
  row(`saved file: write → watcher event`, `p50 ${fmt(b.writeToEventMs, 1)} ms (${b.saves} saves)`, "(kernel + runtime; outside the budget)");
  row(`saved file: event → reconciled`, `p50 ${fmt(b.eventToReconciledMs, 1)} ms (${[...new Set(b.scopes)].join(", ")})`);
  row(`saved file: event → visible in the store`, `p50 ${fmt(b.eventToVisibleMs, 1)} ms, max ${fmt(b.eventToVisibleMaxMs, 1)} ms`, "≤ 100 ms after the watcher fires");
  row(`saved file: event → find answer names it`, `p50 ${fmt(b.eventToAnswerMs, 1)} ms`, "≤ 100 ms after the watcher fires");
  row(`saved file: write → visible in the store`, `p50 ${fmt(b.writeToVisibleMs, 1)} ms`);
}
