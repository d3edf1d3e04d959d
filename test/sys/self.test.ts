// svc run from source starts its copies (host, index, extraction children) with Bun: the
// workspace it runs in must not steer them through Bun's own files there — a `.env` (SVC_*
// settings) or a `bunfig.toml` preload (code to run).

import { describe, expect, test } from "bun:test";
import { existsSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { selfCommand } from "../../src/sys/self.ts";
import { VERSION } from "../../src/version.ts";
import { plainDir, tempDir } from "../helpers/repo.ts";

describe("svc's copy of itself", () => {
  test("reads neither the workspace's .env nor its bunfig.toml", async () => {
    const ws = plainDir({ "src/a.ts": "export const a = 1;\n" });
    const marker = join(ws, "preloaded");
    const files: Record<string, string> = {
      ".env": "SVC_MAX_FILE_BYTES=1\n",
      "bunfig.toml": 'preload = ["./pre.ts"]\n',
      "pre.ts": `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran");\n`,
    };
    for (const [name, text] of Object.entries(files)) await Bun.write(join(ws, name), text);
    const child = Bun.spawn(selfCommand(["index", ws]), { cwd: ws, stdout: "pipe", stderr: "pipe", env: { ...process.env, SVC_DAEMON: "0" } });
    const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
    expect(await child.exited).toBe(0);
    expect(existsSync(marker)).toBe(false); // the workspace's preload did not run
    expect(`${out}${err}`).not.toContain("skipped"); // SVC_MAX_FILE_BYTES=1 from its .env would skip every file
    expect(out).toContain("Indexed");
  }, 120_000);

  test("scripts/svc and scripts/test run through a symbolic link (linked onto PATH as svc), absolute or relative, one link to another", () => {
    const scripts = join(import.meta.dir, "..", "..", "scripts");
    const bin = tempDir();
    symlinkSync(join(scripts, "svc"), join(bin, "svc"));
    symlinkSync("svc", join(bin, "svc-again")); // a relative link to the link
    symlinkSync(join(scripts, "test"), join(bin, "svc-test"));
    for (const name of ["svc", "svc-again"]) {
      const run = Bun.spawnSync([join(bin, name), "--version"], { cwd: bin, stdout: "pipe", stderr: "pipe" });
      expect({ name, code: run.exitCode, out: run.stdout.toString(), err: run.stderr.toString() }).toEqual({ name, code: 0, out: `svc ${VERSION}\n`, err: "" });
    }
    const tests = Bun.spawnSync([join(bin, "svc-test"), "--help"], { cwd: bin, stdout: "pipe", stderr: "pipe" });
    expect({ code: tests.exitCode, err: tests.stderr.toString() }).toEqual({ code: 0, err: "" });
  }, 120_000);
});
