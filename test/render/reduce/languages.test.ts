import { describe, expect, test } from "bun:test";
import { reduceFile, type Level } from "../../../src/render/reduce/index.ts";

const r = (path: string, text: string, level: Level) => reduceFile(text, { path, level });
const lines = (...l: string[]) => l.join("\n");

describe("Python", () => {
  const PY = lines(
    "import os",
    "from a import (",
    "    b,",
    "    c,",
    ")",
    "",
    "",
    "class Greeter(Base):",
    '    """Greets people.',
    "",
    "    At length.",
    '    """',
    "",
    "    count: int = 0  # how many",
    "",
    "    def greet(self, name: str) -> str:",
    '        """Say hello.',
    "",
    "        More.",
    '        """',
    '        return f"hi {name}"  # inline',
    "",
    "    def _secret(self):",
    "        return 1",
    "",
    "    def one(self): return 2",
    "",
    "",
    "def _helper():",
    "    pass",
    "",
    "",
    "def main() -> None:",
    '    print("# not a comment")',
    "",
  );

  test("standard: comments and imports go, docstrings and strings stay", () => {
    expect(r("app/greet.py", PY, "standard")).toBe(
      lines(
        "class Greeter(Base):",
        '    """Greets people.',
        "",
        "    At length.",
        '    """',
        "",
        "    count: int = 0",
        "",
        "    def greet(self, name: str) -> str:",
        '        """Say hello.',
        "",
        "        More.",
        '        """',
        '        return f"hi {name}"',
        "",
        "    def _secret(self):",
        "        return 1",
        "",
        "    def one(self): return 2",
        "",
        "def _helper():",
        "    pass",
        "",
        "def main() -> None:",
        '    print("# not a comment")',
      ),
    );
  });

  test("aggressive never touches indentation", () => {
    expect(r("app/greet.py", PY, "aggressive")).toBe(r("app/greet.py", PY, "standard"));
  });

  test("skeleton: docstring first line, then `...`", () => {
    expect(r("app/greet.py", PY, "skeleton")).toBe(
      lines(
        "import os",
        "from a import (",
        "    b,",
        "    c,",
        ")",
        "",
        "class Greeter(Base):",
        '    """Greets people."""',
        "",
        "    count: int = 0",
        "",
        "    def greet(self, name: str) -> str:",
        '        """Say hello."""',
        "        ...",
        "",
        "    def _secret(self):",
        "        ...",
        "",
        "    def one(self): ...",
        "",
        "def _helper():",
        "    ...",
        "",
        "def main() -> None:",
        "    ...",
      ),
    );
  });

  test("publicApi drops underscore names", () => {
    const out = r("app/greet.py", PY, "publicApi");
    expect(out).not.toContain("_secret");
    expect(out).not.toContain("def _helper");
    expect(out).toContain("# 1 declaration omitted (not exported): _helper");
    expect(out).toContain('    def greet(self, name: str) -> str:\n        """Say hello."""\n        ...');
    expect(out).toContain("def main() -> None:\n    ...");
  });
});

describe("Go", () => {
  const GO = lines(
    "package shop",
    "",
    "import (",
    '\t"fmt"',
    ")",
    "",
    "// Cart holds items.",
    "type Cart struct {",
    "\tItems []Item // the items",
    "\ttotal int",
    "}",
    "",
    "// Add adds an item to the cart.",
    "func (c *Cart) Add(i Item) {",
    "\tc.Items = append(c.Items, i)",
    "}",
    "",
    "func (c *Cart) recompute() {",
    "\tc.total = 0",
    "}",
    "",
    "func New() *Cart { return &Cart{} }",
    "",
  );

  test("standard removes the import block and comments", () => {
    expect(r("shop/cart.go", GO, "standard")).toBe(
      lines(
        "package shop",
        "",
        "type Cart struct {",
        "\tItems []Item",
        "\ttotal int",
        "}",
        "",
        "func (c *Cart) Add(i Item) {",
        "\tc.Items = append(c.Items, i)",
        "}",
        "",
        "func (c *Cart) recompute() {",
        "\tc.total = 0",
        "}",
        "",
        "func New() *Cart { return &Cart{} }",
      ),
    );
  });

  test("publicApi keeps exported (capitalised) identifiers", () => {
    expect(r("shop/cart.go", GO, "publicApi")).toBe(
      lines(
        "package shop",
        "",
        "import (",
        '\t"fmt"',
        ")",
        "",
        "// Cart holds items.",
        "type Cart struct {",
        "\tItems []Item",
        "}",
        "",
        "// Add adds an item to the cart.",
        "func (c *Cart) Add(i Item) { … }",
        "",
        "func New() *Cart { … }",
      ),
    );
  });
});

describe("Rust", () => {
  const RS = lines(
    "use std::fmt;",
    "pub use crate::model::Item;",
    "",
    "/// A cart.",
    "pub struct Cart {",
    "    pub items: Vec<Item>,",
    "    total: u32,",
    "}",
    "",
    "impl Cart {",
    "    /// Adds an item.",
    "    pub fn add(&mut self, i: Item) {",
    "        self.items.push(i); // push",
    "    }",
    "",
    "    fn recompute(&mut self) {",
    "        self.total = 0;",
    "    }",
    "}",
    "",
    "fn helper<'a>(s: &'a str) -> &'a str { s }",
    "",
  );

  test("standard removes `use` but keeps `pub use` re-exports; lifetimes are no char literals", () => {
    expect(r("src/cart.rs", RS, "standard")).toBe(
      lines(
        "pub use crate::model::Item;",
        "",
        "pub struct Cart {",
        "    pub items: Vec<Item>,",
        "    total: u32,",
        "}",
        "",
        "impl Cart {",
        "    pub fn add(&mut self, i: Item) {",
        "        self.items.push(i);",
        "    }",
        "",
        "    fn recompute(&mut self) {",
        "        self.total = 0;",
        "    }",
        "}",
        "",
        "fn helper<'a>(s: &'a str) -> &'a str { s }",
      ),
    );
  });

  test("publicApi keeps `pub` items", () => {
    expect(r("src/cart.rs", RS, "publicApi")).toBe(
      lines(
        "use std::fmt;",
        "pub use crate::model::Item;",
        "",
        "pub struct Cart {",
        "    pub items: Vec<Item>,",
        "}",
        "",
        "impl Cart {",
        "    /// Adds an item.",
        "    pub fn add(&mut self, i: Item) { … }",
        "}",
        "",
        "// 1 declaration omitted (not exported): helper",
      ),
    );
  });
});
