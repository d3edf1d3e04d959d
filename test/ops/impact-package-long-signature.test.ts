// Package mode compares a long declaration in full: the outline's signature stops at 240
// characters, and a change past that (a long generic signature's return type, common in
// zod's .d.ts files) compared equal — "no breaking changes" for a changed return type.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { PackageImpactData } from "../../src/ops/impact-package.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const PARAMS = Array.from({ length: 12 }, (_, i) => `parameterNumber${i}: string`).join(", ");
const version = (v: string, ret: string) => ({
  "package.json": JSON.stringify({ name: "wide", version: v, types: "index.d.ts" }),
  "index.d.ts": `export declare function build(${PARAMS}): ${ret};\n`,
});

describe("package mode on a long signature", () => {
  test("a return type changed past the first 240 characters is BREAKING, and the line shows where they differ", async () => {
    const root = gitRepo({ ".gitignore": "node_modules/\n", "package.json": JSON.stringify({ name: "app" }), "src/a.ts": 'import { build } from "wide";\nexport const b = build;\n' });
    writeFiles(root, Object.fromEntries(Object.entries(version("1.0.0", "string")).map(([p, c]) => [`node_modules/wide/${p}`, c])));
    writeFiles(root, Object.fromEntries(Object.entries(version("2.0.0", "number")).map(([p, c]) => [`node_modules/other/node_modules/wide/${p}`, c])));
    writeFiles(root, { "node_modules/other/package.json": JSON.stringify({ name: "other", version: "1.0.0" }) });
    const r = await call("impact", { path: root, package: "wide", fromVersion: "1.0.0", toVersion: "2.0.0" });
    const data = r.data as unknown as PackageImpactData;
    expect(data.status).toBe("ok");
    expect(r.text).toContain("1 BREAKING change(s)");
    const line = r.text.split("\n").find((l) => l.startsWith("BREAK signature build"))!;
    expect(line).toContain("): string;");
    expect(line).toContain("): number");
  }, 120_000);
});
