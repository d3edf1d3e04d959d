// How svc starts another copy of itself: the compiled binary directly, or Bun with our
// entry file when running from source.

import { join } from "node:path";
import { IS_COMPILED } from "../version.ts";

const MAIN = join(import.meta.dir, "..", "main.ts");

export function selfCommand(args: readonly string[]): string[] {
  return IS_COMPILED ? [process.execPath, ...args] : [process.execPath, "--no-install", MAIN, ...args];
}
