// Semantic markers: one structural comment line per type declaration,
// `<!-- svc:type Name | kind:class | extends:… | implements:… | depends-on:… | injected:… -->`.
// Read from the declaration's header and its members in the code view (comments and
// literals out of the way): heritage clauses per language, PascalCase type names of
// constructor parameters (injected) and field type annotations (depends-on, after the
// constructor's), built-ins left out. Best effort for languages without constructors.

import type { Decl } from "../../lang/model.ts";
import type { Ctx } from "./ctx.ts";

const BUILTINS = new Set(
  (
    "String Number Boolean Object Symbol BigInt Promise PromiseLike Array ReadonlyArray ArrayLike Record Map Set WeakMap WeakSet ReadonlyMap ReadonlySet " +
    "Partial Required Readonly Pick Omit Exclude Extract NonNullable ReturnType Parameters InstanceType Awaited Date Error RegExp Function " +
    "Iterable Iterator IterableIterator AsyncIterable AsyncIterator Generator AsyncGenerator Uint8Array Buffer Json JSON Math Console Infinity NaN " +
    "Integer Long Short Byte Double Float Character Void List ArrayList LinkedList HashMap HashSet TreeMap Optional Collection Stream CompletableFuture Override " +
    "Int32 Int64 Decimal Guid DateTime TimeSpan Task ValueTask IEnumerable IList ICollection IDictionary Dictionary Func Action Nullable CancellationToken Type " +
    "Any Optional Union Dict Tuple Callable Sequence Mapping Iterable ClassVar Final Literal Self None True False " +
    "Vec Option Result Box Rc Arc RefCell Cell Mutex RwLock HashMap BTreeMap HashSet BTreeSet Cow PhantomData Pin Send Sync Sized Default Clone Debug " +
    "Int UInt Bool Character Substring Unit Nothing MutableList MutableMap MutableSet Sequence Pair Triple Seq Vector Either Future"
  ).split(" "),
);
const PASCAL = /\b[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*\b/g;

/** Split at top-level commas (brackets and angle brackets nest). */
function splitTop(s: string, sep = ","): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "(" || c === "[" || c === "{" || c === "<") depth++;
    else if (c === ")" || c === "]" || c === "}" || (c === ">" && s[i - 1] !== "=" && s[i - 1] !== "-")) depth = Math.max(0, depth - 1);
    else if (c === sep && depth === 0) {
      out.push(s.slice(from, i));
      from = i + 1;
    }
  }
  out.push(s.slice(from));
  return out.map((x) => x.trim()).filter((x) => x !== "");
}

/** `Base<T>(args)` → `Base`: generic arguments and call arguments removed. */
function bare(s: string): string {
  let out = "";
  let depth = 0;
  for (const c of s) {
    if (c === "<" || c === "(" || c === "[") depth++;
    else if (c === ">" || c === ")" || c === "]") depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out.replace(/\s+/g, " ").trim();
}

function names(list: string, sep = ","): string[] {
  return splitTop(list, sep).map(bare).filter((x) => x !== "");
}

/** Leading decorators/annotations/attributes removed, whitespace collapsed. */
function clean(s: string): string {
  let t = s.replace(/\s+/g, " ").trim();
  for (let guard = 0; guard < 50; guard++) {
    const m = /^(?:@[\w.$]+|#\[|\[)/.exec(t);
    if (!m) break;
    let i = m[0].length;
    let depth = m[0] === "#[" || m[0] === "[" ? 1 : 0;
    if (depth === 0 && t[i] === "(") {
      depth = 1;
      i++;
    }
    while (i < t.length && depth > 0) {
      if (t[i] === "(" || t[i] === "[") depth++;
      else if (t[i] === ")" || t[i] === "]") depth--;
      i++;
    }
    t = t.slice(i).trim();
  }
  return t.replace(/@[\w.$]+(?:\([^()]*\))?\s*/g, "");
}

/** Index of the first `ch` outside brackets, or -1. */
function topIndex(s: string, ch: string, from = 0): number {
  let depth = 0;
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (c === "(" || c === "[" || c === "<" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === ">" || c === "}") depth = Math.max(0, depth - 1);
    else if (c === ch && depth === 0) return i;
  }
  return -1;
}

/** A declared name as a regex source (only word characters and `$` kept). */
function nameRe(name: string): string {
  return name.replace(/[^\w$]/g, "").replace(/\$/g, "\\$");
}

/** The header text after the declared name. */
function afterName(head: string, name: string): string {
  const m = new RegExp(`(?<![\\w$])${nameRe(name)}(?![\\w$])`).exec(head);
  return m ? head.slice(m.index + m[0].length) : head;
}

function heritage(ctx: Ctx, d: Decl, head: string): { ext: string[]; impl: string[] } {
  const after = afterName(head, d.name);
  switch (ctx.lang) {
    case "typescript":
    case "tsx":
    case "javascript":
    case "java":
    case "php": {
      const ext = /\bextends\s+(.+?)(?=\s+implements\b|$)/.exec(after)?.[1] ?? "";
      const impl = /\bimplements\s+(.+)$/.exec(after)?.[1] ?? "";
      return { ext: names(ext), impl: names(impl) };
    }
    case "python": {
      const m = /^\s*(?:\[[^\]]*\])?\s*\((.*)\)/.exec(after);
      return { ext: names(m?.[1] ?? "").filter((x) => !x.includes("=") && x !== "object"), impl: [] };
    }
    case "ruby":
      return { ext: [/^\s*<\s*([\w:]+)/.exec(after)?.[1] ?? ""].filter(Boolean), impl: [] };
    case "scala": {
      const ext = /\bextends\s+(.+?)(?=\s+with\b|$)/.exec(after)?.[1] ?? "";
      return { ext: names(ext), impl: [...after.matchAll(/\bwith\s+([\w.]+)/g)].map((m) => m[1] ?? "") };
    }
    case "rust": {
      if (d.kind === "trait") return { ext: topIndex(after, ":") >= 0 ? names(after.slice(topIndex(after, ":") + 1).replace(/\bwhere\b.*$/, ""), "+") : [], impl: [] };
      const impl = ctx.decls
        .filter((x) => x.kind === "impl" && x.name === d.name)
        .map((x) => /^impl(?:\s*<.*?>)?\s+(.+?)\s+for\s+/.exec(x.signature)?.[1] ?? "")
        .map(bare)
        .filter(Boolean);
      return { ext: [], impl };
    }
    case "kotlin":
    case "csharp":
    case "swift":
    case "cpp": {
      const colon = topIndex(after, ":");
      if (colon < 0) return { ext: [], impl: [] };
      const raw = splitTop(after.slice(colon + 1).replace(/\bwhere\b.*$/, ""));
      const list = raw.map((x) => bare(x.replace(/\b(?:public|private|protected|virtual)\s+/g, "")));
      if (ctx.lang === "kotlin") return { ext: list.filter((_, i) => raw[i]!.includes("(")), impl: list.filter((_, i) => !raw[i]!.includes("(")) };
      if (ctx.lang === "cpp" || d.kind === "interface" || d.kind === "trait") return { ext: list, impl: [] };
      const first = list[0] ?? "";
      const base = ctx.lang === "csharp" ? !/^I[A-Z]/.test(first) : d.kind === "class";
      return base ? { ext: [first], impl: list.slice(1) } : { ext: [], impl: list };
    }
    default:
      return { ext: [], impl: [] };
  }
}

/** The parameter list (inside the first top-level parentheses) of a header. */
function params(head: string): string[] {
  const open = head.indexOf("(");
  if (open < 0) return [];
  let depth = 0;
  for (let i = open; i < head.length; i++) {
    if (head[i] === "(") depth++;
    else if (head[i] === ")" && --depth === 0) return splitTop(head.slice(open + 1, i));
  }
  return [];
}

/** PascalCase type names in a parameter or field text (decorators and initializer removed, `name` skipped). */
function typeNames(text: string, name: string | null): string[] {
  let t = clean(text);
  const eq = /(^|[^=!<>])=(?![=>])/.exec(t);
  if (eq) t = t.slice(0, eq.index + (eq[1] ?? "").length);
  if (name) t = t.replace(new RegExp(`(?<![\\w$])${nameRe(name)}(?![\\w$])`), " ");
  return [...t.matchAll(PASCAL)].map((m) => m[0]);
}

function list(xs: string[]): string {
  return xs.length === 0 ? "none" : xs.join(", ");
}

export function markerFor(ctx: Ctx, d: Decl): string {
  const head = clean(ctx.code.slice(d.start, d.bodyStart ?? Math.min(d.end, d.start + 2000)));
  const { ext, impl } = heritage(ctx, d, head);
  const generics = new Set([...(new RegExp(`(?<![\\w$])${nameRe(d.name)}\\s*<([^>]*)>`).exec(head)?.[1] ?? "").matchAll(/[\w$]+/g)].map((m) => m[0]));
  const keep = (x: string) => !BUILTINS.has(x) && !generics.has(x) && x !== d.name;
  const kids = ctx.children.get(d) ?? [];
  const ctors = kids.filter((k) => k.kind === "constructor");
  const injected: string[] = [];
  for (const c of ctors) for (const p of params(clean(ctx.code.slice(c.start, c.bodyStart ?? c.end)))) injected.push(...typeNames(p, null));
  if (ctors.length === 0 && (ctx.lang === "kotlin" || ctx.lang === "scala" || ctx.lang === "csharp")) {
    const after = afterName(head, d.name).replace(/^\s*<[^>]*>/, "");
    if (after.trimStart().startsWith("(")) for (const p of params(after)) injected.push(...typeNames(p, null));
  }
  const fields: string[] = [];
  for (const k of kids) {
    if (k.kind !== "property" && k.kind !== "field") continue;
    if (ctors.some((c) => k.start >= c.start && k.end <= c.end) || (d.bodyStart !== undefined && k.start < d.bodyStart)) continue;
    fields.push(...typeNames(ctx.code.slice(k.start, k.end), k.name));
  }
  const inj = [...new Set(injected.filter(keep))];
  const deps = [...new Set([...inj, ...fields.filter(keep)])];
  return `<!-- svc:type ${d.name} | kind:${d.kind} | extends:${list(ext)} | implements:${list(impl)} | depends-on:${list(deps)} | injected:${list(inj)} -->`;
}
