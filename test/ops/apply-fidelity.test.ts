// apply never loses a byte it did not mean to change: an edit derived from an svc view (which
// shows secrets as markers, drops \r, BOM and the final-newline state) round-trips the file
// byte for byte except the edit, or is refused.

import { describe, expect, test } from "bun:test";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { SvcError } from "../../src/errors.ts";
import { sha256, type ApplyData } from "../../src/ops/apply.ts";
import { gitRepo } from "../helpers/repo.ts";
import { failure } from "../helpers/failure.ts";
import { view } from "../helpers/view.ts";

const AWS = "AKIAIOSFODNN7EXAMPLF";

describe("apply keeps what views do not show", () => {
  test("a redaction marker from a view gets the file's own value back; the answer says so", async () => {
    const original = `export const region = "eu-west-1";\nexport const key = "${AWS}";\nexport const retries = 3;\n`;
    const root = gitRepo({ "src/config.ts": original });
    const { content } = await view(root, "src/config.ts");
    expect(content).toContain("[REDACTED:");
    expect(content).not.toContain(AWS);
    const edited = content.replace("retries = 3", "retries = 5");
    const dry = await call("apply", { path: root, file: "src/config.ts", content: edited });
    expect((dry.data as unknown as ApplyData).kept).toContain("1 redacted value");
    expect(dry.text).not.toContain(AWS);
    await call("apply", { path: root, file: "src/config.ts", content: edited, write: true });
    expect(readFileSync(join(root, "src/config.ts"), "utf8")).toBe(original.replace("retries = 3", "retries = 5"));
    // an edited line takes the one value of its kind the file holds
    const renamed = edited.replace("const key =", "const accessKey =");
    await call("apply", { path: root, file: "src/config.ts", content: renamed, write: true });
    expect(readFileSync(join(root, "src/config.ts"), "utf8")).toBe(original.replace("retries = 3", "retries = 5").replace("const key =", "const accessKey ="));
    // A new file has no value to put back.
    const created = await failure(call("apply", { path: root, file: "src/new.ts", content: `const k = "[REDACTED:aws-access-key]";\n` }));
    expect(created.formatted).toStartWith("validation_error: refusing to apply to 'src/new.ts': line 1 contains the redaction marker [REDACTED:aws-access-key] and a new file has no value to put back");
  });

  test("a line holding marker text as it is (a comment on views), edited, keeps it as text: the file's one value of that kind was written into the comment", async () => {
    const original = `// views show the key as [REDACTED:aws-access-key]\nexport const key = "${AWS}";\n`;
    const root = gitRepo({ "src/doc.ts": original });
    const { content } = await view(root, "src/doc.ts");
    expect(content).toBe("// views show the key as [REDACTED:aws-access-key]\nexport const key = \"[REDACTED:aws-access-key]\";");
    await call("apply", { path: root, file: "src/doc.ts", content: content.replace("// views show", "// every view shows"), write: true });
    expect(readFileSync(join(root, "src/doc.ts"), "utf8")).toBe(original.replace("// views show", "// every view shows"));
    // both lines edited: each keeps what it was, the comment its text, the constant its value
    const both = content.replace("// views show", "// every view shows").replace("const key", "const accessKey");
    await call("apply", { path: root, file: "src/doc.ts", content: both, write: true });
    expect(readFileSync(join(root, "src/doc.ts"), "utf8")).toBe(original.replace("// views show", "// every view shows").replace("const key", "const accessKey"));
  });

  test("a short word a password's name holds round-trips through its marker (YAML and code)", async () => {
    const yaml = "smtp:\n  host: mail.example.com\n  pass: letmein\n";
    const ts = `export const config = { user: "admin", password: "sunshine", port: 5432 };\nexport const retries = 3;\n`;
    const root = gitRepo({ "config/app.yml": yaml, "src/db.ts": ts });
    for (const [file, original, from, to] of [["config/app.yml", yaml, "mail.example.com", "smtp.example.com"], ["src/db.ts", ts, "retries = 3", "retries = 5"]] as const) {
      const { content } = await view(root, file);
      expect(content).toContain("[REDACTED:api-token]");
      expect(content).not.toMatch(/letmein|sunshine/);
      await call("apply", { path: root, file, content: content.replace(from, to), write: true });
      expect(readFileSync(join(root, file), "utf8")).toBe(original.replace(from, to));
    }
  });

  test("a value the view took out of a line no detector reads (lftp -u after the URL that gave the pair away; curl's -u takes it itself since round 6) round-trips", async () => {
    const original = 'psql "postgresql://admin:hunter2@localhost/app"\nlftp -u admin:hunter2 files.example.com\necho hi\n';
    const root = gitRepo({ "scripts/db.sh": original });
    const { content } = await view(root, "scripts/db.sh");
    expect(content).toContain("lftp -u [REDACTED:connection-string] files.example.com");
    expect(content).not.toContain("hunter2");
    await call("apply", { path: root, file: "scripts/db.sh", content: content.replace("echo hi", "echo bye"), write: true });
    expect(readFileSync(join(root, "scripts/db.sh"), "utf8")).toBe(original.replace("echo hi", "echo bye"));
  });

  test("a marker that cannot be told apart, or would land where it is not hidden, is refused; the file survives", async () => {
    const other = "AKIAJ7EXAMPLEKEY2QWE";
    const original = `export const a = "${AWS}";\nexport const b = "${other}";\nexport const n = 1;\n`;
    const root = gitRepo({ "src/keys.ts": original });
    const { content } = await view(root, "src/keys.ts");
    expect(content.match(/\[REDACTED:aws-access-key\]/g)?.length).toBe(2);
    // unchanged lines keep their own values, whichever order
    const swapped = content.split("\n");
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    await call("apply", { path: root, file: "src/keys.ts", content: swapped.join("\n").replace("n = 1", "n = 2"), write: true });
    expect(readFileSync(join(root, "src/keys.ts"), "utf8")).toBe(`export const b = "${other}";\nexport const a = "${AWS}";\nexport const n = 2;\n`);
    // an edited line takes the value of the line it replaced (a rename), though the file holds two values of its kind
    const { content: now } = await view(root, "src/keys.ts");
    await call("apply", { path: root, file: "src/keys.ts", content: now.replace("const a =", "const first ="), write: true });
    const renamed = `export const b = "${other}";\nexport const first = "${AWS}";\nexport const n = 2;\n`;
    expect(readFileSync(join(root, "src/keys.ts"), "utf8")).toBe(renamed);
    // two lines swapped and both edited: each keeps its own value (the nearest line it replaced), not the other's
    const { content: viewed } = await view(root, "src/keys.ts");
    const both = viewed.split("\n");
    [both[0], both[1]] = [both[1]!.replace("const first =", "const firstKey ="), both[0]!.replace("const b =", "const bKey =")];
    await call("apply", { path: root, file: "src/keys.ts", content: both.join("\n"), write: true });
    expect(readFileSync(join(root, "src/keys.ts"), "utf8")).toBe(`export const firstKey = "${AWS}";\nexport const bKey = "${other}";\nexport const n = 2;\n`);
    // a new line with a kind the file holds two values of
    const { content: later } = await view(root, "src/keys.ts");
    const ambiguous = await failure(call("apply", { path: root, file: "src/keys.ts", content: `${later}\nexport const c = "[REDACTED:aws-access-key]";\n` }));
    expect(ambiguous.formatted).toContain("line 4 contains the redaction marker [REDACTED:aws-access-key] on a line the file does not have as shown, and the file holds 2 different aws-access-key values");
    // a kind the file has no value of
    const none = await failure(call("apply", { path: root, file: "src/keys.ts", content: `${later}export const t = "[REDACTED:github-token]";\n` }));
    expect(none.formatted).toContain("where the file on disk has no github-token value");
    expect(readFileSync(join(root, "src/keys.ts"), "utf8")).toBe(`export const firstKey = "${AWS}";\nexport const bKey = "${other}";\nexport const n = 2;\n`);
  });

  test("two lines holding values replaced by one: which line's value it takes cannot be told, so it is refused", async () => {
    const original = `export const PRIMARY_DB = "postgres://app:Xk9mQ2vL8pR4@db1.internal/app";\nexport const REPLICA_DB = "postgres://app:Hn3bT7yK1sD6@db2.internal/app";\nexport const n = 1;\n`;
    const root = gitRepo({ "src/db.ts": original });
    const { content } = await view(root, "src/db.ts");
    const [primary, replica] = content.split("\n");
    expect(primary).toContain("[REDACTED:");
    // the primary's line deleted and the replica's renamed to it — or the primary's host edited and the replica's line deleted?
    const merged = content.replace(`${primary}\n${replica}\n`, `${replica!.replace("REPLICA_DB", "PRIMARY_DB")}\n`);
    const refused = await failure(call("apply", { path: root, file: "src/db.ts", content: merged }));
    expect(refused.formatted).toContain("cannot be told");
    expect(readFileSync(join(root, "src/db.ts"), "utf8")).toBe(original);
  });

  test("two lines shown alike with different values: an edit elsewhere keeps each where it was; one that deletes or moves one of them, or its block, is refused", async () => {
    const original = `{\n  "primary": {\n    "password": "Xk9#mQ2vL8pR4wZt"\n  },\n  "replica": {\n    "password": "Hn3$bT7yK1sD6fGq"\n  },\n  "timeout": 30\n}\n`;
    const root = gitRepo({ "config.json": original });
    const { content } = await view(root, "config.json");
    expect(content.match(/"password": "\[REDACTED:api-token\]"/g)?.length).toBe(2);
    const result = await call("apply", { path: root, file: "config.json", content: content.replace("30", "60"), write: true });
    expect(result.text).toContain("keeping the file's 2 redacted values");
    expect(readFileSync(join(root, "config.json"), "utf8")).toBe(original.replace("30", "60"));
    const primary = '  "primary": {\n    "password": "[REDACTED:api-token]"\n  },\n';
    const replica = '  "replica": {\n    "password": "[REDACTED:api-token]"\n  },\n';
    expect(content).toContain(primary + replica);
    for (const edited of [content.replace(primary, ""), content.replace(primary + replica, replica + primary), content.replace('    "password": "[REDACTED:api-token]"\n  },\n  "replica"', '  },\n  "replica"')]) {
      const error = await failure(call("apply", { path: root, file: "config.json", content: edited, write: true }));
      expect(error.formatted).toContain("contains the redaction marker [REDACTED:api-token] on a line the file has several times with different values, where the edit added, deleted or moved one of them or a line next to it (which one is meant cannot be told)");
    }
    expect(readFileSync(join(root, "config.json"), "utf8")).toBe(original.replace("30", "60"));
  });

  test("a secret's line with trailing whitespace, put back, does not cost the other lines the whitespace views drop", async () => {
    const original = `export const key = "${AWS}";   \nexport const a = 1;  \n\n\n\nexport const b = 2;\n`;
    const root = gitRepo({ "src/k.ts": original });
    const { content } = await view(root, "src/k.ts");
    await call("apply", { path: root, file: "src/k.ts", content: content.replace("b = 2", "b = 3"), write: true });
    expect(readFileSync(join(root, "src/k.ts"), "utf8")).toBe(original.replace("b = 2", "b = 3"));
  });

  test("a value moved where the redactor would no longer find it is refused (later views would show it)", async () => {
    const original = `export const dbPassword = "Xk9#mQ2$vL7pR4wZ";\nexport const n = 1;\n`;
    const root = gitRepo({ "src/db.ts": original, ".env": "DATABASE_PASSWORD=hunter2horse\nPORT=8080\n" });
    const { content } = await view(root, "src/db.ts");
    expect(content).toContain(`dbPassword = "[REDACTED:api-token]"`);
    const moved = await failure(call("apply", { path: root, file: "src/db.ts", content: content.replace("dbPassword", "label") }));
    expect(moved.formatted).toStartWith("validation_error: refusing to apply to 'src/db.ts': line 1 would put the file's api-token value where svc no longer recognises it as a secret");
    expect(moved.formatted).not.toContain("Xk9#");
    expect(readFileSync(join(root, "src/db.ts"), "utf8")).toBe(original);
    // a dotenv file: every value is a marker; the unchanged line keeps its own
    const env = await view(root, ".env");
    expect(env.content).toBe("DATABASE_PASSWORD=[REDACTED:env-value]\nPORT=[REDACTED:env-value]");
    await call("apply", { path: root, file: ".env", content: env.content.replace("PORT=[REDACTED:env-value]", "PORT=9090"), write: true });
    expect(readFileSync(join(root, ".env"), "utf8")).toBe("DATABASE_PASSWORD=hunter2horse\nPORT=9090\n");
  });

  test("a marker the file on disk really has on that line is kept (a redactor's own test file)", async () => {
    const original = `export const sample = "[REDACTED:aws-access-key]";\nexport const n = 1;\n`;
    const root = gitRepo({ "src/sample.ts": original });
    const edited = original.replace("n = 1", "n = 2");
    await call("apply", { path: root, file: "src/sample.ts", content: edited, write: true });
    expect(readFileSync(join(root, "src/sample.ts"), "utf8")).toBe(edited);
    // that line edited keeps its marker as the text it is (it was refused: the file has no such value); a new line with one is still refused
    await call("apply", { path: root, file: "src/sample.ts", content: edited.replace("sample =", "other ="), write: true });
    expect(readFileSync(join(root, "src/sample.ts"), "utf8")).toBe(edited.replace("sample =", "other ="));
    const added = await failure(call("apply", { path: root, file: "src/sample.ts", content: `${edited.replace("sample =", "other =")}export const k = "[REDACTED:aws-access-key]";\n` }));
    expect(added.formatted).toContain("line 3 contains the redaction marker [REDACTED:aws-access-key] where the file on disk has no aws-access-key value");
  });

  test("a line the file has both literally (marker included) and as a secret shown the same way is refused, not written as the marker", async () => {
    const original = `export const k = "[REDACTED:aws-access-key]";\nexport const k = "${AWS}";\nexport const n = 1;\n`;
    const root = gitRepo({ "src/a.ts": original });
    const { content } = await view(root, "src/a.ts");
    expect(content).toBe(`export const k = "[REDACTED:aws-access-key]";\nexport const k = "[REDACTED:aws-access-key]";\nexport const n = 1;`);
    const error = await failure(call("apply", { path: root, file: "src/a.ts", content: content.replace("n = 1", "n = 2"), write: true }));
    expect(error.formatted).toContain("line 1 contains the redaction marker [REDACTED:aws-access-key]");
    expect(error.formatted).not.toContain(AWS);
    expect(readFileSync(join(root, "src/a.ts"), "utf8")).toBe(original);
  });

  test("the same with trailing whitespace on the literal line (a view trims it): refused, not the secret written over the marker text and the whitespace lost; alone, it keeps its marker text and its whitespace", async () => {
    const original = `export const k = "[REDACTED:aws-access-key]";  \nexport const k = "${AWS}";\nexport const n = 1;\n`;
    const root = gitRepo({ "src/a.ts": original, "src/b.ts": `// views show "[REDACTED:aws-access-key]"\t\nexport const n = 1;\n` });
    const { content } = await view(root, "src/a.ts");
    expect(content).toBe(`export const k = "[REDACTED:aws-access-key]";\nexport const k = "[REDACTED:aws-access-key]";\nexport const n = 1;`);
    const error = await failure(call("apply", { path: root, file: "src/a.ts", content: content.replace("n = 1", "n = 2"), write: true }));
    expect(error.formatted).toContain("line 1 contains the redaction marker [REDACTED:aws-access-key] on a line the file has both literally and as a secret");
    expect(readFileSync(join(root, "src/a.ts"), "utf8")).toBe(original);
    const b = await view(root, "src/b.ts");
    await call("apply", { path: root, file: "src/b.ts", content: b.content.replace("n = 1", "n = 2"), write: true });
    expect(readFileSync(join(root, "src/b.ts"), "utf8")).toBe(`// views show "[REDACTED:aws-access-key]"\t\nexport const n = 2;\n`);
  });

  test("CRLF, BOM and no-final-newline files round-trip byte-identical except the edit", async () => {
    const lines = ["export function total(a: number, b: number): number {", "  return a + b;", "}", "", "export const name = 'svc';"];
    const files: Record<string, Uint8Array> = {
      "src/crlf.ts": Buffer.from(`${lines.join("\r\n")}\r\n`),
      "src/bom.ts": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join("\n")}\n`)]),
      "src/nofinal.ts": Buffer.from(lines.join("\n")),
      "src/all.ts": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join("\r\n"))]),
      "src/mixed.ts": Buffer.from(`${lines[0]}\r\n${lines[1]}\n${lines[2]}\r\n\r\n${lines[4]}\n`),
    };
    const root = gitRepo(files);
    for (const [file, bytes] of Object.entries(files)) {
      const { content, text, eol } = await view(root, file);
      expect(eol).toBe(bytes.includes(13) ? "crlf" : undefined);
      expect(content).not.toContain("\r");
      expect(content.startsWith("\uFEFF")).toBe(false);
      if (bytes.includes(13)) expect(text).toContain(`<file path="${file}" eol="crlf">`);
      const edited = content.replace("a + b", "a + b + 1");
      expect(edited).not.toBe(content);
      const result = await call("apply", { path: root, file, content: edited, write: true, expectedHash: sha256(bytes) });
      const after = readFileSync(join(root, file));
      const expected = Buffer.from(Buffer.from(bytes).toString("latin1").replace("a + b", "a + b + 1"), "latin1");
      expect({ file, after: after.toString("latin1") }).toEqual({ file, after: expected.toString("latin1") });
      expect((result.data as unknown as ApplyData).hash).toBe(sha256(after));
    }
    const crlf = await call("apply", { path: root, file: "src/all.ts", content: "x\n" });
    expect(crlf.text).toContain("keeping the file's CRLF line endings, no final newline, BOM");
  });

  test("a BOM followed by a U+FEFF character (a BOM written twice): the view shows the character, apply keeps the BOM and it", async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const files: Record<string, Uint8Array> = {
      "src/twice.ts": Buffer.concat([bom, bom, Buffer.from("export const a = 1;\nexport const b = 2;\n")]),
      "src/once.ts": Buffer.concat([bom, Buffer.from("export const a = 1;\nexport const b = 2;\n")]),
    };
    const root = gitRepo(files);
    for (const [file, bytes] of Object.entries(files)) {
      const { content } = await view(root, file);
      // the view drops the byte order mark only, never a character of the text after it
      expect({ file, starts: content.startsWith("\uFEFF") }).toEqual({ file, starts: file === "src/twice.ts" });
      await call("apply", { path: root, file, content: content.replace("b = 2", "b = 3"), write: true, expectedHash: sha256(bytes) });
      const expected = Buffer.from(Buffer.from(bytes).toString("latin1").replace("b = 2", "b = 3"), "latin1");
      expect({ file, after: readFileSync(join(root, file)).toString("hex") }).toEqual({ file, after: expected.toString("hex") });
    }
    // content that carries the BOM itself is written as given
    const raw = Buffer.concat([bom, bom, Buffer.from("export const a = 1;\n")]);
    await call("apply", { path: root, file: "src/twice.ts", content: raw.toString("utf8"), write: true });
    expect(readFileSync(join(root, "src/twice.ts")).toString("hex")).toBe(raw.toString("hex"));
  });

  test("lone CR line endings (a classic Mac file, or one stray CR) survive an edit from the view, which shows them as line breaks", async () => {
    const files: Record<string, string> = {
      "src/mac.ts": "const a = 1;\rconst b = 2;\rconst c = 3;\r",
      "src/stray.ts": "const a = 1;\nconst b = 2;\rconst c = 3;\nconst d = 4;\n",
      "src/both.ts": "const a = 1;\r\nconst b = 2;\rconst c = 3;\r\n",
    };
    const root = gitRepo(files);
    for (const [file, original] of Object.entries(files)) {
      const { content, eol } = await view(root, file);
      expect(content).not.toContain("\r");
      expect(eol).toBe(original.includes("\r\n") ? "crlf" : "cr");
      const result = await call("apply", { path: root, file, content: content.replace("b = 2", "b = 20"), write: true, expectedHash: sha256(original) });
      expect({ file, after: readFileSync(join(root, file), "utf8") }).toEqual({ file, after: original.replace("b = 2", "b = 20") });
      expect(result.text).not.toContain("no final newline");
    }
    expect((await call("apply", { path: root, file: "src/mac.ts", content: "x\n" })).text).toContain("keeping the file's CR line endings");
  });

  test("a CRLF file holding a PEM key keeps every line ending and its final newline when the key's marker is put back", async () => {
    const pem = "-----BEGIN RSA PRIVATE KEY-----\r\nMIIEpAIBAAKCAQEA1a2b3c4d5e6f7g8h9i0jKlMnOpQrStUvWxYz0123456789abc\r\nQWERTYUIOPasdfghjklzxcvbnm0123456789ABCDEFGHIJKLMNOPQRSTUVWXyz12\r\n-----END RSA PRIVATE KEY-----";
    const original = `const a = 1;\r\nconst key = \`${pem}\`;\r\nconst n = 1;\r\n`;
    const root = gitRepo({ "src/k.ts": original });
    const content = (await view(root, "src/k.ts")).content;
    expect(content).toBe("const a = 1;\nconst key = `[REDACTED:pem-private-key]`;\nconst n = 1;");
    await call("apply", { path: root, file: "src/k.ts", content: content.replace("n = 1", "n = 2"), write: true });
    expect(JSON.stringify(readFileSync(join(root, "src/k.ts"), "utf8"))).toBe(JSON.stringify(original.replace("n = 1", "n = 2")));
    const again = (await view(root, "src/k.ts")).content;
    await call("apply", { path: root, file: "src/k.ts", content: again.replace("const key", "let key"), write: true });
    expect(JSON.stringify(readFileSync(join(root, "src/k.ts"), "utf8"))).toBe(JSON.stringify(original.replace("n = 1", "n = 2").replace("const key", "let key")));
  });

  test("a value whose marker spans lines (a continued .properties value, an ODBC password in braces holding `;`) is put back whole", async () => {
    const original = "db.url=jdbc:postgresql://db/app\ndb.password=Wq9Lm3\\\n    Xz7Pk2Qr8\nodbc=Driver={ODBC Driver 18};Server=db;Uid=sa;Pwd={Hy4;Kd8Ws2=Lp};\nretries=3\n";
    const root = gitRepo({ "config/app.properties": original });
    const { content } = await view(root, "config/app.properties");
    expect(content).toBe("db.url=jdbc:postgresql://db/app\ndb.password=[REDACTED:api-token]\nodbc=[REDACTED:connection-string]\nretries=3");
    await call("apply", { path: root, file: "config/app.properties", content: content.replace("retries=3", "retries=5"), write: true });
    expect(readFileSync(join(root, "config/app.properties"), "utf8")).toBe(original.replace("retries=3", "retries=5"));
  });

  test("trailing whitespace and blank-line runs a view trims and condenses survive edits from it (two edits apart, lines added and removed)", async () => {
    // each file, and what it becomes: the lines the edit rewrote ("a = 10", "c = 30") take back the whitespace the view hid from them; the deleted line's goes with it
    const files: Record<string, [string, string]> = {
      "src/spaces.ts": [
        "\n\nexport const a = 1;  \n\n\n\nexport function f() {\t\n  return 1;\n}\n  \n\t\nexport const b = 2; \nexport const c = 3;\n\n\n",
        "\n\nexport const a = 10;  \n\n\n\nexport function f() {\t\n  return 1;\n}\n  \n\t\nexport const c = 30;\nexport const d = 4;\n\n\n",
      ],
      "src/crlf.ts": [
        "export const a = 1;  \r\n\r\n\r\nexport const b = 2;\r\n \r\nexport const c = 3;\t\r\n",
        "export const a = 10;  \r\n\r\n\r\n \r\nexport const c = 30;\t\r\nexport const d = 4;\r\n",
      ],
    };
    const root = gitRepo(Object.fromEntries(Object.entries(files).map(([f, [original]]) => [f, original])));
    for (const [file, [original, expected]] of Object.entries(files)) {
      const { content } = await view(root, file);
      expect(content).not.toMatch(/[ \t]\n|\n\n\n/);
      const edited = content.replace("a = 1", "a = 10").replace("export const c = 3;", "export const c = 30;\nexport const d = 4;").replace("export const b = 2;\n", "");
      const result = await call("apply", { path: root, file, content: edited, write: true, expectedHash: sha256(original) });
      expect({ file, after: readFileSync(join(root, file), "utf8") }).toEqual({ file, after: expected });
      expect(result.text).toMatch(/whitespace views trim and condense on \d+ lines \(trailing spaces and blank lines\)/);
    }
    // content with whitespace of its own was not rebuilt from a view: written as given
    await call("apply", { path: root, file: "src/spaces.ts", content: "export const a = 1;  \n\n\nexport const z = 0;\n", write: true });
    expect(readFileSync(join(root, "src/spaces.ts"), "utf8")).toBe("export const a = 1;  \n\n\nexport const z = 0;\n");
  });

  test("a line the edit changed takes back the trailing whitespace the view hid from it (LF and CRLF); lines added or deleted, and content with whitespace of its own, are as sent", async () => {
    const lines = ["export function total(a: number) {  ", "  const rate = 0.2;\t", "  const unused = 1; ", "  return a * rate;   ", "}"];
    for (const eol of ["\n", "\r\n"]) {
      const original = `${lines.join(eol)}${eol}`;
      const root = gitRepo({ "src/total.ts": original });
      const { content } = await view(root, "src/total.ts");
      expect(content).not.toMatch(/[ \t]\r?\n/); // the view hid every line's trailing whitespace
      // the agent edits what it saw: renames a parameter (two lines), drops a line, adds one (nothing hidden on it to take)
      const edited = content.replace("total(a: number)", "total(amount: number)").replace("  const unused = 1;\n", "").replace("return a * rate;", "return amount * rate;\n  // rounded later");
      await call("apply", { path: root, file: "src/total.ts", content: edited, write: true, expectedHash: sha256(original) });
      const expected = ["export function total(amount: number) {  ", "  const rate = 0.2;\t", "  return amount * rate;   ", "  // rounded later", "}"];
      expect(readFileSync(join(root, "src/total.ts"), "utf8")).toBe(`${expected.join(eol)}${eol}`);
      // a line replaced one for one by a line unlike it is still the line at that place: ending as the old one did, it takes back what the view hid
      await call("apply", { path: root, file: "src/total.ts", content: edited.replace("export function total(amount: number) {", "class Invoice {"), write: true });
      expect(readFileSync(join(root, "src/total.ts"), "utf8").split(eol)[0]).toBe("class Invoice {  ");
      // ending otherwise, the edit touched where the whitespace stood: as sent
      await call("apply", { path: root, file: "src/total.ts", content: edited.replace("export function total(amount: number) {", "class Invoice {}"), write: true });
      expect(readFileSync(join(root, "src/total.ts"), "utf8").split(eol)[0]).toBe("class Invoice {}");
    }
    // content with trailing whitespace of its own was not rebuilt from a view: every byte as sent
    const root = gitRepo({ "a.ts": "let x = 1;  \nlet y = 2;\t\n" });
    await call("apply", { path: root, file: "a.ts", content: "let x = 10; \nlet y = 20;\n", write: true });
    expect(readFileSync(join(root, "a.ts"), "utf8")).toBe("let x = 10; \nlet y = 20;\n");
  });

  test("a line whose end the edit changed keeps no hidden whitespace: a markdown paragraph rewrapped does not get its hard break moved mid-sentence", async () => {
    const original = "# Notes\n\nThe release is on Friday, after the review.  \nBring the laptop.\n";
    const root = gitRepo({ "NOTES.md": original });
    const { content } = await view(root, "NOTES.md");
    expect(content).toContain("after the review.\n"); // the view hid the two spaces (a hard break)
    const rewrapped = content.replace("after the review.\nBring", "after the\nreview. Bring");
    await call("apply", { path: root, file: "NOTES.md", content: rewrapped, write: true, expectedHash: sha256(original) });
    // "after the  " would be a break neither the agent sent nor the disk had there
    expect(readFileSync(join(root, "NOTES.md"), "utf8")).toBe("# Notes\n\nThe release is on Friday, after the\nreview. Bring the laptop.\n");
  });

  test("a moved line takes its hidden trailing whitespace with it (re-indented too); the lines added around it get none", async () => {
    // `  b = 2;\t` moved below c, `d();   ` moved above a (the edit's two moves, each paired with nothing else); `e` new
    const original = "export function f() {\n  d();   \n  let a = 1;\n  let b = 2;\t\n  let c = 3;\n  return a + b + c;\n}\n";
    const root = gitRepo({ "src/f.ts": original });
    const { content } = await view(root, "src/f.ts");
    expect(content).toContain("  let b = 2;\n"); // the view hid the tab
    const moved = "d();\nexport function f() {\n  let a = 1;\n  let c = 3;\n    let b = 2;\n  let e = 5;\n  let a2 = 1;\n  return a + b + c;\n}\n";
    await call("apply", { path: root, file: "src/f.ts", content: moved, write: true, expectedHash: sha256(original) });
    expect(readFileSync(join(root, "src/f.ts"), "utf8")).toBe("d();   \nexport function f() {\n  let a = 1;\n  let c = 3;\n    let b = 2;\t\n  let e = 5;\n  let a2 = 1;\n  return a + b + c;\n}\n");
    // a line of punctuation alone is not told for the same line: `}  ` closing the block deleted, a `}` added three lines down, is as sent
    const braces = "function g() {\n  one();\n}  \nconst l1 = 1;\nconst l2 = 2;\nconst l3 = 3;\n";
    const other = gitRepo({ "src/g.ts": braces });
    const shown = (await view(other, "src/g.ts")).content;
    await call("apply", { path: other, file: "src/g.ts", content: shown.replace("}\n", "").replace("l3 = 3;", "l3 = 3;\n}"), write: true, expectedHash: sha256(braces) });
    expect(readFileSync(join(other, "src/g.ts"), "utf8")).toBe("function g() {\n  one();\nconst l1 = 1;\nconst l2 = 2;\nconst l3 = 3;\n}\n");
  });

  test("content whose first line the edit deleted above a blank line (a header comment) is still an edited view: the other lines keep their hidden whitespace (found on zod)", async () => {
    const original = "// header\n\nimport { z } from \"zod\";\t\n\nexport const a = z.string();  \n";
    const root = gitRepo({ "src/h.ts": original });
    const { content } = await view(root, "src/h.ts");
    expect(content).toBe('// header\n\nimport { z } from "zod";\n\nexport const a = z.string();');
    await call("apply", { path: root, file: "src/h.ts", content: content.replace("// header\n", ""), write: true, expectedHash: sha256(original) });
    expect(readFileSync(join(root, "src/h.ts"), "utf8")).toBe(original.replace("// header\n", ""));
  });

  test("content rebuilt from a view and sent with CRLF throughout (an editor or harness writing CRLF) still takes back the whitespace the view hid", async () => {
    const original = `export const a = 1;  \r\nexport const key = "${AWS}";\r\nexport const b = 2;\t\r\n\r\n\r\nexport const c = 3;\r\n`;
    const root = gitRepo({ "src/c.ts": original });
    const { content } = await view(root, "src/c.ts");
    const sent = `${content.replace("b = 2", "b = 22").replace(/\n/g, "\r\n")}\r\n`;
    await call("apply", { path: root, file: "src/c.ts", content: sent, write: true, expectedHash: sha256(original) });
    expect(readFileSync(join(root, "src/c.ts"), "utf8")).toBe(original.replace("b = 2", "b = 22"));
  });

  test("content sent with CRLF throughout over a file of mixed endings: the lines it left keep their own LF and CR; over a file of LF alone the CRLF is the caller's", async () => {
    const original = "export const a = 1;\r\nexport const b = 2;\nexport const c = 3;\rexport const d = 4;\r\n";
    const root = gitRepo({ "src/m.ts": original, "src/l.ts": "export const a = 1;\nexport const b = 2;\n" });
    const { content } = await view(root, "src/m.ts");
    const sent = `${content.replace("d = 4", "d = 44").replace(/\n/g, "\r\n")}\r\n`;
    await call("apply", { path: root, file: "src/m.ts", content: sent, write: true, expectedHash: sha256(original) });
    expect(readFileSync(join(root, "src/m.ts"), "utf8")).toBe(original.replace("d = 4", "d = 44"));
    await call("apply", { path: root, file: "src/l.ts", content: "export const a = 1;\r\nexport const b = 22;\r\n", write: true });
    expect(readFileSync(join(root, "src/l.ts"), "utf8")).toBe("export const a = 1;\r\nexport const b = 22;\r\n");
  });

  test("a file of blank and whitespace-only lines, which views show empty: the empty view written back leaves it as it is", async () => {
    const files: Record<string, string> = { "a.txt": "   \n\t\n", "b.txt": "\n", "c.txt": "\r\n\r\n", "d.txt": "\r\r\r", "e.txt": " \n\n\t" };
    const root = gitRepo(files);
    for (const [file, original] of Object.entries(files)) {
      const { content } = await view(root, file);
      expect({ file, content }).toEqual({ file, content: "" });
      const result = await call("apply", { path: root, file, content, write: true, expectedHash: sha256(original) });
      expect({ file, unchanged: (result.data as unknown as ApplyData).unchanged, after: readFileSync(join(root, file), "utf8") }).toEqual({ file, unchanged: true, after: original });
    }
  });

  test("content that carries its own \\r, or a new file, is written as given", async () => {
    const root = gitRepo({ "src/a.ts": "a\r\nb\r\n" });
    await call("apply", { path: root, file: "src/a.ts", content: "a\r\nc\r\n", write: true });
    expect(readFileSync(join(root, "src/a.ts"), "utf8")).toBe("a\r\nc\r\n");
    await call("apply", { path: root, file: "src/b.ts", content: "x", write: true });
    expect(readFileSync(join(root, "src/b.ts"), "utf8")).toBe("x");
  });

  test("a Latin-1 file is refused, not changed; the view says it is not UTF-8", async () => {
    const latin1 = Buffer.from("export const café = 'naïve';\nexport const n = 1;\n", "latin1");
    const root = gitRepo({ "src/latin.ts": latin1 });
    const { content, text, encoding } = await view(root, "src/latin.ts");
    expect(content).toContain("\uFFFD");
    expect(encoding).toBe("not-utf8");
    expect(text).toContain(`encoding="not-utf8"`);
    for (const write of [false, true]) {
      const error = await failure(call("apply", { path: root, file: "src/latin.ts", content: content.replace("n = 1", "n = 2"), write }));
      expect(error.formatted).toStartWith("validation_error: refusing to apply to 'src/latin.ts': the file on disk is not valid UTF-8 (first invalid byte on line 1");
    }
    expect(readFileSync(join(root, "src/latin.ts")).equals(latin1)).toBe(true);
  });

  test("a UTF-16 file (with its byte order mark) is refused as UTF-16, not changed", async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("const n = 1;\n", "utf16le")]);
    const be = Buffer.from(le.subarray(0)).swap16();
    const root = gitRepo({ "src/le.ts": le, "src/be.ts": be });
    for (const [file, bytes, endian] of [["src/le.ts", le, "little"], ["src/be.ts", be, "big"]] as const) {
      const error = await failure(call("apply", { path: root, file, content: "const n = 2;\n", write: true }));
      expect(error.formatted).toStartWith(`validation_error: refusing to apply to '${file}': the file on disk is UTF-16 (${endian}-endian, with a byte order mark), not UTF-8.`);
      expect(readFileSync(join(root, file)).equals(bytes)).toBe(true);
    }
    // UTF-32 (its little-endian mark starts as UTF-16's does: it was named UTF-16)
    const le32 = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), ...[..."const n = 1;\n"].map((c) => Buffer.from([c.charCodeAt(0), 0, 0, 0]))]);
    const be32 = Buffer.from(le32.subarray(0)).swap32();
    writeFileSync(join(root, "src/le32.ts"), le32);
    writeFileSync(join(root, "src/be32.ts"), be32);
    for (const [file, bytes, endian] of [["src/le32.ts", le32, "little"], ["src/be32.ts", be32, "big"]] as const) {
      const error = await failure(call("apply", { path: root, file, content: "const n = 2;\n", write: true }));
      expect(error.formatted).toStartWith(`validation_error: refusing to apply to '${file}': the file on disk is UTF-32 (${endian}-endian, with a byte order mark), not UTF-8.`);
      expect(readFileSync(join(root, file)).equals(bytes)).toBe(true);
    }
  });

  test("a new file under a dangling directory symlink or below a file gets a clear error, not EEXIST/ENOTDIR", async () => {
    const root = gitRepo({ "src/a.ts": "a\n" });
    symlinkSync(join(root, "gone"), join(root, "lib"));
    const error = await failure(call("apply", { path: root, file: "lib/x.ts", content: "x\n", write: true }));
    expect(error.formatted).toBe(`validation_error: cannot create 'lib/x.ts': 'lib' is a symbolic link to a directory that does not exist (${join(root, "gone")}); create that directory or remove the link first`);
    const nested = await failure(call("apply", { path: root, file: "lib/deeper/x.ts", content: "x\n" }));
    expect(nested.formatted).toStartWith("validation_error: cannot create 'lib/deeper/x.ts': 'lib' is a symbolic link");
    const underFile = await failure(call("apply", { path: root, file: "src/a.ts/x.ts", content: "x\n", write: true }));
    expect(underFile.formatted).toBe("validation_error: cannot create 'src/a.ts/x.ts': 'src/a.ts' is a file, not a directory");
  });
});
