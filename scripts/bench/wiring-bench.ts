// Wiring benchmark: detection time per file (the detectors alone, parsing timed apart) and
// the link pass over the store, on a corpus as generated and on a copy whose controllers,
// services and modules carry NestJS decorators (so the detectors and the link pass have
// routes, providers and injections to do). Runs in-process on the source tree, like the
// syntax pass of an index (the semantic upgrade that `svc index` adds is the semantic
// section's).

import { Database } from "bun:sqlite";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { importResolver } from "../../src/index/edges.ts";
import { declarationsOf, parseRoot } from "../../src/lang/outline.ts";
import { languageOf, type CodeLanguage } from "../../src/lang/languages.ts";
import { storePath } from "../../src/store/db.ts";
import { detectWiring } from "../../src/wiring/detect/index.ts";
import { rebuildWiring } from "../../src/wiring/store.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { openReader } from "../../src/store/db.ts";
import { findWiring, type WiringKind } from "../../src/wiring/query/find.ts";
import { fmt, percentile } from "./measure.ts";
import { semanticUpgrade } from "../../src/semantic/upgrade.ts";

export interface WiringBench {
  corpus: string;
  files: number;
  filesWithWiring: number;
  parseMs: number;
  detectMs: number;
  detectUsPerFile: number;
  linkMs: number;
  routes: number;
  wiringEdges: number;
  /** The syntax pass of a forced index (extraction children, import edges, the link pass). */
  syntaxIndexMs: number;
  /** find --kind route|service|request|config on the open store (what a host serves). */
  query: { p50: number; p95: number; queries: number };
  /** The wiring's checker pass inside a full semantic upgrade (decorated copy only): questions asked, time asking + storing + relinking, wiring edges the checker vouches for. */
  checker?: { mode: string; upgradeMs: number; wiringMs: number; relinkMs: number; asked: number; checkerWiringEdges: number; wiringEdges: number; routes: number };
}

const QUERIES: [WiringKind, string][] = [
  ["route", "GET /api/order-0/create/42"],
  ["route", "/api/invoice-1"],
  ["route", "GET /nowhere"],
  ["service", "OrderService0"],
  ["service", "NoSuchService"],
  ["request", "OrderPlacedEvent"],
  ["config", "DATABASE_URL"],
];

function queryTimes(dir: string): WiringBench["query"] {
  const db = openReader(dir);
  if (!db) return { p50: Number.NaN, p95: Number.NaN, queries: 0 };
  const times: number[] = [];
  try {
    for (let round = 0; round < 10; round++) {
      for (const [kind, q] of QUERIES) {
        const t = performance.now();
        findWiring(db, kind, q, 50, "");
        times.push(performance.now() - t);
      }
    }
  } finally {
    db.close();
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), queries: times.length };
}

function sh(argv: string[], cwd: string): string {
  const r = Bun.spawnSync(argv, { cwd, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${argv.join(" ")} failed: ${r.stderr.toString().slice(0, 300)}`);
  return r.stdout.toString();
}

/** A copy of the generated corpus with NestJS controllers (@Controller, a route per method), @Injectable services and a module per feature folder. */
export function decoratedCopy(dir: string): string {
  const out = `${dir}-nestjs`;
  if (existsSync(join(out, ".git"))) return out;
  rmSync(out, { recursive: true, force: true });
  cpSync(dir, out, { recursive: true, filter: (src) => !src.includes("/.git") && !src.includes("/.svc") });
  const files = sh(["git", "ls-files", "*.ts"], dir).split("\n").filter(Boolean);
  for (const path of files) {
    const abs = join(out, path);
    let text = readFileSync(abs, "utf8");
    if (path.endsWith(".controller.ts")) {
      const feature = path.split("/").slice(-2, -1)[0] ?? "x";
      text = `import { Controller, Get, Post } from "@nestjs/common";\n${text.replace(/^export class /m, `@Controller("${feature}")\nexport class `)}`;
      let n = 0;
      text = text.replace(/^ {2}async (\w+)\(/gm, (_, m: string) => `  @${n++ % 2 ? "Post" : "Get"}("${m}/:id")\n  async ${m}(`);
    } else if (path.endsWith(".service.ts") && !path.endsWith(".spec.ts")) {
      text = `import { Injectable } from "@nestjs/common";\n${text.replace(/^export class /m, "@Injectable()\nexport class ")}`;
    } else if (path.endsWith("/index.ts")) {
      const m = /export \* from "\.\/(\w[\w-]*)\.service";/.exec(text);
      const cls = /^src\/modules\/([a-z]+)-(\d+)\//.exec(path);
      if (m && cls) {
        const pascal = cls[1]!.replace(/^./, (c) => c.toUpperCase());
        text += `import { Module } from "@nestjs/common";\nimport { ${pascal}Controller${cls[2]} } from "./${m[1]}.controller";\nimport { ${pascal}Service${cls[2]} } from "./${m[1]}.service";\n@Module({ controllers: [${pascal}Controller${cls[2]}], providers: [${pascal}Service${cls[2]}] })\nexport class ${pascal}Module${cls[2]} {}\n`;
      }
    }
    writeFileSync(abs, text);
  }
  writeFileSync(join(out, "src", "main.ts"), 'import { NestFactory } from "@nestjs/core";\nasync function bootstrap() {\n  const app = await NestFactory.create({});\n  app.setGlobalPrefix("api");\n}\nbootstrap();\n');
  sh(["git", "init", "-q"], out);
  sh(["git", "add", "-A"], out);
  sh(["git", "-c", "user.email=bench@svc", "-c", "user.name=bench", "commit", "-qm", "corpus"], out);
  return out;
}

async function checkerPass(dir: string): Promise<NonNullable<WiringBench["checker"]>> {
  const t = performance.now();
  const r = await semanticUpgrade(dir);
  const upgradeMs = performance.now() - t;
  const db = openReader(dir)!;
  try {
    const one = (sql: string) => (db.query(sql).get() as { n: number }).n;
    return {
      mode: r.mode,
      upgradeMs,
      wiringMs: r.wiring.ms,
      relinkMs: r.wiring.relinkMs,
      asked: r.wiring.asked,
      checkerWiringEdges: one("SELECT count(*) AS n FROM edges WHERE key IS NOT NULL AND provenance = 'checker'"),
      wiringEdges: one("SELECT count(*) AS n FROM edges WHERE key IS NOT NULL"),
      routes: one("SELECT count(*) AS n FROM routes"),
    };
  } finally {
    db.close();
  }
}

async function benchOne(name: string, dir: string, checker = false): Promise<WiringBench> {
  const files = sh(["git", "ls-files"], dir).split("\n").filter(Boolean);
  let parseMs = 0;
  let detectMs = 0;
  let filesWithWiring = 0;
  for (const path of files) {
    const language = languageOf(path);
    const text = readFileSync(join(dir, path), "utf8");
    let root = null;
    let decls: ReturnType<typeof declarationsOf>["decls"] = [];
    const t0 = performance.now();
    if (language === "typescript" || language === "tsx" || language === "javascript") {
      root = parseRoot(language as CodeLanguage, text);
      if (root) decls = declarationsOf(language as CodeLanguage, root, text).decls;
    }
    const t1 = performance.now();
    if (detectWiring(path, text, language, root, decls)) filesWithWiring++;
    detectMs += performance.now() - t1;
    parseMs += t1 - t0;
  }
  const t = performance.now();
  await syncIndex(dir, { force: true });
  const syntaxIndexMs = performance.now() - t;
  const db = new Database(storePath(dir));
  let linkMs = 0;
  let routes = 0;
  let wiringEdges = 0;
  try {
    db.run("BEGIN");
    const t0 = performance.now();
    const counts = rebuildWiring(db, importResolver(db, dir));
    linkMs = performance.now() - t0;
    routes = counts.routes;
    wiringEdges = counts.edges;
  } finally {
    db.run("ROLLBACK");
    db.close();
  }
  const query = queryTimes(dir);
  return { corpus: name, files: files.length, filesWithWiring, parseMs, detectMs, detectUsPerFile: (detectMs * 1000) / files.length, linkMs, routes, wiringEdges, syntaxIndexMs, query, ...(checker ? { checker: await checkerPass(dir) } : {}) };
}

export async function benchWiring(name: string, dir: string): Promise<WiringBench[]> {
  return [await benchOne(`${name}, as generated`, dir), await benchOne(`${name}, NestJS-decorated copy`, decoratedCopy(dir), true)];
}

export function printWiringBench(list: readonly WiringBench[]): void {
  for (const b of list) {
    console.log(`\n## wiring — ${b.corpus}`);
    const rows = [
      ["files (with wiring)", `${b.files} (${b.filesWithWiring})`],
      ["detection, all files (in-process)", `${fmt(b.detectMs, 0)} ms, ${fmt(b.detectUsPerFile, 1)} µs/file (parse + declarations ${fmt(b.parseMs, 0)} ms)`],
      ["link pass (routes, DI, requests, config)", `${fmt(b.linkMs, 0)} ms: ${b.routes} routes, ${b.wiringEdges} wiring edges`],
      ["syntax pass of an index (--force, in-process)", `${fmt(b.syntaxIndexMs / 1000, 2)} s`],
      ["find --kind route|service|…: query on open store", `p50 ${fmt(b.query.p50)} ms, p95 ${fmt(b.query.p95)} ms (${b.query.queries} queries)`],
    ];
    if (b.checker) {
      const c = b.checker;
      rows.push(
        ["semantic upgrade, full (in-process engine)", `${fmt(c.upgradeMs / 1000, 2)} s [${c.mode}]`],
        ["  of which the wiring checker pass", `${fmt(c.wiringMs, 0)} ms (asking ${c.asked} questions ${fmt(c.wiringMs - c.relinkMs, 0)} ms, relink ${fmt(c.relinkMs, 0)} ms); ${c.checkerWiringEdges}/${c.wiringEdges} wiring edges checker-confirmed, ${c.routes} routes`],
      );
    }
    for (const [what, value] of rows) console.log(`${what!.padEnd(50)} ${value}`);
  }
}
