// Configuration defined in data files: variable names of `.env*` files and top-level keys
// of `config/*.json|yaml`. Values are never read into the facts.

import type { LanguageId } from "../../lang/languages.ts";
import type { FileFacts } from "../model.ts";

const ENV_FILE = /(?:^|\/)\.env(?:\.[\w.-]+)?$/;
const CONFIG_FILE = /(?:^|\/)config\/[^/]+\.(?:json|jsonc|ya?ml)$/;
const ENV_LINE = /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.]*)[ \t]*=/;
const YAML_KEY = /^(?:([A-Za-z_$][\w.$-]*)|"([^"\n]+)"|'([^'\n]+)')[ \t]*:(?:[ \t]|$)/;

export function isEnvFile(path: string): boolean {
  return ENV_FILE.test(path);
}

export function isConfigDataFile(path: string, language: LanguageId | null): boolean {
  return (language === "json" || language === "yaml") && CONFIG_FILE.test(path);
}

/** Names defined in a `.env` file, one per `NAME=` line. */
export function envFileFacts(text: string): FileFacts | null {
  const defs: NonNullable<FileFacts["configDefs"]> = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = ENV_LINE.exec(lines[i]!);
    if (m) defs.push({ key: m[1]!, source: ".env", line: i + 1 });
  }
  return defs.length ? { frameworks: ["dotenv"], configDefs: defs } : null;
}

/** Top-level keys of a config data file. */
export function configFileFacts(text: string, language: LanguageId | null): FileFacts | null {
  const keys = language === "yaml" ? yamlKeys(text) : jsonKeys(text);
  return keys.length ? { frameworks: ["config-file"], configDefs: keys.map(([key, line]) => ({ key, source: "config file", line })) } : null;
}

function yamlKeys(text: string): [string, number][] {
  const out: [string, number][] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = YAML_KEY.exec(lines[i]!);
    if (m) out.push([m[1] ?? m[2] ?? m[3]!, i + 1]);
  }
  return out;
}

/** Keys at depth 1 of a JSON object (strings and comments skipped), with their lines. */
function jsonKeys(text: string): [string, number][] {
  const out: [string, number][] = [];
  let depth = 0;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n") line++;
    else if (ch === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      line++;
    } else if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (let j = i; j < stop; j++) if (text[j] === "\n") line++;
      i = stop - 1;
    } else if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const key = text.slice(i + 1, j);
      let k = j + 1;
      while (k < text.length && /\s/.test(text[k]!)) k++;
      if (depth === 1 && text[k] === ":") out.push([key, line]);
      i = j;
    } else if (ch === "{" || ch === "[") depth++;
    else if (ch === "}" || ch === "]") depth--;
  }
  return out;
}
