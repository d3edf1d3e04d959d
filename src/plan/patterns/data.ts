// Pattern summary: validation libraries (zod, class-validator, Joi, yup, valibot, TypeBox;
// pydantic, FluentValidation, Bean Validation) and data access (ORMs, query builders,
// repository classes).

import { collect, count, examples, imports, joinSegments, plural, type Corpus, type Lang, type Segment, type Src } from "./source.ts";

interface Counter {
  label: string;
  lang: Lang;
  /** Whether a file belongs to the library (usually: imports it). */
  gate(f: Src): boolean;
  re: RegExp;
  /** Renders the summary from the match count, the gated files with a match and the names captured by group 1. */
  text(n: number, files: number, names: ReadonlySet<string>): string;
}

const inFiles = (one: string, many?: string) => (n: number, files: number) => `${plural(n, one, many)} in ${plural(files, "file")}`;
const schemas = inFiles("object schema");

const VALIDATORS: readonly Counter[] = [
  { label: "zod", lang: "js", gate: (f) => f.code.includes("z.object"), re: /(?<![\w$])z\.object\s*\(/g, text: schemas },
  {
    label: "class-validator", lang: "js", gate: (f) => imports(f, "class-validator"),
    re: /@(?:Is[A-Z]\w*|Min|Max|(?:Min|Max)?Length|Matches|Contains|Validate(?:Nested|If)?|(?:Not)?Equals|Array(?:MinSize|MaxSize|NotEmpty))\s*\(/g,
    text: inFiles("decorator"),
  },
  { label: "Joi", lang: "js", gate: (f) => imports(f, "joi", "@hapi/joi"), re: /\b[Jj]oi\.object\s*\(/g, text: schemas },
  { label: "yup", lang: "js", gate: (f) => imports(f, "yup"), re: /(?<![\w$])(?:yup\.)?object\s*\(/g, text: schemas },
  { label: "valibot", lang: "js", gate: (f) => imports(f, "valibot"), re: /(?<![\w$])(?:v\.)?object\s*\(/g, text: schemas },
  { label: "TypeBox", lang: "js", gate: (f) => imports(f, "@sinclair/typebox"), re: /\bType\.Object\s*\(/g, text: schemas },
  { label: "pydantic", lang: "py", gate: (f) => imports(f, "pydantic"), re: /^[ \t]*class\s+\w+\s*\([^)\n]*\bBaseModel\b/gm, text: inFiles("model") },
  { label: "FluentValidation", lang: "cs", gate: (f) => imports(f, "FluentValidation"), re: /\bAbstractValidator\s*</g, text: inFiles("validator") },
  {
    label: "Bean Validation", lang: "jvm", gate: (f) => imports(f, "jakarta.validation", "javax.validation"),
    re: /@(?:NotNull|NotBlank|NotEmpty|Size|Email|Min|Max|Pattern|Valid)\b/g, text: inFiles("annotation"),
  },
];

const TYPEORM = ["typeorm", "@nestjs/typeorm"];
const MIKRO = ["@mikro-orm/"];
const ENTITY = /@Entity\s*\(/g;
const ORMS: readonly Counter[] = [
  { label: "TypeORM", lang: "js", gate: (f) => imports(f, ...TYPEORM), re: ENTITY, text: (n) => plural(n, "entity", "entities") },
  { label: "MikroORM", lang: "js", gate: (f) => imports(f, ...MIKRO), re: ENTITY, text: (n) => plural(n, "entity", "entities") },
  {
    label: "Drizzle", lang: "js", gate: (f) => f.code.includes("Table"),
    re: /\b(?:pg|sqlite|mysql|singlestore)Table\s*\(\s*['"`]([^'"`\n]+)['"`]/g, text: (n, _, names) => `${plural(n, "table")} (${examples(names)})`,
  },
  {
    label: "Sequelize", lang: "js", gate: (f) => imports(f, "sequelize", "sequelize-typescript"),
    re: /\bextends\s+Model\b|\.define\s*\(\s*['"`]/g, text: (n) => plural(n, "model"),
  },
  {
    label: "Mongoose", lang: "js", gate: (f) => imports(f, "mongoose", "@nestjs/mongoose"),
    re: /\bnew\s+(?:mongoose\.)?Schema\s*[<(]|@Schema\s*\(/g, text: (n) => plural(n, "schema"),
  },
  { label: "Kysely", lang: "js", gate: (f) => imports(f, "kysely"), re: /\.(?:selectFrom|insertInto|updateTable|deleteFrom)\s*\(/g, text: inFiles("query", "queries") },
  { label: "EF Core", lang: "cs", gate: (f) => f.code.includes("DbSet"), re: /\bDbSet\s*</g, text: inFiles("DbSet") },
  { label: "JPA", lang: "jvm", gate: (f) => imports(f, "jakarta.persistence", "javax.persistence"), re: /@Entity\b/g, text: (n) => plural(n, "entity", "entities") },
  { label: "SQLAlchemy", lang: "py", gate: (f) => imports(f, "sqlalchemy"), re: /\b__tablename__\s*=/g, text: (n) => plural(n, "model") },
  { label: "Django ORM", lang: "py", gate: (f) => f.code.includes("models.Model"), re: /\bclass\s+\w+\s*\(\s*models\.Model\s*\)/g, text: (n) => plural(n, "model") },
];

function run(counters: readonly Counter[], files: readonly Src[]): Segment[] {
  const segments: Segment[] = [];
  for (const c of counters) {
    let n = 0, hit = 0;
    const names = new Set<string>();
    for (const f of files) {
      if (f.lang !== c.lang || !c.gate(f)) continue;
      let k = 0;
      for (const m of f.code.matchAll(c.re)) {
        k++;
        if (m[1]) names.add(m[1]);
      }
      n += k;
      if (k > 0) hit++;
    }
    if (n > 0) segments.push({ text: `${c.label} — ${c.text(n, hit, names)}`, weight: n });
  }
  return segments;
}

export function detectValidation(corpus: Corpus): string | null {
  const segments = run(VALIDATORS, corpus.code);
  return segments.length ? joinSegments(segments) : null;
}

const PRISMA_MODEL = /^model\s+(\w+)\s*\{/gm;
const PRISMA_QUERY =
  /(?<![\w$])(?:prisma|db)\.([a-z][\w$]*)\.(?:find\w*|create\w*|update\w*|delete\w*|upsert|count|aggregate|groupBy)\s*\(/g;
const INJECT_REPOSITORY = /@InjectRepository\s*\(/g;
const REPOSITORY_CLASS = /\bclass\s+([A-Za-z_$][\w$]*Repository)\b/g;
const SPRING_DATA_REPOSITORY = /\binterface\s+(\w+Repository)\s*(?:<[^>\n]*>\s*)?(?:extends|:)\s*\w*Repository\b/g;

export function detectDataAccess(corpus: Corpus): string | null {
  const segments = run(ORMS, corpus.code);
  const typeorm = segments.find((s) => s.text.startsWith("TypeORM — "));
  let injected = 0;
  const models = new Set<string>();
  const queried = new Set<string>();
  let prismaClient = false, queries = 0;
  const repositories = new Set<string>();
  for (const f of corpus.all) {
    if (f.name.endsWith(".prisma")) collect(PRISMA_MODEL, f.text, models);
  }
  for (const f of corpus.code) {
    const c = f.code;
    if (f.lang === "js") {
      if (c.includes("@InjectRepository")) injected += count(INJECT_REPOSITORY, c);
      if (c.includes("PrismaClient") || imports(f, "@prisma/client")) prismaClient = true;
    }
    if (c.includes("Repository")) {
      collect(REPOSITORY_CLASS, c, repositories);
      if (f.lang === "jvm") collect(SPRING_DATA_REPOSITORY, c, repositories);
    }
  }
  if (prismaClient || models.size > 0) {
    for (const f of corpus.code) {
      if (f.lang !== "js" || !(f.code.includes("prisma.") || f.code.includes("db."))) continue;
      for (const m of f.code.matchAll(PRISMA_QUERY)) {
        queries++;
        queried.add(m[1] ?? "");
      }
    }
    const n = models.size > 0 ? models.size : queried.size;
    segments.push({ text: `Prisma — ${plural(n, "model")}, ${plural(queries, "client query", "client queries")}`, weight: n + queries });
  }
  if (typeorm && injected > 0) typeorm.text += `, ${plural(injected, "injected repository", "injected repositories")}`;
  if (repositories.size > 0) {
    segments.push({ text: `${plural(repositories.size, "repository", "repositories")} (${examples(repositories)})`, weight: repositories.size });
  }
  return segments.length ? joinSegments(segments) : null;
}
