// The socket the engine's child binds for svc's API session (tsgo-api-… in the temp folder) is
// its owner's only, whatever the user's umask: under umask 000 it was 0777 and another local
// user connected to the compiler first (svc then lost its session and fell back to syntax).

import { expect, test } from "bun:test";
import { lstatSync, rmSync } from "node:fs";
import { fileUri } from "../../src/semantic/engine.ts";
import { LspProcess } from "../../src/semantic/lsp-process.ts";
import { tscExecutable } from "../../src/semantic/tsc-binary.ts";
import { gitRepo } from "../helpers/repo.ts";

test("under umask 000 the API socket grants nothing to group or others, and svc's own umask is as it was", async () => {
  const root = gitRepo({ "a.ts": "export const a = 1;\n" });
  const previous = process.umask(0);
  let lsp: LspProcess;
  try {
    lsp = new LspProcess({ executable: tscExecutable(), cwd: root });
    expect(process.umask()).toBe(0);
  } finally {
    process.umask(previous);
  }
  let pipe = "";
  try {
    await lsp.request("initialize", { processId: process.pid, rootUri: fileUri(root), capabilities: {}, workspaceFolders: [{ uri: fileUri(root), name: "w" }] }, 60_000);
    lsp.notify("initialized", {});
    pipe = (await lsp.request<{ pipe: string }>("custom/initializeAPISession", {}, 60_000)).pipe;
    const stat = lstatSync(pipe); // not connected to: the child removes it once svc's session connects
    expect(stat.isSocket()).toBe(true);
    expect((stat.mode & 0o077).toString(8)).toBe("0");
  } finally {
    lsp.kill();
    if (pipe) rmSync(pipe, { force: true }); // never connected to, the child leaves it behind
  }
}, 120_000);
