// A bare name one top-level declaration has resolves to it, and the answer says members
// share the name. On mikro-orm `svc impact assign` answered for `const assign`
// (EntityAssigner.ts:410) with no word of EntityManager.assign, BaseEntity.assign and five more
// members named so; making it ambiguous would make `render` and its like ambiguous everywhere.
// Impact, test, find's neighbors and refactor's target now say in one line how many members are named
// so, the first three (the line's size does not grow with them: mikro-orm's `User` has 100), and
// the qualified form that asks for one.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { refactorProject } from "../helpers/refactor-project.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "named", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] }),
  "src/render.ts": "export function render(view: string): string {\n  return `<${view}>`;\n}\n",
  "src/widgets.ts": 'import { render } from "./render";\nexport class Widget {\n  render(): string {\n    return render("widget");\n  }\n}\nexport class Page {\n  render(): string {\n    return render("page");\n  }\n}\nexport class Dialog {\n  render(): string {\n    return "";\n  }\n}\nexport class Toast {\n  render(): string {\n    return "";\n  }\n}\n',
  "src/plain.ts": "export function only(): number {\n  return 1;\n}\n",
};

const LINE = "also named 'render': 4 members (Widget.render, Page.render, Dialog.render, …), not this answer's; ask for one by its qualified name (e.g. Widget.render)";

describe("a bare name resolved while members share it", () => {
  const fx = refactorProject(FILES);

  test("impact, test and find neighbors resolve it and say which members share the name", async () => {
    const impact = await call("impact", { path: fx.root, symbol: "render" });
    const lines = impact.text.split("\n");
    expect(lines[lines.findIndex((l) => l.startsWith("impact of function render  (src/render.ts:1)")) + 1]).toBe(LINE);
    expect(impact.data).toMatchObject({ status: "ok", alsoNamed: { total: 4, members: ["Widget.render", "Page.render", "Dialog.render"] } });
    const neighbors = await call("find", { path: fx.root, query: "render", kind: "neighbors" });
    expect(neighbors.text).toContain(`neighbors of function render  (src/render.ts:1)\n${LINE}`);
    expect(neighbors.data).toMatchObject({ alsoNamed: { total: 4 } });
    const tests = await call("test", { path: fx.root, symbol: "render" });
    expect(tests.text.split("\n")).toContain(LINE);
    expect(tests.data).toMatchObject({ alsoNamed: { total: 4 } });
    // a name no member shares: no such line; a qualified name: none either
    expect((await call("impact", { path: fx.root, symbol: "only" })).text).not.toContain("also named");
    expect((await call("impact", { path: fx.root, symbol: "Page.render" })).text).not.toContain("also named");
  }, 120_000);

  test("refactor's target says it too; with a file it is not said", async () => {
    const renamed = await fx.refactor({ operation: "rename", symbol: "render", newName: "draw" });
    expect(renamed.data.status).toBe("staged");
    expect(renamed.text.split("\n")[1]).toBe(LINE);
    expect(renamed.data.alsoNamed).toBe(LINE);
    const inFile = await fx.refactor({ operation: "rename", symbol: "render", file: "src/render.ts", newName: "draw" });
    expect(inFile.text).not.toContain("also named");
  }, 120_000);
});
