// Wiring detection against hand-written fixture apps (test/fixtures/wiring/<family>/), one
// per framework family, each with its expected-edges.json: precision and recall of the
// typed edges in the store after a real index — at the semantic tier (each fixture loaded
// through a tsconfig, the checker confirming and completing) — and the dynamic
// registrations reported. The `checker` family holds what only the checker gets right; its
// expected-edges.json also says what the syntax tier alone gets (wrong) there.

import type { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { syncIndex } from "../../src/indexing/sync.ts";
import { readMeta } from "../../src/store/meta.ts";
import { call } from "../../src/engine.ts";
import { openReader } from "../../src/store/db.ts";
import { gitRepo } from "../helpers/repo.ts";
import { detectedEdges, detectedUnresolved, expectedOf, fixtureFamilies, fixtureFiles, score } from "../helpers/wiring.ts";

describe("wiring fixtures: detected edges vs expected-edges.json", () => {
  const families = fixtureFamilies();

  test("there is a fixture for every framework family", () => {
    expect(families).toEqual(["checker", "di-containers", "elysia-bun", "express", "fastify", "file-routes", "hono", "koa", "nestjs", "nestjs-messaging", "node-messaging"]);
  }, 120_000);

  test("extraction children store the same facts as in-process extraction", async () => {
    const root = gitRepo(fixtureFiles("express"));
    const saved = process.env.SVC_EXTRACT_INPROCESS_MAX;
    process.env.SVC_EXTRACT_INPROCESS_MAX = "0";
    try {
      await call("index", { path: root });
    } finally {
      if (saved === undefined) delete process.env.SVC_EXTRACT_INPROCESS_MAX;
      else process.env.SVC_EXTRACT_INPROCESS_MAX = saved;
    }
    const db = openReader(root)!;
    try {
      expect(detectedEdges(db)).toEqual(expectedOf("express").edges);
    } finally {
      db.close();
    }
  }, 120_000);

  for (const family of families) {
    test(`${family}: precision and recall 100% at the semantic tier, unresolved registrations reported`, async () => {
      const root = gitRepo(withTsconfig(fixtureFiles(family)));
      await call("index", { path: root });
      const db = openReader(root);
      if (!db) throw new Error("no store");
      try {
        expect(readMeta(db).index_mode).not.toBe("syntax");
        const expected = expectedOf(family);
        const s = score(expected.edges, detectedEdges(db));
        expect({ family, missed: s.missed, extra: s.extra }).toEqual({ family, missed: [], extra: [] });
        expect(s.precision).toBe(1);
        expect(s.recall).toBe(1);
        expect(detectedUnresolved(db)).toEqual(expected.unresolved);
        if (family === "checker") expect(edgeProvenance(db).filter((p) => p !== "checker")).toEqual([]);
      } finally {
        db.close();
      }
    }, 120_000);
  }

  test("checker family at the syntax tier: the guesses and misses the checker corrects", async () => {
    const root = gitRepo(fixtureFiles("checker"));
    await syncIndex(root, {});
    const db = openReader(root)!;
    try {
      const expected = expectedOf("checker").syntax!;
      expect(detectedEdges(db)).toEqual(expected.edges);
      expect(detectedUnresolved(db)).toEqual(expected.unresolved);
      expect(new Set(edgeProvenance(db))).toEqual(new Set(["syntax"]));
    } finally {
      db.close();
    }
  }, 120_000);
});

const TSCONFIG = JSON.stringify({ compilerOptions: { target: "es2022", module: "esnext", moduleResolution: "bundler", allowJs: true, experimentalDecorators: true, noEmit: true, skipLibCheck: true } });

function withTsconfig(files: Record<string, string>): Record<string, string> {
  return "tsconfig.json" in files ? files : { ...files, "tsconfig.json": TSCONFIG };
}

function edgeProvenance(db: Database): string[] {
  return (db.query("SELECT provenance FROM edges WHERE key IS NOT NULL").all() as { provenance: string }[]).map((r) => r.provenance);
}
