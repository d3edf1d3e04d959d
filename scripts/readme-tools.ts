// Regenerate the README's tool table from the registry: bun scripts/readme-tools.ts
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withToolTable } from "../src/surfaces/tool-table.ts";

const file = join(import.meta.dir, "..", "README.md");
writeFileSync(file, withToolTable(readFileSync(file, "utf8")));
console.log("README.md tool table updated");
