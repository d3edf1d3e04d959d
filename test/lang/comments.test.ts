import { describe, expect, test } from "bun:test";
import { leadingComment, splitComments } from "../../src/lang/comments.ts";
import { estimateTokens, tokenCounter } from "../../src/render/tokens.ts";

describe("comments", () => {
  test("split keeps strings intact and offsets aligned", () => {
    const src = 'const url = "http://x//y"; // real comment\n/* block\n * two */ let a = \'/* not */\';\n';
    const { code, comments } = splitComments(src, "c");
    expect(comments).toEqual(["real comment", "block\n two"]);
    expect(code.length).toBe(src.length);
    expect(code).toContain('"http://x//y"');
    expect(code).toContain("'/* not */'");
    expect(code.split("\n").length).toBe(src.split("\n").length);
  });

  test("hash style for Python; escaped quotes do not end strings", () => {
    const { comments } = splitComments("x = 'it\\'s # not'  # yes\n", "hash");
    expect(comments).toEqual(["yes"]);
  });

  test("the doc comment right before a declaration", () => {
    const src = "/** Places orders. */\nexport class A {}\n// one\n// two\nfunction f() {}\nconst x = 1; function g() {}\n";
    expect(leadingComment(src, src.indexOf("export class"), "c")).toBe("Places orders.");
    expect(leadingComment(src, src.indexOf("function f"), "c")).toBe("one\ntwo");
    expect(leadingComment(src, src.indexOf("function g"), "c")).toBe("");
    expect(leadingComment("# doc\ndef f(): pass\n", 6, "hash")).toBe("doc");
  });
});

test("the index token estimate stays near the exact o200k count on code", async () => {
  const counter = await tokenCounter("o200k_base");
  const code = [
    'import { Injectable } from "@nestjs/common";',
    "/** Computes invoice totals, with tax. */",
    "@Injectable()",
    "export class InvoiceCalculator {",
    "  constructor(private readonly taxRates: Map<string, number>) {}",
    "  total(lines: { price: number; quantity: number }[], country: string): number {",
    "    const net = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);",
    "    return Math.round(net * (1 + (this.taxRates.get(country) ?? 0)) * 100) / 100;",
    "  }",
    "}",
  ].join("\n");
  const ratio = estimateTokens(code) / counter.count(code);
  expect(ratio).toBeGreaterThan(0.8);
  expect(ratio).toBeLessThan(1.25);
});
