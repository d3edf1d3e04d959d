// No silent zero: every empty or cut answer says why and what to try.

import { describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import type { SvcError } from "../../src/errors.ts";
import { endpointFor } from "../../src/host/endpoint.ts";
import { residentLine } from "../../src/semantic/resident-status.ts";
import { runSvc } from "../helpers/cli.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";

const refusal = async (p: Promise<unknown>) => ((await p.then(() => null, (e: unknown) => e)) as SvcError | null)?.formatted;

describe("no silent zero", () => {
  const root = gitRepo({
    "pyproject.toml": '[project]\nname = "mixed"\n',
    "app/main.py": "def main():\n    return 1\n",
    "web/src/wire.ts": 'import { bus } from "./bus";\n\nbus.on("order.placed", (e) => console.log(e));\n',
    "web/src/bus.ts": "export const bus = { on(name: string, fn: (e: unknown) => void) {} };\n",
    ".env": "API_TOKEN=abcdefghijklmnopqrstuvwxyz123456\n",
  });

  test("find --kind text reaches top-level code line by line", async () => {
    const r = await call("find", { path: root, query: 'bus.on("order.placed"', kind: "text" });
    expect(r.text).toContain('web/src/wire.ts:3  bus.on("order.placed", (e) => console.log(e));');
    expect((r.data as { lines: { total: number } }).lines.total).toBe(1);
  }, 60_000);

  test("find --kind text: a query of words too common to index (`export const`, `return`) still reads the files", async () => {
    const r = await call("find", { path: root, query: "export const", kind: "text" });
    expect(r.text).toContain("web/src/bus.ts:1  export const bus");
    expect((r.data as { lines: { total: number; partial?: string } }).lines).toMatchObject({ total: 1 });
    expect((r.data as { lines: { partial?: string } }).lines.partial).toBeUndefined();
    const ret = await call("find", { path: root, query: "return", kind: "text" });
    expect(ret.text).toContain("app/main.py:2  return 1");
  }, 60_000);

  test("find --kind text that cannot read every candidate file says so, and its count is a lower bound", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 2005; i++) files[`src/f${String(i).padStart(4, "0")}.ts`] = `export const v${i} = ${i};\n`;
    const many = gitRepo(files);
    // built first: a cold read waits SVC_COLD_READ_DEADLINE_MS for the syntax build, which 2005 files can outlast on a loaded machine (the answer is then the availability header alone)
    await call("index", { path: many });
    const r = await call("find", { path: many, query: "export const", kind: "text", limit: 5 });
    const lines = (r.data as { lines: { total: number; partial?: string } }).lines;
    expect(lines.total).toBe(2000);
    expect(lines.partial).toContain("read the first 2000 files (by path) that can hold it");
    expect(r.text).toContain("lines matching 'export const': 2000+");
    expect(r.text).toContain("partial: read the first 2000 files");
    // a query the files do not hold: the claim names what was read
    const none = await call("find", { path: many, query: "return const", kind: "text" });
    expect(none.text).toContain("(lines: read the first 2000 files");
  }, 180_000);

  test("at a polyglot root the inferred template is named and the other languages listed", async () => {
    const r = await call("fuse", { path: root });
    expect(r.text).toContain("template: python (inferred)");
    expect(r.text).toContain("other languages here, not included: typescript (2 files); pass template=<name> for them");
  }, 60_000);

  test("managed fusion with nothing to show points at svc_generic; an extension that matches nothing says why", async () => {
    const py = gitRepo({ "a.py": "x = 1\n", "b.py": "y = 2\n" });
    const managed = await call("fuse", { path: py, template: "typescript" });
    expect(managed.text).toContain("no files: template typescript");
    expect(managed.text).toContain("use svc_generic (it infers the template)");
    const none = await call("fuse", { path: py, onlyExtensions: [".rb"] });
    expect(none.text).toMatch(/no files: onlyExtensions \.rb matched none of the 2 indexed files under the workspace root \(extensions present: \.py 2\)/);
  }, 60_000);

  test("--only-ext .env collects the dotfile, redacted", async () => {
    const r = await call("fuse", { path: root, onlyExtensions: [".env"] });
    expect(r.text).toContain('<file path=".env">');
    expect(r.text).not.toContain("abcdefghijklmnopqrstuvwxyz123456");
  }, 60_000);

  test("a symbol that does not exist is symbol_not_found; with --json the error is JSON (exit 1)", async () => {
    for (const [op, request] of [
      ["impact", { symbol: "nosuchsymbol" }],
      ["test", { symbol: "nosuchsymbol" }],
      ["find", { query: "nosuchsymbol", kind: "neighbors" }],
      ["find", { query: "nosuchsymbol", kind: "signatures" }],
    ] as const) {
      expect(await refusal(call(op, { path: root, ...request }))).toStartWith("symbol_not_found: no declaration named 'nosuchsymbol'");
    }
    const cli = runSvc(["impact", "nosuchsymbol", root, "--json"]);
    expect(cli.code).toBe(1);
    expect(JSON.parse(cli.stderr)).toEqual({ error: { prefix: "symbol_not_found", message: expect.stringContaining("no declaration named 'nosuchsymbol'") } });
  }, 60_000);

  test("the availability line names a host that serves the workspace", () => {
    const runtime = tempDir();
    const prior = process.env.SVC_RUNTIME_DIR;
    process.env.SVC_RUNTIME_DIR = runtime;
    try {
      const served = "/some/served/root";
      expect(residentLine(served)).toBe("no resident workspace");
      const endpoint = endpointFor(served, { create: true });
      mkdirSync(endpoint.dir, { recursive: true });
      writeFileSync(endpoint.registry, JSON.stringify({ root: served, pid: process.ppid }));
      expect(residentLine(served)).toBe(`resident workspace on the host (pid ${process.ppid})`);
      rmSync(endpoint.registry);
    } finally {
      if (prior === undefined) delete process.env.SVC_RUNTIME_DIR;
      else process.env.SVC_RUNTIME_DIR = prior;
    }
  });
});
