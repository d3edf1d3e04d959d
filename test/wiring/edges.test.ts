// Wiring detection against hand-written fixture apps (test/fixtures/wiring/<family>/), one
// per framework family, each with its expected-edges.json: precision and recall of the
// typed edges in the store after a real index, and the dynamic registrations reported.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { openReader } from "../../src/store/db.ts";
import { gitRepo } from "../helpers/repo.ts";
import { detectedEdges, detectedUnresolved, expectedOf, fixtureFamilies, fixtureFiles, score } from "../helpers/wiring.ts";

describe("wiring fixtures: detected edges vs expected-edges.json", () => {
  const families = fixtureFamilies();

  test("there is a fixture for every framework family", () => {
    expect(families).toEqual(["di-containers", "elysia-bun", "express", "fastify", "file-routes", "hono", "koa", "nestjs", "nestjs-messaging", "node-messaging"]);
  });

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
  });

  for (const family of families) {
    test(`${family}: precision and recall 100%, unresolved registrations reported`, async () => {
      const root = gitRepo(fixtureFiles(family));
      await call("index", { path: root });
      const db = openReader(root);
      if (!db) throw new Error("no store");
      try {
        const expected = expectedOf(family);
        const s = score(expected.edges, detectedEdges(db));
        expect({ family, missed: s.missed, extra: s.extra }).toEqual({ family, missed: [], extra: [] });
        expect(s.precision).toBe(1);
        expect(s.recall).toBe(1);
        expect(detectedUnresolved(db)).toEqual(expected.unresolved);
      } finally {
        db.close();
      }
    });
  }
});
