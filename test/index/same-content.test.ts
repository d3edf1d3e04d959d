import { describe, expect, test } from "bun:test";
import { extractFile, type ExtractedFile } from "../../src/index/extract.ts";
import { ContentMemo } from "../../src/index/same-content.ts";
import { wiringVisitor } from "../../src/wiring/pass.ts";
import { statSync } from "node:fs";
import { join } from "node:path";
import { tempDir, writeFiles } from "../helpers/repo.ts";

const SOURCE = [
  'import { Logger } from "./logger";',
  "/** Places orders. */",
  "export class OrderService {",
  "  place(id: string) { return new Logger().info(id); }",
  "}",
  "",
].join("\n");
const WIRED = 'import express from "express";\nconst app = express();\napp.get("/orders", (req, res) => res.send(process.env.SHOP));\n';

describe("files with the same content", () => {
  test("reuse the first copy's extraction, with the path-derived fields of their own", () => {
    const copies = ["src/a/order.service.ts", "src/b/order.service.ts", "src/a/order.service.test.ts", "src/generated/order.service.ts", "lib/order-service.ts"];
    const wired = ["src/server.ts", "src/copy/server.ts", "app/api/orders/route.ts", "app/api/items/route.ts"];
    const root = tempDir();
    writeFiles(root, { ...Object.fromEntries(copies.map((p) => [p, SOURCE])), ...Object.fromEntries(wired.map((p) => [p, WIRED])), "app/api/plain/route.ts": SOURCE });
    const entry = (path: string) => {
      const st = statSync(join(root, path));
      return { path, size: st.size, stampMs: st.ctimeMs };
    };
    const memo = new ContentMemo<ExtractedFile>();
    const paths = [...copies, ...wired, "app/api/plain/route.ts"];
    const withMemo = paths.map((p) => extractFile(root, entry(p), { memo, visitor: wiringVisitor }) as ExtractedFile);
    const alone = paths.map((p) => extractFile(root, entry(p), { visitor: wiringVisitor }) as ExtractedFile);
    expect(withMemo).toEqual(alone);
    // The copies did reuse (same declaration list), the wired files and the routed path did not.
    expect(withMemo[1]!.decls).toBe(withMemo[0]!.decls);
    expect(withMemo[2]!.isTest).toBe(true);
    expect(withMemo[2]!.decls).toBe(withMemo[0]!.decls);
    expect(withMemo[copies.length + 1]!.decls).not.toBe(withMemo[copies.length]!.decls);
    expect(withMemo[copies.length]!.wiring).not.toBeNull();
    expect(withMemo.at(-1)!.decls).not.toBe(withMemo[0]!.decls);
  });

  test("the memo keeps only the latest files", () => {
    const memo = new ContentMemo(2);
    const file = { path: "x" } as ExtractedFile;
    memo.set("a", file);
    memo.set("b", file);
    memo.set("c", file);
    expect(memo.get("a")).toBeUndefined();
    expect(memo.get("c")).toBe(file);
  });
});
