// Preloaded by `bun test` (bunfig.toml [test] preload): every test and hook gets at least a
// 60 s timeout instead of Bun's 5 s default, so a busy 2-core machine never fails a test for
// its slowness alone. Tests that start processes or the compiler set their own, longer ones.

import { setDefaultTimeout } from "bun:test";

setDefaultTimeout(60_000);
