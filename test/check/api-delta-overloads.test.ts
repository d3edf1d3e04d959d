// Review's public API delta on overloaded functions and on long signatures. On xstate, making
// the second overload's `options?` required (`createAtom<T>(initialValue: T, options:
// AtomOptions<T>): Atom<T>`) broke 136 call sites in six packages and review listed no API
// delta at all: only a name's first declaration was compared. The checker's probe reads only
// an overloaded function's last overload, so overloads stay a text comparison (said so). A
// signature past the outline's 240 characters compared equal when only its tail changed.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { ReviewData } from "../../src/ops/review.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src"] });
const LONG = Array.from({ length: 12 }, (_, i) => `parameterNumber${i}: string`).join(", ");
const ATOM = [
  "export function createAtom<T>(getValue: (prev?: T) => T, options?: { compare?: boolean }): () => T;",
  "export function createAtom<T>(initialValue: T, options?: { compare?: boolean }): { get(): T };",
  "export function createAtom<T>(valueOrFn: T | ((prev?: T) => T), options?: { compare?: boolean }): unknown {",
  "  return options ? valueOrFn : undefined;",
  "}",
  "export function lookup(key: string): string;",
  "export function lookup(key: string): string {",
  "  return key;",
  "}",
  `export function wide(${LONG}): string {`,
  "  return parameterNumber0;",
  "}",
  "",
].join("\n");

describe("review's API delta: overloads and long signatures", () => {
  test("a changed second overload is BREAKING (text, said why); an added overload is additive; a change past 240 characters is seen", async () => {
    useRuntimeDir();
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/atom.ts": ATOM });
    writeFiles(root, {
      "src/atom.ts": ATOM.replace("export function createAtom<T>(initialValue: T, options?: { compare?: boolean }): { get(): T };", "export function createAtom<T>(initialValue: T, options: { compare?: boolean }): { get(): T };")
        .replace("export function lookup(key: string): string;", "export function lookup(key: string): string;\nexport function lookup(key: number): string;")
        .replace("export function lookup(key: string): string {", "export function lookup(key: string | number): string {")
        .replace("  return key;", "  return String(key);")
        .replace(`export function wide(${LONG}): string {`, `export function wide(${LONG}): number {`)
        .replace("  return parameterNumber0;", "  return parameterNumber0.length;"),
    });
    git(root, "add", "-A");
    const r = await call("review", { path: root, changedSince: "HEAD" }, { cwd: "/" });
    const delta = (r.data as unknown as ReviewData).apiDelta;
    const by = (name: string) => delta.find((d) => d.name === name);
    expect(by("createAtom")).toMatchObject({ kind: "signature", breaking: true, compared: "text", evidence: "compared as text: overloads (or merged declarations) are compared as text" });
    expect(by("createAtom")?.after).toContain("(initialValue: T, options: { compare?: boolean })");
    expect(by("createAtom")?.after).not.toContain("valueOrFn"); // the implementation's signature is no caller's
    expect(by("lookup")).toBeUndefined();
    expect(by("lookup (overload)")).toMatchObject({ kind: "added", breaking: false, after: "export function lookup(key: number): string" });
    expect(by("wide")).toMatchObject({ kind: "signature", breaking: true, compared: "checker" });
    expect(r.text).toContain("public API delta: 2 BREAKING, 1 additive");
    // the rendered line shows where the long signatures differ
    const wide = r.text.split("\n").find((l) => l.includes("signature changed: wide"))!;
    expect(wide).toContain("): string`");
    expect(wide).toContain("): number`");
  }, 120_000);
});
