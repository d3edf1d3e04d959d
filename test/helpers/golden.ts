// Golden outputs: text formats pinned in test/golden/*.txt so format changes are deliberate.
// Run with SVC_UPDATE_GOLDEN=1 to rewrite them after an intended change (then review the diff).

import { expect } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DIR = join(import.meta.dir, "..", "golden");

export function expectGolden(name: string, actual: string): void {
  const file = join(DIR, `${name}.txt`);
  if (process.env.SVC_UPDATE_GOLDEN === "1" || !existsSync(file)) {
    if (process.env.CI && !existsSync(file)) throw new Error(`golden file ${name}.txt is missing`);
    writeFileSync(file, actual.endsWith("\n") ? actual : `${actual}\n`);
    return;
  }
  const expected = readFileSync(file, "utf8");
  expect(actual.endsWith("\n") ? actual : `${actual}\n`).toBe(expected);
}
