import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { answerTokens } from "../../src/render/fit.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { call } from "../../src/engine.ts";
import type { FusionData } from "../../src/render/fusion.ts";
import type { ReviewData } from "../../src/ops/review.ts";
import { SHOP } from "../fixtures/shop.ts";
import { expectGolden } from "../helpers/golden.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";

describe("svc context", () => {
  const root = gitRepo(SHOP);

  test("golden: seeds kept at standard, neighbours with roles, tiers and provenance", async () => {
    const r = await call("context", { path: root, seeds: ["OrderService"] });
    expectGolden("context", r.text);
    const data = r.data as unknown as FusionData;
    expect(data.entries[0]).toMatchObject({ path: "src/orders/order.service.ts", role: "exact-seed", tier: "standard" });
    const roles = Object.fromEntries(data.entries.map((e) => [e.path, e.role]));
    expect(roles["src/orders/orders.controller.ts"]).toBe("consumer");
    expect(roles["src/payments/payment.service.ts"]).toBe("dependency");
    expect(roles["test/order.service.test.ts"]).toBe("test");
    expect(r.text).toMatch(/<file path="src\/orders\/orders.controller.ts" role="consumer" tier="skeleton" tokens="\d+">\n<!--\nincluded via:\n {2}seed: symbol OrderService\n {2}<- di_injects src\/orders\/orders.controller.ts \(hop 1\)\n-->/);
  }, 120_000);

  test("seeds come first and are cut before being lost; the budget holds; the rest is dropped and named", async () => {
    const counter = await tokenCounter();
    const r = await call("context", { path: root, files: ["src/orders/order.service.ts", "src/payments/payment.service.ts"], maxTokens: 600 });
    const data = r.data as unknown as FusionData;
    expect(data.entries[0]?.path).toBe("src/orders/order.service.ts");
    expect([...data.entries.map((e) => e.path), ...data.dropped.map((d) => d.path)]).toContain("src/payments/payment.service.ts");
    expect(answerTokens(r, counter)).toBeLessThanOrEqual(600);
    const tiny = await call("context", { path: root, files: ["src/orders/order.service.ts", "src/payments/payment.service.ts"], maxTokens: 120 });
    expect(answerTokens(tiny, counter)).toBeLessThanOrEqual(120);
    expect(tiny.text).toContain("maxTokens=120");
  }, 120_000);

  test("a seed name declared in several files seeds them all, says so, and puts the most depended-on first (not the first in file order)", async () => {
    const body = (name: string) => Array.from({ length: 30 }, (_, i) => `  ${name}${i}(value: number): number {\n    return value + ${i};\n  }`).join("\n");
    const many = gitRepo({
      "src/a-widget.ts": `export type Store = { local: true };\nexport class Widget {\n${body("draw")}\n}\n`,
      "src/store.ts": `export class Store {\n${body("get")}\n}\n`,
      "src/cart.ts": 'import { Store } from "./store";\nexport const cart = new Store();\n',
      "src/shop.ts": 'import { Store } from "./store";\nexport const shop = new Store();\n',
    });
    const r = await call("context", { path: many, seeds: ["Store"], maxTokens: 700 });
    const data = r.data as unknown as FusionData;
    expect(data.entries.map((e) => e.path)).toEqual(["src/store.ts"]);
    expect(r.text).toContain('symbol seed \'Store\' matched 2 files, all seeds, the most depended-on first: src/store.ts, src/a-widget.ts; pass files=["<path>"] for one');
  }, 120_000);

  test("wiring seeds resolve through the wiring edges, else by name (services, requests) or text (routes, configs)", async () => {
    const r = await call("context", { path: root, services: ["PaymentService", "OrderService"], routes: ["GET /orders/7/cancel"], planOnly: true });
    const files = (r.data as unknown as { files: { path: string; role: string; provenance: string[] }[] }).files;
    expect(files.find((f) => f.path === "src/payments/payment.service.ts")).toMatchObject({ role: "exact-seed", provenance: ["seed: service PaymentService (by name; no wiring found)"] });
    expect(files.find((f) => f.path === "src/orders/order.service.ts")).toMatchObject({ role: "exact-seed", provenance: ["seed: service OrderService (declared)"] });
    expect(files.find((f) => f.path === "src/orders/orders.controller.ts")).toMatchObject({ role: "exact-seed", provenance: ["seed: route GET /orders/:id/cancel (route_handles)"] });
    const text = await call("context", { path: root, routes: ["GET /nowhere"], planOnly: true });
    expect(text.text.split("\n")[1]).toEndWith("seed: route GET /nowhere (text match; no wiring found)");
    // the packed answer's manifest says it too: a file found by the route's words is no handler of it
    const packed = await call("context", { path: root, routes: ["GET /nowhere"], maxTokens: 4000 });
    expect(packed.text).toMatch(/route seed 'GET \/nowhere': no route in the wiring matches it; .+ match(es)? its words \(a text match\)/);
    const byName = await call("context", { path: root, services: ["PaymentService"], maxTokens: 4000 });
    expect(byName.text).toContain("service seed 'PaymentService': no service in the wiring matches it; src/payments/payment.service.ts matches its name as declared");
    await expect(call("context", { path: root, requests: ["NoSuchCommand"] })).rejects.toMatchObject({ prefix: "validation_error" });
  }, 120_000);

  test("plan only; no seed is a validation error; a file seed outside the root is refused", async () => {
    const plan = await call("context", { path: root, seeds: ["Logger"], planOnly: true });
    expect(plan.text.split("\n")[0]).toMatch(/^plan \(context\): \d+ files of 11 collected$/);
    await expect(call("context", { path: root })).rejects.toMatchObject({ prefix: "validation_error" });
    await expect(call("context", { path: root, files: ["../x.ts"] })).rejects.toMatchObject({ prefix: "validation_error" });
    await expect(call("context", { path: root, seeds: ["NoSuchThing"] })).rejects.toMatchObject({ prefix: "validation_error" });
  }, 120_000);

  test("a seed many files import: the importers fan-out damping leaves out are counted, with the call that lists them", async () => {
    const files: Record<string, string> = { "src/hub.ts": "export function hub(): number { return 1; }\n" };
    for (let i = 0; i < 12; i++) files[`src/user${i}.ts`] = `import { hub } from "./hub";\nexport const u${i} = hub() + ${i};\n`;
    const hubRoot = gitRepo(files);
    const plan = await call("context", { path: hubRoot, files: ["src/hub.ts"], planOnly: true });
    const data = plan.data as unknown as { files: { path: string }[]; notes: string[] };
    // 0.65 × 0.5 / √12 < 0.1: no importer reaches the threshold, and the answer says so instead of showing the hub alone
    expect(data.files.map((f) => f.path)).toEqual(["src/hub.ts"]);
    expect(data.notes).toEqual(["src/hub.ts: 12 files depending on it left out (below the expansion threshold: fan-out damping divides a file's neighbours' scores by √n); svc_focus focus=src/hub.ts (CLI: svc focus src/hub.ts) lists them"]);
    const full = await call("context", { path: hubRoot, seeds: ["hub"] });
    expect(full.text).toContain("src/hub.ts: 12 files depending on it left out");
    // a seed whose neighbours all made it has no such note
    const user = await call("context", { path: hubRoot, files: ["src/user0.ts"], planOnly: true });
    expect((user.data as unknown as { notes: string[] }).notes).toEqual([]);
  }, 120_000);
});

describe("svc review", () => {
  function branchRepo(): string {
    const root = gitRepo(SHOP);
    git(root, "checkout", "-q", "-b", "feature");
    // remove an export, change a signature, add an export, add an untracked file, delete a file
    writeFiles(root, {
      "src/util/logger.ts": "export class Logger {\n  info(message: string, level = 1): void {\n    console.log(level, message);\n  }\n}\n",
      "src/orders/order.service.ts": (SHOP["src/orders/order.service.ts"] as string).replace(/\n {2}cancel\(id: string\): boolean \{[\s\S]*?\n {2}\}\n/, "\n"),
      "src/orders/refunds.ts": 'import { OrderService } from "./order.service";\nexport function refund(service: OrderService, id: string) { return id; }\n',
    });
    rmSync(join(root, "src/orders/create-order.dto.ts"));
    git(root, "add", "-A");
    git(root, "commit", "-qm", "feature work");
    writeFiles(root, { "src/orders/notes.ts": "export const NOTE = 1;\n" });
    return root;
  }

  test("finds every changed file and flags removed exports as BREAKING (golden)", async () => {
    const root = branchRepo();
    const r = await call("review", { path: root, changedSince: "main" });
    const data = r.data as unknown as ReviewData;
    expect(data.changed.map((c) => [c.path, c.status])).toEqual([
      ["src/orders/create-order.dto.ts", "deleted"],
      ["src/orders/notes.ts", "untracked"],
      ["src/orders/order.service.ts", "modified"],
      ["src/orders/refunds.ts", "added"],
      ["src/util/logger.ts", "modified"],
    ]);
    const breaking = data.apiDelta.filter((d) => d.breaking).map((d) => `${d.kind} ${d.name}`);
    expect(breaking).toEqual(["removed CreateOrderDto", "removed CreateOrderDto.amount", "removed CreateOrderDto.customerId", "removed OrderService.cancel"]);
    // An added optional (defaulted) parameter: the checker finds every old call still type-checks, so it is not BREAKING.
    expect(data.apiDelta.find((d) => d.name === "Logger.info")).toMatchObject({ kind: "signature", breaking: false, compared: "checker" });
    expect(data.apiDelta.filter((d) => d.kind !== "signature").every((d) => d.compared === "text")).toBe(true);
    expect(r.text).toContain("public API delta: 4 BREAKING, 3 additive; 1 compared by the checker, 6 as text");
    expect(r.text).toContain("  additive signature change (compatible): Logger.info (src/util/logger.ts) [checker] — was `info(message: string): void`, now `info(message: string, level = 1): void`\n    checker: code written against the old declaration still type-checks");
    expect(r.text).toContain("=== review: src/util/logger.ts (+2 -2) ===");
    const seeds = data.context?.entries.filter((e) => e.role === "changed").map((e) => e.path).sort();
    expect(seeds).toEqual(["src/orders/notes.ts", "src/orders/order.service.ts", "src/orders/refunds.ts", "src/util/logger.ts"]);
    expectGolden("review", r.text);
    // format=json: the text is the structured result with the files' content, as every packing operation gives it (it had none)
    const json = await call("review", { path: root, changedSince: "main", format: "json" });
    const parsed = JSON.parse(json.text) as { changed: ReviewData["changed"]; context: { entries: { path: string; content?: string }[] } };
    expect(parsed.changed).toEqual(data.changed);
    expect(parsed.context.entries.find((e) => e.path === "src/orders/refunds.ts")?.content).toContain("export function refund(");
    expect((json.data as unknown as ReviewData).context?.entries.some((e) => "content" in e)).toBe(false);
  }, 120_000);

  test("export statements are public API: a removed re-export is BREAKING, a renamed one too; an empty delta says what it compared", async () => {
    const root = gitRepo({
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] }),
      "src/foo.ts": "export function foo(): number {\n  return 1;\n}\n",
      "src/ns.ts": "export const n = 1;\n",
      "src/index.ts": 'import { n } from "./ns";\nexport * from "./foo";\nexport * as ns from "./ns";\nexport { foo as bar } from "./foo";\nexport { n };\nexport default n;\n',
      "README.md": "# chain\n",
    });
    writeFiles(root, { "src/index.ts": 'import { n } from "./ns";\nexport { foo as baz } from "./foo";\n// export * from "./foo";\nexport { n as m };\n' });
    for (const handoff of [false, true]) {
      const r = await call("review", { path: root, changedSince: "HEAD", handoff });
      const delta = (r.data as unknown as ReviewData).apiDelta.map((d) => `${d.kind} ${d.name}${d.breaking ? " BREAKING" : ""}`);
      expect(delta).toEqual(['removed * from "./foo" BREAKING', "removed bar BREAKING", "removed default BREAKING", "removed n BREAKING", "removed ns BREAKING", "added baz", "added m"]);
      expect(r.text).toContain('BREAKING removed: bar (src/index.ts) — was `export { foo as bar } from "./foo"`');
    }
    git(root, "checkout", "--", "src/index.ts");
    writeFiles(root, { "src/foo.ts": "export function foo(): number {\n  return 2;\n}\n", "README.md": "# chain, again\n" });
    for (const handoff of [false, true]) {
      const r = await call("review", { path: root, changedSince: "HEAD", handoff });
      expect((r.data as unknown as ReviewData).apiDelta).toEqual([]);
      expect(r.text).toContain("public API delta: none — the exported declarations' headers and export statements of the 1 changed code file are as they were (compared as text: a change inside a body, or in a type they use, is not judged here)");
    }
    git(root, "checkout", "--", "src/foo.ts");
    const docs = await call("review", { path: root, changedSince: "HEAD", handoff: true });
    expect(docs.text).toContain("## Public API delta\npublic API delta: nothing to compare (no changed file is in a language svc outlines)");
    // nothing changed at all: said so, not as if files in another language had changed
    git(root, "checkout", "--", "README.md");
    const none = await call("review", { path: root, changedSince: "HEAD" });
    expect(none.text).toContain("public API delta: nothing to compare (no file changed)");
  }, 120_000);

  test("handoff: refused while the change leaves introduced errors; the packet once it does not; the changed-file cap; bad refs", async () => {
    const root = branchRepo();
    // No host: the errors present now but not at the base ref (the deleted DTO is still imported, a removed method still called).
    const refused = await call("review", { path: root, changedSince: "main", handoff: true });
    expect(refused.exitCode).toBe(1);
    expect(refused.text).toBe(
      [
        "handoff refused: the change since main leaves 3 introduced errors unresolved (errors present now but not at main: 5 changed files and their dependents, 8 files checked (check session 'hook' not used: the change since main holds commits, which its baseline may already hold)). Fix them (svc_check shows repairs), then ask for the handoff again:",
        "  Error TS2307 src/orders/order.service.ts:3:37 Cannot find module './create-order.dto' or its corresponding type declarations.",
        "  Error TS2307 src/orders/orders.controller.ts:3:37 Cannot find module './create-order.dto' or its corresponding type declarations.",
        "  Error TS2339 src/orders/orders.controller.ts:16:30 Property 'cancel' does not exist on type 'OrderService'.",
      ].join("\n"),
    );
    expect((refused.data as unknown as ReviewData).refused).toBe(true);
    // Put the DTO back and stop calling the removed method: the packet comes.
    writeFiles(root, {
      "src/orders/create-order.dto.ts": SHOP["src/orders/create-order.dto.ts"] as string,
      "src/orders/orders.controller.ts": (SHOP["src/orders/orders.controller.ts"] as string).replace("this.orderService.cancel(id)", "Boolean(id)"),
    });
    const handoff = await call("review", { path: root, changedSince: "main", handoff: true });
    expect(handoff.text.split("\n")[0]).toBe("# Handoff: changes since main");
    expect(handoff.text).toContain("## Changed files (");
    expect(handoff.text).toMatch(/compiler status: no introduced errors \(errors present now but not at main: \d+ changed files and their dependents, \d+ files checked \(check session 'hook' not used: the change since main holds commits, which its baseline may already hold\); \d+ pre-existing errors not counted\)/);
    expect(handoff.text).toContain("## Public API delta\npublic API delta:");
    expect(handoff.text).toMatch(/## Tests\nrun the test files that reach the change \(selected by imports\):\n- test\/order.service.test.ts/);
    expect(handoff.text).toContain("## Residual risk");
    const capped = await call("review", { path: root, changedSince: "main", maxChangedFiles: 2 });
    expect(capped.text).toStartWith("review: the change since main spans 6 files, above maxChangedFiles=2.");
    // format=json: JSON, with the list and why (it was the prose above)
    const cappedJson = JSON.parse((await call("review", { path: root, changedSince: "main", maxChangedFiles: 2, format: "json" })).text);
    expect(cappedJson).toMatchObject({ changedSince: "main", truncated: true, apiDelta: [] });
    expect(cappedJson.changed).toHaveLength(6);
    expect(cappedJson.reason).toStartWith("the change since main spans 6 files, above maxChangedFiles=2.");
    await expect(call("review", { path: root, changedSince: "nope" })).rejects.toMatchObject({ prefix: "validation_error" });
  }, 120_000);

  test("handoff: the tests to run include those reaching the change through the package entry (past the review plan's two hops); --no-tests claims nothing", async () => {
    const root = gitRepo({
      "package.json": JSON.stringify({ name: "chain", type: "module" }),
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "esnext", moduleResolution: "bundler" } }),
      "src/wait.ts": "export function wait(ms: number): number { return ms; }\n",
      "src/client.ts": 'import { wait } from "./wait";\nexport function get(): number { return wait(1); }\n',
      "src/index.ts": 'export { get } from "./client";\n',
      "test/get.test.ts": 'import { get } from "../src/index";\nexport const ok = get() === 1;\n',
    });
    writeFiles(root, { "src/wait.ts": "// waits\nexport function wait(ms: number): number { return ms; }\n" });
    const handoff = await call("review", { path: root, changedSince: "main", handoff: true });
    // test/get.test.ts → src/index.ts → src/client.ts → src/wait.ts: three hops; the packet said no test reached the change
    expect(handoff.text).toContain("## Tests\nrun the test files that reach the change (selected by imports):\n- test/get.test.ts\n");
    const without = await call("review", { path: root, changedSince: "main", handoff: true, includeTests: false });
    expect(without.text).toContain("## Tests\ntest files left out (includeTests=false; CLI --no-tests)\n");
  }, 120_000);
});

test("the handoff's compiler status says what the comparison checked: not verified, when no changed TypeScript file is in a loaded project", async () => {
  const tsconfig = JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src/**/*.ts"] });
  const root = gitRepo({ "tsconfig.json": tsconfig, "src/a.ts": "export const a: number = 1;\n", "other/o.ts": "export const o: number = 1;\n", "tool.py": "def f():\n    return 1\n" });
  writeFiles(root, { "tool.py": "def f(:\n", "other/o.ts": 'export const o: number = "s";\n' });
  const r = await call("review", { path: root, changedSince: "HEAD", handoff: true });
  expect(r.text).toContain("compiler status: not verified (no resident engine with check session 'hook'; the comparison with HEAD did not run: no loaded TypeScript project holds the changed files (other/o.ts), so nothing of the change could be checked: add them to a tsconfig's include, or run svc doctor to see the projects loaded)");
  expect(r.text).not.toContain("and their dependents checked");
}, 120_000);
