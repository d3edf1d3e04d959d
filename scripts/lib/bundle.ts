// Child of scripts/lib/compile.ts: `bun scripts/lib/bundle.ts '{"parts":…,"outfile":…}'`
// compiles src/main.ts for one target with Bun.build (the embedded-file modules are already
// generated). `@ast-grep/napi` resolves to src/lang/napi-embedded.ts, which loads the target's
// addon (embedded by compile.ts) from the private cache; the package's own loader, which
// tries every platform's addon package, is not bundled.

import { join } from "node:path";
import type { BunPlugin } from "bun";
import type { NativeParts } from "./compile.ts";

const { parts, outfile } = JSON.parse(process.argv[2] ?? "{}") as { parts: NativeParts; outfile: string };
const root = join(import.meta.dir, "..", "..");

const napiEmbedded: BunPlugin = {
  name: "svc-napi-embedded",
  setup(build) {
    build.onResolve({ filter: /^@ast-grep\/napi$/ }, () => ({ path: join(root, "src", "lang", "napi-embedded.ts") }));
    // nothing else may reach another copy of the addon (or Bun's own $TMPDIR extraction of it)
    build.onResolve({ filter: /^@ast-grep\/napi[-/]/ }, (args) => ({ path: args.path, external: true }));
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
  plugins: [napiEmbedded],
  throw: false,
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
