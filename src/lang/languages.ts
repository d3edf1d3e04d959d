// Language identities: which language a file is, by extension or file name, and which
// ast-grep grammar parses it. Pure data and lookups; no parsing here.

export type LanguageId =
  | "typescript"
  | "tsx"
  | "javascript"
  | "python"
  | "go"
  | "rust"
  | "java"
  | "kotlin"
  | "scala"
  | "csharp"
  | "ruby"
  | "php"
  | "swift"
  | "c"
  | "cpp"
  | "json"
  | "yaml"
  | "toml"
  | "markdown"
  | "css"
  | "html"
  | "xml"
  | "shell"
  | "terraform"
  | "dockerfile"
  | "text";

/** Languages parsed with an ast-grep grammar (built-in or dynamic). */
export type CodeLanguage = Exclude<
  LanguageId,
  "json" | "yaml" | "toml" | "markdown" | "css" | "html" | "xml" | "shell" | "terraform" | "dockerfile" | "text"
>;

const BY_EXTENSION: Record<string, LanguageId> = {
  ".ts": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
  ".tsx": "tsx",
  ".js": "javascript",
  ".jsx": "javascript",
  ".mjs": "javascript",
  ".cjs": "javascript",
  ".py": "python",
  ".pyi": "python",
  ".go": "go",
  ".rs": "rust",
  ".java": "java",
  ".kt": "kotlin",
  ".kts": "kotlin",
  ".scala": "scala",
  ".sc": "scala",
  ".cs": "csharp",
  ".rb": "ruby",
  ".php": "php",
  ".swift": "swift",
  ".c": "c",
  ".h": "c",
  ".cc": "cpp",
  ".cpp": "cpp",
  ".cxx": "cpp",
  ".hpp": "cpp",
  ".hh": "cpp",
  ".hxx": "cpp",
  ".json": "json",
  ".jsonc": "json",
  ".yml": "yaml",
  ".yaml": "yaml",
  ".toml": "toml",
  ".md": "markdown",
  ".mdx": "markdown",
  ".rst": "text",
  ".txt": "text",
  ".css": "css",
  ".scss": "css",
  ".less": "css",
  ".html": "html",
  ".htm": "html",
  ".xml": "xml",
  ".csproj": "xml",
  ".props": "xml",
  ".targets": "xml",
  ".gradle": "kotlin",
  ".sh": "shell",
  ".bash": "shell",
  ".tf": "terraform",
  ".hcl": "terraform",
};

const BY_NAME: Record<string, LanguageId> = {
  Dockerfile: "dockerfile",
  Containerfile: "dockerfile",
  Gemfile: "ruby",
  Rakefile: "ruby",
};

/** The extension of a path as the templates use it (lower-case, with the dot; "" if none). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot).toLowerCase();
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** The name people call a module by: the file's name without its extension, or its folder's for an index (or Rust `mod`) file ("" at the root). */
export function moduleName(path: string): string {
  const parts = path.split("/");
  const stem = (parts.at(-1) ?? "").replace(/\.[^.]+$/, "");
  return stem === "index" || stem === "mod" ? (parts.at(-2) ?? "") : stem;
}

/** The language of a workspace-relative path, or null when svc does not know it. */
export function languageOf(path: string): LanguageId | null {
  const name = baseName(path);
  const byName = BY_NAME[name];
  if (byName) return byName;
  if (name.startsWith("Dockerfile.")) return "dockerfile";
  return BY_EXTENSION[extensionOf(path)] ?? null;
}

const CODE: ReadonlySet<string> = new Set<CodeLanguage>([
  "typescript",
  "tsx",
  "javascript",
  "python",
  "go",
  "rust",
  "java",
  "kotlin",
  "scala",
  "csharp",
  "ruby",
  "php",
  "swift",
  "c",
  "cpp",
]);

export function isCodeLanguage(lang: LanguageId | null): lang is CodeLanguage {
  return lang !== null && CODE.has(lang);
}

/** TypeScript and JavaScript: the languages the semantic tier (the checker, its refactors, package.json's surfaces and runners) reads. */
export function isCheckerLanguage(lang: LanguageId | string | null): boolean {
  return lang === "typescript" || lang === "tsx" || lang === "javascript";
}

/** The ast-grep language name for a code language (built-ins and dynamic registrations). */
export function grammarOf(lang: CodeLanguage): string {
  switch (lang) {
    case "typescript":
      return "TypeScript";
    case "tsx":
      return "Tsx";
    case "javascript":
      return "JavaScript";
    default:
      return lang;
  }
}
