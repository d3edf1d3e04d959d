// A declaration's header in full. The outline's signature stops at 240 characters
// (signature.ts), so a change past that — a long generic signature's return type — compares
// equal; where the outline cut it, the source from the declaration's start to its body,
// whitespace collapsed, does not. API comparisons (review's delta, package mode) use this.

import type { Decl } from "./model.ts";

export function fullSignature(d: Decl, text: string): string {
  if (!d.signature.endsWith("…")) return d.signature;
  return text.slice(d.start, d.bodyStart ?? d.end).replace(/\s+/g, " ").trim().replace(/\s*[:=;]$/, "");
}
