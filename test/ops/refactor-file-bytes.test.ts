// svc_refactor over files whose bytes the language server counts differently from a plain
// split on "\n": a UTF-8 BOM (the engine counts positions without it) and lone CR line breaks
// (the engine breaks lines at them). The engine's edits land where it meant them, and the
// staged content applies back byte for byte except the edit. A file svc_workspace apply would
// refuse (not UTF-8, read-only) is refused at staging, never handed off half-appliable.

import { describe, expect, test } from "bun:test";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { refactorProject } from "../helpers/refactor-project.ts";

const BOM = "\uFEFF";
const FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] }),
  "src/price.ts": "export function price(n: number): number {\n  return n * 2;\n}\n",
  "src/bom.ts": `${BOM}import { price } from "./price";\nexport const e = price(4);\n`,
  "src/mac.ts": 'import { price } from "./price";\r// a classic Mac file\rexport const a = price(1);\rexport const other = 5;\r',
  "src/stray.ts": 'import { price } from "./price";\n// one stray\r// CR\nexport const price2 = 1; export const b = price(2);\n',
  "src/bomfix.ts": `${BOM}export const f = price(5);\n`,
  "src/bomorg.ts": `${BOM}import { price } from "./price";\nimport { e } from "./bom";\nexport const g = price(e);\n`,
};

const fx = refactorProject(FILES);

describe("svc_refactor over BOM and lone-CR files", () => {
  test("rename edits every reference where the engine put it, BOM and lone CRs kept; applied, no new error", async () => {
    const r = await fx.refactor({ symbol: "price", file: "src/price.ts", newName: "cost" });
    expect(r.text).toStartWith("staged rename: price -> cost (5 files changed");
    const staged = new Map((r.data.files ?? []).map((f) => [f.file, f.content]));
    for (const file of ["src/bom.ts", "src/mac.ts", "src/stray.ts", "src/bomorg.ts"]) {
      expect({ file, content: staged.get(file) }).toEqual({ file, content: FILES[file]!.replace(/\bprice\b(?=[ (])/g, "cost") });
    }
    expect(await fx.applyAll(r.data)).toEqual(["src/bomfix.ts:1 TS2304 Cannot find name 'price'."]); // the codefix test's file, untouched
    expect(readFileSync(join(fx.root, "src/bom.ts"), "utf8")).toBe(FILES["src/bom.ts"]!.replace(/\bprice\b(?=[ (])/g, "cost"));
  }, 120_000);
});

describe("svc_refactor source actions over BOM files", () => {
  const fy = refactorProject({ ...FILES });
  test("apply-codefix and organize-imports edit a BOM file at the engine's positions", async () => {
    const fixed = await fy.refactor({ operation: "apply-codefix", file: "src/bomfix.ts", diagnosticId: "TS2304" });
    expect(fixed.data.files?.[0]?.content).toBe(`${BOM}import { price } from "./price";\n\nexport const f = price(5);\n`);
    const organized = await fy.refactor({ operation: "organize-imports", file: "src/bomorg.ts" });
    expect(organized.data.files?.[0]?.content).toBe(`${BOM}import { e } from "./bom";\nimport { price } from "./price";\nexport const g = price(e);\n`);
  }, 120_000);
});

describe("svc_refactor stages nothing apply would refuse", () => {
  const fz = refactorProject({ "tsconfig.json": FILES["tsconfig.json"]!, "src/price.ts": FILES["src/price.ts"]!, "src/a.ts": 'import { price } from "./price";\nexport const a = price(1);\n', "src/z.ts": "export const z = 0;\n" });
  test("a rename reaching a Latin-1 or a read-only file is refused naming it; nothing is staged, nothing written", async () => {
    const latin1 = Buffer.from('import { price } from "./price";\n// caf\xe9\nexport const z = price(1);\n', "latin1");
    writeFileSync(join(fz.root, "src/z.ts"), latin1);
    await call("index", { path: fz.root });
    const r = await fz.refactor({ symbol: "price", file: "src/price.ts", newName: "cost" });
    expect(r.text).toStartWith("cannot rename: svc_workspace apply would refuse src/z.ts: the file on disk is not valid UTF-8 (first invalid byte on line 2;");
    expect(r.data.files).toBeUndefined();
    writeFileSync(join(fz.root, "src/z.ts"), 'import { price } from "./price";\nexport const z = price(1);\n');
    chmodSync(join(fz.root, "src/z.ts"), 0o444);
    const ro = await fz.refactor({ symbol: "price", file: "src/price.ts", newName: "cost" });
    expect(ro.text).toBe("cannot rename: svc_workspace apply would refuse src/z.ts: the file is read-only (mode 444); make it writable first if it is meant to change");
    expect(fz.disk("src/price.ts")).toBe(FILES["src/price.ts"]!);
    expect(fz.disk("src/a.ts")).toContain("price(1)");
  }, 120_000);
});

describe("svc_refactor targets a declaration after lone CR line breaks", () => {
  // The index counts lines at "\n" (gamma: line 2), the engine also at a lone "\r" (gamma: line 3; its line 2 holds beta at gamma's column).
  const CR = "export const alpha = 1;\rexport const beta = 2;\nexport function gamma(x: number): number {\n  return alpha + beta + x;\n}\n";
  const fc = refactorProject({ "tsconfig.json": FILES["tsconfig.json"]!, "src/cr.ts": CR, "src/price.ts": FILES["src/price.ts"]!, "src/crfix.ts": "export const q = 1;\rexport const f = price(5);\n", "src/crorg.ts": 'export const q = 1;\rimport { price } from "./price";\rimport { beta } from "./cr";\rexport const g = price(beta);\n', "src/use.ts": 'import { beta, gamma } from "./cr";\nexport const u = gamma(beta);\n' });
  test("rename renames the symbol the index names, not the one on the engine's line of the same number", async () => {
    const r = await fc.refactor({ symbol: "gamma", newName: "delta" });
    const staged = new Map((r.data.files ?? []).map((f) => [f.file, f.content]));
    expect({ text: r.text.split("\n")[0], cr: staged.get("src/cr.ts"), use: staged.get("src/use.ts") }).toEqual({
      text: expect.stringContaining("staged rename: gamma -> delta (2 files changed") as unknown as string,
      cr: CR.replace("gamma", "delta"),
      use: 'import { beta, delta } from "./cr";\nexport const u = delta(beta);\n',
    });
  }, 120_000);
  test("apply-codefix fixes a diagnostic after a lone CR, organize-imports sorts imports after one", async () => {
    const fixed = await fc.refactor({ operation: "apply-codefix", file: "src/crfix.ts", diagnosticId: "TS2304" });
    expect(fixed.data.files?.[0]?.content).toBe('import { price } from "./price";\n\nexport const q = 1;\rexport const f = price(5);\n');
    const organized = await fc.refactor({ operation: "organize-imports", file: "src/crorg.ts" });
    // the engine's own edit breaks the lines it rewrites with "\n": compared line by line
    expect(organized.data.files?.[0]?.content?.split(/\r\n?|\n/)).toEqual(["export const q = 1;", 'import { beta } from "./cr";', 'import { price } from "./price";', "export const g = price(beta);", ""]);
  }, 120_000);
  test("add-parameter finds the declaration and its calls there too", async () => {
    const r = await fc.refactor({ operation: "add-parameter", symbol: "gamma", parameterName: "k", parameterType: "number", argument: "1" });
    const staged = new Map((r.data.files ?? []).map((f) => [f.file, f.content]));
    expect({ cr: staged.get("src/cr.ts"), use: staged.get("src/use.ts") }).toEqual({
      cr: CR.replace("x: number)", "x: number, k: number)"),
      use: 'import { beta, gamma } from "./cr";\nexport const u = gamma(beta, 1);\n',
    });
  }, 120_000);
});

describe("svc_refactor move-to-file out of a CRLF file", () => {
  // the same project with LF and with CRLF line breaks: the move must give the same files, line breaks aside
  const money = (eol: string) => ["// money", "export const RATE = 2;", "", "// a detached note, not the function's", "", "/** Price. */", "export function price(n: number): number {", "\treturn n * RATE;\t", "}", "", "export const other = 1;", ""].join(eol);
  const use = (eol: string) => ['import { price } from "./money";', "export const a = price(1);  ", ""].join(eol);
  const projects = ["\n", "\r\n"].map((eol) => refactorProject({ "tsconfig.json": FILES["tsconfig.json"]!, "src/money.ts": `${BOM}${money(eol)}`, "src/use.ts": use(eol) }));
  test("the source keeps its blank lines and detached comment as a LF file's would, the new file is CRLF throughout; applied byte for byte", async () => {
    const staged: Map<string, string>[] = [];
    for (const p of projects) {
      const r = await p.refactor({ operation: "move-to-file", symbol: "price" });
      expect(r.text).toStartWith("staged move-to-file: price -> its own file");
      staged.push(new Map((r.data.files ?? []).map((f) => [f.file, f.content])));
      expect(await p.applyAll(r.data)).toEqual([]);
    }
    const [lf, crlf] = staged as [Map<string, string>, Map<string, string>];
    expect(lf.get("src/money.ts")).toBe(`${BOM}// money\nexport const RATE = 2;\n\n// a detached note, not the function's\n\nexport const other = 1;\n`);
    expect(lf.get("src/price.ts")).toBe('import { RATE } from "./money";\n\n/** Price. */\nexport function price(n: number): number {\n\treturn n * RATE;\t\n}\n');
    for (const [file, content] of lf) {
      expect({ file, crlf: crlf.get(file) }).toEqual({ file, crlf: content.replace(/\n/g, "\r\n") });
      expect({ file, disk: projects[1]!.disk(file) }).toEqual({ file, disk: content.replace(/\n/g, "\r\n") });
    }
  }, 120_000);
});
