// Repair packets come from the proposed content, not the disk: after an edit removes a
// member, the packets for the errors it causes (in the file and in its dependents) list the
// members the proposed class has and never suggest the one the edit just removed — with the
// engine's completions and with the index fallback alike.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";
import { buildRepairs } from "../../src/check/repair.ts";
import { openReader } from "../../src/store/db.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const CART = "export class Cart {\n  totalPrice = 0;\n  count = 0;\n}\nexport const empty = (c: Cart): boolean => c.count === 0;\n";
const USE = 'import { Cart } from "./cart";\nexport const price = (c: Cart): number => c.totalPrice;\n';
/** The edit: totalPrice is gone (renamed to totalCost), and a use in the file itself still says totalPrice. */
const PROPOSED = "export class Cart {\n  totalCost = 0;\n  count = 0;\n}\nexport const empty = (c: Cart): boolean => c.totalPrice === 0;\n";

describe("repair packets from the overlay", () => {
  test("members and nearest names of the proposed class, in the file and in a dependent", async () => {
    useRuntimeDir();
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/cart.ts": CART, "src/use.ts": USE });
    await call("index", { path: root });
    const r = (await call("check", { path: root, file: "src/cart.ts", content: PROPOSED }, { cwd: "/" })).data as unknown as FileCheckData;
    expect(r.clean).toBe(false);
    const packets = r.repairs.filter((p) => p.code === "TS2339" || p.code === "TS2551");
    expect(packets.map((p) => p.path).sort()).toEqual(["src/cart.ts", "src/use.ts"]);
    for (const p of packets) {
      const notes = p.notes.join("\n");
      expect(notes).toContain("totalCost");
      expect(notes).not.toMatch(/\btotalPrice\b/);
    }
    // The index fallback (no engine answer) reads the checked file's members from the proposed content too.
    const db = openReader(root);
    try {
      const errors = packets.map((p) => ({ code: p.code, severity: "error" as const, message: p.message, path: p.path, line: p.line, column: p.column }));
      const fallback = await buildRepairs("src/cart.ts", PROPOSED, errors, null, db);
      for (const p of fallback) {
        expect(p.notes.join("\n")).toContain("members: totalCost, count");
        expect(p.notes.join("\n")).not.toMatch(/\btotalPrice\b/);
      }
      // And a name the proposed content no longer declares is not offered as declared.
      const gone = await buildRepairs("src/cart.ts", "export const x = Cart;\n", [{ code: "TS2304", severity: "error", message: "Cannot find name 'Cart'.", path: "src/cart.ts", line: 1, column: 18 }], null, db);
      expect(gone[0]!.notes).toEqual([]);
    } finally {
      db?.close();
    }
  }, 120_000);
});
