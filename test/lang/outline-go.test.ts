import { describe, expect, test } from "bun:test";
import { bodyText, expectWellFormed, outline } from "./outline-helpers.ts";

const SRC = `package orders

import (
	"context"
	"io"
)

// MaxItems bounds an order.
const MaxItems = 100

const (
	statusNew = iota
	StatusPaid
)

var ErrNotFound, errHidden = errors.New("not found"), errors.New("x")

// Order is a customer order.
type Order struct {
	ID    string \`json:"id"\`
	items []Item
	a, B  int
	*Embedded
	io.Reader
}

type Store interface {
	Get(ctx context.Context, id string) (*Order, error)
	io.Closer
}

type ID string
type Alias = Order

type (
	pair struct{ k, v string }
	Lister[T any] interface{ List() []T }
)

func New(items ...Item) *Order {
	return &Order{items: items}
}

func (o *Order) Total() int {
	return len(o.items)
}

func (o Order) private() {}

func (p pair) Key() string { return p.k }
`;

describe("Go", () => {
  const o = outline("go", SRC);

  test("constants and variables", () => {
    expect(o.get("MaxItems")).toMatchObject({ kind: "const", exported: true, visibility: "public", signature: "const MaxItems = 100", startLine: 9 });
    expect(o.get("statusNew")).toMatchObject({ kind: "const", exported: false, visibility: "package", signature: "const statusNew = iota", startLine: 12 });
    expect(o.get("StatusPaid")).toMatchObject({ exported: true, signature: "const StatusPaid" });
    expect(o.get("ErrNotFound")).toMatchObject({ kind: "variable", exported: true });
    expect(o.get("errHidden").exported).toBe(false);
  });

  test("struct with fields, embedded fields named by type", () => {
    const order = o.get("Order");
    expect(order).toMatchObject({ kind: "struct", exported: true, signature: "type Order struct", startLine: 19, endLine: 25 });
    expect(bodyText(SRC, order).startsWith("{\n\tID")).toBe(true);
    expect(o.get("Order.ID")).toMatchObject({ kind: "field", exported: true, signature: 'ID string `json:"id"`' });
    expect(o.get("Order.items")).toMatchObject({ kind: "field", exported: false, visibility: "package" });
    expect(o.get("Order.a").exported).toBe(false);
    expect(o.get("Order.B").exported).toBe(true);
    expect(o.get("Order.Embedded").kind).toBe("field");
    expect(o.get("Order.Reader").kind).toBe("field");
  });

  test("interfaces with methods; other types", () => {
    expect(o.get("Store")).toMatchObject({ kind: "interface", exported: true, signature: "type Store interface" });
    expect(o.get("Store.Get")).toMatchObject({ kind: "method", exported: true, signature: "Get(ctx context.Context, id string) (*Order, error)" });
    expect(o.decls.filter((d) => d.container === "Store")).toHaveLength(1);
    expect(o.get("ID")).toMatchObject({ kind: "type", signature: "type ID string" });
    expect(o.get("Alias")).toMatchObject({ kind: "type", signature: "type Alias = Order" });
    expect(o.get("pair")).toMatchObject({ kind: "struct", exported: false, signature: "type pair struct" });
    expect(o.get("pair.k").kind).toBe("field");
    expect(o.get("Lister")).toMatchObject({ kind: "interface", signature: "type Lister[T any] interface" });
    expect(o.get("Lister.List").kind).toBe("method");
  });

  test("functions and methods with receivers", () => {
    const fn = o.get("New");
    expect(fn).toMatchObject({ kind: "function", exported: true, signature: "func New(items ...Item) *Order" });
    expect(bodyText(SRC, fn)).toBe("{\n\treturn &Order{items: items}\n}");
    expect(o.get("Order.Total")).toMatchObject({ kind: "method", container: "Order", exported: true, signature: "func (o *Order) Total() int" });
    expect(o.get("Order.private")).toMatchObject({ kind: "method", exported: false, visibility: "package" });
    expect(o.get("pair.Key")).toMatchObject({ kind: "method", exported: false, visibility: "public" });
  });

  test("well-formed", () => {
    expect(o.hasErrors).toBe(false);
    expectWellFormed(SRC, o);
  });
});
