// The command installers write: portable and pinned in project files, an installed binary
// only in files local to this machine, never a path into an npx/bunx cache or a temp folder.

import { describe, expect, test } from "bun:test";
import { chooseLaunch, isTemporaryPath, npxCaveat, type LaunchFacts } from "../../src/install/launch.ts";

const facts = (over: Partial<LaunchFacts>): LaunchFacts => ({ version: "1.2.3", installed: null, fromCheckout: false, svcOnPath: false, tempRoots: ["/tmp"], ...over });
const npx = { command: "npx", args: ["-y", "svc-engine@1.2.3", "gate"] };

describe("chooseLaunch", () => {
  test("project scope: `svc` when PATH has this version, else the pinned npx command; never an absolute path", () => {
    expect(chooseLaunch(["gate"], "project", facts({ svcOnPath: true, installed: "/usr/local/bin/svc" }))).toEqual({ command: "svc", args: ["gate"] });
    expect(chooseLaunch(["gate"], "project", facts({ installed: "/usr/local/bin/svc" }))).toEqual(npx);
    expect(chooseLaunch(["gate"], "project", facts({ installed: "/home/me/svc/scripts/svc", fromCheckout: true }))).toEqual(npx);
  });

  test("a written npx command says what it needs (the version on the registry, unchecked offline); any other command says nothing", () => {
    expect(npxCaveat(npx)).toContain("needs svc-engine@1.2.3 on the npm registry (or in npx's cache): svc cannot check that offline");
    expect(npxCaveat({ command: "svc", args: ["gate"] })).toBe("");
    expect(npxCaveat({ command: "/usr/local/bin/svc", args: ["gate"] })).toBe("");
  });

  test("local scope: an installed binary by absolute path, but never one in a runner's cache or a temp folder", () => {
    expect(chooseLaunch(["gate"], "local", facts({ installed: "/usr/local/bin/svc" }))).toEqual({ command: "/usr/local/bin/svc", args: ["gate"] });
    expect(chooseLaunch(["gate"], "local", facts({ svcOnPath: true, installed: "/usr/local/bin/svc" }))).toEqual({ command: "svc", args: ["gate"] });
    for (const temporary of [
      "/home/me/.npm/_npx/0123abcd/node_modules/svc-engine-linux-x64/bin/svc",
      "/tmp/bunx-0-svc-engine@1.2.3/node_modules/svc-engine-linux-x64/bin/svc",
      "/home/me/.bun/install/cache/svc-engine-linux-x64@1.2.3/bin/svc",
      "/tmp/x/svc",
    ]) {
      expect(isTemporaryPath(temporary, ["/tmp"])).toBe(true);
      expect(chooseLaunch(["gate"], "local", facts({ installed: temporary }))).toEqual(npx);
    }
    // A developer's checkout is used wherever it is.
    expect(chooseLaunch(["gate"], "local", facts({ installed: "/tmp/clone/scripts/svc", fromCheckout: true }))).toEqual({ command: "/tmp/clone/scripts/svc", args: ["gate"] });
    expect(isTemporaryPath("/tmpfoo/svc", ["/tmp"])).toBe(false);
  });
});
