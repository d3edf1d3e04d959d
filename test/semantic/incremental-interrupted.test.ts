// An incremental semantic upgrade stopped part-way (here cancelled right after its first
// batch committed, the same store a kill at that moment leaves): the changed file's walk
// record is already new, so the next incremental run could no longer tell that its
// surface moved, and the files that reach it would keep stale edges under a store that
// claims to be current. The next `svc index` must still equal a full rebuild.

import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { semanticUpgrade } from "../../src/semantic/upgrade.ts";
import { storeDigest } from "../../scripts/bench/store-digest.ts";
import { gitRepo } from "../helpers/repo.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "intr", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/types.ts": "export interface A {\n  m(): number;\n}\n\nexport interface B {\n  m(): number;\n}\n",
  "src/util.ts": 'import type { A, B } from "./types";\n\nexport function make(): A | B {\n  return { m: () => 1 };\n}\n\nexport function pick() {\n  return make() as A;\n}\n',
  "src/use.ts": 'import { pick } from "./util";\n\nexport function f(): number {\n  return pick().m();\n}\n',
};

test("an incremental upgrade stopped after its first batch: the next index still equals a rebuild", async () => {
  const root = gitRepo(FILES);
  expect(((await call("index", { path: root })).data as { mode: string }).mode).toBe("semantic");
  const edited = FILES["src/util.ts"]!.replace("return make() as A;", "return make() as B;");
  writeFileSync(join(root, "src/util.ts"), edited);
  const sync = await syncIndex(root);
  const stop = new AbortController();
  await expect(
    semanticUpgrade(root, { paths: sync.changedPaths, signal: stop.signal, progress: (done) => void (done > 0 && stop.abort()) }),
  ).rejects.toThrow("cancelled");
  await call("index", { path: root });
  const copy = gitRepo({ ...FILES, "src/util.ts": edited });
  await call("index", { path: copy, force: true });
  const a = storeDigest(root, { portable: true });
  const b = storeDigest(copy, { portable: true });
  expect(Object.keys({ ...a, ...b }).filter((t) => a[t]?.sha256 !== b[t]?.sha256)).toEqual([]);
}, 240_000);
