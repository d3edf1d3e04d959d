// Doctor and the bad inputs of the semantic tier: no tsconfig, a broken tsconfig, a missing
// `extends`, dependencies not installed, a JS-only project, no TypeScript at all. Each is
// answered clearly, and nothing reports "0 references" when the checker did not run.

import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { startHost } from "../../src/surfaces/host/server.ts";

const mkdirp = (dir: string) => (mkdirSync(dir, { recursive: true }), dir);

const ORDER = "export class OrderService {\n  place(id: string): string {\n    return id;\n  }\n}\n";
const USE = 'import { OrderService } from "./order";\n\nexport function run(): string {\n  return new OrderService().place("x");\n}\n';

async function doctor(root: string, refresh = false) {
  const r = await call("doctor", { path: root, refresh });
  return { text: r.text, data: r.data as { tier: string; source: string; diagnosis: { projects: { config: string; status: string; reasons: string[]; errors?: number }[] } | null } };
}

describe("svc doctor", () => {
  test("before any index: says nothing is stamped and creates no store; --refresh loads live", async () => {
    const root = gitRepo({ "tsconfig.json": "{}", "src/order.ts": ORDER });
    const cold = await doctor(root);
    expect(cold.text).toContain("diagnosis: none stamped yet");
    expect(cold.text).toContain("store: none");
    expect(existsSync(join(root, ".svc", "svc.db"))).toBe(false);
    const live = await doctor(root, true);
    expect(live.data.source).toBe("refresh");
    expect(live.text).toContain("loaded  tsconfig.json  (1 file, 0 errors; root config)");
    expect(existsSync(join(root, ".svc", "svc.db"))).toBe(false);
  }, 120_000);

  test("no tsconfig: an inferred project over the inventory; the semantic tier works", async () => {
    const root = gitRepo({ "src/order.ts": ORDER, "src/use.ts": USE });
    await call("index", { path: root });
    const d = await doctor(root);
    expect(d.text).toContain("found by an inferred project (no tsconfig.json or jsconfig.json)");
    expect(d.data.tier).toBe("semantic");
    const n = await call("find", { path: root, query: "OrderService.place", kind: "neighbors" });
    expect(n.text).toContain("run  (src/use.ts:4)");
  }, 120_000);

  test("a temp folder too long a path for the engine's API socket: the engine binds it in a short private folder; the semantic tier works", async () => {
    const saved = process.env.TMPDIR;
    const long = join(tempDir(), "t".repeat(90)); // with tsc's 42-character socket name: past every platform's limit
    mkdirSync(long);
    process.env.TMPDIR = long; // os.tmpdir() reads it at each call, as the engine's child inherits it
    try {
      const root = gitRepo({ "tsconfig.json": "{}", "src/order.ts": ORDER, "src/use.ts": USE });
      expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
      const d = await doctor(root);
      expect(d.data.tier).toBe("semantic");
      expect(d.text).not.toContain("bind");
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  }, 120_000);

  test("a tsconfig that does not parse: the project is partial and doctor quotes the parse error", async () => {
    const root = gitRepo({ "tsconfig.json": '{ "compilerOptions": { "strict": true,, }', "src/order.ts": ORDER, "src/use.ts": USE });
    await call("index", { path: root });
    const d = await doctor(root);
    expect(d.data.diagnosis?.projects[0]).toMatchObject({ config: "tsconfig.json", status: "partial" });
    expect(d.text).toContain("config does not parse (tsconfig.json): Property assignment expected. (and 1 more parse error)");
    expect(d.data.tier).toBe("partial");
    expect(d.text).toContain("what to do:\n  - fix tsconfig.json: config does not parse");
  }, 120_000);

  test("an engine that cannot start: the syntax tier, said plainly; never 0 references", async () => {
    const root = gitRepo({ "tsconfig.json": "{}", "src/order.ts": ORDER, "src/use.ts": USE });
    process.env.SVC_TSC = join(root, "no-such-tsc");
    try {
      const r = await call("index", { path: root });
      expect(r.text).toStartWith("Indexed [syntax]");
    } finally {
      delete process.env.SVC_TSC;
    }
    const d = await doctor(root);
    expect(d.text).toContain("engine: TypeScript 7.0.2 (native tsc --lsp, from node_modules) — unavailable: the TypeScript engine failed to start");
    expect(d.data.tier).toBe("syntax");
    const n = await call("find", { path: root, query: "OrderService", kind: "neighbors" });
    expect(n.text).toContain("checker edges unavailable: the TypeScript engine failed to start");
    expect(n.text).toContain("files importing src/order.ts (syntax tier; callers and references inside them are not resolved) (1):\n  src/use.ts:1");
    expect(n.text).not.toMatch(/\b0 references\b/);
    const impact = await call("impact", { path: root, symbol: "OrderService" });
    expect(impact.text).toContain("coverage: syntax tier");
    expect(impact.text).toContain("[imports] (module) src/use.ts  (src/use.ts:1)");
  }, 120_000);

  test("an extends that does not exist: the project is partial and doctor names the missing file", async () => {
    const root = gitRepo({ "tsconfig.json": JSON.stringify({ extends: "./tsconfig.base.json", include: ["src"] }), "src/order.ts": ORDER });
    await call("index", { path: root });
    const d = await doctor(root);
    expect(d.data.diagnosis?.projects[0]?.status).toBe("partial");
    expect(d.text).toContain("partial tsconfig.json  (1 file; root config): extends not found: tsconfig.base.json");
    expect(d.data.tier).toBe("partial");
  }, 120_000);

  /** A project importing zod with no node_modules; `install()` installs it afterwards. */
  const withoutDependencies = () => {
    const root = gitRepo({
      "package.json": JSON.stringify({ name: "app", dependencies: { zod: "^4.0.0" } }),
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, moduleResolution: "bundler", module: "esnext" } }),
      "src/schema.ts": 'import { z } from "zod";\nexport const name = z.string();\n',
    });
    const install = () => {
      writeFileSync(join(mkdirp(join(root, "node_modules", "zod")), "package.json"), JSON.stringify({ name: "zod", version: "4.0.0", types: "index.d.ts" }));
      writeFileSync(join(root, "node_modules", "zod", "index.d.ts"), "export declare const z: { string(): string };\n");
    };
    return { root, install };
  };

  test("dependencies not installed: partial, with the unresolved packages and what to do", async () => {
    const { root, install } = withoutDependencies();
    await call("index", { path: root });
    const d = await doctor(root);
    expect(d.data.tier).toBe("partial");
    expect(d.text).toContain("unresolved imports: 1 of packages (e.g. 'zod')");
    expect(d.text).toContain("dependencies not installed (the root package): no node_modules; zod");
    expect(d.text).toContain("install dependencies (npm install, bun install or pnpm install): there is no node_modules");
    const status = await call("status", { path: root });
    expect(status.text).toContain("index mode partial");
    // installed afterwards (node_modules is not indexed: no file of the store changed): the next index walks again in full
    install();
    const again = await call("index", { path: root });
    expect(again.text).not.toContain("already up to date");
    expect((again.data as { mode: string }).mode).toBe("semantic");
    expect((await doctor(root)).data.tier).toBe("semantic");
  }, 120_000);

  test("dependencies installed while a host holds the workspace: svc index asks its resident for a full walk", async () => {
    const { root, install } = withoutDependencies();
    useRuntimeDir();
    const host = await startHost({ root, idleMinutes: 0, log: () => {} });
    try {
      await call("index", { path: root });
      expect((await doctor(root)).data.tier).toBe("partial");
      install();
      const again = await call("index", { path: root });
      expect(again.text).not.toContain("already up to date");
      expect((again.data as { mode: string }).mode).toBe("semantic");
      expect((await doctor(root)).data.tier).toBe("semantic");
    } finally {
      await host.stop("test done");
      delete process.env.SVC_RUNTIME_DIR;
    }
  }, 180_000);

  test("a JS-only project with a jsconfig: references between JavaScript files", async () => {
    const root = gitRepo({
      "jsconfig.json": JSON.stringify({ compilerOptions: { module: "commonjs" } }),
      "lib/price.js": "function formatPrice(cents) {\n  return (cents / 100).toFixed(2);\n}\nmodule.exports = { formatPrice };\n",
      "lib/cart.js": 'const { formatPrice } = require("./price");\n\nfunction total(items) {\n  return formatPrice(items.length * 100);\n}\nmodule.exports = { total };\n',
    });
    await call("index", { path: root });
    expect((await doctor(root)).text).toContain("loaded  jsconfig.json  (2 files; root config)");
    const n = await call("find", { path: root, query: "formatPrice", kind: "neighbors" });
    expect(n.text).toContain("total  (lib/cart.js:4)");
  }, 120_000);

  test("no TypeScript or JavaScript at all: the semantic tier does not apply, and says so", async () => {
    const root = gitRepo({ "app/main.py": "def main():\n    return 1\n", "app/util.py": "from app.main import main\n\ndef run():\n    return main()\n" });
    await call("index", { path: root });
    const d = await doctor(root);
    expect(d.text).toContain("no TypeScript or JavaScript sources: the semantic tier does not apply");
    // the engine loaded nothing: it does not say it "loaded the projects"
    expect(d.text).toMatch(/^engine: TypeScript .* — nothing to load$/m);
    expect(d.data.tier).toBe("syntax");
    const n = await call("find", { path: root, query: "main", kind: "neighbors" });
    expect(n.text).toContain("checker edges unavailable:");
    expect(n.text).toContain("files importing app/main.py (syntax tier; callers and references inside them are not resolved) (1):\n  app/util.py:1");
  }, 120_000);
});
