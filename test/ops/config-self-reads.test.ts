// A config class reading its own options: mikro-orm's `Configuration` reads
// `this.get('dbName', …)` (Configuration.ts:493, 499), which `svc find dbName --kind config`
// and impact's key reads missed (2 of 24) — only `config.get` on a receiver named like a
// config service was read. `this.get('x')` counts inside a class named like a config service
// whose own `get` takes its options type's keys; any other class's `this.get` does not.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { configProject } from "../helpers/config-project.ts";
import { gitRepo } from "../helpers/repo.ts";

const FILES = configProject(
  [
    "export interface Options {",
    "  dbName?: string;",
    "  clientUrl?: string;",
    "}",
    "export class Configuration {",
    "  constructor(private readonly options: Options) {}",
    "  get<K extends keyof Options>(key: K, fallback?: Options[K]): Options[K] {",
    "    return this.options[key] ?? fallback;",
    "  }",
    "  init(): void {",
    "    this.options.dbName = this.get('dbName', this.get('clientUrl'));",
    "  }",
    "}",
    "",
  ].join("\n"),
  {
    // a `get` over its own keys in a class that is no config service, and a config-named class whose `get` takes any string
    "src/cache.ts": [
      "export class Cache<T> {",
      "  constructor(private readonly items: T) {}",
      "  get<K extends keyof T>(key: K): T[K] {",
      "    return this.items[key];",
      "  }",
      "  warm(): unknown {",
      "    return (this as Cache<any>).get('dbName') ?? this.get('dbName' as keyof T);",
      "  }",
      "}",
      "export class ConfigLoader {",
      "  get(key: string): string {",
      "    return key;",
      "  }",
      "  load(): string {",
      "    return this.get('dbName');",
      "  }",
      "}",
      "",
    ].join("\n"),
  },
);

describe("a config class's reads of its own options", () => {
  for (const tier of ["syntax", "checker"]) {
    test(`${tier} tier: Configuration's this.get('dbName') is a config read; Cache's and ConfigLoader's are not`, async () => {
      const root = gitRepo(FILES);
      if (tier === "checker") await call("index", { path: root });
      const { text } = await call("find", { path: root, query: "dbName", kind: "config" });
      const reads = text.split("\n").filter((l) => l.includes("[config_reads")).map((l) => l.replace(/^\s*\[config_reads, \w+\] /, ""));
      expect(reads.sort()).toEqual([
        "Configuration.init  (src/options.ts:11)  this.get('dbName', this.get('clientUrl'))",
        "Connection.database  (src/connection.ts:5)  this.config.get('dbName')",
      ]);
      expect((await call("find", { path: root, query: "clientUrl", kind: "config" })).text).toContain("Configuration.init  (src/options.ts:11)  this.get('clientUrl')");
      if (tier === "checker") {
        const impact = await call("impact", { path: root, symbol: "Options.dbName" });
        expect(impact.data).toMatchObject({ keyReads: { key: "dbName", total: 2 } });
      }
    }, 120_000);
  }
});
