// apply on real files holding whitespace a level-none view hides (trailing spaces and tabs): for each file the
// view is taken (svc_reduce level none, json), one line changed as a caller would, applied (write) and the file
// read back, then restored. Cases: a-edit-plain (a line away from any trailing whitespace gets " Z": the file must be
// the original with exactly that change), c-delete-ws (a line ending in hidden whitespace deleted: exactly that line
// gone), b-rewrite-ws (such a line rewritten to unlike text ending in the same character: whether its hidden whitespace
// came back is counted, and every other line must be kept). Files with CR or whose view has another line count
// (view-shape) are skipped. The repo is a scratch clone: files are written.
//   bun scripts/bench/apply-hidden-sweep.ts <clone> [max files=60]
// Figures (branch h144, 2 shared cores): mikro-orm (sparse clone of the 65 files with trailing whitespace), zod (13):
//   before (cf03718) and after (c36d3eb, h135's rule) a-edit-plain exact 46/46 and 7/7, c-delete-ws exact 46/46 and
//   7/7; b-rewrite-ws whitespace dropped → restored on all 46 and 7 (fb7cbd0's rule), other lines kept. hono, xstate,
//   ky, zustand, immer have no such file.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const [root, maxS] = process.argv.slice(2) as [string, string?];
if (!root) throw new Error("usage: apply-hidden-sweep.ts <clone> [max files]");
const { call } = await import("../../src/engine.ts");
const ctx = { cwd: root };
const text = (r: any) => (typeof r?.text === "string" ? r.text : JSON.stringify(r));
const files = Bun.spawnSync(["git", "grep", "-lI", "-E", "[ \t]+$", "--", "*.md", "*.ts", "*.tsx", "*.js", "*.json", "*.yml"], { cwd: root }).stdout.toString().trim().split("\n").filter(Boolean).slice(0, Number(maxS ?? 60));
const tally: Record<string, number> = {};
const bump = (k: string) => (tally[k] = (tally[k] ?? 0) + 1);
const fails: string[] = [];
for (const f of files) {
  const orig = readFileSync(join(root, f), "utf8");
  if (orig.includes("\r")) continue;
  const lines = orig.split("\n");
  const ws = lines.map((l, i) => (/[ \t]+$/.test(l) && /\S/.test(l) ? i : -1)).filter((i) => i >= 0);
  const plain = lines.map((l, i) => (/\S$/.test(l) && /\w/.test(l) && !ws.some((w) => Math.abs(w - i) < 2) ? i : -1)).filter((i) => i >= 0);
  if (!ws.length) continue;
  let viewed: string;
  try {
    const r = await call("reduce", { path: root, files: [f], level: "none", format: "json" }, ctx);
    viewed = JSON.parse(text(r)).entries[0].content;
  } catch (e) { bump("view-failed"); continue; }
  const vl = viewed.split("\n");
  if (vl.length !== lines.length && vl.length !== lines.length - 1) { bump("view-shape"); continue; }
  const cases: [string, number, (xs: string[]) => string[], (xs: string[]) => string[] | null][] = [];
  if (plain.length) { const i = plain[Math.floor(plain.length / 2)]!; cases.push(["a-edit-plain", i, (xs) => xs.map((x, j) => (j === i ? x + " Z" : x)), (xs) => xs.map((x, j) => (j === i ? x + " Z" : x))]); }
  const w = ws[0]!;
  cases.push(["c-delete-ws", w, (xs) => xs.filter((_, j) => j !== w), (xs) => xs.filter((_, j) => j !== w)]);
  cases.push(["b-rewrite-ws", w, (xs) => xs.map((x, j) => (j === w ? "QQQ rewritten entirely" + x.trimEnd().slice(-1) : x)), () => null]);
  for (const [kind, , mk, exp] of cases) {
    const content = mk(vl).join("\n") + (orig.endsWith("\n") ? "\n" : "");
    let ans = "";
    try { ans = text(await call("apply", { path: root, file: f, content, write: true }, ctx)); } catch (e: any) { ans = "ERR " + e.message; }
    const got = readFileSync(join(root, f), "utf8");
    const e = exp(lines);
    if (!ans.startsWith("applied")) { bump(`${kind} refused`); fails.push(`${kind} ${f}: ${ans.slice(0, 160)}`); }
    else if (e === null) {
      const gl = got.split("\n")[w] ?? "";
      bump(`${kind} ${/[ \t]+$/.test(gl) ? "ws-restored" : "ws-dropped"}`);
      const others = got.split("\n").filter((_, j) => j !== w).join("\n") === lines.filter((_, j) => j !== w).join("\n");
      if (!others) { bump(`${kind} OTHER-BYTES-CHANGED`); fails.push(`${kind} ${f}: other lines changed`); }
    } else if (got === e.join("\n")) bump(`${kind} exact`);
    else { bump(`${kind} DIFFERS`); fails.push(`${kind} ${f}:${w + 1}`); }
    writeFileSync(join(root, f), orig);
  }
}
console.log(`${root} (${files.length} files with trailing ws):`, JSON.stringify(tally));
for (const x of fails.slice(0, 15)) console.log("  " + x);
process.exit(Object.keys(tally).some((k) => /DIFFERS|OTHER|refused/.test(k)) ? 1 : 0);
