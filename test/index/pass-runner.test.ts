// The pass runner: a pass list is checked once (syntax first, every read written by an
// earlier pass, deferred passes last), a derive pass runs over the scope its own rule gives,
// and a pass whose inputs live outside the work tree reruns whole when it says it is stale,
// even when no file changed.

import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pipeline, syntaxPass, type DerivePass, type DeferredPass, type Scope } from "../../src/index/pass.ts";
import { syncPasses } from "../../src/index/sync.ts";
import { gitRepo } from "../helpers/repo.ts";

/** A derive pass that records the scopes it ran with and whose staleness the test sets. */
function probe(reads: string[] = ["files"]) {
  const runs: (Scope | "none")[] = [];
  let stale = false;
  const pass: DerivePass = {
    kind: "derive",
    name: "probe",
    reads,
    writes: ["probe_rows"],
    scope: (change) => (change.fileSetChanged ? "all" : change.changedIds.length ? new Set(change.changedIds) : "none"),
    stale: () => stale,
    run: (_ctx, scope) => void runs.push(scope),
  };
  return { pass, runs, setStale: (value: boolean) => (stale = value) };
}

const deferred: DeferredPass = {
  kind: "deferred",
  name: "later",
  reads: ["files"],
  writes: ["later_rows"],
  record: () => undefined,
  run: async () => undefined,
};

describe("index pass list", () => {
  test("refuses a list whose order cannot work", () => {
    const { pass } = probe();
    expect(() => pipeline([pass])).toThrow("the syntax pass must come first");
    expect(() => pipeline([syntaxPass(null), probe(["routes"]).pass])).toThrow("probe reads routes, which no earlier pass writes");
    expect(() => pipeline([syntaxPass(null), pass, pass])).toThrow("two passes named probe");
    expect(() => pipeline([syntaxPass(null), deferred, pass])).toThrow("deferred passes come last");
    expect(pipeline([syntaxPass(null), pass, deferred]).derive).toEqual([pass]);
  });

  test("a derive pass runs over its scope; a stale one reruns whole with no file changed", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n", "src/b.ts": 'import { a } from "./a";\nexport const b = a;\n' });
    const { pass, runs, setStale } = probe();
    const list = pipeline([syntaxPass(null), pass]);
    await syncPasses(root, list);
    expect(runs).toEqual(["all"]);

    writeFileSync(join(root, "src/b.ts"), 'import { a } from "./a";\nexport const b = a + 1;\n');
    await syncPasses(root, list);
    expect(runs).toHaveLength(2);
    expect(runs[1]).toBeInstanceOf(Set);
    expect((runs[1] as Set<number>).size).toBe(1);

    // nothing changed, nothing stale: the sync writes nothing and runs nothing
    expect((await syncPasses(root, list)).unchanged).toBe(true);
    expect(runs).toHaveLength(2);

    setStale(true);
    expect((await syncPasses(root, list)).unchanged).toBe(false);
    expect(runs).toEqual(["all", runs[1]!, "all"]);
  }, 120_000);
});
