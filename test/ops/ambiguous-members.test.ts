// An ambiguous bare name lists every declaration named so, members too. On mikro-orm
// `svc impact dbName` said "ambiguous: 6 declarations" listing test-file constants, not
// ConnectionOptions.dbName (which `svc find dbName --kind symbol` lists first): a list
// that omits a candidate claims fewer declarations exist than do. A name one top-level
// declaration has still resolves to it; a rename with `file` still picks, in that file,
// the declaration named exactly so over a member.

import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { resolveTarget } from "../../src/refactor/target.ts";
import { storePath } from "../../src/store/db.ts";
import { gitRepo } from "../helpers/repo.ts";

const OPTIONS = "export interface ConnectionOptions {\n  dbName?: string;\n}\nexport function connect(o: ConnectionOptions): string {\n  return o.dbName ?? '';\n}\n";
const constant = (v: string) => `export const dbName = '${v}';\nconsole.log(dbName);\n`;
// a top-level constant and a member of that name in one file
const both = `${constant("b")}export class Config {\n  dbName = 'c';\n}\n`;

describe("ambiguous bare names", () => {
  test("impact and find neighbors list the members named so with the top-level declarations", async () => {
    const root = gitRepo({ "src/options.ts": OPTIONS, "test/a.test.ts": constant("a"), "test/b.test.ts": both });
    for (const r of [await call("impact", { path: root, symbol: "dbName" }), await call("find", { path: root, query: "dbName", kind: "neighbors" })]) {
      expect(r.text).toContain("'dbName' is ambiguous: 4 declarations. Pass one of these (a qualified name where no other has it, else path:line):");
      expect(r.text).toContain("property ConnectionOptions.dbName  (src/options.ts:2)");
      expect(r.text).toContain("const dbName  (test/a.test.ts:1)");
      const candidates = (r.data as { candidates: { qualifiedName: string }[] }).candidates.map((c) => c.qualifiedName).sort();
      expect(candidates).toEqual(["Config.dbName", "ConnectionOptions.dbName", "dbName", "dbName"]);
    }
    const db = new Database(storePath(root), { readonly: true });
    try {
      const read = (p: string) => readFileSync(join(root, p), "utf8");
      const inFile = resolveTarget(db, "dbName", null, "test/b.test.ts", read);
      expect(inFile.ok && inFile.symbol.qualifiedName).toBe("dbName");
      const member = resolveTarget(db, "dbName", null, "src/options.ts", read);
      expect(member.ok && member.symbol.qualifiedName).toBe("ConnectionOptions.dbName");
    } finally {
      db.close();
    }
  }, 120_000);

  test("a name one top-level declaration has resolves to it, members named so notwithstanding", async () => {
    const root = gitRepo({ "src/options.ts": OPTIONS, "test/a.test.ts": constant("a") });
    const r = await call("impact", { path: root, symbol: "dbName" });
    expect(r.text).not.toContain("ambiguous");
    expect((r.data as { status?: string }).status).not.toBe("ambiguous");
  }, 120_000);
});
