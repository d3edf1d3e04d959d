// svc gate with a host over more changed sources than one svc/check call takes (the
// registry's cap on `paths`, 10,000): asked in batches, never an abstain for the size alone,
// and every changed file no loaded project holds is still named (a partial gate).

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../../src/registry/index.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { runSvcAsync } from "../helpers/cli.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] });
const CAP = operation("checkSession").params.find((p) => p.name === "paths")!.maxItems!;

describe("svc gate with a host over more changed sources than one call takes", () => {
  let runtime: string;
  let root: string;
  let host: RunningHost;
  beforeAll(async () => {
    runtime = useRuntimeDir();
    root = gitRepo({ "tsconfig.json": TSCONFIG, "src/a.ts": "export const a: number = 1;\n" });
    host = await startHost({ root, idleMinutes: 0, log: () => {} });
  }, 120_000);
  afterAll(async () => {
    await host.stop("test done");
  });

  test(`${CAP + 1} new files no project holds beside a checked one: the session gate runs, names them, and blocks only with --strict`, async () => {
    const env = { SVC_RUNTIME_DIR: runtime };
    expect((await runSvcAsync(["check", "--delta"], { cwd: root, env })).code).toBe(0);
    const many: Record<string, string> = { "src/a.ts": "export const a: number = 2;\n" };
    for (let i = 0; i <= CAP; i++) many[`other/f${String(i).padStart(5, "0")}.ts`] = `export const f${i} = ${i};\n`;
    writeFiles(root, many);
    const gate = await runSvcAsync(["gate", "--json"], { cwd: root, env });
    const data = JSON.parse(gate.stdout);
    expect({ code: gate.code, passed: data.passed, mode: data.mode, unverified: data.unverified.length }).toEqual({ code: 0, passed: true, mode: "session", unverified: CAP + 1 });
    expect(data.unverified).toContain(`other/f${String(CAP).padStart(5, "0")}.ts`);
    expect(data.note).toContain(`not checked: no loaded TypeScript project holds ${CAP + 1} changed files`);
    const strict = await runSvcAsync(["gate", "--strict"], { cwd: root, env });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toStartWith(`svc gate: not verified, blocking because of --strict: no loaded TypeScript project holds ${CAP + 1} changed files`);
  }, 300_000);
});
