// The wiring follows the work tree on re-index: a renamed handler, a removed router, a new
// route file; edits that cannot touch the wiring leave it as it was.

import { describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { openReader } from "../../src/store/db.ts";
import { gitRepo } from "../helpers/repo.ts";
import { detectedEdges, fixtureFiles } from "../helpers/wiring.ts";

async function edges(root: string): Promise<string[]> {
  await call("index", { path: root });
  const db = openReader(root)!;
  try {
    return detectedEdges(db).filter((e) => e.startsWith("route_"));
  } finally {
    db.close();
  }
}

describe("wiring on re-index", () => {
  test("handler renamed, router removed, route file added, unrelated file edited", async () => {
    const files = fixtureFiles("express");
    const root = gitRepo(files);
    const before = await edges(root);
    expect(before).toContain("route_handles GET /api/orders/:id  src/orders/orders.routes.ts:9 -> src/orders/orders.handlers.ts#getOrder");

    writeFileSync(join(root, "src/orders/orders.handlers.ts"), files["src/orders/orders.handlers.ts"]!.replace("getOrder", "fetchOrder"));
    writeFileSync(join(root, "src/orders/orders.routes.ts"), files["src/orders/orders.routes.ts"]!.replaceAll("getOrder", "fetchOrder"));
    const renamed = await edges(root);
    expect(renamed).toContain("route_handles GET /api/orders/:id  src/orders/orders.routes.ts:9 -> src/orders/orders.handlers.ts#fetchOrder");
    expect(renamed.filter((e) => e.includes("getOrder"))).toEqual([]);

    writeFileSync(join(root, "src/util.ts"), "export const twice = (n: number) => n * 2;\n");
    expect(await edges(root)).toEqual(renamed);

    writeFileSync(join(root, "src/orders/orders.controller.ts"), files["src/orders/orders.controller.ts"]!.replace("items(req", "listItems(req"));
    const moved = await edges(root);
    expect(moved.filter((e) => e.includes("OrdersController.items"))).toEqual([]);
    // controller.items no longer names a method: the route still reaches the controller's class
    expect(moved).toContain("route_handles GET /api/orders/:id/items  src/orders/orders.routes.ts:10 -> src/orders/orders.controller.ts#OrdersController");

    rmSync(join(root, "src/health/health.routes.ts"));
    const removed = await edges(root);
    expect(removed.filter((e) => e.includes("health"))).toEqual([]);

    writeFileSync(join(root, "src/health/status.routes.ts"), 'import { Router } from "express";\nexport const status = Router();\nstatus.get("/status", (req, res) => res.end());\n');
    writeFileSync(join(root, "src/app.ts"), files["src/app.ts"]!.replace('import healthRouter from "./health/health.routes";', 'import { status as healthRouter } from "./health/status.routes";'));
    expect(await edges(root)).toContain("route_handles GET /status  src/health/status.routes.ts:3 -> src/health/status.routes.ts");
  }, 120_000);
});

describe("wiring at the semantic tier on re-index", () => {
  test("a changed constant re-folds the routes of the files using it; a moved handler stays confirmed", async () => {
    const files = fixtureFiles("checker");
    const root = gitRepo(files);
    expect(await edges(root)).toContain("route_handles GET /api/version  src/app.ts:9 -> src/app.ts");

    writeFileSync(join(root, "src/paths.ts"), files["src/paths.ts"]!.replace('"/api"', '"/v2"'));
    writeFileSync(join(root, "src/orders/orders.handlers.ts"), `// moved down\n\n${files["src/orders/orders.handlers.ts"]}`);
    const after = await edges(root);
    expect(after.filter((e) => e.includes("/api"))).toEqual([]);
    expect(after).toContain("route_handles GET /v2/version  src/app.ts:9 -> src/app.ts");
    expect(after).toContain("route_handles GET /v2/orders/:id  src/orders/orders.routes.ts:5 -> src/orders/orders.handlers.ts#getOrder");
    const db = openReader(root)!;
    try {
      const rows = db.query("SELECT pattern, handler_line AS line, provenance FROM routes WHERE pattern = '/v2/orders/:id'").all();
      expect(rows).toEqual([{ pattern: "/v2/orders/:id", line: 5, provenance: "checker" }]);
    } finally {
      db.close();
    }
  }, 120_000);
});
