// linkWiring: the per-file facts of the whole workspace → stored rows and typed edges.
// Pure over its inputs: the syntax tier calls it with the index's NameResolver; a checker
// pass calls it again with a compiler-backed one (see types.ts).

import { linkDi } from "./di.ts";
import { linkConfig, linkRequests } from "./requests.ts";
import { linkRoutes } from "./routes.ts";
import type { FactsByFile, LinkResult, NameResolver } from "./types.ts";

/** `packageDirs`: the folders holding a package.json ("" for the root), which scope a NestJS global prefix to its app. */
export function linkWiring(facts: FactsByFile, names: NameResolver, packageDirs: readonly string[] = []): LinkResult {
  const out: LinkResult = { routes: [], di: [], requests: [], config: [], unresolved: [], edges: [] };
  for (const [file, f] of facts) for (const u of f.unresolved ?? []) out.unresolved.push({ file, ...u });
  linkRoutes(facts, names, out, packageDirs);
  linkDi(facts, names, out);
  linkRequests(facts, names, out);
  linkConfig(facts, out, names);
  return out;
}
