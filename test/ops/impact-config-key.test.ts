// An options member is read by its name as a string too (`this.config.get('dbName')` through
// `get<K extends keyof Options>(key: K)`), which find-references does not reach: mikro-orm's
// ConnectionOptions.dbName answered 1,639 references and none of its 22 `config.get('dbName')`
// readers. Impact lists the config wiring's reads of that key, said to be matched by name.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { configProject } from "../helpers/config-project.ts";
import { gitRepo } from "../helpers/repo.ts";

const FILES = configProject(
  [
    "export interface Options {",
    "  dbName?: string;",
    "  port?: number;",
    "}",
    "export class Configuration {",
    "  constructor(private readonly options: Options) {}",
    "  get<K extends keyof Options>(key: K): Options[K] {",
    "    return this.options[key];",
    "  }",
    "}",
    "",
  ].join("\n"),
);

describe("impact of an options member", () => {
  test("the config reads of its key are listed, by name, in the text and the structured result", async () => {
    const root = gitRepo(FILES);
    await call("index", { path: root });
    const { text, data } = await call("impact", { path: root, symbol: "Options.dbName" });
    expect(text).toContain(
      [
        "config reads of the key 'dbName' (by name, not in the references above: the key may belong to another options type) (1):",
        "  [config_reads, checker] Connection.database  (src/connection.ts:5)  this.config.get('dbName')",
      ].join("\n"),
    );
    expect(data).toMatchObject({ keyReads: { key: "dbName", total: 1, reads: [{ symbol: "Connection.database", path: "src/connection.ts", line: 5 }] } });
    // a member no config read names: no such section
    expect((await call("impact", { path: root, symbol: "Options.port" })).text).not.toContain("config reads of the key");
  }, 120_000);
});
