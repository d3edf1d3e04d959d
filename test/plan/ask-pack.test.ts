// ask packs for editing (issue 23): seeded by the task localizer, source before tests,
// benchmarks and generated copies, the best candidates whole, a named type joining the
// rest of the task rather than replacing it, the budget used when content remains and
// never exceeded.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { answerTokens } from "../../src/render/fit.ts";
import type { FindData } from "../../src/ops/find.ts";
import type { FusionData } from "../../src/render/fusion.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { ASK_PARAMS, askedKinds, namesDistinctly, namesFile, writesFileName } from "../../src/plan/ask-localized.ts";
import { REGISTRY } from "../../src/registry/index.ts";
import { flagName } from "../../src/surfaces/cli/program.ts";
import { droppedNote } from "../../src/render/manifest.ts";
import { CANARY, leaksIn } from "../helpers/canary.ts";
import { gitRepo } from "../helpers/repo.ts";

const body = (name: string, n: number) => Array.from({ length: n }, (_, i) => `  ${name}Step${i}(value: number): number {\n    return value * ${i + 1} + ${i};\n  }`).join("\n");

const FILES: Record<string, string> = {
  "src/cache/adapter.ts": `export interface CacheAdapter {\n  get(key: string): string | undefined;\n  set(key: string, value: string, ttlSeconds: number): void;\n}\n`,
  "src/cache/redis-adapter.ts": `import type { CacheAdapter } from "./adapter";\nexport class RedisAdapter implements CacheAdapter {\n  private expiry = new Map<string, number>();\n  get(key: string) { return undefined; }\n  set(key: string, value: string, ttlSeconds: number) { this.expiry.set(key, ttlSeconds); }\n${body("redis", 6)}\n}\n`,
  "src/settings.ts": `export class Settings {\n  cacheTtlSeconds = 60;\n  retries = 3;\n}\n`,
  "src/app.ts": `import { RedisAdapter } from "./cache/redis-adapter";\nimport { Settings } from "./settings";\nexport const app = { cache: new RedisAdapter(), settings: new Settings() };\n`,
  "test/redis-adapter.test.ts": `import { RedisAdapter } from "../src/cache/redis-adapter";\nconst adapter = new RedisAdapter();\nadapter.set("expiry", "ttl", 5); // redis adapter expiry ttl\n`,
  "benchmarks/redis-adapter-expiry.ts": `import { RedisAdapter } from "../src/cache/redis-adapter";\n// benchmark: redis adapter expiry ttl, redis adapter expiry ttl\nfor (let i = 0; i < 1000; i++) new RedisAdapter().set("expiry" + i, "ttl", i);\n`,
  "src/big/unrelated.ts": `export class Unrelated {\n${body("unrelated", 200)}\n}\n`,
};

describe("ask: packing for editing", () => {
  test("the localizer seeds the answer; source first, whole; tests and benchmarks after it", async () => {
    const root = gitRepo(FILES);
    const r = await call("ask", { path: root, task: "redis adapter expiry: respect the ttl", tokenBudget: 8000 });
    const data = r.data as unknown as FusionData;
    expect(r.text.split("\n")[0]).toBe("<!-- svc_ask: strategy=search budget=8000 -->");
    expect(r.text).toContain("seeded by the task localizer (find --kind task)");
    const paths = data.entries.map((e) => e.path);
    expect(paths).toContain("src/cache/adapter.ts");
    expect(paths[0]).toBe("src/cache/redis-adapter.ts");
    expect(data.entries[0]?.tier).toBe("standard");
    // the test and the benchmark mention the words more often, yet come after the source
    for (const aux of ["test/redis-adapter.test.ts", "benchmarks/redis-adapter-expiry.ts"]) {
      if (paths.includes(aux)) expect(paths.indexOf(aux)).toBeGreaterThan(paths.indexOf("src/cache/adapter.ts"));
    }
    // the manifest says why each file is in
    expect(r.text).toContain("src/cache/redis-adapter.ts (~");
    expect(r.text).toMatch(/src\/cache\/redis-adapter\.ts \(~[\d.k]+ tokens\) — task candidate 1 \(/);
    // a task that writes the benchmark's file name, or its compound name, asks for it: it keeps its rank among the source candidates, whole
    for (const task of ["redis-adapter-expiry.ts: respect the ttl", "redis-adapter-expiry: respect the ttl"]) {
      const named = (await call("ask", { path: root, task, tokenBudget: 8000 })).data as unknown as FusionData;
      const order = named.entries.map((e) => e.path);
      const bench = named.entries.find((e) => e.path === "benchmarks/redis-adapter-expiry.ts");
      expect(bench?.tier).toBe("standard");
      expect(bench?.provenance[0]).toStartWith("task candidate");
      expect(order.indexOf("benchmarks/redis-adapter-expiry.ts")).toBeLessThan(order.indexOf("src/cache/adapter.ts"));
    }
  }, 60_000);

  test("a named type joins the rest of the task instead of replacing it", async () => {
    const root = gitRepo(FILES);
    const r = await call("ask", { path: root, task: "make the redis adapter expiry use Settings for the ttl", tokenBudget: 8000 });
    const paths = (r.data as unknown as FusionData).entries.map((e) => e.path);
    expect(paths[0]).toBe("src/settings.ts");
    expect(r.text.split("\n")[0]).toBe('<!-- svc_ask: strategy=focus seed="Settings" budget=8000 -->');
    expect(r.text).toContain("Settings's declaring file first, with the rest of the task");
    expect(paths).toContain("src/settings.ts");
    expect(paths).toContain("src/cache/redis-adapter.ts");
  }, 60_000);

  test("the budget is used when content remains and never exceeded", async () => {
    const root = gitRepo(FILES);
    const counter = await tokenCounter();
    for (const budget of [600, 1500, 8000]) {
      const r = await call("ask", { path: root, task: "redis adapter expiry: respect the ttl", tokenBudget: budget });
      expect(answerTokens(r, counter)).toBeLessThanOrEqual(budget);
    }
    // a large budget: everything relevant arrives whole (signature-level neighbours are upgraded)
    const big = await call("ask", { path: root, task: "redis adapter expiry: respect the ttl", tokenBudget: 20000 });
    const entries = (big.data as unknown as FusionData).entries;
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.every((e) => e.tier === "standard")).toBe(true);
  }, 60_000);

  test("what ask cut or left out is named with its own budget parameter, tokenBudget (maxTokens is no parameter of svc_ask)", async () => {
    const root = gitRepo(FILES);
    const said: string[] = [];
    for (const budget of [300, 600, 1500]) {
      const r = await call("ask", { path: root, task: "redis adapter expiry: respect the ttl, unrelated steps", tokenBudget: budget });
      expect(r.text).not.toMatch(/(fit|raise) maxTokens/);
      said.push(...(r.text.match(/(fits?|raise) tokenBudget[= ]\d*/g) ?? []));
    }
    expect(said.length).toBeGreaterThan(0);
  }, 60_000);

  // (at 1,200 tokens one relevant file is left out; at 1,500 it arrives as an excerpt of its signatures, in the room kept for a candidate that waited)
  test("the map: each relevant file not packed gets one line with why and the call that fetches it, in the surface's terms, within the budget", async () => {
    const root = gitRepo(FILES);
    const counter = await tokenCounter();
    const task = "redis adapter expiry: respect the ttl, unrelated steps";
    const reduce = REGISTRY.find((s) => s.op === "reduce");
    const files = reduce?.params.find((p) => p.name === "files");
    const pathParam = reduce?.params.find((p) => p.name === "path");
    expect(reduce?.mcp?.[0]?.tool).toBe("svc_reduce");
    for (const surface of ["mcp", "cli", "rpc"] as const) {
      const r = await call("ask", { path: root, task, tokenBudget: 1200 }, { surface });
      const data = r.data as unknown as FusionData;
      expect(answerTokens(r, counter)).toBeLessThanOrEqual(1200);
      expect(data.droppedCount).toBeGreaterThan(0);
      const map = data.map ?? [];
      expect(map.length + (data.mapCut ?? 0)).toBe(data.droppedCount);
      expect(map.length).toBeGreaterThan(0);
      const packed = new Set(data.entries.map((e) => e.path));
      for (const line of map) {
        expect(packed.has(line.path)).toBe(false);
        expect(line.why.length).toBeGreaterThan(0);
        // the exact call, with the parameter names of the surface the request came through
        if (surface === "cli") expect(line.next).toBe(`svc ${reduce?.cli?.command} --${flagName(files!)} ${line.path} --${flagName(pathParam!)} ${root}`);
        else expect(line.next).toBe(`svc_reduce ${files?.name}=${JSON.stringify([line.path])} ${pathParam?.name}=${JSON.stringify(root)}`);
        // one short line in the text: the call without the shared path, which the map's head states once
        expect(r.text).toContain(`  ${line.path} (~`);
        expect(r.text).toContain(`— ${line.why} → ${line.next.replace(surface === "cli" ? ` --path ${root}` : ` path=${JSON.stringify(root)}`, "")}\n`);
      }
      expect(r.text).toContain(surface === "cli" ? `(add --path ${root} to each)` : `(add path=${JSON.stringify(root)} to each)`);
    }
    // a call fetches what the map names
    const r = await call("ask", { path: root, task, tokenBudget: 1200 });
    const first = (r.data as unknown as FusionData).map?.[0];
    const fetched = await call("reduce", { path: root, files: [first?.path] });
    expect(fetched.text).toContain(`path="${first?.path}"`);
  }, 90_000);

  test("asked of a folder inside the workspace, the map's calls still fetch what it names (root-relative paths, the workspace root as path)", async () => {
    const root = gitRepo(FILES);
    const task = "redis adapter expiry: respect the ttl, unrelated steps";
    for (const surface of ["mcp", "cli"] as const) {
      // a budget that leaves a relevant file out (at 1200 everything fits, and there is no map)
      const r = await call("ask", { path: `${root}/src`, task, tokenBudget: 1000 }, { surface });
      const first = (r.data as unknown as FusionData).map?.[0];
      expect(first).toBeDefined();
      // the call as written: its files and its path
      const files = surface === "cli" ? [first?.next.match(/--files (\S+)/)?.[1]] : JSON.parse(first?.next.match(/files=(\[.*?\])/)?.[1] ?? "[]");
      const path = surface === "cli" ? first?.next.match(/--path (\S+)/)?.[1] : JSON.parse(first?.next.match(/ path=(".*")/)?.[1] ?? "null");
      const fetched = await call("reduce", { ...(path ? { path } : {}), files }, { surface, cwd: root });
      expect(fetched.text).toContain(`path="${first?.path}"`);
    }
  }, 90_000);

  test("the map is cut first when the budget is short, and says so", async () => {
    const root = gitRepo(FILES);
    const counter = await tokenCounter();
    let cutSeen = false;
    for (const budget of [500, 700, 900, 1200]) for (const surface of ["mcp", "cli"] as const) {
      const r = await call("ask", { path: root, task: "redis adapter expiry: respect the ttl, unrelated steps", tokenBudget: budget }, { surface });
      const data = r.data as unknown as FusionData;
      expect(answerTokens(r, counter)).toBeLessThanOrEqual(budget);
      if (data.mapCut) {
        cutSeen = true;
        // the budget named as this surface takes it
        const param = surface === "cli" ? "--budget" : "tokenBudget";
        expect(r.text).toContain(`${data.mapCut} more${data.map?.length ? "" : " (all of them)"} cut from this map to fit ${param}=${budget}; raise ${param}`);
        // files were packed: the map went first
        if (data.files > 0) expect(data.entries.length).toBeGreaterThan(0);
      }
    }
    expect(cutSeen).toBe(true);
  }, 90_000);

  test("format=json keeps the first file where the text format does (the content counted as the JSON it is sent as)", async () => {
    const root = gitRepo(FILES);
    const counter = await tokenCounter();
    let compared = 0;
    for (const budget of [700, 800, 900, 1000, 1200]) {
      const xml = await call("ask", { path: root, task: "redis adapter expiry: respect the ttl", tokenBudget: budget });
      const json = await call("ask", { path: root, task: "redis adapter expiry: respect the ttl", tokenBudget: budget, format: "json" });
      expect(answerTokens(json, counter)).toBeLessThanOrEqual(budget);
      const first = (xml.data as unknown as FusionData).entries[0]?.path;
      if (!first) continue;
      compared++;
      expect((json.data as unknown as FusionData).entries.map((e) => e.path)).toContain(first);
      expect(JSON.parse(json.text).entries[0].content.length).toBeGreaterThan(0);
    }
    expect(compared).toBeGreaterThan(0);
  }, 90_000);

  test("nothing fits: the budget named counts what the answer holds besides files (a caller's reserve too)", () => {
    const dropped = [{ path: "src/a.ts", estimate: 300 }];
    expect(droppedNote(dropped, 500, 1, true, "maxTokens")).toContain("raise maxTokens to 1000+");
    // a reserve of 3,000 tokens (review's change list): twice the budget would still fit nothing
    expect(droppedNote(dropped, 500, 1, true, "maxTokens", 3000)).toContain("(the first file, src/a.ts, is ~300, the rest of the answer ~3.0k); raise maxTokens to 3500+");
    // the file alone is under the budget: the note says what else the answer holds, not only "~300" under maxTokens=500
    expect(droppedNote(dropped, 500, 1, true, "maxTokens", 250)).toContain("is ~300, the rest of the answer ~250); raise maxTokens to 1000+");
  });

  test("one file's signatures take at most a share of the budget: a huge best candidate cannot crowd the next one out", async () => {
    const root = gitRepo({
      "src/big/unrelated.ts": `export class Unrelated {\n${body("unrelated", 400)}\n}\n`,
      "src/cache/redis-adapter.ts": `export class RedisAdapter {\n  private expiry = new Map<string, number>();\n  set(key: string, value: string, ttlSeconds: number) { this.expiry.set(key, ttlSeconds); }\n${body("redis", 30)}\n}\n`,
    });
    const counter = await tokenCounter();
    for (const budget of [3000, 5000]) {
      const r = await call("ask", { path: root, task: "make Unrelated respect the redis adapter expiry", tokenBudget: budget });
      expect(answerTokens(r, counter)).toBeLessThanOrEqual(budget);
      const entries = (r.data as unknown as FusionData).entries;
      const big = entries.find((e) => e.path === "src/big/unrelated.ts");
      const redis = entries.find((e) => e.path === "src/cache/redis-adapter.ts");
      expect(big?.tier).toBe("skeleton");
      expect(big?.excerpt).toBe(true);
      expect(big?.tokens ?? 0).toBeLessThanOrEqual(budget * ASK_PARAMS.signatureShare);
      expect(r.text).toContain("the whole file: svc_reduce files=[\"src/big/unrelated.ts\"]");
      expect(redis?.tier).toBe("standard");
      expect(redis?.excerpt).toBeUndefined();
    }
  }, 60_000);

  test("a first candidate that would take most of the budget whole on a guess goes as signatures, so the next candidates that fit arrive whole; the manifest says why; the text ranking agreeing makes it no guess", async () => {
    const steps = (name: string, n: number) => Array.from({ length: n }, (_, i) => `  ${name}Step${i}(value: number): number {\n    const scaled = value * ${i + 1} + ${i};\n    return scaled > ${i * 7} ? scaled - ${i} : scaled + ${i};\n  }`).join("\n");
    const files = (policy: string) => ({
      [policy]: `export class RetryPolicy {\n  retryBackoff = 1;\n${steps("policy", 60)}\n}\n`,
      "src/retry/jitter.ts": `import { retryBackoff } from "./backoff";\nexport class RetryJitter {\n  jitter(attempt: number) { return retryBackoff(attempt) * Math.random(); }\n${steps("jitter", 25)}\n}\n`,
      "src/retry/backoff.ts": `export function retryBackoff(attempt: number): number {\n  return Math.min(30000, 2 ** attempt * 100);\n}\n`,
      "src/other.ts": `export const other = 1;\n`,
    });
    const root = gitRepo(files("src/retry/retry-policy.ts"));
    const counter = await tokenCounter();
    const task = "retry policy backoff: add jitter";
    // here the text ranking (BM25F) puts the same file first: two rankers agreeing is no guess, the file stays whole
    const found = await call("find", { path: root, query: task, kind: "task" });
    expect((found.data as unknown as FindData).gradeEvidence?.textFirst).toBe(true);
    const agreed = await call("ask", { path: root, task, tokenBudget: 3000 });
    expect((agreed.data as unknown as FusionData).entries[0]).toMatchObject({ path: "src/retry/retry-policy.ts", tier: "standard" });
    // the localizer's first file alone is a guess
    const text = ASK_PARAMS.tentativeText;
    ASK_PARAMS.tentativeText = 0;
    try {
      for (const budget of [3000, 3500]) for (const format of ["xml", "json"] as const) {
        const r = await call("ask", { path: root, task, tokenBudget: budget, format });
        expect(answerTokens(r, counter)).toBeLessThanOrEqual(budget);
        const data = r.data as unknown as FusionData;
        expect(data.notes.join(" ")).toContain("[partial]");
        const byPath = new Map(data.entries.map((e) => [e.path, e]));
        // the guess leads, as signatures, and says why (in the structured result; in the manifest too for the text formats)
        expect(data.entries[0]?.path).toBe("src/retry/retry-policy.ts");
        expect(byPath.get("src/retry/retry-policy.ts")?.tier).toBe("skeleton");
        const why = byPath.get("src/retry/retry-policy.ts")?.provenance.at(-1) ?? "";
        expect(why).toMatch(new RegExp(`^skeleton: whole it would take ~\\d+% of tokenBudget=${budget} on a partial match$`));
        if (format === "xml") expect(r.text).toContain(why);
        // the next candidate arrives whole, not at signature level
        expect(byPath.get("src/retry/jitter.ts")?.tier).toBe("standard");
        expect(byPath.get("src/retry/jitter.ts")?.excerpt).toBeUndefined();
      }
      // with room for everything, the guess is whole too
      const big = await call("ask", { path: root, task, tokenBudget: 20000 });
      const entries = (big.data as unknown as FusionData).entries;
      expect(entries.find((e) => e.path === "src/retry/retry-policy.ts")?.tier).toBe("standard");
      expect(entries.find((e) => e.path === "src/retry/jitter.ts")?.tier).toBe("standard");
      // a task that names the file ("policy" for src/retry/policy.ts) is no guess: the file stays whole
      const named = gitRepo(files("src/retry/policy.ts"));
      const r = await call("ask", { path: named, task, tokenBudget: 3000 });
      const first = (r.data as unknown as FusionData).entries[0];
      expect(first?.path).toBe("src/retry/policy.ts");
      expect(first?.tier).toBe("standard");
    } finally {
      ASK_PARAMS.tentativeText = text;
    }
  }, 90_000);

  test("a candidate that does not fit whole waits: the next candidate that fits arrives whole, the waiting one as an excerpt of its signatures after it; budgets hold", async () => {
    const steps = (name: string, n: number) => Array.from({ length: n }, (_, i) => `  ${name}Step${i}(value: number): number {\n    const scaled = value * ${i + 1} + ${i};\n    return scaled > ${i * 7} ? scaled - ${i} : scaled + ${i};\n  }`).join("\n");
    const root = gitRepo({
      "src/invoice/line-total.ts": `export class InvoiceLineTotal {\n  precision = 2;\n${steps("line", 48)}\n}\n`,
      "src/invoice/rounding.ts": `export class InvoiceRounding {\n  mode = "half-up";\n${steps("round", 250)}\n}\n`,
      "src/invoice/tax.ts": `export class InvoiceTax {\n  rate = 0.2;\n${steps("tax", 105)}\n}\n`,
      "src/other.ts": `export const other = 1;\n`,
    });
    const counter = await tokenCounter();
    const task = "invoice tax rounding: round each line total";
    const r = await call("ask", { path: root, task, tokenBudget: 8000 });
    expect(answerTokens(r, counter)).toBeLessThanOrEqual(8000);
    const entries = (r.data as unknown as FusionData).entries;
    // the localizer's order: line-total, rounding (too large whole), tax (InvoiceLineTotal meets the task's words as InvoiceRounding
    // does: which declaration the task describes, localize-declarations.ts, leaves their near-tie in find's order)
    expect(entries.map((e) => e.path)).toEqual(["src/invoice/line-total.ts", "src/invoice/rounding.ts", "src/invoice/tax.ts"]);
    const byPath = new Map(entries.map((e) => [e.path, e]));
    expect(byPath.get("src/invoice/line-total.ts")?.tier).toBe("standard");
    // rounding's signatures waited: tax, which fits whole only without them, arrives whole
    expect(byPath.get("src/invoice/tax.ts")?.tier).toBe("standard");
    expect(byPath.get("src/invoice/tax.ts")?.excerpt).toBeUndefined();
    // and rounding still arrives, as an excerpt of its signatures in the room kept for it, the manifest saying so
    expect(byPath.get("src/invoice/rounding.ts")?.tier).toBe("skeleton");
    expect(byPath.get("src/invoice/rounding.ts")?.excerpt).toBe(true);
    expect(r.text).toMatch(/src\/invoice\/rounding\.ts \(~[\d.k]+ tokens\) \[skeleton: downgraded to fit, head-and-tail excerpt: cut to fit\] — task candidate 2 \(/);
    // every budget and format holds
    for (const budget of [1500, 3000, 5000, 8000, 12000]) for (const format of ["xml", "json"] as const) {
      const out = await call("ask", { path: root, task, tokenBudget: budget, format });
      expect(answerTokens(out, counter)).toBeLessThanOrEqual(budget);
      expect((out.data as unknown as FusionData).entries.length).toBeGreaterThan(0);
    }
  }, 90_000);

  test("a candidate that arrives as signatures keeps the declarations the task most likely touches whole, and says which; budgets hold", async () => {
    const steps = (name: string, n: number) =>
      Array.from({ length: n }, (_, i) => `  ${name}Step${i}(value: number): number {\n    const scaled = value * ${i + 1} + ${i};\n    const shifted = scaled > ${i * 7} ? scaled - ${i} : scaled + ${i};\n    const bounded = Math.min(shifted, ${1000 + i});\n    return bounded % ${i + 3} === 0 ? bounded : bounded + ${i};\n  }`).join("\n");
    // a credential in the kept method: the excerpt shows the method with its marker, never the value
    const repo = (n: number) =>
      gitRepo({
        "src/smtp/connection.ts": `export class SmtpConnection {\n  private lines: string[] = [];\n${steps("socket", n)}\n  setEnvelope(from: string, size: number): void {\n    // the SIZE parameter goes into MAIL FROM unchecked\n    const relayToken = "${CANARY.githubToken}";\n    this.lines.push(\`MAIL FROM:<\${from}> SIZE=\${size} AUTH=\${relayToken}\`);\n  }\n${steps("reply", n)}\n}\n`,
        "src/smtp/pool.ts": `import { SmtpConnection } from "./connection";\nexport class SmtpPool {\n  connections: SmtpConnection[] = [];\n}\n`,
        "src/other.ts": `export const other = 1;\n`,
      });
    const counter = await tokenCounter();
    const task = "sanitize the envelope size in setEnvelope";
    const kept = "SmtpConnection.setEnvelope";
    const body = "this.lines.push(`MAIL FROM:<${from}> SIZE=${size} AUTH=${relayToken}`);";
    const at = async (root: string, budget: number, format: "xml" | "json" = "xml") => {
      const r = await call("ask", { path: root, task, tokenBudget: budget, format });
      expect(answerTokens(r, counter)).toBeLessThanOrEqual(budget);
      const entry = (r.data as unknown as FusionData).entries.find((e) => e.path === "src/smtp/connection.ts");
      expect(leaksIn(r.text + JSON.stringify(r.data))).toEqual([]);
      if (entry?.keptWhole) for (const part of ["const relayToken = ", "[REDACTED:github-token]"]) expect(r.text).toContain(part);
      // kept declarations are claimed only where their bodies are in the answer, within their share of the budget
      if (entry?.keptWhole) {
        expect(r.text).toContain(format === "json" ? JSON.stringify(body).slice(1, -1) : body);
        expect(entry.tokens).toBeLessThanOrEqual(budget * ASK_PARAMS.focusShare);
      }
      return { r, entry };
    };
    // too large whole at 4000, its signatures small: all of them, with the method the task names whole, the manifest naming it
    const medium = repo(30);
    const { r, entry } = await at(medium, 4000);
    expect(entry?.tier).toBe("skeleton");
    expect(entry?.excerpt).toBeUndefined();
    expect(entry?.keptWhole).toEqual([kept]);
    expect(r.text).toContain(body);
    expect(r.text).not.toContain("const bounded = Math.min(shifted, 1001);"); // the other bodies collapsed
    expect(r.text).toMatch(/src\/smtp\/connection\.ts \(~[\d.k]+ tokens\) \[skeleton with SmtpConnection\.setEnvelope whole: downgraded to fit\] /);
    // its signatures too large as well: an excerpt of them around the kept method, the cuts marked with the call for the whole file
    const hugeRoot = repo(150);
    const huge = await at(hugeRoot, 4000);
    expect(huge.entry?.excerpt).toBe(true);
    expect(huge.entry?.keptWhole).toEqual([kept]);
    expect(huge.r.text).toContain(body);
    expect(huge.r.text).toContain("[skeleton with SmtpConnection.setEnvelope whole: downgraded to fit, excerpt around the kept declarations: cut to fit]");
    expect(huge.r.text).toMatch(/… \[svc: \d+ lines \(~[\d.k]+ tokens\) not shown to fit tokenBudget=4000; the whole file: /);
    // whole when it fits
    expect((await at(medium, 30000)).entry?.tier).toBe("standard");
    // switched off: plain signatures, nothing kept
    const before = ASK_PARAMS.focusShare;
    ASK_PARAMS.focusShare = 0;
    try {
      const off = await at(medium, 4000);
      expect(off.entry?.tier).toBe("skeleton");
      expect(off.entry?.keptWhole).toBeUndefined();
      expect(off.r.text).not.toContain(body);
    } finally {
      ASK_PARAMS.focusShare = before;
    }
    // every budget and format holds
    for (const root of [medium, hugeRoot]) for (const budget of [700, 1500, 2500, 6000]) for (const format of ["xml", "json"] as const) await at(root, budget, format);
  }, 180_000);

  test("room left at the end turns the task's candidates whole before the graph neighbours: a candidate that fits whole is not left as signatures for a neighbour; budgets hold", async () => {
    const long = (name: string, n: number, lines: number) =>
      Array.from({ length: n }, (_, i) => `  ${name}Step${i}(value: number): number {\n${Array.from({ length: lines }, (_, j) => `    value = value * ${j + 2} + ${i + j};`).join("\n")}\n    return value;\n  }`).join("\n");
    const steps = (name: string, n: number) => Array.from({ length: n }, (_, i) => `  ${name}Step${i}(value: number): number {\n    const scaled = value * ${i + 1} + ${i};\n    return scaled > ${i * 7} ? scaled - ${i} : scaled + ${i};\n  }`).join("\n");
    // two candidates (discount, total); total imports a ledger formatter the task does not mention: a graph neighbour
    const root = gitRepo({
      "src/invoice/total.ts": `import { LedgerFormat } from "../ledger/format";\nexport class InvoiceTotal {\n  format = new LedgerFormat();\n${long("total", 3, 25)}\n}\n`,
      "src/ledger/format.ts": `export class LedgerFormat {\n  width = 12;\n${long("format", 4, 30)}\n}\n`,
      "src/invoice/discount.ts": `export class InvoiceDiscount {\n  percent = 5;\n${steps("discount", 12)}\n}\n`,
      "src/other.ts": `export const other = 1;\n`,
    });
    const counter = await tokenCounter();
    const task = "invoice total discount: apply the invoice discount to the total";
    const saved = { ...ASK_PARAMS };
    // only the first candidate planned whole: the second comes after the neighbours, at signature level, as candidates past wholeCandidates do
    Object.assign(ASK_PARAMS, { candidates: 2, wholeCandidates: 1 });
    try {
      const tiers = async (budget: number) => {
        const r = await call("ask", { path: root, task, tokenBudget: budget });
        expect(answerTokens(r, counter)).toBeLessThanOrEqual(budget);
        const entries = (r.data as unknown as FusionData).entries;
        return { r, entries, tier: (path: string) => entries.find((e) => e.path === path)?.tier };
      };
      // the plan: discount whole, the ledger formatter (a dependency of total), then total at signature level
      const { r, entries, tier } = await tiers(3000);
      expect(entries.map((e) => `${e.path}:${e.role}`)).toEqual(["src/invoice/discount.ts:match", "src/ledger/format.ts:dependency", "src/invoice/total.ts:match"]);
      // room for one of them whole: the candidate (~0.9k whole) rather than the neighbour before it in the plan (~1.4k whole)
      expect(tier("src/invoice/total.ts")).toBe("standard");
      expect(tier("src/ledger/format.ts")).toBe("skeleton");
      expect(r.text).toMatch(/src\/ledger\/format\.ts \(~[\d.k]+ tokens\) \[skeleton\] — dependency of src\/invoice\/total\.ts/);
      // with room for both, both whole
      const roomy = await tiers(6000);
      expect([roomy.tier("src/invoice/total.ts"), roomy.tier("src/ledger/format.ts")]).toEqual(["standard", "standard"]);
      // every budget and format holds
      for (const budget of [600, 1200, 2000, 3000, 4500]) for (const format of ["xml", "json"] as const) {
        const out = await call("ask", { path: root, task, tokenBudget: budget, format });
        expect(answerTokens(out, counter)).toBeLessThanOrEqual(budget);
      }
    } finally {
      Object.assign(ASK_PARAMS, saved);
    }
  }, 120_000);

  test("a task names a file by its name or, for an index file, its folder's", () => {
    expect(namesFile("queue: deep clone opts", "lib/queue.js")).toBe(true);
    expect(namesFile("fix mime-node headers", "lib/mime-node/index.js")).toBe(true);
    expect(namesFile("allow using Nodemailer in Node v6+", "lib/mime-node/index.js")).toBe(false);
    expect(namesFile("queues are slow", "lib/queue.js")).toBe(false);
    expect(namesFile("Fix Option.getOrd definition", "es6/Option.js")).toBe(true);
    // written with its extension, a file is asked for whatever its kind (a benchmark, a test)
    expect(writesFileName("grades.ts: --absent on the history trees", "scripts/bench/localize/grades.ts")).toBe(true);
    expect(writesFileName("fix scripts/bench/grades.ts output.", "scripts/bench/grades.ts")).toBe(true);
    expect(writesFileName("grades are wrong", "scripts/bench/grades.ts")).toBe(false);
    expect(writesFileName("fix mygrades.ts and grades.tsx", "scripts/bench/grades.ts")).toBe(false);
    // a docs/benchmark/script file asked for by a name no sentence uses by chance: compound, or the task's scope
    expect(namesDistinctly("same-answers: tasks added later are counted", "scripts/bench/same-answers.ts")).toBe(true);
    expect(namesDistinctly("grades: --absent on the history trees", "scripts/bench/grades.ts")).toBe(true);
    expect(namesDistinctly("held-out not yet run on this rule", "scripts/bench/run.ts")).toBe(false);
    expect(namesDistinctly("the answers are the same", "scripts/bench/same-answers.ts")).toBe(false);
  });

  test("tests, docs and generated files count as asked for only when the task says so", () => {
    expect([...askedKinds("add a unit test for the parser")]).toEqual(["test"]);
    expect([...askedKinds("document the retry option in the README")]).toEqual(["auxiliary"]);
    expect([...askedKinds("retry failed requests")]).toEqual([]);
  });
});
