// A long-lived process reads the store's common words ahead (src/ops/task-warm.ts): after a
// read, the full-text postings a task query would make for the most frequent words are in the
// per-build cache, so a task using words never asked before is answered from memory, with the
// very answer a process that never read ahead gives. One-shot reads never read ahead, and a
// new build is read ahead again.

import { beforeAll, describe, expect, test } from "bun:test";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import { taskWarmSettled } from "../../src/ops/task-warm.ts";
import { cacheStats, resetReadCache } from "../../src/store/read-cache.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { gitRepo } from "../helpers/repo.ts";

let root: string;

const files: Record<string, string> = {};
for (let i = 0; i < 12; i++) {
  // "ledger" and "voucher" are in many files: the store's most frequent words; "walrus" in one.
  files[`src/accounts/ledger${i}.ts`] = `// The ledger of account ${i}: each voucher posts to the ledger.\nexport function postVoucher${i}(ledger: string[], voucher: string): void {\n  ledger.push(voucher);\n}\n`;
}
files["src/zoo/walrus.ts"] = "// The walrus enclosure.\nexport function feedWalrus(): string {\n  return 'fish';\n}\n";

async function task(query: string, longLived: boolean): Promise<FindData> {
  return (await call("find", { path: root, query, kind: "task", limit: 20 }, { longLived })).data as unknown as FindData;
}

/** The answer without the bookkeeping that names the request. */
const answerOf = (d: FindData) => JSON.stringify({ grade: d.grade, candidates: d.candidates, unmatched: d.unmatched, evidence: d.gradeEvidence });

beforeAll(async () => {
  root = gitRepo(files);
  await syncIndex(root);
}, 120_000);

describe("reading common words ahead", () => {
  test("a one-shot read never reads ahead", async () => {
    resetReadCache();
    await task("feed the walrus", false);
    const after = cacheStats().entries;
    await taskWarmSettled(root);
    expect(cacheStats().entries).toBe(after);
  }, 120_000);

  test("a long-lived read does, and a task of words not asked before is answered from it, as without it", async () => {
    resetReadCache();
    await task("feed the walrus", true);
    const asked = cacheStats().entries;
    await taskWarmSettled(root);
    const warmed = cacheStats().entries;
    expect(warmed).toBeGreaterThan(asked);
    // the words read ahead: a query of them has far fewer reads left to make than without the read-ahead
    const fromWarm = await task("post a voucher to the ledger", true);
    const readAfterWarm = cacheStats().entries - warmed;
    expect(fromWarm.candidates?.[0]?.path).toMatch(/^src\/accounts\/ledger/);
    resetReadCache();
    await task("feed the walrus", false);
    const before = cacheStats().entries;
    const cold = await task("post a voucher to the ledger", false);
    const readCold = cacheStats().entries - before;
    expect(readAfterWarm).toBeLessThan(readCold / 2);
    expect(answerOf(fromWarm)).toBe(answerOf(cold));
  }, 120_000);

  test("a new build is read ahead again", async () => {
    resetReadCache();
    await task("feed the walrus", true);
    await taskWarmSettled(root);
    appendFileSync(join(root, "src/zoo/walrus.ts"), "export const walrusLedgerVoucher = 1;\n");
    await syncIndex(root);
    resetReadCache();
    await task("feed the walrus", true);
    const asked = cacheStats().entries;
    await taskWarmSettled(root);
    expect(cacheStats().entries).toBeGreaterThan(asked);
    const warm = await task("post a voucher to the ledger", true);
    resetReadCache();
    const cold = await task("post a voucher to the ledger", false);
    expect(answerOf(warm)).toBe(answerOf(cold));
    expect(JSON.stringify(warm.candidates)).toContain("src/zoo/walrus.ts");
  }, 120_000);
});
