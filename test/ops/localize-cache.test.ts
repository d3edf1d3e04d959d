// Task localization keeps store reads per store build (src/store/read-cache.ts): a
// warm process answering the same query again answers it identically, and an edit — made
// in the work tree while a host watches it — is in the very next answer, never hidden
// behind what an earlier build held; the history's words follow the stored history.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { connectHost, type HostClient } from "../../src/host/client.ts";
import type { FindData } from "../../src/ops/find.ts";
import { cacheStats } from "../../src/store/read-cache.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { openReader, openWriter } from "../../src/store/db.ts";
import { storeHolds, useRuntimeDir, watcherSettled } from "../helpers/host.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";
import type { Database } from "bun:sqlite";
import { historyOf, historyWordScores } from "../../src/history/signals.ts";
import { updateHistory } from "../../src/history/update.ts";
import { syncIndex } from "../../src/indexing/sync.ts";

let root: string;
let host: RunningHost;
let client: HostClient;

async function task(query: string): Promise<FindData> {
  return (await call("find", { path: root, query, kind: "task", limit: 10 })).data as unknown as FindData;
}

const paths = (d: FindData) => (d.candidates ?? []).map((c) => c.path);

const holds = (sql: string, ...args: string[]) => storeHolds(root, sql, ...args);
const settled = (check: () => boolean) => watcherSettled(client, check);

beforeAll(async () => {
  useRuntimeDir();
  root = gitRepo({
    "src/billing/invoice.ts": "// Totals of an invoice, with the zebra discount applied.\nexport class InvoiceTotals {\n  zebraDiscount(total: number): number {\n    return total * 0.9;\n  }\n}\n",
    "src/shipping/parcel.ts": "// Parcels and their labels.\nexport class ParcelLabel {\n  print(): string {\n    return 'label';\n  }\n}\n",
    "src/catalog/product.ts": "export class Product {\n  constructor(readonly name: string) {}\n}\n",
  });
  host = await startHost({ root, idleMinutes: 0, log: () => {} });
  client = (await connectHost(root, 2000)) as HostClient;
  await settled(() => holds("SELECT 1 FROM symbols WHERE name = ?", "InvoiceTotals"));
}, 120_000);

afterAll(async () => {
  client?.close();
  await host?.stop("test done");
  delete process.env.SVC_RUNTIME_DIR;
});

describe("store reads kept per store build", () => {
  test("the same query asked again, from what the process kept, gets the same answer", async () => {
    const first = await task("apply the zebra discount to invoice totals");
    expect(paths(first)[0]).toBe("src/billing/invoice.ts");
    expect(cacheStats().entries).toBeGreaterThan(0);
    const again = await task("apply the zebra discount to invoice totals");
    expect(again).toEqual(first);
  }, 120_000);

  test("an edit through the watching host is in the next answer: a word moved to another file moves the answer", async () => {
    expect(paths(await task("zebra discount"))[0]).toBe("src/billing/invoice.ts");
    writeFiles(root, {
      "src/billing/invoice.ts": "// Totals of an invoice.\nexport class InvoiceTotals {\n  total(amount: number): number {\n    return amount;\n  }\n}\n",
      "src/shipping/parcel.ts": "// Parcels and their labels, with the zebra discount on heavy parcels.\nexport class ParcelLabel {\n  zebraDiscount(): number {\n    return 0.9;\n  }\n}\n",
    });
    // No wait: the host fences its watcher before vouching for the store, so the next read sees both saves.
    const after = await task("zebra discount");
    expect(paths(after)[0]).toBe("src/shipping/parcel.ts");
    expect(paths(after)).not.toContain("src/billing/invoice.ts");
    await settled(() => holds("SELECT 1 FROM symbols WHERE name = ?", "total"));
    expect(await task("zebra discount")).toEqual(after);
  }, 120_000);

  test("a word new to the repository is found at once, and a word deleted everywhere is then reported unmatched", async () => {
    expect((await task("quokka export")).unmatched).toContain("quokka");
    writeFiles(root, { "src/catalog/product.ts": "// Quokka products are exported weekly.\nexport class Product {\n  quokkaExport(): void {}\n}\n" });
    const found = await task("quokka export");
    expect(found.unmatched ?? []).not.toContain("quokka");
    expect(paths(found)[0]).toBe("src/catalog/product.ts");
    writeFiles(root, { "src/catalog/product.ts": "export class Product {\n  constructor(readonly name: string) {}\n}\n" });
    expect((await task("quokka export")).unmatched).toContain("quokka");
  }, 120_000);

  test("history reads follow the stored history, not only the index build: the history pass moving on is in the next read", async () => {
    const repo = gitRepo({ "src/ledger.ts": "export const total = 1;\n", "src/mail.ts": "export const send = 1;\n" });
    writeFiles(repo, { "src/ledger.ts": "export const total = 2;\n" });
    git(repo, "commit", "-q", "-am", "fix rounding of refunds in the monthly statement");
    await syncIndex(repo);
    const reader = openReader(repo) as Database;
    const build = () => (reader.query("SELECT value FROM index_meta WHERE key = 'index_completed_at'").get() as { value: string }).value;
    const touched = () => [...historyWordScores(reader, historyOf(reader), ["refund"]).keys()].sort();
    try {
      expect(touched()).toEqual(["src/ledger.ts"]);
      const before = build();
      await Bun.sleep(1); // another turn: the build is read again
      writeFiles(repo, { "src/mail.ts": "export const send = 2;\n" });
      git(repo, "commit", "-q", "-am", "mail refunds with the statement");
      // The history pass alone (as an index update runs it): the build stays, the stored history moves on.
      const writer = openWriter(repo);
      try {
        await updateHistory(writer.db, repo);
      } finally {
        writer.db.close();
      }
      expect(build()).toBe(before);
      expect(touched()).toEqual(["src/ledger.ts", "src/mail.ts"]);
    } finally {
      reader.close();
    }
  }, 120_000);
});
