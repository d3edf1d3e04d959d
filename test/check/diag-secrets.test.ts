// A compiler diagnostic quoting a literal type takes it from the file diagnosed or from any
// file it imports: the message loses the secrets of every file the diagnosed file reaches.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { toCheckDiag } from "../../src/check/workspace.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";

const password = "Qm4v" + "T8pLx2Wz"; // a credential name's value in src/secrets.ts, quoted by a type error in src/use.ts (two hops away)
const FILES = {
  "src/secrets.ts": `export const dbPassword = "${password}" as const;\n`,
  "src/config.ts": 'export { dbPassword } from "./secrets.js";\n',
  "src/use.ts": 'import { dbPassword } from "./config";\n\nexport const k: 5 = dbPassword;\n',
};

describe("diagnostics quoting a secret defined in an imported file", () => {
  test("toCheckDiag: the message loses the secrets of the files the diagnosed file imports, however far", () => {
    const root = gitRepo(FILES);
    const texts: Record<string, string> = Object.fromEntries(Object.entries(FILES).map(([p, t]) => [join(root, p), t]));
    const message = `Type '"${password}"' is not assignable to type '5'.`;
    const d = toCheckDiag(root, { path: join(root, "src/use.ts"), code: 2322, severity: "error", message, line: 3, column: 14 } as never, "src/use.ts", (abs) => texts[abs] ?? null);
    expect(d?.message).toBe(`Type '"[REDACTED:api-token]"' is not assignable to type '5'.`);
  });

  test("svc gate: the introduced error's message shows the marker, never the value", async () => {
    const root = gitRepo({ "package.json": '{ "name": "g", "type": "module" }\n', "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "esnext", moduleResolution: "bundler", target: "es2022" }, include: ["src/**/*.ts"] }), "src/app.ts": "export const a = 1;\n" });
    const base = git(root, "rev-parse", "HEAD").trim();
    writeFiles(root, FILES);
    const r = await call("gate", { path: root, since: base }).then((x) => JSON.stringify(x), (e: { formatted: string }) => e.formatted);
    expect(r).toContain("[REDACTED:api-token]");
    expect(r).not.toContain(password);
  }, 120_000);

  test("svc gate: a change that renames a password's name away from its value (`DB_PASSWORD` → `DB_PW`) shows neither the value nor a new error", async () => {
    const project = { "package.json": '{ "name": "g", "type": "module" }\n', "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "esnext", moduleResolution: "bundler", target: "es2022" }, include: ["src/**/*.ts"] }) };
    const short = "hun" + "ter2"; // a password's name's 7 characters: nothing else says it is one
    const root = gitRepo({ ...project, "src/pw.ts": `export const DB_PASSWORD = "${short}";\nexport const pin: "x" = DB_PASSWORD;\n` });
    const base = git(root, "rev-parse", "HEAD").trim();
    writeFiles(root, { "src/pw.ts": `export const DB_PW = "${short}";\nexport const pin: "x" = DB_PW;\n`, "src/new.ts": 'export const five: 5 = "five";\n' });
    const r = await call("gate", { path: root, since: base }).then((x) => JSON.stringify(x), (e: { formatted: string }) => e.formatted);
    expect(r).toContain("src/new.ts"); // the gate ran and reports the one error the change introduced
    expect(r).not.toContain("src/pw.ts:2"); // the renamed file's error was there at the base, its message then with the marker
    expect(r).not.toContain(short);
  }, 120_000);
});
