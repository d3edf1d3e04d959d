// Review's public API delta on a Python (or Go) change, compared as text: no checker re-judges it.
// A module constant's new value (`TIMEOUT = 30` → `60`, a rotated SECRET_KEY) was "BREAKING
// signature changed", and a redacted value showed the same text before and after; it is a value
// change now, not BREAKING. A removed public function and a changed annotation stay BREAKING.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { ReviewData } from "../../src/ops/review.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const SETTINGS = 'TIMEOUT = 30\nLIMIT: int = 5\nSECRET_KEY = "django-insecure-7f3k9x2q8w1e5r6t7y8u9i0o1p2a3s4d5f6g7h8j9k0l"\n\ndef total(a, b):\n    return a + b\n\ndef helper(x):\n    return x\n';

describe("review's API delta outside TypeScript", () => {
  test("a new value is a value change, not BREAKING; a removed function and a changed annotation are BREAKING", async () => {
    useRuntimeDir();
    const root = gitRepo({ "app/settings.py": SETTINGS, "go/m.go": 'package m\n\nconst Limit = 5\n' });
    writeFiles(root, {
      "app/settings.py": SETTINGS.replace("TIMEOUT = 30", "TIMEOUT = 60").replace("LIMIT: int = 5", "LIMIT: str = 'five'").replace("7f3k9x2q", "NEWNEWNE").replace("def helper(x):\n    return x\n", ""),
      "go/m.go": 'package m\n\nconst Limit = 6\n',
    });
    const r = await call("review", { path: root, changedSince: "HEAD", handoff: true });
    const delta = (r.data as unknown as ReviewData).apiDelta;
    const by = Object.fromEntries(delta.map((c) => [c.name, { kind: c.kind, breaking: c.breaking }]));
    expect(by).toEqual({
      helper: { kind: "removed", breaking: true },
      LIMIT: { kind: "signature", breaking: true },
      Limit: { kind: "value", breaking: false },
      SECRET_KEY: { kind: "value", breaking: false },
      TIMEOUT: { kind: "value", breaking: false },
    });
    expect(r.text).toContain("public API delta: 2 BREAKING, 0 additive, 3 values changed; compared as text");
    expect(r.text).toContain("  value changed: TIMEOUT (app/settings.py) [text] — was `TIMEOUT = 30`, now `TIMEOUT = 60`");
    expect(r.text).toContain("  value changed: SECRET_KEY (app/settings.py) [text] — was `SECRET_KEY = \"[REDACTED:api-token]\"`, now `SECRET_KEY = \"[REDACTED:api-token]\"` (the difference is inside a redacted value)");
    expect(r.text).not.toContain("django-insecure");
  }, 120_000);
});
