// New files under the host's live watcher: the resident check lists the tree for files no
// loaded project owns only after the watcher saw a change (a fenced event count), so an
// importer written after the workspace loaded is a dependent at the very next refresh, before
// the index hears of it. Once the index heard of it (the projects reloaded: it is owned), it is
// still checked through the API, not the language server, whose project loaded before it
// never takes it (its answers for it lag behind the overlays).

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";
import { residentChecks } from "../../src/check/workspace.ts";
import { watchedChanges } from "../../src/index/open.ts";
import { residentFor } from "../../src/semantic/resident.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const FMT = "export const fmt = (n: number) => n.toFixed(2);\n";
const BROKEN = FMT.replace("n.toFixed(2)", "n * 2");
const importer = (name: string) => `import { fmt } from "./fmt";\nexport const ${name}: string = fmt(2);\n`;
const BOOLEAN = FMT.replace("n.toFixed(2)", "n > 2");

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

  test("an importer written after the language server loaded its project: its new errors are found once the index owns it, and stay current", async () => {
    // the edited file is checked by the language server: it loads its project (the user's tsconfig.json) now
    expect((await check("src/fmt.ts", FMT)).clean).toBe(true);
    const cw = (await residentChecks(root, ctx))!;
    expect(await cw.serverChecks("src/fmt.ts", (await cw.projectsFor("src/fmt.ts"))[0]!)).toBe(true);
    writeFiles(root, { "src/fmt-new.ts": importer("fresh") });
    try {
      // the projects reload with it: owned, not merely adopted (an adopted file is checked through the API)
      await cw.exclusive(() => cw.refresh({ scanNew: true })); // a check's refresh adopts it: the engine told it was created
      await call("index", { path: root }, ctx); // then the host's index takes it in (its watcher would, in its own time)
      expect((await residentFor(root)!.ensureLoaded()).owner.has("src/fmt-new.ts")).toBe(true);
      const broken = await check("src/fmt.ts", BROKEN);
      expect(dependentErrors(broken)).toEqual(["TS2322 src/fmt-a.ts", "TS2322 src/fmt-new.ts"]); // tsc --noEmit: both
      expect(broken.clean).toBe(false);
      // a second edit is seen as it is (not the first one's types)
      const other = await check("src/fmt.ts", BOOLEAN);
      expect(other.dependentDiagnostics.filter((d) => d.path === "src/fmt-new.ts").map((d) => d.message)).toEqual(["Type 'boolean' is not assignable to type 'string'."]);
      // the new file's own edit is checked against the disk's fmt.ts, not an overlay taken out
      const own = await check("src/fmt-new.ts", `${importer("fresh")}export const wrong: number = "x";\n`);
      expect(own.diagnostics.map((d) => `${d.code} ${d.line}`)).toEqual(["TS2322 3"]);
    } finally {
      rmSync(join(root, "src/fmt-new.ts"));
    }
  }, 120_000);
});
