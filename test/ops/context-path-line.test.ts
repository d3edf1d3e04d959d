// A `path:line` seed, as svc_find and svc_impact name one declaration of a name several
// files declare ("'useSelector' is ambiguous: 12 declarations. Pass one of these (a
// qualified name, or path:line)"), seeds that declaration's file in svc_context and
// svc_focus. On xstate the next call an agent makes, svc_context
// seeds=["packages/xstate-react/src/useSelector.ts:13"], was a validation_error.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { gitRepo } from "../helpers/repo.ts";

const hook = (pkg: string) => `export function useSelector(store: { ${pkg}: number }): number {\n  return store.${pkg};\n}\n`;

describe("path:line seeds", () => {
  test("context and focus seed the file of the declaration a path:line names, and only it", async () => {
    const root = gitRepo({ "packages/react/src/useSelector.ts": hook("react"), "packages/vue/src/useSelector.ts": hook("vue"), "packages/vue/src/index.ts": 'export { useSelector } from "./useSelector";\n' });
    // every candidate has the same qualified name: only path:line tells them apart, and the hint says so
    const impact = await call("impact", { path: root, symbol: "useSelector" });
    expect(impact.text).toContain("'useSelector' is ambiguous: 2 declarations. Pass one of these (as path:line: they share the name):");
    const context = await call("context", { path: root, seeds: ["packages/vue/src/useSelector.ts:1"], depth: 1 });
    expect(context.text).toContain('<file path="packages/vue/src/useSelector.ts" role="exact-seed"');
    expect(context.text).not.toContain("packages/react/src/useSelector.ts");
    const focus = await call("focus", { path: root, focus: "packages/react/src/useSelector.ts:1", depth: 1 });
    expect(focus.text).toContain('<file path="packages/react/src/useSelector.ts"');
    expect(focus.text).not.toContain("packages/vue/src/useSelector.ts");
  }, 120_000);
});
