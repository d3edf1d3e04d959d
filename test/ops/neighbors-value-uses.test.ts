// "callers (0): none" for a class only ever constructed through a value it was passed on as
// (mikro-orm's drivers: `{ pg: PostgreSqlConnection }`, `new ctors[kind]()`): no call site is
// found, which is no claim that nothing calls it. The empty callers section says so when the
// references list uses of it; with no reference at all it stays a plain "none".

import { expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import { gitRepo } from "../helpers/repo.ts";

test("an empty callers section beside references says calls through them are not followed; with nothing at all, none", async () => {
  const root = gitRepo({
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] }),
    "src/base.ts": 'export class Base {\n  constructor(public name: string) {}\n}\nexport class Conn extends Base {\n  constructor() {\n    super("conn");\n  }\n}\nexport class Idle {}\n',
    "src/use.ts": 'import { Conn } from "./base";\nconst ctors = { pg: Conn };\nexport function make(kind: "pg") {\n  return new ctors[kind]();\n}\n',
  });
  await call("index", { path: root });
  const conn = await call("find", { path: root, query: "Conn", kind: "neighbors" });
  expect(conn.text).toContain("callers (0):\n  none direct (a call through the reference below — a value passed on, a table of constructors — is not followed)\nreferences (1):\n  [references] ctors  (src/use.ts:2)");
  expect((conn.data as unknown as FindData & { neighbors: { callers: unknown[] } }).neighbors.callers).toEqual([]);
  const idle = await call("find", { path: root, query: "Idle", kind: "neighbors" });
  expect(idle.text).toContain("callers (0):\n  none\nreferences (0):\n  none");
}, 120_000);
