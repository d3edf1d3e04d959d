// The host's check warm-up on an engine the stopping host closed under it (its sweep ends quietly)
// warmed nothing, so it must not log "checks warm: N files' diagnostics cached", and what a closed engine
// answers is no baseline for the `hook` session (h109 saw the claim after 4 of 16 stops on hono).

import { expect, test } from "bun:test";
import { warmChecks, HOOK_SESSION } from "../../src/check/warm.ts";
import { loadBaseline, saveBaseline } from "../../src/check/sessions.ts";
import { residentChecks } from "../../src/check/workspace.ts";
import { call } from "../../src/engine.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { gitRepo } from "../helpers/repo.ts";

const FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] }),
  "src/a.ts": 'export const a: number = "not a number";\n',
  "src/b.ts": 'import { a } from "./a";\nexport const b = a + 1;\n',
};

test("a warm-up whose engine was closed claims nothing and sets no baseline", async () => {
  const root = gitRepo(FILES);
  await call("index", { path: root });
  const resident = holdResident(root, { writer: false });
  try {
    await resident.ensureLoaded();
    expect(await residentChecks(root, { cwd: root, host: true })).not.toBeNull();
    await resident.engine.close();
    // without a baseline: none is computed on the closed engine, and the warm-up says it stopped
    const logged: string[] = [];
    await warmChecks(root, resident, (m) => logged.push(m));
    expect(logged).toEqual(["check warm-up stopped: the TypeScript engine was closed (the host is stopping)"]);
    expect(loadBaseline(root, HOOK_SESSION)).toBeNull();
    // with one (a client set it, or a previous host), nothing threw and it claimed the cache warm
    saveBaseline(root, HOOK_SESSION, []);
    logged.length = 0;
    await warmChecks(root, resident, (m) => logged.push(m));
    expect(logged).toEqual(["check warm-up stopped: the TypeScript engine was closed (the host is stopping)"]);
  } finally {
    releaseResident(root);
  }
}, 120_000);
