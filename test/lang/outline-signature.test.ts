import { describe, expect, test } from "bun:test";
import { shortenInitializer, signatureOf, skipAnnotations } from "../../src/lang/extract/signature.ts";
import { exportClauseNames } from "../../src/lang/extract/typescript-exports.ts";

const sig = (text: string, mode: "body" | "code" | "value", ann = {}) => signatureOf(text, 0, text.length, mode, ann);

describe("signatures", () => {
  test("whitespace is collapsed and header punctuation trimmed", () => {
    expect(sig("function  f(\n  a: number,\n  b: string\n) ", "body")).toBe("function f( a: number, b: string )");
    expect(sig("def f(a):\n    ", "body")).toBe("def f(a)");
    expect(sig("fun f(): Int ", "body")).toBe("fun f(): Int");
    expect(sig("abstract void run();", "code")).toBe("abstract void run()");
  });

  test("leading annotations are skipped by syntax", () => {
    expect(sig('@Entity @Table(name = "x)") public class A ', "body", { at: true })).toBe("public class A");
    expect(sig("@interface Audit ", "body", { at: true })).toBe("@interface Audit");
    expect(sig('#[derive(Debug)]\n#[serde(rename = "]")] pub struct A ', "body", { hash: true })).toBe("pub struct A");
    expect(sig("[Serializable, Obsolete(\"x\")]\npublic class A ", "body", { bracket: true })).toBe("public class A");
    expect(sig("[Symbol.iterator]() ", "body", { at: true })).toBe("[Symbol.iterator]()");
    expect(skipAnnotations("  @a @b(c) x", 0, 12, { at: true })).toBe(11);
  });

  test("long initializers become …; short ones and type annotations stay", () => {
    expect(shortenInitializer("x: number = 1")).toBe("x: number = 1");
    expect(shortenInitializer("cb: (a: number) => void = () => {}")).toBe("cb: (a: number) => void = () => {}");
    expect(shortenInitializer(`table = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7 }`)).toBe("table = …");
    expect(shortenInitializer(`ok = a == b`)).toBe("ok = a == b");
    expect(sig("private readonly log = new Logger('orders', { level: 'debug', json: true });", "value")).toBe("private readonly log = …");
  });

  test("comments inside headers are dropped, strings kept", () => {
    const ann = { slashComments: true };
    expect(sig('type A = { /** doc */ a: 1; // note\n b: "http://x" }', "code", ann)).toBe('type A = { a: 1; b: "http://x" }');
    expect(sig("function f(/* a */ x) ", "body", ann)).toBe("function f( x)");
  });

  test("at most 240 characters", () => {
    const s = sig(`function f(${"x, ".repeat(200)}) `, "body");
    expect(s).toHaveLength(240);
    expect(s.endsWith("…")).toBe(true);
  });

  test("hash comments after a Python header are dropped, not inside strings", () => {
    expect(sig("def f(a):  # note: x\n    # more\n    ", "body", { hashComments: true })).toBe("def f(a)");
    expect(sig('def f(x="#"):\n    ', "body", { hashComments: true })).toBe('def f(x="#")');
  });
});

describe("export clauses", () => {
  test("local names, aliases, type-only specifiers, comments", () => {
    expect(exportClauseNames("{ a, b as c, type D, /* e */ f as default }")).toEqual(["a", "b", "D", "f"]);
  });
});
