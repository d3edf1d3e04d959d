// TypeScript's own types are no services. On mikro-orm, `class UniversalPropertyOptionsBuilder
// implements Record<…>` made `svc find Record --kind service` answer "service Record", the lib
// type as a service key with the class as its implementation. A lib type the workspace does not
// declare (Record, PromiseLike, Iterable…) is no key now; an interface of that name declared
// here still is; a package's interface is, saying it is not declared here.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { gitRepo } from "../helpers/repo.ts";

const files = {
  "package.json": JSON.stringify({ name: "libtypes", private: true }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src"] }),
  "src/options.ts": "export class Options implements Record<string, unknown> {\n  [key: string]: unknown;\n}\n",
  "src/lazy.ts": "export class Lazy implements PromiseLike<number>, Iterable<number> {\n  then<A, B>(): PromiseLike<A | B> {\n    throw new Error('x');\n  }\n  *[Symbol.iterator]() {\n    yield 1;\n  }\n}\n",
  "src/dialect.ts": 'import type { Dialect } from "kysely";\nexport class OracleDialect implements Dialect {}\n',
  "src/module.ts": 'import type { OnModuleInit } from "@nestjs/common";\nexport class AppModule implements OnModuleInit {\n  onModuleInit() {}\n}\n',
  "src/store.ts": "export interface Storage {\n  read(): string;\n}\nexport class DiskStorage implements Storage {\n  read() {\n    return '';\n  }\n}\n",
};

describe("find --kind service: lib types are no service keys", () => {
  for (const tier of ["syntax", "checker"]) {
    test(`${tier} tier: Record, PromiseLike, Iterable and a lifecycle hook are not keys; Storage declared here is`, async () => {
      const root = gitRepo(files);
      if (tier === "checker") await call("index", { path: root });
      for (const name of ["Record", "PromiseLike", "Iterable", "OnModuleInit"]) {
        const { text } = await call("find", { path: root, query: name, kind: "service" });
        expect(text).not.toContain(`service ${name}`);
        expect(text).toStartWith(`no matches for '${name}' (service)`);
      }
      const storage = await call("find", { path: root, query: "Storage", kind: "service" });
      expect(storage.text).toContain("service Storage  (typescript)");
      expect(storage.text).toContain("class DiskStorage  (src/store.ts:4)  implements Storage");
      expect(storage.text).not.toContain("not declared in the workspace");
      // a package's interface stays a key, and the answer says it is declared elsewhere
      const dialect = await call("find", { path: root, query: "Dialect", kind: "service" });
      expect(dialect.text).toContain("class OracleDialect  (src/dialect.ts:2)  implements Dialect (Dialect is not declared in the workspace: a package's or the language's)");
    }, 120_000);
  }
});
