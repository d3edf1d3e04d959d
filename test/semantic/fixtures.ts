// Real small TypeScript projects for the semantic tier's tests.

/** One package (ESM, nodenext): a renamed re-export, a default export, `.js`-suffixed imports, implements/extends, a test. */
export const LIB: Record<string, string> = {
  "package.json": JSON.stringify({ name: "shop", type: "module", exports: { ".": "./dist/index.js" } }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "nodenext", outDir: "dist", declaration: true }, include: ["src"] }),
  "src/order.ts": [
    "export interface Placeable {",
    "  place(id: string): string;",
    "}",
    "export class BaseService {",
    "  log(message: string): void {}",
    "}",
    "export class OrderService extends BaseService implements Placeable {",
    "  place(id: string): string {",
    "    this.log(id);",
    "    return id;",
    "  }",
    "}",
    "export default function makeOrder(): OrderService {",
    "  return new OrderService();",
    "}",
    "",
  ].join("\n"),
  "src/index.ts": ['export { OrderService as Orders } from "./order.js";', 'export { default as make } from "./order.js";', 'export type { Placeable } from "./order.js";', ""].join("\n"),
  "src/checkout.ts": [
    'import { Orders, make } from "./index.js";',
    'import mk from "./order.js";',
    "",
    "export function checkout(o: Orders): string {",
    '  return o.place("a");',
    "}",
    "",
    "export function quick(): string {",
    '  return mk().place("b") + make().place("c");',
    "}",
    "",
  ].join("\n"),
  "src/order.test.ts": ['import { OrderService } from "./order.js";', "", "export function testPlace(): boolean {", '  return new OrderService().place("t") === "t";', "}", ""].join("\n"),
};

/** Two workspace packages without project references and without an install. */
export const MONO: Record<string, string> = {
  "package.json": JSON.stringify({ name: "mono", private: true, workspaces: ["packages/*"] }),
  "packages/core/package.json": JSON.stringify({ name: "@acme/core", main: "dist/index.js", types: "dist/index.d.ts" }),
  "packages/core/tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, module: "esnext", moduleResolution: "bundler", composite: true, outDir: "dist" }, include: ["src"] }),
  "packages/core/src/index.ts": "export function formatPrice(cents: number): string {\n  return (cents / 100).toFixed(2);\n}\n",
  "packages/app/package.json": JSON.stringify({ name: "@acme/app", dependencies: { "@acme/core": "workspace:*" } }),
  "packages/app/tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, module: "esnext", moduleResolution: "bundler" }, include: ["src"] }),
  "packages/app/src/main.ts": 'import { formatPrice } from "@acme/core";\n\nexport function label(cents: number): string {\n  return "$" + formatPrice(cents);\n}\n',
};
