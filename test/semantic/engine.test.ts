// The supervised engine and the query interface the checks build on: a crash mid-request
// fails that request and the next one restarts the engine; a request that overruns its
// time-box stops the engine; the engine dies with its owner; overlays are seen by
// diagnostics and never touch disk; references, call hierarchy, implementations, rename,
// code fixes and signatures answer in svc's terms.

import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { EngineError, TsEngine } from "../../src/semantic/engine.ts";
import { openSemantic } from "../../src/semantic/index.ts";
import { codeFixes, diagnostics, implementations, incomingCalls, references, renameLocations, symbolAt } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { LIB } from "./fixtures.ts";

const root = gitRepo(LIB);
const project = join(root, ".svc", "ts", "tsconfig.json.json");
const file = (p: string) => join(root, p);
const short = (p: string) => p.slice(root.length + 1);
let engine: TsEngine;

afterAll(async () => {
  await engine?.close();
});

describe("the engine", () => {
  test("setup: index (writes the wrapper configs) and load the project", async () => {
    await call("index", { path: root });
    engine = new TsEngine({ root });
    const [p] = await engine.openProjects([project]);
    expect(p?.rootFiles.map(short).sort()).toEqual(["src/checkout.ts", "src/index.ts", "src/order.test.ts", "src/order.ts"]);
  }, 120_000);

  test("a crash mid-request fails that request clearly; the next request restarts the engine", async () => {
    const pid = engine.status().pid;
    const crashed = engine.call("a request", async () => {
      engine.kill();
      return new Promise<never>(() => {});
    });
    await expect(crashed).rejects.toThrow(/the TypeScript engine killed by SIGKILL during a request/);
    const diags = await diagnostics(engine, project, file("src/order.ts"));
    expect(diags).toEqual([]);
    expect(engine.status()).toMatchObject({ state: "running", restarts: 1 });
    expect(engine.status().pid).not.toBe(pid);
  }, 120_000);

  test("a request that overruns its time-box stops the engine and says so", async () => {
    const slow = engine.call("a slow request", () => new Promise<never>(() => {}), 50);
    await expect(slow).rejects.toThrow(/did not finish a slow request within 50ms, its limit for one request \(stopped; it restarts on the next request\)/);
    await expect(slow).rejects.toBeInstanceOf(EngineError);
    expect((await symbolAt(engine, project, file("src/order.ts"), { line: 7, column: 14 }))?.name).toBe("OrderService");
    expect(engine.status().restarts).toBe(2);
  }, 120_000);

  test("the engine dies with its owner", async () => {
    const owner = Bun.spawn([process.execPath, "--no-install", "-e", `import { TsEngine } from ${JSON.stringify(join(import.meta.dir, "../../src/semantic/engine.ts"))}; const e = new TsEngine({ root: ${JSON.stringify(root)} }); await e.openProjects([${JSON.stringify(project)}]); console.log(e.status().pid); await new Promise(() => {});`], { stdout: "pipe", stderr: "inherit" });
    const reader = (owner.stdout as ReadableStream<Uint8Array>).getReader();
    const { value } = await reader.read();
    const pid = Number(new TextDecoder().decode(value).trim());
    expect(pid).toBeGreaterThan(0);
    owner.kill("SIGKILL");
    await owner.exited;
    // wait for the child to go (it exits when its stdin closes); bounded, no timing assumption
    let alive = true;
    for (let i = 0; i < 500 && alive; i++) {
      try {
        process.kill(pid, 0);
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        if (stat.split(" ")[2] === "Z") alive = false;
        else await Bun.sleep(10);
      } catch {
        alive = false;
      }
    }
    expect(alive).toBe(false);
  }, 120_000);
});

describe("overlays and queries", () => {
  test("an overlay is seen by diagnostics and code fixes, never written; clearing it restores the disk content", async () => {
    const before = readFileSync(file("src/checkout.ts"), "utf8");
    await engine.setOverlay(file("src/checkout.ts"), "export const x = new OrderService();\nexport const y: number = 'a';\n");
    const diags = await diagnostics(engine, project, file("src/checkout.ts"));
    expect(diags.map((d) => `${d.code} ${d.line}:${d.column} ${d.severity}`)).toEqual(["2304 1:22 error", "2322 2:14 error"]);
    const fixes = await codeFixes(engine, file("src/checkout.ts"), { start: { line: 1, column: 22 }, end: { line: 1, column: 34 } });
    expect(fixes[0]).toMatchObject({ title: 'Add import from "./order.js"', kind: "quickfix" });
    expect(fixes[0]?.edits[0]).toMatchObject({ path: file("src/checkout.ts"), line: 1, column: 1, newText: 'import { OrderService } from "./order.js";\n\n' });
    expect(readFileSync(file("src/checkout.ts"), "utf8")).toBe(before);
    engine.clearOverlay(file("src/checkout.ts"));
    expect(await diagnostics(engine, project, file("src/checkout.ts"))).toEqual([]);
    // whole program: nothing wrong on disk
    expect(await diagnostics(engine, project)).toEqual([]);
  }, 120_000);

  test("references, incoming calls, implementations and rename locations", async () => {
    const refs = await references(engine, file("src/order.ts"), { line: 8, column: 3 });
    expect(refs.map((r) => `${short(r.path)}:${r.line}:${r.column}`)).toEqual(["src/checkout.ts:5:12", "src/checkout.ts:9:15", "src/checkout.ts:9:35", "src/order.test.ts:4:29"]);
    const calls = await incomingCalls(engine, file("src/order.ts"), { line: 8, column: 3 });
    expect(calls.map((c) => `${c.from.name}@${short(c.from.location.path)}:${c.calls.length}`).sort()).toEqual(["checkout@src/checkout.ts:1", "quick@src/checkout.ts:2", "testPlace@src/order.test.ts:1"]);
    const impls = await implementations(engine, file("src/order.ts"), { line: 1, column: 18 });
    expect(impls.map((l) => `${short(l.path)}:${l.line}`)).toContain("src/order.ts:7");
    const rename = await renameLocations(engine, file("src/order.ts"), { line: 8, column: 3 }, "put");
    expect("edits" in rename && rename.edits.map((e) => `${short(e.path)}:${e.line}`).sort()).toEqual(["src/checkout.ts:5", "src/checkout.ts:9", "src/checkout.ts:9", "src/order.test.ts:4", "src/order.ts:2", "src/order.ts:8"]);
    const refused = await renameLocations(engine, file("src/order.ts"), { line: 3, column: 1 }, "x");
    expect(refused).toHaveProperty("refused");
  }, 120_000);

  test("the spelling fix for TS2551 does not exist in TypeScript 7.0.2: code fixes answer none (issue 8 builds its own)", async () => {
    await engine.setOverlay(file("src/checkout.ts"), 'import { OrderService } from "./order.js";\nexport const x = new OrderService().plce("a");\n');
    const diags = await diagnostics(engine, project, file("src/checkout.ts"));
    expect(diags.map((d) => d.code)).toEqual([2551]);
    expect(await codeFixes(engine, file("src/checkout.ts"), { start: { line: 2, column: 37 }, end: { line: 2, column: 41 } })).toEqual([]);
    engine.clearOverlay(file("src/checkout.ts"));
  }, 120_000);

  test("openSemantic: a cold engine for one call, the owning project of a file, released after", async () => {
    const handle = await openSemantic(root);
    expect(handle.grade).toBe("cold");
    expect(handle.projectOf("src/checkout.ts")).toBe(project);
    expect(handle.projectOf(file("src/order.ts"))).toBe(project);
    expect(handle.projectOf("README.md")).toBeNull();
    expect(await diagnostics(handle.engine, project, file("src/order.ts"))).toEqual([]);
    await handle.release();
    expect(handle.engine.status().state).toBe("stopped");
  }, 120_000);
});
