// New files under the host's live watcher: the resident check lists the tree for files no
// loaded project owns only after the watcher saw a change (a fenced event count), so an
// importer written after the workspace loaded is a dependent at the very next refresh, before
// the index hears of it.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";
import { residentChecks } from "../../src/check/workspace.ts";
import { watchedChanges } from "../../src/index/open.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const FMT = "export const fmt = (n: number) => n.toFixed(2);\n";
const BROKEN = FMT.replace("n.toFixed(2)", "n * 2");
const importer = (name: string) => `import { fmt } from "./fmt";\nexport const ${name}: string = fmt(2);\n`;

let root: string;
let host: RunningHost;
const ctx = { cwd: "/", host: true };
const check = async (file: string, content: string) => (await call("check", { path: root, file, content }, ctx)).data as unknown as FileCheckData;
const dependentErrors = (r: FileCheckData) => r.dependentDiagnostics.map((d) => `${d.code} ${d.path}`).sort();

beforeAll(async () => {
  useRuntimeDir();
  root = gitRepo({ "tsconfig.json": TSCONFIG, "src/fmt.ts": FMT, "src/fmt-a.ts": importer("a") });
  await call("index", { path: root });
  host = await startHost({ root, idleMinutes: 0, log: () => {} });
  await host.checksWarm;
}, 120_000);

afterAll(async () => {
  await host?.stop("test done");
  delete process.env.SVC_RUNTIME_DIR;
});

describe("new importers under the host's live watcher", () => {
  test("the watcher vouches with a change count that moves with a write and stays without one", async () => {
    const before = await watchedChanges(root);
    expect(before).not.toBeNull();
    expect(await watchedChanges(root)).toBe(before);
    writeFiles(root, { "src/note.md": "a note\n" });
    try {
      expect((await watchedChanges(root))!).toBeGreaterThan(before!);
    } finally {
      rmSync(join(root, "src/note.md"));
    }
  }, 120_000);

  test("a source file written after the workspace loaded is taken in by the next refresh, before the index hears of it", async () => {
    const cw = (await residentChecks(root, ctx))!;
    await cw.refresh({ scanNew: true }); // the tree listed under the watcher
    await cw.refresh({ scanNew: true }); // nothing changed: not listed again
    writeFiles(root, { "src/fmt-late.ts": importer("late") });
    try {
      await cw.refresh({ scanNew: true });
      expect(await cw.files()).toContain("src/fmt-late.ts");
      expect(await cw.dependentsOf("src/fmt.ts")).toEqual(["src/fmt-a.ts", "src/fmt-late.ts"]);
    } finally {
      rmSync(join(root, "src/fmt-late.ts"));
    }
  }, 120_000);
});
