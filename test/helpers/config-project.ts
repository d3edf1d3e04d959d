// A small TypeScript project whose `src/options.ts` (given by each test) declares `Options` and a
// `Configuration` with a typed `get`: the package and compiler settings, and a service reading
// `this.config.get('dbName')` — shared by the config-read tests.

export function configProject(options: string, files: Record<string, string> = {}): Record<string, string> {
  return {
    "package.json": JSON.stringify({ name: "options", type: "module" }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
    "src/options.ts": options,
    "src/connection.ts": [
      'import type { Configuration } from "./options";',
      "export class Connection {",
      "  constructor(private readonly config: Configuration) {}",
      "  database(): string | undefined {",
      "    return this.config.get('dbName');",
      "  }",
      "}",
      "",
    ].join("\n"),
    ...files,
  };
}
