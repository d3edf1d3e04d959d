// ask for broad questions about a subsystem: "how does X work" reaches the source folder
// that implements X (its own sources first), not whatever file mentions the words most.

import { expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { subsystemOf } from "../../src/plan/ask.ts";
import type { FusionData } from "../../src/render/fusion.ts";
import { SHOP } from "../fixtures/shop.ts";
import { gitRepo } from "../helpers/repo.ts";

test("the subject of a subsystem question", () => {
  expect(subsystemOf("how does routing work")).toBe("routing");
  expect(subsystemOf("How is payment processing implemented?")).toBe("payment processing");
  expect(subsystemOf("where are orders handled")).toBe("orders");
  expect(subsystemOf("add a refund endpoint")).toBeNull();
});

test("how does X work → focus on the folder named for X, its sources first", async () => {
  const root = gitRepo(SHOP);
  for (const [task, dir, first] of [
    ["how does payment work", "src/payments", "src/payments/payment.service.ts"],
    ["how are orders handled", "src/orders", "src/orders/order.service.ts"],
  ] as const) {
    const r = await call("ask", { path: root, task });
    expect(r.text.split("\n")[0]).toStartWith(`<!-- svc_ask: strategy=focus seed="${dir}/" (subsystem`);
    const data = r.data as unknown as FusionData;
    expect(data.entries.filter((e) => e.role === "seed").map((e) => e.path)).toContain(first);
    expect(data.entries[0]?.path.startsWith(`${dir}/`)).toBe(true);
  }
  // no folder named for the subject: the usual strategies
  const other = await call("ask", { path: root, task: "how does zebra work" });
  expect(other.text.split("\n")[0]).not.toContain("subsystem");
}, 60_000);
