import { describe, expect, test } from "bun:test";
import { reach, surfacesOf, tolerated } from "../../src/check/surface.ts";

// Syntax TypeScript takes and the tree-sitter grammar does not: variance annotations, and
// generic call signatures on their own line after a member without `;` (effect's style).
const DUAL = `export interface Box<in out A> {
  readonly value: A
}
export const map: {
  /** data-last */
  <A, B>(f: (a: A) => B): (self: Box<A>) => Box<B>
  /** data-first */
  <A, B>(self: Box<A>, f: (a: A) => B): Box<B>
} = (self: any, f: any): any => {
  return { value: f(self.value) }
}
`;

describe("surfaces", () => {
  test("variance annotations and generic call signatures without `;` still have surfaces", () => {
    expect(surfacesOf("a.ts", DUAL)).not.toBeNull();
    const rewritten = tolerated(DUAL)!;
    expect(rewritten).not.toBeNull();
    expect(rewritten.length).toBe(DUAL.length);
  }, 120_000);

  test("a body edit leaves them; a variance or signature edit reaches the importers", () => {
    const before = surfacesOf("a.ts", DUAL);
    expect(reach(before, surfacesOf("a.ts", DUAL.replace("return { value: f(self.value) }", "return { value: f(self.value) } // same")))).toBe("none");
    expect(reach(before, surfacesOf("a.ts", DUAL.replace("<in out A>", "<out A>")))).toBe("any");
    expect(reach(before, surfacesOf("a.ts", DUAL.replace("): Box<B>\n}", "): Box<A>\n}")))).toBe("any");
  }, 120_000);

  test("text that does not parse even rewritten has no surfaces; text that parses is not rewritten", () => {
    expect(surfacesOf("a.ts", "export const x = (;\n")).toBeNull();
    expect(tolerated("export const x = 1;\n")).toBeNull();
  }, 120_000);

  test("a generic arrow continuing an assignment is not split", () => {
    const text = "export const id =\n  <A>(a: A): A => a\n";
    expect(tolerated(text)).toBeNull();
  }, 120_000);
});
