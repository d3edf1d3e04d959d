import { describe, expect, test } from "bun:test";
import { storeDigest } from "../../scripts/bench/store-digest.ts";
import { workBatches, workOf } from "../../src/index/batches.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import type { InventoryEntry } from "../../src/workspace/inventory.ts";
import { gitRepo } from "../helpers/repo.ts";

const entry = (path: string, size: number): InventoryEntry => ({ path, size, stampMs: 0 });

/** 3,000 files: a few big ones among many small, in path order (as the inventory lists them). */
function inventory(): InventoryEntry[] {
  const out: InventoryEntry[] = [];
  for (let i = 0; i < 3000; i++) out.push(entry(`src/f${String(i).padStart(4, "0")}.ts`, i % 500 === 7 ? 400_000 + i : 500 + (i % 97) * 40));
  return out;
}

describe("extraction work batches", () => {
  test("every file lands in exactly one batch, largest first, ties by path", () => {
    const entries = inventory();
    const batches = workBatches(entries, 2, 1000);
    const flat = batches.flat();
    expect(flat.map((e) => e.path).sort()).toEqual(entries.map((e) => e.path).sort());
    for (let i = 1; i < flat.length; i++) {
      const a = flat[i - 1]!;
      const b = flat[i]!;
      expect(a.size > b.size || (a.size === b.size && a.path < b.path)).toBe(true);
    }
    expect(flat[0]!.size).toBeGreaterThanOrEqual(400_000);
    expect(workBatches([...entries].reverse(), 2, 1000)).toEqual(batches); // the cut depends on the inventory, not its order
  }, 120_000);

  test("batches respect the file cap and a third of a lane's share of the work", () => {
    const entries = inventory();
    const total = entries.reduce((sum, e) => sum + workOf(e), 0);
    const batches = workBatches(entries, 2, 400);
    expect(batches.length).toBeGreaterThan(6);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(400);
      const work = batch.reduce((sum, e) => sum + workOf(e), 0);
      if (batch.length > 1) expect(work).toBeLessThanOrEqual(total / 6);
    }
    // The big files open the pass: the last batches hold only small ones.
    expect(batches.at(-1)!.every((e) => e.size < 5000)).toBe(true);
  }, 120_000);

  test("a file bigger than a batch's share still gets a batch of its own", () => {
    const batches = workBatches([entry("a.ts", 10), entry("huge.js", 50_000_000), entry("b.ts", 10)], 2, 1000);
    expect(batches[0]).toEqual([entry("huge.js", 50_000_000)]);
    expect(batches.flat()).toHaveLength(3);
  }, 120_000);

  test("small sets stay in about one batch per lane (a child's start-up outweighs balance there)", () => {
    const entries = Array.from({ length: 300 }, (_, i) => entry(`m${i}.ts`, 100 + i));
    expect(workBatches(entries, 2, 1000).length).toBeLessThanOrEqual(3);
    expect(workBatches([], 2, 1000)).toEqual([]);
  }, 120_000);

  test("children taking files largest first store exactly what in-process extraction stores", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) {
      const body = Array.from({ length: 1 + ((i * 7) % 23) * 4 }, (_, k) => `  method${k}(input: string) { return helper${i}(input + "${k}"); }`);
      files[`src/m${i}.ts`] = [`import { helper${(i + 1) % 40} } from "./m${(i + 1) % 40}";`, `/** Module ${i}. */`, `export class Model${i} {`, ...body, "}", `export function helper${i}(s: string) { return s; }`, ""].join("\n");
    }
    const root = gitRepo(files);
    const digest = () => {
      const d = storeDigest(root);
      delete d.index_meta; // records when and how
      return d;
    };
    await syncIndex(root, { force: true });
    const inProcess = digest();
    expect(inProcess.symbols!.rows).toBeGreaterThan(40);
    process.env.SVC_EXTRACT_INPROCESS_MAX = "0";
    try {
      await syncIndex(root, { force: true });
    } finally {
      delete process.env.SVC_EXTRACT_INPROCESS_MAX;
    }
    expect(digest()).toEqual(inProcess);
  }, 30_000);
});
