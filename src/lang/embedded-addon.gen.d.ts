// Written by scripts/lib/compile.ts for the build platform: the ast-grep addon's `.node` file → embedded file.
import type { EmbeddedFile } from "../sys/cache.ts";
declare const addon: Record<string, EmbeddedFile>;
export default addon;
