// Secrets in texts an operation derives from a file: an answer line rendered with its
// `path:line` prefix (the detector's env-style rule needs the line's start) and a reduction
// that cuts a value with `…` (a literal over 200 characters, a doc summary over 120). The
// answer shows a marker, never the value nor its head.

import { afterAll, describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { runCli } from "../../src/surfaces/cli/run.ts";
import { CANARY, leaksIn } from "../helpers/canary.ts";
import { gitRepo, removeTempDirs } from "../helpers/repo.ts";

afterAll(removeTempDirs);

describe("redaction of derived texts", () => {
  test("find --kind text: a YAML password line rendered as `path:line  password: …` shows the marker, as its JSON hit does", async () => {
    const root = gitRepo({ "config/app.yaml": `db:\n  user: admin\n  password: ${CANARY.apiToken}\n`, "src/a.ts": "export const a = 1;\n" });
    await call("index", { path: root }, { cwd: root });
    for (const json of [false, true]) {
      const out: string[] = [];
      await runCli(["find", "password", root, "--kind", "text", ...(json ? ["--json"] : [])], { out: (t) => out.push(t), err: (t) => out.push(t), errIsTty: false });
      expect(leaksIn(out.join("\n"))).toEqual([]);
      expect(out.join("\n")).toContain("[REDACTED:api-token]");
    }
  }, 120_000);

  test("reduce aggressive / skeleton: a token cut by a shortened literal or a doc summary loses its head", async () => {
    const file = [
      `export const header = "${"header-padding-".repeat(4).slice(0, 62)} ${CANARY.githubToken} ${"z".repeat(160)}";`,
      "",
      `/** Signs requests; ${"w".repeat(50)} the fallback credential is ${CANARY.slackToken} always. */`,
      "export function sign(): string { return header; }",
      "",
    ].join("\n");
    const root = gitRepo({ "src/cut.ts": file });
    for (const level of ["aggressive", "skeleton"]) {
      const result = await call("reduce", { path: root, files: ["src/cut.ts"], level });
      expect({ level, leaks: leaksIn(result.text + JSON.stringify(result.data)) }).toEqual({ level, leaks: [] });
      expect(result.text).toContain("[REDACTED:");
      expect(result.text).toContain("…");
    }
  }, 120_000);
});
