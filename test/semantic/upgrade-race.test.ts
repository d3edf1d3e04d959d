// A reconcile that lands while a semantic upgrade awaits the checker. In the host both write
// the index from one process (the writer lock is re-entrant there), so a file can be removed
// or recreated between the walk's read of the store and its write: the checker edge writer
// kept the file ids it read when it was made, and one naming a removed file failed the whole
// pass ("semantic update failed: FOREIGN KEY constraint failed", seen on hono under 24,000
// rewrites) — or, the id reused by a file added since, tied edges to the wrong file. Here the
// reconcile's own store writes run at fixed points (between the writer's making and its
// write; inside the upgrade's progress callback, before its walk), so nothing depends on timing.

import { expect, test } from "bun:test";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { extractFile } from "../../src/index/extract.ts";
import { applyExtraction, StoreWriter } from "../../src/index/write.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { CheckerEdgeWriter, type WalkedFile } from "../../src/semantic/edge-store.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { semanticUpgrade } from "../../src/semantic/upgrade.ts";
import { openWriter } from "../../src/store/db.ts";
import { readDirty, readMeta } from "../../src/store/meta.ts";
import { gitRepo } from "../helpers/repo.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "race", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/a.ts": "export function alpha(): number {\n  return 1;\n}\n",
  "src/b.ts": "export function beta(): number {\n  return 2;\n}\n",
  "src/use.ts": 'import { alpha } from "./a";\nimport { beta } from "./b";\n\nexport function both(): number {\n  return alpha() + beta();\n}\n',
  "src/other.ts": 'import { alpha } from "./a";\n\nexport function once(): number {\n  return alpha();\n}\n',
};

type EdgeRow = { from: string; to: string; type: string };

function checkerEdges(db: import("bun:sqlite").Database): EdgeRow[] {
  return db
    .query("SELECT f.path AS 'from', t.path AS 'to', e.type AS type FROM edges e JOIN files f ON f.id = e.from_file JOIN files t ON t.id = e.to_file WHERE e.provenance = 'checker' AND e.key IS NULL ORDER BY 1, 2, 3")
    .all() as EdgeRow[];
}

const walked = (path: string, modules: [number, string][], refs: [number, string, number, string][]): WalkedFile => ({
  path,
  modules: modules.map(([line, target]) => ({ line, kind: "imports" as const, target })),
  refs: refs.map(([line, path, tline, name]) => ({ line, kind: "calls" as const, target: { path, line: tline, name } })),
  unresolved: [],
  surface: { digest: "", global: false } as WalkedFile["surface"],
});

test("the checker edge writer reads file ids in its write: a file removed since it was made is skipped, its users re-queued, a reused id never misattributed", async () => {
  const root = gitRepo(FILES);
  await syncIndex(root);
  const store = openWriter(root);
  try {
    const writer = new CheckerEdgeWriter(store.db); // made when the walk began
    // a reconcile (another connection, as in the host) removes the file with the highest id and adds one: SQLite may give it that id
    const ids = new Map((store.db.query("SELECT path, id FROM files").all() as { path: string; id: number }[]).map((r) => [r.path, r.id]));
    const victim = ["src/a.ts", "src/b.ts"].sort((x, y) => ids.get(y)! - ids.get(x)!)[0]!;
    const kept = victim === "src/a.ts" ? "src/b.ts" : "src/a.ts";
    const reconcile = openWriter(root);
    try {
      const w = new StoreWriter(reconcile.db, reconcile.fts);
      reconcile.db.transaction(() => {
        w.deleteByPath(victim);
        w.putFile({ ...(extractFile(root, { path: "src/use.ts", size: 0, stampMs: 0 }) as Parameters<StoreWriter["putFile"]>[0]), path: "src/late.ts" });
      })();
    } finally {
      reconcile.db.close();
    }
    const fn = (p: string) => (p === "src/a.ts" ? "alpha" : "beta");
    const written = writer.write([
      walked("src/use.ts", [[1, "src/a.ts"], [2, "src/b.ts"]], [[5, "src/a.ts", 1, "alpha"], [5, "src/b.ts", 1, "beta"]]),
      walked(victim, [], []),
      walked("src/other.ts", [[1, "src/a.ts"]], [[4, "src/a.ts", 1, "alpha"]]),
    ]);
    expect(written).toBeGreaterThan(0);
    const edges = checkerEdges(store.db);
    // the kept file's edges are written; none names the removed file, none went to the file that may hold its old id
    expect(edges.filter((e) => e.from === "src/use.ts").map((e) => e.to)).toEqual([kept, kept]);
    expect(edges.some((e) => e.to === "src/late.ts" || e.from === victim)).toBe(false);
    if (victim === "src/b.ts") expect(edges.filter((e) => e.from === "src/other.ts").length).toBe(2);
    expect([...writer.requeued]).toEqual(victim === "src/a.ts" ? ["src/use.ts", "src/other.ts"] : ["src/use.ts"]);
  } finally {
    store.db.close();
  }
}, 120_000);

test("a semantic upgrade during which a reconcile removes one file and recreates another completes, writes the rest, and leaves what it could not write pending", async () => {
  const root = gitRepo(FILES);
  await syncIndex(root);
  let raced = false;
  const result = await semanticUpgrade(root, {
    progress: () => {
      if (raced) return;
      raced = true;
      // before the first batch is walked: b.ts leaves the store, a.ts is removed and extracted again (a new row, the same content)
      const reconcile = openWriter(root);
      try {
        const w = new StoreWriter(reconcile.db, reconcile.fts);
        const entry = (path: string) => ({ path, size: statSync(join(root, path)).size, stampMs: statSync(join(root, path)).ctimeMs });
        reconcile.db.transaction(() => {
          w.deleteByPath("src/b.ts");
          w.deleteByPath("src/a.ts");
          applyExtraction(w, extractFile(root, entry("src/a.ts")), entry("src/a.ts"));
        })();
      } finally {
        reconcile.db.close();
      }
    },
  });
  expect(raced).toBe(true);
  expect(result.walked).toBe(4);
  const store = openWriter(root);
  try {
    const edges = checkerEdges(store.db);
    expect(edges.filter((e) => e.from === "src/other.ts").map((e) => `${e.to} ${e.type}`)).toEqual(["src/a.ts calls", "src/a.ts imports"]);
    expect(edges.filter((e) => e.from === "src/use.ts").map((e) => `${e.to} ${e.type}`)).toEqual(["src/a.ts calls", "src/a.ts imports"]);
    // honest: use.ts lost a file it uses, a.ts was recreated under the walk — both stay dirty, the tier says pending
    const meta = readMeta(store.db);
    expect(meta.semantic_pending).toBe("1");
    expect(readDirty(store.db)).toEqual(["src/a.ts", "src/use.ts"]);
  } finally {
    store.db.close();
  }
  // the next reconcile brings b.ts back; the next incremental run walks what was left and the store is current
  const sync = await syncIndex(root);
  expect(sync.changedPaths).toContain("src/b.ts");
  await semanticUpgrade(root, { paths: [...sync.changedPaths, ...sync.removedPaths] });
  const after = openWriter(root);
  try {
    expect(readMeta(after.db).semantic_pending).toBe("0");
    expect(checkerEdges(after.db).filter((e) => e.from === "src/use.ts").map((e) => `${e.to} ${e.type}`)).toEqual(["src/a.ts calls", "src/a.ts imports", "src/b.ts calls", "src/b.ts imports"]);
  } finally {
    after.db.close();
  }
}, 240_000);

test("a snapshot an upgrade holds outlives the snapshots a reconcile's changes make after it; released, it goes", async () => {
  const root = gitRepo(FILES);
  await syncIndex(root);
  await semanticUpgrade(root); // writes the wrapper configs the engine loads
  const engine = new TsEngine({ root });
  try {
    const project = join(root, ".svc", "ts", "tsconfig.json.json");
    await engine.openProjects([project]);
    let release = () => {};
    const held = await engine.call("taking a snapshot", async (_api, s) => {
      release = engine.hold(s);
      return s;
    });
    const advance = async (n: number) => {
      for (let i = 0; i < n; i++) {
        writeFileSync(join(root, "src/b.ts"), `export function beta(): number {\n  return ${i + 3};\n}\n`);
        engine.filesChanged([{ path: join(root, "src/b.ts"), kind: "changed" }]);
        const now = await engine.call("a request after a change", async (_api, s) => s);
        expect(now).not.toBe(held);
      }
    };
    // the engine keeps two replaced snapshots: a third change released the walk's before ("Snapshot is disposed" mid-upgrade)
    await advance(4);
    expect(held.isDisposed()).toBe(false);
    expect(held.getProject(project)).toBeDefined();
    release();
    await advance(1);
    expect(held.isDisposed()).toBe(true);
  } finally {
    await engine.close();
  }
}, 180_000);
