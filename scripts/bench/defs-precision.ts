// Definitions against the compiler's: for every name the index declares (under a path prefix), the declarations
// `svc find --kind symbol <name>` lists with exactly that name, against the TypeScript language service's navigateTo
// (exact matches; an overload group counts as one) over the repo's tsconfig — both restricted to the prefix and to files the compiler's
// program holds. A listed declaration the compiler has none at (its span from the declaration's start to its name's line)
// is spurious; a compiler declaration not listed is missed, split by where it stands (declarations inside a function are
// locals, which the index does not hold by design; members of a type literal). Names whose answer is cut by the limit are not judged.
// Usage: bun scripts/bench/defs-precision.ts <repo> [tsconfig=tsconfig.json] [prefix=""]
//        (the repo indexed first: svc index --force <repo>; DEFS_VERBOSE=1 lists the spurious and missed declarations)
// Figures (branch h97; "before" its base 0fecc5d): mikro-orm (core + sql + postgresql, packages/): spurious 3 → 0
//   (EntityMetadata.boolean and EmbeddableOptions.boolean for `abstract: boolean`, defineEntity's builder method
//   `accessor(…)` unreadable), missed methods 59 → 9 (the members lost after `${using}` in SchemaHelper.ts); left by design:
//   431 members of type literals (`type KyOptions = { retry?: … }` holds no indexed member), 3154 locals. ky, zustand,
//   immer: 0 spurious before and after; missed only type-literal members (35, 24, 0) and locals.

import { join, relative } from "node:path";
import { call } from "../../src/engine.ts";
import { openReader } from "../../src/store/db.ts";
import { classicService } from "./classic-ls.ts";

interface Hit {
  name: string;
  path: string;
  line: number;
}

async function main(): Promise<void> {
  const [root, tsconfig = "tsconfig.json", prefix = ""] = process.argv.slice(2);
  if (!root) throw new Error("usage: bun scripts/bench/defs-precision.ts <repo> [tsconfig] [prefix]");
  const db = openReader(root);
  if (!db) throw new Error(`no index at ${root}: svc index --force ${root}`);
  const names = (db.query("SELECT DISTINCT s.name FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path LIKE ? AND s.kind != 'module' ORDER BY s.name").all(`${prefix}%`) as { name: string }[])
    .map((r) => r.name)
    .filter((n) => /^[\w$]+$/.test(n) && n !== "constructor"); // navigateTo names no constructor
  db.close();
  const { ts, ls, program } = classicService(root, tsconfig);
  const inScope = new Set(program.getSourceFiles().map((f) => relative(root, f.fileName)).filter((p) => p.startsWith(prefix) && !p.startsWith("..") && !p.includes("node_modules/")));
  const totals: Record<string, number> = {};
  const add = (k: string, n = 1) => (totals[k] = (totals[k] ?? 0) + n);
  const verbose = (line: string) => process.env.DEFS_VERBOSE && console.log(line);
  for (const name of names) {
    // the compiler's declarations of the name: each a line range from the declaration's start to its name
    const compiler: { path: string; from: number; to: number; kind: string; where: string }[] = [];
    for (const item of ls.getNavigateToItems(name, 100_000, undefined, false)) {
      if (item.name !== name || item.matchKind !== "exact" || item.kind === "alias") continue; // an import's alias declares nothing
      const path = relative(root, item.fileName);
      if (!inScope.has(path)) continue;
      const sf = program.getSourceFile(item.fileName)!;
      const at = new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g");
      at.lastIndex = item.textSpan.start;
      const nameAt = at.exec(sf.text)?.index ?? item.textSpan.start;
      // where it stands: in a function's body (a local, which the index does not hold by design), in a type literal, or not
      let where = "";
      for (let n = ts.getTokenAtPosition(sf, nameAt)?.parent?.parent; n && !where; n = n.parent) where = ts.isFunctionLike(n) ? "local" : ts.isTypeLiteralNode(n) ? "type literal member" : "";
      compiler.push({ path, from: sf.getLineAndCharacterOfPosition(item.textSpan.start).line + 1, to: sf.getLineAndCharacterOfPosition(nameAt).line + 1, kind: item.kind, where });
    }
    const r = await call("find", { path: root, query: name, kind: "symbol", limit: 1000 });
    const data = r.data as { symbols?: { total: number; hits: Hit[] } };
    const all = data.symbols?.hits ?? [];
    if ((data.symbols?.total ?? 0) > all.length) {
      add("names whose answer is cut by the limit (not judged)");
      continue;
    }
    add("names");
    const listed = all.filter((h) => h.name === name && inScope.has(h.path));
    add("listed declarations", listed.length);
    add("compiler declarations", compiler.length);
    for (const h of listed) {
      if (compiler.some((c) => c.path === h.path && c.from <= h.line && h.line <= c.to)) continue;
      // navigateTo names a function or method once (its implementation): its overload signatures are listed by the index
      const overload = new RegExp(`^\\s*(?:(?:export|declare|public|private|protected|static|async|override|abstract)\\s+)*(?:function\\s*\\*?\\s*)?${name.replace(/\$/g, "\\$")}\\s*[<(]`);
      if (compiler.some((c) => c.path === h.path && (c.kind === "function" || c.kind === "method")) && overload.test(program.getSourceFile(join(root, h.path))!.text.split("\n")[h.line - 1] ?? "")) continue;
      add("spurious (listed, the compiler has no declaration of the name there)");
      verbose(`spurious ${name} ${h.path}:${h.line}`);
    }
    for (const c of compiler) {
      if (listed.some((h) => h.path === c.path && c.from <= h.line && h.line <= c.to)) continue;
      add(c.where === "local" ? "missed locals (in a function: not indexed by design)" : `missed ${c.kind}${c.where ? ` (${c.where})` : ""}`);
      if (c.where !== "local") verbose(`missed ${name} ${c.path}:${c.from}-${c.to} (${c.kind}${c.where ? `, ${c.where}` : ""})`);
    }
  }
  console.log(JSON.stringify(totals, null, 1));
}

await main();
process.exit(0);
