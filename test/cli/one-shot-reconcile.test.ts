// The CLI one-shot on a warm store, no host: each run is a fresh process that reconciles on
// read (the writer loads only when something changed), so edits made since the index show.

import { describe, expect, test } from "bun:test";
import { renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { runSvc } from "../helpers/cli.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";
import { useRuntimeDir } from "../helpers/host.ts";

const env = { SVC_RUNTIME_DIR: useRuntimeDir() }; // no host answers for these roots

function classes(root: string, query: string): string[] {
  const r = runSvc(["find", query, root, "--kind", "symbol", "--json"], { env });
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  const data = JSON.parse(r.stdout) as { indexState: string; symbols: { hits: { kind: string; name: string; path: string }[] } };
  expect(data.indexState).toBe("ready");
  return data.symbols.hits.filter((h) => h.kind === "class").map((h) => `${h.name}@${h.path}`);
}

describe("CLI one-shot reconcile on read", () => {
  test("an edit, an addition, a rename, a deletion and a folder that became its own repo since the index are reflected", () => {
    const root = gitRepo({
      "src/billing.ts": "export class Billing {}\n",
      "src/ledger.ts": "export class Ledger {}\n",
      "vendor-lib/src/thing.ts": "export class VendoredThing {}\n",
    });
    expect(runSvc(["index", root, "--quiet"], { env }).code).toBe(0);
    expect(classes(root, "Ledger")).toEqual(["Ledger@src/ledger.ts"]);

    writeFiles(root, { "src/ledger.ts": "export class GeneralLedger {}\n", "src/audit.ts": "export class AuditTrail {}\n" });
    renameSync(join(root, "src/billing.ts"), join(root, "src/invoicing.ts"));
    expect(classes(root, "Ledger")).toEqual(["GeneralLedger@src/ledger.ts"]);
    expect(classes(root, "AuditTrail")).toEqual(["AuditTrail@src/audit.ts"]);
    expect(classes(root, "Billing")).toEqual(["Billing@src/invoicing.ts"]);

    rmSync(join(root, "src/audit.ts"));
    git(join(root, "vendor-lib"), "init", "-q");
    expect(classes(root, "AuditTrail")).toEqual([]);
    expect(classes(root, "VendoredThing")).toEqual([]);
  }, 120_000);
});
