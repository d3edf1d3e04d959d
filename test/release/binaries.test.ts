// The binaries `scripts/release` wrote (dist/release; the suite skips this file when there is
// none — CI runs the release first; the parts are read from the release's cache, never fetched): each is an executable of its platform's format and
// architecture, and embeds that platform's native parts — the ast-grep addon, every grammar
// library, the TypeScript 7 compiler — and not another platform's addon.

import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { nativeFormat } from "../../scripts/lib/binfmt.ts";
import { embeddedFiles, ROOT, TARGETS } from "../../scripts/lib/compile.ts";
import { partsFor } from "../../scripts/lib/parts.ts";

const OUT = join(ROOT, "dist", "release");
const released = existsSync(join(OUT, "SHA256SUMS"));
const formatOf = (os: string) => (os === "linux" ? "elf" : "macho");

/** A file's first 1 KiB (its platform's header and load commands): in a binary only if that very file is embedded (shared data such as parse tables is not a proof). */
function sample(file: string): Buffer {
  return readFileSync(file).subarray(0, 1024);
}

describe.skipIf(!released)("release binaries (dist/release)", () => {
  for (const target of TARGETS) {
    test(`svc-${target.key}: ${formatOf(target.os)} ${target.cpu}, with ${target.key}'s native parts embedded`, () => {
      const binary = readFileSync(join(OUT, `svc-${target.key}`));
      expect(nativeFormat(binary.subarray(0, 64))).toEqual({ format: formatOf(target.os), arch: target.cpu });
      const parts = partsFor(target, true);
      const { addon, grammars, typescript } = embeddedFiles(parts);
      const natives = { ...grammars, tsc: typescript.tsc as string, ...addon };
      expect(Object.keys(natives)).toHaveLength(Object.keys(grammars).length + 2);
      for (const [name, file] of Object.entries(natives)) {
        expect({ name, format: nativeFormat(readFileSync(file).subarray(0, 64)) }).toEqual({ name, format: { format: formatOf(target.os), arch: target.cpu } });
        expect({ name, embedded: binary.indexOf(sample(file)) >= 0 }).toEqual({ name, embedded: true });
      }
      // The only ast-grep addon inside is this platform's.
      for (const other of TARGETS.filter((t) => t.key !== target.key)) {
        const otherAddon = Object.values(embeddedFiles(partsFor(other, true)).addon)[0]!;
        expect({ other: other.key, embedded: binary.indexOf(sample(otherAddon)) >= 0 }).toEqual({ other: other.key, embedded: false });
      }
      const sums = readFileSync(join(OUT, "SHA256SUMS"), "utf8");
      expect(sums).toContain(`  svc-${target.key}\n`);
      expect(sums).toMatch(new RegExp(`  svc-engine-${target.key}-[\\d.]+\\.tgz\\n`));
    }, 120_000);
  }
});
