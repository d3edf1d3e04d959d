// svc impact package mode: versions of a tiny package found locally (node_modules, nested
// node_modules, pnpm's store, the Bun cache, an `npm pack` tarball), their exported APIs
// diffed, and the BREAKING exports intersected with the workspace's imports.

import { beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import type { PackageImpactData } from "../../src/ops/impact-package.ts";
import { runSvc } from "../helpers/cli.ts";
import { gitRepo, tempDir, writeFiles } from "../helpers/repo.ts";

const manifest = (version: string, extra: Record<string, unknown> = { types: "index.d.ts" }) => JSON.stringify({ name: "tiny", version, ...extra });

const V1 = {
  "package.json": manifest("1.0.0"),
  "index.d.ts": ["/** Parses. */", "export declare function parse(input: string): number;", "export declare function legacy(): void;", "export interface Options { strict: boolean; }", 'export * from "./extra";', ""].join("\n"),
  "extra.d.ts": "export declare const VERSION: string;\n",
};
const V2 = {
  "package.json": manifest("2.0.0", { exports: { ".": { types: "./lib/main.d.ts", default: "./lib/main.js" } } }),
  "lib/main.d.ts": ["export declare function parse(input: string, strict: boolean): number;", "export interface Options { strict: boolean; }", 'export { VERSION, fresh } from "./extra.js";', ""].join("\n"),
  "lib/extra.d.ts": "export declare const VERSION: string;\nexport declare function fresh(): void;\n",
};
const V3 = {
  "package.json": manifest("3.0.0"),
  "index.d.ts": "export declare function parse(input: string, strict: boolean): number;\nexport interface Options { }\nexport declare const VERSION: string;\nexport declare function fresh(): void;\n",
};
// no types: the JS entry's exports, compared by name
const V4 = { "package.json": manifest("4.0.0", { main: "main.js" }), "main.js": "function parse() {}\nconst VERSION = '4';\nmodule.exports = { parse, VERSION };\n" };

function under(prefix: string, files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([p, c]) => [`${prefix}/${p}`, c]));
}

const WORKSPACE = {
  ".gitignore": "node_modules/\n*.tgz\n",
  "package.json": JSON.stringify({ name: "app", dependencies: { tiny: "1.0.0" } }),
  "src/a.ts": 'import { parse, type Options } from "tiny";\nexport const n = (o: Options) => parse(String(o.strict));\n',
  "src/b.ts": '// legacy caller\nimport { legacy } from "tiny";\nlegacy();\n',
  // reads only tiny.VERSION: reaches no other export
  "src/c.ts": 'import * as tiny from "tiny";\nexport const v = tiny.VERSION;\n',
  // the namespace escapes: may use anything
  "src/e.ts": 'import * as all from "tiny";\nexport const everything = all;\n',
  // reads parse off the namespace
  "src/f.ts": 'import * as ns from "tiny";\nexport const p = ns.parse("1");\n',
  "src/d.ts": 'import { VERSION } from "tiny";\nimport "tiny/register";\nexport const w = VERSION;\n',
};

let root: string;
let bunCache: string;

beforeAll(() => {
  root = gitRepo(WORKSPACE);
  writeFiles(root, under("node_modules/tiny", V1));
  writeFiles(root, under("node_modules/other/node_modules/tiny", V2));
  writeFiles(root, { "node_modules/other/package.json": JSON.stringify({ name: "other", version: "1.0.0" }) });
  // 5.0.0: 1.0.0 with one more overload of parse
  const v5 = V1["index.d.ts"].replace("export declare function legacy", "export declare function parse(input: number): string;\nexport declare function legacy");
  writeFiles(root, under("node_modules/.pnpm/tiny@5.0.0/node_modules/tiny", { ...V1, "index.d.ts": v5, "package.json": manifest("5.0.0") }));
  // `npm pack tiny@3.0.0` output: a gzipped tar holding package/
  const staging = tempDir();
  writeFiles(staging, under("package", V3));
  const tar = Bun.spawnSync(["tar", "-czf", join(root, "tiny-3.0.0.tgz"), "-C", staging, "package"]);
  if (tar.exitCode !== 0) throw new Error(tar.stderr.toString());
  bunCache = tempDir();
  writeFiles(bunCache, under("tiny@4.0.0@@@1", V4));
  mkdirSync(join(bunCache, "unrelated@1.0.0@@@1"));
  expect(runSvc(["index", root]).code).toBe(0);
});

const upgrade = async (from: string, to: string) => {
  const r = await call("impact", { path: root, package: "tiny", fromVersion: from, toVersion: to }, { cwd: root });
  return { text: r.text, data: r.data as unknown as PackageImpactData };
};

describe("svc impact package mode", () => {
  test("node_modules against nested node_modules: exact BREAK lines with their importing sites", async () => {
    const { text, data } = await upgrade("1.0.0", "2.0.0");
    const lines = text.split("\n");
    expect(lines[0]).toBe("package upgrade tiny 1.0.0 → 2.0.0: 2 BREAKING change(s) (2 used by the workspace, 0 maybe), 1 additive");
    expect(lines[1]).toBe("compared: 1.0.0 from node_modules/tiny (types index.d.ts; 5 exports) → 2.0.0 from node_modules/other/node_modules/tiny (types lib/main.d.ts; 5 exports)");
    expect(lines.slice(2, 10)).toEqual([
      "BREAK removed legacy  (was: function legacy(): void)",
      "  src/b.ts:2  imports legacy",
      "  src/e.ts:1  may use (namespace import)",
      "BREAK signature parse  (was: function parse(input: string): number; now: function parse(input: string, strict: boolean): number)",
      "  src/a.ts:1  imports parse",
      "  src/e.ts:1  may use (namespace import)",
      "  src/f.ts:1  namespace import, uses parse",
      "additive (1): fresh",
    ]);
    expect(text).toContain("not compared: 1 file(s) import subpaths of tiny (src/d.ts)");
    expect(lines.at(-1)).toStartWith("blind spots: dynamic access");
    expect(data.status).toBe("ok");
    expect(data.package.breaking!.map((b) => [b.kind, b.name, b.sites.map((s) => `${s.path}:${s.line}:${s.certain}`)])).toEqual([
      ["removed", "legacy", ["src/b.ts:2:true", "src/e.ts:1:false"]],
      ["signature", "parse", ["src/a.ts:1:true", "src/e.ts:1:false", "src/f.ts:1:true"]],
    ]);
    expect(data.package.additive).toEqual(["fresh"]);
    expect(data.package.breakingTotal).toBeUndefined();
    // limit is hard on the structured result too (--json used to list every BREAKING change)
    const one = await call("impact", { path: root, package: "tiny", fromVersion: "1.0.0", toVersion: "2.0.0", limit: 1 });
    const limited = one.data as unknown as PackageImpactData;
    expect(limited.package.breaking!.map((b) => b.name)).toEqual(["legacy"]);
    expect(limited.package.breakingTotal).toBe(2);
    expect(one.text.split("\n")[0]).toStartWith("package upgrade tiny 1.0.0 → 2.0.0: 2 BREAKING change(s) (2 used by the workspace, 0 maybe)");
    expect(one.text).toContain("… 1 more BREAKING change(s) (raise limit)");
  }, 120_000);

  test("a name imported beside a default import is said as imported, not as the default import", async () => {
    const side = gitRepo({ ".gitignore": "node_modules/\n", "src/g.ts": 'import main, { legacy } from "tiny";\nmain();\nlegacy();\n' });
    writeFiles(side, under("node_modules/tiny", V1));
    writeFiles(side, under("node_modules/other/node_modules/tiny", V2));
    expect(runSvc(["index", side]).code).toBe(0);
    const r = await call("impact", { path: side, package: "tiny", fromVersion: "1.0.0", toVersion: "2.0.0" }, { cwd: side });
    expect(r.text).toContain("BREAK removed legacy  (was: function legacy(): void)\n  src/g.ts:1  imports legacy\n");
    // the default binding may still use anything (a CommonJS package's module.exports)
    expect(r.text).toContain("  src/g.ts:1  may use (default import)\n");
  }, 120_000);

  test("a tarball made by npm pack in the workspace root; member removals reach importers of the type", async () => {
    const { text } = await upgrade("2.0.0", "3.0.0");
    expect(text.split("\n")[0]).toBe("package upgrade tiny 2.0.0 → 3.0.0: 1 BREAKING change(s) (1 used by the workspace, 0 maybe), 0 additive");
    expect(text).toContain("→ 3.0.0 from tiny-3.0.0.tgz (types index.d.ts; 4 exports)");
    expect(text).toContain("BREAK removed Options.strict  (was: strict: boolean)\n  src/a.ts:1  imports Options\n  src/e.ts:1  may use (namespace import)\n");
  }, 120_000);

  test("pnpm's virtual store; an added overload is additive, a removed one BREAKING", async () => {
    const { text } = await upgrade("1.0.0", "5.0.0");
    expect(text.split("\n")[0]).toBe("package upgrade tiny 1.0.0 → 5.0.0: no breaking changes, 1 additive");
    expect(text).toContain("5.0.0 from node_modules/.pnpm/tiny@5.0.0/node_modules/tiny");
    expect(text).toContain("additive (1): parse (overload)");
    const back = await upgrade("5.0.0", "1.0.0");
    expect(back.text.split("\n")[0]).toBe("package upgrade tiny 5.0.0 → 1.0.0: 1 BREAKING change(s) (1 used by the workspace, 0 maybe), 0 additive");
    expect(back.text).toContain("BREAK signature parse  (was: function parse(input: string): number ; function parse(input: number): string; now: function parse(input: string): number)");
  }, 120_000);

  test("a missing version abstains and names npm pack, never an empty diff", async () => {
    const { text, data } = await upgrade("1.0.0", "9.9.9");
    expect(data.status).toBe("abstain");
    expect(text).toStartWith("package upgrade tiny: cannot analyze — version 9.9.9 of 'tiny' is not available locally (searched node_modules/tiny, nested node_modules, node_modules/.pnpm, the Bun cache");
    expect(text).toContain("Make it available with `npm pack tiny@9.9.9`");
    expect(text).not.toContain("no breaking changes");
    expect(data.package.missing!.map((m) => m.version)).toEqual(["9.9.9"]);
  }, 120_000);
});

describe("svc impact --package on the CLI", () => {
  test("the Bun cache (BUN_INSTALL_CACHE_DIR), an untyped version compared by name, --json", () => {
    const r = runSvc(["impact", "--package", "tiny", "--from-version", "1.0.0", "--to-version", "v4.0.0", root, "--json"], { env: { BUN_INSTALL_CACHE_DIR: bunCache } });
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as PackageImpactData;
    expect(data.package.comparedBy).toBe("name");
    expect(data.package.to!.source).toBe(`Bun cache ${join(bunCache, "tiny@4.0.0@@@1")}`);
    expect(data.package.breaking!.map((b) => `${b.kind} ${b.name}`)).toEqual(["removed Options", "removed legacy"]);
    const text = runSvc(["impact", "--package", "tiny", "--from-version", "1.0.0", "--to-version", "4.0.0", "--cwd", root], { env: { BUN_INSTALL_CACHE_DIR: bunCache } });
    expect(text.stdout).toContain("no types shipped by one side: compared by export name only");
    expect(text.stdout).toContain("BREAK removed legacy  (was: function legacy(): void)\n  src/b.ts:2  imports legacy\n");
  }, 120_000);

  test("missing package-mode parameters are validation errors naming what is missing", () => {
    const r = runSvc(["impact", "--package", "tiny", "--from-version", "1.0.0", root]);
    expect(r.code).toBe(1);
    expect(r.stderr).toStartWith("validation_error: package mode needs package, fromVersion and toVersion; missing: toVersion");
    const none = runSvc(["impact", "--to-version", "2.0.0", root]);
    expect(none.stderr).toStartWith("validation_error: package mode needs package, fromVersion and toVersion; missing: package, fromVersion");
  }, 120_000);
});
