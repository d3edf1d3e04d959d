// A generated TypeScript application corpus for benchmarks: feature modules with entities,
// DTOs, repositories, services, controllers, helpers and tests that import each other,
// with file sizes like application code (1–6 KB). Deterministic for a given size.

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const NOUNS = [
  "order", "invoice", "customer", "product", "payment", "shipment", "cart", "account", "session", "report",
  "inventory", "warehouse", "supplier", "discount", "coupon", "review", "rating", "address", "notification", "audit",
  "subscription", "plan", "refund", "ticket", "message", "channel", "team", "member", "role", "permission",
];
const VERBS = ["create", "update", "remove", "find", "list", "archive", "restore", "validate", "sync", "export"];

function pascal(s: string): string {
  return s.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}

let seed = 42;
function rand(n: number): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
}

function entity(name: string, i: number): string {
  const P = pascal(name);
  const fields = Array.from({ length: 6 + rand(10) }, (_, k) => `  /** The ${name} field ${k}. */\n  field${k}: ${["string", "number", "boolean", "Date"][rand(4)]};`);
  return `export interface ${P}Props${i} {\n  id: string;\n${fields.join("\n")}\n}\n\n/** A ${name} as stored. */\nexport class ${P}${i} {\n  constructor(readonly props: ${P}Props${i}) {}\n\n  get id(): string {\n    return this.props.id;\n  }\n\n  equals(other: ${P}${i}): boolean {\n    return other.id === this.id;\n  }\n}\n`;
}

function service(name: string, i: number, deps: string[]): string {
  const P = pascal(name);
  const imports = deps.map((d) => `import { ${pascal(d.split("/").pop()!.replace(/\.service$/, ""))}Service${i % 7} } from "${d}";`);
  const methods = VERBS.slice(0, 3 + rand(7)).map(
    (v) => `  /** ${v} a ${name}. */\n  async ${v}${P}(input: ${P}Props${i}): Promise<${P}${i}> {\n    const found = await this.repo.find(input.id);\n    if (!found) {\n      throw new Error(\`${name} \${input.id} not found\`);\n    }\n    this.log.push("${v}:" + input.id);\n    return new ${P}${i}({ ...found.props, ...input });\n  }`,
  );
  return `import { ${P}${i}, type ${P}Props${i} } from "./${name}.entity";\nimport { ${P}Repository${i} } from "./${name}.repository";\n${imports.join("\n")}\n\nexport class ${P}Service${i} {\n  private readonly log: string[] = [];\n  constructor(private readonly repo: ${P}Repository${i}) {}\n\n${methods.join("\n\n")}\n}\n`;
}

function repository(name: string, i: number): string {
  const P = pascal(name);
  return `import { ${P}${i} } from "./${name}.entity";\n\nexport class ${P}Repository${i} {\n  private readonly rows = new Map<string, ${P}${i}>();\n\n  async find(id: string): Promise<${P}${i} | undefined> {\n    return this.rows.get(id);\n  }\n\n  async save(row: ${P}${i}): Promise<void> {\n    this.rows.set(row.id, row);\n  }\n\n  async all(): Promise<${P}${i}[]> {\n    return [...this.rows.values()];\n  }\n}\n`;
}

function controller(name: string, i: number): string {
  const P = pascal(name);
  const routes = VERBS.slice(0, 3 + rand(5)).map(
    (v) => `  async ${v}(request: { params: Record<string, string>; body: unknown }) {\n    const input = request.body as ${P}Props${i};\n    return this.service.${v}${P}({ ...input, id: request.params.id ?? "" });\n  }`,
  );
  return `import type { ${P}Props${i} } from "./${name}.entity";\nimport { ${P}Service${i} } from "./${name}.service";\n\n/** HTTP endpoints for ${name}s. */\nexport class ${P}Controller${i} {\n  constructor(private readonly service: ${P}Service${i}) {}\n\n${routes.join("\n\n")}\n}\n`;
}

function spec(name: string, i: number): string {
  const P = pascal(name);
  return `import { describe, expect, test } from "bun:test";\nimport { ${P}Repository${i} } from "./${name}.repository";\nimport { ${P}Service${i} } from "./${name}.service";\n\ndescribe("${P}Service${i}", () => {\n  test("rejects unknown ids", async () => {\n    const service = new ${P}Service${i}(new ${P}Repository${i}());\n    await expect(service.create${P}({ id: "x" } as never)).rejects.toThrow();\n  });\n});\n`;
}

/** Write `files` files (a multiple of 6 is used) under `root`; returns the count written. */
export function generateCorpus(root: string, files: number): number {
  seed = 42;
  const modules = Math.ceil(files / 6);
  let written = 0;
  const put = (path: string, text: string) => {
    const abs = join(root, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
    written++;
  };
  for (let i = 0; i < modules; i++) {
    const name = NOUNS[i % NOUNS.length]!;
    const dir = `src/modules/${name}-${i}`;
    const deps = [1, 2].map((d) => {
      const j = (i + d * 7) % modules;
      return `../${NOUNS[j % NOUNS.length]}-${j}/${NOUNS[j % NOUNS.length]}.service`;
    });
    put(`${dir}/${name}.entity.ts`, entity(name, i));
    put(`${dir}/${name}.repository.ts`, repository(name, i));
    put(`${dir}/${name}.service.ts`, service(name, i, deps));
    put(`${dir}/${name}.controller.ts`, controller(name, i));
    put(`${dir}/${name}.service.spec.ts`, spec(name, i));
    put(`${dir}/index.ts`, `export * from "./${name}.entity";\nexport * from "./${name}.service";\nexport * from "./${name}.controller";\n`);
  }
  put("package.json", JSON.stringify({ name: "generated-app", version: "1.0.0", type: "module" }, null, 2));
  put("tsconfig.json", JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "bundler" } }, null, 2));
  return written;
}
