import { describe, expect, test } from "bun:test";
import { reduceFile, type Level } from "../../../src/render/reduce/index.ts";

const r = (path: string, text: string, level: Level) => reduceFile(text, { path, level });
const lines = (...l: string[]) => l.join("\n");

describe("Java and C#", () => {
  const JAVA = lines(
    "package shop;",
    "",
    "import java.util.List;",
    "",
    "/** A cart. Holds items. */",
    "public class Cart {",
    "    private int total;",
    "    protected List<Item> items;",
    "",
    "    public void add(Item i) {",
    "        items.add(i); // add",
    "    }",
    "",
    "    void recompute() {",
    "        total = 0;",
    "    }",
    "",
    "    private void log() {}",
    "}",
    "",
  );

  test("Java standard", () => {
    expect(r("src/Cart.java", JAVA, "standard")).toBe(
      lines(
        "package shop;",
        "",
        "public class Cart {",
        "    private int total;",
        "    protected List<Item> items;",
        "",
        "    public void add(Item i) {",
        "        items.add(i);",
        "    }",
        "",
        "    void recompute() {",
        "        total = 0;",
        "    }",
        "",
        "    private void log() {}",
        "}",
      ),
    );
  });

  test("Java publicApi keeps public and protected", () => {
    expect(r("src/Cart.java", JAVA, "publicApi")).toBe(
      lines("package shop;", "", "import java.util.List;", "", "public class Cart {", "    protected List<Item> items;", "", "    public void add(Item i) { … }", "}"),
    );
  });

  const CS = lines(
    "using System;",
    "",
    "namespace Shop",
    "{",
    "    /// <summary>A shopping cart.</summary>",
    "    public class Cart",
    "    {",
    "        private int _total;",
    "",
    "        public void Add(Item i)",
    "        {",
    "            _items.Add(i);",
    "        }",
    "",
    "        internal void Recompute() { _total = 0; }",
    "        protected void Log() { }",
    "    }",
    "}",
    "",
  );

  test("C# skeleton: Allman bodies join their header, XML doc summary kept", () => {
    expect(r("src/Cart.cs", CS, "skeleton")).toBe(
      lines(
        "using System;",
        "",
        "namespace Shop",
        "{",
        "    /// A shopping cart.",
        "    public class Cart",
        "    {",
        "        private int _total;",
        "",
        "        public void Add(Item i) { … }",
        "",
        "        internal void Recompute() { … }",
        "        protected void Log() { … }",
        "    }",
        "}",
      ),
    );
  });

  test("C# publicApi keeps public and protected", () => {
    expect(r("src/Cart.cs", CS, "publicApi")).toBe(
      lines("using System;", "", "namespace Shop", "{", "    /// A shopping cart.", "    public class Cart", "    {", "        public void Add(Item i) { … }", "", "        protected void Log() { … }", "    }", "}"),
    );
  });

  test("C# verbatim strings survive comment stripping", () => {
    expect(r("a.cs", 'var p = @"C:\\dir\\"; // c\nvar q = $"{(a ? "x" : "y")} // not";\n', "standard")).toBe('var p = @"C:\\dir\\";\nvar q = $"{(a ? "x" : "y")} // not";');
  });
});

describe("other grammar languages", () => {
  test("Kotlin: imports go; publicApi drops private/internal, keeps primary-constructor properties", () => {
    const KT = 'package shop\nimport kotlin.math.max\n\nclass Cart(private val repo: Repo) : Base(), ICart {\n    fun add(i: Item): Int { return repo.save("$i // x") }\n    private fun hidden() = 2\n    internal fun inner() {}\n}\n';
    expect(r("Cart.kt", KT, "standard")).toBe('package shop\n\nclass Cart(private val repo: Repo) : Base(), ICart {\n    fun add(i: Item): Int { return repo.save("$i // x") }\n    private fun hidden() = 2\n    internal fun inner() {}\n}');
    expect(r("Cart.kt", KT, "publicApi")).toBe("package shop\nimport kotlin.math.max\n\nclass Cart(private val repo: Repo) : Base(), ICart {\n    fun add(i: Item): Int { … }\n}");
  });

  test("Ruby: requires and comments go, heredocs stay", () => {
    const RB = "require 'json'\nrequire_relative \"./model\"\n\n# A cart.\nclass Cart < Base\n  def add(i)\n    sql = <<~SQL\n      SELECT # not a comment\n    SQL\n    @items << i # push\n  end\nend\n";
    expect(r("cart.rb", RB, "standard")).toBe("class Cart < Base\n  def add(i)\n    sql = <<~SQL\n      SELECT # not a comment\n    SQL\n    @items << i\n  end\nend");
    expect(r("cart.rb", RB, "skeleton")).toBe("require 'json'\nrequire_relative \"./model\"\n\nclass Cart < Base\n  def add(i)\n    …\n  end\nend");
  });

  test("PHP: namespace-level use and # comments go, trait use stays", () => {
    const PHP = '<?php\nnamespace Shop;\n\nuse Shop\\Model\\Item;\n\nclass Cart extends Base\n{\n    use Logs;\n    # hash comment\n    public function add(Item $i): void\n    {\n        $s = "# not a comment"; // c\n    }\n    private function hidden() {}\n}\n';
    expect(r("Cart.php", PHP, "standard")).toBe('<?php\nnamespace Shop;\n\nclass Cart extends Base\n{\n    use Logs;\n    public function add(Item $i): void\n    {\n        $s = "# not a comment";\n    }\n    private function hidden() {}\n}');
    expect(r("Cart.php", PHP, "publicApi")).toBe("<?php\nnamespace Shop;\n\nuse Shop\\Model\\Item;\n\nclass Cart extends Base\n{\n    use Logs;\n    public function add(Item $i): void { … }\n}");
  });

  test("Swift, C++: imports/includes go; interpolation and digit separators are no literals", () => {
    expect(r("Cart.swift", 'import Foundation\nlet s = "// \\(id) not" // c\n', "standard")).toBe('let s = "// \\(id) not"');
    expect(r("cart.cpp", '#include <vector>\n#include "cart.h"\nint big = 1\'000\'000; // c\nconst char* s = "/* not */";\n', "standard")).toBe('int big = 1\'000\'000;\nconst char* s = "/* not */";');
  });

  test("C++ aggressive keeps preprocessor lines apart", () => {
    expect(r("a.cpp", "#define MAX (10)\nint f(int a) {\n    return a - -1;\n}\n", "aggressive")).toBe("#define MAX (10)\nint f(int a){return a- -1;}");
  });
});
