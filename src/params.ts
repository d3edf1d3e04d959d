// Parameter specifications shared by the registry's operations. One table per parameter
// drives the MCP input schema, the CLI flags and the engine's request validation.

export type ParamType = "string" | "int" | "bool" | "string[]" | "enum";

export interface ParamSpec {
  /** Request field name (camelCase, as MCP sees it). */
  name: string;
  type: ParamType;
  description: string;
  values?: readonly string[];
  default?: string | number | boolean | null;
  required?: boolean;
  min?: number;
  max?: number;
  /** CLI mapping: a positional argument, a flag with another name, or not on the CLI at all. */
  cli?: { positional?: boolean; flag?: string; short?: string } | false;
}

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
    description: "Glob patterns to exclude, relative to path (e.g. **/*.stories.tsx).",
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
    min: 1,
    description:
      description ??
      (defaultValue === null
        ? "Hard token limit for the output (unset = unlimited); most relevant files are kept first."
        : `Token budget for the output (default ${defaultValue}).`),
    cli: { flag: "max-tokens" },
  };
}
