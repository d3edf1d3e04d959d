// Single-file edits for the check honesty benchmark, generated deterministically from real
// sources with ast-grep. Half are meant to break the build (wrong member, wrong argument
// type, missing argument, missing import), half to be neutral (rename a local, reorder two
// adjacent imports, add a comment). What an edit really does is decided by `tsc --noEmit`
// (check-label.ts), never by its intent.

import { Lang, parse, type SgNode } from "@ast-grep/napi";
import { rng } from "./measure.ts";

export type EditKind = "wrong-member" | "wrong-argument-type" | "missing-argument" | "missing-import" | "rename-local" | "reorder-statements" | "add-comment";
export const BREAKING: EditKind[] = ["wrong-member", "wrong-argument-type", "missing-argument", "missing-import"];
export const NEUTRAL: EditKind[] = ["rename-local", "reorder-statements", "add-comment"];

export interface Edit {
  id: string;
  project: string;
  file: string;
  kind: EditKind;
  /** What was done, for reports. */
  what: string;
  content: string;
}

function pick<T>(list: readonly T[], random: () => number): T | undefined {
  return list.length ? list[Math.floor(random() * list.length)] : undefined;
}

function splice(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

type Maker = (text: string, root: SgNode, random: () => number) => { what: string; content: string } | null;

const inTypePosition = (node: SgNode) => node.ancestors().some((a) => /type_annotation|type_alias|interface|generic_type|type_arguments/.test(String(a.kind())));

const wrongMember: Maker = (text, root, random) => {
  const members = root.findAll({ rule: { kind: "member_expression" } }).filter((m) => {
    const prop = m.field("property");
    return prop !== null && prop.kind() === "property_identifier" && !inTypePosition(m) && !/^(length|prototype|constructor)$/.test(prop.text());
  });
  const m = pick(members, random);
  const prop = m?.field("property");
  if (!m || !prop) return null;
  const r = prop.range();
  return { what: `${m.text().slice(0, 60)} → .${prop.text()}Zq`, content: splice(text, r.start.index, r.end.index, `${prop.text()}Zq`) };
};

const callsWithArgs = (root: SgNode) =>
  root.findAll({ rule: { kind: "call_expression" } }).filter((c) => {
    const args = c.field("arguments");
    return args !== null && args.kind() === "arguments" && args.children().some((a) => a.isNamed() && a.kind() !== "comment");
  });

const argsOf = (call: SgNode) => (call.field("arguments")?.children() ?? []).filter((a) => a.isNamed() && a.kind() !== "comment");

const wrongArgumentType: Maker = (text, root, random) => {
  const call = pick(callsWithArgs(root), random);
  if (!call) return null;
  const args = argsOf(call);
  const arg = pick(args, random);
  if (!arg || arg.kind() === "spread_element") return null;
  const replacement = arg.kind() === "string" || arg.kind() === "template_string" ? "12345" : "Symbol('svc-bench')";
  const r = arg.range();
  return { what: `${call.text().slice(0, 60)}: argument ${arg.text().slice(0, 30)} → ${replacement}`, content: splice(text, r.start.index, r.end.index, replacement) };
};

const missingArgument: Maker = (text, root, random) => {
  const call = pick(callsWithArgs(root), random);
  if (!call) return null;
  const args = argsOf(call);
  const last = args[args.length - 1];
  if (!last || last.kind() === "spread_element") return null;
  const prev = args[args.length - 2];
  const start = prev ? prev.range().end.index : last.range().start.index;
  return { what: `${call.text().slice(0, 60)}: last argument removed`, content: splice(text, start, last.range().end.index, "") };
};

const missingImport: Maker = (text, root, random) => {
  const specifiers = root.findAll({ rule: { kind: "import_specifier" } });
  const spec = pick(specifiers, random);
  if (!spec) return null;
  const local = spec.field("alias")?.text() ?? spec.field("name")?.text() ?? "";
  if (!local || !new RegExp(`\\b${local.replace(/\$/g, "\\$")}\\b`).test(text.slice(0, spec.range().start.index) + text.slice(spec.range().end.index).replace(/^[^;]*;/, ""))) return null;
  const r = spec.range();
  // Remove the specifier and one adjacent comma.
  let start = r.start.index;
  let end = r.end.index;
  const after = text.slice(end).match(/^\s*,/);
  if (after) end += after[0].length;
  else {
    const before = text.slice(0, start).match(/,\s*$/);
    if (before) start -= before[0].length;
  }
  let content = splice(text, start, end, "");
  content = content.replace(/import\s+(type\s+)?\{\s*\}\s*from\s*(['"][^'"]+['"]);?/, "import $2;");
  return { what: `import of ${local} removed`, content };
};

const renameLocal: Maker = (text, root, random) => {
  const declarators = root.findAll({ rule: { kind: "variable_declarator", inside: { kind: "lexical_declaration", inside: { kind: "statement_block", stopBy: "end" } } } });
  const decl = pick(declarators, random);
  const name = decl?.field("name");
  if (!decl || !name || name.kind() !== "identifier") return null;
  const block = decl.ancestors().find((a) => a.kind() === "statement_block");
  if (!block) return null;
  const old = name.text();
  const fresh = `${old}Renamed`;
  if (text.includes(fresh)) return null;
  // Every identifier with that name inside the block (shorthand properties keep their key).
  const occurrences = block.findAll({ rule: { any: [{ kind: "identifier" }, { kind: "shorthand_property_identifier" }], regex: `^${old.replace(/\$/g, "\\$")}$` } });
  const outside = new RegExp(`\\b${old.replace(/\$/g, "\\$")}\\b`).test(text.slice(0, block.range().start.index) + text.slice(block.range().end.index));
  if (outside) return null; // keep to names that live only in this block
  let content = text;
  for (const occ of [...occurrences].sort((a, b) => b.range().start.index - a.range().start.index)) {
    const r = occ.range();
    content = splice(content, r.start.index, r.end.index, occ.kind() === "shorthand_property_identifier" ? `${old}: ${fresh}` : fresh);
  }
  return { what: `local ${old} → ${fresh} (${occurrences.length} occurrences)`, content };
};

const reorderStatements: Maker = (text, root, random) => {
  const imports = root.children().filter((c) => c.kind() === "import_statement");
  const pairs: [SgNode, SgNode][] = [];
  for (let i = 0; i + 1 < imports.length; i++) {
    const a = imports[i]!;
    const b = imports[i + 1]!;
    if (/^\s*$/.test(text.slice(a.range().end.index, b.range().start.index))) pairs.push([a, b]);
  }
  const pair = pick(pairs, random);
  if (!pair) return null;
  const [a, b] = pair;
  const between = text.slice(a.range().end.index, b.range().start.index);
  return { what: `imports swapped: ${a.text().slice(0, 40)} ⇄ ${b.text().slice(0, 40)}`, content: splice(text, a.range().start.index, b.range().end.index, b.text() + between + a.text()) };
};

const addComment: Maker = (text, root, random) => {
  const statements = root.findAll({ rule: { any: [{ kind: "expression_statement" }, { kind: "return_statement" }, { kind: "lexical_declaration" }] } });
  const s = pick(statements, random);
  if (!s) return null;
  const start = s.range().start.index;
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const indent = text.slice(lineStart, start);
  if (!/^\s*$/.test(indent)) return null;
  return { what: `comment added at line ${s.range().start.line + 1}`, content: splice(text, lineStart, lineStart, `${indent}// svc-bench: a neutral comment\n`) };
};

const MAKERS: Record<EditKind, Maker> = {
  "wrong-member": wrongMember,
  "wrong-argument-type": wrongArgumentType,
  "missing-argument": missingArgument,
  "missing-import": missingImport,
  "rename-local": renameLocal,
  "reorder-statements": reorderStatements,
  "add-comment": addComment,
};

/** `count` edits over `files` (path → content), half of breaking intent, half neutral. */
export function generateEdits(project: string, files: Map<string, string>, count: number, seed: number): Edit[] {
  const random = rng(seed);
  const paths = [...files.keys()].sort();
  const edits: Edit[] = [];
  const seen = new Set<string>();
  let attempts = 0;
  while (edits.length < count && attempts < count * 50) {
    attempts++;
    const kinds = edits.length % 2 === 0 ? BREAKING : NEUTRAL;
    const kind = kinds[Math.floor(random() * kinds.length)]!;
    const file = pick(paths, random)!;
    const text = files.get(file)!;
    const made = MAKERS[kind](text, parse(Lang.TypeScript, text).root(), random);
    if (!made || made.content === text) continue;
    const key = `${file}\0${made.content.length}\0${made.what}`;
    if (seen.has(key)) continue;
    seen.add(key);
    edits.push({ id: `${project}-${String(edits.length).padStart(4, "0")}`, project, file, kind, ...made });
  }
  return edits;
}
