// find --kind task beyond files (issue 20): the declarations of the best files a change most
// likely touches, on every surface; long task descriptions weighed by their information;
// `Module.member` and package.json names as evidence.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import { openCurrentIndex } from "../../src/indexing/fresh.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { headline, taskTerms } from "../../src/retrieve/localize-terms.ts";
import { PARAMS } from "../../src/retrieve/localize-params.ts";
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
  test("`zip-all` ranks zip-all.ts above its siblings; a benchmark, doc or test of that name and the conventional-commit scope name nothing; off, it adds nothing", async () => {
    const body = (name: string) => `export function ${name}(sources: unknown[]): unknown[] {\n  // zip subscriptions\n  return sources;\n}\n`;
    const root = gitRepo({
      "src/zip.ts": body("zip"),
      "src/zip-all.ts": body("zipAll"),
      "src/zip-with.ts": body("zipWith"),
      "src/zip.test.ts": body("zipTest"),
      "bench/zip-all.ts": body("benchZipAll"),
      "docs/zip-all.md": "# zipAll\n\nzip subscriptions\n",
    });
    const named = (c: { reasons: string[] }) => c.reasons.some((r) => r.startsWith("its name is"));
    const query = "refactor: centralize zip-all subscriptions";
    const on = await task(root, query);
    expect(on.data.candidates?.[0]?.path).toBe("src/zip-all.ts");
    expect(on.data.candidates?.[0]?.reasons).toContain("its name is zip-all (named in the task)");
    // Only product code is named: not the benchmark, the doc or the test of the same name.
    expect((on.data.candidates ?? []).filter(named).map((c) => c.path)).toEqual(["src/zip-all.ts"]);
    // A prose name the identifier split makes a compound of (ZipAll → zip-all) names nothing; written as one (zipAll), it does.
    expect(((await task(root, "refactor: centralize ZipAll subscriptions")).data.candidates ?? []).filter(named)).toEqual([]);
    expect(((await task(root, "refactor: centralize zipAll subscriptions")).data.candidates ?? []).filter(named).map((c) => c.path)).toEqual(["src/zip-all.ts"]);
    // A scope names an area, not a file: "fix(zip): …" does not name zip.ts.
    const scoped = await task(root, "fix(zip): centralize subscriptions");
    expect((scoped.data.candidates ?? []).filter(named)).toEqual([]);
    const saved = { compound: PARAMS.basenameCompound, word: PARAMS.basenameWord };
    PARAMS.basenameCompound = 0;
    PARAMS.basenameWord = 0;
    try {
      const off = await task(root, query);
      expect((off.data.candidates ?? []).filter(named)).toEqual([]);
    } finally {
      PARAMS.basenameCompound = saved.compound;
      PARAMS.basenameWord = saved.word;
    }
  }, 120_000);
});

describe("an exactly named property", () => {
  test("a backticked property name points to the code that uses it before the interface that declares it", async () => {
    const root = gitRepo({
      "src/types.ts": "export interface RelationOptions {\n  targetKey?: string;\n  owner: boolean;\n}\nexport interface EntityOptions {\n  tableName: string;\n}\n",
      "src/discovery.ts": [
        "import type { RelationOptions } from './types.ts';",
        "/** Derives the foreign key field names of a relation. */",
        "export function foreignKeyFields(options: RelationOptions, primaryKeys: string[]): string[] {",
        "  const key = options.targetKey;",
        "  return key ? [key] : primaryKeys.map((pk) => `${pk}_id`);",
        "}",
        "",
      ].join("\n"),
      "src/other.ts": "export function tableOf(name: string) { return name.toLowerCase(); }\n",
    });
    const query = "derive foreign key field names from `targetKey` instead of composite keys";
    const first = async () => (await task(root, query)).data.candidates?.[0]?.path;
    expect(await first()).toBe("src/discovery.ts");
    const saved = PARAMS.exactProperty;
    PARAMS.exactProperty = PARAMS.exactMember;
    try {
      // Weighed as a method or function would be, the declaration outranks the use.
      expect(await first()).toBe("src/types.ts");
    } finally {
      PARAMS.exactProperty = saved;
    }
  }, 120_000);
});

describe("code that supports the project", () => {
  test("with the auxiliary prior on, a benchmark ranks after the product code it exercises; a package kept in a tools/ folder is product code", async () => {
    const code = (name: string, extra: string) => `export function ${name}(input: string): string {\n  // parse the schema pointer and decode it\n  return input${extra};\n}\n`;
    const root = gitRepo({
      "package.json": "{\"name\": \"root\"}\n",
      "packages/core/package.json": "{\"name\": \"core\"}\n",
      "packages/core/src/pointer.ts": code("decodePointer", ".trim()"),
      "packages/bench/package.json": "{\"name\": \"bench\"}\n",
      "packages/bench/src/pointer.ts": code("decodePointerBench", ".trim().trim()"),
      "packages/tools/generator/package.json": "{\"name\": \"generator\"}\n",
      "packages/tools/generator/src/pointer.ts": code("decodePointerGen", ".toLowerCase()"),
    });
    const ranked = async () => ((await task(root, "decode the schema pointer")).data.candidates ?? []).map((c) => [c.path, c.score] as const);
    const score = (list: readonly (readonly [string, number])[], path: string) => list.find(([p]) => p === path)?.[1] ?? 0;
    const saved = PARAMS.auxPrior;
    const off = await ranked();
    PARAMS.auxPrior = 0.8;
    try {
      const on = await ranked();
      expect(score(on, "packages/bench/src/pointer.ts")).toBeGreaterThan(0);
      // The prior alone moves the benchmark down; the package in tools/ keeps its score.
      expect(score(on, "packages/bench/src/pointer.ts")).toBeLessThan(score(off, "packages/bench/src/pointer.ts"));
      expect(score(on, "packages/tools/generator/src/pointer.ts")).toBe(score(off, "packages/tools/generator/src/pointer.ts"));
    } finally {
      PARAMS.auxPrior = saved;
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
