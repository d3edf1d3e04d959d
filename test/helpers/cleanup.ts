// Preloaded for every `bun test` run (bunfig.toml): what the run leaves behind is removed once
// it ends — a hook here runs after all test files, not after the first that imports a helper.

import { afterAll } from "bun:test";
import { removeTempDirs } from "./repo.ts";

afterAll(removeTempDirs);
