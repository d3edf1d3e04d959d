// svc_refactor on a real TypeScript project with the real engine (this process's resident
// workspace, as the host holds it): a rename staged across three files and applied through
// svc_workspace apply to a clean project, a colliding name refused naming the site, an
// ambiguous member, organize-imports, apply-codefix, operations that are not built and bad
// input. Nothing is written by the refactor itself.

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { residentChecks } from "../../src/check/workspace.ts";
import { call } from "../../src/engine.ts";
import { sha256 } from "../../src/ops/apply.ts";
import { REFACTOR_OPERATIONS } from "../../src/ops/refactor.ts";
import { refactorProject } from "../helpers/refactor-project.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noUnusedLocals: false }, include: ["src/**/*.ts"] });
const FILES: Record<string, string> = {
  "tsconfig.json": TSCONFIG,
  "src/price.ts": "export function price(n: number): number {\n  return n * 2;\n}\nexport function total(): number {\n  return 0;\n}\n",
  "src/a.ts": 'import { price } from "./price";\nexport const a = price(1);\n',
  "src/b.ts": 'import { price } from "./price";\nexport const b = price(2) + 1;\n',
  "src/shapes.ts": "export class Square {\n  area(): number {\n    return 4;\n  }\n}\nexport class Circle {\n  area(): number {\n    return 3;\n  }\n}\n",
  "src/messy.ts": 'import { b } from "./b";\nimport { a } from "./a";\nexport const m = a + b;\n',
  "src/fixme.ts": "export const p = price(3);\n",
  "README.md": "# price\n\nDoubles a number.\n",
};

const fx = refactorProject(FILES);
const { refactor, disk, rejected: refusedWith } = fx;

describe("svc_refactor", () => {
  test("rename to a colliding name is refused, naming the error and its site; nothing is written", async () => {
    const r = await refactor({ symbol: "price", newName: "total" });
    expect(r.data.status).toBe("refused");
    expect(r.text).toMatch(/^cannot rename: it would introduce Error TS\d+ src\/price\.ts:\d+:\d+ /);
    expect(disk("src/price.ts")).toBe(FILES["src/price.ts"]!);
  }, 60_000);

  test("an ambiguous member is refused with its candidates; containingType picks one", async () => {
    const r = await refactor({ symbol: "area", newName: "size" });
    expect(r.text).toStartWith("cannot rename: area is ambiguous: ");
    expect(r.text).toContain("Square.area");
    expect(r.text).toContain("Circle.area");
    expect(r.text).toEndWith("; pass containingType or file");
    const picked = await refactor({ symbol: "area", containingType: "Circle", newName: "size" });
    expect(picked.data.status).toBe("staged");
    expect(picked.data.files?.map((f) => f.file)).toEqual(["src/shapes.ts"]);
    const content = picked.data.files![0]!.content;
    expect(content).toContain("class Square {\n  area()");
    expect(content).toContain("class Circle {\n  size()");
  }, 60_000);

  test("organize-imports sorts the imports; apply-codefix adds the missing import and the diagnostic goes to zero", async () => {
    const organized = await refactor({ operation: "organize-imports", file: "src/messy.ts" });
    expect(organized.data.status).toBe("staged");
    expect(organized.data.files?.[0]?.content).toBe('import { a } from "./a";\nimport { b } from "./b";\nexport const m = a + b;\n');
    const fixed = await refactor({ operation: "apply-codefix", file: "src/fixme.ts", diagnosticId: "TS2304" });
    expect(fixed.text).toStartWith("staged apply-codefix: src/fixme.ts");
    expect(fixed.data.files?.[0]?.content).toContain('import { price } from "./price"');
    const none = await refactor({ operation: "apply-codefix", file: "src/a.ts", diagnosticId: "2304" });
    expect(none.text).toBe("cannot apply-codefix: src/a.ts has no TS2304 diagnostic");
    // not a source file: said so, not "already organized" / "no diagnostic"
    expect((await refactor({ operation: "organize-imports", file: "README.md" })).text).toBe("cannot organize-imports: README.md is not a TypeScript or JavaScript file");
    expect((await refactor({ operation: "apply-codefix", file: "README.md", diagnosticId: "TS2304" })).text).toBe("cannot apply-codefix: README.md is not a TypeScript or JavaScript file");
  }, 60_000);

  test("only working operations are accepted: any other (the spec's unbuilt ones too) is a validation_error listing them", async () => {
    const listed = REFACTOR_OPERATIONS.join(", ");
    for (const operation of ["inline", ...["add-parameter", "remove-parameter", "reorder-parameters", "extract-interface", "move-to-file"].filter((o) => !(REFACTOR_OPERATIONS as readonly string[]).includes(o))]) {
      expect(await refusedWith({ operation, symbol: "price" })).toBe(`validation_error: unknown operation '${operation}'. Valid values: ${listed}`);
    }
    expect(await refusedWith({ symbol: "price", newName: "1x" })).toMatch(/^validation_error: newName must be a valid identifier/);
    expect(await refusedWith({ symbol: "price", newName: "class" })).toMatch(/^validation_error: newName must be a valid identifier/);
    expect(await refusedWith({ newName: "cost" })).toMatch(/^validation_error: rename needs symbol/);
    expect(await refusedWith({ operation: "apply-codefix", file: "src/a.ts", diagnosticId: "E42" })).toMatch(/^validation_error: apply-codefix needs diagnosticId/);
    // the file of a source action is checked before the engine sees it (a missing one came back as the engine's ENOENT)
    expect(await refusedWith({ operation: "organize-imports", file: "src/nope.ts" })).toBe("validation_error: cannot organize-imports 'src/nope.ts': no such file in the workspace; pass the root-relative path of a source file");
    expect(await refusedWith({ operation: "apply-codefix", file: "src", diagnosticId: "TS2304" })).toBe("validation_error: cannot apply-codefix 'src': it is not a file; pass the root-relative path of a source file");
    // a name that declares nothing is symbol_not_found, as impact and test answer it (it was a refusal: "cannot rename: no declaration named …")
    expect(await refusedWith({ symbol: "nothingLikeThis", newName: "x" })).toMatch(/^symbol_not_found: no declaration named 'nothingLikeThis' in \d+ indexed files/);
  }, 60_000);

  test("svc/refactor answers {output, files} for the same request", async () => {
    const r = await call("refactorRpc", { path: fx.root, request: { symbol: "price", newName: "cost" } }, fx.ctx);
    const data = r.data as { output: string; files: { file: string }[] };
    expect(data.output).toStartWith("staged rename: price -> cost (3 files changed, not written to disk)");
    expect(data.files.map((f) => f.file)).toEqual(["src/a.ts", "src/b.ts", "src/price.ts"]);
  }, 60_000);

  test("rename of an exported function used in two files: a diff per file, hashes of the disk, applied → no new errors", async () => {
    const r = await refactor({ symbol: "price", newName: "cost" });
    expect(r.data.status).toBe("staged");
    expect(r.text).toStartWith("staged rename: price -> cost (3 files changed, not written to disk)\nverified: no new errors in ");
    for (const f of ["src/a.ts", "src/b.ts", "src/price.ts"]) expect(r.text).toContain(`--- a/${f}\n+++ b/${f}\n`);
    expect(r.text).toContain("-export function price(n: number): number {\n+export function cost(n: number): number {");
    expect(disk("src/a.ts")).toBe(FILES["src/a.ts"]!); // staged, not written
    const files = r.data.files!;
    expect(files.map((f) => f.file)).toEqual(["src/a.ts", "src/b.ts", "src/price.ts"]);
    for (const f of files) expect(f.expectedHash).toBe(sha256(readFileSync(join(fx.root, f.file))));
    expect(files.find((f) => f.file === "src/b.ts")?.content).toBe('import { cost } from "./price";\nexport const b = cost(2) + 1;\n');
    for (const f of files) await call("apply", { path: fx.root, file: f.file, content: f.content, expectedHash: f.expectedHash, write: true }, fx.ctx);
    const cw = (await residentChecks(fx.root, fx.ctx))!;
    const { diags } = await cw.exclusive(() => cw.workspaceDiagnostics({ exact: true }));
    // Only the error that was there before (fixme.ts never imported price).
    expect(diags.filter((d) => d.severity === "error").map((d) => `${d.path} ${d.code}`)).toEqual(["src/fixme.ts TS2304"]);
  }, 60_000);
});
