import { describe, expect, test } from "bun:test";
import { implName, rustVisibility } from "../../src/lang/extract/rust.ts";
import { bodyText, expectWellFormed, outline } from "./outline-helpers.ts";

const SRC = `//! Orders.
use std::fmt;

/// An order.
#[derive(Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Order<T> {
    pub id: u64,
    items: Vec<T>,
    pub(crate) note: String,
}

pub struct Pair(pub u8, u8);

pub(crate) enum Status {
    New,
    Paid { at: u64 },
    Failed(String),
}

pub trait Priced {
    const CURRENCY: &'static str;
    type Amount;
    fn price(&self) -> u64;
    fn discounted(&self) -> u64 { self.price() }
}

impl<T: Clone> fmt::Display for Order<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "order")
    }
}

impl<T> Order<T> {
    pub const LIMIT: usize = 10;
    pub fn new(id: u64) -> Self {
        Order { id, items: vec![], note: String::new() }
    }
    fn helper(&self) {}
    pub(super) async fn sync(&self) {}
}

pub fn total(orders: &[Order<u8>]) -> u64 {
    fn inner() {}
    0
}

pub mod storage {
    pub fn save() {}
    fn hidden() {}
    mod deeper;
}

mod private {
    pub fn unreachable() {}
}

const LOCAL: u32 = 1;
pub static mut COUNTER: u32 = 0;
pub type Result<T> = std::result::Result<T, Error>;

macro_rules! order {
    () => {};
}
`;

describe("Rust", () => {
  const o = outline("rust", SRC);

  test("structs start at their attributes; fields follow pub rules", () => {
    const s = o.get("Order", "struct");
    expect(s).toMatchObject({ exported: true, visibility: "public", startLine: 5, endLine: 11, signature: "pub struct Order<T>" });
    expect(SRC.slice(s.start, s.start + 9)).toBe("#[derive(");
    expect(bodyText(SRC, s).startsWith("{\n    pub id")).toBe(true);
    expect(o.get("Order.id")).toMatchObject({ kind: "field", exported: true, visibility: "public", signature: "pub id: u64" });
    expect(o.get("Order.items")).toMatchObject({ kind: "field", exported: false, visibility: "private" });
    expect(o.get("Order.note")).toMatchObject({ exported: false, visibility: "internal" });
    expect(o.get("Pair").kind).toBe("struct");
  });

  test("enums and variants", () => {
    expect(o.get("Status")).toMatchObject({ kind: "enum", exported: false, visibility: "internal" });
    expect(o.decls.filter((d) => d.container === "Status").map((d) => `${d.kind} ${d.name}`)).toEqual([
      "enum_member New",
      "enum_member Paid",
      "enum_member Failed",
    ]);
  });

  test("traits and their items", () => {
    expect(o.get("Priced")).toMatchObject({ kind: "trait", exported: true, signature: "pub trait Priced" });
    expect(o.get("Priced.CURRENCY").kind).toBe("const");
    expect(o.get("Priced.Amount").kind).toBe("type");
    expect(o.get("Priced.price")).toMatchObject({ kind: "method", exported: true, visibility: "public", signature: "fn price(&self) -> u64" });
    expect(o.get("Priced.price").bodyStart).toBeUndefined();
    expect(o.get("Priced.discounted").bodyStart).toBeDefined();
  });

  test("impl blocks are named by the type; their fns are methods of it", () => {
    const impls = o.decls.filter((d) => d.kind === "impl");
    expect(impls.map((d) => d.name)).toEqual(["Order", "Order"]);
    expect(impls[0]!.signature).toBe("impl<T: Clone> fmt::Display for Order<T>");
    expect(impls[0]!.exported).toBe(true);
    expect(o.get("Order.fmt")).toMatchObject({ kind: "method", container: "Order", exported: true, visibility: "public" });
    expect(o.get("Order.new")).toMatchObject({ kind: "method", exported: true, signature: "pub fn new(id: u64) -> Self" });
    expect(o.get("Order.helper")).toMatchObject({ exported: false, visibility: "private" });
    expect(o.get("Order.sync")).toMatchObject({ exported: false, visibility: "internal", signature: "pub(super) async fn sync(&self)" });
    expect(o.get("Order.LIMIT")).toMatchObject({ kind: "const", exported: true, signature: "pub const LIMIT: usize = 10" });
  });

  test("functions, modules, consts, statics, type aliases, macros", () => {
    const total = o.get("total");
    expect(total).toMatchObject({ kind: "function", exported: true, signature: "pub fn total(orders: &[Order<u8>]) -> u64" });
    expect(o.decls.some((d) => d.name === "inner")).toBe(false);
    expect(o.get("storage")).toMatchObject({ kind: "namespace", exported: true });
    expect(o.get("storage.save")).toMatchObject({ kind: "function", exported: true });
    expect(o.get("storage.hidden").exported).toBe(false);
    expect(o.get("storage.deeper")).toMatchObject({ kind: "namespace", exported: false });
    expect(o.get("private.unreachable")).toMatchObject({ visibility: "public", exported: false });
    expect(o.get("LOCAL")).toMatchObject({ kind: "const", exported: false, visibility: "private" });
    expect(o.get("COUNTER")).toMatchObject({ kind: "variable", exported: true });
    expect(o.get("Result")).toMatchObject({ kind: "type", exported: true, signature: "pub type Result<T> = std::result::Result<T, Error>" });
    expect(o.get("order")).toMatchObject({ kind: "macro", signature: "macro_rules! order" });
    expect(bodyText(SRC, o.get("order")).startsWith("{")).toBe(true);
  });

  test("impl of a type declared non-public in the file is not exported", () => {
    const m = outline("rust", "struct Hidden;\nimpl Hidden { pub fn go(&self) {} }\nimpl Clone for Vec2 { fn clone(&self) -> Self { *self } }\n");
    expect(m.decls.filter((d) => d.kind === "impl").map((d) => [d.name, d.exported])).toEqual([
      ["Hidden", false],
      ["Vec2", true],
    ]);
    expect(m.get("Hidden.go").exported).toBe(false);
  });

  test("helpers", () => {
    expect(implName("Order<T>")).toBe("Order");
    expect(implName("fmt::Formatter<'a>")).toBe("Formatter");
    expect(implName("&'a mut Buf")).toBe("Buf");
    expect(rustVisibility("pub ")).toBe("public");
    expect(rustVisibility("pub(crate) ")).toBe("internal");
    expect(rustVisibility("pub(self) ")).toBe("private");
    expect(rustVisibility("")).toBe("private");
  });

  test("well-formed", () => {
    expect(o.hasErrors).toBe(false);
    expectWellFormed(SRC, o);
  });
});
