// Test helpers for the syntax-tier outline: look declarations up by qualified name/kind.

import { expect } from "bun:test";
import type { CodeLanguage } from "../../src/lang/languages.ts";
import type { Decl, DeclKind, FileOutline } from "../../src/lang/model.ts";
import { outlineOf } from "../../src/lang/outline.ts";

export interface Outlined extends FileOutline {
  /** The single declaration with this qualified name (and kind); fails the test otherwise. */
  get(qualifiedName: string, kind?: DeclKind): Decl;
  has(qualifiedName: string, kind?: DeclKind): boolean;
  /** `kind qualifiedName` of every declaration, in order. */
  list(): string[];
}

export function outline(language: CodeLanguage, source: string): Outlined {
  const o = outlineOf(language, source, { checkErrors: true });
  const matching = (q: string, kind?: DeclKind) => o.decls.filter((d) => d.qualifiedName === q && (!kind || d.kind === kind));
  return {
    ...o,
    get(q, kind) {
      const found = matching(q, kind);
      if (found.length !== 1) throw new Error(`expected one ${kind ?? "decl"} ${q}, found ${found.length}: ${o.decls.map((d) => `${d.kind} ${d.qualifiedName}`).join(", ")}`);
      return found[0]!;
    },
    has: (q, kind) => matching(q, kind).length > 0,
    list: () => o.decls.map((d) => `${d.kind} ${d.qualifiedName}`),
  };
}

/** The source text of a declaration's body, by its offsets. */
export function bodyText(source: string, d: Decl): string {
  expect(d.bodyStart).toBeDefined();
  return source.slice(d.bodyStart, d.bodyEnd);
}

/** Source order and internal consistency every outline must have. */
export function expectWellFormed(source: string, o: FileOutline): void {
  for (const d of o.decls) {
    expect(d.start).toBeGreaterThanOrEqual(0);
    expect(d.start).toBeLessThanOrEqual(d.end);
    expect(d.end).toBeLessThanOrEqual(source.length);
    expect(d.startLine).toBeGreaterThanOrEqual(1);
    expect(d.endLine).toBeGreaterThanOrEqual(d.startLine);
    expect(d.signature.length).toBeLessThanOrEqual(240);
    expect(d.qualifiedName).toBe(d.container === null ? d.name : `${d.container}.${d.name}`);
    if (d.bodyStart !== undefined) {
      expect(d.bodyStart).toBeGreaterThanOrEqual(d.start);
      expect(d.bodyEnd!).toBeLessThanOrEqual(d.end);
    }
  }
  const starts = o.decls.map((d) => d.start);
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
}
