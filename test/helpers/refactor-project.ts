// A TypeScript project held by this process's resident workspace (as the host holds one), for
// svc_refactor tests: registers beforeAll/afterAll, and gives the calls those tests share —
// run a refactor, read a file, the refusal line, and apply a staged result then list the
// errors the project has afterwards.

import { afterAll, beforeAll } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { residentChecks } from "../../src/check/workspace.ts";
import { call } from "../../src/engine.ts";
import type { RefactorData } from "../../src/ops/refactor.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { useRuntimeDir } from "./host.ts";
import { gitRepo } from "./repo.ts";

export interface RefactorProject {
  /** The repository (set in beforeAll). */
  root: string;
  readonly ctx: { cwd: string; host: boolean };
  refactor(request: Record<string, unknown>): Promise<{ text: string; data: RefactorData }>;
  /** A file of the project as it is on disk. */
  disk(rel: string): string;
  /** The `prefix: message` line a surface shows for a rejected request. */
  rejected(request: Record<string, unknown>): Promise<string>;
  /** Apply every staged file with svc_workspace apply, then the project's errors (`path:line code message`). */
  applyAll(data: RefactorData): Promise<string[]>;
}

export function refactorProject(files: Record<string, string | Uint8Array>): RefactorProject {
  const ctx = { cwd: "/", host: true };
  const fx: RefactorProject = {
    root: "",
    ctx,
    async refactor(request) {
      const r = await call("refactor", { path: fx.root, ...request }, ctx);
      return { text: r.text, data: r.data as unknown as RefactorData };
    },
    disk: (rel) => readFileSync(join(fx.root, rel), "utf8"),
    rejected: async (request) => String(((await fx.refactor(request).then(() => null, (e: unknown) => e)) as { formatted?: string } | null)?.formatted),
    async applyAll(data) {
      for (const f of data.files ?? []) await call("apply", { path: fx.root, file: f.file, content: f.content, expectedHash: f.expectedHash, write: true }, ctx);
      const cw = (await residentChecks(fx.root, ctx))!;
      const { diags } = await cw.exclusive(() => cw.workspaceDiagnostics({ exact: true }));
      return diags.filter((d) => d.severity === "error").map((d) => `${d.path}:${d.line} ${d.code} ${d.message}`);
    },
  };
  beforeAll(async () => {
    useRuntimeDir();
    fx.root = gitRepo(files);
    await call("index", { path: fx.root });
    holdResident(fx.root, { writer: false });
  }, 120_000);
  afterAll(async () => {
    await releaseResident(fx.root);
  });
  return fx;
}
