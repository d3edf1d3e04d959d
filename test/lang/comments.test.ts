import { describe, expect, test } from "bun:test";
import { leadingComment, splitComments } from "../../src/lang/comments.ts";
import { estimateTokens, tokenCounter } from "../../src/text/tokens.ts";

// The character-by-character scanner splitComments replaced (it now jumps between the
// characters that matter with regexes); kept here as the reference the fast one must match.
function refSkipString(text: string, i: number, quote: string): number {
  const n = text.length;
  let j = i + 1;
  while (j < n) {
    const c = text[j];
    if (c === "\\") j += 2;
    else if (c === quote) return j + 1;
    else if (c === "\n" && quote !== "`") return j; // unterminated single-line string
    else j++;
  }
  return n;
}
function referenceSplit(text: string, style: "c" | "hash" | "none"): { code: string; comments: string[] } {
  const comments: string[] = [];
  if (style === "none" || !(style === "hash" ? text.includes("#") : text.includes("/"))) return { code: text, comments };
  const parts: string[] = [];
  const n = text.length;
  let from = 0;
  let i = 0;
  while (i < n) {
    const c = text[i];
    if (c === '"' || c === "'" || (c === "`" && style === "c")) {
      i = refSkipString(text, i, c);
      continue;
    }
    let end = -1;
    let body = "";
    if (style === "hash" ? c === "#" : c === "/" && text[i + 1] === "/") {
      const nl = text.indexOf("\n", i);
      end = nl < 0 ? n : nl;
      body = text.slice(i + (style === "hash" ? 1 : 2), end);
    } else if (style === "c" && c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      end = close < 0 ? n : close + 2;
      body = text.slice(i + 2, close < 0 ? n : close).replace(/^\s*\*+/gm, "");
    }
    if (end < 0) {
      i++;
      continue;
    }
    comments.push(body.trim());
    parts.push(text.slice(from, i), text.slice(i, end).replace(/[^\n]/g, " "));
    i = from = end;
  }
  parts.push(text.slice(from));
  return { code: parts.join(""), comments };
}

describe("comments", () => {
  test("the jumping scanner splits exactly as a character-by-character one (tricky and random inputs)", () => {
    const tricky = [
      "a / b / c", "x = 'unterminated\n// after", "s = `multi\n// line ${a}` // c", "e = '\\' // c", "end\\", "'\\",
      "/* open", "/**/ x", "//", "# hash ` not a quote # c", "q = \"#\" # real", "a = `", "\"a\\\"b\" // c", "x //* y */",
    ];
    const alphabet = ["/", "*", "'", '"', "`", "\\", "\n", "#", " ", "a", "{", "$"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const random = Array.from({ length: 3000 }, () => Array.from({ length: 1 + Math.floor(next() * 40) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""));
    for (const style of ["c", "hash"] as const) {
      for (const text of [...tricky, ...random]) expect(splitComments(text, style)).toEqual(referenceSplit(text, style));
    }
  });

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
