// Inside the compiled binary `@ast-grep/napi` resolves to this module (scripts/lib/bundle.ts):
// the platform's addon is an embedded file, copied to the private per-version cache (checked
// against the build's digest, src/sys/cache.ts) and loaded from there, like the grammars and
// the compiler. Left to Bun, an embedded `.node` is written to $TMPDIR under a fixed name with
// no check, and where that folder cannot be written (or cannot map code) the addon's loader
// failed with "Cannot find native binding … npm i", on every command that parses a file.
// CommonJS on purpose: the addon's exports are this module's, as from the npm package.

const { join } = require("node:path") as typeof import("node:path");
const { validationError } = require("../errors.ts") as typeof import("../errors.ts");
const { materializeAll } = require("../sys/embedded.ts") as typeof import("../sys/embedded.ts");
const addonFiles = (require("./embedded-addon.gen.js") as { default: Record<string, import("../sys/cache.ts").EmbeddedFile> }).default;

const addonName = Object.keys(addonFiles)[0]!;
const addonPath = join(materializeAll(addonFiles, [], "ast-grep"), addonName);
try {
  module.exports = require(addonPath);
} catch (error) {
  const why = ((error as Error).message ?? String(error)).split("\n")[0];
  throw validationError(`the ast-grep addon ${addonPath} cannot be loaded (${why}); if that folder is on a filesystem mounted noexec, set XDG_CACHE_HOME to one that is not`);
}
