// Print the folder-to-folder import matrix of src/ and every import cycle.
// `bun scripts/arch-matrix.ts` — rows import columns; a cell counts import statements
// (static, re-export and dynamic `import("…")`, type-only included) from files of the row
// folder to files of the column folder. Top-level files of src/ are their own rows
// (`engine.ts`, `params.ts`, …). Cycles are the strongly connected components of the
// file graph with more than one file (or a file importing itself).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dir, "..", "src");

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function specifiers(text: string): string[] {
  const stripped = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  const out: string[] = [];
  for (const m of stripped.matchAll(IMPORT)) out.push((m[1] ?? m[2])!);
  return out;
}

function resolveSpec(from: string, spec: string, files: Set<string>): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  for (const c of [base, base.replace(/\.js$/, ".ts"), `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (files.has(c)) return c;
  }
  return undefined;
}

export function area(file: string): string {
  const rel = relative(root, file);
  const [head, ...rest] = rel.split("/");
  return rest.length === 0 ? head! : `${head}/`;
}

export function buildGraph(): Map<string, string[]> {
  const list = walk(root).sort();
  const files = new Set(list);
  const graph = new Map<string, string[]>();
  for (const f of list) {
    const targets: string[] = [];
    for (const spec of specifiers(readFileSync(f, "utf8"))) {
      const t = resolveSpec(f, spec, files);
      if (t) targets.push(t);
    }
    graph.set(f, targets);
  }
  return graph;
}

export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}

if (import.meta.main) {
  const graph = buildGraph();
  const counts = new Map<string, Map<string, number>>();
  const areas = new Set<string>();
  for (const [from, tos] of graph) {
    const a = area(from);
    areas.add(a);
    for (const to of tos) {
      const b = area(to);
      if (a === b) continue;
      const row = counts.get(a) ?? new Map<string, number>();
      row.set(b, (row.get(b) ?? 0) + 1);
      counts.set(a, row);
    }
  }
  const cols = [...areas].sort();
  const label = (s: string): string => s.replace(/\.ts$/, "").replace(/\/$/, "");
  const width = Math.max(...cols.map((c) => label(c).length));
  console.log(`import matrix of src/ (row imports column; import statements, same-folder omitted)\n`);
  console.log(`${"".padEnd(width)} ${cols.map((c, i) => String(i).padStart(3)).join("")}`);
  cols.forEach((r, i) => {
    const row = counts.get(r);
    const cells = cols.map((c) => String(row?.get(c) ?? (r === c ? "·" : "")).padStart(3)).join("");
    console.log(`${label(r).padEnd(width - 3)}${String(i).padStart(3)} ${cells}`);
  });
  console.log(`\nedges (row -> column: count):`);
  for (const r of cols) {
    const row = counts.get(r);
    if (!row) continue;
    console.log(`  ${label(r)} -> ${[...row].sort().map(([c, n]) => `${label(c)}:${n}`).join(" ")}`);
  }
  const found = cycles(graph);
  console.log(`\nimport cycles (strongly connected components over files): ${found.length}`);
  for (const comp of found) console.log(`  - ${comp.map((f) => relative(root, f)).join("  ")}`);
}
