// The semantic tier on the command line: doctor, find --kind neighbors/signatures, impact,
// their --json shapes and exit codes.

import { describe, expect, test } from "bun:test";
import { runSvc } from "../helpers/cli.ts";
import { gitRepo } from "../helpers/repo.ts";
import { LIB } from "./fixtures.ts";

describe("svc doctor / impact / find --kind neighbors on the CLI", () => {
  const root = gitRepo(LIB);

  test("index, then doctor --json, neighbors and impact", () => {
    expect(runSvc(["index", root]).stdout).toStartWith("Indexed [semantic] 6 files");
    const doctor = runSvc(["doctor", root, "--json"]);
    expect(doctor.code).toBe(0);
    expect(JSON.parse(doctor.stdout)).toMatchObject({ root, indexState: "ready", tier: "semantic", source: "stamped", diagnosis: { method: "root", projects: [{ config: "tsconfig.json", status: "loaded", files: 4 }] } });
    const n = runSvc(["find", "Orders", root, "--kind", "neighbors"]);
    // `Orders` is only a re-export alias: the index has no declaration of that name
    expect(n.code).toBe(1);
    expect(n.stderr).toStartWith("symbol_not_found: no declaration named 'Orders'");
    const missing = runSvc(["impact", "nosuchsymbol", root, "--json"]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stderr)).toMatchObject({ error: { prefix: "symbol_not_found" } });
    const impact = runSvc(["impact", "makeOrder", root, "--depth", "1"]);
    expect(impact.code).toBe(0);
    expect(impact.stdout).toContain("[calls] quick  (src/checkout.ts:9)");
  }, 120_000);

  test("bad input: package mode, no symbol", () => {
    const pkg = runSvc(["impact", "--package", "zod", "--from-version", "3.0.0", root]);
    expect(pkg.code).toBe(1);
    expect(pkg.stderr).toStartWith("validation_error: package mode needs package, fromVersion and toVersion; missing: toVersion");
    const none = runSvc(["impact", "--cwd", root]);
    expect(none.code).toBe(1);
    expect(none.stderr).toStartWith("validation_error: symbol must name a declaration");
  }, 120_000);
});
