import { beforeAll, describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { lowSignal } from "../../src/retrieve/localize.ts";
import { SHOP } from "../fixtures/shop.ts";
import { runSvc } from "../helpers/cli.ts";
import { expectGolden } from "../helpers/golden.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";
import { withParams } from "../helpers/params.ts";

async function task(path: string, query: string, extra: Record<string, unknown> = {}) {
  const r = await call("find", { path, query, kind: "task", ...extra });
  return { text: r.text, data: r.data as unknown as FindData };
}

describe("find --kind task", () => {
  const root = gitRepo(SHOP);
  // The store is built in this process first, history included: a first read of a fresh
  // repository starts a detached build and may answer while that process still reads git (it
  // then says the history is not read yet, test/history); the goldens are about ranking.
  beforeAll(async () => {
    await syncIndex(root);
  }, 120_000);

  test("golden: ranked candidates with reasons, grade and the availability header", async () => {
    const { text, data } = await task(root, "charge the customer twice when the payment fails");
    expectGolden("localize", text);
    expect(text).toStartWith("index_state: ready\n");
    expect(data.candidates?.[0]?.path).toBe("src/payments/payment.service.ts");
    expect(data.candidates?.every((c, i, all) => i === 0 || (all[i - 1] as { score: number }).score >= c.score)).toBe(true);
  }, 120_000);

  test("a file the feedback words brought in names the feedback words it has, not the feedback's first ones", async () => {
    // src/orders/order.entity.ts was "related: declares names like order, service" with no "service" in it
    // (on a Python tree, email/errors.py "declares names like http, read, request" with none of them)
    const { data } = await task(root, "charge the customer twice when the payment fails");
    const related = (data.candidates ?? []).flatMap((c) => c.reasons.filter((r) => r.startsWith("related: ")).map((r) => ({ path: c.path, reason: r })));
    expect(related.length).toBeGreaterThan(0);
    for (const { path, reason } of related) {
      const words = /^related: mentions (.+) \(names the best matches declare\)$/.exec(reason)?.[1]?.split(", ") ?? [];
      expect(words.length).toBeGreaterThan(0);
      for (const word of words) expect(`${path}: ${word} in ${(SHOP[path] as string).toLowerCase().includes(word)}`).toBe(`${path}: ${word} in true`);
    }
  }, 120_000);

  test("confident only when the text ranking agrees, the first file leads clearly and its path names the query, and the query's words exist here", async () => {
    const { data } = await task(root, "charge the customer twice when the payment fails");
    expect(data.grade).toBe("confident");
    expect(data.gradeEvidence).toMatchObject({ textFirst: true, pathHit: true });
    expect(data.gradeEvidence?.margin).toBeGreaterThanOrEqual(0.2);
    expect(data.candidates?.[0]?.path).toBe("src/payments/payment.service.ts");
    expect(data.navigation).toBeUndefined();
    expect(data.unmatched).toEqual(["twice", "fails"]);
    // Two files tie at the top (the declaring service and the controller that injects it): partial.
    const tie = await task(root, "add a refund method to OrderService");
    expect(tie.data.grade).toBe("partial");
    expect(tie.text).toMatch(/\n  partial: .*the first file has [01] of the 2 supports needed \(lead, path, names\): it leads the second file by 0\.\d\d \(0\.2 needed\)/);
    expect(tie.data.candidates?.[0]?.path).toBe("src/orders/order.service.ts");
    expect(tie.data.unmatched).toEqual(["refund", "method"]);
  }, 120_000);

  test("the grade does not depend on the limit: with one candidate asked for, the margin is still to the second file", async () => {
    const root = gitRepo({ "src/refund.ts": 'export function refundOrder(id: string) {\n  return "refund " + id;\n}\n', "src/refunds.ts": 'export function refundPolicy(id: string) {\n  return "refund policy " + id;\n}\n' });
    const all = await call("find", { path: root, query: "refund", kind: "task" });
    const one = await call("find", { path: root, query: "refund", kind: "task", limit: 1 });
    const [a, b] = [all.data as unknown as FindData, one.data as unknown as FindData];
    expect(b.candidates).toHaveLength(1);
    expect({ grade: b.grade, evidence: b.gradeEvidence }).toEqual({ grade: a.grade, evidence: a.gradeEvidence });
    expect(a.grade).toBe("partial");
  }, 120_000);

  test("a file ahead only by name and path evidence, not first by the text ranking, is partial", async () => {
    const repo = gitRepo({
      "src/cache.ts": "export class Cache {}\n",
      "src/store.ts": [
        "// Eviction: stale entries leave the cache once their deadline passes.",
        "export function evictStale(entries: Map<string, number>, now: number) {",
        "  for (const [key, deadline] of entries) if (deadline < now) entries.delete(key); // stale entries evicted",
        "}",
        "",
      ].join("\n"),
      "src/log.ts": "export function log(message: string) { console.info(message); }\n",
    });
    const { data, text } = await task(repo, "Cache eviction keeps stale entries");
    const [first, second] = data.candidates ?? [];
    // The declaring file leads clearly and its path names a query word, the old rule's whole test…
    expect(first?.path).toBe("src/cache.ts");
    expect(first?.reasons.some((r) => r.startsWith("path "))).toBe(true);
    expect((first?.score ?? 0) - (second?.score ?? 0)).toBeGreaterThanOrEqual(0.2);
    // …but the text of the repository points at src/store.ts: the evidence disagrees.
    expect(second?.path).toBe("src/store.ts");
    expect(data.gradeEvidence).toMatchObject({ textFirst: false, pathHit: true });
    expect(data.gradeEvidence?.unmatchedShare).toBeLessThan(0.5);
    expect(data.grade).toBe("partial");
    expect(text).toContain("\n  partial: the text alone ranks another file first\n");
  }, 120_000);

  test("a query whose topical words occur nowhere in the repository is insufficient and says which", async () => {
    const { data, text } = await task(root, "add a refund endpoint");
    expect(data.grade).toBe("insufficient");
    expect(data.unmatched).toEqual(["refund", "endpoint"]);
    expect(text).toContain('"refund", "endpoint" occur nowhere in the indexed files');
    expect(text).toContain("navigation map: ");
  }, 120_000);

  test("low-signal queries are insufficient, with a navigation map, yet keep whatever their words match", async () => {
    for (const q of ["Merge branch 'main' into feature", "bump zod from 3.22.0 to 3.23.1", "chore: lint", "chore(deps)!: log every order placed", "v1.2.3"]) {
      const { data, text } = await task(root, q);
      expect([q, data.grade]).toEqual([q, "insufficient"]);
      expect(text).toContain("(the query reads as ");
      expect(text).toContain("navigation map: ");
    }
    // Never zero candidates when the words match files: a merge naming "main" still lists src/main.ts.
    expect((await task(root, "Merge branch 'main' into feature")).data.candidates?.map((c) => c.path)).toContain("src/main.ts");
    expect((await task(root, "chore(deps)!: log every order placed")).data.candidates?.length).toBeGreaterThan(0);
    expect((await task(root, "v1.2.3")).data.candidates).toEqual([]);
    // Ordinary tasks that start with release, build or version are not chores.
    for (const q of ["release the payment lock when the charge fails", "build the order total from the payment", "version the order entity"]) {
      expect([q, lowSignal(q)]).toEqual([q, null]);
      const { data } = await task(root, q);
      expect([q, data.grade === "insufficient", (data.candidates?.length ?? 0) > 0]).toEqual([q, false, true]);
    }
    expect(lowSignal("fix the order total rounding")).toBeNull();
  }, 120_000);

  test("files changed since a git base are candidates", async () => {
    const repo = gitRepo(SHOP);
    writeFiles(repo, { "src/util/logger.ts": "export class Logger {\n  info(m: string) { console.info(m); }\n}\n" });
    const { data } = await task(repo, "logging", { changedSince: "HEAD" });
    expect(data.candidates?.[0]).toMatchObject({ path: "src/util/logger.ts" });
    expect(data.candidates?.[0]?.reasons).toContain("changed since the base");
  }, 120_000);

  test("byte-identical files collapse onto one candidate", async () => {
    const repo = gitRepo({ ...SHOP, "src/legacy/payment.service.ts": SHOP["src/payments/payment.service.ts"] as string });
    const { data } = await task(repo, "payment service charge");
    const paths = data.candidates?.map((c) => c.path) ?? [];
    expect(paths.filter((p) => p.endsWith("payment.service.ts"))).toHaveLength(1);
  }, 120_000);

  test("asked to export a named declaration, the barrel that re-exports its file (or the nearest barrel) is a candidate", async () => {
    const repo = gitRepo({
      "src/index.ts": 'export { Trans } from "./trans.ts";\nexport { useTranslation } from "./hooks.ts";\n',
      "src/trans.ts": "export function Trans() {}\nexport function nodesToString(nodes: string[]) { return nodes.join(''); }\n",
      "src/hooks.ts": "export function useTranslation() {}\n",
      "src/icu/icu-trans.ts": "export function IcuTrans() {}\n",
      "src/render.ts": 'import { nodesToString } from "./trans.ts";\nexport const render = (n: string[]) => nodesToString(n);\n',
    });
    const reexported = await task(repo, "export `nodesToString` so tools can use it");
    const barrel = reexported.data.candidates?.find((c) => c.path === "src/index.ts");
    expect(barrel?.reasons).toContain("re-exports src/trans.ts (the query asks about exporting)");
    const fresh = await task(repo, "exports for the IcuTrans component");
    expect(fresh.data.candidates?.find((c) => c.path === "src/index.ts")?.reasons).toContain("barrel of src (the query asks about exporting)");
    // Without the intent to export, the barrel gets no such evidence.
    const plain = await task(repo, "nodesToString drops empty nodes");
    expect(plain.data.candidates?.find((c) => c.path === "src/index.ts")?.reasons ?? []).not.toContain("re-exports src/trans.ts (the query asks about exporting)");
  }, 120_000);

  test("docs and manifests need more than body text to rank above code; a query naming one still finds it", async () => {
    const repo = gitRepo({
      "README.md": "# Rates\n\nThe exchange rate cache refreshes hourly; stale exchange rates are served while refreshing.\n",
      "src/rates.ts": "export function refreshRates(cache: Map<string, number>) {\n  // exchange rate refresh\n  cache.clear();\n}\n",
    });
    const code = await task(repo, "stale exchange rate served while the cache refreshes");
    expect(code.data.candidates?.map((c) => c.path)).toEqual(["src/rates.ts", "README.md"]);
    expect(code.data.candidates?.[1]?.score).toBeLessThan(0.3);
    const docs = await task(repo, "update the README");
    expect(docs.data.candidates?.[0]?.path).toBe("README.md");
  }, 120_000);

  test("the deprecated svc localize alias prints a notice, then answers as find --kind task", () => {
    const r = runSvc(["localize", root, "--task", "charge the customer twice when the payment fails"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("svc localize is deprecated; use: svc find <text> --kind task");
    expect(r.stdout).toContain("localize [confident]");
    expect(runSvc(["localize", root]).code).toBe(2);
  }, 120_000);
});

describe("path words", () => {
  test("a query word is a path hit anywhere in a path by default; with pathWordStart only where a word of the path starts", async () => {
    const root = gitRepo({
      "lib/xoauth2/index.js": "module.exports = function token() { return 1; };\n",
      "lib/smtp-auth/index.js": "module.exports = function login() { return 2; };\n",
      "lib/mailAuth.js": "module.exports = function check() { return 3; };\n",
    });
    await syncIndex(root);
    const hits = (d: FindData) => (d.candidates ?? []).filter((c) => c.reasons.some((r) => r.includes('path contains "auth"'))).map((c) => c.path).sort();
    expect(hits((await task(root, "auth retries")).data)).toEqual(["lib/mailAuth.js", "lib/smtp-auth/index.js", "lib/xoauth2/index.js"]);
    const started = await withParams({ pathWordStart: true }, () => task(root, "auth retries"));
    expect(hits(started.data)).toEqual(["lib/mailAuth.js", "lib/smtp-auth/index.js"]);
  }, 120_000);
});
