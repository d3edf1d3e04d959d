// A class declared inside a function (a test's callback: `class M extends Migration { override down() {…} }`, as
// mikro-orm's tests do) or a class expression is no indexed symbol: its members are not either. find-references joins
// its override of a member to the base's (and the uses of that override: `new M().down()`), which no edge records — the
// base member's neighbors and impact said "none (checker-complete)" (h121 audit, mikro-orm Migration.down). Such an
// answer is partial, saying where; a local heir that does not declare the member (its uses resolve to the base's, which
// the walk records) leaves the answer checker-complete. A constructor's answer is partial for every local heir (its
// `new L(…)`, its `super(…)`), and lists `new this(…)` in the class's static factories (`this` names no declaration).

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, impactSites, neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "local-heir", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noImplicitOverride: true, noEmit: true }, include: ["src"] }),
  "src/base.ts": [
    "export abstract class Migration {",
    "  abstract up(): void;",
    "  down(): void {",
    '    throw new Error("cannot revert");',
    "  }",
    "  name(): string {",
    '    return "m";',
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/use.ts": [
    'import { Migration } from "./base.js";',
    "",
    "export function run(make: () => void): void {",
    "  make();",
    "}",
    "",
    "run(() => {",
    "  class Local extends Migration {",
    "    up(): void {}",
    "    override down(): void {}",
    "  }",
    "  new Local().down();",
    "});",
    "",
  ].join("\n"),
  "src/quiet.ts": [
    'import { Migration } from "./base.js";',
    "",
    "export function twice(): string {",
    "  class Quiet extends Migration {",
    "    up(): void {",
    "      this.name();",
    "    }",
    "  }",
    "  return new Quiet().name();",
    "}",
    "",
  ].join("\n"),
  "src/entity.ts": [
    "export class Entity {", // 1
    "  constructor(readonly id: string) {}", // 2
    "  static create(): Entity {", // 3
    '    return new this("x");', // 4
    "  }", // 5
    "}", // 6
    "",
  ].join("\n"),
  "src/entities.ts": [
    'import { Entity } from "./entity.js";', // 1
    "", // 2
    "export function all(): Entity[] {", // 3
    "  class Plain extends Entity {}", // 4
    "  class Own extends Entity {", // 5
    "    constructor() {", // 6
    '      super("own");', // 7
    "    }", // 8
    "  }", // 9
    '  return [new Plain("p"), new Own()];', // 10
    "}", // 11
    "",
  ].join("\n"),
};

describe("a member overridden by a class the index holds no symbol of", () => {
  const root = gitRepo(FILES);

  test("neighbors and impact missing the compiler's references are partial, naming the heir's clause", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const compiler = (await references(engine, join(root, "src/base.ts"), { line: 3, column: 3 })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`);
      expect(compiler).toContain("src/use.ts:12"); // the local override's call (its declaration is a definition)
      const n = await neighbors(root, "src/base.ts:3");
      expect(sitesOf(n).has("src/use.ts:12")).toBe(false);
      expect(n.coverage?.complete).toBe(false);
      expect(n.coverage?.line).toContain("src/use.ts:8 (Migration)");
      const i = await impact(root, "src/base.ts:3");
      expect(impactSites(i, i.overriders).has("src/use.ts:10")).toBe(false);
      expect(i.coverage?.complete).toBe(false);
      expect(i.coverage?.line).toContain("src/use.ts:8 (Migration)");
    } finally {
      await engine.close();
    }
  }, 180_000);

  test("a constructor: `new this(…)` in a static factory is listed; local heirs constructing it make the answer partial", async () => {
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      const compiler = (await references(engine, join(root, "src/entity.ts"), { line: 2, column: 3 })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`);
      expect(compiler).toEqual(expect.arrayContaining(["src/entity.ts:4", "src/entities.ts:7", "src/entities.ts:10"]));
      const n = await neighbors(root, "src/entity.ts:2");
      expect(sitesOf(n).has("src/entity.ts:4")).toBe(true);
      expect(n.coverage?.complete).toBe(false);
      expect(n.coverage?.line).toContain("src/entities.ts:4 (Entity)");
      expect((await impact(root, "src/entity.ts:2")).coverage?.complete).toBe(false);
    } finally {
      await engine.close();
    }
  }, 180_000);

  test("a member no local heir declares (one calls it: the base's use) stays checker-complete", async () => {
    const n = await neighbors(root, "src/base.ts:6");
    expect(sitesOf(n).has("src/quiet.ts:6")).toBe(true); // twice, at its first use
    expect(n.coverage?.complete).toBe(true);
    expect((await impact(root, "src/base.ts:6")).coverage?.complete).toBe(true);
  }, 60_000);
});
