// svc_find kind=signatures under a limit: the header counts every declaration of the name,
// not the ones shown. xstate's twelve `useSelector` declarations (overloads in six packages)
// answered limit=5 with "signatures of 'useSelector' (5; showing 5)" — a count that said
// there were five.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { SignaturesData } from "../../src/ops/find-signatures.ts";
import { gitRepo } from "../helpers/repo.ts";

const overloads = (pkg: string) =>
  [`export function pick(a: string): string;`, `export function pick(a: number): number;`, `export function pick(a: unknown): unknown {`, `  return a; // ${pkg}`, `}`, ``].join("\n");

describe("find kind=signatures", () => {
  test("a limit below the declarations' count says how many there are and how to see the rest", async () => {
    const root = gitRepo({ "packages/a/src/pick.ts": overloads("a"), "packages/b/src/pick.ts": overloads("b") });
    const cut = await call("find", { path: root, query: "pick", kind: "signatures", limit: 2 });
    const data = cut.data as unknown as SignaturesData;
    expect(data.signatures.length).toBe(2);
    expect(data.total).toBe(6);
    expect(cut.text).toContain("signatures of 'pick' (6; showing 2; raise limit (CLI --limit) for more):");
    const all = await call("find", { path: root, query: "pick", kind: "signatures", limit: 6 });
    expect(all.text).toContain("signatures of 'pick' (6):");
    expect((all.data as unknown as SignaturesData).total).toBe(6);
  }, 120_000);
});
