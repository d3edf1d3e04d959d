// Refactor bench on a real project (not a fixture): a throwaway git copy of a checkout
// (default /work/repos/hono, or argv[2]), indexed, with this process holding the resident
// engine as the host does. For each operation a handful of targets: the staged result is
// applied with svc_workspace apply and the project is type-checked by the compiler binary
// (`tsc --noEmit -p <tsconfig>`, independent of the engine that verified it); an error
// beyond the baseline makes the target `wrong`. Then the copy is reset for the next target.
//
//   bun scripts/bench/refactor-bench.ts [/path/to/repo] [tsconfig]

import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import type { RefactorData } from "../../src/ops/refactor.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";

const source = process.argv[2] ?? "/work/repos/hono";
const tsconfig = process.argv[3] ?? "tsconfig.build.json";
const TARGETS: Record<string, Record<string, string>[]> = {
  "add-parameter": [
    { symbol: "splitPath", parameterName: "strict", parameterType: "boolean", argument: "false" },
    { symbol: "getQueryStrings", parameterName: "limit", parameterType: "number", argument: "0" },
    { symbol: "tryDecode", parameterName: "fallback", parameterType: "string", argument: "''" },
    { symbol: "distinctRemoteAddr", parameterName: "strict", parameterType: "boolean", argument: "true" },
    { symbol: "getColorEnabled", parameterName: "force", parameterType: "boolean", argument: "false" },
    { symbol: "splitPath", parameterName: "_strict", parameterType: "boolean", argument: "false" },
    { symbol: "getQueryStrings", parameterName: "_limit", parameterType: "number", argument: "0" },
  ],
  "remove-parameter": [
    { symbol: "tryDecode", parameterName: "decoder" },
    { symbol: "getPattern", parameterName: "next" },
    { symbol: "splitPath", parameterName: "path" },
    { symbol: "mergePath", file: "src/utils/url.ts", parameterName: "base" },
    { symbol: "useDebugValue", parameterName: "_formatter" },
    { symbol: "useDebugValue", parameterName: "_value" },
  ],
  "reorder-parameters": [
    { symbol: "tryDecode", newOrder: "decoder, str" },
    { symbol: "getPattern", newOrder: "next, label" },
    { symbol: "mergePath", file: "src/utils/url.ts", newOrder: "sub, base" },
    { symbol: "useDebugValue", newOrder: "_formatter, _value" },
  ],
  "extract-interface": [{ symbol: "HTTPException" }, { symbol: "Trie" }, { symbol: "TrieRouter" }, { symbol: "PatternRouter" }, { symbol: "HonoRequest", file: "src/request.ts" }],
  "move-to-file": [{ symbol: "splitPath" }, { symbol: "getQueryStrings" }, { symbol: "tryDecodeURI" }, { symbol: "decodeHeader" }, { symbol: "isTokenHeader" }],
};

function sh(argv: string[], cwd: string): { code: number; out: string } {
  const r = Bun.spawnSync(argv, { cwd, stdout: "pipe", stderr: "pipe" });
  return { code: r.exitCode ?? 1, out: r.stdout.toString() + r.stderr.toString() };
}

const TSC = join(import.meta.dir, "..", "..", "node_modules", ".bin", "tsc");
/** The compiler's errors as a multiset of `file(code): message` lines (positions dropped). */
function tscErrors(root: string): Map<string, number> {
  const { out } = sh([TSC, "--noEmit", "-p", tsconfig, "--pretty", "false"], root);
  const counts = new Map<string, number>();
  for (const line of out.split("\n")) {
    const m = /^(.+?)\(\d+,\d+\): error (TS\d+): (.*)$/.exec(line);
    if (m) counts.set(`${m[1]} ${m[2]} ${m[3]}`, (counts.get(`${m[1]} ${m[2]} ${m[3]}`) ?? 0) + 1);
  }
  return counts;
}

const root = mkdtempSync(join(tmpdir(), "svc-refactor-bench-"));
cpSync(source, root, { recursive: true, filter: (p) => !p.includes("/node_modules") && !p.endsWith("/.git") && !p.includes("/.svc") });
for (const argv of [["git", "init", "-q"], ["git", "add", "-A"], ["git", "-c", "user.email=bench@svc", "-c", "user.name=bench", "commit", "-qm", "bench"]]) sh(argv, root);
const ctx = { cwd: "/", host: true };
try {
  let t = performance.now();
  await call("index", { path: root }, ctx);
  console.log(`index ${Math.round(performance.now() - t)} ms`);
  holdResident(root, { writer: false });
  const baseline = tscErrors(root);
  console.log(`baseline: ${[...baseline.values()].reduce((a, b) => a + b, 0)} tsc errors with ${tsconfig}`);
  for (const [operation, targets] of Object.entries(TARGETS)) {
    const tally = { staged: 0, abstained: 0, wrong: 0 };
    const ms: number[] = [];
    for (const target of targets) {
      t = performance.now();
      const r = await call("refactor", { path: root, operation, ...target }, ctx);
      ms.push(performance.now() - t);
      const data = r.data as unknown as RefactorData;
      let verdict: string;
      if (data.status === "staged") {
        for (const f of data.files!) await call("apply", { path: root, file: f.file, content: f.content, expectedHash: f.expectedHash, write: true }, ctx);
        const after = tscErrors(root);
        const added = [...after].filter(([k, n]) => n > (baseline.get(k) ?? 0)).map(([k]) => k);
        if (added.length) {
          tally.wrong++;
          verdict = `WRONG (${added.length} new tsc errors: ${added.slice(0, 2).join("; ")})`;
        } else {
          tally.staged++;
          verdict = `staged ${data.files!.length} files, tsc clean`;
        }
        sh(["git", "checkout", "--", "."], root);
        sh(["git", "clean", "-fdq", "-e", ".svc"], root);
      } else {
        tally.abstained++;
        verdict = r.text.slice(0, 160);
      }
      console.log(`  ${operation} ${target.symbol}: ${verdict} (${Math.round(ms[ms.length - 1]!)} ms)`);
    }
    ms.sort((a, b) => a - b);
    console.log(`${operation}: staged ${tally.staged} / abstained ${tally.abstained} / wrong ${tally.wrong}; latency median ${Math.round(ms[Math.floor(ms.length / 2)]!)} ms, max ${Math.round(ms[ms.length - 1]!)} ms`);
  }
} finally {
  await releaseResident(root);
  rmSync(root, { recursive: true, force: true });
}
