// The workspace's runner is `bun` in the test projects: this process's bun made resolvable as
// `bun` on PATH, as a user's would be; PATH is restored after the calling file's tests.

import { afterAll } from "bun:test";
import { symlinkSync } from "node:fs";
import { delimiter, join } from "node:path";
import { tempDir } from "./repo.ts";

export function bunOnPath(): void {
  const bin = tempDir("svc-bin-");
  symlinkSync(process.execPath, join(bin, "bun"));
  const savedPath = process.env.PATH;
  process.env.PATH = `${bin}${delimiter}${savedPath ?? ""}`;
  afterAll(() => {
    process.env.PATH = savedPath;
  });
}
