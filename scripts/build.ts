// `bun run build` → dist/svc: one compiled binary for this platform, from the installed
// packages (see scripts/lib/compile.ts; scripts/release.ts builds every platform).

import { mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { compileSvc, hostParts, ROOT } from "./lib/compile.ts";

const outfile = process.argv[2] ?? join(ROOT, "dist", "svc");
mkdirSync(join(outfile, ".."), { recursive: true });
try {
  await compileSvc(hostParts(), outfile);
} catch (error) {
  console.error(`build failed: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`built ${relative(process.cwd(), outfile) || outfile}`);
