// The links-out canary: a repository whose files and folders lead out of it through symbolic
// links — a file link, a folder link, a chain, a dangling link to a file not there yet, a
// tracked file replaced by a link (a type change since the base commit), svc.json and a doc
// linked out — next to an outside folder holding a unique marker in every file. Every
// registered operation is called with its path-valued parameters aimed at the links (and
// writes asked for): no answer may carry the marker, nothing outside may change or appear,
// and no store may be made outside. A committed `.svc` link (or `.svc/svc.db` link) is
// refused, never written through. The test walks the registry: an operation without
// parameters here fails it.

import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { call } from "../src/engine.ts";
import { asSvcError } from "../src/errors.ts";
import { REGISTRY } from "../src/registry/index.ts";
import { namesByPath } from "../src/validate.ts";
import { commitFiles, git, gitRepo, tempDir, writeFiles } from "./helpers/repo.ts";
import { ensureStoreDir } from "../src/store/db.ts";

/** In every outside file, in no parameter: finding it in an answer is a leak. */
const MARKER = `Zq${Math.random().toString(36).slice(2, 12)}Xw`;

/** Every file under `dir` (links listed, not followed) with a hash of its bytes or its link target. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = join(d, name);
      const st = lstatSync(abs);
      const rel = relative(dir, abs);
      if (st.isSymbolicLink()) out[rel] = "link";
      else if (st.isDirectory()) walk(abs);
      else out[rel] = `${(st.mode & 0o777).toString(8)} ${createHash("sha256").update(readFileSync(abs)).digest("hex")}`;
    }
  };
  walk(dir);
  out["."] = (lstatSync(dir).mode & 0o777).toString(8);
  return out;
}

interface Fixture {
  root: string;
  outside: string;
  base: string;
}

function fixture(): Fixture {
  const outside = tempDir("svc-outside-");
  writeFiles(outside, {
    "secret.ts": `export const ${MARKER} = "${MARKER.toLowerCase()}";\nexport function outsideFn(): string {\n  return ${MARKER};\n}\n`,
    "dir/lib.ts": `export function outsideLib(): string {\n  return "${MARKER}";\n}\n`,
    "notes.md": `# ${MARKER}\n\nOutside notes ${MARKER}.\n`,
    "svc.json": `{ "ignore": [ ${MARKER} ] }\n`,
    "ignore": `${MARKER}\n`,
  });
  const root = gitRepo({
    "package.json": '{ "name": "inside", "version": "1.0.0" }\n',
    "tsconfig.json": '{ "compilerOptions": { "strict": true, "noEmit": true }, "include": ["src"] }\n',
    "src/a.ts": 'import { b } from "./b";\nexport function hello(): number {\n  return b();\n}\n',
    "src/b.ts": "export function b(): number {\n  return 2;\n}\n",
    "src/a.test.ts": 'import { hello } from "./a";\nexport const t = hello();\n',
  });
  const base = git(root, "rev-parse", "HEAD").trim();
  symlinkSync(join(outside, "secret.ts"), join(root, "src/linked.ts"));
  symlinkSync(join(outside, "dir"), join(root, "src/linkdir"));
  symlinkSync("linked.ts", join(root, "src/chain.ts"));
  symlinkSync(join(outside, "new.ts"), join(root, "src/dangling.ts"));
  symlinkSync(join(outside, "newdir"), join(root, "src/dangling-dir"));
  symlinkSync(join(outside, "notes.md"), join(root, "NOTES.md"));
  symlinkSync(join(outside, "ignore"), join(root, ".svcignore"));
  commitFiles(root, {}, "links");
  // a tracked file replaced by a link out (a type change in the working tree), and svc.json linked out, uncommitted
  rmSync(join(root, "src/b.ts"));
  symlinkSync(join(outside, "secret.ts"), join(root, "src/b.ts"));
  symlinkSync(join(outside, "svc.json"), join(root, "svc.json"));
  return { root, outside, base };
}

const LINKS = ["src/linked.ts", "src/chain.ts", "src/linkdir/lib.ts", "src/dangling.ts", "src/b.ts", "NOTES.md"];
const NEW_THROUGH_LINKS = ["src/linkdir/created.ts", "src/dangling.ts", "src/dangling-dir/created.ts"];

/** Per operation, calls whose path-valued parameters aim at the links (`path` is added). */
function linkParams(base: string): Record<string, Record<string, unknown>[]> {
  const content = `export const x: number = ${MARKER.length};\n`;
  return {
    status: [{}],
    index: [{}, { force: true }],
    map: [{}],
    doctor: [{}, { refresh: true }],
    find: [{ query: "outsideFn" }, { query: "outsideFn", kind: "symbol" }, { query: "outside notes", kind: "text" }, { query: "linked", kind: "path" }, { query: "outside function", kind: "task", changedSince: base }],
    context: [...LINKS.map((f) => ({ files: [f] })), { seeds: ["outsideFn"] }],
    review: [{ changedSince: base }, { changedSince: base, handoff: true }, {}],
    apply: [...LINKS, ...NEW_THROUGH_LINKS].map((file) => ({ file, content, write: true })),
    impact: [{ symbol: "outsideFn" }, { symbol: "b" }],
    test: [{ symbol: "b" }, { symbol: "hello", candidates: LINKS.slice(0, 4).map((file, i) => ({ id: `c${i}`, file, content })) }],
    check: [...LINKS.map((file) => ({ file, content })), { session: "links" }],
    checkDelta: [{ delta: true, session: "links" }],
    gate: [{ since: base }],
    checkSession: [{ session: "links", full: true }],
    checkOverlay: LINKS.map((file) => ({ file, content })),
    checkCapture: LINKS.map((file) => ({ file, content })),
    refactor: [
      ...LINKS.map((file) => ({ operation: "organize-imports", file })),
      { operation: "move-to-file", symbol: "hello", file: "src/a.ts", newName: "src/linkdir/moved.ts" },
      { operation: "move-to-file", symbol: "hello", file: "src/a.ts", newName: "src/dangling.ts" },
      { operation: "rename", symbol: "outsideFn", newName: "renamed" },
      { operation: "rename", symbol: "outsideLib", newName: "renamed" },
      { operation: "rename", symbol: "b", newName: "renamed" },
    ],
    refactorRpc: [{ request: { operation: "organize-imports", file: "src/linked.ts" } }, { request: { operation: "move-to-file", symbol: "hello", file: "src/a.ts", newName: "src/dangling.ts" } }],
    openIndexed: [{}],
    graph: [{}, { directory: "src/linkdir" }, { scopeMode: "changes", since: base }],
    scope: [...LINKS.map((seed) => ({ mode: "focus", seed })), { mode: "changes", since: base }],
    explain: [{ mode: "focus", seed: "src/linked.ts" }, { mode: "changes", since: base }],
    contextDiagnostics: [{}],
    reduce: [{ files: LINKS }, ...LINKS.map((f) => ({ files: [f] }))],
    toc: [{}],
    ask: [{ task: "where is outsideFn used" }],
    skeleton: [{}],
    focus: LINKS.map((focus) => ({ focus })),
    search: [{ query: "outsideFn" }],
    changes: [{ changedSince: base, review: true }, { changedSince: base, format: "json" }],
    fuse: [{}, { changedSince: base }, { query: "outsideFn outside notes" }, { onlyExtensions: [".md", ".json", ".ts"] }],
  };
}

describe("links out of the workspace", () => {
  test("every registered operation, path-valued parameters aimed at links out: the outside is never shown, written or indexed", async () => {
    const { root, outside, base } = fixture();
    const before = snapshot(outside);
    const table = linkParams(base);
    expect(REGISTRY.filter((spec) => !table[spec.op]?.length).map((spec) => spec.op)).toEqual([]); // a new operation needs parameters here
    const leaks: string[] = [];
    const answered: string[] = [];
    for (const spec of REGISTRY) {
      for (const params of table[spec.op]!) {
        const label = `${spec.op} ${JSON.stringify(params).slice(0, 120)}`;
        let text: string;
        try {
          const result = await call(spec.op, { ...params, path: root }, { cwd: root });
          text = `${result.text}\n${JSON.stringify(result.data)}\n${(result.warnings ?? []).join("\n")}`;
          answered.push(label);
        } catch (error) {
          const e = asSvcError(error);
          expect({ label, prefix: e.prefix }).not.toEqual({ label, prefix: "internal_error" });
          text = e.formatted;
        }
        if (text.includes(MARKER) || text.toLowerCase().includes(MARKER.toLowerCase())) leaks.push(`${label}: ${text.slice(0, 300)}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(answered.length).toBeGreaterThan(30); // the calls ran (most answer; the links are refused, not the operations)
    expect(snapshot(outside)).toEqual(before); // nothing written, created, chmod'ed or removed outside
    expect(existsSync(join(outside, ".svc"))).toBe(false);
    // the store inside holds nothing of the outside either
    const db = new Database(join(root, ".svc", "svc.db"), { readonly: true });
    try {
      const paths = (db.query("SELECT path FROM files").all() as { path: string }[]).map((r) => r.path);
      expect(paths.filter((p) => LINKS.includes(p) || p.startsWith("src/linkdir/"))).toEqual([]);
      for (const table of ["files", "symbols", "chunks"]) {
        const rows = JSON.stringify(db.query(`SELECT * FROM ${table}`).all());
        expect(rows.toLowerCase().includes(MARKER.toLowerCase())).toBe(false);
      }
    } finally {
      db.close();
    }
  }, 900_000);

  test("every parameter naming a file, a folder or a seed, aimed outside or at .git/ or .svc/, is refused saying why — never 'matched nothing'", async () => {
    // a seed was looked up among the collected files only: `../x`, a link out or `.git/config` "matched no collected file" (h136)
    const { root, outside } = fixture();
    await call("index", { path: root }, { cwd: root });
    const aims: Record<string, string> = {
      dotdot: "../" + outside.split("/").pop() + "/secret.ts", absolute: join(outside, "secret.ts"), link: "src/linked.ts", linkDir: "src/linkdir/lib.ts",
      windows: "..\\..\\secret.ts", drive: "C:\\Windows\\win.ini", unc: "\\\\server\\share\\x.ts", store: ".svc/svc.db", git: ".git/config",
    };
    const WHY = /^validation_error: refusing to [\w ]+ '[^']+': (?:it resolves outside the workspace root|\.(?:svc|git)\/\S* is inside \.(?:svc|git)\/|a Windows drive path names nothing)/;
    const wrong: string[] = [];
    let calls = 0;
    for (const spec of REGISTRY) {
      for (const param of spec.params.filter((p) => namesByPath(p) && p.name !== "path" && p.shape !== "ref")) {
        for (const [aim, value] of Object.entries(aims)) {
          const request: Record<string, unknown> = { path: root };
          for (const other of spec.params) if (other.required) request[other.name] = other.type === "string[]" ? ["src/a.ts"] : other.type === "enum" ? other.values![0] : "src/a.ts";
          if (spec.params.some((p) => p.name === "content") && spec.op !== "reduce") request.content = "export const x = 1;\n";
          if (spec.op === "apply") request.write = true;
          if (spec.op === "refactor") Object.assign(request, { operation: "rename", symbol: "hello", newName: "hi" });
          if (param.name === "seed") request[spec.params.some((p) => p.name === "scopeMode") ? "scopeMode" : "mode"] = "focus";
          request[param.name] = param.type === "string[]" ? [value] : value;
          const message = await call(spec.op, request, { cwd: root }).then(() => "answered", (e: unknown) => asSvcError(e).formatted);
          calls++;
          if (!WHY.test(message) || message.includes(MARKER)) wrong.push(`${spec.op}.${param.name} ${aim}: ${message.slice(0, 200)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(80);
  }, 300_000);

  test("a committed .svc link (or .svc/svc.db link) is refused: the store is never created, chmod'ed or written through it", async () => {
    const elsewhere = tempDir("svc-elsewhere-");
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    symlinkSync(elsewhere, join(root, ".svc"));
    commitFiles(root, {}, "a store link");
    const before = snapshot(elsewhere);
    for (const op of ["index", "toc", "find", "status"]) {
      const error = await call(op, { path: root, ...(op === "find" ? { query: "a" } : {}) }, { cwd: root }).then(
        () => null,
        (e: unknown) => asSvcError(e),
      );
      expect(error?.formatted).toStartWith(`validation_error: refusing to use the index store: .svc is a symbolic link (to ${elsewhere})`);
    }
    expect(snapshot(elsewhere)).toEqual(before);

    // a real .svc/ whose database is a link to another SQLite file: that file is never opened for writing
    // (untracked: a .svc/ git tracks is set aside whole before anything in it is read, store/provenance.ts)
    git(root, "rm", "-q", "--cached", ".svc");
    git(root, "commit", "-q", "-m", "no store link");
    rmSync(join(root, ".svc"));
    ensureStoreDir(root); // svc's own store (one without its identity is set aside whole, links and all)
    const foreign = join(elsewhere, "other.db");
    const other = new Database(foreign, { create: true });
    other.run("CREATE TABLE keep (x TEXT)");
    other.close();
    symlinkSync(foreign, join(root, ".svc", "svc.db"));
    const hash = createHash("sha256").update(readFileSync(foreign)).digest("hex");
    const error = await call("index", { path: root }, { cwd: root }).then(
      () => null,
      (e: unknown) => asSvcError(e),
    );
    expect(error?.formatted).toStartWith("validation_error: refusing to use the index store: .svc/svc.db is a symbolic link");
    expect(createHash("sha256").update(readFileSync(foreign)).digest("hex")).toBe(hash);
    expect(existsSync(`${foreign}-wal`)).toBe(false);
  }, 120_000);
});
