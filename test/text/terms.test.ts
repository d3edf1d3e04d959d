// Code-aware pre-tokenizer: identifier splitting, scanning, index field tokens, query terms.

import { describe, expect, test } from "bun:test";
import {
  STOP_WORDS,
  fieldTokens,
  ftsOrExpression,
  identifiersIn,
  queryTerms,
  splitIdentifier,
  type QueryTerm,
} from "../../src/text/terms.ts";

const termsOf = (terms: QueryTerm[], origin: QueryTerm["origin"]): string[] =>
  terms.filter((t) => t.origin === origin).map((t) => t.term);

describe("splitIdentifier", () => {
  test.each([
    ["OrderService", ["order", "service"]],
    ["order_service", ["order", "service"]],
    ["order-service.ts", ["order", "service", "ts"]],
    ["parseHTTPResponse", ["parse", "http", "response"]],
    ["XMLHttpRequest", ["xml", "http", "request"]],
    ["__init__", ["init"]],
    ["v2Api", ["v", "2", "api"]],
    ["sha256Sum", ["sha", "256", "sum"]],
    ["IOError", ["io", "error"]],
    ["URLs", ["urls"]],
    ["getIDsFor", ["get", "ids", "for"]],
    ["MAX_RETRY_COUNT", ["max", "retry", "count"]],
    ["src/retrieve/terms.ts", ["src", "retrieve", "terms", "ts"]],
    ["$scope", ["scope"]],
    ["camelCase", ["camel", "case"]],
    ["lower", ["lower"]],
  ] as const)("%p", (input, expected) => {
    expect(splitIdentifier(input)).toEqual([...expected]);
  });

  test("non-identifiers give []", () => {
    for (const s of ["", "_", "__", "$", "42", "3.14", "+=", "   ", "->"]) {
      expect(splitIdentifier(s)).toEqual([]);
    }
  });

  test("non-ASCII identifiers are kept, lower-cased", () => {
    expect(splitIdentifier("größe")).toEqual(["größe"]);
    expect(splitIdentifier("Größe")).toEqual(["größe"]);
    expect(splitIdentifier("名前")).toEqual(["名前"]);
    expect(splitIdentifier("ÉtatCivil")).toEqual(["état", "civil"]);
    expect(splitIdentifier("getName名前")).toEqual(["get", "name", "名前"]);
    expect(splitIdentifier("e\u0301tat")).toEqual(["e\u0301tat"]); // combining mark stays attached
    expect(splitIdentifier("emoji😀Name")).toEqual(["emoji", "name"]);
  });
});

describe("identifiersIn", () => {
  test("identifier tokens in order, numbers skipped", () => {
    expect(identifiersIn("const x1 = foo_bar($el, 42, 0xff, 1e9, 10px) + __init__;")).toEqual([
      "const", "x1", "foo_bar", "$el", "__init__",
    ]);
  });

  test("unicode identifiers and odd input do not crash", () => {
    expect(identifiersIn("größe = 名前 + naïve; // café — 😀 \ud800 end")).toEqual([
      "größe", "名前", "naïve", "café", "end",
    ]);
    expect(identifiersIn("")).toEqual([]);
    expect(identifiersIn("a\u{20000}b 😀x \u{1D465}")).toEqual(["a\u{20000}b", "x", "\u{1D465}"]); // astral letters
  });
});

describe("STOP_WORDS", () => {
  test("English and code-noise words in, meaningful code words out", () => {
    for (const w of ["the", "is", "where", "how", "what", "does", "const", "return", "function", "null"]) {
      expect(STOP_WORDS.has(w)).toBe(true);
    }
    for (const w of ["get", "set", "test", "type", "class", "error", "order", "service"]) {
      expect(STOP_WORDS.has(w)).toBe(false);
    }
  });
});

describe("fieldTokens", () => {
  test("words, subtokens with repeats, and stems", () => {
    const f = fieldTokens("class OrderService { placeOrder() {} }");
    expect(f.words).toEqual(["class", "orderservice", "placeorder"]);
    expect(f.subtokens).toEqual(["order", "service", "place", "order"]);
    expect(f.subtokens.filter((t) => t === "order")).toHaveLength(2);
    expect(f.stems).toContain("servic");
    expect(f.stems).not.toContain("order"); // unchanged stems are not repeated
  });

  test("repeats are kept for term frequency", () => {
    expect(fieldTokens("order order Order").words).toEqual(["order", "order", "order"]);
  });

  test("stop words and 1-character parts are left out", () => {
    const f = fieldTokens("const x = this.isReady; return v2Api;");
    expect(f.words).toEqual(["x", "isready", "v2api"]);
    expect(f.subtokens).toEqual(["ready", "api"]);
  });

  test("separator variants of one name give the same word", () => {
    const f = fieldTokens("OrderService order_service order-service orderService");
    expect(new Set(f.words)).toEqual(new Set(["orderservice", "order", "service"]));
    expect(f.words.filter((w) => w === "orderservice")).toHaveLength(3);
  });

  test("output is capped at maxTokens", () => {
    const text = "fooBar ".repeat(10000);
    const f = fieldTokens(text, { maxTokens: 100 });
    expect(f.words.length + f.subtokens.length + f.stems.length).toBe(100);
    expect(fieldTokens(text, { maxTokens: 0 })).toEqual({ words: [], subtokens: [], stems: [] });
    const d = fieldTokens("alphaBeta ".repeat(30000));
    expect(d.words.length + d.subtokens.length + d.stems.length).toBe(20000);
  });

  test("non-ASCII and overlong identifiers", () => {
    const f = fieldTokens(`größe 名前 Größe ${"a".repeat(500)}`);
    expect(f.words).toEqual(["größe", "名前", "größe"]);
  });

  test("cached analyses return the same results on repeat and after many identifiers", () => {
    const text = "class OrderService { placeOrder() {} }";
    const first = fieldTokens(text);
    fieldTokens(Array.from({ length: 70000 }, (_, i) => `name${i.toString(36)}Part`).join(" "));
    expect(fieldTokens(text)).toEqual(first);
  });
});

describe("queryTerms", () => {
  test("natural-language question", () => {
    const terms = queryTerms("where is the order service created?");
    const all = terms.map((t) => t.term);
    expect(termsOf(terms, "word")).toEqual(["order", "service", "created"]);
    expect(termsOf(terms, "stem")).toContain("creat");
    for (const stop of ["where", "is", "the"]) expect(all).not.toContain(stop);
  });

  test("identifier query gives word, subtokens and stems", () => {
    const terms = queryTerms("OrderService");
    expect(terms.slice(0, 3)).toEqual([
      { term: "orderservice", origin: "word" },
      { term: "order", origin: "subtoken" },
      { term: "service", origin: "subtoken" },
    ]);
    expect(termsOf(terms, "stem")).toContain("servic");
  });

  test("duplicates removed, first position kept, strongest origin wins", () => {
    const terms = queryTerms("OrderService order orderService ORDER_SERVICE");
    const all = terms.map((t) => t.term);
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(0, 3)).toEqual(["orderservice", "order", "service"]);
    expect(terms[1]).toEqual({ term: "order", origin: "word" });
    expect(terms[2]).toEqual({ term: "service", origin: "subtoken" });
  });

  test("empty, stop-word-only and non-ASCII queries", () => {
    expect(queryTerms("")).toEqual([]);
    expect(queryTerms("how does it do this?")).toEqual([]);
    expect(queryTerms("größe 名前")).toEqual([
      { term: "größe", origin: "word" },
      { term: "名前", origin: "word" },
    ]);
  });

  test("query and index tokens agree", () => {
    const index = fieldTokens("function createOrderService() {}");
    const indexed = new Set([...index.words, ...index.subtokens, ...index.stems]);
    for (const t of queryTerms("create order service")) expect(indexed.has(t.term)).toBe(true);
  });
});

describe("ftsOrExpression", () => {
  test("quotes each term and joins with OR", () => {
    expect(ftsOrExpression(["orderservice", "order"])).toBe('"orderservice" OR "order"');
    expect(ftsOrExpression(['say"hi', "x"])).toBe('"say""hi" OR "x"');
  });

  test("null when there are no terms", () => {
    expect(ftsOrExpression([])).toBeNull();
    expect(ftsOrExpression([""])).toBeNull();
  });
});
