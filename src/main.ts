#!/usr/bin/env bun
// Entry: `svc --version` answers before anything else loads; everything else goes to the CLI.

import { VERSION } from "./version.ts";

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
  process.stdout.write(`svc ${VERSION}\n`);
} else if (argv[0] === "__extract") {
  const { runExtractChild } = await import("./index/child.ts");
  const { FILE_VISITORS } = await import("./indexing/passes.ts");
  process.exitCode = await runExtractChild(FILE_VISITORS);
} else {
  const { runCli } = await import("./surfaces/cli/run.ts");
  process.exitCode = await runCli(argv);
}
