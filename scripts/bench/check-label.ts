// Ground truth for the check honesty benchmark: the project's real `tsc --noEmit` with the
// edit applied, compared with tsc on the untouched project. An edit is breaking when tsc
// reports an error the untouched project does not have (multiset by path, code, message).
// Labels are cached in .bench/check/labels-<project>.json keyed by edit id and content hash.

import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { diagDelta, type Diag } from "../../src/check/diag.ts";
import type { Edit } from "./check-edits.ts";

export interface Label {
  id: string;
  hash: string;
  breaking: boolean;
  /** The introduced errors tsc reported (at most 5, one line each). */
  introduced: string[];
}

const LINE = /^(.+?)\((\d+),(\d+)\): (error|warning) (TS\d+): (.*)$/;

export function parseTsc(output: string): Diag[] {
  const diags: Diag[] = [];
  for (const line of output.split("\n")) {
    const m = LINE.exec(line);
    if (m) diags.push({ path: m[1]!, line: Number(m[2]), column: Number(m[3]), severity: m[4] === "error" ? "error" : "warning", code: m[5]!, message: m[6]! });
  }
  return diags;
}

export async function runTsc(tsc: string, dir: string): Promise<Diag[]> {
  const child = Bun.spawn([tsc, "--noEmit", "-p", ".", "--pretty", "false"], { cwd: dir, stdout: "pipe", stderr: "pipe" });
  const [out] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return parseTsc(out);
}

const hashOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** Label every edit (cached), running `workers` tsc processes on private copies of the project. */
export async function labelEdits(tsc: string, project: { name: string; dir: string }, edits: Edit[], cacheDir: string, workers = 2): Promise<Map<string, Label>> {
  mkdirSync(cacheDir, { recursive: true });
  const cacheFile = join(cacheDir, `labels-${project.name}.json`);
  const cache = new Map<string, Label>(existsSync(cacheFile) ? (JSON.parse(readFileSync(cacheFile, "utf8")) as Label[]).map((l) => [l.id, l]) : []);
  const todo = edits.filter((e) => cache.get(e.id)?.hash !== hashOf(e.content));
  if (todo.length) {
    const baseline = await runTsc(tsc, project.dir);
    process.stderr.write(`labelling ${todo.length} edits of ${project.name} with tsc --noEmit (baseline: ${baseline.length} diagnostics)…\n`);
    const copies = Array.from({ length: Math.min(workers, todo.length) }, (_, i) => {
      const copy = join(cacheDir, `work-${project.name}-${i}`);
      rmSync(copy, { recursive: true, force: true });
      cpSync(project.dir, copy, { recursive: true, filter: (src) => !src.includes("/.git") && !src.includes("/.svc") });
      return copy;
    });
    let next = 0;
    let done = 0;
    await Promise.all(
      copies.map(async (copy) => {
        while (next < todo.length) {
          const edit = todo[next++]!;
          const target = join(copy, edit.file);
          const original = readFileSync(target, "utf8");
          writeFileSync(target, edit.content);
          const now = await runTsc(tsc, copy);
          writeFileSync(target, original);
          const introduced = diagDelta(baseline, now).introduced.filter((d) => d.severity === "error");
          cache.set(edit.id, { id: edit.id, hash: hashOf(edit.content), breaking: introduced.length > 0, introduced: introduced.slice(0, 5).map((d) => `${d.code} ${d.path}:${d.line} ${d.message.slice(0, 120)}`) });
          if (++done % 25 === 0) {
            process.stderr.write(`  ${done}/${todo.length}\n`);
            writeFileSync(cacheFile, JSON.stringify([...cache.values()], null, 1));
          }
        }
      }),
    );
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
    writeFileSync(cacheFile, JSON.stringify([...cache.values()], null, 1));
  }
  return cache;
}
