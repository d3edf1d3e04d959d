// The dependency rules of src/ (.dependency-cruiser.cjs): no import cycle, dependencies
// point down the layers of the architecture, surfaces stay thin. dependency-cruiser runs on
// Bun (it refuses Node < 22) and parses TypeScript with swc (typescript@7 has no JS API).

import { describe, expect, test } from "bun:test";
import { cpSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { tempDir, writeFiles } from "./helpers/repo.ts";

const ROOT = join(import.meta.dir, "..");
const DEPCRUISE = join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruiser.mjs");

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: { name: string }[];
}

function cruise(cwd: string): { cruised: number; violations: Violation[] } {
  const r = Bun.spawnSync([process.execPath, "--bun", DEPCRUISE, "--config", join(cwd, ".dependency-cruiser.cjs"), "--output-type", "json", "src"], {
    cwd,
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = r.stdout.toString();
  if (!out.trim().startsWith("{")) throw new Error(`dependency-cruiser did not run (exit ${r.exitCode}): ${r.stderr.toString().slice(0, 2000)}`);
  const json = JSON.parse(out) as { summary: { totalCruised: number; violations: Violation[] } };
  return { cruised: json.summary.totalCruised, violations: json.summary.violations };
}

function sourceFiles(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) n += sourceFiles(full);
    else if (name.endsWith(".ts")) n++;
  }
  return n;
}

const show = (v: Violation): string =>
  `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (cycle: ${v.cycle.map((c) => c.name).join(" -> ")})` : ""}`;

describe("architecture", () => {
  test("src/ has no import cycle and every import follows the layer rules", () => {
    const { cruised, violations } = cruise(ROOT);
    // every source file was parsed (a missing TypeScript parser would skip them all silently)
    expect(cruised).toBeGreaterThanOrEqual(sourceFiles(join(ROOT, "src")));
    expect(violations.map(show)).toEqual([]);
  }, 120_000);

  test("the rules fail on a cycle, an upward import and a surface reaching past the engine", () => {
    const dir = tempDir("svc-arch-");
    cpSync(join(ROOT, "src"), join(dir, "src"), { recursive: true });
    cpSync(join(ROOT, ".dependency-cruiser.cjs"), join(dir, ".dependency-cruiser.cjs"));
    writeFiles(dir, {
      "src/store/cycle-a.ts": 'import { b } from "./cycle-b.ts";\nexport const a = () => b;\n',
      "src/store/cycle-b.ts": 'import type { a } from "./cycle-a.ts";\nexport const b = 1 as unknown as typeof a;\n',
      "src/store/upward.ts": 'export { find } from "../ops/find.ts";\n',
      "src/surfaces/cli/reach.ts": 'export { openIndex } from "../../index/open.ts";\n',
      "src/graph/upward.ts": 'export { symbolById } from "../retrieve/resolve-symbol.ts";\n',
    });
    const found = cruise(dir).violations.map(show);
    expect(found).toContain("no-circular: src/store/cycle-a.ts -> src/store/cycle-b.ts (cycle: src/store/cycle-b.ts -> src/store/cycle-a.ts)");
    expect(found).toContain("layer:store: src/store/upward.ts -> src/ops/find.ts");
    expect(found).toContain("surfaces-thin: src/surfaces/cli/reach.ts -> src/index/open.ts");
    // a known violation is allowed only to the file that has it
    expect(found).toContain("known-violation:graph: src/graph/upward.ts -> src/retrieve/resolve-symbol.ts");
  }, 120_000);
});
