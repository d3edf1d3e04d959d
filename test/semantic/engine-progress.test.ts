// The time-box of a long engine call is one of progress (callProgressing): a call that keeps
// reporting steps runs past its limit, one that stops reporting is stopped after it (h140: the
// semantic walk's batches under load). The steps are far shorter than the limit and the call far
// longer; nothing here measures how long anything took.

import { afterAll, expect, test } from "bun:test";
import { EngineError, TsEngine } from "../../src/semantic/engine.ts";
import { gitRepo } from "../helpers/repo.ts";

const root = gitRepo({ "tsconfig.json": JSON.stringify({ compilerOptions: { noEmit: true } }), "src/a.ts": "export const a = 1;\n" });
const engine = new TsEngine({ root });

afterAll(async () => {
  await engine.close();
});

test("a call that keeps making progress runs past its limit without progress; one that stops is stopped, saying so", async () => {
  const limit = 1500;
  let steps = 0;
  // twelve steps of 200 ms: 2.4 s in all, no gap near 1.5 s
  const result = await engine.callProgressing("stepping", async (progress) => {
    const started = performance.now();
    for (let i = 0; i < 12; i++) {
      await Bun.sleep(200);
      progress.step();
      steps++;
    }
    return performance.now() - started;
  }, limit);
  expect(steps).toBe(12);
  expect(result).toBeGreaterThan(limit); // the call outlived the limit: only progress kept it going
  const stuck = engine.callProgressing("stuck", async (progress) => {
    progress.step();
    await new Promise(() => undefined);
  }, limit);
  const error = await stuck.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect((error as Error).message).toBe("the TypeScript engine made no progress stuck for 1.5s (1 done), its limit without progress (stopped; it restarts on the next request)");
  // the engine restarts on the next request
  expect(await engine.call("after", async () => "answered")).toBe("answered");
}, 120_000);
