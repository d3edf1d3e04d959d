// A rename respells the errors it leaves in place: `Cannot assign to 'LIMIT' because it is a
// constant` becomes `… 'MAX_LIMIT' …` and is the same error, not one the rename introduces.
// svc_refactor refused `rename DB_PW → DB_PWD2` with "it would introduce TS2588 … 'DB_PWD2'" for
// an error that was there before. A collision the rename does cause is still refused.

import { describe, expect, test } from "bun:test";
import { refactorProject } from "../helpers/refactor-project.ts";

const FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] }),
  "src/limit.ts": "export const LIMIT = 5;\nexport const other = 1;\n",
  "src/use.ts": 'import { LIMIT } from "./limit";\nexport function reset(): void {\n  LIMIT = 6;\n}\n',
};

const fx = refactorProject(FILES);

describe("a rename's verify gate and the errors it respells", () => {
  test("an error that was there before, naming the renamed symbol, does not refuse the rename", async () => {
    const r = await fx.refactor({ symbol: "LIMIT", newName: "MAX_LIMIT" });
    expect(r.text).toStartWith("staged rename: LIMIT -> MAX_LIMIT (2 files changed");
    expect(r.data.files?.find((f) => f.file === "src/use.ts")?.content).toContain("  MAX_LIMIT = 6;");
  }, 120_000);

  test("a name that collides is still refused", async () => {
    const r = await fx.refactor({ symbol: "LIMIT", newName: "other" });
    expect(r.data.status).toBe("refused");
    expect(r.text).toMatch(/^cannot rename: it would introduce Error TS\d+ src\/limit\.ts:\d+:\d+ /);
  }, 120_000);
});
