import { describe, expect, test } from "bun:test";
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { SvcError } from "../../src/errors.ts";
import type { TocData } from "../../src/ops/toc.ts";
import { directoryRows, renderDirectoryRow } from "../../src/render/toc.ts";
import { estimateTokens, tokenCounter } from "../../src/text/tokens.ts";
import { expectGolden } from "../helpers/golden.ts";
import { gitRepo, plainDir, writeFiles } from "../helpers/repo.ts";

const FIXTURE: Record<string, string> = {
  "package.json": JSON.stringify({ name: "shop", version: "1.0.0" }, null, 2),
  "src/orders/order.service.ts": [
    'import { Logger } from "../util/logger";',
    "",
    "export interface IOrderService {",
    "  place(id: string): Promise<void>;",
    "}",
    "",
    "export class OrderService implements IOrderService {",
    "  private readonly log = new Logger();",
    "  constructor() {}",
    "  async place(id: string) {",
    "    this.log.info(id);",
    "  }",
    "  cancel(id: string) {}",
    "}",
    "",
  ].join("\n"),
  "src/orders/order.service.test.ts": 'import { OrderService } from "./order.service";\ntest("x", () => new OrderService());\n',
  "src/util/logger.ts": "export class Logger {\n  info(message: string) {\n    console.log(message);\n  }\n}\n",
  "src/index.ts": 'export function main() {}\nexport const VERSION = "1";\n',
  "py/repo.py": "class Repo:\n    def get(self, key):\n        return key\n\ndef connect():\n    pass\n",
  "go/server.go": "package server\n\ntype Server struct {\n\tAddr string\n}\n\nfunc (s *Server) Run() error { return nil }\n",
  "README.md": "# Shop\n\nA fixture.\n",
  "empty.json": "{}",
  "src/blob.js": "\u0089PNG\u0000\u0000binary",
};

async function toc(path: string, extra: Record<string, unknown> = {}) {
  const result = await call("toc", { path, ...extra });
  return { text: result.text, data: result.data as unknown as TocData };
}

describe("svc toc", () => {
  const root = gitRepo(FIXTURE);

  test("the full table of contents (golden)", async () => {
    const { text, data } = await toc(root);
    expectGolden("toc-full", text);
    expect(data.detail).toBe("full");
    expect(data.files).toBe(6); // png is binary, empty.json is trivial; data and docs are listed, not shown
    expect(data.notIncluded.map((n) => n.ext)).toEqual([".json", ".md"]);
    expect(data.skipped).toEqual([{ path: "src/blob.js", reason: "binary" }]);
    expect(text).toContain("class OrderService: log, place, cancel");
    expect(text).toContain("interface IOrderService: place");
    expect(text).toContain("struct Server: Addr, Run");
    expect(text).toContain("class Repo: get");
    expect(text).toContain("functions: connect");
  });

  test("a subdirectory lists only its files, with root-relative paths", async () => {
    const { data } = await toc(join(root, "src", "orders"));
    expect(data.path).toBe("src/orders");
    expect(data.entries.map((e) => e.path)).toEqual(["src/orders/order.service.test.ts", "src/orders/order.service.ts"]);
  });

  test("exclusions: directories, files, patterns, tests", async () => {
    const paths = async (extra: Record<string, unknown>) => (await toc(root, extra)).data.entries.map((e) => e.path);
    expect(await paths({ excludeDirectories: ["orders", "py"] })).not.toContain("src/orders/order.service.ts");
    expect(await paths({ excludeDirectories: ["py"] })).not.toContain("py/repo.py");
    expect(await paths({ excludeFiles: ["logger.ts"] })).not.toContain("src/util/logger.ts");
    const patterned = await paths({ excludePatterns: ["*.md", "go/**"] });
    expect(patterned).not.toContain("README.md");
    expect(patterned).not.toContain("go/server.go");
    expect(patterned).toContain("py/repo.py");
    expect(await paths({ excludeTestProjects: true })).not.toContain("src/orders/order.service.test.ts");
  });

  test("degrades at three budgets: full, paths only, directories", async () => {
    const many: Record<string, string> = {};
    for (const dir of ["src/orders", "src/billing", "lib"]) {
      for (let i = 0; i < 12; i++) many[`${dir}/module${i}.ts`] = `export class Service${i} {\n  run() {}\n  stop() {}\n}\n`;
    }
    const big = gitRepo(many);
    const counter = await tokenCounter();
    const full = await toc(big, { maxTokens: 100_000 });
    expect(full.data.detail).toBe("full");
    // a view listing every file comes with a structured result listing every file: the budget counts both
    const fullTokens = counter.count(full.text) + counter.count(JSON.stringify(full.data));

    const paths = await toc(big, { maxTokens: fullTokens - 1 });
    expect(paths.data.detail).toBe("paths");
    expect(paths.text).toContain("Type outlines omitted to fit the size budget; call svc_skeleton");
    expect(paths.text).toContain("module11.ts (~");
    expect(paths.text).not.toContain("class Service1");
    expect(counter.count(paths.text)).toBeLessThanOrEqual(fullTokens - 1);

    expect(paths.data.entries.length).toBe(36);
    const pathTokens = counter.count(paths.text) + counter.count(JSON.stringify(paths.data));
    const dirs = await toc(big, { maxTokens: pathTokens - 1 });
    expect(dirs.data.detail).toBe("directories");
    expect(dirs.text).toContain("Large codebase: showing directories and aggregate token costs only");
    expect(dirs.text).toMatch(/^src\/orders\/ \(12 files, ~\d+ tokens\)$/m);
    expect(dirs.text).toMatch(/^src\/ \(24 files, ~\d+ tokens\)$/m); // a folder with no file of its own counts its subfolders'
    expect(dirs.text).not.toContain("more directories not shown");
    expect(counter.count(dirs.text)).toBeLessThanOrEqual(pathTokens - 1);
    expectGolden("toc-directories", dirs.text);
  });

  test("a directory's row counts every file under it, the scope's own files have a row, and a cut view keeps the shallow rows", async () => {
    const files: Record<string, string> = { "source/index.ts": "export const index = 1;\n" };
    for (const dir of ["source/core", "source/errors", "source/types", "test/helpers"]) {
      for (let i = 0; i < 4; i++) files[`${dir}/m${i}.ts`] = `export class M${i} {\n  run() {}\n}\n`;
    }
    const repo = gitRepo(files);
    const rows = (text: string) => text.split("\n").filter((l) => / \(\d+ files?( at its top level)?, ~\d+ tokens\)$/.test(l));
    const counter = await tokenCounter();
    const full = await toc(repo, { maxTokens: 100_000 });
    const paths = await toc(repo, { maxTokens: counter.count(full.text) + counter.count(JSON.stringify(full.data)) - 1 });
    expect(paths.data.detail).toBe("paths");
    const cut = await toc(repo, { maxTokens: counter.count(paths.text) - 1 });
    expect(cut.data.detail).toBe("directories");
    expect(cut.text).toContain("more directories not shown");
    // the old rows counted only the files directly in a folder (`source/ (1 file)` for a folder of 13), in name order (a cut kept `source/` and its subfolders, not `test/`)
    expect(rows(cut.text).slice(0, 2).map((l) => l.replace(/, ~\d+ tokens\)$/, ")"))).toEqual(["source/ (13 files)", "test/ (4 files)"]);
    const entry = (path: string) => ({ path, tokens: 10, generated: false, types: [], functions: [] });
    const every = ["a.ts", "source/index.ts", "source/core/x.ts", "source/core/deep/y.ts", "test/helpers/h.ts"].map(entry);
    expect(directoryRows(every).map(renderDirectoryRow)).toEqual([
      "./ (1 file at its top level, ~10 tokens)",
      "source/ (3 files, ~30 tokens)",
      "test/ (1 file, ~10 tokens)",
      "source/core/ (2 files, ~20 tokens)",
      "test/helpers/ (1 file, ~10 tokens)",
      "source/core/deep/ (1 file, ~10 tokens)",
    ]);
    const scoped = await toc(join(repo, "source"), { maxTokens: 250 });
    expect(rows(scoped.text).map((l) => l.replace(/, ~\d+ tokens\)$/, ")"))).toEqual(["source/ (1 file at its top level)", "source/core/ (4 files)", "source/errors/ (4 files)", "source/types/ (4 files)"]);
  });

  test("a budget below the directory view truncates it with a note, keeping at least one row", async () => {
    const { text, data } = await toc(root, { maxTokens: 280 });
    expect(data.detail).toBe("directories");
    expect(text).toMatch(/more directories not shown; call svc_toc on a subdirectory/);
  });

  test("binary, non-UTF-8, unreadable and CRLF/BOM files never crash a run", async () => {
    const dir = gitRepo({
      "ok.ts": "export class Ok {}\n",
      "latin1.py": Buffer.from([0x23, 0x20, 0xe9, 0x0a, 0x78, 0x3d, 0x31, 0x0a]).toString("latin1"),
      "crlf.ts": "\uFEFFexport class Crlf {\r\n  run() {}\r\n}\r\n",
      "blob.bin.ts": "\u0000\u0001\u0002",
      "locked.ts": "export class Locked {}\n",
    });
    writeFiles(dir, { "latin1.py": new Uint8Array([0x63, 0x6c, 0x61, 0x73, 0x73, 0x20, 0x43, 0xe9, 0x3a, 0x20, 0x70, 0x61, 0x73, 0x73, 0x0a]) });
    chmodSync(join(dir, "locked.ts"), 0o000);
    const { text, data } = await toc(dir);
    expect(text).toContain("class Crlf: run");
    expect(data.skipped.map((s) => s.path)).toContain("blob.bin.ts");
    expect(data.entries.map((e) => e.path)).toContain("latin1.py");
    chmodSync(join(dir, "locked.ts"), 0o644);
  });

  test("an empty folder answers plainly, not with silence", async () => {
    const dir = plainDir({ "notes/.keep": "" });
    const { text, data } = await toc(dir);
    expect(data.files).toBe(0);
    expect(text).toContain("(no source files under the workspace root: nothing indexed here;");
    expect(text).toContain(`(${data.empty})`);
  });

  test("exclude parameters that leave nothing are named as the reason, not the files the inventory skipped", async () => {
    const dir = gitRepo({ "src/a.ts": "export class A {}\n", "logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) });
    const { text, data } = await toc(dir, { excludePatterns: ["**/*"] });
    expect(data.files).toBe(0);
    expect(data.empty).toStartWith("no files: nothing indexed under the workspace root is left after excludePatterns");
    expect(text).not.toContain("were skipped (skipped says why)");
  });

  test("generated files are flagged; lockfiles are left out", async () => {
    const dir = gitRepo({
      "api.generated.ts": "export class Api {}\n",
      "package-lock.json": '{"lockfileVersion": 3}',
      "main.ts": "export class Main {}\n",
    });
    const { text, data } = await toc(dir);
    expect(text).toContain("api.generated.ts (~");
    expect(text).toMatch(/api\.generated\.ts \(~\d+ tokens\) \[generated\]/);
    expect(data.entries.map((e) => e.path)).not.toContain("package-lock.json");
  });

  test("token costs are the index estimates, close to the exact count", async () => {
    const dir = gitRepo({ "config.ts": 'export const key = "value";\nexport function read(name: string) { return process.env[name]; }\n' });
    const { data } = await toc(dir);
    const counter = await tokenCounter();
    const exact = counter.count('export const key = "value";\nexport function read(name: string) { return process.env[name]; }');
    expect(data.entries[0]!.tokens).toBe(estimateTokens('export const key = "value";\nexport function read(name: string) { return process.env[name]; }\n'));
    expect(Math.abs(data.entries[0]!.tokens - exact) / exact).toBeLessThan(0.25);
  });

  test("output is byte-identical across runs", async () => {
    expect((await toc(root)).text).toBe((await toc(root)).text);
  });

  test("a nonexistent path is workspace_not_found", async () => {
    await expect(call("toc", { path: join(root, "nope") })).rejects.toBeInstanceOf(SvcError);
    await expect(call("toc", { path: join(root, "nope") })).rejects.toMatchObject({ prefix: "workspace_not_found" });
  });
});
