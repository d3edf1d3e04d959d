// Edits in the project's style: detection from Prettier config, .editorconfig and the file
// itself, and the real engine's organize-imports, apply-codefix and svc_check repair fixes
// in a `semi: false`, single-quote, 2-space codebase keep that style (no semicolons, no
// 4-space indentation appear in the staged diff).

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";
import type { RefactorData } from "../../src/ops/refactor.ts";
import { detectCodeStyle, describeCodeStyle, styleOfText } from "../../src/refactor/code-style.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, plainDir } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });

describe("detecting the style", () => {
  test("Prettier config first, then .editorconfig, then Prettier's defaults, then the file", () => {
    const root = plainDir({
      ".prettierrc": JSON.stringify({ semi: false, singleQuote: true }),
      ".editorconfig": "root = true\n[*]\nindent_style = space\nindent_size = 4\n[*.md]\nindent_size = 8\n",
      "src/a.ts": 'import { x } from "./x";\n',
    });
    const style = detectCodeStyle(root, "src/a.ts");
    expect(style).toEqual({ semicolons: false, quote: "single", indent: { tabs: false, size: 4 }, from: [".prettierrc", ".editorconfig"] });
    expect(describeCodeStyle(style)).toBe("style: no semicolons, single quotes, 4 spaces (from .prettierrc, .editorconfig)");
    const yaml = plainDir({ "package.json": JSON.stringify({ name: "p" }), ".prettierrc.yaml": "semi: false\ntabWidth: 4\n", "a.ts": "x" });
    expect(detectCodeStyle(yaml, "a.ts")).toMatchObject({ semicolons: false, quote: "double", indent: { tabs: false, size: 4 } });
    const pkg = plainDir({ "package.json": JSON.stringify({ prettier: { useTabs: true } }), "a.ts": "x" });
    expect(detectCodeStyle(pkg, "a.ts")).toMatchObject({ semicolons: true, indent: { tabs: true } });
  }, 120_000);

  test("from the file itself when nothing is configured", () => {
    expect(styleOfText("import { a } from './a'\n\nexport function f() {\n  if (a) {\n    return a\n  }\n  return 0\n}\n")).toEqual({ semicolons: false, quote: "single", tabs: false, size: 2 });
    expect(styleOfText('import { a } from "./a";\nexport class A {\n    m() {\n        return a;\n    }\n}\n')).toEqual({ semicolons: true, quote: "double", tabs: false, size: 4 });
    expect(styleOfText("export function f() {\n\treturn 1;\n}\nexport const g = 2;\n")).toMatchObject({ semicolons: true, tabs: true });
    expect(detectCodeStyle(plainDir({}), "none.ts")).toEqual({ semicolons: null, quote: null, indent: null, from: [] });
  }, 120_000);
});

describe("the engine's edits keep the style", () => {
  test("organize-imports, apply-codefix and a repair fix in a semi: false, 2-space project", async () => {
    useRuntimeDir();
    const root = gitRepo({
      "tsconfig.json": TSCONFIG,
      ".prettierrc": JSON.stringify({ semi: false, singleQuote: true, tabWidth: 2 }),
      "src/a.ts": "export const a = 1\n",
      "src/b.ts": "export const b = 2\n",
      "src/price.ts": "export function price(n: number): number {\n  return n * 2\n}\n",
      "src/messy.ts": "import { b } from './b'\nimport { a } from './a'\n\nexport const m = a + b\n",
      "src/fixme.ts": "export function run() {\n  if (true) {\n    return price(3)\n  }\n  return 0\n}\n",
    });
    await call("index", { path: root });
    const refactor = async (request: Record<string, unknown>) => (await call("refactor", { path: root, ...request }, { cwd: "/" })).data as unknown as RefactorData & { style?: unknown };
    const organized = await refactor({ operation: "organize-imports", file: "src/messy.ts" });
    expect(organized.status).toBe("staged");
    expect(organized.files?.[0]?.content).toBe("import { a } from './a'\nimport { b } from './b'\n\nexport const m = a + b\n");
    expect(organized.style).toMatchObject({ semicolons: false, quote: "single", indent: { tabs: false, size: 2 } });
    const fixed = await refactor({ operation: "apply-codefix", file: "src/fixme.ts", diagnosticId: "TS2304" });
    expect(fixed.status).toBe("staged");
    const content = fixed.files![0]!.content;
    expect(content).toStartWith("import { price } from './price'\n");
    expect(content).not.toContain(";");
    expect(content).not.toMatch(/^ {4}if/m);
    // svc_check's repair packet offers the same fix in the same style.
    const checked = (await call("check", { path: root, file: "src/fixme.ts", content: "export const p = price(3)\n" }, { cwd: "/" })).data as unknown as FileCheckData;
    const fix = checked.repairs.find((p) => p.code === "TS2304")?.fixes[0];
    expect(fix?.content).toBe("import { price } from './price'\n\nexport const p = price(3)\n");
  }, 120_000);
});
