// find --kind task beyond files (issue 20): the declarations of the best files a change most
// likely touches, on every surface; long task descriptions weighed by their information;
// `Module.member` and package.json names as evidence.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import { openCurrentIndex } from "../../src/indexing/fresh.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { headline, taskTerms } from "../../src/retrieve/localize-terms.ts";
import { PARAMS } from "../../src/retrieve/localize-signals.ts";
import { changedDeclarations } from "../../scripts/bench/localize/symbols.ts";
import { longQuery } from "../../scripts/bench/localize/task.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { runSvc } from "../helpers/cli.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";

async function task(path: string, query: string) {
  const r = await call("find", { path, query, kind: "task" });
  return { text: r.text, data: r.data as unknown as FindData };
}

const UPLOADS = {
  "src/uploads.ts": [
    "export function startUpload(name: string): string {",
    "  return `upload ${name}`;",
    "}",
    "",
    "export function retryUpload(name: string, attempts: number): string {",
    "  // back off between attempts: the delay doubles each time",
    "  let delay = 100;",
    "  for (let i = 0; i < attempts; i++) delay *= 2;",
    "  return `${name} after ${delay}`;",
    "}",
    "",
    "export function cancelUpload(name: string): string {",
    "  return `cancelled ${name}`;",
    "}",
    "",
  ].join("\n"),
  "src/queue.ts": 'import { retryUpload } from "./uploads";\n\nexport function drain(names: string[]): string[] {\n  return names.map((n) => retryUpload(n, 3));\n}\n',
  "src/log.ts": "export function log(message: string): void {\n  console.info(message);\n}\n",
};

describe("find --kind task: likely declarations", () => {
  test("the best file names the declaration whose text matches the task, in the text, the structured result, the CLI and MCP", async () => {
    const root = gitRepo(UPLOADS);
    const { text, data } = await task(root, "upload retry backoff delay doubles too fast");
    const first = data.candidates?.[0];
    expect(first?.path).toBe("src/uploads.ts");
    expect(first?.symbols?.[0]).toMatchObject({ name: "retryUpload", kind: "function", line: 5, endLine: 10 });
    expect(first?.symbols?.[0]?.reasons.join(" ")).toContain("delay");
    // Evidence-ranked, not source order: startUpload (first in the file) is not ahead of it.
    expect(first?.symbols?.findIndex((s) => s.name === "startUpload") ?? -1).not.toBe(0);
    expect(text).toContain("        likely: retryUpload (function L5–10)");
    // The CLI prints the engine's text; MCP's structured content carries the same symbols.
    const cli = runSvc(["find", "upload retry backoff delay doubles too fast", "--kind", "task"], { cwd: root });
    expect(cli.stdout).toContain("likely: retryUpload (function L5–10)");
    const mcp = await mcpClientFor(root);
    try {
      const r = await mcp.callTool({ name: "svc_find", arguments: { query: "upload retry backoff delay doubles too fast", kind: "task", path: root } });
      const structured = r.structuredContent as { candidates: { path: string; symbols?: { name: string; line: number }[] }[] };
      expect(structured.candidates[0]?.symbols?.[0]).toMatchObject({ name: "retryUpload", line: 5 });
    } finally {
      await mcp.close();
    }
  }, 120_000);

  test("a file with no declaration the task's words or the other best files reach names none", async () => {
    const root = gitRepo({ ...UPLOADS, "README.md": "# uploads\n\nRetry uploads with a doubling delay.\n" });
    const { data } = await task(root, "README uploads retry delay");
    const readme = data.candidates?.find((c) => c.path === "README.md");
    expect(readme).toBeDefined();
    expect(readme?.symbols).toBeUndefined();
  }, 120_000);
});

describe("long task descriptions", () => {
  test("the headline is the first line, else the first sentence", () => {
    expect(headline("fix retry\n\nThe delay doubles.")).toEqual({ head: "fix retry", rest: "The delay doubles." });
    expect(headline("Fix retry delay. The delay doubles too fast.")).toEqual({ head: "Fix retry delay.", rest: "The delay doubles too fast." });
    expect(headline("Fix Effect.fn binding")).toEqual({ head: "Fix Effect.fn binding", rest: "" });
  });

  test("the description's common words do not count; its rare ones count at a lower weight, once; prose capitals name nothing", async () => {
    const files: Record<string, string> = { ...UPLOADS };
    for (let i = 0; i < 30; i++) files[`src/part${i}.ts`] = `export function part${i}(value: string): string {\n  // the value of the function\n  return value;\n}\n`;
    const root = gitRepo(files);
    await syncIndex(root);
    const index = await openCurrentIndex(root, { waitForBuild: true });
    if (!index.available) throw new Error(`index unavailable: ${index.detail}`);
    try {
      const t = taskTerms(index.db, "Upload retry waits too long\n\nThe value of the function doubles the delay, the delay, the delay. When `cancelUpload` runs it stops.", 33, true);
      expect(t.long).toBe(true);
      const byTerm = new Map(t.terms.map((x) => [x.term, x]));
      expect(byTerm.get("upload")?.weight ?? 1).toBe(1);
      expect(byTerm.has("value")).toBe(false); // in every file
      expect(byTerm.has("function")).toBe(false);
      expect(byTerm.get("delay")?.weight).toBeLessThan(1);
      expect(t.terms.filter((x) => x.term === "delay")).toHaveLength(1);
      expect(t.exactText).toContain("cancelUpload");
      expect(t.exactText).not.toContain("When");
      // A one-line query is used as it is.
      expect(taskTerms(index.db, "upload retry waits too long", 33, true).long).toBe(false);
    } finally {
      index.db.close();
    }
    const { data } = await task(root, "Upload retry waits too long\n\nThe value of the function doubles the delay each time; the value is returned by the function.");
    expect(data.candidates?.[0]?.path).toBe("src/uploads.ts");
  }, 120_000);
});

describe("names the query writes", () => {
  test("`Module.member`: the file of that module declaring the member ranks first", async () => {
    const root = gitRepo({
      "src/Prompt.ts": "export const autoComplete = (s: string): string => s;\nexport const text = (s: string): string => s;\n",
      "src/ai/Prompt.ts": "export interface Prompt { text: string }\nexport const make = (text: string): Prompt => ({ text });\n",
      "src/ai/Generated.ts": "export interface Prompt { content: string }\nexport const autoComplete = true;\n",
    });
    const { data } = await task(root, "Fix `Prompt.autoComplete` swallowing keys while filtering");
    expect(data.candidates?.[0]?.path).toBe("src/Prompt.ts");
    expect(data.candidates?.[0]?.reasons.join(" ")).toContain("declares Prompt.autoComplete (exact)");
  }, 120_000);

  test("a conventional-commit scope naming a package by its package.json name narrows to it", async () => {
    const root = gitRepo({
      "package.json": "{}\n",
      "packages/sql/pg/package.json": '{"name":"@x/sql-pg"}\n',
      "packages/sql/mysql/package.json": '{"name":"@x/sql-mysql"}\n',
      "packages/sql/pg/src/client.ts": "export function connect(url: string): string {\n  return url;\n}\n",
      "packages/sql/mysql/src/client.ts": "export function connect(url: string): string {\n  return url;\n}\n",
    });
    const { data, text } = await task(root, "fix(sql-pg): connect url parsing");
    expect(data.package).toBe("packages/sql/pg");
    expect(data.candidates?.[0]?.path).toBe("packages/sql/pg/src/client.ts");
    expect(text).toContain("names the package packages/sql/pg/");
  }, 120_000);
});

describe("a file the task names whole", () => {
  test("with basenameCompound on, `zip-all` ranks zip-all.ts above its siblings; off (the default), it adds nothing", async () => {
    const body = (name: string) => `export function ${name}(sources: unknown[]): unknown[] {\n  // zip subscriptions\n  return sources;\n}\n`;
    const root = gitRepo({ "src/zip.ts": body("zip"), "src/zip-all.ts": body("zipAll"), "src/zip-with.ts": body("zipWith"), "src/zip.test.ts": body("zipTest") });
    const query = "refactor: centralize zip-all subscriptions";
    const off = await task(root, query);
    expect(off.data.candidates?.some((c) => c.reasons.some((r) => r.startsWith("its name is")))).toBe(false);
    const saved = PARAMS.basenameCompound;
    PARAMS.basenameCompound = 0.9;
    try {
      const on = await task(root, query);
      expect(on.data.candidates?.[0]?.path).toBe("src/zip-all.ts");
      expect(on.data.candidates?.[0]?.reasons).toContain("its name is zip-all (named in the task)");
    } finally {
      PARAMS.basenameCompound = saved;
    }
  }, 120_000);
});

describe("the benchmark's changed declarations", () => {
  test("declarations whose lines a commit's hunks touch, innermost only; an insertion counts for the declaration around it", async () => {
    const root = gitRepo({ "src/a.ts": "export class Box {\n  open(): number {\n    return 1;\n  }\n\n  close(): number {\n    return 2;\n  }\n}\n\nexport function free(): number {\n  return 3;\n}\n" });
    const parent = git(root, "rev-parse", "HEAD").trim();
    writeFiles(root, { "src/a.ts": "export class Box {\n  open(): number {\n    return 10;\n  }\n\n  close(): number {\n    return 2;\n  }\n}\n\nexport function free(): number {\n  const x = 1;\n  return 3;\n}\n" });
    git(root, "commit", "-qam", "change open and free");
    const commit = git(root, "rev-parse", "HEAD").trim();
    git(root, "checkout", "-q", parent);
    await syncIndex(root);
    const index = await openCurrentIndex(root, { waitForBuild: true });
    if (!index.available) throw new Error(`index unavailable: ${index.detail}`);
    try {
      const changed = changedDeclarations(index.db, root, { id: "t", corpus: "t", query: "q", targets: ["src/a.ts"], root, split: "tune", checkout: parent, commit });
      expect(changed["src/a.ts"]?.changed.sort()).toEqual(["Box.open:2", "free:11"]);
    } finally {
      index.db.close();
    }
  }, 120_000);

  test("the long query is the subject and the first body paragraph that is no trailer", () => {
    expect(longQuery("fix retry", "Closes #12\n\nThe delay doubled\ntoo fast.\n\nSigned-off-by: A <a@b.c>")).toBe("fix retry\n\nThe delay doubled too fast.");
    expect(longQuery("fix retry", "Signed-off-by: A <a@b.c>\n")).toBe("fix retry");
  });
});
