// The semantic upgrade against real small projects: checker edges through renamed, default
// and re-exported bindings and `.js`-suffixed ESM imports, a two-package workspace without
// project references, and edges kept current when files change.

import { describe, expect, test } from "bun:test";
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { LIB, MONO } from "./fixtures.ts";

type Hit = { from: string | null; path: string; line: number | null; type: string };
type Sections = Record<string, Hit[]>;

async function neighbors(root: string, query: string): Promise<{ text: string; sections: Sections; status: string }> {
  const r = await call("find", { path: root, query, kind: "neighbors" });
  const data = r.data as { neighbors?: Sections; status: string };
  return { text: r.text, sections: data.neighbors ?? {}, status: data.status };
}

const sites = (s: Sections) => new Set(Object.values(s).flat().map((h) => `${h.path}:${h.line}`));

describe("semantic upgrade of one package", () => {
  const root = gitRepo(LIB);

  test("svc index loads the project and writes checker edges; the index mode is semantic", async () => {
    const r = await call("index", { path: root });
    expect(r.text).toMatch(/^Indexed \[semantic\] 6 files: .* \d+ checker edges/);
    const status = await call("status", { path: root });
    expect(status.text).toContain("availability: index mode semantic;");
  }, 120_000);

  test("neighbors follow renamed re-exports, default exports and .js-suffixed imports to the declaration", async () => {
    const cls = await neighbors(root, "OrderService");
    expect(cls.sections.callers?.map((h) => h.from)).toEqual(["makeOrder", "testPlace"]); // sources before tests: src/order.ts, then src/order.test.ts
    // `Orders` (a renamed re-export) used as a type in checkout.ts, and the re-export site itself
    expect(cls.sections.references).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "type_ref", from: "checkout", path: "src/checkout.ts", line: 4 }),
        expect.objectContaining({ type: "reexports", path: "src/index.ts", line: 1 }),
      ]),
    );
    const fn = await neighbors(root, "makeOrder");
    // called as `mk()` (default import) and `make()` (renamed re-export of the default)
    expect(fn.sections.callers?.map((h) => `${h.from}@${h.path}:${h.line}`)).toEqual(["quick@src/checkout.ts:9"]);
    expect(fn.sections.references?.map((h) => `${h.type}@${h.path}:${h.line}`)).toEqual(["reexports@src/index.ts:2"]);
    const method = await neighbors(root, "OrderService.place");
    expect(method.sections.callers?.map((h) => h.from)).toEqual(["checkout", "quick", "testPlace"]);
    expect(method.text).toContain("(checker-complete)");
  }, 120_000);

  test("implementers and subclasses", async () => {
    const iface = await neighbors(root, "Placeable");
    expect(iface.sections.implementers?.map((h) => h.from)).toEqual(["OrderService"]);
    const base = await neighbors(root, "BaseService");
    expect(base.sections.subclasses?.map((h) => h.from)).toEqual(["OrderService"]);
    expect(base.text).toContain("also: 1 reference to its members");
  }, 120_000);

  test("every reference the compiler's find-all-references knows is a neighbor", async () => {
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      for (const [query, line, column] of [
        ["OrderService", 7, 14],
        ["OrderService.place", 8, 3],
        ["makeOrder", 13, 25],
      ] as const) {
        const compiler = await references(engine, join(root, "src/order.ts"), { line, column });
        expect(compiler.length).toBeGreaterThan(0);
        const ours = sites((await neighbors(root, query)).sections);
        for (const ref of compiler) expect(ours).toContain(`${ref.path.slice(root.length + 1)}:${ref.line}`);
      }
    } finally {
      await engine.close();
    }
  }, 120_000);

  test("impact: dependents by hop, public surface through the renamed re-export, covering tests", async () => {
    const r = await call("impact", { path: root, symbol: "OrderService.place" });
    const data = r.data as { status: string; publicSurface: { public: boolean }; tests: { path: string }[]; dependents: { hop: number; from: string }[] };
    expect(data.status).toBe("ok");
    expect(data.publicSurface.public).toBe(true);
    expect(data.tests.map((t) => t.path)).toEqual(["src/order.test.ts"]);
    expect(data.dependents.filter((d) => d.hop === 1).map((d) => d.from)).toEqual(["checkout", "quick", "testPlace"]);
    expect(r.text).toContain("coverage: 4 references, all from the checker (checker-complete)"); // the 3 callers and Placeable.place it implements (listed above it)
    const inner = await call("impact", { path: root, symbol: "BaseService.log" });
    expect((inner.data as { publicSurface: { public: boolean } }).publicSurface.public).toBe(true);
  }, 120_000);

  test("unknown and ambiguous symbols list what exists instead of answering empty", async () => {
    const unknown = await call("find", { path: root, query: "OrderServise", kind: "neighbors" }).then(() => "", (e: { formatted: string }) => e.formatted);
    expect(unknown).toMatch(/^symbol_not_found: no declaration named 'OrderServise' in \d+ indexed files; nearest names: .*OrderService/);
    const ambiguous = await call("impact", { path: root, symbol: "place" });
    expect((ambiguous.data as { status: string }).status).toBe("ambiguous");
    expect(ambiguous.text).toContain("'place' is ambiguous: 2 declarations");
    expect(ambiguous.text).toContain("method OrderService.place  (src/order.ts:8)");
    expect(ambiguous.text).toContain("method Placeable.place  (src/order.ts:2)");
    // a printed location resolves
    expect((await neighbors(root, "src/order.ts:8")).text).toStartWith("neighbors of method OrderService.place");
  }, 120_000);

  test("edited files get their edges again on the next index, and their dependents keep theirs", async () => {
    appendFileSync(join(root, "src/checkout.ts"), 'export function again(): string {\n  return make().place("d");\n}\n');
    // the declaring file changes too: its symbols are re-created, so the files pointing at it are walked again
    writeFileSync(join(root, "src/order.ts"), `// header\n${LIB["src/order.ts"]}`);
    await call("index", { path: root });
    const method = await neighbors(root, "OrderService.place");
    expect(method.sections.callers?.map((h) => `${h.from}@${h.line}`)).toEqual(["checkout@5", "quick@9", "again@12", "testPlace@4"]);
    expect(method.text).toContain("neighbors of method OrderService.place  (src/order.ts:9)");
  }, 120_000);
});

describe("a two-package workspace without project references", () => {
  test("packages load together: a call across packages is found; doctor says so", async () => {
    const root = gitRepo(MONO);
    await call("index", { path: root });
    const r = await neighbors(root, "formatPrice");
    expect(r.sections.callers).toEqual([expect.objectContaining({ from: "label", path: "packages/app/src/main.ts", line: 4 })]);
    const doctor = await call("doctor", { path: root });
    expect(doctor.text).toContain("workspace packages: 2 (@acme/app, @acme/core); loaded together");
    expect(doctor.text).toContain("tier: semantic");
  }, 120_000);
});
