// Child of scripts/lib/compile.ts: `bun scripts/lib/bundle.ts '{"parts":…,"outfile":…}'`
// compiles src/main.ts for one target with Bun.build (the embedded-file modules are already
// generated). The ast-grep addon packages resolve to the target's one only; the others stay
// external and unresolved, which napi's loader (a try/catch per platform) expects.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BunPlugin } from "bun";
import type { NativeParts } from "./compile.ts";

const { parts, outfile } = JSON.parse(process.argv[2] ?? "{}") as { parts: NativeParts; outfile: string };
const root = join(import.meta.dir, "..", "..");
const own = parts.target.napiPackage;
const main = (JSON.parse(readFileSync(join(parts.napiDir, "package.json"), "utf8")) as { main: string }).main;

const napiTarget: BunPlugin = {
  name: "svc-napi-target",
  setup(build) {
    build.onResolve({ filter: /^@ast-grep\/napi-/ }, (args) => {
      if (args.path === own) return { path: join(parts.napiDir, main) };
      if (args.path === `${own}/package.json`) return { path: join(parts.napiDir, "package.json") };
      return { path: args.path, external: true };
    });
  },
};

const result = await Bun.build({
  entrypoints: [join(root, "src", "main.ts")],
  compile: {
    target: parts.target.bunTarget,
    outfile,
    autoloadDotenv: false,
    autoloadBunfig: false,
    ...(parts.executablePath ? { executablePath: parts.executablePath } : {}),
  },
  minify: true,
  bytecode: true,
  format: "esm",
  plugins: [napiTarget],
  throw: false,
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
