// A short password (8–15 characters) assigned to a credential name, in every file form a
// repository holds it (JSON, YAML, an ini/env-style line, a dotenv file, TS code: a string
// assignment, an object property, a URL query, a libpq connection string): `svc find --kind
// text` (CLI, text and --json) shows markers, never a value, and the store at rest (sqlite
// bytes, WAL, the FTS vocabulary) holds none of them.

import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { runCli } from "../../src/surfaces/cli/run.ts";
import { storeAtRest } from "../helpers/canary.ts";
import { gitRepo, removeTempDirs } from "../helpers/repo.ts";

afterAll(removeTempDirs);

// Letters and digits only, so a tokenizer cannot split one into fragments the vocabulary check would miss.
const SHORT = { json: "Jq7wZp3xR", yaml: "Ym4kT8vQ2", ini: "In9rW2sLp", env: "Ev5hN3cXq", ts: "Ts8gB4mKw1", prop: "Op6dF2jVz", url: "Ur3pC7yHn", libpq: "Lq2xM9tGb" };

function repo(): string {
  return gitRepo({
    "config/app.json": JSON.stringify({ db: { user: "admin", password: SHORT.json } }, null, 2) + "\n",
    "config/db.yaml": `db:\n  user: admin\n  password: ${SHORT.yaml}\n`,
    "deploy/settings.ini": `[db]\nDB_PASSWORD=${SHORT.ini}\n`,
    ".env": `DB_PASSWORD=${SHORT.env}\n`,
    "src/db.ts": [
      `const password = "${SHORT.ts}";`,
      `export const options = { user: "admin", password: "${SHORT.prop}" };`,
      `export const login = "https://db.example.com/login?user=admin&password=${SHORT.url}&next=home";`,
      `export const dsn = "host=db user=admin password=${SHORT.libpq} dbname=app";`,
      "export function connectPassword(): string {",
      "  return password;",
      "}",
      "",
    ].join("\n"),
  });
}

const leaks = (text: string) => Object.entries(SHORT).filter(([, v]) => text.toLowerCase().includes(v.toLowerCase())).map(([k]) => k);

describe("short credentials", () => {
  const root = repo();

  test("svc find --kind text shows a marker for each short password, never its value (text and --json)", async () => {
    await call("index", { path: root }, { cwd: root });
    for (const json of [false, true]) {
      const out: string[] = [];
      await runCli(["find", "password", root, "--kind", "text", ...(json ? ["--json"] : [])], { out: (t) => out.push(t), err: (t) => out.push(t), errIsTty: false });
      const text = out.join("\n");
      expect({ json, leaks: leaks(text) }).toEqual({ json, leaks: [] });
      expect(text).toContain("[REDACTED:api-token]");
      for (const file of ["config/app.json", "config/db.yaml", "src/db.ts"]) expect({ json, file, found: text.includes(file) }).toEqual({ json, file, found: true });
    }
  }, 120_000);

  test("the store at rest (sqlite bytes, WAL, FTS vocabulary) holds no short password", async () => {
    await call("index", { path: root }, { cwd: root });
    const { files, fileLeaks, terms } = storeAtRest(root, leaks);
    expect(files.some((f) => f.endsWith("svc.db"))).toBe(true);
    expect(fileLeaks).toEqual([]);
    expect(terms).toContain("dsn"); // the files were indexed
    expect(leaks(terms.join("\n"))).toEqual([]);
  }, 120_000);
});
