// A file the syntax tier cannot fully read is never passed off as complete: toc flags it
// [partial] and says so in its header, its skeleton starts with a partial marker, doctor
// names it, and a symbol that is not found says the answer may be incomplete because of it.

import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { call } from "../../src/engine.ts";
import { DECL_FIXTURES } from "../fixtures/decls/sources.ts";
import { gitRepo } from "../helpers/repo.ts";

const unreadable = DECL_FIXTURES.find((f) => !f.clean)!;
const hono = DECL_FIXTURES[0]!;
let root = "";

beforeAll(async () => {
  root = gitRepo({
    "package.json": JSON.stringify({ name: "p", version: "1.0.0" }),
    [`src/${unreadable.file}`]: unreadable.source,
    [`src/${hono.file}`]: hono.source,
    "src/ok.ts": "export function fine(): number {\n  return 1;\n}\n",
  });
  await call("index", { path: root });
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

test("toc flags the partial file, and only it", async () => {
  const { text } = await call("toc", { path: root });
  expect(text).toContain(`${unreadable.file} (~`);
  expect(text).toMatch(new RegExp(`${unreadable.file.replace(".", "\\.")} \\(~\\d+ tokens\\) \\[partial\\]`));
  expect(text).toContain("1 file is marked [partial]");
  expect(text).not.toMatch(/types\.ts \(~[\d.k]+ tokens\) \[partial\]/);
  expect(text).toContain("type MergePath");
}, 120_000);

test("skeleton marks the partial file; doctor names it", async () => {
  const skeleton = await call("skeleton", { path: root });
  expect(skeleton.text).toContain("// svc: partial — the syntax tier could not fully read this file");
  const doctor = await call("doctor", { path: root });
  expect(doctor.text).toContain(`syntax tier: 1 file only partly read (declarations may be missing; marked [partial] in toc and skeleton): src/${unreadable.file}`);
  expect((doctor.data as { partialFiles: string[] }).partialFiles).toEqual([`src/${unreadable.file}`]);
}, 120_000);

test("a name not found says the partial file may declare it; hono's late declarations are found", async () => {
  const missing = await call("find", { path: root, query: "required", kind: "neighbors" }).catch((e: Error) => e);
  const text = missing instanceof Error ? missing.message : missing.text;
  expect(text).toContain(`; not conclusive: the syntax tier could only partly read 1 file (src/${unreadable.file}): its declarations may be missing`);
  const found = await call("find", { path: root, query: "FetchEventLike", kind: "symbol" });
  expect(found.text).toContain("src/types.ts");
}, 120_000);
