// svc_check through a host: the host answers svc/checkOverlay as JSON, so the pre-existing
// diagnostics it names are copies of those in its diagnostics. Matched by identity, every error
// of a file checked unchanged was "introduced by the edit" (hono: src/adapter/bun/serve-static.ts
// without @types/node — "2 errors introduced by the edit" for its own content); in process the
// same call said "no new errors". Both must say the same.

import { afterAll, beforeAll, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const LEGACY = "export const legacy: number = 'not a number';\n";

let root: string;
let host: RunningHost;
beforeAll(async () => {
  useRuntimeDir();
  root = gitRepo({ "tsconfig.json": TSCONFIG, "src/legacy.ts": LEGACY, "src/use.ts": 'import { legacy } from "./legacy";\nexport const twice = legacy * 2;\n' });
  host = await startHost({ root, idleMinutes: 0, log: () => {} });
}, 120_000);
afterAll(async () => {
  await host.stop("test done");
});

type Check = { text: string; data: { grade: string; clean: boolean; introducedErrors: number; preExisting: unknown[] } };

test("a file checked with its own content through the host: its error is pre-existing, nothing introduced", async () => {
  const r = (await call("check", { path: root, file: "src/legacy.ts", content: LEGACY })) as unknown as Check;
  expect(r.text).toContain("in the host"); // the host answered, not this process
  expect(r.data.introducedErrors).toBe(0);
  expect(r.data.preExisting.length).toBe(1);
  expect(r.text).toContain("diagnostics for src/legacy.ts: 1 (0 errors introduced by the edit)");
  expect(r.text).toContain("(pre-existing)");
  expect(r.text).toContain("no new errors: every error above was there before the edit");
}, 120_000);

test("an edit adding a second error through the host: one introduced, the old one pre-existing", async () => {
  const content = `${LEGACY}export const more: string = 1;\n`;
  const r = (await call("check", { path: root, file: "src/legacy.ts", content })) as unknown as Check;
  expect(r.text).toContain("in the host");
  expect(r.data.introducedErrors).toBe(1);
  expect(r.text).toContain("diagnostics for src/legacy.ts: 2 (1 error introduced by the edit)");
}, 120_000);
