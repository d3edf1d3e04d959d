// extract-interface: an interface of a class's public instance members (`newName`, default
// `I<Class>`), declared just before the class (exported when the class is), and the class
// `implements` it. A method whose parameters and return type are all written out keeps its
// source signature; any other member gets the type the checker gives it. Members that are
// static, private, protected, `#private` or the constructor stay out; a class without a
// public member abstains. The file's own style is followed (indentation of the class
// members, semicolons or none: style.ts).

import type { SgNode } from "@ast-grep/napi";
import type { CheckWorkspace } from "../check/workspace.ts";
import { offsetOf, positionOf, typeText } from "../semantic/index.ts";
import { diskText } from "./stage.ts";
import { usesSemicolons } from "./style.ts";
import { applyOffsetEdits, parseRoot, type Edit } from "./syntax.ts";
import type { Target } from "./target.ts";

type Contents = { contents: Map<string, string> } | { refused: string };

const HIDDEN = new Set(["static", "accessibility_modifier", "private_property_identifier", "override_modifier", "declare"]);

const hasChild = (node: SgNode, kinds: ReadonlySet<string> | string): boolean => node.children().some((c) => (typeof kinds === "string" ? c.kind() === kinds : kinds.has(String(c.kind()))) && (c.kind() !== "accessibility_modifier" || c.text() !== "public"));

/** The member's line in the interface, or null when it stays out. */
async function memberLine(cw: CheckWorkspace, rel: string, text: string, project: string, member: SgNode, semi: string): Promise<string | null> {
  const kind = String(member.kind());
  if (kind !== "method_definition" && kind !== "public_field_definition" && kind !== "method_signature") return null;
  if (hasChild(member, HIDDEN)) return null;
  const nameNode = member.field("name");
  if (!nameNode || nameNode.kind() === "private_property_identifier" || nameNode.kind() === "computed_property_name") return null;
  const name = nameNode.text();
  if (name === "constructor") return null;
  const optional = member.children().some((c) => c.kind() === "?") ? "?" : "";
  const readonly = member.children().some((c) => c.kind() === "readonly") ? "readonly " : "";
  const accessor = member.children().find((c) => c.kind() === "get" || c.kind() === "set")?.kind();
  if (accessor === "set") return null; // a setter alone adds nothing an agent can read; a getter is the property
  const params = member.field("parameters");
  const ret = member.field("return_type");
  const spelled = kind === "method_definition" && !accessor && params && ret && !member.children().some((c) => c.kind() === "async" || c.kind() === "*")
    && params.children().filter((p) => p.isNamed() && p.kind() !== "comment").every((p) => p.field("type") !== null && p.field("value") === null);
  if (spelled) {
    const typeParams = member.field("type_parameters")?.text() ?? "";
    return `${name}${optional}${typeParams}${params!.text()}${ret!.text()}${semi}`;
  }
  if (kind === "public_field_definition" && !member.field("value") && member.field("type")) return `${readonly}${name}${optional}${member.field("type")!.text()}${semi}`;
  const type = await typeText(cw.engine, project, cw.abs(rel), positionOf(text, nameNode.range().start.index));
  if (!type) return null;
  return `${readonly || (accessor === "get" && !hasSetter(member, name) ? "readonly " : "")}${name}${optional}: ${type}${semi}`;
}

function hasSetter(member: SgNode, name: string): boolean {
  return (member.parent()?.children() ?? []).some((m) => m.kind() === "method_definition" && m.field("name")?.text() === name && m.children().some((c) => c.kind() === "set"));
}

export async function extractInterfaceContents(cw: CheckWorkspace, target: Extract<Target, { ok: true }>, newName: string | null): Promise<Contents> {
  const rel = target.symbol.path;
  const text = diskText(cw, rel);
  const root = parseRoot(rel, text);
  const at = offsetOf(text, target.position);
  const cls = root?.findAll({ rule: { any: [{ kind: "class_declaration" }, { kind: "abstract_class_declaration" }] } }).find((c) => c.field("name")?.range().start.index === at);
  if (!cls) return { refused: `${target.symbol.qualifiedName} at ${rel}:${target.line} is not a class declaration` };
  const className = cls.field("name")!.text();
  const name = newName ?? `I${className}`;
  const project = (await cw.projectsFor(rel))[0];
  if (!project) return { refused: `no loaded TypeScript project holds ${rel}` };
  const body = cls.field("body")!;
  const members = body.children().filter((c) => c.isNamed() && c.kind() !== "comment");
  const semi = usesSemicolons(cw.root, rel, text) ? ";" : "";
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const m of members) {
    const line = await memberLine(cw, rel, text, project, m, semi);
    const key = m.field("name")?.text() ?? "";
    if (line && !seen.has(key)) {
      seen.add(key);
      lines.push(line);
    }
  }
  if (!lines.length) return { refused: `${className} has no public instance members to put in an interface` };
  const first = members[0]!;
  const memberIndent = /^[ \t]*/.exec(text.slice(text.lastIndexOf("\n", first.range().start.index - 1) + 1))![0] || "  ";
  const statement = cls.parent()?.kind() === "export_statement" ? cls.parent()! : cls;
  const start = statement.range().start.index;
  const classIndent = /^[ \t]*/.exec(text.slice(text.lastIndexOf("\n", start - 1) + 1))![0];
  const exported = statement !== cls && !statement.text().startsWith("export default") ? "export " : "";
  const typeParams = cls.field("type_parameters");
  const typeArgs = typeParams ? `<${typeParams.children().filter((c) => c.kind() === "type_parameter").map((c) => c.field("name")?.text() ?? c.text()).join(", ")}>` : "";
  const decl = `${exported}interface ${name}${typeParams?.text() ?? ""} {\n${lines.map((l) => `${memberIndent}${l}`).join("\n")}\n${classIndent}}\n\n${classIndent}`;
  const edits: Edit[] = [{ start, end: start, text: decl }];
  const heritage = cls.children().find((c) => c.kind() === "class_heritage");
  const implementsClause = heritage?.children().find((c) => c.kind() === "implements_clause");
  if (implementsClause) edits.push({ start: implementsClause.range().end.index, end: implementsClause.range().end.index, text: `, ${name}${typeArgs}` });
  else {
    const after = (heritage ?? typeParams ?? cls.field("name")!).range().end.index;
    edits.push({ start: after, end: after, text: ` implements ${name}${typeArgs}` });
  }
  return { contents: new Map([[rel, applyOffsetEdits(text, edits)]]) };
}
