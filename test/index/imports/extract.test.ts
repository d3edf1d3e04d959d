import { describe, expect, test } from "bun:test";
import { brief, refsOf } from "./helpers.ts";

describe("TypeScript / JavaScript", () => {
  const SRC = `import a, { B, C as D, type E } from "./x";
import * as ns from "y";
import type { T } from "./t";
import type from "./default-named-type";
import "side";
import z = require("zz");
export * from "./all";
export * as nsx from "./nsall";
export { A, B as BB } from "./ab";
export type { TT } from "./tt";
export { default } from "./def";
export const local = 1;
import data from "./d.json" with { type: "json" };
import { /* from "nope" */ q } from "https://cdn.example.com/q.js"; // trailing from "nope"
const r = require("r1");
async function f() {
  if (x) {
    const m = await import("./dyn");
    // require("commented")
    const s = "require('in-string')";
    require(\`./tpl\`);
  }
}
`;
  test("statements, names and kinds", () => {
    expect(brief(refsOf("typescript", SRC))).toEqual([
      "import ./x default B C E",
      "import y *",
      "import ./t T (type)",
      "import ./default-named-type default",
      "import side",
      "import zz *",
      "export ./all *",
      "export ./nsall *",
      "export ./ab A B",
      "export ./tt TT (type)",
      "export ./def default",
      "import ./d.json default",
      "import https://cdn.example.com/q.js q",
      "require r1",
      "dynamic ./dyn",
      "require ./tpl",
    ]);
  });

  test("1-based lines", () => {
    const refs = refsOf("typescript", SRC);
    expect(refs.find((r) => r.specifier === "./x")!.line).toBe(1);
    expect(refs.find((r) => r.specifier === "./dyn")!.line).toBe(18);
    expect(refs.find((r) => r.specifier === "./tpl")!.line).toBe(21);
  });

  test("CommonJS, nested requires, reference directives", () => {
    const js = `/// <reference path="./globals.d.ts" />
/// <reference types="node" />
"use strict";
const { a, b } = require("./ab"), c = require('./c');
module.exports = require("./reexport");
function lazy() { return require("lazy-dep"); }
const tpl = require(\`./\${name}\`); // not a literal
`;
    expect(brief(refsOf("javascript", js))).toEqual([
      "include ./globals.d.ts",
      "require ./ab",
      "require ./c",
      "require ./reexport",
      "require lazy-dep",
    ]);
  });

  test("TSX and files without imports", () => {
    expect(brief(refsOf("tsx", `import React from "react";\nexport const App = () => <div>{import.meta.url}</div>;\n`))).toEqual(["import react default"]);
    expect(refsOf("typescript", "export const x = 1;\n")).toEqual([]);
    expect(refsOf("typescript", "")).toEqual([]);
  });

  test("type-position import() is a dynamic ref", () => {
    expect(brief(refsOf("typescript", `type T = import("./types").Foo;\n`))).toEqual(["dynamic ./types"]);
  });
});

test("Python", () => {
  const src = `import os.path, sys as system
import a.b.c as abc
from .x import y, z as zz
from ..pkg.mod import (q,  # comment
   r)
from . import m
from .. import *
from __future__ import annotations
try:
    import ujson as json
except ImportError:
    import json
def f():
    from lazy.mod import thing
    """
    import not_code
    """
    if x: import inline_mod
    print("error: import failed")
`;
  const refs = refsOf("python", src);
  expect(brief(refs)).toEqual([
    "import os.path",
    "import sys",
    "import a.b.c",
    "import .x y z",
    "import ..pkg.mod q r",
    "import . m",
    "import .. *",
    "import ujson",
    "import json",
    "import lazy.mod thing",
    "import inline_mod",
  ]);
  expect(refs.map((r) => r.line)).toEqual([1, 1, 2, 3, 4, 6, 7, 10, 12, 14, 18]);
});

test("Go", () => {
  const refs = refsOf("go", `package x\n\nimport "fmt"\nimport (\n\t"context"\n\talias "github.com/acme/app/pkg/orders"\n\t_ "embed"\n)\n\nfunc main() {}\n`);
  expect(brief(refs)).toEqual(["import fmt", "import context", "import github.com/acme/app/pkg/orders", "import embed"]);
  expect(refs.map((r) => r.line)).toEqual([3, 5, 6, 7]);
});

test("Rust", () => {
  const src = `mod orders;
pub mod inline { fn x() {} }
#[cfg(test)]
mod tests;
use crate::a::b::{C, D as E, f::G};
use super::x;
use self::y::Z;
use std::collections::HashMap;
pub(crate) use crate::q::*;
use crate::w::{self, V};
extern crate serde;
`;
  expect(brief(refsOf("rust", src))).toEqual([
    "mod orders",
    "mod tests",
    "use crate::a::b C D",
    "use crate::a::b::f G",
    "use super x",
    "use self::y Z",
    "use std::collections HashMap",
    "use crate::q *",
    "use crate::w self V",
    "use serde",
  ]);
});

test("Java, Kotlin, Scala", () => {
  expect(brief(refsOf("java", `package com.acme;\nimport com.acme.orders.Order;\nimport com.acme.util.*;\nimport static com.acme.Util.helper;\npublic class A {}\n`))).toEqual([
    "import com.acme.orders.Order Order",
    "import com.acme.util.* *",
    "import com.acme.Util.helper helper",
  ]);
  expect(brief(refsOf("kotlin", `package com.acme\nimport com.acme.orders.Order\nimport com.acme.util.*\nimport com.acme.x.Y as Z\nclass A\n`))).toEqual([
    "import com.acme.orders.Order Order",
    "import com.acme.util.* *",
    "import com.acme.x.Y Y",
  ]);
  expect(brief(refsOf("scala", `package com.acme\nimport com.acme.orders.Order\nimport com.acme.util._\nimport com.acme.x.{Y, Z => W}\nobject A\n`))).toEqual([
    "import com.acme.orders.Order Order",
    "import com.acme.util._ *",
    "import com.acme.x Y Z",
  ]);
});

test("C#", () => {
  const src = `using System;\nusing static Acme.Util;\nusing Alias = Acme.X.Y;\nglobal using Acme.G;\nnamespace Acme.Web { using Acme.Inner; class A {} }\n`;
  expect(brief(refsOf("csharp", src))).toEqual(["using System", "using Acme.Util", "using Acme.X.Y", "using Acme.G", "using Acme.Inner"]);
});

test("C and C++", () => {
  const src = `#include <stdio.h>\n#include "orders/order.h"\n#ifdef X\n#  include "cond.h"\n#endif\n// #include "commented.h" is not at a line start\nint f() { return 0; }\n`;
  const refs = refsOf("c", src);
  expect(brief(refs)).toEqual(["include <stdio.h>", "include orders/order.h", "include cond.h"]);
  expect(refs.map((r) => r.line)).toEqual([1, 2, 4]);
  expect(brief(refsOf("cpp", `namespace n {\n#include "inner.hpp"\n}\n`))).toEqual(["include inner.hpp"]);
});

test("Ruby, PHP, Swift", () => {
  expect(brief(refsOf("ruby", `require "json"\nrequire_relative "orders/order"\nrequire_relative '../lib/x'\nmodule M\n  require("inside")\nend\n`))).toEqual([
    "require json",
    "require ./orders/order",
    "require ../lib/x",
    "require inside",
  ]);
  const php = `<?php\nnamespace App\\Http;\nuse App\\Models\\User;\nuse App\\Models\\{Order, Item as It};\nrequire_once __DIR__ . '/bootstrap.php';\ninclude 'lib/x.php';\nclass A {}\n`;
  expect(brief(refsOf("php", php))).toEqual(["use App\\Models\\User User", "use App\\Models Order Item", "require ./bootstrap.php", "include lib/x.php"]);
  expect(brief(refsOf("swift", `import Foundation\n@testable import MyApp\nimport struct Foo.Bar\nclass A {}\n`))).toEqual(["import Foundation", "import MyApp", "import Foo.Bar"]);
});

test("broken sources never throw", () => {
  for (const lang of ["typescript", "python", "rust", "go", "java", "c"] as const) {
    expect(() => refsOf(lang, "import { from \"\nuse ::{{; #include \"")).not.toThrow();
  }
});
