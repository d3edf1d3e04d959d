// Top-level declaration names of a source file as the TypeScript parser reports them (the
// compiler's own AST through the API): functions, classes, interfaces, type aliases, enums,
// namespaces / `declare module` / `declare global`, and every variable name a top-level
// `var`/`let`/`const` binds (destructuring included), except a binding of `require(…)`/`import(…)`
// or of a chain of members, indexes and calls on one: CommonJS and dynamic imports bind, they
// declare nothing. The reference the syntax tier's
// declaration coverage is measured against (scripts/bench/decl-coverage.ts, tests).

import { SyntaxKind } from "typescript/unstable/ast";

const K = SyntaxKind;

/** The few fields of the API's lazily decoded nodes this walk reads. */
interface AstNode {
  kind: number;
  name?: AstNode & { text?: string };
  text?: string;
  statements?: readonly AstNode[];
  declarationList?: { declarations: readonly AstNode[] };
  elements?: readonly AstNode[];
  initializer?: AstNode;
  expression?: AstNode;
}

const isImportCallee = (callee: AstNode | undefined) => callee?.kind === K.ImportKeyword || (callee?.kind === K.Identifier && callee.text === "require");

/** `require("x")` / `import("x")` / `await import("x")`, or members, indexes and calls on one (`require("x").y`, `require("debug")("app")`): binds imports, declares nothing. */
function isImportCall(init: AstNode | undefined): boolean {
  let e = init;
  if (e?.kind === K.AwaitExpression) e = e.expression;
  while (e && (e.kind === K.PropertyAccessExpression || e.kind === K.ElementAccessExpression || e.kind === K.CallExpression)) {
    const next = e.expression;
    if (e.kind === K.CallExpression && isImportCallee(next)) return true;
    e = next;
  }
  return false;
}

/** Names bound by a variable's name node (an identifier or a binding pattern). */
function boundNames(name: AstNode | undefined, out: string[]): void {
  if (!name) return;
  if (name.kind === K.Identifier) out.push(name.text ?? "");
  else if (name.kind === K.ObjectBindingPattern || name.kind === K.ArrayBindingPattern) {
    for (const el of name.elements ?? []) if (el.kind === K.BindingElement) boundNames(el.name, out);
  }
}

/** `{ name, kind }` of every top-level declaration of `sf`, in source order (overloads and merges repeat a name). */
export function topLevelDeclarations(sf: { statements: readonly unknown[] }): { name: string; kind: string; destructured?: boolean }[] {
  const out: { name: string; kind: string; destructured?: boolean }[] = [];
  for (const raw of sf.statements) {
    const s = raw as AstNode;
    switch (s.kind) {
      case K.FunctionDeclaration:
      case K.ClassDeclaration:
        out.push({ name: s.name?.text ?? "default", kind: s.kind === K.ClassDeclaration ? "class" : "function" });
        break;
      case K.InterfaceDeclaration:
      case K.TypeAliasDeclaration:
      case K.EnumDeclaration:
      case K.ModuleDeclaration:
        if (s.name?.text !== undefined) out.push({ name: s.name.text, kind: K[s.kind] ?? "declaration" });
        break;
      case K.VariableStatement:
        for (const d of s.declarationList?.declarations ?? []) {
          const names: string[] = [];
          boundNames(d.name, names);
          const destructured = d.name?.kind !== K.Identifier;
          if (isImportCall(d.initializer)) continue;
          for (const name of names) out.push(destructured ? { name, kind: "variable", destructured } : { name, kind: "variable" });
        }
        break;
    }
  }
  return out;
}
