// extract-interface types a member the source leaves unannotated with the checker's type,
// printed in full. The checker cuts a long type when printing it (`{ a: string; ...; z:
// number; }`, `Actor<...>`), which is no type a file can hold: on xstate, extract-interface of
// StateMachine wrote such a type into IStateMachine and refused over its own edit ("it would
// introduce Error TS1110 … Type expected").

import { describe, expect, test } from "bun:test";
import { refactorProject } from "../helpers/refactor-project.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const FIELDS = Array.from({ length: 30 }, (_, i) => `fieldNumber${i}: ${i}`).join(", ");
const fx = refactorProject({
  "tsconfig.json": TSCONFIG,
  "src/settings.ts": `export class Settings {\n  defaults = { ${FIELDS} };\n  read(): number {\n    return this.defaults.fieldNumber0;\n  }\n}\n`,
});

describe("svc_refactor extract-interface", () => {
  test("a member typed by the checker gets its whole type, not a printout cut with '...'", async () => {
    const { text, data } = await fx.refactor({ operation: "extract-interface", symbol: "Settings" });
    expect(data.status).toBe("staged");
    const content = data.files?.find((f) => f.file === "src/settings.ts")?.content ?? "";
    expect(content).toContain("fieldNumber29: number;");
    expect(content).not.toContain("...");
    expect(text).toStartWith("staged extract-interface: Settings -> ISettings (1 file changed, not written to disk)");
  }, 120_000);
});
