// Minimal edits to a JSON (or JSONC: comments, trailing commas) config file someone else
// owns: set one member, replace an array's elements. Every byte outside the edited span is
// kept — comments, indentation, key order, number spellings (1.0, 1e3, integers past 2^53),
// escapes, line endings, a missing final newline — so `svc mcp install` changes exactly the
// entry it writes. Text that does not parse is refused by the caller, never rewritten.

export interface JsonNode {
  kind: "object" | "array" | "scalar";
  start: number;
  end: number;
  /** The parsed value (numbers through JSON.parse: for reading, never written back). */
  value: unknown;
  members?: { key: string; keyStart: number; node: JsonNode }[];
  elements?: JsonNode[];
}

const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const LITERAL = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Parse JSON with comments and trailing commas, keeping every node's span; throws an Error naming the offset. */
export function parseJsonc(text: string): JsonNode {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at offset ${at}`);
  };
  const skip = () => {
    for (;;) {
      while (at < text.length && /\s/.test(text[at]!)) at++;
      if (text.startsWith("//", at)) {
        const nl = text.indexOf("\n", at);
        at = nl === -1 ? text.length : nl + 1;
      } else if (text.startsWith("/*", at)) {
        const close = text.indexOf("*/", at + 2);
        if (close === -1) fail("an unclosed comment");
        at = close + 2;
      } else return;
    }
  };
  const token = (pattern: RegExp, what: string): string => {
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (!m) fail(what);
    at += m![0].length;
    return m![0];
  };
  const string = (): string => JSON.parse(token(STRING, "a malformed string")) as string;
  const value = (): JsonNode => {
    skip();
    const start = at;
    const c = text[at];
    if (c === "{") {
      at++;
      const members: NonNullable<JsonNode["members"]> = [];
      const out: Record<string, unknown> = {};
      for (;;) {
        skip();
        if (text[at] === "}") break;
        if (text[at] !== '"') fail("a member name expected");
        const keyStart = at;
        const key = string();
        skip();
        if (text[at] !== ":") fail("':' expected");
        at++;
        const node = value();
        members.push({ key, keyStart, node });
        out[key] = node.value;
        skip();
        if (text[at] === ",") at++;
        else if (text[at] !== "}") fail("',' or '}' expected");
      }
      at++;
      return { kind: "object", start, end: at, value: out, members };
    }
    if (c === "[") {
      at++;
      const elements: JsonNode[] = [];
      for (;;) {
        skip();
        if (text[at] === "]") break;
        elements.push(value());
        skip();
        if (text[at] === ",") at++;
        else if (text[at] !== "]") fail("',' or ']' expected");
      }
      at++;
      return { kind: "array", start, end: at, value: elements.map((e) => e.value), elements };
    }
    const scalar = c === '"' ? string() : JSON.parse(token(LITERAL, "a value expected"));
    return { kind: "scalar", start, end: at, value: scalar };
  };
  const root = value();
  skip();
  if (at < text.length) fail("unexpected text after the value");
  return root;
}

/** The file's newline, its indentation unit, and the indentation of the line holding `offset`. */
function layout(text: string, offset: number): { nl: string; unit: string; indent: string } {
  const nl = text.includes("\r\n") ? "\r\n" : "\n";
  const unit = /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? "";
  return { nl, unit: unit.startsWith("\t") ? "\t" : unit, indent };
}

/** `value` as JSON laid out like the file: nested lines indented from `indent` by the file's unit, its newline. */
function render(value: unknown, text: string, indent: string, compact: boolean): string {
  const { nl, unit } = layout(text, 0);
  if (compact) return JSON.stringify(value);
  return JSON.stringify(value, null, unit).split("\n").join(nl + indent);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `text` with the member at `path` (its parents created as needed) set to `value`; the same text when it already holds it. Throws when a parent on the path is not an object. */
export function setMember(text: string, path: readonly string[], value: unknown): string {
  let node = parseJsonc(text);
  let outer = node;
  for (const [i, key] of path.entries()) {
    if (node.kind !== "object") throw new Error(`"${path.slice(0, i).join(".")}" is not an object`);
    const member = node.members!.findLast((m) => m.key === key); // the one JSON.parse keeps
    const last = i === path.length - 1;
    if (!member) {
      // the rest of the path, nested, as one new member
      const nested = path.slice(i + 1).reduceRight<unknown>((inner, k) => ({ [k]: inner }), value);
      return insertMember(text, node, outer, key, nested);
    }
    if (last) {
      if (sameJson(member.node.value, value)) return text;
      const { indent } = layout(text, member.keyStart);
      const compact = !text.slice(node.start, node.end).includes("\n");
      return text.slice(0, member.node.start) + render(value, text, indent, compact) + text.slice(member.node.end);
    }
    outer = node;
    node = member.node;
  }
  return text;
}

/** `outer`: the object holding `object` (itself at the top): an empty object written on one line there is filled on one line. */
function insertMember(text: string, object: JsonNode, outer: JsonNode, key: string, value: unknown): string {
  const members = object.members!;
  const { nl, unit, indent: objectIndent } = layout(text, object.start);
  if (members.length === 0) {
    const inner = objectIndent + unit;
    const oneLine = !text.slice(outer.start, outer.end).includes("\n");
    const body = oneLine ? `${JSON.stringify(key)}: ${JSON.stringify(value)}` : `${nl}${inner}${JSON.stringify(key)}: ${render(value, text, inner, false)}${nl}${objectIndent}`;
    // keep whatever the empty object held (a comment) before its closing brace
    return text.slice(0, object.end - 1).replace(/\s*$/, "") + body + "}" + text.slice(object.end);
  }
  const compact = !text.slice(object.start, object.end).includes("\n");
  const lastMember = members.at(-1)!;
  const { indent } = layout(text, lastMember.keyStart);
  const entry = compact ? `,${JSON.stringify(key)}:${JSON.stringify(value)}` : `,${nl}${indent}${JSON.stringify(key)}: ${render(value, text, indent, false)}`;
  return text.slice(0, lastMember.node.end) + entry + text.slice(lastMember.node.end);
}

/** `text` with the array at `path` holding its elements that `keep` accepts, then `append`; the spans of kept elements untouched. */
export function spliceArray(text: string, path: readonly string[], keep: (value: unknown) => boolean, append: unknown): string {
  let node = parseJsonc(text);
  for (const key of path) {
    const member = node.kind === "object" ? node.members!.findLast((m) => m.key === key) : undefined;
    if (!member) return setMember(text, path, [append]);
    node = member.node;
  }
  if (node.kind !== "array") return setMember(text, path, [append]);
  const elements = node.elements!;
  const kept = elements.filter((e) => keep(e.value));
  if (kept.length === elements.length - 1 && !keep(elements.at(-1)!.value) && sameJson(elements.at(-1)!.value, append)) return text;
  const drop = elements.findLastIndex((e) => !keep(e.value));
  if (drop >= 0) {
    // drop the others one at a time (the spans of those before stay valid), each with the separator before it (after it, for the first)
    const e = elements[drop]!;
    const [from, to] = drop > 0 ? [elements[drop - 1]!.end, e.end] : [e.start, elements[1]?.start ?? e.end];
    return spliceArray(text.slice(0, from) + text.slice(to), path, keep, append);
  }
  const compact = !text.slice(node.start, node.end).includes("\n");
  const last = elements.at(-1);
  if (!last) return setMember(text, path, [append]);
  const { nl, indent } = layout(text, last.start);
  const entry = compact ? `,${JSON.stringify(append)}` : `,${nl}${indent}${render(append, text, indent, false)}`;
  return text.slice(0, last.end) + entry + text.slice(last.end);
}
