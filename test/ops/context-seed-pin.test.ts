// A seed's file cut to fit keeps what the seed names. On mikro-orm, svc_context
// seeds=["packages/core/src/EntityManager.ts:2459"] maxTokens=3000 (the line of `async flush()`,
// deep in a 3,358-line file) sent the file's head and tail, the line it named among the 220 lines
// cut. Now the named declaration (whole when it fits, else its line) and the headers of the
// declarations around it survive any cut, and a cut that cannot keep them says so.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { answerTokens } from "../../src/render/fit.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { gitRepo } from "../helpers/repo.ts";

const method = (i: number) => `  method${i}(input: number): number {\n    const doubled = input * ${i};\n    return doubled + ${i};\n  }\n`;
const many = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => method(from + k)).join("");
const longBody = Array.from({ length: 300 }, (_, k) => `    total += step${k}(input);\n`).join("");
// the class is 2,000+ lines: its head and tail are what a plain cut keeps
const store = [
  "export class Store {\n",
  many(0, 200),
  "  deepTarget(order: string): string {\n    return `target ${order}`;\n  }\n",
  "  hugeMethod(input: number): number {\n    let total = 0;\n",
  longBody.replace("total += step150(input);", "total += needleLine(input);"),
  "    return total;\n  }\n",
  many(200, 400),
  "}\n",
].join("");
const lineOf = (needle: string) => store.split("\n").findIndex((l) => l.includes(needle)) + 1;

async function budgeted(op: string, args: Record<string, unknown>, maxTokens: number) {
  const answer = await call(op, { ...args, maxTokens });
  const counter = await tokenCounter();
  expect(answerTokens(answer, counter)).toBeLessThanOrEqual(maxTokens);
  return answer;
}

describe("a seed's file cut to fit keeps what the seed names", () => {
  const root = gitRepo({ "src/store.ts": store, "src/use.ts": 'import { Store } from "./store";\nexport const s = new Store();\n' });
  const target = lineOf("deepTarget(order");

  test("context with a path:line seed keeps the declaration it names and its class header", async () => {
    const answer = await budgeted("context", { path: root, seeds: [`src/store.ts:${target}`], depth: 1 }, 1500);
    expect(answer.text).toContain("deepTarget(order: string): string {");
    expect(answer.text).toContain("return `target ${order}`;");
    expect(answer.text).toContain("export class Store {");
    expect(answer.text).toContain("not shown to fit maxTokens=1500");
  }, 120_000);

  test("context with a member seed and focus with a path:line keep it too", async () => {
    const member = await budgeted("context", { path: root, seeds: ["Store.deepTarget"], depth: 1 }, 1200);
    expect(member.text).toContain("deepTarget(order: string): string {");
    const focus = await budgeted("focus", { path: root, focus: `src/store.ts:${target}`, depth: 1 }, 1200);
    expect(focus.text).toContain("deepTarget(order: string): string {");
    expect(focus.text).toContain("export class Store {");
  }, 120_000);

  test("a line inside a method too large to keep whole survives with the method's header", async () => {
    const needle = lineOf("needleLine(input)");
    const answer = await budgeted("context", { path: root, seeds: [`src/store.ts:${needle}`], depth: 1 }, 1000);
    expect(answer.text).toContain("total += needleLine(input);");
    expect(answer.text).toContain("hugeMethod(input: number): number {");
    expect(answer.text).toContain("export class Store {");
  }, 120_000);

  test("a named line holding a credential is kept as the answer shows it: redacted", async () => {
    const secretLine = '    const dbPassword = "Xq7vLm2pRt9wZk4s";';
    const src = `${many(0, 300)}export function connect(host: string): string {\n${secretLine}\n    return host + dbPassword;\n}\n${many(300, 400)}`;
    const repo = gitRepo({ "src/db.ts": src });
    const at = src.split("\n").indexOf(secretLine) + 1;
    const answer = await budgeted("context", { path: repo, seeds: [`src/db.ts:${at}`], depth: 1 }, 1000);
    expect(answer.text).toContain("export function connect(host: string): string {");
    expect(answer.text).toContain("const dbPassword = ");
    expect(answer.text).not.toContain("Xq7vLm2pRt9wZk4s");
    expect(answer.text).not.toContain("which the seed names");
  }, 120_000);

  test("a named line that cannot fit is said to be cut", async () => {
    const wide = gitRepo({ "src/wide.ts": `${many(0, 300)}export const wide = [${Array.from({ length: 900 }, (_, k) => `"w${k}"`).join(", ")}];\n${many(300, 400)}` });
    const at = 300 * 4 + 1;
    const answer = await budgeted("context", { path: wide, seeds: [`src/wide.ts:${at}`], depth: 1 }, 1000);
    expect(answer.text).not.toContain('"w450"');
    expect(answer.text).toMatch(/line \d+ \(wide\), which the seed names, among them/);
  }, 120_000);
});
