// A workspace with a TypeScript package is indexed in semantic mode, but the checker reads
// TypeScript and JavaScript only: a declaration in Python or Go has the syntax tier's evidence
// (the files importing it) and nothing more. impact, neighbors and test said "none reach it
// (checker-complete)" for a Python function another Python file imports (mixed repo: a web/
// package beside a svc/ service); they now answer from the syntax tier and say why.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { gitRepo } from "../helpers/repo.ts";
import { impact, neighbors } from "../helpers/refs.ts";

const FILES: Record<string, string> = {
  "web/package.json": JSON.stringify({ name: "web", type: "module", main: "src/index.ts" }),
  "web/tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "esnext", moduleResolution: "bundler", target: "es2022" }, include: ["src"] }),
  "web/src/index.ts": "export function formatPrice(n: number): string { return n.toFixed(2); }\n",
  "svc/app/__init__.py": "",
  "svc/app/util.py": "def clamp(x, lo, hi):\n    return max(lo, min(hi, x))\n",
  "svc/app/pricing.py": "from app.util import clamp\n\ndef total(p, t):\n    return p * (1 + clamp(t, 0, 1))\n",
  "svc/tests/test_pricing.py": "from app.pricing import total\n\ndef test_total():\n    assert total(10, 0) == 10\n",
  "gosvc/main.go": "package main\n\ntype Server struct{ Port int }\n\nfunc NewServer(port int) int { return port }\n\nfunc main() { NewServer(8080) }\n",
};

describe("a declaration outside the checker's languages in a semantic index", () => {
  const root = gitRepo(FILES);

  test("impact and neighbors answer from the syntax tier, never checker-complete", async () => {
    await call("index", { path: root });
    const ts = await impact(root, "formatPrice");
    expect(ts.coverage.mode).toBe("semantic");
    expect(ts.coverage.checker).toBe(true);

    const py = await call("impact", { path: root, symbol: "clamp", depth: 3 });
    const data = py.data as unknown as Awaited<ReturnType<typeof impact>>;
    expect(data.coverage).toMatchObject({ checker: false, complete: false });
    expect(data.coverage.line).toContain("svc/app/util.py is a python file: the semantic tier reads TypeScript and JavaScript only");
    expect(data.dependents.map((d) => d.path)).toEqual(["svc/app/pricing.py", "svc/tests/test_pricing.py"]);
    expect(data.tests.map((t) => t.path)).toEqual(["svc/tests/test_pricing.py"]);
    expect(py.text).not.toContain("checker-complete");
    expect(py.text).toContain("dependents (depth 3; syntax tier: hop 1: the files whose import can bind its name (from m import name, import m, *); further hops: the files importing those):");

    // public surface: package.json's entry points are TypeScript's; a Python module or Go package's is not judged (unknown, never "no")
    expect(data.publicSurface).toEqual({ public: null, how: "exported by its language's rules, but svc/app/util.py is a python file: svc follows a package's public surface for TypeScript and JavaScript only (package.json entry points)" });
    const member = (await impact(root, "Server.Port")).publicSurface;
    expect(member.public).toBeNull();
    expect(member.how).toStartWith("a member of struct Server, whose public surface is unknown: ");
    const go = await call("impact", { path: root, symbol: "NewServer", depth: 3 });
    expect(go.text).not.toContain("checker-complete");
    expect(go.text).toContain("covering tests (0): none found (syntax tier");

    const n = await neighbors(root, "clamp");
    // the structured result says what the text does: syntax tier, not complete
    expect(n.coverage).toMatchObject({ checker: false, complete: false });
    expect(n.coverage?.line).toContain("svc/app/util.py is a python file");
  }, 180_000);

  test("in a syntax index (no upgrade run yet) the reason is the language, not a pending upgrade", async () => {
    const go = gitRepo({ "socket.go": "package main\n\ntype Socket struct{ Dir string }\n\nfunc (s Socket) Path() string { return s.Dir }\n" });
    const r = await call("impact", { path: go, symbol: "Socket.Path" });
    expect(r.text).toContain("coverage: syntax tier (index mode syntax: socket.go is a go file: the semantic tier reads TypeScript and JavaScript only)");
    expect(r.text).not.toContain("svc index runs it");
  }, 120_000);

  test("a Go declaration: the files of its package use it without an import, a test beside it covers it", async () => {
    const go = gitRepo({
      "net/socket.go": "package net\n\ntype Socket struct{ Dir string }\n\nfunc (s Socket) Path() string { return s.Dir }\n",
      "net/client.go": "package net\n\nfunc Dial() string { return Socket{}.Path() }\n",
      "net/socket_test.go": 'package net\n\nimport "testing"\n\nfunc TestPath(t *testing.T) { _ = Socket{}.Path() }\n',
      "net/sub/x.go": "package sub\n\nfunc X() {}\n",
      "other.go": "package main\n\nfunc main() {}\n",
    });
    const d = await impact(go, "Socket.Path");
    expect(d.dependents.map((x) => `${x.type} ${x.path}`)).toEqual(["same package net/client.go", "same package net/socket_test.go"]);
    expect(d.tests).toEqual([{ path: "net/socket_test.go", hop: 1 }]);
    const n = await neighbors(go, "Socket.Path");
    expect(n.samePackage).toEqual(["net/client.go", "net/socket_test.go"]);
    const t = await call("test", { path: go, symbol: "Socket.Path" });
    expect(t.text).toContain("  net/socket_test.go  (hop 1)");
  }, 120_000);

  test("Python: hop 1 is the files whose import can bind the name; a function no test imports has no covering test", async () => {
    const py = gitRepo({
      "app/__init__.py": "",
      "app/util.py": "def clamp(x):\n    return x\n\ndef other():\n    return 1\n",
      "star.py": "from app.util import *\n",
      "whole.py": "import app.util as u\n",
      "module.py": "from app import util\n",
      "app/rel.py": "from .util import clamp as c2\n",
      "tests/test_other.py": "from app.util import (\n    other,\n)\n\ndef test_other():\n    assert other() == 1\n",
    });
    const clamp = await impact(py, "clamp");
    expect(clamp.dependents.map((d) => d.path)).toEqual(["app/rel.py", "module.py", "star.py", "whole.py"]);
    const other = await call("test", { path: py, symbol: "other" });
    expect(other.text).toContain("  tests/test_other.py  (hop 1)");
    const none = await call("test", { path: py, symbol: "clamp" });
    expect(none.text).toContain("none found (syntax tier: only imports are known; may be incomplete) — no test file references or imports it");
  }, 120_000);

  test("svc test selects by imports, as the syntax tier", async () => {
    const r = await call("test", { path: root, symbol: "clamp" });
    expect(r.text).toContain("by imports only (syntax tier)");
    expect(r.text).toContain("svc/tests/test_pricing.py");
  }, 120_000);
});
