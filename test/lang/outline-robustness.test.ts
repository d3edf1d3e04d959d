import { describe, expect, test } from "bun:test";
import type { CodeLanguage } from "../../src/lang/languages.ts";
import { outlineOf } from "../../src/lang/outline.ts";
import { expectWellFormed, outline } from "./outline-helpers.ts";

const LANGUAGES: CodeLanguage[] = [
  "typescript",
  "tsx",
  "javascript",
  "python",
  "go",
  "rust",
  "java",
  "kotlin",
  "scala",
  "csharp",
  "ruby",
  "php",
  "swift",
  "c",
  "cpp",
];

const SAMPLES: Record<CodeLanguage, string> = {
  typescript: "export class A<T> { private x = 1; m(): void {} }\nexport function f() {}\n",
  tsx: "export const C = () => <div className='x'>{1}</div>;\n",
  javascript: "class A { m() {} }\nmodule.exports = { A };\n",
  python: "class A:\n    def m(self):\n        pass\n\ndef f():\n    return 1\n",
  go: "package p\n\ntype A struct{ X int }\n\nfunc (a *A) M() {}\n",
  rust: "pub struct A { x: u8 }\nimpl A { pub fn m(&self) {} }\n",
  java: "public class A { private int x; public void m() {} }\n",
  kotlin: "class A(val x: Int) { fun m() {} }\n",
  scala: "class A { def m(): Int = 1 }\n",
  csharp: "namespace N { public class A { public void M() {} } }\n",
  ruby: "class A\n  def m; end\nend\n",
  php: "<?php\nclass A { public function m() {} }\n",
  swift: "class A { func m() {} }\n",
  c: "struct a { int x; };\nint f(void) { return 0; }\n",
  cpp: "class A { public: void m(); };\nvoid A::m() {}\n",
};

/** Deterministic pseudo-random generator for the fuzz inputs. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

describe("outlineOf never throws", () => {
  test("empty input, every language", () => {
    for (const lang of LANGUAGES) {
      const o = outlineOf(lang, "");
      expect(o).toEqual({ language: lang, decls: [], hasErrors: false });
    }
  });

  test("a sample per language parses cleanly and is well-formed", () => {
    for (const lang of LANGUAGES) {
      const o = outlineOf(lang, SAMPLES[lang]);
      expect({ lang, hasErrors: o.hasErrors }).toEqual({ lang, hasErrors: false });
      expect(o.decls.length).toBeGreaterThan(0);
      expectWellFormed(SAMPLES[lang], o);
    }
  });

  test("binary-ish text", () => {
    const random = rng(7);
    let binary = "";
    for (let i = 0; i < 4000; i++) binary += String.fromCharCode(Math.floor(random() * 0x2fff));
    binary += "\u0000\uFFFD\uD800"; // NUL, replacement char, lone surrogate
    for (const lang of LANGUAGES) {
      const o = outlineOf(lang, binary);
      expect(o.language).toBe(lang);
      expect(Array.isArray(o.decls)).toBe(true);
      expectWellFormed(binary, o);
    }
  });

  test("truncated and shuffled fragments of real code", () => {
    const random = rng(42);
    for (const lang of LANGUAGES) {
      const src = SAMPLES[lang].repeat(3);
      for (let i = 0; i < 25; i++) {
        const a = Math.floor(random() * src.length);
        const b = Math.floor(random() * src.length);
        const fragment = src.slice(Math.min(a, b), Math.max(a, b)) + src.slice(0, Math.floor(random() * 20));
        const o = outlineOf(lang, fragment);
        expectWellFormed(fragment, o);
      }
    }
  });

  test("an unknown grammar is a parse failure, not an exception", () => {
    expect(outlineOf("cobol" as CodeLanguage, "IDENTIFICATION DIVISION.")).toEqual({ language: "cobol" as CodeLanguage, decls: [], hasErrors: true });
  });
});

describe("errors and partial outlines", () => {
  test("malformed TypeScript keeps the declarations it can and reports errors", () => {
    const o = outline("typescript", "export class Ok { m() {} }\nclass Broken { ??? }\nexport function after() {}\n");
    expect(o.hasErrors).toBe(true);
    expect(o.has("Ok")).toBe(true);
    expect(o.has("after")).toBe(true);
  });

  test("ERROR nodes anywhere count when asked for, inside function bodies too", () => {
    expect(outlineOf("typescript", "function f() { let x = @@@ 3; }\n", { checkErrors: true }).hasErrors).toBe(true);
    expect(outlineOf("python", "def f():\n    x = ) 1\n", { checkErrors: true }).hasErrors).toBe(true);
    expect(outlineOf("java", "class A { void m() { int x = ; ; ) } }\n", { checkErrors: true }).hasErrors).toBe(true);
    // tree-sitter repairs some inputs with zero-width MISSING tokens instead: not ERROR nodes
    expect(outlineOf("go", "package p\nfunc f() { x := }\n", { checkErrors: true }).hasErrors).toBe(false);
  });
});

describe("offsets and lines", () => {
  test("offsets are UTF-16 string offsets", () => {
    const src = "const emoji = '😀é';\nexport function after() {}\n";
    const o = outline("typescript", src);
    const d = o.get("after");
    expect(src.slice(d.start, d.end)).toBe("export function after() {}");
    expect(d.startLine).toBe(2);
  });

  test("CRLF line endings", () => {
    const src = "class A:\r\n    def m(self):\r\n        pass\r\n\r\ndef f():\r\n    pass\r\n";
    const o = outline("python", src);
    expect(o.get("A.m")).toMatchObject({ startLine: 2, endLine: 3, signature: "def m(self)" });
    expect(o.get("f")).toMatchObject({ startLine: 5, endLine: 6 });
  });

  test("a large generated file completes and stays bounded", () => {
    const parts: string[] = [];
    for (let i = 0; i < 3000; i++) parts.push(`export function fn${i}(a: number): number { return a + ${i}; }`);
    parts.push(`export const TABLE = [${"1, ".repeat(20000)}1];`);
    const src = parts.join("\n");
    const o = outlineOf("typescript", src);
    expect(o.decls).toHaveLength(3001);
    expect(o.decls[3000]!.signature).toBe("export const TABLE = …");
  });

  test("long signatures are cut at 240 characters with an ellipsis", () => {
    const params = Array.from({ length: 60 }, (_, i) => `p${i}: string`).join(", ");
    const o = outline("typescript", `export function wide(${params}) {}\n`);
    const sig = o.get("wide").signature;
    expect(sig).toHaveLength(240);
    expect(sig.endsWith("…")).toBe(true);
  });
});
