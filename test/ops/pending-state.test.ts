// While the semantic upgrade of a ready index is still to come, an answer built on the
// checker's edges (neighbors, impact) says upgrade_pending — in its text and in its
// structured result alike, so a client reading structuredContent is not told "ready".

import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { storePath } from "../../src/store/db.ts";
import { writeMeta } from "../../src/store/meta.ts";
import { SHOP } from "../fixtures/shop.ts";
import { gitRepo } from "../helpers/repo.ts";

test("neighbors and impact report upgrade_pending in text and structured result alike", async () => {
  const root = gitRepo(SHOP);
  await call("index", { path: root });
  const db = new Database(storePath(root));
  writeMeta(db, { semantic_pending: 1 }); // as a build leaves it before its semantic upgrade has run
  db.close();
  for (const [op, request] of [["find", { query: "OrderService", kind: "neighbors" }], ["impact", { symbol: "OrderService" }]] as const) {
    const r = await call(op, { path: root, ...request });
    expect({ op, text: r.text.split("\n")[0], state: (r.data as { indexState: string }).indexState }).toEqual({ op, text: "index_state: upgrade_pending", state: "upgrade_pending" });
  }
}, 120_000);
