// The output path's redactor: deep redaction of result objects (keys too), the apply
// handoff's content kept verbatim, idempotence, dotenv diffs, and errors redacted at birth.

import { describe, expect, test } from "bun:test";
import { SvcError, asSvcError } from "../../src/errors.ts";
import { redact, redactPatch } from "../../src/text/redact.ts";
import { redactResult, redactText, redactValue } from "../../src/render/redact-output.ts";
import { scrubberFor } from "../../src/index/scrub.ts";
import { fileSecrets, knownSecrets, redactFilePatch, secretsIn } from "../../src/text/known-secrets.ts";
import { join } from "node:path";
import { CANARY, CONFIG_TS, leaksIn } from "../helpers/canary.ts";
import { plainDir } from "../helpers/repo.ts";

describe("redactValue / redactResult", () => {
  test("every string deep inside a result is redacted, keys included; numbers, booleans and null stay", () => {
    const data = {
      apiDelta: [{ name: "AWS_ACCESS_KEY_ID", after: `export const AWS_ACCESS_KEY_ID = "${CANARY.awsAccessKey}"` }],
      nested: { deeper: [[`token = "${CANARY.githubDefault}"`]], count: 3, ok: true, none: null },
      [CANARY.stripeKey]: "a key that is a secret",
    };
    const out = redactValue(data);
    expect(leaksIn(JSON.stringify(out))).toEqual([]);
    expect(out.apiDelta[0]!.after).toBe('export const AWS_ACCESS_KEY_ID = "[REDACTED:aws-access-key]"');
    expect(out.nested).toMatchObject({ count: 3, ok: true, none: null });
    expect(Object.keys(out)).toContain("[REDACTED:stripe-key]");
    expect(leaksIn(JSON.stringify(data))).not.toEqual([]); // the input is not touched
    expect(redactValue<unknown>({ at: new Date(0) })).toEqual({ at: "1970-01-01T00:00:00.000Z" }); // what JSON would write
  });

  test("an apply handoff {file, expectedHash, content} is redacted like everything else (apply puts the values back)", () => {
    const staged = { file: "src/config.ts", expectedHash: "ab".repeat(32), content: CONFIG_TS };
    const result = redactResult({ text: `staged rename\n-  token = "${CANARY.githubDefault}"`, data: { files: [staged], diffs: [{ file: "src/config.ts", diff: CONFIG_TS }] }, warnings: [CANARY.npmToken] });
    expect(leaksIn(CONFIG_TS)).not.toEqual([]);
    expect(leaksIn(JSON.stringify(result))).toEqual([]);
    expect(result.data.files[0]!.content).toBe(redactText(CONFIG_TS));
    expect(result.data.files[0]!.expectedHash).toBe(staged.expectedHash);
  });

  test("idempotent: a redacted text passes again unchanged", () => {
    const once = redactText(CONFIG_TS);
    expect(redactText(once)).toBe(once);
    expect(redactText(JSON.stringify(redactValue({ CONFIG_TS })))).toBe(JSON.stringify(redactValue({ CONFIG_TS })));
  });

  test("a value taken out of another line leaves a marker no later pass reads as a credential", () => {
    // a file's content as fusion redacts it (its secrets, then their values wherever else they stand), then the engine's pass;
    // lftp's `-u user:pass` no detector reads with a short password (curl's it does)
    const path = "scripts/db.sh";
    const text = 'psql "postgresql://admin:hunter2@localhost/app"\nlftp -u admin:hunter2 files.example.com\n';
    const once = knownSecrets(fileSecrets(text, path)).take(text, { path }).text;
    expect(once).toBe('psql "postgresql://[REDACTED:connection-string]@localhost/app"\nlftp -u [REDACTED:connection-string] files.example.com\n');
    expect(redactText(once)).toBe(once);
    expect(redactResult({ text: once, data: { content: once } }).text).toBe(once);
  });

  test("an error message is redacted when the error is made, whatever made it", () => {
    expect(new SvcError("validation_error", `bad value ${CANARY.openaiKey}`).formatted).toBe("validation_error: bad value [REDACTED:openai-key]");
    expect(asSvcError(new Error(`boom ${CANARY.slackToken}`)).formatted).toBe("internal_error: boom [REDACTED:slack-token]");
    // a long message is cut after redaction: the cut never leaves half a secret
    expect(leaksIn(asSvcError(new Error(`${"x".repeat(280)} ${CANARY.githubToken}`)).formatted)).toEqual([]);
  });
});

describe("redactPatch", () => {
  test("a dotenv file's diff lines lose their values; other files are redacted as text", () => {
    const patch = `@@ -1,2 +1,2 @@\n CANARY_SETTING=${CANARY.envValue}\n-DB_PASSWORD=old-value-1\n+DB_PASSWORD=${CANARY.dbPassword}\n`;
    const out = redactPatch(patch, "config/.env.local");
    expect(out.text).toBe("@@ -1,2 +1,2 @@\n CANARY_SETTING=[REDACTED:env-value]\n-DB_PASSWORD=[REDACTED:env-value]\n+DB_PASSWORD=[REDACTED:env-value]\n");
    expect(out.count).toBe(3);
    expect(redactPatch(`+const t = "${CANARY.githubToken}";\n`, "src/a.ts").text).toBe('+const t = "[REDACTED:github-token]";\n');
    // without the path the dotenv values would pass: the reason diffs carry it
    expect(redact(patch).text).toContain(CANARY.envValue);
  });
  test("redactFilePatch: a hunk of a key's body lines, without its header, loses them (the file's versions know them)", () => {
    const line = (seed: string) => `${seed}${"Qw3Er/Ty7Ui+Op1As9Df4Gh2Jk8Lz6Xc5Vb0NmPoIuYtRe".repeat(2)}`.slice(0, 64);
    const body = ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"].map(line);
    const file = (changed: string) => ["const KEY = `-----BEGIN RSA " + "PRIVATE KEY-----", ...body.slice(0, 5), changed, ...body.slice(6), "-----END RSA " + "PRIVATE KEY-----`;", ""].join("\n");
    const before = file(body[5]!), after = file(line("zz"));
    const patch = `@@ -4,7 +4,7 @@\n ${body[2]}\n ${body[3]}\n ${body[4]}\n-${body[5]}\n+${line("zz")}\n ${body[6]}\n ${body[7]}\n`;
    expect(redactPatch(patch, "src/keys.ts").text).toContain(body[5]!); // the patch alone: no header, no key
    const out = redactFilePatch(patch, "src/keys.ts", [{ text: before, path: "src/keys.ts" }, { text: after, path: "src/keys.ts" }]).text;
    for (const secret of [...body, line("zz")]) expect(out).not.toContain(secret);
    expect(out).toBe("@@ -4,7 +4,7 @@\n [REDACTED:pem-private-key]\n [REDACTED:pem-private-key]\n [REDACTED:pem-private-key]\n-[REDACTED:pem-private-key]\n+[REDACTED:pem-private-key]\n [REDACTED:pem-private-key]\n [REDACTED:pem-private-key]\n");
  });
});

describe("scrubberFor (the index stores no credential)", () => {
  test("the masked text keeps every offset and line; stored strings lose values, even cut ones", () => {
    const s = scrubberFor(CONFIG_TS, "src/config.ts");
    expect(s.found).toBeGreaterThan(10);
    expect(s.masked.length).toBe(CONFIG_TS.length);
    expect(s.masked.split("\n").length).toBe(CONFIG_TS.split("\n").length);
    expect(leaksIn(s.masked)).toEqual([]);
    const signature = `export function connect(url: string, token = "${CANARY.githubDefault}"): string`;
    expect(s.scrub(signature)).toBe('export function connect(url: string, token = "[REDACTED:github-token]"): string');
    // a signature cut at 240 characters inside a secret
    const cut = `${"x".repeat(200)} = "${CANARY.awsSecretKey.slice(0, 20)}…`;
    expect(leaksIn(s.scrub(cut))).toEqual([]);
    expect(s.scrub(cut)).toEndWith('"[REDACTED:aws-secret-key]…');
    expect(s.scrubDeep({ facts: [{ key: CANARY.apiToken }] })).toEqual({ facts: [{ key: "[REDACTED:api-token]" }] });
  });

  test("a word a password's name took leaves stored strings where it stands alone, not from inside a longer name", () => {
    const s = scrubberFor(`export const config = { user: "admin", password: "sunshine" };\n`, "src/db.ts");
    expect(s.masked).toBe(`export const config = { user: "admin", password: "        " };\n`);
    expect(s.scrub(`function sunshineLevel(): "sunshine" | "rain"`)).toBe(`function sunshineLevel(): "[REDACTED:api-token]" | "rain"`);
    const yaml = "smtp:\n  pass: gnuplume\n";
    const result = redactResult({ text: "  config/app.yml:2  pass: gnuplume\n", data: { hits: [{ path: "config/app.yml", line: 2, text: "  pass: gnuplume" }], file: yaml } });
    expect(JSON.stringify(result)).not.toContain("gnuplume");
  });

  test("a dotenv file's values are secrets for the index too; a clean file costs nothing", () => {
    const env = scrubberFor(`CANARY_SETTING=${CANARY.envValue}\n`, ".env");
    expect(env.masked).not.toContain(CANARY.envValue);
    expect(env.scrub(`CANARY_SETTING=${CANARY.envValue}`)).toBe("CANARY_SETTING=[REDACTED:env-value]");
    const clean = scrubberFor("export const a = 1;\n", "src/a.ts");
    expect(clean.found).toBe(0);
    const decl = { name: "a" };
    expect(clean.scrubDeep(decl)).toBe(decl);
  });
});

describe("a value found anywhere in an answer is taken out everywhere", () => {
  test("the text's `path:line  password: …` rendering hides the env-style line its structured copy shows: both lose the value", () => {
    // lower-case words joined: a sentence's value it is not (redact-prose), an env-style line's it is
    const value = "orchid-lantern-" + "harbor-tulip-7q";
    const line = `password: ${value}`;
    expect(redactText(`  config/app.yaml:3  ${line}`)).toContain(value); // alone, the rendered line passes
    const result = redactResult({ text: `lines matching 'password': 1\n  config/app.yaml:3  ${line}\n`, data: { hits: [{ path: "config/app.yaml", line: 3, text: line }] } });
    expect(JSON.stringify(result)).not.toContain(value);
    expect(result.text).toBe("lines matching 'password': 1\n  config/app.yaml:3  password: [REDACTED:api-token]\n");
  });

  test("a dotenv value that is one plain word is not taken out of the rest of the answer", () => {
    const result = redactResult({ text: "NODE_ENV=production\nbuilt for production", data: { value: `token = "${CANARY.githubToken}"` } });
    expect(result.text).toBe("NODE_ENV=production\nbuilt for production");
  });

  test("an answer's secretSources: the secrets of those whole files leave every string, and the field is never shown", () => {
    const root = plainDir({ "src/creds.ts": `export const creds = { password: "${CANARY.shortTsPassword}" };\n` });
    const message = `Expected: "x"\nReceived: "${CANARY.shortTsPassword}"`;
    expect(redactText(message)).toContain(CANARY.shortTsPassword); // alone, the quoted value passes
    const result = redactResult({ text: message, data: { tests: [{ message }] }, secretSources: [join(root, "src/creds.ts"), join(root, "gone.ts")] });
    expect(leaksIn(JSON.stringify(result))).toEqual([]);
    expect(result.text).toBe('Expected: "x"\nReceived: "[REDACTED:api-token]"');
    expect("secretSources" in result).toBe(false);
  });

  test("a file's secret cut before `…` anywhere in a derived text (a shortened literal, a doc summary) loses its head", () => {
    const file = `export const GITHUB = "${CANARY.githubToken}";\n/** Uses ${CANARY.slackToken} always. */\nexport function f() {}\n`;
    const derived = `export const GITHUB = "${CANARY.githubToken.slice(0, 20)}…";\n/** Uses ${CANARY.slackToken.slice(0, 48)}… */\nexport function f() { … }\n`;
    expect(leaksIn(redactText(derived))).not.toEqual([]); // the cut values match no detector
    const out = secretsIn(file, "src/a.ts").take(derived, { path: "src/a.ts" });
    expect(leaksIn(out.text)).toEqual([]);
    expect(out.text).toBe('export const GITHUB = "[REDACTED:github-token]…";\n/** Uses [REDACTED:slack-token]… */\nexport function f() { … }\n');
    expect(out.count).toBe(2);
  });
});
