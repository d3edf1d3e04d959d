// The precision tier (SVC_SEMANTIC=1) of catalog B: focus expands through the checker's
// edges, and a Type.Member focus keeps that member whole and follows only its own edges.

import { afterEach, describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { gitRepo } from "../helpers/repo.ts";
import { LIB } from "./fixtures.ts";

afterEach(() => {
  delete process.env.SVC_SEMANTIC;
});

const files = (text: string) => [...text.matchAll(/<file path="([^"]+)"/g)].map((m) => m[1]);

describe("precision tier", () => {
  test("a Type.Member focus: the member's callers, not every importer of its file", async () => {
    const root = gitRepo(LIB);
    await call("index", { path: root });
    const syntax = await call("focus", { path: root, focus: "OrderService.place", level: "skeleton" });
    expect(files(syntax.text).sort()).toEqual(["src/checkout.ts", "src/index.ts", "src/order.test.ts", "src/order.ts"]);
    expect(syntax.text).toContain("slicing to one member needs the precision tier (SVC_SEMANTIC=1)");
    process.env.SVC_SEMANTIC = "1";
    const precise = await call("focus", { path: root, focus: "OrderService.place", level: "skeleton" });
    // index.ts re-exports the class but never calls place: it is not a neighbour of the member
    expect(files(precise.text).sort()).toEqual(["src/checkout.ts", "src/order.test.ts", "src/order.ts"]);
    expect(precise.text).toContain("    this.log(id);"); // the member's body is kept whole
  }, 120_000);

  test("without checker edges the precision tier says it falls back to syntax", async () => {
    const root = gitRepo({ "a.py": "def a():\n    return 1\n", "b.py": "from a import a\n" });
    await call("index", { path: root });
    process.env.SVC_SEMANTIC = "1";
    const r = await call("focus", { path: root, focus: "a.py" });
    expect(r.text).toContain("precision tier: the index has no checker edges (index mode syntax; svc doctor says why); dependencies come from syntax");
  }, 120_000);
});
