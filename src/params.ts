// Parameter specifications shared by the registry's operations. One table per parameter
// drives the MCP input schema, the CLI flags and the engine's request validation.

export type ParamType = "string" | "int" | "bool" | "string[]" | "enum" | "object" | "object[]";

export interface ParamSpec {
  /** Request field name (camelCase, as MCP sees it). */
  name: string;
  type: ParamType;
  description: string;
  values?: readonly string[];
  default?: string | number | boolean | null;
  required?: boolean;
  min?: number;
  /** With min 0 (0 = no limit): no value from 1 up to this one less (a token budget: 0 or at least MIN_BUDGET). */
  orAtLeast?: number;
  /** Largest integer accepted (default INT_CAP). */
  max?: number;
  /** Longest string accepted, in characters (default STRING_CAP; also each item of a string[]; object and object[]: the whole value as JSON, default CONTENT_CAP). */
  maxLength?: number;
  /** Most items a string[] or object[] takes (default LIST_CAP). */
  maxItems?: number;
  /** object[]: the JSON Schema of one item (the MCP input schema shows it; the operation checks the items' shape). */
  items?: Record<string, unknown>;
  /** The message for an empty required string (default "<name> must not be empty"). */
  emptyMessage?: string;
  /** Whole-file text (content to write, check or reduce): any character may appear. Every other string refuses NUL, which no name, path, ref or query holds and which SQLite and the file system read as the string's end (a query of "\0" matched every symbol). */
  rawText?: boolean;
  /**
   * What the string names, checked by validation with the parameter's own name (not by the operation, whose message could not name it):
   * `ref` a git revision (not blank, no leading '-', no control character: git would read an option, or mangle the bytes into "bad revision 'a??b'");
   * `sessionId` a session id (1–128 characters of A-Z a-z 0-9 . _ : -);
   * `extension` a file extension (.ts, md, .d.ts; a dotfile's name such as .env): a glob, a path or spaces matched nothing and were ignored;
   * `path` a file or folder of the workspace: no control character (apply created `src/a\x1b[2Jb.ts`, a name that rewrites a terminal listing it).
   * A string[] holds each item to it. An empty string is no value here, as everywhere (the default applies).
   */
  shape?: "ref" | "sessionId" | "extension" | "path";
  /**
   * The parameter means something only with another one: with `values`, while that one has one of
   * them; without, while it is set. Passed otherwise (and not its default), it is refused rather
   * than ignored: find's changedSince with kind=all would answer as if no ref had been given.
   */
  appliesWith?: AppliesRule | readonly AppliesRule[];
  /** CLI mapping: a positional argument, a flag with another name (`negate`: the CLI flag is `--no-<flag>`, for booleans that default to true; `fromStdin`: a boolean `--<flag>` that fills the parameter from standard input; `rest`: a string[] flag that also takes the command's extra arguments, as in `--files a.ts b.ts`), or not on the CLI at all. */
  cli?: { positional?: boolean; flag?: string; short?: string; negate?: boolean; fromStdin?: boolean; rest?: boolean } | false;
}

/** A condition under which a parameter means something; a parameter with several applies only when all hold (review's format: not in the plan alone, not in the handoff packet). */
export interface AppliesRule {
  param: string;
  values?: readonly string[];
  /** Without values: other parameters, any of which set makes it apply too (fuse's depth: focus or query). */
  or?: readonly string[];
  /** The reverse: it applies only while that one is not set (gate's session: without --since). */
  unset?: true;
}

/** A parameter's appliesWith rules as a list. */
export function appliesRules(spec: ParamSpec): readonly AppliesRule[] {
  const rules = spec.appliesWith;
  return !rules ? [] : Array.isArray(rules) ? rules : [rules as AppliesRule];
}

/**
 * Caps that bound the work any input can cause (documented in the MCP input schemas as
 * maxLength/maxItems/maximum and in the README's "Limits"). Over a cap the answer is
 * `validation_error: <param> is too long|has too many items|must be between …`.
 */
export const STRING_CAP = 4096;
/** File content handed in whole to apply: 8 MiB of characters. */
export const CONTENT_CAP = 8 * 1024 * 1024;
/** Source text to typecheck or reduce (check, checkOverlay, checkCapture, reduce): 2 MiB of characters. */
export const SOURCE_CAP = 2 * 1024 * 1024;
export const LIST_CAP = 1000;
export const INT_CAP = 1_000_000_000;
/** Paths one svc/check call judges (the host's `paths`): svc gate asks about more in batches. */
export const CHECK_PATHS_CAP = 10_000;

/**
 * The least token budget a call takes (maxTokens, ask's tokenBudget): every answer, an error
 * included, fits it on every surface (the host's JSON-RPC error carries its message twice in a
 * ~24-token envelope). A smaller one is refused up front as an invalid value, as -5 is: below
 * it not even the prefixed line saying what went wrong fits, so the promise "what a caller
 * limits, we never exceed" could not hold.
 */
export const MIN_BUDGET = 50;

/** A session id (focus/search sessions, check sessions): 1–128 characters of A-Z a-z 0-9 . _ : - */
export const SESSION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const PATH_PARAM: ParamSpec = {
  name: "path",
  type: "string",
  default: ".",
  description:
    "Directory to work on (absolute path recommended; relative paths resolve against the server's working directory).",
  cli: { positional: true },
};

/** EXCL: the four exclusion parameters of catalog B. */
export const EXCL_PARAMS: ParamSpec[] = [
  {
    name: "excludeDirectories",
    type: "string[]",
    default: null,
    description: "Directory names to skip (matched against every path segment).",
    cli: { flag: "exclude-dir" },
  },
  {
    name: "excludeFiles",
    type: "string[]",
    default: null,
    description: "File names to exclude.",
    cli: { flag: "exclude-file" },
  },
  {
    name: "excludePatterns",
    type: "string[]",
    default: null,
    maxItems: 100,
    maxLength: 1024,
    description: "Glob patterns to exclude, relative to path (e.g. **/*.stories.tsx); at most 100 patterns of 1024 characters, with '{a,b}' at most 2 '*' wildcards per path segment.",
    cli: { flag: "exclude-pattern" },
  },
  {
    name: "excludeTestProjects",
    type: "bool",
    default: false,
    description: "Skip every test file and test folder.",
    cli: { flag: "exclude-tests" },
  },
];

export function maxTokensParam(defaultValue: number | null, description?: string): ParamSpec {
  return {
    name: "maxTokens",
    type: "int",
    default: defaultValue,
    min: MIN_BUDGET,
    description:
      description ??
      (defaultValue === null
        ? `Hard token limit for the output (unset = unlimited; at least ${MIN_BUDGET}); most relevant files are kept first.`
        : `Token budget for the output (default ${defaultValue}; at least ${MIN_BUDGET}).`),
    cli: { flag: "max-tokens" },
  };
}

export const LEVEL_VALUES = ["none", "standard", "aggressive", "skeleton", "publicApi"] as const;

export function levelParam(defaultValue: (typeof LEVEL_VALUES)[number], description?: string): ParamSpec {
  return {
    name: "level",
    type: "enum",
    values: LEVEL_VALUES,
    default: defaultValue,
    description:
      description ??
      "Reduction level: none (whitespace only), standard (no comments/imports), aggressive (also compacted), skeleton (signatures only), publicApi (exported signatures only).",
  };
}

export const TRACK_PARAM: ParamSpec = {
  name: "trackTopTokenFiles",
  type: "bool",
  default: false,
  description: "Append a stats comment with the top 5 files by tokens.",
  cli: { flag: "track-top" },
};

export const FORMAT_PARAM: ParamSpec = {
  name: "format",
  type: "enum",
  values: ["xml", "markdown", "json"],
  default: "xml",
  description: "Output format: xml (default; <file path> elements), markdown, or json (the structured result).",
};

export const SESSION_PARAM: ParamSpec = {
  name: "session",
  type: "string",
  default: null,
  shape: "sessionId",
  description: "Session id (1–128 chars of A-Za-z0-9._:-): files already sent under it with the same content are omitted; changed ones come as a diff when smaller.",
};

export function depthParam(description: string): ParamSpec {
  return { name: "depth", type: "int", default: 1, min: 1, max: 10, description };
}

export const QUERY_TOP_PARAM: ParamSpec = {
  name: "queryTop",
  type: "int",
  default: 10,
  min: 1,
  description: "Number of top-ranked files that seed the expansion.",
};

export const INCLUDE_DEPENDENTS_PARAM: ParamSpec = {
  name: "includeDependents",
  type: "bool",
  default: true,
  description: "Include first-degree dependents of the changed files.",
  cli: { flag: "dependents", negate: true },
};

export const EXTENSION_PARAMS: ParamSpec[] = [
  // onlyExtensions replaces the template's extensions (spec/fusion.md): beside it, what to add to them or remove from them was ignored
  { name: "includeExtensions", type: "string[]", default: null, shape: "extension", appliesWith: { param: "onlyExtensions", unset: true }, description: "Extensions to add to the template defaults (e.g. .md).", cli: { flag: "include-ext" } },
  { name: "excludeExtensions", type: "string[]", default: null, shape: "extension", appliesWith: { param: "onlyExtensions", unset: true }, description: "Extensions to remove from the template defaults.", cli: { flag: "exclude-ext" } },
  { name: "onlyExtensions", type: "string[]", default: null, shape: "extension", description: "Use exactly these extensions instead of the template's.", cli: { flag: "only-ext" } },
  { name: "maxFileSizeKb", type: "int", default: 0, min: 0, description: "Skip files larger than this many KB (0 = no limit).", cli: { flag: "max-file-size-kb" } },
];
