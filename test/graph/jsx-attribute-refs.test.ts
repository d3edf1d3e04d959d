// A JSX attribute is a reference to the prop it sets (`<button onClick={…}>` to the props type's
// `onClick`, `<Card title="x" />` to Card's props' `title`), as the compiler's find-references
// counts it. The walk took an attribute's name for a declaration of its own: the prop's answer
// said "checker-complete" with none of them (hono: 605 false claims on JSX.EventAttributes and
// the other intrinsic-element props, their uses in the .tsx tests unlisted).

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references } from "../../src/semantic/queries.ts";
import { gitRepo } from "../helpers/repo.ts";
import { neighbors, sitesOf } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "jsx-props", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", jsx: "preserve", noEmit: true }, include: ["src"] }),
  "src/jsx.ts": [
    "declare global {",
    "  namespace JSX {",
    "    interface EventAttributes {",
    "      onClick?: () => void;",
    "    }",
    "    interface IntrinsicElements {",
    "      button: EventAttributes & { label?: string };",
    "    }",
    "    type Element = unknown;",
    "  }",
    "}",
    "export interface CardProps {",
    "  title: string;",
    "}",
    "export function Card(props: CardProps): JSX.Element {",
    "  return props.title;",
    "}",
    "",
  ].join("\n"),
  "src/page.tsx": [
    'import { Card } from "./jsx.js";',
    "",
    "export function Page() {",
    "  return (",
    "    <>",
    "      <button onClick={() => {}} label=\"go\" />",
    "      <Card title=\"x\" />",
    "    </>",
    "  );",
    "}",
    "",
  ].join("\n"),
};

describe("JSX attributes reference the props they set", () => {
  const root = gitRepo(FILES);

  test("a prop's answer lists the attributes setting it, as the compiler's find-references does", async () => {
    await call("index", { path: root });
    const engine = new TsEngine({ root });
    try {
      await engine.openProjects([join(root, ".svc", "ts", "tsconfig.json.json")]);
      for (const [query, line, column] of [
        ["src/jsx.ts:4", 4, 7],
        ["src/jsx.ts:13", 13, 3],
      ] as const) {
        const compiler = (await references(engine, join(root, "src/jsx.ts"), { line, column })).map((r) => `${r.path.slice(root.length + 1)}:${r.line}`).filter((s) => s.startsWith("src/page.tsx"));
        expect({ query, compiler: compiler.length }).toEqual({ query, compiler: 1 });
        const n = await neighbors(root, query);
        expect({ query, listed: compiler.filter((s) => sitesOf(n).has(s)) }).toEqual({ query, listed: compiler });
      }
    } finally {
      await engine.close();
    }
  }, 180_000);

  test("the sites: onClick on line 6, title on line 7", async () => {
    expect(sitesOf(await neighbors(root, "src/jsx.ts:4"))).toContain("src/page.tsx:6");
    expect(sitesOf(await neighbors(root, "src/jsx.ts:13"))).toContain("src/page.tsx:7");
  }, 60_000);
});
