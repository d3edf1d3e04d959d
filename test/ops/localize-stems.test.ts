// find --kind task (issue 20): a file named exactly by a query word ranks over a sibling
// whose name only contains it, when their evidence is nearly level and neither imports the
// other (localize-stems.ts; rxjs's window.ts behind window-when.ts).

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import { gitRepo } from "../helpers/repo.ts";
import { withParams } from "../helpers/params.ts";

async function ranking(path: string, query: string): Promise<string[]> {
  const r = await call("find", { path, query, kind: "task" });
  return ((r.data as unknown as FindData).candidates ?? []).map((c) => c.path);
}

/** An operator file: the longer-named siblings mention subscriptions more, so the text ranks them first. */
const operator = (name: string, mentions: number, head = "") =>
  [
    head,
    `export function ${name}<T>(source: T[]): T[][] {`,
    ...Array.from({ length: mentions }, (_, i) => `  // window subscriptions ${i}: each window subscription ends with the source subscription`),
    "  return [source];",
    "}",
    "",
  ].join("\n");

describe("a file named exactly by a query word", () => {
  test("window.ts ranks over window-when.ts for `window`; not when the query writes the sibling's other word, nor another folder's window.ts; off, the sibling leads", async () => {
    const root = gitRepo({
      "src/window.ts": operator("window", 1),
      "src/window-when.ts": operator("windowWhen", 6),
      "src/window-time.ts": operator("windowTime", 5),
      "src/map.ts": "export function map<T>(source: T[]): T[] {\n  return source;\n}\n",
      "lib/window.ts": operator("libWindow", 1),
    });
    const query = "refactor(core): centralize window subscriptions";
    const on = await ranking(root, query);
    expect(on[0]).toBe("src/window.ts");
    const first = ((await call("find", { path: root, query, kind: "task" })).data as unknown as FindData).candidates?.[0];
    expect(first?.reasons).toContain("its whole name is the task's word, ranked over window-when.ts, which only contains it");
    expect(on.indexOf("lib/window.ts")).toBeGreaterThan(on.indexOf("src/window-when.ts"));
    // The query writes "when" too: window-when.ts is named as fully as window.ts, and keeps its place.
    expect((await ranking(root, "refactor: centralize window when subscriptions"))[0]).toBe("src/window-when.ts");
    const off = await withParams({ stemOverSibling: "off" }, () => ranking(root, query));
    expect(off[0]).toBe("src/window-when.ts");
    expect(off.indexOf("src/window.ts")).toBeGreaterThan(0);
  }, 120_000);

  test("a file the exactly named one imports keeps its place (a wrapper and what it wraps); so does a sibling well ahead on evidence", async () => {
    const root = gitRepo({
      "src/buffer.ts": operator("buffer", 1, "import { bufferCore } from './buffer-core.ts';"),
      "src/buffer-core.ts": operator("bufferCore", 6),
      "src/window.ts": operator("window", 1),
      "src/window-when.ts": operator("windowWhen", 6),
      "src/window-time.ts": operator("windowTime", 5, "export function subscribeAll(): void {}"),
    });
    const wraps = "refactor: centralize buffer subscriptions";
    expect((await ranking(root, wraps))[0]).toBe("src/buffer-core.ts");
    expect((await withParams({ stemUnlinked: false }, () => ranking(root, wraps)))[0]).toBe("src/buffer.ts");
    // window-time.ts declares the named `subscribeAll`: far ahead, the name does not overturn that.
    const ahead = "refactor: centralize window subscriptions in `subscribeAll`";
    expect((await ranking(root, ahead))[0]).toBe("src/window-time.ts");
    expect((await withParams({ stemTie: 1 }, () => ranking(root, ahead)))[0]).toBe("src/window.ts");
  }, 120_000);
});
