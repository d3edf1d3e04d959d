// An empty task localization says why and what to try, in the text and in the structured
// result, whatever made it empty: a query of common words only ("the", "fix it"), words that
// occur nowhere here, or an empty workspace.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import { SHOP } from "../fixtures/shop.ts";
import { gitRepo } from "../helpers/repo.ts";

async function task(path: string, query: string) {
  const r = await call("find", { path, query, kind: "task" }, { surface: "mcp" });
  return { text: r.text, data: r.data as unknown as FindData };
}

describe("find --kind task: an empty answer says why and what to try", () => {
  const root = gitRepo(SHOP);

  test.each(["the", "fix it", "xyzzy qwerty"])("%p", async (query) => {
    const { text, data } = await task(root, query);
    expect(data.candidates).toEqual([]);
    expect(data.grade).toBe("insufficient");
    // the text names why (after the grade line) and what to try
    const body = text.slice(text.indexOf("localize ["));
    expect(body.split("\n").length).toBeGreaterThan(1);
    expect(body).toMatch(/name (an existing|a) file, symbol/);
    // and so does the structured result (--json and structuredContent read only this)
    expect(data.unmatched?.length || data.noCandidates).toBeTruthy();
  }, 120_000);
});
