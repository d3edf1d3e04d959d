// The README's Layout section stays true to src/: every top-level folder and file of src/
// has its sentence (a bullet naming it first), every src/ path the section names exists,
// and the folders come in the order of the layers (.dependency-cruiser.cjs).

import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";

const ROOT = join(import.meta.dir, "..");

function layoutSection(): string {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("\n## Layout\n");
  expect(start).toBeGreaterThan(0);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** Per bullet, the `src/…` names it opens with (one bullet may name several top-level files). */
function bulletNames(section: string): string[][] {
  return section
    .split("\n- ")
    .slice(1)
    .map((bullet) => [...(/^(?:`src\/[^`]+`(?:,\s*|\s+and\s+)?)+/.exec(bullet)?.[0] ?? "").matchAll(/`src\/([^`]+?)\/?`/g)].map((m) => m[1]!));
}

test("every top-level folder and file of src/ has one sentence in the README's Layout, and every path named there exists", () => {
  const section = layoutSection();
  const entries = readdirSync(join(ROOT, "src"), { withFileTypes: true }).map((e) => e.name).filter((n) => !n.endsWith(".d.ts"));
  const described = bulletNames(section).flat();
  expect(entries.filter((name) => !described.includes(name)).sort()).toEqual([]);
  expect(described.filter((name, i) => described.indexOf(name) !== i)).toEqual([]); // one sentence each
  const named = [...section.matchAll(/`(src\/[^`\s]*)`/g)].map((m) => m[1]!);
  expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
});

test("the Layout lists src/ in the order of the dependency layers", () => {
  const { LAYERS } = loadLayers();
  const rank = new Map<string, number>();
  LAYERS.forEach((areas, i) => areas.forEach((a) => rank.set(a, i)));
  const order = bulletNames(layoutSection()).map((names) => Math.min(...names.map((n) => rank.get(n) ?? Number.POSITIVE_INFINITY)));
  expect(order.filter((r) => !Number.isFinite(r))).toEqual([]); // every folder described is in a layer
  expect(order).toEqual([...order].sort((a, b) => a - b));
});

/** LAYERS of .dependency-cruiser.cjs (it exports only the rules; read the constant from its source). */
function loadLayers(): { LAYERS: string[][] } {
  const source = readFileSync(join(ROOT, ".dependency-cruiser.cjs"), "utf8");
  const match = /const LAYERS = (\[[\s\S]*?\n\]);/.exec(source);
  expect(match).not.toBeNull();
  return { LAYERS: runInNewContext(match![1]!) as string[][] };
}
