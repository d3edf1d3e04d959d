// Set one member of a JSON document in its text, so a config svc merges into keeps every byte
// it was not asked to change: other members' formatting, indentation (tabs or spaces), line
// endings, number spellings (12345678901234567890 and 1.0 survive, which a parse and
// stringify would round), string escapes, key order (integer-like keys included) and
// duplicate keys. The new value is laid out the way the file indents.

interface Member {
  key: string;
  /** Offset of the key's opening quote. */
  keyStart: number;
  valueStart: number;
  valueEnd: number;
}

interface Scanned {
  end: number;
  /** Members of an object (in order), undefined for any other value. */
  members?: Member[];
  /** Offset of the object's closing brace. */
  close?: number;
}

class JsonScanner {
  constructor(private readonly text: string) {}

  private fail(at: number, what: string): never {
    throw new Error(`${what} at offset ${at}`);
  }

  skip(at: number): number {
    while (at < this.text.length && " \t\r\n".includes(this.text[at]!)) at++;
    return at;
  }

  private string(at: number): number {
    for (let i = at + 1; i < this.text.length; i++) {
      const c = this.text[i];
      if (c === "\\") i++;
      else if (c === '"') return i + 1;
    }
    return this.fail(at, "unterminated string");
  }

  value(start: number): Scanned {
    const at = this.skip(start);
    const c = this.text[at];
    if (c === '"') return { end: this.string(at) };
    if (c === "[") {
      let i = this.skip(at + 1);
      if (this.text[i] === "]") return { end: i + 1 };
      for (;;) {
        i = this.skip(this.value(i).end);
        if (this.text[i] === ",") i++;
        else if (this.text[i] === "]") return { end: i + 1 };
        else this.fail(i, "expected , or ]");
      }
    }
    if (c === "{") {
      const members: Member[] = [];
      let i = this.skip(at + 1);
      if (this.text[i] === "}") return { end: i + 1, members, close: i };
      for (;;) {
        if (this.text[i] !== '"') this.fail(i, "expected a key");
        const keyEnd = this.string(i);
        const key = JSON.parse(this.text.slice(i, keyEnd)) as string;
        const colon = this.skip(keyEnd);
        if (this.text[colon] !== ":") this.fail(colon, "expected :");
        const valueStart = this.skip(colon + 1);
        const valueEnd = this.value(valueStart).end;
        members.push({ key, keyStart: i, valueStart, valueEnd });
        i = this.skip(valueEnd);
        if (this.text[i] === ",") i = this.skip(i + 1);
        else if (this.text[i] === "}") return { end: i + 1, members, close: i };
        else this.fail(i, "expected , or }");
      }
    }
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(at, at + 400));
    if (!m) this.fail(at, "unexpected token");
    return { end: at + m[0].length };
  }
}

/** The whitespace a line starts with, for the line holding `at`. */
function indentAt(text: string, at: number): string {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** The file's indentation unit: its first indented line's leading whitespace (a tab or spaces), else two spaces. */
function indentUnit(text: string): string {
  const m = /\n([ \t]+)["{[\]}]/.exec(text);
  return m ? m[1]!.startsWith("\t") ? "\t" : m[1]! : "  ";
}

/** `value` as JSON laid out like the file: its indent unit, its line ending, continuation lines indented from `base`. */
function layout(value: unknown, unit: string, eol: string, base: string): string {
  return JSON.stringify(value, null, unit).replace(/\n/g, `${eol}${base}`);
}

/** Whether the object's members sit on lines of their own (else it is written inline, `{"a": 1}`). */
function multiline(text: string, from: number, to: number): boolean {
  return text.slice(from, to).includes("\n");
}

/**
 * `text` (a JSON object, without a BOM) with the member at `path` set to `value`: its value's
 * text replaced when it exists (the last of duplicate keys, the one JSON.parse reads), else
 * the member (and any missing parents) added after the parent's last member. A parent that
 * is not an object is replaced by one. Throws when `text` is not JSON.
 */
export function setJsonMember(text: string, path: readonly string[], value: unknown): string {
  const scanner = new JsonScanner(text);
  const root = scanner.value(0);
  if (scanner.skip(root.end) !== text.length) throw new Error(`unexpected text after the document at offset ${scanner.skip(root.end)}`);
  if (!root.members) throw new Error("not a JSON object");
  const unit = indentUnit(text);
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  let object = root;
  let objectStart = scanner.skip(0);
  for (let depth = 0; depth < path.length; depth++) {
    const key = path[depth]!;
    const rest = path.slice(depth + 1);
    const member = object.members!.findLast((m) => m.key === key);
    // What to put where the path stops existing: the rest of the path as nested objects around the value.
    const nested = rest.reduceRight<unknown>((inner, k) => ({ [k]: inner }), value);
    if (member) {
      const inner = scanner.value(member.valueStart);
      if (rest.length && inner.members) {
        object = inner;
        objectStart = member.valueStart;
        continue;
      }
      const base = indentAt(text, member.keyStart);
      return text.slice(0, member.valueStart) + layout(nested, unit, eol, base) + text.slice(member.valueEnd);
    }
    const close = object.close!;
    const last = object.members!.at(-1);
    const name = JSON.stringify(key);
    // An object written on one line takes the member inline, unless it is an empty {} in a file of several lines.
    if (last ? !multiline(text, objectStart, close + 1) : !text.trim().includes("\n")) {
      const entry = `${name}: ${JSON.stringify(nested)}`;
      if (!last) return `${text.slice(0, close)}${entry}${text.slice(close)}`;
      return `${text.slice(0, last.valueEnd)}, ${entry}${text.slice(last.valueEnd)}`;
    }
    if (!last) {
      const outer = indentAt(text, close);
      const base = outer + unit;
      return `${text.slice(0, objectStart + 1)}${eol}${base}${name}: ${layout(nested, unit, eol, base)}${eol}${outer}${text.slice(close)}`;
    }
    const base = indentAt(text, last.keyStart);
    return `${text.slice(0, last.valueEnd)},${eol}${base}${name}: ${layout(nested, unit, eol, base)}${text.slice(last.valueEnd)}`;
  }
  throw new Error("empty path");
}
