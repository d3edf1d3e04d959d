// The availability header of an index whose checker edges lag a reconciled edit: "queued" only
// when something will bring them in (a host, a resident workspace, this process's background
// upgrade); a CLI reader with none of them says that the next svc index does.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { setBackgroundUpgrade } from "../../src/semantic/resident-status.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

describe("availability header: upgrade_pending", () => {
  test("no host or background upgrade: the hint names svc index, never a queue; with one running, the queued hint", async () => {
    const root = gitRepo({
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }),
      "src/add.ts": "export function add(a: number, b: number): number { return a + b; }\n",
      "src/use.ts": 'import { add } from "./add";\nexport const three = add(1, 2);\n',
    });
    await call("index", { path: root });
    writeFiles(root, { "src/add.ts": "// sums\nexport function add(a: number, b: number): number { return a + b; }\n" });
    // a reader reconciles the edit (syntax tier) and nothing upgrades it: the semantic update waits for svc index
    await call("find", { path: root, query: "add" });
    const lagging = await call("status", { path: root });
    expect(lagging.text).toContain("index_state: upgrade_pending\n");
    expect(lagging.text).toContain("hint: syntax-tier answers where checker edges are pending; 1 file changed since the last semantic pass still to walk through the checker; no host or background upgrade runs for this root, so svc index (or a running svc host) brings their checker edges up to date.");
    expect(lagging.text).not.toContain("queued");
    setBackgroundUpgrade(root, true);
    try {
      expect((await call("status", { path: root })).text).toContain("hint: syntax-tier answers where checker edges are pending; the semantic upgrade is queued or running: 1 file still to walk through the checker, and results may lag.");
    } finally {
      setBackgroundUpgrade(root, false);
    }
    await call("index", { path: root });
    expect((await call("status", { path: root })).text).toContain("index_state: ready\n");
  }, 120_000);
});
