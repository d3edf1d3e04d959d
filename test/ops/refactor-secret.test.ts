// A refactor's staged files are redacted like every answer, and svc_workspace apply puts the
// file's own values back for their markers. A staged file whose markers apply could not turn
// back into exactly the content that was verified (a secret moved into a new file) is not
// handed off as applicable: the refactor abstains, naming why, and nothing is written.

import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { refactorProject } from "../helpers/refactor-project.ts";

const AWS = "AKIAIOSFODNN7EXAMPLF";
const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const fx = refactorProject({
  "tsconfig.json": TSCONFIG,
  "src/keys.ts": `export const region = "eu-west-1";\nexport const awsKey = "${AWS}";\n`,
  "src/two.ts": `export const first = "${AWS}";\nexport const second = "AKIAJ7EXAMPLEKEY2QWE";\n`,
  "src/use.ts": `import { awsKey, region } from "./keys";\nexport const both = awsKey + region;\n`,
});

describe("a refactor carrying a secret", () => {
  test("a secret moved into a new file: abstains (apply could not put it back), nothing written; a rename beside it applies with the value kept", async () => {
    const moved = await fx.refactor({ operation: "move-to-file", symbol: "awsKey" });
    expect(moved.text).not.toContain(AWS);
    expect(JSON.stringify(moved.data)).not.toContain(AWS);
    expect(moved.text).toStartWith("cannot move-to-file:");
    expect(moved.text).toContain("src/awsKey.ts");
    expect(existsSync(join(fx.root, "src/awsKey.ts"))).toBe(false);
    const renamed = await fx.refactor({ operation: "rename", symbol: "awsKey", newName: "accessKey" });
    expect(JSON.stringify(renamed.data)).not.toContain(AWS);
    expect(renamed.text).toStartWith("staged");
    expect(await fx.applyAll(renamed.data)).toEqual([]);
    expect(fx.disk("src/keys.ts")).toBe(`export const region = "eu-west-1";\nexport const accessKey = "${AWS}";\n`);
    // the renamed line holds one of two values of its kind: apply takes the one of the line the rename changed (h119: it
    // abstained, "make this change by hand", on every file holding two connection strings or two API keys)
    const two = await fx.refactor({ operation: "rename", symbol: "first", newName: "primary" });
    expect(JSON.stringify(two.data)).not.toContain(AWS);
    expect(two.text).toStartWith("staged");
    expect(await fx.applyAll(two.data)).toEqual([]);
    expect(fx.disk("src/two.ts")).toBe(`export const primary = "${AWS}";\nexport const second = "AKIAJ7EXAMPLEKEY2QWE";\n`);
  }, 120_000);
});
