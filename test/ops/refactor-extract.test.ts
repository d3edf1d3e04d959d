// svc_refactor extract-interface with the real engine on a multi-file project: the class is
// re-exported and used from another file; the interface takes its public instance members
// only (spelled-out method signatures kept, others typed by the checker), follows the file's
// style (no semicolons, tab indentation here), the staged result is applied with
// svc_workspace apply and the project type-checks clean; a class without public members
// abstains.

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { residentChecks } from "../../src/check/workspace.ts";
import { call } from "../../src/engine.ts";
import { refactorProject } from "../helpers/refactor-project.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const CART = [
  "import type { Item } from './item'",
  "",
  "export class Cart<T extends Item> implements Iterable<T> {",
  "\tstatic empty = 0",
  "\tprivate items: T[] = []",
  "\t#secret = 1",
  "\treadonly owner: string",
  "\tlabel = 'cart'",
  "\tconstructor(owner: string) {",
  "\t\tthis.owner = owner",
  "\t}",
  "\tadd(item: T): this {",
  "\t\tthis.items.push(item)",
  "\t\treturn this",
  "\t}",
  "\ttotal() {",
  "\t\treturn this.items.reduce((s, i) => s + i.price, 0)",
  "\t}",
  "\tget size(): number {",
  "\t\treturn this.items.length",
  "\t}",
  "\tprotected audit(): void {}",
  "\t[Symbol.iterator](): Iterator<T> {",
  "\t\treturn this.items[Symbol.iterator]()",
  "\t}",
  "}",
  "",
  "export class Hidden {",
  "\tprivate x = 1",
  "\tstatic make(): Hidden {",
  "\t\treturn new Hidden()",
  "\t}",
  "}",
  "",
].join("\n");
const FILES: Record<string, string> = {
  "tsconfig.json": TSCONFIG,
  "src/item.ts": "export interface Item {\n\tprice: number\n}\n",
  "src/cart.ts": CART,
  "src/index.ts": "export { Cart } from './cart'\n",
  "src/use.ts": "import { Cart } from './index'\nexport const n = new Cart('me').add({ price: 2 }).total()\n",
  "src/crlf.ts": "export class Crlf {\r\n  name = 'x';\r\n}\r\n",
};

const fx = refactorProject(FILES);
const { refactor } = fx;

describe("svc_refactor extract-interface", () => {
  test("a class without public instance members abstains; nothing is written", async () => {
    const r = await refactor({ operation: "extract-interface", symbol: "Hidden" });
    expect(r.text).toBe("cannot extract-interface: Hidden has no public instance members to put in an interface");
    const notClass = await refactor({ operation: "extract-interface", symbol: "Item" });
    expect(notClass.text).toStartWith("cannot extract-interface: Item at src/item.ts:1 is not a class declaration");
  }, 120_000);

  test("a CRLF file keeps CRLF in the lines the refactor writes", async () => {
    const r = await refactor({ operation: "extract-interface", symbol: "Crlf" });
    expect(r.data.files?.[0]?.content).toBe("export interface ICrlf {\r\n  name: string;\r\n}\r\n\r\nexport class Crlf implements ICrlf {\r\n  name = 'x';\r\n}\r\n");
  }, 120_000);

  test("the interface of the public members, in the file's style, implemented by the class; applied → clean", async () => {
    const r = await refactor({ operation: "extract-interface", symbol: "Cart" });
    expect(r.text).toStartWith("staged extract-interface: Cart -> ICart (1 file changed");
    const content = r.data.files![0]!.content;
    expect(content).toContain(
      [
        "export interface ICart<T extends Item> {",
        "\treadonly owner: string",
        "\tlabel: string",
        "\tadd(item: T): this",
        "\ttotal: () => number",
        "\treadonly size: number",
        "}",
        "",
        "export class Cart<T extends Item> implements Iterable<T>, ICart<T> {",
      ].join("\n"),
    );
    expect(readFileSync(join(fx.root, "src/cart.ts"), "utf8")).toBe(CART);
    for (const f of r.data.files!) await call("apply", { path: fx.root, file: f.file, content: f.content, expectedHash: f.expectedHash, write: true }, fx.ctx);
    const cw = (await residentChecks(fx.root, fx.ctx))!;
    const { diags } = await cw.exclusive(() => cw.workspaceDiagnostics({ exact: true }));
    expect(diags.filter((d) => d.severity === "error")).toEqual([]);
  }, 120_000);
});
