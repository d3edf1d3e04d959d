import { test } from "bun:test";
import { call } from "../src/engine.ts";
import { SHOP } from "./fixtures/shop.ts";
import { gitRepo } from "./helpers/repo.ts";
test("p", async () => {
  const root = gitRepo(SHOP);
  const r = await call("focus", { path: root, focus: "OrderService", depth: 3, maxTokens: 400 });
});
