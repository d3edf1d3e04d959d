// A value once found to be a secret stays one after its name goes away: `DB_PASSWORD = "hunter2"` renamed on disk to
// `DB_PW` leaves nothing in the tree that calls `hunter2` a password, so no detector sees it. The index remembers the
// digests of the secrets it found (never the values) and the output path takes every occurrence out; the store does not
// take the value in when it re-reads the file; apply puts the value back for its marker. A floor keeps short and common
// values (`true`, `admin`, `1234`) from being remembered at all.

import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { sha256 } from "../../src/ops/apply.ts";
import { storePath } from "../../src/store/db.ts";
import { rememberable, rememberedDigests, rememberedSecrets, secretDigest } from "../../src/text/remembered-secrets.ts";
import { findSecrets } from "../../src/text/redact.ts";
import { failure } from "../helpers/failure.ts";
import { git, gitRepo } from "../helpers/repo.ts";

const remember = (...values: string[]) => rememberedSecrets(values.map((v) => ({ digest: secretDigest(v), length: v.length, kind: "api-token" as const })));

describe("remembered secrets", () => {
  test("the floor: short, common and setting-like values are never remembered; a dotenv value only when it would be a credential's", () => {
    for (const value of ["true", "admin", "1234", "123456", "12345678", "qwerty", "hunter", "a b c d e f g"]) expect({ value, kept: rememberable(value, "api-token") }).toEqual({ value, kept: false });
    for (const value of ["hunter2", "letmein", "sunshine", "Xk9fP2", "1234567890"]) expect({ value, kept: rememberable(value, "api-token") }).toEqual({ value, kept: true });
    for (const value of ["production", "127.0.0.1", "localhost", "info"]) expect({ value, kept: rememberable(value, "env-value") }).toEqual({ value, kept: false });
    expect(rememberable("s3cr3t-Value9", "env-value")).toBe(true);
  });

  test("a digest, never the value; matched where the value stands alone, a letters-only one only as a value", () => {
    const text = 'export const DB_PASSWORD = "hunter2";\n';
    const digests = rememberedDigests(text, findSecrets(text, { path: "src/db.ts" }));
    expect(digests).toEqual([{ digest: secretDigest("hunter2"), length: 7, kind: "api-token" }]);
    expect(JSON.stringify(digests)).not.toContain("hunter2");
    const r = remember("hunter2", "sunshine");
    expect(r.replace('const DB_PW = "hunter2"; // was hunter2, see hunter2x and xhunter2').text).toBe('const DB_PW = "[REDACTED:api-token]"; // was [REDACTED:api-token], see hunter2x and xhunter2');
    expect(r.replace("postgres://app:hunter2@db/app").text).toBe("postgres://app:[REDACTED:api-token]@db/app");
    expect(r.replace("pw: sunshine\nPW=sunshine\nx = 'sunshine'").text).toBe("pw: [REDACTED:api-token]\nPW=[REDACTED:api-token]\nx = '[REDACTED:api-token]'");
    expect(r.replace("the sunshine state; sunshineLevel; 'sunshine2'").text).toBe("the sunshine state; sunshineLevel; 'sunshine2'");
    // a name used as code after `=` / `:` is no value: a call, a member access (a sentence's full stop still ends a value)
    expect(r.replace("x = sunshine(1); y: sunshine.mode; z = sunshine ()").text).toBe("x = sunshine(1); y: sunshine.mode; z = sunshine ()");
    expect(r.replace("pw: sunshine.").text).toBe("pw: [REDACTED:api-token].");
  });

  test("a value holding a bracket, a comma or a semicolon is matched too: renamed away, it stays out of every view", async () => {
    const value = "Pa(ss)w0rd;9";
    expect(remember(value).replace(`const DB_PW = "${value}";\npw: ${value}\nPW=${value}`).text).toBe('const DB_PW = "[REDACTED:api-token]";\npw: [REDACTED:api-token]\nPW=[REDACTED:api-token]');
    const root = gitRepo({ "src/db.ts": `export const DB_PASSWORD = "${value}";\n` });
    await call("index", { path: root }, { cwd: root });
    writeFileSync(join(root, "src/db.ts"), `export const DB_PW = "${value}";\n`);
    await call("index", { path: root }, { cwd: root });
    const shown = await call("reduce", { path: root, files: ["src/db.ts"] }, { cwd: root });
    expect(JSON.stringify(shown)).not.toContain(value);
    expect(shown.text).toContain('DB_PW = "[REDACTED:');
  }, 120_000);

  test("a credential URL's password and a connection string's, typed alone, are taken out of an error and an answer (h142)", async () => {
    const url = "Sup3rS3cretPw!";
    const ado = "Ado9xQ2mLp7v";
    const root = gitRepo({ "src/db.ts": `const url = "postgres://admin:${url}@db.example.com/app";\nexport const SQL = "Server=db;User Id=sa;Password=${ado};";\nexport function connect() { return url; }\n` });
    await call("index", { path: root }, { cwd: root });
    for (const typed of [url, ado]) {
      const error = await failure(call("focus", { path: root, focus: typed }, { cwd: root }));
      expect(error.message).toContain("[REDACTED:connection-string]");
      expect(error.message).not.toContain(typed);
      const found = await call("find", { path: root, query: typed }, { cwd: root });
      expect(JSON.stringify(found)).not.toContain(typed);
    }
  }, 120_000);

  test("a value its own name spells is a service's default: redacted where found, not remembered (its package and calls elsewhere stay readable)", async () => {
    const compose = "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: postgres\n";
    expect(rememberedDigests(compose, findSecrets(compose, { path: "docker-compose.yml" }))).toEqual([]);
    const root = gitRepo({
      "docker-compose.yml": compose,
      "src/db.ts": 'import postgres from "postgres";\n\nexport const sql = postgres({ host: "localhost" });\n\nexport function dialect(): string {\n  return "postgres";\n}\n',
    });
    await call("index", { path: root }, { cwd: root });
    const shown = await call("reduce", { path: root, files: ["src/db.ts", "docker-compose.yml"] }, { cwd: root });
    expect(shown.text).toContain('export const sql = postgres({ host: "localhost" });');
    expect(shown.text).toContain('return "postgres";');
    expect(shown.text).toContain("POSTGRES_PASSWORD: [REDACTED:");
  }, 120_000);

  test("renamed on disk after indexing: every view shows the marker, the store takes nothing in, apply puts the value back; a forced rebuild keeps the memory", async () => {
    const root = gitRepo({
      "src/db.ts": 'export const DB_PASSWORD = "hunter2";\nexport function connect(): string {\n  return DB_PASSWORD;\n}\n',
      "src/app.ts": 'import { connect } from "./db";\n\nexport const c = connect();\n',
    });
    await call("index", { path: root }, { cwd: root });
    writeFileSync(join(root, "src/db.ts"), 'export const DB_PW = "hunter2";\nexport function connect(): string {\n  return DB_PW;\n}\n');
    await call("index", { path: root }, { cwd: root });
    const answers = [
      await call("reduce", { path: root, files: ["src/db.ts"] }, { cwd: root }),
      await call("find", { path: root, query: "DB_PW", kind: "all" }, { cwd: root }),
      await call("review", { path: root, changedSince: "HEAD" }, { cwd: root }),
      await call("focus", { path: root, focus: "src/db.ts" }, { cwd: root }),
      await call("changes", { path: root, changedSince: "HEAD" }, { cwd: root }),
    ];
    for (const a of answers) expect(JSON.stringify(a)).not.toContain("hunter2");
    expect(answers[0]!.text).toContain('DB_PW = "[REDACTED:api-token]"');
    // the store at rest: no table, no full-text term holds the value (the file was re-read with no name to say so)
    const db = new Database(storePath(root), { readonly: true });
    try {
      expect(readFileSync(storePath(root)).toString("latin1")).not.toContain("hunter2");
      db.run("CREATE VIRTUAL TABLE IF NOT EXISTS temp.v_files USING fts5vocab(main, files_fts, row)");
      expect((db.query("SELECT term FROM temp.v_files").all() as { term: string }[]).map((r) => r.term)).not.toContain("hunter2");
      expect(db.query("SELECT digest, length, kind FROM secret_digests").all()).toEqual([{ digest: secretDigest("hunter2"), length: 7, kind: "api-token" }]);
    } finally {
      db.close();
    }
    // apply puts the file's value back for the marker the view showed
    const edited = `${answers[0]!.text.split("\n").filter((l) => l.startsWith("export") || l.startsWith("  ") || l === "}").join("\n")}\nexport const more = 1;\n`;
    expect(edited).toContain('DB_PW = "[REDACTED:api-token]"');
    const dry = await call("apply", { path: root, file: "src/db.ts", content: edited, write: false }, { cwd: root });
    expect((dry.data as { hash: string }).hash).toBe(sha256(edited.replace("[REDACTED:api-token]", "hunter2")));
    // a forced rebuild keeps what was remembered
    await call("index", { path: root, force: true }, { cwd: root });
    expect(JSON.stringify(await call("reduce", { path: root, files: ["src/db.ts"] }, { cwd: root }))).not.toContain("hunter2");
    git(root, "status"); // the repository is intact
  }, 120_000);
});
