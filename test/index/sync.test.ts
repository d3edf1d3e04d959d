import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { openCurrentIndex as openIndex } from "../../src/indexing/fresh.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { UNRESOLVED_FILES_SQL } from "../../src/graph/unresolved-gaps.ts";
import { storePath } from "../../src/store/db.ts";
import { EXTRACTION_VERSION, SCHEMA_VERSION, TABLES } from "../../src/store/schema.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";

const SHOP: Record<string, string> = {
  "src/orders/order.service.ts": [
    'import { Logger } from "../util/logger";',
    "/** Places and cancels orders. */",
    "export class OrderService {",
    "  constructor(private readonly log: Logger) {}",
    "  place(id: string) { this.log.info(`placing ${id}`); }",
    "}",
    "",
  ].join("\n"),
  "src/orders/orders.controller.ts": 'import { OrderService } from "./order.service";\nexport class OrdersController {\n  constructor(private readonly orderService: OrderService) {}\n  create() { return this.orderService.place("1"); }\n}\n',
  "src/util/logger.ts": "export class Logger {\n  info(message: string) { console.log(message); }\n}\n",
  "src/index.ts": 'export * from "./orders/order.service";\n',
};

function count(root: string, table: string, where = ""): number {
  const db = new Database(storePath(root), { readonly: true });
  try {
    return (db.query(`SELECT count(*) AS n FROM ${table} ${where}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function rows<T>(root: string, sql: string, ...args: (string | number)[]): T[] {
  const db = new Database(storePath(root), { readonly: true });
  try {
    return db.query(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

describe("building the index", () => {
  test("creates .svc/svc.db with every table, a .gitignore, and the ready manifest", async () => {
    const root = gitRepo(SHOP);
    const result = await call("index", { path: root });
    expect(result.text).toMatch(/^Indexed \[semantic\] 4 files: \d+ symbols, \d+ chunks, 3 import edges, \d+ checker edges, 0 routes in [\d.]+s/);
    expect(readFileSync(join(root, ".svc", ".gitignore"), "utf8")).toBe("*\n");
    expect(git(root, "status", "--porcelain")).toBe("");
    for (const table of TABLES) expect(() => count(root, table)).not.toThrow();
    const meta = Object.fromEntries(rows<{ key: string; value: string }>(root, "SELECT key, value FROM index_meta").map((r) => [r.key, r.value]));
    expect(meta).toMatchObject({
      index_build_state: "ready",
      index_mode: "semantic",
      index_workspace_root: root,
      index_inventory_count: "4",
      fts_available: "1",
      index_integrity: "ok",
      semantic_pending: "0",
      schema_version: String(SCHEMA_VERSION),
      extraction_version: String(EXTRACTION_VERSION),
    });
    for (const key of ["svc_version", "skipped_files", "stale_dirty_count", "index_inventory_hash", "index_completed_at"]) expect(meta[key]).toBeDefined();
    const edges = rows<{ from: string; to: string }>(
      root,
      "SELECT a.path AS 'from', b.path AS 'to' FROM edges e JOIN files a ON a.id = e.from_file JOIN files b ON b.id = e.to_file WHERE e.provenance = 'syntax' ORDER BY 1, 2",
    );
    expect(edges).toEqual([
      { from: "src/index.ts", to: "src/orders/order.service.ts" },
      { from: "src/orders/order.service.ts", to: "src/util/logger.ts" },
      { from: "src/orders/orders.controller.ts", to: "src/orders/order.service.ts" },
    ]);
  }, 60_000);

  test("a second index run reuses everything; --force rebuilds", async () => {
    const root = gitRepo(SHOP);
    await call("index", { path: root });
    expect((await call("index", { path: root })).text).toContain("(already up to date)");
    const forced = await call("index", { path: root, force: true });
    expect(forced.data).toMatchObject({ extracted: 4, files: 4 });
  }, 60_000);

  test("diagnostics reads index_meta only and never creates the store", async () => {
    const root = gitRepo(SHOP);
    const cold = await call("status", { path: root });
    expect(cold.text).toStartWith("index_state: not_indexed\nfiles_indexed: 0\n");
    expect(existsSync(join(root, ".svc"))).toBe(false);
    await call("index", { path: root });
    const warm = await call("status", { path: root });
    expect(warm.text).toStartWith(
      "index_state: ready\nfiles_indexed: 4\navailability: index mode semantic; full-text search available; no resident workspace; up to date.",
    );
    expect(warm.data).toMatchObject({ indexState: "ready", mode: "semantic", files: 4, fts: true, integrity: "ok" });
  }, 60_000);

  test("a store of another schema or extraction version is rebuilt from scratch", async () => {
    const root = gitRepo(SHOP);
    await call("index", { path: root });
    const db = new Database(storePath(root));
    db.run("UPDATE index_meta SET value = '0' WHERE key = 'extraction_version'");
    db.run("CREATE TABLE leftover (x)");
    db.close();
    const again = await call("index", { path: root });
    expect(again.data).toMatchObject({ extracted: 4 });
    expect(rows(root, "SELECT name FROM sqlite_master WHERE name = 'leftover'")).toEqual([]);
  }, 60_000);

  test("a schema-6 store (edges indexed by target alone) is rebuilt with the edges' indexes by target and type", async () => {
    const root = gitRepo(SHOP);
    await call("index", { path: root });
    const db = new Database(storePath(root));
    db.run("UPDATE index_meta SET value = '6' WHERE key = 'schema_version'");
    db.run("DROP INDEX edges_to_type");
    db.run("DROP INDEX edges_to_symbol_type");
    db.run("CREATE INDEX edges_to ON edges(to_file)");
    db.run("CREATE INDEX edges_to_symbol ON edges(to_symbol)");
    db.close();
    const again = await call("index", { path: root });
    expect(again.data).toMatchObject({ extracted: 4 });
    const indexes = rows<{ name: string }>(root, "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'edges' AND sql IS NOT NULL ORDER BY name").map((r) => r.name);
    expect(indexes).toEqual(["edges_from", "edges_from_symbol", "edges_to_symbol_type", "edges_to_type", "edges_type_key"]);
    // a file's imports are sought by file and type, not among every edge pointing at the file
    const plan = rows<{ detail: string }>(root, "EXPLAIN QUERY PLAN SELECT from_file FROM edges WHERE to_file = 1 AND type = 'imports'").map((r) => r.detail);
    expect(plan.join("\n")).toContain("edges_to_type (to_file=? AND type=?)");
  }, 60_000);

  test("the walked files with unresolved imports are found by a partial index, which a store without it gets on its next writer open", async () => {
    const root = gitRepo(SHOP);
    await call("index", { path: root });
    const db = new Database(storePath(root));
    db.run("DROP INDEX checker_walks_unresolved");
    db.close();
    await call("index", { path: root });
    expect(rows(root, "SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'checker_walks_unresolved'")).toEqual([{ name: "checker_walks_unresolved" }]);
    // every answer asks for them: without it, each read every walk record whole (their edges come before the tally)
    const plan = rows<{ detail: string }>(root, `EXPLAIN QUERY PLAN ${UNRESOLVED_FILES_SQL}`).map((r) => r.detail);
    expect(plan.join("\n")).toContain("USING INDEX checker_walks_unresolved");
  }, 60_000);

  test("a read never serves a store of another schema or extraction version, even with no file changed", async () => {
    const root = gitRepo(SHOP);
    await call("index", { path: root });
    const db = new Database(storePath(root));
    db.run("UPDATE index_meta SET value = '0' WHERE key = 'schema_version'");
    db.run("CREATE TABLE leftover (x)");
    db.close();
    const index = await openIndex(root, { waitForBuild: true });
    if (!index.available) throw new Error(index.detail);
    index.db.close();
    expect(index.meta).toMatchObject({ schema_version: String(SCHEMA_VERSION), extraction_version: String(EXTRACTION_VERSION) });
    expect(rows(root, "SELECT name FROM sqlite_master WHERE name = 'leftover'")).toEqual([]);
  }, 60_000);

  test("a corrupt store file is replaced", async () => {
    const root = gitRepo(SHOP);
    await call("index", { path: root });
    for (const suffix of ["-wal", "-shm"]) rmSync(storePath(root) + suffix, { force: true });
    writeFileSync(storePath(root), "this is not a database");
    const again = await call("index", { path: root });
    expect(again.data).toMatchObject({ files: 4 });
  }, 60_000);

  test("binary and unreadable files are skipped and recorded", async () => {
    const root = gitRepo({ ...SHOP, "src/blob.ts": "\u0000\u0001binary" });
    const result = await call("index", { path: root });
    expect(result.data).toMatchObject({ files: 4, skipped: 1 });
    const status = await call("status", { path: root });
    expect(status.text).toContain("skipped files: 1: src/blob.ts (binary)");
    // a skipped file does not make the next read think the index is dirty
    expect((await call("index", { path: root })).text).toContain("(already up to date)");
  }, 60_000);
});

describe("freshness: reads follow the work tree", () => {
  test("edit, add, delete and rename files: find answers follow", async () => {
    const root = gitRepo(SHOP);
    await call("index", { path: root });
    const symbols = async (q: string) =>
      ((await call("find", { path: root, query: q, kind: "symbol" })).data as { symbols: { hits: { kind: string; qualifiedName: string; path: string }[] } }).symbols.hits
        .filter((h) => h.kind === "class")
        .map((h) => `${h.qualifiedName}@${h.path}`);
    expect(await symbols("Logger")).toEqual(["Logger@src/util/logger.ts"]);

    writeFiles(root, { "src/util/logger.ts": "export class AuditLogger {\n  info() {}\n}\n" });
    expect(await symbols("Logger")).toEqual(["AuditLogger@src/util/logger.ts"]);

    writeFiles(root, { "src/payments/payment.service.ts": "export class PaymentService { charge() {} }\n" });
    expect(await symbols("PaymentService")).toEqual(["PaymentService@src/payments/payment.service.ts"]);

    renameSync(join(root, "src/payments/payment.service.ts"), join(root, "src/payments/billing.service.ts"));
    expect(await symbols("PaymentService")).toEqual(["PaymentService@src/payments/billing.service.ts"]);

    rmSync(join(root, "src/payments/billing.service.ts"));
    const gone = await call("find", { path: root, query: "PaymentService", kind: "symbol" });
    expect(gone.text).toStartWith("no matches for 'PaymentService' (symbol)");
    expect(count(root, "files", "WHERE path LIKE 'src/payments/%'")).toBe(0);
  });

  test("a renamed import target is re-resolved for the importing file", async () => {
    const root = gitRepo(SHOP);
    await call("index", { path: root });
    rmSync(join(root, "src/util/logger.ts"));
    await call("find", { path: root, query: "x", kind: "path" });
    expect(count(root, "edges", "WHERE to_file = (SELECT id FROM files WHERE path = 'src/util/logger.ts')")).toBe(0);
    writeFiles(root, { "src/util/logger.ts": "export class Logger {}\n" });
    await call("find", { path: root, query: "x", kind: "path" });
    const edges = rows<{ p: string }>(root, "SELECT a.path AS p FROM edges e JOIN files a ON a.id = e.from_file JOIN files b ON b.id = e.to_file WHERE b.path = 'src/util/logger.ts'");
    expect(edges).toEqual([{ p: "src/orders/order.service.ts" }]);
  });

  test("a file newly matched by .gitignore disappears from every table", async () => {
    const root = gitRepo({ ...SHOP, "src/generated/client.ts": "export class GeneratedClient { call() {} }\n" }, { commit: false });
    await call("index", { path: root });
    const id = rows<{ id: number }>(root, "SELECT id FROM files WHERE path = 'src/generated/client.ts'")[0]?.id;
    expect(id).toBeDefined();
    writeFiles(root, { ".gitignore": "src/generated/\n" });
    await call("find", { path: root, query: "GeneratedClient", kind: "all" });
    expect(count(root, "files", `WHERE id = ${id}`)).toBe(0);
    for (const table of ["symbols", "chunks", "imports"]) expect(count(root, table, `WHERE file_id = ${id}`)).toBe(0);
    expect(count(root, "edges", `WHERE from_file = ${id} OR to_file = ${id}`)).toBe(0);
    expect(count(root, "files_fts", `WHERE rowid = ${id}`)).toBe(0);
    expect((await call("find", { path: root, query: "GeneratedClient", kind: "text" })).text).toStartWith("no matches");
  });

  test("more changes than SVC_RECONCILE_STORM go through one full replacement", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`src/m${i}.ts`] = `export const v${i} = ${i};\n`;
    const root = gitRepo(files);
    await call("index", { path: root });
    for (let i = 0; i < 12; i++) writeFiles(root, { [`src/m${i}.ts`]: `export const w${i} = ${i};\n` });
    process.env.SVC_RECONCILE_STORM = "5";
    try {
      const found = await call("find", { path: root, query: "w11", kind: "symbol" });
      expect(found.text).toContain("const w11  (src/m11.ts:1)");
    } finally {
      delete process.env.SVC_RECONCILE_STORM;
    }
  });

  test("extraction in child processes gives the same index as in-process", async () => {
    const files: Record<string, string> = { ...SHOP };
    for (let i = 0; i < 30; i++) files[`src/gen/m${i}.ts`] = `import { Logger } from "../util/logger";\nexport class Model${i} { run() {} }\n`;
    const inProcess = gitRepo(files);
    await syncIndex(inProcess);
    const children = gitRepo(files);
    process.env.SVC_EXTRACT_INPROCESS_MAX = "0";
    process.env.SVC_EXTRACT_BATCH = "10";
    try {
      await syncIndex(children);
    } finally {
      delete process.env.SVC_EXTRACT_INPROCESS_MAX;
      delete process.env.SVC_EXTRACT_BATCH;
    }
    const snapshot = (root: string) =>
      rows(root, "SELECT f.path, s.kind, s.qualified_name, s.start_line FROM symbols s JOIN files f ON f.id = s.file_id ORDER BY 1, 4, 3");
    expect(snapshot(children)).toEqual(snapshot(inProcess));
    expect(count(children, "edges")).toBe(count(inProcess, "edges"));
  });
});
