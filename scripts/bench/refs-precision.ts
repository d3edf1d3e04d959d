// References against the compiler's: for every declaration the index holds (under a path
// prefix), the lines `svc find --kind neighbors` and `svc impact --depth 1` list, against the
// TypeScript language service's findReferences from the declaration (the repo's own
// `typescript` package, over its tsconfig). A listed line the compiler has no reference,
// definition or import at is false; those an impact lists for a type through its members'
// uses (impact counts a type's members as the type) and `export *` barrel lines of exported
// declarations (a re-export without an identifier: no reference to find) are counted apart, and so are heirs whose
// heritage clause names a type alias of the declaration (`extends _ZodJSONSchemaInternals`: a subtype, which
// findReferences names by the alias only), and lines in files the compiler's program does not hold (it cannot judge them). Missing use lines are split by why:
// a referencing declaration not listed at all (what recall is about), another line of one listed (an edge keeps one line
// per referencing declaration), a use inside the declaration itself (recursion; not an edge), outside the repo.
// Usage: bun scripts/bench/refs-precision.ts <repo> [tsconfig=tsconfig.json] [prefix=""]
//        (the repo indexed first: svc index --force <repo>; REFS_VERBOSE=1 lists the referencing declarations not listed,
//        the false lines and the false "none" answers; REFS_ONLY=path:line,… judges only those declarations;
//        REFS_SAMPLE=N [REFS_SEED=s] judges a seeded sample of N spread over kinds — functions, methods, accessors,
//        members of interfaces and type literals, overloads and merged declarations, default exports, exported or not —
//        and asks the sampled types' members too, unjudged, so impact's member uses count apart; CLASSIC_TS=<folder of
//        a typescript 5.x/6.x package> for a repo whose own is 7). It ends with one line per answer: recall under
//        complete claims (use lines whose referencing declaration is listed, in answers saying checker-complete),
//        precision (listed lines the compiler has a reference at, of those in its program), the partial rate, and each
//        false claim with the declaration's kind; the partial answers are counted by the reason their coverage line gives.
// Figures (branch h61-edges; "before" is main at 60dd03c):
//   zustand (pmndrs/zustand at f094eebe, tsconfig.json, every declaration: 177, 1717 use lines): before, neighbors
//     59 false (checker) in 3 declarations all saying checker-complete — 55 uses of the type member StorePersist.persist
//     listed for `const persist`, 3 of StoreDevtools.devtools for `const devtools`, 1 local for a top-level const —
//     impact the same 59 and 9 false (syntax: the `export *` barrel listed for declarations the file does not export);
//     after, 0 and 0. Missing use lines (110 / 114 before and after): 98 / 102 further lines of a listed referencing
//     declaration, 9 inside the declaration itself, 3 outside the repo, 0 referencing declarations not listed.
//   immer (immerjs/immer at 061c242, tsconfig.json, src/: 234, 1296): before, impact 45 false (syntax, non-exported
//     declarations through src/internal.ts's `export *`), 39 of them saying checker-complete; after, 0. Neighbors 0
//     false both. 57 impact lines in __tests__ (outside the compiler's program here) not judged. Missing (after):
//     432 / 440 further lines of a listed declaration, 15 inside the declaration, 11 outside the repo, 16 / 21 referencing
//     declarations not listed — findReferences' cascade between an interface member and the class member implementing
//     it (ProducersFns.produce ↔ Immer.produce, `export const produce = immer.produce`).
// False claims (an answer saying checker-complete that misses a referencing declaration findReferences gives; impact's
// implementers/overriders and `satisfies` lists count as listed), branch h65-recall, "before" its base 7e85fa2:
//   immer src/: before 4 neighbors / 4 impact (ProxyBaseState.parent_ and ImmerBaseState.parent_ — the overridden member
//     and a literal of the sub-interface; objectTraps.deleteProperty ↔ arrayTraps.deleteProperty through the lib's
//     ProxyHandler); referencing declarations not listed 16 / 21 lines in 11 / 11 declarations. After: 0 / 0 false claims,
//     8 / 8 lines in 5 / 5 declarations, none saying checker-complete (the traps: partial, a value declared with a type;
//     Immer.constructor's `new Immer()` was already partial); 143 / 144 answers checker-complete (146 / 147 before).
//   zustand: 0 false claims before and after; 166 / 166 checker-complete both. False references 0 on both, before and after.
// False claims, branch h70 ("before" its base 89e81f5, judged by this version of the bench; the repo's own typescript and
// dependencies installed, so the index mode is semantic):
//   hono (honojs/hono at 28a9c128, tsconfig.spec.json, src/: 2610 declarations, 27591 use lines): before, 51 / 51
//     neighbors / impact answers said checker-complete missing a referencing declaration — 20 implementations of an abstract
//     member without their siblings (EventV2Processor.getMethod ↔ EventV1Processor.getMethod), 17 JSX props without their
//     <el attr={…}> uses, 5 members of types inside a namespace (JSX.InputHTMLAttributes.placeholder: the member it overrides
//     not found), 3 module augmentations (declare module './context' / '../..'), 2 destructured names (const { open } =
//     Deno), 3 members joined to a base the index holds no members of (TypedURL extends URL, JSXNode implements the type
//     alias HtmlEscaped), 1 sibling in jsx/base.ts — and 26 / 25 said "none" where the compiler has a use. After: 0 / 0
//     and 0 / 0; 2026 / 2025 checker-complete (2044 / 2043 before); referencing declarations not listed 2624 → 417 lines,
//     149 → 15 declarations, all partial. False lines 29 / 37 → 32 / 40: the 16 of a constructor listed as the override of
//     its subclass's are gone; 22 new are the ContextVariableMap augmentations listing context.ts's uses and the src/index.ts
//     re-export, which the classic service gives for one augmentation and not another (its answer for context.ts:57 itself
//     omits `keyof ContextVariableMap` at context.ts:97); the rest (APIGatewayProxyEventV2's members in object literals of a
//     discriminated union's other member) are unchanged.
//   ky (sindresorhus/ky at 3419113, tsconfig.json, source/: 180, 719): 0 false claims and 0 false "none" before and after
//     (its tests are outside every tsconfig, so most answers are partial); referencing declarations not listed 69 → 37 lines
//     (the constructors' new/super sites now listed; the 37 left are members joined to lib types, now partial: NonError.name
//     ↔ Error.name, NormalizedOptions.method ↔ RequestInit.method); checker-complete 112 → 110.
// Branch h83 ("before" its base d79279b; the repos' own typescript and dependencies installed, index mode semantic):
//   xstate core (statelyai/xstate at b1811bf7, packages/core/src alone with the root tsconfig's options, typescript 6.0.2,
//     src/: 1074 declarations, 6477 use lines): before, 7 / 7 neighbors / impact answers said checker-complete missing a
//     referencing declaration — heirs two levels down (HistoryStateNodeConfig.history for StateNodeConfig.history through
//     AtomicStateNodeConfig; Actor.subscribe for Subscribable.subscribe through ActorRef) and members joined through
//     `extends Omit<TransitionConfig, 'target' | 'guard'>` (TransitionConfig.actions: 18 uses unlisted). After, 0 / 0;
//     false lines 57 / 91 in 22 / 32 checker-complete answers → 13 / 22 in 6 / 10 (object literals of a discriminated
//     union's other member: { type: '@xstate.action', … } listed for InspectedSnapshotEvent.type); checker-complete
//     1060 → 1070; false "none" 0 → 0. The 13 left are quoted keys on type parameters (T['actors'], StateFrom<T>['matches']):
//     the classic service does not count them, svc's engine (TypeScript 7) does in every case tried.
//   zod v4 (colinhacks/zod at e516c3ba, packages/zod/src/v4 without tests, .configs/tsconfig.base.json's options,
//     typescript 5.5.4, prefix src/c — core and classic: 2738 declarations, 109784 use lines): before, 235 / 235 false
//     checker-complete claims (14975 lines of 351 referencing declarations unlisted), 1874 / 1786 false lines in 432 / 387
//     checker-complete answers (the uses of `const ZodType` listed for `interface ZodType` and back: 329 for $ZodType's
//     const), 7 false "none". After, 4 / 4 (1101 lines, 119 declarations, the rest partial), 247 / 261 false lines in
//     75 / 78 (239 of them the T["_zod"]["issc"] quoted keys above), 2 false "none". Left: JSDoc {@link $ZodCUID2} (the
//     compiler counts it; the walk reads no JSDoc) and $ZodUnionInternals.output ↔ ZodJSONSchemaInternals.output through
//     `type _ZodJSONSchemaInternals = _ZodJSONSchema["_zod"]` (an indexed access of an alias: the base side sees no heir).
//   zustand and immer (as above): 0 false claims, 0 false lines, 0 false "none" before and after; checker-complete
//     zustand 165 → 163 (DevtoolsOptions extends `type Config = Parameters<…>[0]`, an alias of the extension's type: now
//     partial), immer 143 / 144 both.
//   hono (as above, tsconfig.spec.json, src/): 0 / 0 false claims and 0 false "none" before and after; false lines 32 / 40
//     in 17 / 18 answers → 16 / 16 in 8 / 8 (APIGatewayProxyEventV2's members in literals of the union's other member
//     gone; left: the ContextVariableMap augmentations, as h70 found); checker-complete 2026 / 2025 both.
// Branch h86 ("before" its base f31abd6, both judged by this version; same repos and setups as h83's):
//   zod v4 (e516c3ba, src/c; svc index --force <zcore>; REFS_VERBOSE=1 bun scripts/bench/refs-precision.ts <zcore>
//     tsconfig.json src/c): before, 4 / 4 false checker-complete claims — interface $ZodCUID2 and ZodCUID2 without their
//     `Use {@link $ZodCUID2} instead` lines (the walk gave a JSDoc link a value's meaning; find-references reads it with
//     every meaning), $ZodUnionInternals.output / .input without ZodJSONSchemaInternals.output / .input (heritage through
//     `type _ZodJSONSchemaInternals = _ZodJSONSchema["_zod"]`, which resolves to $ZodUnionInternals<…>) — and 2 false "none"
//     (those two); checker-complete 2605 / 2605; referencing declarations not listed 1101 lines in 119 declarations.
//     After, 0 / 0 and 0; checker-complete 2710 / 2710 (the walk follows a heritage clause naming an alias to the class
//     or interface the checker resolves it to, so members joined through ZodJSONSchema's and ZodJSONSchemaInternals'
//     aliases are listed instead of partial); not listed 347 lines in 10 declarations, all partial ($ZodTypeDiscriminable
//     extends the literal alias SomeType, the json-schema.ts *Schema.type through JSONSchema, breaker.get of a typed
//     value, $ZodError.name through Error). False lines 247 / 261 in 75 / 78 both (the quoted keys above); the followed
//     heirs add 3 / 3 lines counted apart: ZodJSONSchema for ZodUnion, ZodJSONSchemaInternals and ZodMiniJSONSchemaInternals
//     for $ZodUnionInternals, subtypes the compiler names by their aliases only.
//   xstate core (b1811bf7, src/) and hono (28a9c128, tsconfig.spec.json, src/): every figure the same before and after —
//     xstate 1070 / 1070 checker-complete, 0 false claims, 0 false "none", false lines 13 / 22 in 6 / 10; hono 2026 / 2025,
//     0 / 0, 0, 16 / 16 in 8 / 8.
// Branch h97 ("before" its base 0fecc5d, both judged by this version: the service reads pnpm links through their real
// paths, as tsc does — without it xstate's packages saw `xstate` as a second copy of core's sources):
//   mikro-orm (a6b97305, packages core + sql + postgresql alone with the root tsconfig's paths/extends, typescript 6.0.3,
//     prefix packages/: 5337 → 5398 declarations): before, 67 / 67 false checker-complete claims, 48 false "none"
//     (neighbors), 2373 lines of 96 referencing declarations unlisted; 69 / 62 false lines in 23 / 23 answers (9 / 9
//     checker-complete). Causes: the grammar read `${using}` (an identifier named using) as a using declaration and lost
//     every member of SchemaHelper and OracleNativeQueryBuilder after it (their overriders said none, checker-complete);
//     `abstract: boolean` was indexed as EntityMetadata.boolean; `extends Omit<Partial<EntityMetadata<…>>, …>` was no
//     heritage; `T extends Opt` was listed for `namespace Opt` merged with `type Opt`. After, 0 / 0 and 0; 61 lines in
//     20 declarations, all partial; 29 / 25 false lines in 15 / 15 (5 / 5 checker-complete: quoted keys,
//     Options['loadStrategy'], which TypeScript 7 counts); checker-complete 3780 → 3857.
//   xstate, every package (b1811bf7, root tsconfig.json, `pnpm install` + `preconstruct dev`, prefix packages/: 1738
//     declarations): 0 / 0 false claims, 0 false "none", 3668 lines of 9 declarations unlisted (all partial: .vue and
//     example files outside every project), 41 / 51 false lines in 10 / 15 answers (2 / 7 checker-complete), 1218 / 1217
//     checker-complete — before and after alike (one false line counted as a member use instead of another line).
//   ky, zustand, immer (as above): identical before and after — 0 false claims, 0 false "none", 0 false lines;
//     checker-complete 110 / 110, 163 / 163, 143 / 144.
// Branch h121 (a seeded sample, REFS_SAMPLE=200 REFS_SEED=1, spread over kinds; "before" its base 61c7724, both judged by
// this version; repos installed, index mode semantic; false claims = answers saying checker-complete that leave out a
// referencing declaration the classic service's findReferences gives):
//   zod (e516c3ba, root tsconfig.json, packages/docs and packages/resolution removed — outside every project, they made
//     the tier partial and every answer with it; typescript 5.5.4; prefix packages/zod/src/): 200 declarations, 4521 use
//     lines. Before: neighbors 0 / impact 6 false claims ($ZodLiteral._zod, _ZodString.maxLength, …: the const merged with
//     the interface taken for the members' object literal, marked before its own uses were listed); precision 99.2% /
//     97.5% (impact listed every use of `const ZodString` for ZodString.email; neighbors 16 `typeof ZodIssueCode.x` lines
//     for `type ZodIssueCode`). After: 0 / 0; precision 99.6% / 99.6% (left: quoted keys, T["_zod"], which TypeScript 7
//     counts); recall under complete claims 100% / 100%; partial 11.5% both (JavaScript and .mjs files outside every
//     project, a computed import, heritage outside the index).
//   xstate (b1811bf7, root tsconfig.json, pnpm install + preconstruct dev, prefix packages/): 198 declarations, 3017 use
//     lines: 0 / 0 false claims before and after; recall 100%; partial 28.8% / 28.4% (files outside every project: .vue,
//     examples); precision 99.1% / 99.3% before (25 lines of `namespace StandardSchemaV1` that are its merged interface's),
//     100.0% / 99.9% after (left: MachineSnapshotBase.machine's T['machine'], a quoted key TypeScript 7 counts).
//   mikro-orm (a6b97305, sparse without docs/, yarn install --mode=skip-build, packages/mssql/src/tsqlstring.d.ts added —
//     the untyped tsqlstring made the tier partial; CLASSIC_TS=typescript 6.0.3, the repo's own is 7; prefix packages/):
//     sample of 200 (11340 use lines), before: 1 / 1 false claim (Migration.down, without the override in a test's local
//     class, Migrator.sqlite.test.ts:670); recall under complete claims 3060 / 3061 use lines; precision 100.0% / 100.0%;
//     partial 33.5% / 33.0% (files loading modules by computed names, tests outside every tsconfig, .mjs). After: not
//     re-run whole (35 min under load); Migration.down is partial, naming the local class's clause.
//     Members of the 12 types local classes extend (85 clauses, tests): 78 checker-complete before, 71 after; judged
//     (REFS_ONLY= the 7 that changed), 5 were false claims before — EventSubscriber.onFlush (7 use lines unlisted),
//     .afterFlush (4), Type.runtimeType (1), Type.getColumnType (1), Migration.down (1), all in tests' local classes —
//     0 after (all 7 partial, naming the local class's clause; UnderscoreNamingStrategy.propertyToColumnName and
//     TSMigrationGenerator.generateMigrationFile have local overrides whose only references are their declarations).
// Branch h128 (REFS_SAMPLE=100 REFS_SEED=1; "before" its base d447e39, both judged by this version over the same index;
// completeness is claimed per answer: an index mode partial for one corner no longer makes every answer partial):
//   zod (e516c3ba, packages/docs and packages/resolution removed, a stray JavaScript package packages/stray/index.js added —
//     outside every project, the tier partial; prefix packages/zod/src/): before, partial 100% / 100% (index mode
//     partial); after, 9.0% / 9.0% (JavaScript and .mjs files outside every project, the stray among them, a computed
//     import, heritage outside the index); false claims 0 / 0; recall under complete claims 100% / 100%.
//   xstate (b1811bf7, pnpm install, an untyped import added to packages/xstate-immer/src/index.ts — the tier partial;
//     prefix packages/): before, partial 100% / 100%; after, 26.0% / 25.3% (2 of them for the file with the untyped
//     import, which mentions their names); false claims 0 / 0; recall under complete claims 100% / 100%.
//   mikro-orm (a6b97305, sparse without docs/, yarn install --mode=skip-build, the untyped tsqlstring left as it is — the
//     tier partial; CLASSIC_TS=typescript 6.0.2; prefix packages/): before, partial 100% / 100%; after, 38.8% / 37.5%
//     (12 / 10 of them for MsSqlPlatform.ts, the file importing tsqlstring, which mentions their names; files loading
//     modules by computed names, tests outside every tsconfig, .mjs); false claims 0 / 0; recall under complete claims
//     100% / 100%; precision 100.0% / 100.0%.
// Branch h139 (REFS_SAMPLE=100 REFS_SEED=1; a file outside every project or with an unresolved import that binds the
// declaration under another name — `import Other from` its default export, `import * as ns` then `ns.default`, a bare
// require or import(), `export { default as Y } from`, a barrel's alias — counts against its answer; its checker_walks
// found by a partial index):
//   zod (e516c3ba, packages/docs and packages/resolution removed, packages/stray/index.js importing `z` from the zod
//     package's src added; pnpm install; prefix packages/zod/src/): false claims 0 / 0; recall under complete claims
//     100% / 100%; precision 99.5% / 99.6%; partial 8.0% / 8.0%.
//   xstate (b1811bf7, pnpm install + preconstruct dev, an untyped import added to packages/xstate-immer/src/index.ts;
//     prefix packages/): false claims 0 / 0; recall 100% / 100%; precision 99.8% / 99.7%; partial 26.0% / 25.3%.
//   mikro-orm (a6b97305, sparse without docs/, yarn install --mode=skip-build, the untyped tsqlstring left as it is;
//     CLASSIC_TS=typescript 6.0.2; prefix packages/): false claims 0 / 0; recall 100% / 100%; precision 100.0% / 100.0%;
//     partial 38.8% / 37.5% (as h128's: files loading modules by computed names, the file importing tsqlstring, tests
//     outside every tsconfig, .mjs).
//
// Branch h145 (files outside every project binding a declaration under another name listed as its dependents; same
// REFS_SAMPLE=100 REFS_SEED=1, the zod checkout above, the index unchanged): zod false claims 0 / 0; recall 100% / 100%;
// precision 99.5% / 99.6%; partial 8.0% / 8.0% — every figure and false line as before. Impact and neighbors over 50 zod
// declarations at depth 3 (30 exported functions/consts/classes, the default exports, 10 methods): identical but for
// core/api.ts _multipleOf and the member core/checks.ts:1212 (tx), which now list classic/ and mini/external.ts's `export
// * as core` line —
// an export was one node per file and declaration, so the `multipleOf` re-export hid the `core` namespace's.

import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { call } from "../../src/engine.ts";
import { openReader } from "../../src/store/db.ts";
import { classicService } from "./classic-ls.ts";

type Site = string; // path:line

interface Decl {
  path: string;
  name: string;
  qn: string;
  line: number;
  exported: number;
  kind?: string;
  signature?: string;
  containerKind?: string | null;
  same?: number;
}

/** What kind of declaration it is, for a sample that holds every kind (an overload, an accessor, a member of an interface, a default export…). */
export function category(d: Decl): string {
  const sig = d.signature ?? "";
  const kind = d.kind === "method" && /^\s*(?:(?:static|public|private|protected|override|abstract)\s+)*[gs]et\s+[#\w$]/.test(sig) ? "accessor" : d.kind ?? "?";
  const where = d.containerKind === "interface" || d.containerKind === "type" ? ` of ${d.containerKind}` : "";
  const shape = (d.same ?? 1) > 1 ? " (overloaded or merged)" : /\bexport\s+default\b/.test(sig) ? " (default export)" : "";
  return `${kind}${where}${shape}${d.qn.includes(".") || d.exported ? "" : " (not exported)"}`;
}

/** Why an answer is partial, as its coverage line says: each kind of gap it names, digits dropped so that alike ones count together. */
function partialReason(text: string): string[] {
  const coverage = /^coverage:.*$/m.exec(text)?.[0] ?? text;
  if (/index mode partial/.test(coverage)) return ["index mode partial (svc doctor)"];
  const m = /partial[:;,]?\s*([^\n]*)/i.exec(coverage) ?? /(none found[^\n]*|may be incomplete[^\n]*)/.exec(coverage);
  // the reason and its kinds (`(N source files outside every project; …)`), without the places each lists
  const reason = (m?.[1] ?? "no reason given").replace(/\d+/g, "N");
  const open = reason.indexOf(" (");
  if (open < 0) return [reason.slice(0, 160)];
  const kinds: string[] = [];
  let depth = 0;
  let part = "";
  let cut = false;
  for (const c of reason.slice(open + 2)) {
    if (depth === 0 && (c === ";" || c === ")")) {
      kinds.push(part.trim());
      [part, cut] = ["", false];
      if (c === ")") break;
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") depth--;
    if (depth === 0 && c === ":") cut = true;
    if (!cut) part += c;
  }
  return kinds.map((k) => k.replace(/\s*\([^]*$/, "").replace(/^N\s+/, ""));
}

/** A seeded sample of `n` declarations spread over the categories (each category gets its share, the rest at random). */
function sample(all: Decl[], n: number, seed: number): Decl[] {
  let x = seed >>> 0 || 1;
  const rand = () => ((x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
  const shuffled = all.map((d) => [rand(), d] as const).sort((a, b) => a[0] - b[0]).map(([, d]) => d);
  const by = new Map<string, Decl[]>();
  for (const d of shuffled) by.set(category(d), [...(by.get(category(d)) ?? []), d]);
  const share = Math.max(1, Math.floor(n / Math.max(1, by.size)));
  const picked = new Set<Decl>([...by.values()].flatMap((ds) => ds.slice(0, share)));
  for (const d of shuffled) if (picked.size < n) picked.add(d);
  return [...picked].slice(0, Math.max(n, picked.size));
}

/** findReferences from each declaration: every site, and the sites that are uses (not the definition, not an import/export specifier). */
function truth(root: string, tsconfig: string, decls: Decl[]): { refs: Map<Decl, { any: Set<Site>; uses: Set<Site> } | null>; files: Set<string> } {
  const { ts, ls, program } = classicService(root, tsconfig);
  const out = new Map<Decl, { any: Set<Site>; uses: Set<Site> } | null>();
  for (const d of decls) {
    const sf = program.getSourceFile(join(root, d.path));
    const lineStart = sf ? sf.getPositionOfLineAndCharacter(d.line - 1, 0) : -1;
    const m = sf ? new RegExp(`(?<![\\w$])${d.name.replace(/\$/g, "\\$")}(?![\\w$])`).exec(sf.text.slice(lineStart, sf.text.indexOf("\n", lineStart) >>> 0)) : null;
    if (!sf || !m) {
      out.set(d, null);
      continue;
    }
    const any = new Set<Site>();
    const uses = new Set<Site>();
    for (const group of ls.findReferences(sf.fileName, lineStart + m.index) ?? []) {
      for (const r of group.references) {
        const rsf = program.getSourceFile(r.fileName)!;
        const site = `${relative(root, r.fileName)}:${rsf.getLineAndCharacterOfPosition(r.textSpan.start).line + 1}`;
        any.add(site);
        let node = ts.getTokenAtPosition(rsf, r.textSpan.start);
        let imp = false;
        for (; node; node = node.parent) if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportSpecifier(node) || ts.isExportSpecifier(node)) imp = true;
        if (!r.isDefinition && !imp) uses.add(site);
      }
    }
    out.set(d, { any, uses });
  }
  return { refs: out, files: new Set(program.getSourceFiles().map((f) => relative(root, f.fileName))) };
}

interface Heir {
  path: string;
  line: number;
  qualifiedName: string;
}

interface Listed {
  path: string;
  line: number | null;
  type?: string;
  provenance?: string;
  hop?: number;
  from?: string | null;
  via?: string;
}

async function main(): Promise<void> {
  const [root, tsconfig = "tsconfig.json", prefix = ""] = process.argv.slice(2);
  if (!root) throw new Error("usage: bun scripts/bench/refs-precision.ts <repo> [tsconfig] [prefix]");
  const db = openReader(root);
  if (!db) throw new Error(`no index at ${root}: svc index --force ${root}`);
  const every = (
    db.query("SELECT f.path, s.name, s.qualified_name AS qn, s.start_line AS line, s.exported, s.kind, s.signature, (SELECT p.kind FROM symbols p WHERE p.file_id = s.file_id AND p.qualified_name = s.container LIMIT 1) AS containerKind, (SELECT count(*) FROM symbols o WHERE o.file_id = s.file_id AND o.qualified_name = s.qualified_name) AS same FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path LIKE ? AND s.kind != 'module' ORDER BY f.path, s.start_line").all(`${prefix}%`) as Decl[]
  ).filter((d) => /^[\w$]+$/.test(d.name) && (!process.env.REFS_ONLY || process.env.REFS_ONLY.split(",").includes(`${d.path}:${d.line}`)));
  const decls = process.env.REFS_SAMPLE ? sample(every, Number(process.env.REFS_SAMPLE), Number(process.env.REFS_SEED ?? 1)) : every;
  // declarations sharing a line (`const { open, errors } = Deno`) are asked for by their qualified name when it is unique, else not judged
  const perLine = new Map<string, number>();
  for (const d of decls) perLine.set(`${d.path}:${d.line}`, (perLine.get(`${d.path}:${d.line}`) ?? 0) + 1);
  const qnCount = new Map<string, number>();
  for (const r of db.query("SELECT qualified_name AS qn, count(DISTINCT file_id) AS n FROM symbols GROUP BY qualified_name").all() as { qn: string; n: number }[]) qnCount.set(r.qn, r.n);
  const queryOf = (d: Decl): string | null => ((perLine.get(`${d.path}:${d.line}`) ?? 0) === 1 ? `${d.path}:${d.line}` : qnCount.get(d.qn) === 1 ? d.qn : null);
  // a sampled type's members are asked too, unjudged: impact lists their uses for the type (counted apart, not false)
  const judged = new Set(decls);
  const memberDecls = decls.length === every.length ? [] : every.filter((e) => !judged.has(e) && decls.some((d) => e.qn.startsWith(`${d.qn}.`)));
  const { refs, files } = truth(root, tsconfig, [...decls, ...memberDecls]);
  const spans = new Map<string, { qn: string; start: number; end: number }[]>();
  for (const r of db.query("SELECT f.path, s.qualified_name AS qn, s.start_line AS start, s.end_line AS end FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.kind != 'module'").all() as { path: string; qn: string; start: number; end: number }[]) {
    const list = spans.get(r.path) ?? [];
    list.push(r);
    spans.set(r.path, list);
  }
  db.close();
  /** The innermost indexed declaration around a line (what an edge's `from` names). */
  const innermost = (path: string, line: number): string | null => {
    let best: { qn: string; start: number; end: number } | null = null;
    for (const s of spans.get(path) ?? []) if (s.start <= line && line <= s.end && (!best || s.end - s.start <= best.end - best.start)) best = s;
    return best?.qn ?? null;
  };
  const byQn = new Map<string, Set<Site>>();
  for (const [d, t] of refs) if (t) byQn.set(d.qn, new Set([...(byQn.get(d.qn) ?? []), ...t.any]));
  const lineText = (site: Site) => {
    const [path, line] = [site.slice(0, site.lastIndexOf(":")), Number(site.slice(site.lastIndexOf(":") + 1))];
    try {
      return readFileSync(join(root, path), "utf8").split("\n")[line - 1] ?? "";
    } catch {
      return "";
    }
  };
  const totals: Record<string, number> = { decls: 0, uses: 0 };
  const add = (k: string, n = 1) => (totals[k] = (totals[k] ?? 0) + n);
  const worst: string[] = [];
  const falseClaims: string[] = [];
  for (const [d, t] of refs) {
    if (!t || !judged.has(d)) continue;
    const asked = queryOf(d);
    if (asked === null) {
      add("declarations sharing a line with another of the same name elsewhere (not judged)");
      continue;
    }
    add("decls");
    add("uses", t.uses.size);
    const q = `${d.path}:${d.line}`;
    const members = new Set<Site>();
    for (const [qn, sites] of byQn) if (qn.startsWith(`${d.qn}.`)) for (const s of sites) members.add(s);
    const nbr = await call("find", { path: root, query: asked, kind: "neighbors", limit: 1000 });
    const nb = nbr.data as { neighbors?: Record<string, Listed[]>; coverage?: { complete?: boolean } };
    const imr = await call("impact", { path: root, symbol: asked, depth: 1, limit: 1000 });
    const im = imr.data as { dependents?: Listed[]; dependentTotals?: Record<string, number>; overriders?: Heir[]; satisfies?: Heir[]; siblings?: Heir[]; destructures?: Heir[]; coverage?: { complete?: boolean } };
    // impact lists the implementers/overriders, the members it implements and their other implementations apart from its dependents: they are listed lines too
    const heritage = [...(im.overriders ?? []), ...(im.satisfies ?? []), ...(im.siblings ?? []), ...(im.destructures ?? [])].map((o) => ({ path: o.path, line: o.line, provenance: "checker", from: o.qualifiedName }));
    const answers: [string, Listed[], boolean, string][] = [
      ["neighbors", Object.values(nb.neighbors ?? {}).flat(), nb.coverage?.complete === true, nbr.text],
      ["impact", [...(im.dependents ?? []).filter((x) => x.hop === 1), ...heritage], im.coverage?.complete === true, imr.text],
    ];
    // an answer cut by the limit says so ("first 1000; raise limit"): its missing lines are not judged
    const cut = { neighbors: /; showing \d+; raise limit/.test(nbr.text), impact: (im.dependentTotals?.["1"] ?? 0) > (im.dependents ?? []).filter((x) => x.hop === 1).length };
    for (const [op, listed, complete, text] of answers) {
      if (cut[op as "neighbors" | "impact"]) {
        add(`${op} answers cut by the limit (missing lines not judged)`);
        continue;
      }
      if (complete) add(`${op} answers saying checker-complete`);
      else for (const why of partialReason(text)) add(`${op} partial for: ${why}`);
      add(`${op} answers`);
      // "none" said as a fact (`none (checker-complete)`, `none (every file that could reference it is in a loaded project…)`),
      // not "none found; partial…": a false claim when the compiler has a use in the repo
      const saysNone = !listed.length && /^\s+none(?: \(|$)/m.test(text) && !/partial:|none found|may be incomplete/.test(text);
      if (saysNone) {
        add(`${op} answers saying none`);
        const inRepo = [...t.uses].filter((s) => {
          if (s.startsWith("..") || s.includes("node_modules/")) return false;
          const around = innermost(s.slice(0, s.lastIndexOf(":")), Number(s.slice(s.lastIndexOf(":") + 1)));
          return around !== d.qn && !around?.startsWith(`${d.qn}.`); // recursion is no dependent
        });
        if (inRepo.length) {
          add(`${op} ... of them with a use the compiler finds (a false "none")`);
          if (process.env.REFS_VERBOSE) console.log(`${op} ${q} ${d.qn}: says none; the compiler has ${inRepo.slice(0, 3).join(", ")}`);
        }
      }
      const sites = new Map<Site, string>();
      const heritage = new Set<Site>();
      const container = d.qn.includes(".") ? d.qn.slice(0, d.qn.lastIndexOf(".")) : null;
      const viaObject = new Set<Site>();
      for (const e of listed) if (e.line) {
        sites.set(`${e.path}:${e.line}`, e.provenance ?? "?");
        if (container && e.via === container) viaObject.add(`${e.path}:${e.line}`);
        if (e.type === "extends" || e.type === "implements") heritage.add(`${e.path}:${e.line}`);
      }
      let falseHere = 0;
      for (const [site, provenance] of sites) {
        if (files.has(site.slice(0, site.lastIndexOf(":")))) add(`${op} listed lines judged`);
        if (t.any.has(site)) continue;
        if (members.has(site)) add(`${op} member uses`);
        // an object literal's method: impact lists the object's uses, labelled `via <object>` (the method goes where it goes)
        else if (viaObject.has(site)) add(`${op} uses of the member's object literal (listed via it)`);
        else if (!files.has(site.slice(0, site.lastIndexOf(":")))) add(`${op} in files outside the compiler's program (${provenance}): not judged`);
        // a barrel (`export * from`, `export type * from`) re-exporting the declaration, or the type declaring a member
        else if ((d.exported || d.qn.includes(".")) && /^\s*export\s+(?:type\s+)?\*/.test(lineText(site))) add(`${op} export-* barrel lines`);
        // a heir whose clause names a type alias of it (`extends _ZodJSONSchemaInternals`): a subtype, which findReferences names by the alias only
        else if (heritage.has(site) && !new RegExp(`(?<![\\w$])${d.name.replace(/\$/g, "\\$")}(?![\\w$])`).test(lineText(site))) add(`${op} heirs through a type alias (findReferences names the alias)`);
        else {
          add(`${op} false (${provenance})`);
          add(`${op} false lines`);
          falseHere++;
          if (process.env.REFS_VERBOSE) console.log(`${op} ${q} ${d.qn}${complete ? " (checker-complete)" : ""}: false ${site} (${provenance})`);
        }
      }
      // a missing line: in the declaration itself (recursion), another line of a referencing declaration already listed
      // (edges keep one line per declaration), outside the repo, or a referencing declaration not listed at all
      const from = new Set(listed.map((e) => `${e.path}#${e.from ?? "(module)"}`));
      const missing = [...t.uses].filter((s) => !sites.has(s));
      let notListed = 0;
      for (const site of missing) {
        const path = site.slice(0, site.lastIndexOf(":"));
        const around = innermost(path, Number(site.slice(site.lastIndexOf(":") + 1)));
        const why = path.startsWith("..") || path.includes("node_modules/")
          ? "outside the repo"
          : around === d.qn || around?.startsWith(`${d.qn}.`)
            ? "inside the declaration itself"
            : from.has(`${path}#${around ?? "(module)"}`)
              ? "another line of a listed referencing declaration"
              : "referencing declaration not listed";
        add(`${op} missing lines: ${why}`);
        if (complete && why !== "outside the repo" && why !== "inside the declaration itself") add(`${op} complete: use lines missing`);
        if (why === "referencing declaration not listed") {
          notListed++;
          if (process.env.REFS_VERBOSE) console.log(`${op} ${q} ${d.qn}${complete ? " (checker-complete)" : ""}: not listed ${site} (${around ?? "(module)"})`);
        }
      }
      if (complete) add(`${op} complete: use lines`, [...t.uses].filter((s) => {
        const path = s.slice(0, s.lastIndexOf(":"));
        const around = innermost(path, Number(s.slice(s.lastIndexOf(":") + 1)));
        return !path.startsWith("..") && !path.includes("node_modules/") && around !== d.qn && !around?.startsWith(`${d.qn}.`);
      }).length);
      if (complete) add(`${op} complete: use lines not listed (a referencing declaration unlisted)`, notListed);
      if (notListed) {
        add(`${op} declarations missing a referencing declaration`);
        if (complete) {
          add(`${op} ... of them said checker-complete (a false claim)`);
          falseClaims.push(`${op} ${q} ${d.qn} [${category(d)}]: ${notListed} use lines unlisted`);
        }
      }
      if (falseHere) {
        add(`${op} declarations with a false reference`);
        if (complete) add(`${op} ... of them said checker-complete`);
        worst.push(`${op} ${q} ${d.qn}: ${falseHere} false`);
      }
    }
  }
  console.log(JSON.stringify(totals, null, 1));
  for (const op of ["neighbors", "impact"]) {
    const n = (k: string) => totals[`${op} ${k}`] ?? 0;
    const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : "n/a");
    console.log(`${op}: ${totals.decls} declarations; recall under complete claims ${pct(n("complete: use lines") - n("complete: use lines not listed (a referencing declaration unlisted)"), n("complete: use lines"))} of use lines (by referencing declaration); false claims ${n("... of them said checker-complete (a false claim)")}; precision ${pct(n("listed lines judged") - n("false lines"), n("listed lines judged"))} of listed lines; partial ${pct(n("answers") - n("answers saying checker-complete"), n("answers"))}`);
  }
  if (process.env.REFS_SAMPLE) {
    const cats = new Map<string, number>();
    for (const d of decls) cats.set(category(d), (cats.get(category(d)) ?? 0) + 1);
    console.log(`sample (seed ${process.env.REFS_SEED ?? 1}): ${[...cats].map(([c, k]) => `${c} ${k}`).join(", ")}`);
  }
  for (const f of falseClaims) console.log(`false claim: ${f}`);
  for (const w of worst.slice(0, 30)) console.log(w);
}

await main();
process.exit(0);
