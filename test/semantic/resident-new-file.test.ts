// A file the index takes in after the resident workspace loaded is told to the engine as created,
// not changed: the engine's projects never take a file they have not heard of, so the reloaded
// workspace did not own it (its answers left it out until a check adopted it).

import { afterAll, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/a.ts": "export const a = 1;\n" });

afterAll(async () => {
  await releaseResident(root);
});

test("a source file indexed after the resident workspace loaded is owned once it reloads", async () => {
  await call("index", { path: root });
  const resident = holdResident(root, { writer: true });
  expect((await resident.ensureLoaded()).owner.has("src/a.ts")).toBe(true);
  writeFiles(root, { "src/x.ts": 'import { a } from "./a";\nexport const x = a + 1;\n' });
  await call("index", { path: root });
  expect((await resident.ensureLoaded()).owner.has("src/x.ts")).toBe(true);
}, 180_000);
