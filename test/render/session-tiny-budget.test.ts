// A session id changes what an answer omits (files already sent), never what a budget holds:
// a fresh session answers as a call without one. On zod, svc_search query="discriminated
// union" maxTokens=700 packed packages/zod/src/v4/core/schemas.ts as a head-and-tail excerpt,
// and the same call with session="q7" (nothing sent under it yet) answered "nothing fits
// maxTokens=700" — the last-resort excerpt of the first file was skipped whenever a session
// was given.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { gitRepo } from "../helpers/repo.ts";

function bigModule(): string {
  const parts: string[] = [];
  for (let i = 0; i < 300; i++) parts.push(`/** Step ${i} of the pipeline. */`, `export function pipelineStep${i}(input: number): number {`, `  return input * ${i} + ${i};`, "}", "");
  return parts.join("\n");
}

describe("sessions under a tiny budget", () => {
  test("a fresh session packs what the call without one packs (the first file's excerpt)", async () => {
    const root = gitRepo({ "src/pipeline.ts": bigModule(), "src/use.ts": 'import { pipelineStep1 } from "./pipeline";\nexport const one = pipelineStep1(1);\n' });
    for (const op of ["focus", "search"] as const) {
      const ask = op === "focus" ? { focus: "src/pipeline.ts" } : { query: "pipeline step" };
      const without = await call(op, { path: root, ...ask, maxTokens: 300 });
      expect(without.text).toContain('<file path="src/pipeline.ts" excerpt="head-and-tail">');
      const fresh = await call(op, { path: root, ...ask, maxTokens: 300, session: `fresh-${op}` });
      expect(fresh.text).toBe(without.text);
      // an excerpt is not the file: the next call under the session does not call it sent
      const again = await call(op, { path: root, ...ask, maxTokens: 300, session: `fresh-${op}` });
      expect(again.text).toContain('<file path="src/pipeline.ts" excerpt="head-and-tail">');
    }
  }, 120_000);
});
