// A value assigned to a credential name (`apiKey = "…"`, `password: …`, `<password>…</password>`, `<add key="Password"
// value="…"/>`): the api-token detector and its forms — a YAML block scalar, a `.properties` continuation, a fallback
// literal (`?? "…"`), an XML element or attribute pair, a dotenv-style line in any file. The decisions are in the
// header of text/redact.ts; the value and name judgments in text/secret-values.ts.

import { referencedLiterals } from "./redact-code.ts";
import { joinedLiterals } from "./vendor-tokens.ts";
import { BLOCK_HEADER, blockScalar } from "./redact-formats.ts";
import { CODE_VALUE, CREDENTIAL_NAME, WORDS, credentialValue, passwordName, scrambledLetters, secretName, type Push } from "./secret-values.ts";

/**
 * What a detector knows of where the text comes from: `code` when it is a programming-language file; `properties` when a
 * trailing backslash continues a value (a Java `.properties` file, or text of no known path); `looked`: the variables whose
 * literals were looked up.
 */
export interface Scan { code: boolean; properties: boolean; looked: Set<string> }

// ---------- generic assignments (api-token) ----------

// The regex finds the last word-part (`key` only as a compound: apiKey, secret_key, ...);
// `secretName` then checks that it starts a word-part and returns where the name starts.
// ASSIGN: optional closing quote of a JSON/dict key (a subscript's too, its `]` after it: `os.environ["DB_PASSWORD"] = …`,
// `$config['db_password'] = …`, h136), optional `: Type` (Rust `: &str`, `: &'static str`) or Go
// ` string` before `=`, the operator
// (`>` only ends an XML start tag: `<password>…</password>`).
// STR(q): a one-line q-quoted literal with backslash escapes (unrolled loop, linear).
const ASSIGN = String.raw`(\\?["'\x60]|)(?:(?<=["'\x60])\])?(?:[ \t]*:[ \t]*&?(?:'[a-z]+[ \t]+)?[A-Za-z_$][\w$.]*(?:\[\])?(?=[ \t]*=(?![=>]))|[ \t]+(?:string|\[\]byte)(?=[ \t]*=(?!=)))?[ \t]*(:=|=>|=(?!=)|:(?!:)|>)[ \t]*(?:(?:!![a-z]+|&[A-Za-z_][\w-]*)[ \t]+)?`; // a YAML tag or anchor: `password: !!str …`, `token: &deploy …`
const STR = (q: string) => `${q}([^${q}\\\\\\r\\n]*(?:\\\\.[^${q}\\\\\\r\\n]*)*)${q}`;
// A literal may carry a prefix (Python b"…" f"…", C# @"…" $"…"; not r"…", mostly a regex); a JSON text inside a string has escaped quotes (`\"password\":\"…\"`).
const VALUE = `(?:(?:[bBuUfF]|[@$]{1,2})?(?:${STR('"')}|${STR("'")}|${STR("\\x60")})|\\\\"([^"\\\\\\r\\n]*)\\\\"|([^\\s"'\\x60]+))`;
const API_TOKEN = new RegExp(`(${CREDENTIAL_NAME})${ASSIGN}${VALUE}`, "gi");
const AWS_SECRET = /^[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/;
/**
 * Generic `name = value` / `name: value` secrets. In a programming-language file an unquoted
 * value is code (`privateKey: RedactedUint8Array` is a type, `token = input` a variable), so
 * only quoted literals count there; elsewhere (.env, YAML, INI, unknown) env-style lines do.
 */
export function apiTokens(text: string, push: Push, scan: Scan): void {
  API_TOKEN.lastIndex = 0;
  for (let m = API_TOKEN.exec(text); m; m = API_TOKEN.exec(text)) assignment(text, m, push, scan);
}

/** One `name <op> value` match of API_TOKEN. */
function assignment(text: string, m: RegExpExecArray, push: Push, scan: Scan): void {
  const nameAt = secretName(text, m.index, (m[1] ?? "").toLowerCase());
  if (nameAt < 0) return;
  const quoted = m[4] ?? m[5] ?? m[6] ?? m[7];
  const value = quoted ?? m[8] ?? "";
  const end = m.index + m[0].length - (quoted === undefined ? 0 : m[7] === undefined ? 1 : 2);
  const named = passwordName(text, nameAt, m.index, m[1] ?? "");
  if (quoted !== undefined && m[7] === undefined && splitLiteral(text, m.index + m[0].length - 1, push, named)) return;
  const password = named && (quoted === undefined || !/^[ \t]*[+.]/.test(text.slice(m.index + m[0].length, m.index + m[0].length + 8))); // a literal joined or called on (`'Schema_' + n`) is a part
  if (/secret[_-]?$/i.test(text.slice(Math.max(0, nameAt - 7), nameAt)) && AWS_SECRET.test(value)) {
    push("aws-secret-key", end - value.length, end - value.length + 40); // aws_secret_access_key & co
    return;
  }
  if (m[3] === ">") return xmlElement(text, nameAt, m, push, password);
  if (quoted === undefined && !scan.code && BLOCK_HEADER.test(value)) return blockScalar(text, nameAt, end, push, password); // `password: |` and the value on the lines below
  if (quoted === undefined && /^[&*][A-Za-z_][\w-]*$/.test(value)) return; // a YAML anchor before a nested mapping (`credentials: &defaults`) or an alias (`token: *deploy`)
  const sealed = JASYPT.exec(value); // jasypt's ENC(ciphertext) / DEC(plaintext): the ciphertext too (its key is often at hand; nobody needs to read it)
  if (sealed) return push("api-token", end - value.length + 4, end - 1);
  if (quoted === undefined && scan.properties && CONTINUED.test(value)) return continuedValue(text, nameAt, end, m[3] ?? "", value, push, password);
  if (quoted === undefined && fallbackLiteral(text, end, value, push, password)) return;
  if (quoted === undefined && scan.code && m[3] !== ">") {
    const variable = /^[A-Za-z_$][\w$]*(?=[,;})\]]|$)/.exec(value)?.[0]; // `password: pw` … `const pw = "…"`
    if (variable && !/^(?:true|false|null|undefined|None|nil|this|self)$/.test(variable)) referencedLiterals(text, variable, push, scan.looked, password);
  }
  const listed = quoted === undefined ? pairValue(text, nameAt, m[3] ?? "", value) : undefined;
  const tail = quoted === undefined && listed === undefined ? pairsTail(value, scan) : undefined;
  const secret = listed ?? tail ?? value;
  const header = listed === undefined && quoted === undefined && m[2] === "" && headerString(text, nameAt, end, m[3] ?? "", value);
  if (!credentialValue(secret, password && !header)) return; // a whole string `"passwd:dir"` is a header line or a name, judged as one
  if (listed === undefined && quoted === undefined && !header) {
    const style = envStyle(text, nameAt, end, m[3] ?? "", secret, password);
    if (style === false || (scan.code && style !== "comment")) return;
    if (style === "comment" && !/[^A-Za-z|_.:/-]/.test(value) && !scrambledLetters(value) && !(password && /^[A-Za-z]+$/.test(value) && !(/^pass$/i.test(m[1] ?? "") && !/[\w.-]/.test(text[nameAt - 1] ?? "")))) return; // `# auth.mode=true|false`: a comment's words are documentation; a password's name's one word (`// password: letmein`) a value commented out, not a bare `pass` (`# pass: through`: a step's)
  }
  push("api-token", end - value.length, end - value.length + secret.length);
}

/** What may follow the last literal of a joined value that is the whole expression: its end (not `+ name`, `.trim()`). */
const EXPRESSION_END = /^[ \t]*(?:[;,)\]}]|\r?\n|$)/;
/**
 * A value split over literals joined to the one closed at `close` (`password = "Sp6u0cP" +` then `"2okVseakP";`): judged as
 * the value the pieces make when they are the whole expression, each piece its own span (lines keep their numbers). False
 * when no literal is joined to it (the caller judges the literal alone).
 */
function splitLiteral(text: string, close: number, push: Push, password: boolean): boolean {
  const pieces = joinedLiterals(text, close);
  if (pieces.length < 2) return false;
  const last = pieces.at(-1)![1];
  if (!EXPRESSION_END.test(text.slice(last + 1, last + 8))) return false;
  if (credentialValue(pieces.map(([s, e]) => text.slice(s, e)).join(""), password)) for (const [s, e] of pieces) push("api-token", s, e);
  return true;
}

/** A value ending in an odd run of backslashes: a Java `.properties` value continued on the next line. */
export const CONTINUED = /(?:^|[^\\])(?:\\\\)*\\$/;
/** The line after a continued one: its leading blanks are dropped, the value goes on (and may be continued again). */
export const CONTINUATION = /\r?\n[-+ ]?[ \t\f]*([^\s"'\x60]*)[ \t]*(?=\r?\n|$)/y; // a diff line's `+`/`-`/` ` first
/** `db.password=Wq9Lm3\` then `    Xz7Pk2`: the value its lines make, judged as one; the span covers every line of it. */
function continuedValue(text: string, nameAt: number, end: number, op: string, value: string, push: Push, password: boolean): void {
  let joined = value.slice(0, -1), last = end, start = value === "\\" ? -1 : end - value.length;
  for (let lines = 0; lines < 16; lines++) {
    CONTINUATION.lastIndex = last;
    const c = CONTINUATION.exec(text);
    if (!c) break;
    last = c.index + c[0].trimEnd().length;
    if (start < 0 && c[1]) start = last - c[1].length;
    if (!CONTINUED.test(c[1]!)) { joined += c[1]; break; }
    joined += c[1]!.slice(0, -1);
  }
  if (start < 0 || !credentialValue(joined, password) || envStyle(text, nameAt, end, op, joined, password) === false) return;
  push("api-token", start, last);
}

const JASYPT = /^(?:ENC|DEC)\([^()\s]{4,}\)$/;

// The literal of an expression assigned to a credential name: a fallback (`process.env.DB_PASSWORD ?? "…"`,
// `|| "…"`, shell `${DB_PASSWORD:-…}`) or a secret wrapper's argument (`String::from("…")`, `SecretStr("…")`).
const FALLBACK = /^[ \t]*(?:\?\?|\|\|)[ \t]*(["'`])([^"'`\\\r\n]*)\1/;
const WRAPPER = /^(?:String::from|Secret(?:String|Str|Box)?(?:::(?:new|from))?|Password|Some)\($/;
const SHELL_DEFAULT = /^\$\{\w+:?[-=]([^}\s]+)\}/;
function fallbackLiteral(text: string, end: number, value: string, push: Push, password: boolean): boolean {
  let at = -1, literal = "";
  const fallback = FALLBACK.exec(text.slice(end, end + 200));
  const shell = SHELL_DEFAULT.exec(value);
  if (fallback) ({ at, literal } = { at: end + fallback[0].length - 1 - fallback[2]!.length, literal: fallback[2]! });
  else if (WRAPPER.test(value) && /^["'`]/.test(text[end] ?? "")) {
    const close = text.indexOf(text[end]!, end + 1), line = text.indexOf("\n", end);
    if (close > end && (line < 0 || close < line)) ({ at, literal } = { at: end + 1, literal: text.slice(end + 1, close) });
  } else if (shell) ({ at, literal } = { at: end - value.length + shell[0].indexOf(shell[1]!, 4), literal: shell[1]! });
  if (at < 0) return false;
  if (credentialValue(literal, password)) push("api-token", at, at + literal.length);
  return true;
}

/** `<password>value</password>` (Maven settings.xml, Spring, .NET config): the element's one-line text, in any file. */
function xmlElement(text: string, nameAt: number, m: RegExpExecArray, push: Push, password: boolean): void {
  const raw = m[8];
  if (raw === undefined || m[2]) return;
  let start = nameAt;
  while (start > 0 && /[\w.:-]/.test(text[start - 1]!)) start--;
  if (text[start - 1] !== "<") return; // a comparison or a generic (`Promise<Token>`) has no closing tag
  const valueAt = m.index + m[0].length - raw.length, close = raw.indexOf("<");
  if (close < 0 || !text.startsWith(`</${text.slice(start, m.index + m[1]!.length)}>`, valueAt + close)) return;
  if (credentialValue(raw.slice(0, close), password)) push("api-token", valueAt, valueAt + close);
}

/** `<secret name="db">value</secret>`, `<password encrypted="false">…</password>`: an element named for a credential, with attributes (without: xmlElement). */
const ATTRIBUTED_ELEMENT = new RegExp(String.raw`<((?:[\w-]+:)?[\w.-]*?(${CREDENTIAL_NAME}))[ \t][^<>\r\n]{0,200}>([^<>\r\n]+)</\1>`, "gi");
/** `<password>`, the value on a line of its own, `</password>` (a formatted Maven settings.xml): attributes or not. */
const LINE_ELEMENT = new RegExp(String.raw`<((?:[\w-]+:)?[\w.-]*?(${CREDENTIAL_NAME}))(?:[ \t][^<>\r\n]{0,200})?>[ \t]*\r?\n[ \t]*([^<>\s]+)[ \t]*\r?\n[ \t]*</\1>`, "gi");
export function attributedElements(text: string, push: Push): void {
  for (const re of [ATTRIBUTED_ELEMENT, LINE_ELEMENT]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const nameAt = m.index + 1, word = m[2]!, wordAt = nameAt + m[1]!.length - word.length;
      const from = secretName(text, wordAt, word.toLowerCase());
      if (from < nameAt || m[0].endsWith("/>", m[0].indexOf(">") + 1)) continue;
      const value = m[3]!.trim(), at = m.index + m[0].lastIndexOf(m[3]!) + m[3]!.indexOf(value);
      if (credentialValue(value, passwordName(text, from, wordAt, word))) push("api-token", at, at + value.length);
    }
  }
}

// `<add key="Password" value="…"/>` (.NET appSettings), `<property name="password" value="…"/>`
// (Spring, Ant), `<param name="token" value="…"/>`: the name is an attribute's value, so the
// assignment regex never sees it. NAME_ATTR finds `key=`/`name=` holding a credential name;
// the value is the `value` attribute of the same tag (either order), judged like any other.
const NAME_ATTR = new RegExp(String.raw`\b(?:key|name|type)[ \t]*=[ \t]*(["'])[\w.:-]*?(${CREDENTIAL_NAME})\1`, "gi"); // HTML's `<input type="password" value="…">` too
const VALUE_ATTR = /(?:^|[\s"'])value[ \t]*=[ \t]*(?:"([^"<>\r\n]*)"|'([^'<>\r\n]*)')/i;
/** How far a tag's start or end is looked for around its name attribute. */
const TAG_REACH = 512;

export function attributePairs(text: string, push: Push): void {
  NAME_ATTR.lastIndex = 0;
  for (let m = NAME_ATTR.exec(text); m; m = NAME_ATTR.exec(text)) {
    const word = m[2] ?? "", wordAt = m.index + m[0].length - 1 - word.length, from = secretName(text, wordAt, word.toLowerCase());
    if (from < m.index + m[0].indexOf(m[1]!) + 1) continue; // `monkey`, a bare `cacheKey`
    const open = text.lastIndexOf("<", m.index), close = text.indexOf(">", m.index + m[0].length);
    if (open < 0 || m.index - open > TAG_REACH || close < 0 || close - m.index > TAG_REACH) continue;
    if (text.lastIndexOf(">", m.index) > open || !/^<[A-Za-z][\w.:-]*\s/.test(text.slice(open, open + 64))) continue; // not inside a start tag
    const tag = text.slice(open, close), v = VALUE_ATTR.exec(tag);
    const value = v?.[1] ?? v?.[2];
    if (v === null || value === undefined || !credentialValue(value, passwordName(text, from, wordAt, word))) continue;
    const valueAt = open + v.index + v[0].length - 1 - value.length;
    push("api-token", valueAt, valueAt + value.length);
  }
}

/**
 * An unquoted value in a list of pairs, in any file: a URL query (`?user=bob&password=…`), a
 * `k=v;` (even one pair, quoted) or libpq (`host=db password=…`) connection string, a `--password=…` flag. The value
 * ends at whitespace, `;`, or in a URL at `&` or `#`. undefined when the name is not in such a list.
 */
function pairValue(text: string, nameAt: number, op: string, value: string): string | undefined {
  if (op !== "=") return undefined;
  let start = nameAt;
  while (start > 0 && /[\w-]/.test(text[start - 1]!)) start--; // a member (`e.password=`) is code, not a pair
  const before = text[start - 1] ?? "";
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const listed = before === "?" || before === "&" || before === ";" || text.startsWith("--", start) ||
    // a command line's env assignment (`docker run -e DB_PASSWORD=…`, `PGPASSWORD=… psql`) or a flag's argument (`--set db.password=…`, `--from-literal=password=…`)
    (envAssignment(text, start, nameAt) && (start === lineStart || /[\s"'`]/.test(before)) && !WORDS.test(value)) ||
    /(?:^|\s)--?[A-Za-z][\w-]*[= ][^\s=]*$/.test(text.slice(Math.max(lineStart, start - 120), start)) ||
    ((before === '"' || before === "'") && value.includes(";")) || // a quoted `k=v;` string of one pair: `connectionString="Password=…;"`
    ((before === " " || before === "\t") && /(?:^|[\s"'`])[A-Za-z_][\w.]*=[^\s=;&]+[ \t]+$/.test(text.slice(Math.max(0, start - 120), start)));
  return listed ? value.split(before === "?" || before === "&" ? /[&#]/ : /;/)[0] : undefined;
}

/** Outside code, a value that ends a `k=v;` pair, alone or with more pairs after it (`Pwd=…;`, `Password=…;Encrypt=True`): the part before `;`. */
const PAIRS_TAIL = /^([^;]+);(?:[A-Za-z][\w.]*=[^;]*(?:;|$))*$/;
const pairsTail = (value: string, scan: Scan) => (scan.code ? undefined : PAIRS_TAIL.exec(value)?.[1]);

/** `NAME=value` with an upper-case name and no blanks around `=` (`DB_PASSWORD=…`): an environment assignment. */
function envAssignment(text: string, start: number, nameAt: number): boolean {
  const rest = /^\w+=(?=[^\s=])/.exec(text.slice(nameAt, nameAt + 40));
  return rest !== null && /^[A-Z][A-Z0-9_]*$/.test(text.slice(start, nameAt + rest[0].length - 1));
}

/**
 * Unquoted values only in env/ini/yaml style: `KEY=value` alone on its line (maybe a YAML list
 * item, a diff line, a Dockerfile `ENV`/`ARG`, or commented out: `# password: …`, `// token = …`),
 * value not code. "comment" when the line is a comment (then it counts in a code file too).
 */
function envStyle(text: string, nameAt: number, end: number, op: string, value: string, password: boolean): "line" | "comment" | false {
  if (op !== "=" && op !== ":") return false;
  let start = nameAt;
  while (start > 0 && /[\w$.-]/.test(text[start - 1]!)) start--;
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  // `- ` YAML list item, `+`/`-` diff line; the pairs before it on the line (`username: admin, password: …`); a Ruby symbol as a
  // YAML key (`:rubygems_api_key: …` in ~/.gem/credentials, Rails' secrets: h136)
  const lead = /^[ \t]*(?:[-+][ \t]*)?(\/\/+|#+|\/?\*+|--|;+)?[ \t]*(?:[-+][ \t]*)?(?:(?:export|set|env|arg)[ \t]+)?(?:[A-Za-z][\w.-]{0,40}[ \t]*[:=][ \t]*[^\s,;:=()[\]{}<>"'`]+[ \t]*,[ \t]*){0,4}:?$/i.exec(text.slice(lineStart, start));
  if (lead === null) return false;
  if (!/^[ \t]*(?:#.*|\*\/[ \t]*)?(?:\r?\n|$)/.test(text.slice(end, end + 200))) return false;
  if (/[()[\]{}<>,;]/.test(value)) return false;
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(value) && (value.includes(".") || (!/\d/.test(value) && !password)) && !scrambledLetters(value)) return false; // a password's name takes a word (`pass: letmein`)
  return lead[1] === undefined ? "line" : "comment";
}

/** A whole quoted string `"X-Api-Key: value"` / `'password=value'` (an HTTP header line, a curl `-H` argument), value not interpolated. */
function headerString(text: string, nameAt: number, end: number, op: string, value: string): boolean {
  if ((op !== ":" && op !== "=") || CODE_VALUE.test(value)) return false;
  let start = nameAt;
  while (start > 0 && /[\w-]/.test(text[start - 1]!)) start--;
  const q = text[start - 1];
  return (q === '"' || q === "'" || q === "`") && text[end] === q;
}

