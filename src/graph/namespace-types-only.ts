// Whether a namespace declaration holds types alone — interfaces and type aliases, nothing
// else (the compiler's NonInstantiated module: `declare namespace Box { interface Opts {} }`).
// Such a namespace gives its symbol no value, so find-references from a class, enum or
// function merged with it never gives its qualifiers (`Box.Opts`), nor from it their uses
// (`new Box()`). Read from the declaration's text: anything but an interface or a type alias
// at its top level (a const, a function, a nested namespace, a statement) counts as a value,
// so a doubt keeps the declarations merged.

const STATEMENT_START = /^(?:export\s+)?(?:declare\s+)?(interface|type)\b/;
const NEXT_STATEMENT = /^(?:export|declare|interface|type)\b|^}/;

/** The text with comments blanked (strings kept: a `//` inside one is rare in a declaration of types). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, " ")).replace(/\/\/[^\n]*/g, (m) => " ".repeat(m.length));
}

/** `body`: the text between the namespace's braces. */
export function typesOnly(body: string): boolean {
  const text = withoutComments(body);
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  for (skipSpace(); i < text.length; skipSpace()) {
    const head = STATEMENT_START.exec(text.slice(i));
    if (!head) return false;
    i += head[0].length;
    let depth = 0;
    let opened = false;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (c === "(" || c === "[" || c === "{") {
        depth++;
        opened ||= c === "{";
      } else if (c === ")" || c === "]" || c === "}") {
        depth--;
        if (depth < 0) return false;
        // an interface ends with its body's brace
        if (depth === 0 && head[1] === "interface" && opened && c === "}") {
          i++;
          break;
        }
      } else if (depth === 0 && head[1] === "type" && c === ";") {
        i++;
        break;
      } else if (depth === 0 && head[1] === "type" && c === "\n" && NEXT_STATEMENT.test(text.slice(i + 1).trimStart())) {
        break;
      }
    }
    if (depth !== 0) return false;
  }
  return true;
}

/** Whether the namespace declared at `[start, end)` of `text` (its keyword to its closing brace) holds types alone; false when its braces are not found. */
export function namespaceTypesOnly(text: string, start: number, end: number): boolean {
  const declaration = text.slice(start, end);
  const open = declaration.indexOf("{");
  const close = declaration.lastIndexOf("}");
  if (open < 0 || close <= open) return false;
  return typesOnly(declaration.slice(open + 1, close));
}
