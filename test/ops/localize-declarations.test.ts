// find --kind task (issue 20): among near-tied candidates, the file whose best declaration
// matches the task's words ranks first (localize-declarations.ts; mikro-orm's
// SchemaComparator.ts behind SchemaHelper.ts), not the file whose matches are spread over
// many declarations; a file named by a query word is not passed by one that is not.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import { gitRepo } from "../helpers/repo.ts";
import { withParams } from "../helpers/params.ts";

async function candidates(path: string, query: string) {
  const r = await call("find", { path, query, kind: "task" });
  return (r.data as unknown as FindData).candidates ?? [];
}

const ranking = async (path: string, query: string) => (await candidates(path, query)).map((c) => c.path);

/** Every query word in a method of its own, each mentioned in name, comment and body: the text ranks this file first. */
const spread = (name: string) =>
  [
    `export class ${name} {`,
    ...["trigger", "diff", "expression", "side", "column", "index"].flatMap((w, i) => [
      `  /** Reads the ${w} of a table. */`,
      `  read${(w[0] as string).toUpperCase()}${w.slice(1)}${i}(table: { ${w}: string }): string {`,
      `    return table.${w} + "${w}";`,
      "  }",
    ]),
    "}",
    "",
  ].join("\n");

/** One method meeting the words together. */
const focused = [
  "export class TableDiffer {",
  "  /** Compares two triggers: both sides' expressions. */",
  "  triggerDiff(left: { expression: string }, right: { expression: string }): boolean {",
  "    return left.expression !== right.expression;",
  "  }",
  "  columnNames(table: { names: string[] }): string[] {",
  "    return table.names;",
  "  }",
  "}",
  "",
].join("\n");

const query = "fix: skip trigger diff when only one side uses expression";

describe("which declaration the task describes", () => {
  test("the file whose one declaration meets the words ranks over the file whose matches are spread; off, or outside the band, find's order stays", async () => {
    const root = gitRepo({ "src/schema/table-helper.ts": spread("TableHelper"), "src/schema/table-differ.ts": focused, "src/other.ts": "export const other = 1;\n" });
    const on = await candidates(root, query);
    expect(on[0]?.path).toBe("src/schema/table-differ.ts");
    expect(on[0]?.reasons.some((r) => r.startsWith("its declaration TableDiffer.triggerDiff meets the task's words (trigger, diff") && r.endsWith("ranked over table-helper.ts"))).toBe(true);
    // Each position keeps its score: the grade sees the same scores, only the files change places.
    const off = await withParams({ declarationMatch: 0 }, () => candidates(root, query));
    expect(off[0]?.path).toBe("src/schema/table-helper.ts");
    expect(on.map((c) => c.score)).toEqual(off.map((c) => c.score));
    expect(off.flatMap((c) => c.reasons).some((r) => r.startsWith("its declaration"))).toBe(false);
    // Not near-tied (a band of 1 %): the declarations do not overturn the evidence.
    expect((await withParams({ declarationBand: 0.01 }, () => ranking(root, query)))[0]).toBe("src/schema/table-helper.ts");
  }, 120_000);

  test("a file whose name is a query word is not passed by one whose name is not, whatever the weight", async () => {
    const strong = { declarationMatch: 5, declarationBand: 1 };
    const unnamed = gitRepo({ "src/schema/table-helper.ts": spread("TableHelper"), "src/schema/table-differ.ts": focused });
    expect((await withParams(strong, () => ranking(unnamed, query)))[0]).toBe("src/schema/table-differ.ts");
    const named = gitRepo({ "src/schema/trigger.ts": spread("TriggerHelper"), "src/schema/table-differ.ts": focused });
    expect((await withParams(strong, () => ranking(named, query)))[0]).toBe("src/schema/trigger.ts");
  }, 120_000);
});
