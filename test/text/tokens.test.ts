import { afterEach, describe, expect, test } from "bun:test";
import { SvcError } from "../../src/errors.ts";
import { claudeEstimate, formatTokens, tokenCounter, tokenizerId } from "../../src/text/tokens.ts";

afterEach(() => {
  delete process.env.SVC_TOKENIZER;
});

describe("token counting", () => {
  test("o200k_base counts ordinary code", async () => {
    const counter = await tokenCounter("o200k_base");
    expect(counter.count("")).toBe(0);
    const n = counter.count("export class OrderService {\n  place(id: string) { return id; }\n}\n");
    expect(n).toBeGreaterThan(10);
    expect(n).toBeLessThan(40);
  });

  test("special-token text is counted, never rejected", async () => {
    const counter = await tokenCounter("o200k_base");
    expect(counter.count("const marker = '<|endoftext|>';")).toBeGreaterThan(5);
    const cl = await tokenCounter("cl100k_base");
    expect(cl.count("<|endoftext|><|fim_prefix|>")).toBeGreaterThan(2);
  });

  test("long unbroken strings and emoji are counted", async () => {
    const counter = await tokenCounter("o200k_base");
    expect(counter.count("😀".repeat(14_000))).toBeGreaterThan(1000);
    expect(counter.count("a".repeat(100_000))).toBeGreaterThan(1000);
  });

  test("piecewise counting of long runs stays close to the exact count", async () => {
    const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
    const counter = await tokenCounter("o200k_base");
    const blob = Array.from({ length: 3000 }, (_, i) => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"[(i * 7919) % 64]).join("");
    const text = `const data = "${blob}";\nexport function f() { return data; }\n`;
    const exact = countTokens(text);
    const bounded = counter.count(text);
    expect(Math.abs(bounded - exact) / exact).toBeLessThan(0.05);
    expect(counter.count("short text only")).toBe(countTokens("short text only"));
  });

  test("SVC_TOKENIZER selects the tokenizer; an unknown one is a validation error listing the valid values", () => {
    expect(tokenizerId()).toBe("o200k_base");
    process.env.SVC_TOKENIZER = "claude";
    expect(tokenizerId()).toBe("claude");
    process.env.SVC_TOKENIZER = "gpt5";
    try {
      tokenizerId();
      throw new Error("expected a throw");
    } catch (error) {
      expect(error).toBeInstanceOf(SvcError);
      expect((error as SvcError).formatted).toBe(
        "validation_error: unknown tokenizer (SVC_TOKENIZER) 'gpt5'. Valid values: o200k_base, cl100k_base, claude",
      );
    }
  });

  test("the claude estimate charges alphanumeric runs by 3.5 characters and punctuation by one", () => {
    expect(claudeEstimate("abcdefg")).toBe(2);
    expect(claudeEstimate("a.b")).toBe(3);
    expect(claudeEstimate("  \n\t ")).toBe(0);
  });

  test("formatTokens prints N.Nk from 1000 up", () => {
    expect(formatTokens(999)).toBe("999");
    expect(formatTokens(1000)).toBe("1.0k");
    expect(formatTokens(12_345)).toBe("12.3k");
  });
});
