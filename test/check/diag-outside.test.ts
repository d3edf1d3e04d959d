// Errors quoting outside files: inside files reach files outside the workspace through a
// symbolic link, a `../` import that climbs out of the root, a `paths` mapping and a
// `typeRoots`/`types` entry, and the compiler reads them all. An edit that breaks an inside file
// against their types made every check surface quote them (`Conversion of type 'ZqShape…' to type
// 'number'`), and an error located in one of them named its path. The verdict stays the
// compiler's (the gate still fails, each introduced error still counted), but nothing of an
// outside file's text or path is in any answer: each surface that prints diagnostics is driven.

import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { call } from "../../src/engine.ts";
import { asSvcError } from "../../src/errors.ts";
import { OUTSIDE, OUTSIDE_MESSAGE, outsideView } from "../../src/check/diag-outside.ts";
import { toCheckDiag } from "../../src/check/workspace.ts";
import { holdResident, releaseResident } from "../../src/semantic/resident.ts";
import { storeHolds, useRuntimeDir } from "../helpers/host.ts";
import { Database } from "bun:sqlite";
import { storePath } from "../../src/store/db.ts";
import { git, gitRepo, tempDir, writeFiles } from "../helpers/repo.ts";

/** In the outside files' names and literals only: finding it (in any case) in an answer is a leak. */
const MARK = `Zq${Math.random().toString(36).slice(2, 10)}`;

function fixture() {
  const outside = tempDir("svc-outside-");
  const shape = (n: string) => `export interface ${MARK}Shape${n} { ${MARK}Field: "${MARK}-value"; }\nexport function outside${n}(): ${MARK}Shape${n} {\n  return { ${MARK}Field: "${MARK}-value" };\n}\n`;
  const root = gitRepo({ "package.json": '{ "name": "inside" }\n', "src/keep.ts": "export const keep = 1;\n" });
  const first = git(root, "rev-parse", "HEAD").trim();
  writeFiles(outside, {
    "linked.ts": shape("L"),
    // an outside file that uses an inside one: a rename of `keep` would edit it
    "fresh.ts": shape("F"), // imported by no file until a proposed edit does: not among what the programs read when loaded
    "climb.ts": `${shape("C")}import { keep } from "${relative(outside, root)}/src/keep";\nexport const ${MARK}Kept = keep;\n`,
    "lib/mapped.ts": shape("M"),
    // a global declared outside, with an error of its own (located outside)
    // a base config the workspace's extends, with an option TypeScript does not know (its error quotes the name)
    "base.json": JSON.stringify({ compilerOptions: { [`${MARK}Option`]: true } }),
    "typesroot/zqglobal/index.d.ts": `declare const OUT_GLOBAL: { ${MARK}Types: "${MARK}-global" };\ndeclare const ${MARK}_broken: ${MARK}Missing;\n`,
  });
  const fromSrc = relative(join(root, "src"), outside);
  const fromRoot = relative(root, outside);
  symlinkSync(join(outside, "linked.ts"), join(root, "src/linked.ts"));
  const files = {
    "tsconfig.json": JSON.stringify({ extends: `${fromRoot}/base.json`, compilerOptions: { strict: true, noEmit: true, baseUrl: ".", paths: { "@out/*": [`${fromRoot}/lib/*`] }, typeRoots: [`${fromRoot}/typesroot`], types: ["zqglobal"] }, include: ["src"] }),
    "src/a.ts": 'import { outsideL } from "./linked";\nexport const a = outsideL();\n',
    "src/b.ts": `import { outsideC } from "${fromSrc}/climb";\nexport const b = outsideC();\n`,
    "src/c.ts": 'import { outsideM } from "@out/mapped";\nexport const c = outsideM();\n',
    "src/d.ts": "export const d = OUT_GLOBAL;\n",
  };
  writeFiles(root, files);
  git(root, "add", "-A");
  git(root, "commit", "-qm", "reach outside");
  const base = git(root, "rev-parse", "HEAD").trim();
  // each inside file now misuses what it reached outside: one introduced error each
  const broken: Record<string, string> = {
    "src/a.ts": 'import { outsideL } from "./linked";\nexport const a: number = outsideL();\n',
    "src/b.ts": `import { outsideC } from "${fromSrc}/climb";\nexport const b: number = outsideC();\n`,
    "src/c.ts": 'import { outsideM } from "@out/mapped";\nexport const c: number = outsideM();\n',
    "src/d.ts": "export const d: number = OUT_GLOBAL;\n",
  };
  return { root, outside, first, base, broken, fromSrc };
}

const HOST = { cwd: "/", host: true };

async function answer(op: string, params: Record<string, unknown>, root: string, ctx: Record<string, unknown> = { cwd: root }): Promise<string> {
  try {
    const r = await call(op, { ...params, path: root }, ctx);
    return `${r.text}\n${JSON.stringify(r.data)}\n${(r.warnings ?? []).join("\n")}`;
  } catch (error) {
    return asSvcError(error).formatted;
  }
}

describe("diagnostics quoting files outside the workspace", () => {
  test("gate, check, the check session, refactor and the handoff: the verdict stands, nothing outside is quoted or named", async () => {
    useRuntimeDir();
    const { root, outside, first, base, broken, fromSrc } = fixture();
    const leaks = (text: string) => text.toLowerCase().includes(MARK.toLowerCase()) || text.includes(outside);

    // the config that reaches outside is new since `first` (the gate abstains on a config change)
    expect(leaks(await answer("gate", { since: first }, root))).toBe(false);

    // proposed content (svc_check), one file at a time: each error is there, quoting the marker;
    // a member misspelt on an outside type: its repair's members and fixes would name the outside declarations
    const misspelt = ["src/a.ts", 'import { outsideL } from "./linked";\nexport const a = outsideL().Fieldx;\n'];
    const repair = await answer("check", { file: misspelt[0], content: misspelt[1] }, root);
    expect(leaks(repair)).toBe(false);
    expect(repair).toContain("TS2339");
    expect(repair).toContain(`${OUTSIDE}: 2 fixes or notes left out (they name declarations of a file outside the workspace)`);
    const proposed = { ...broken, "src/keep.ts": `import { outsideF } from "${fromSrc}/fresh";\nexport const keep: number = outsideF();\n` };
    for (const [file, content] of Object.entries(proposed)) {
      const text = await answer("check", { file, content }, root);
      expect(leaks(text)).toBe(false);
      expect(text).toContain(OUTSIDE);
      expect(text).toContain(file);
    }
    writeFiles(root, broken);
    const gate = await answer("gate", { since: base }, root);
    expect(leaks(gate)).toBe(false);
    expect(gate).toContain("4 introduced errors");
    expect(gate.match(/TS2322/g)?.length).toBeGreaterThanOrEqual(4);
    expect(gate).toContain(`Type '${OUTSIDE}' is not assignable to type 'number'`);

    // the session delta of a resident engine (the host's): the baseline, then a new file misusing the link's type
    await call("index", { path: root });
    holdResident(root, { writer: false });
    const session: string[] = [];
    try {
      session.push(await answer("check", { session: "outside" }, root, HOST));
      writeFiles(root, { "src/e.ts": 'import { outsideL } from "./linked";\nexport const e: string = outsideL();\n' });
      session.push(await answer("check", { session: "outside" }, root, HOST), await answer("checkSession", { session: "outside", full: true }, root, HOST));
    } finally {
      await releaseResident(root);
    }
    expect(session.filter(leaks)).toEqual([]);
    expect(session[1]).toContain(`Type '${OUTSIDE}' is not assignable to type 'string'`);
    const others = [
      await answer("review", { changedSince: base, handoff: true }, root),
      await answer("refactor", { operation: "rename", symbol: "keep", newName: "kept" }, root),
      await answer("contextDiagnostics", {}, root),
      await answer("doctor", { refresh: true }, root),
      await answer("impact", { symbol: "a" }, root),
      await answer("context", { seeds: ["a", "d"] }, root),
    ];
    expect(others.filter(leaks)).toEqual([]);
    expect(others[3]).toContain(`TS5023 in a config tsconfig.json extends from outside the workspace (its path and text are not shown)`);
    expect(others[1]).toContain(`the rename would edit a file ${OUTSIDE}, not one of the workspace's own sources`);
    // a signature the checker resolves to an outside declaration (find kind=signatures): withheld, saying why
    for (const query of ["./linked#outsideL", `${fromSrc}/climb#outsideC`, "@out/mapped#outsideM"]) {
      const text = await answer("find", { query, kind: "signatures" }, root);
      expect(leaks(text)).toBe(false);
      expect(text).toContain(`'${query}' is declared in a file outside the workspace`);
    }
  }, 300_000);

  test("an error hidden as outside in one version and named in the other is the same error: the gate does not call it introduced; a new one still is", async () => {
    useRuntimeDir();
    const outside = tempDir("svc-outside-");
    writeFiles(outside, { "linked.ts": `export interface ${MARK}Shape { field: string }\nexport function outsideL(): ${MARK}Shape {\n  return { field: "v" };\n}\n` });
    const named = `import { outsideL } from "./linked";\nimport type { ${MARK}Shape } from "./linked";\nexport const a: number = outsideL();\nexport type Shape = ${MARK}Shape;\n`;
    const root = gitRepo({ "package.json": '{ "name": "inside" }\n', "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] }), "src/a.ts": named });
    symlinkSync(join(outside, "linked.ts"), join(root, "src/linked.ts"));
    git(root, "add", "-A");
    git(root, "commit", "-qm", "an error quoting a type the file names");
    // the edit drops the type's name from the file, not the error: its message now hides the type
    writeFiles(root, { "src/a.ts": 'import { outsideL } from "./linked";\nexport const a: number = outsideL();\n' });
    const gate = await answer("gate", { since: "HEAD" }, root);
    expect(gate).toContain("no introduced errors");
    writeFiles(root, { "src/a.ts": 'import { outsideL } from "./linked";\nexport const a: number = outsideL();\nexport const b: string = outsideL();\n' });
    const again = await answer("gate", { since: "HEAD" }, root);
    expect(again).toContain("1 introduced error");
    expect(again).toContain("src/a.ts:3");
  }, 120_000);

  test("a diagnostic located in an outside file (a global's own error in a typeRoots entry) is counted with its code, never named or quoted", () => {
    const { root, outside } = fixture();
    const global = join(outside, "typesroot/zqglobal/index.d.ts");
    const view = outsideView(root, [global], (abs) => (existsSync(abs) ? readFileSync(abs, "utf8") : null));
    const raw = { path: global, code: 2304, severity: "error", message: `Cannot find name '${MARK}Missing'.`, line: 2, column: 20 } as never;
    expect(toCheckDiag(root, raw, "tsconfig.json", undefined, undefined, view)).toEqual({ code: "TS2304", severity: "error", message: OUTSIDE_MESSAGE, path: OUTSIDE, line: 0, column: 0 });
    // through the link inside: the link's own name is the workspace's, what it leads to is not
    const viaLink = { path: join(root, "src/linked.ts"), code: 2322, severity: "error", message: `Type '"${MARK}-value"' is not assignable to type '5'.`, line: 3, column: 3 } as never;
    expect(toCheckDiag(root, viaLink, "src/linked.ts", undefined, undefined, view)).toMatchObject({ path: "src/linked.ts", message: OUTSIDE_MESSAGE });
    // an inside file's message: the outside words go, the checker's own and the file's own stay
    const inside = { path: join(root, "src/a.ts"), code: 2322, severity: "error", message: `Type '${MARK}ShapeL' is not assignable to type 'number'. File '${global}' is not a module; 'outsideL' returns 'Promise<string>'.`, line: 2, column: 14 } as never;
    expect(toCheckDiag(root, inside, "src/a.ts", (abs) => (existsSync(abs) ? readFileSync(abs, "utf8") : null), undefined, view)?.message).toBe(
      `Type '${OUTSIDE}' is not assignable to type 'number'. File '${OUTSIDE}' is not a module; 'outsideL' returns 'Promise<string>'.`,
    );
  }, 120_000);

  test("a session baseline an older svc stored quoting an outside type or naming an outside file is told again before its first delta prints it, and stored so", async () => {
    useRuntimeDir();
    const outside = tempDir("svc-outside-");
    writeFiles(outside, { "linked.ts": `export interface ${MARK}Shape { field: string }\nexport function outsideL(): ${MARK}Shape {\n  return { field: "v" };\n}\n` });
    const root = gitRepo({ "package.json": '{ "name": "inside" }\n', "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] }), "src/a.ts": 'import { outsideL } from "./linked";\nexport const a: number = outsideL();\n' });
    symlinkSync(join(outside, "linked.ts"), join(root, "src/linked.ts"));
    git(root, "add", "-A");
    git(root, "commit", "-qm", "an error quoting an outside type");
    await call("index", { path: root });
    // what an older svc stored: a bare list, the messages as the compiler printed them, an error located outside by its path
    const legacy = [
      { code: "TS2322", severity: "error", message: `Type '${MARK}Shape' is not assignable to type 'number'.`, path: "src/a.ts", line: 2, column: 14 },
      { code: "TS2304", severity: "error", message: `Cannot find name '${MARK}Missing'.`, path: relative(root, join(outside, "linked.ts")), line: 1, column: 1 },
    ];
    const db = new Database(storePath(root));
    try {
      db.query("INSERT INTO check_sessions(session, baseline, created_at, updated_at) VALUES ('old', ?1, 't', '2026-01-01T00:00:00.000Z')").run(JSON.stringify(legacy));
    } finally {
      db.close();
    }
    writeFiles(root, { "src/a.ts": 'import { outsideL } from "./linked";\nexport const a = outsideL();\n' }); // both baseline errors are gone now: the delta prints them as resolved
    holdResident(root, { writer: false });
    let delta: string;
    try {
      delta = await answer("checkSession", { session: "old" }, root, HOST);
    } finally {
      await releaseResident(root);
    }
    expect(delta.toLowerCase()).not.toContain(MARK.toLowerCase());
    expect(delta).not.toContain(outside);
    const data = JSON.parse(delta.split("\n")[1]!) as { established: boolean; baselineAt: string; resolved: { code: string; message: string; path: string }[] };
    expect(data.established).toBe(false); // the old baseline is kept (told again), not replaced by now
    expect(data.baselineAt).toBe("2026-01-01T00:00:00.000Z");
    expect(data.resolved.map((d) => `${d.code} ${d.path} ${d.message}`).sort()).toEqual([`TS2304 ${OUTSIDE} ${OUTSIDE_MESSAGE}`, `TS2322 src/a.ts Type '${OUTSIDE}' is not assignable to type 'number'.`]);
    // stored again as told: the store no longer holds the outside text
    expect(storeHolds(root, "SELECT 1 FROM check_sessions WHERE baseline LIKE ?1", `%${MARK}%`)).toBe(false);
  }, 300_000);
});
