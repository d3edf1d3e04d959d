// Skeleton and publicApi for the other grammar languages (Python, Go, Rust, Java, Kotlin,
// Scala, C#, Ruby, PHP, Swift, C, C++), driven by the outline alone: function and method
// bodies become `…` (`{ … }` for brace bodies; Python keeps the docstring's first line,
// then `...`), class docstrings shrink to their first line, doc comments to their first
// sentence. publicApi drops what the outline marks not exported (Go lower-case names,
// non-`pub` Rust items, Java/C#/Kotlin non-public/protected members, Python `_names`).

import type { Decl } from "../../lang/model.ts";
import { docstringLine } from "./docs.ts";
import { CALLABLE, inHeader, parents, prefix, protectWhole, replaceBody, type Ctx } from "./structure.ts";

export function genericSkeleton(ctx: Ctx): void {
  const sorted = [...ctx.decls].sort((a, b) => a.start - b.start || b.end - a.end);
  const parentOf = parents(ctx.children);
  let droppedEnd = -1;
  for (const d of sorted) {
    if (d.start < droppedEnd) continue; // inside a dropped or whole-kept declaration
    if (ctx.publicApi && !d.exported && !ctx.wanted.has(d.qualifiedName) && !inHeader(d, parentOf.get(d))) {
      ctx.edits.remove(d.start, d.end, ";,");
      if (d.container === null) ctx.omitted.push(d.name);
      droppedEnd = d.end;
      continue;
    }
    if (ctx.keepWhole.has(d.qualifiedName)) {
      protectWhole(ctx, d);
      droppedEnd = d.end;
      continue;
    }
    prefix(ctx, d);
    if (CALLABLE.has(d.kind) && d.bodyStart !== undefined && d.bodyEnd !== undefined && d.bodyEnd > d.bodyStart) {
      replaceBody(ctx, d.bodyStart, d.bodyEnd, false);
    } else if (ctx.lang === "python" && d.kind === "class" && d.bodyStart !== undefined) {
      classDocstring(ctx, d);
    }
  }
}

/** A multi-line class docstring keeps its first line. */
function classDocstring(ctx: Ctx, d: Decl): void {
  const doc = ctx.literalAt.get(d.bodyStart ?? -1);
  if (!doc) return;
  const literal = ctx.text.slice(doc.start, doc.end);
  if (!literal.includes("\n")) return;
  const line = docstringLine(literal);
  if (line) ctx.edits.replace(doc.start, doc.end, ctx.p.token(line));
}
