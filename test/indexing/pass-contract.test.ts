// One contract for every registered index pass: "update after a change = full rebuild".
// For each pass of PASSES, the pipeline up to and including it builds a real small git repo
// (the wiring `checker` fixture: imports, re-exports, routes, DI, a tsconfig, and two
// commits of history touching files the edits later delete or rename), then a fixed
// set of edits is applied one at a time (files added, changed, deleted, renamed, skipped; an
// export, a wiring registration and a config file changed, a config extended under another
// name and then edited; a commit that moves history
// but no file); after each, the store is updated incrementally
// (a reconcile that lists the tree, or a watcher's targeted sync of the edited paths; the
// deferred passes then run incrementally over the changed files) and its id-independent
// digest (scripts/bench/store-digest.ts) must equal the digest of a full rebuild
// (`--force`, deferred passes run in full). The history pass is held to it like the others;
// a pass registered later (an incremental semantic tier) is held to it the day it joins PASSES.

import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { storeDigest } from "../../scripts/bench/store-digest.ts";
import { pipeline, type IndexPass, type IndexPipeline } from "../../src/index/pass.ts";
import { syncPasses, type SyncResult } from "../../src/index/sync.ts";
import { PASSES } from "../../src/indexing/passes.ts";
import { git, gitRepo } from "../helpers/repo.ts";
import { fixtureFiles } from "../helpers/wiring.ts";

interface Edit {
  name: string;
  /** False for an edit outside the work tree (a commit): passes that read only files have nothing to redo. */
  changesFiles?: false;
  /** Apply the edit; returns the root-relative paths it touched (what a watcher would report). */
  apply(root: string): string[];
}

const write = (root: string, path: string, text: string): string[] => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  return [path];
};
function replaceIn(root: string, path: string, from: string, to: string): string[] {
  const abs = join(root, path);
  const text = readFileSync(abs, "utf8");
  if (!text.includes(from)) throw new Error(`edit: ${path} has no ${JSON.stringify(from)}`);
  writeFileSync(abs, text.replace(from, to));
  return [path];
}

let clock = Date.now() / 1000 - 3600;
/** Give each touched file a distinct mtime, so a stat compare can never miss an edit made within the same millisecond. */
function stamp(root: string, paths: readonly string[]): void {
  clock += 10;
  for (const path of paths) {
    try {
      utimesSync(join(root, path), clock, clock);
    } catch {
      // a deleted path
    }
  }
}

const EDITS: Edit[] = [
  { name: "touch without change", apply: (root) => replaceIn(root, "src/paths.ts", "/api", "/api") },
  { name: "modify a function body", apply: (root) => replaceIn(root, "src/orders/orders.handlers.ts", "res.json({ created: true });", "res.status(201);\n  res.json({ created: true });") },
  { name: "change an exported constant a route uses", apply: (root) => replaceIn(root, "src/paths.ts", '"/api"', '"/v2"') },
  {
    name: "rename an exported handler (and its re-export)",
    apply: (root) => [...replaceIn(root, "src/orders/orders.handlers.ts", "getOrder", "loadOrder"), ...replaceIn(root, "src/orders/index.ts", "getOrder", "loadOrder")],
  },
  { name: "change a wiring registration", apply: (root) => replaceIn(root, "src/admin/admin.routes.ts", '"/admin/stats"', '"/admin/metrics"') },
  { name: "import a module that does not exist yet", apply: (root) => replaceIn(root, "src/app.ts", 'import { API_BASE } from "./paths";', 'import { API_BASE } from "./paths";\nimport { audit } from "./audit";\napp.use(audit);') },
  {
    name: "add the file that satisfies it (with a route)",
    apply: (root) => write(root, "src/audit.ts", 'import { Router } from "express";\nexport const audit = Router();\naudit.get("/audit", (req, res) => res.end());\n'),
  },
  {
    name: "delete a file",
    apply: (root) => {
      rmSync(join(root, "src/payments/paypal.gateway.ts"));
      return ["src/payments/paypal.gateway.ts"];
    },
  },
  {
    name: "rename a file and its importer",
    apply: (root) => {
      renameSync(join(root, "src/admin/factory.ts"), join(root, "src/admin/make-router.ts"));
      return ["src/admin/factory.ts", "src/admin/make-router.ts", ...replaceIn(root, "src/admin/admin.routes.ts", '"./factory"', '"./make-router"')];
    },
  },
  { name: "a file becomes unreadable as text (skipped)", apply: (root) => write(root, "src/metrics/metrics.ts", "export const a = 1;\0\0\0\n") },
  { name: "and readable again", apply: (root) => write(root, "src/metrics/metrics.ts", "export const count = (n: number) => n + 1;\n") },
  {
    name: "a file without wiring gains a route",
    apply: (root) => write(root, "src/metrics/metrics.ts", 'import { Router } from "express";\nexport const count = (n: number) => n + 1;\nexport const metrics = Router();\nmetrics.get("/metrics", (req, res) => res.end());\n'),
  },
  { name: "add a config file the wiring reads", apply: (root) => write(root, ".env.example", "PORT=3000\nAPI_KEY=\n") },
  {
    name: "the tsconfig extends a base config under another name, whose paths an import uses",
    apply: (root) => [
      ...write(root, "config/base.json", JSON.stringify({ compilerOptions: { paths: { "@lib/*": ["../src/*"] } } })),
      ...replaceIn(root, "tsconfig.json", "{\n", '{\n  "extends": "./config/base.json",\n'),
      ...write(root, "src/alias-user.ts", 'import { API_BASE } from "@lib/paths";\nexport const base = API_BASE;\n'),
    ],
  },
  { name: "edit the base config's paths (the import now resolves nowhere)", apply: (root) => replaceIn(root, "config/base.json", '"../src/*"', '"../src/orders/*"') },
  {
    name: "commit everything (history moves, the work tree does not)",
    changesFiles: false,
    apply: (root) => {
      git(root, "add", "-A");
      git(root, "commit", "-q", "-m", "edits");
      return [];
    },
  },
];

/** History before the edits (the first commit is a root commit, which gives no signals): files that are later deleted or renamed changed together. */
function pastWork(root: string): void {
  for (const [message, path] of [
    ["payments: retry paypal captures", "src/payments/paypal.gateway.ts"],
    ["admin: router factory takes options", "src/admin/factory.ts"],
  ] as const) {
    writeFileSync(join(root, path), `${readFileSync(join(root, path), "utf8")}// ${message}\n`);
    writeFileSync(join(root, "src/paths.ts"), `${readFileSync(join(root, "src/paths.ts"), "utf8")}// ${message}\n`);
    git(root, "commit", "-qam", message);
  }
}

async function update(root: string, pipe: IndexPipeline, options: { paths?: string[]; force?: boolean }): Promise<SyncResult> {
  const result = await syncPasses(root, pipe, options);
  for (const pass of pipe.deferred) await pass.run(root, { full: options.force === true, paths: result.changedPaths });
  return result;
}

/** The registered passes, each with the pipeline that ends with it (what it reads is written by the passes before it). */
const PREFIXES: { pass: IndexPass; pipe: IndexPipeline }[] = PASSES.map((pass, i) => ({ pass, pipe: pipeline(PASSES.slice(0, i + 1)) }));

describe("index pass contract: update after a change = full rebuild", () => {
  test("every pass is registered in order and declares what it reads and writes", () => {
    expect(PASSES[0]?.kind).toBe("syntax");
    for (const pass of PASSES) expect(pass.writes.length).toBeGreaterThan(0);
    // pipeline() throws on a pass reading what no earlier pass writes
    expect(() => pipeline([...PASSES].reverse())).toThrow();
  });

  for (const { pass, pipe } of PREFIXES) {
    for (const via of pass.kind === "deferred" ? (["listing"] as const) : (["listing", "paths"] as const)) {
      test(`${pass.name} (through ${pipe.all.map((p) => p.name).join(" → ")}), updated by ${via === "paths" ? "a targeted sync of the edited paths" : "a reconcile listing the tree"}`, async () => {
        const root = gitRepo(fixtureFiles("checker"));
        pastWork(root);
        await update(root, pipe, { force: true });
        for (const { name, apply, changesFiles } of EDITS) {
          const paths = apply(root);
          stamp(root, paths);
          const result = await update(root, pipe, via === "paths" ? { paths } : {});
          if (changesFiles !== false) expect(result.unchanged).toBe(false);
          const incremental = storeDigest(root);
          await update(root, pipe, { force: true });
          const rebuilt = storeDigest(root);
          expect({ edit: name, digest: incremental }).toEqual({ edit: name, digest: rebuilt });
        }
      }, 600_000);
    }
  }
});
