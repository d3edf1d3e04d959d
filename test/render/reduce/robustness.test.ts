import { describe, expect, test } from "bun:test";
import { LEVELS, reduceFile } from "../../../src/render/reduce/index.ts";
import { SERVICE } from "./fixtures.ts";

const PATHS = ["a.ts", "a.tsx", "a.js", "a.py", "a.go", "a.rs", "A.java", "a.kt", "a.scala", "A.cs", "a.rb", "a.php", "a.swift", "a.c", "a.cpp", "a.json", "a.yaml", "a.md", "a.css", "a.html", "a.xml", "a.toml", "a.bin"];
const OPTIONS = { semanticMarkers: true, collapseGenerated: true, generated: true, keepWhole: ["A.f", "OrderService"] };

const BINARY = Array.from({ length: 4000 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join("");
const MALFORMED = ['{{{{ ((( "unterminated ` /* never closed', "class { def ( fn <<~EOS\n'''\n\"\"\"\nr#\"", "}}}}}]]])))", "`${`${`${", "\u0000\u0001\uffff\ud800"];

describe("robustness", () => {
  test("never throws on binary-ish and malformed input, at every level and path", () => {
    for (const path of PATHS) {
      for (const level of LEVELS) {
        for (const text of [BINARY, ...MALFORMED, ""]) {
          const out = reduceFile(text, { path, level, ...OPTIONS });
          expect(typeof out).toBe("string");
        }
      }
    }
  }, 60_000);

  test("CRLF and BOM are normalised away", () => {
    const text = "\ufeffexport class A {\r\n  f(): number {\r\n    return 1; // one\r\n  }\r\n}\r\n";
    expect(reduceFile(text, { path: "a.ts", level: "none" })).toBe("export class A {\n  f(): number {\n    return 1; // one\n  }\n}");
    expect(reduceFile(text, { path: "a.ts", level: "standard" })).toBe("export class A {\n  f(): number {\n    return 1;\n  }\n}");
    expect(reduceFile(text, { path: "a.ts", level: "skeleton" })).toBe("export class A {\n  f(): number { … }\n}");
    for (const level of LEVELS) {
      const out = reduceFile(text, { path: "a.ts", level });
      expect(out.includes("\r") || out.includes("\ufeff")).toBe(false);
    }
  });

  test("deterministic: byte-identical output for identical input", () => {
    for (const level of LEVELS) {
      const a = reduceFile(SERVICE, { path: "src/order.service.ts", level, ...OPTIONS });
      const b = reduceFile(SERVICE, { path: "src/order.service.ts", level, ...OPTIONS });
      expect(a).toBe(b);
    }
  });

  test("input holding the private-use sentinel characters is restored intact", () => {
    const text = 'const a = "\ue000x\ue001"; // c\nconst b = "\ue0020\ue003";\n';
    expect(reduceFile(text, { path: "a.ts", level: "standard" })).toBe('const a = "\ue000x\ue001";\nconst b = "\ue0020\ue003";');
  });

  test("a 1 MB TypeScript file reduces at every level", () => {
    const big = SERVICE.repeat(Math.ceil(1_000_000 / SERVICE.length));
    expect(big.length).toBeGreaterThan(1_000_000);
    for (const level of ["standard", "aggressive", "skeleton"] as const) {
      const out = reduceFile(big, { path: "big.ts", level });
      expect(out.length).toBeGreaterThan(0);
      expect(out.length).toBeLessThan(big.length);
    }
    const skeleton = reduceFile(big, { path: "big.ts", level: "skeleton" });
    expect(skeleton.split("export class OrderService").length - 1).toBe(Math.ceil(1_000_000 / SERVICE.length));
  }, 30_000);

  test("a one-line minified file", () => {
    const min = `var a=1;${"function f(b){return b*2}".repeat(20000)}//# sourceMappingURL=x.map`;
    expect(reduceFile(min, { path: "a.min.js", level: "aggressive" })).not.toContain("sourceMappingURL");
    // a minified file is not outlined (bounded work): its skeleton is one line saying so
    expect(reduceFile(min, { path: "a.min.js", level: "skeleton" })).toBe(`// svc: minified file (${min.length} characters on 1 line): not outlined; declares a; read it at level none`);
  }, 30_000);
});
