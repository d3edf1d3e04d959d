import { describe, expect, test } from "bun:test";
import { parseDeclarator } from "../../src/lang/extract/c-declarator.ts";
import { bodyText, expectWellFormed, outline } from "./outline-helpers.ts";

describe("Ruby", () => {
  const src = `require "json"

module Shop
  class Order < Base
    LIMIT = 10
    attr_reader :id, :total

    def initialize(id)
      @id = id
    end

    def self.build(attrs) # factory
      new(attrs[:id])
    end

    class << self
      def registry; end
    end

    def place; end

    private

    def secret; end

    protected def guarded; end
  end
end

def helper(x) = x * 2

class Shop::Admin::Report; end
`;
  const o = outline("ruby", src);

  test("modules, classes, methods, visibility sections", () => {
    expect(o.get("Shop")).toMatchObject({ kind: "module", startLine: 3, endLine: 28 });
    expect(o.get("Shop.Order")).toMatchObject({ kind: "class", signature: "class Order < Base", exported: true });
    expect(o.get("Shop.Order.LIMIT")).toMatchObject({ kind: "const", signature: "LIMIT = 10" });
    expect(o.get("Shop.Order.id").kind).toBe("property");
    expect(o.get("Shop.Order.total").kind).toBe("property");
    const init = o.get("Shop.Order.initialize");
    expect(init).toMatchObject({ kind: "constructor", signature: "def initialize(id)", startLine: 8, endLine: 10 });
    expect(bodyText(src, init)).toBe("@id = id");
    expect(o.get("Shop.Order.build")).toMatchObject({ kind: "method", signature: "def self.build(attrs)" });
    expect(o.get("Shop.Order.registry").kind).toBe("method");
    expect(o.get("Shop.Order.place")).toMatchObject({ visibility: "public", exported: true });
    expect(o.get("Shop.Order.secret")).toMatchObject({ visibility: "private", exported: false });
    expect(o.get("Shop.Order.guarded")).toMatchObject({ visibility: "protected", exported: false });
    expect(o.get("helper")).toMatchObject({ kind: "function", signature: "def helper(x)" });
    expect(o.get("Shop.Admin.Report").kind).toBe("class");
    expectWellFormed(src, o);
  });
});

describe("PHP", () => {
  const src = `<?php
namespace App\\Models;

use Illuminate\\Database\\Eloquent\\Model;

const VERSION = "1";

#[Entity]
final class User extends Model implements \\JsonSerializable
{
    use HasFactory;
    public const TABLE = 'users';
    protected static ?string $connection = null, $other;
    private int $id;

    public function __construct(private readonly int $x) { }
    public static function find(int $id): ?self { return null; }
    abstract protected function validate(): void;
    function legacy() {}
}

interface Shape { public function area(): float; }
trait Greets { public function hello(): string { return "hi"; } }
enum Suit: string { case Hearts = 'H'; case Spades = 'S'; }
function helper(array $xs): int { return count($xs); }
`;
  const o = outline("php", src);

  test("namespace statement scopes the file", () => {
    expect(o.get("App\\Models")).toMatchObject({ kind: "namespace" });
    expect(o.get("App\\Models.VERSION").kind).toBe("const");
    const user = o.get("App\\Models.User");
    expect(user).toMatchObject({ kind: "class", exported: true, startLine: 8, signature: "final class User extends Model implements \\JsonSerializable" });
    expect(src.slice(user.start, user.start + 2)).toBe("#[");
  });

  test("members", () => {
    const u = "App\\Models.User";
    expect(o.get(`${u}.TABLE`).kind).toBe("const");
    expect(o.get(`${u}.connection`)).toMatchObject({ kind: "property", visibility: "protected", exported: true });
    expect(o.get(`${u}.other`).kind).toBe("property");
    expect(o.get(`${u}.id`)).toMatchObject({ visibility: "private", exported: false });
    expect(o.get(`${u}.__construct`)).toMatchObject({ kind: "constructor", signature: "public function __construct(private readonly int $x)" });
    expect(o.get(`${u}.find`)).toMatchObject({ kind: "method", signature: "public static function find(int $id): ?self" });
    expect(o.get(`${u}.validate`).bodyStart).toBeUndefined();
    expect(o.get(`${u}.legacy`).visibility).toBe("public");
    expect(o.get("App\\Models.Shape.area").kind).toBe("method");
    expect(o.get("App\\Models.Greets").kind).toBe("trait");
    expect(o.get("App\\Models.Suit.Hearts").kind).toBe("enum_member");
    expect(o.get("App\\Models.helper")).toMatchObject({ kind: "function", exported: true });
    expectWellFormed(src, o);
  });
});

describe("Swift", () => {
  const src = `import Foundation

@objc public final class Store: NSObject, Codable {
    private var items: [Item] = []
    public let name: String
    public init(name: String) { self.name = name }
    deinit { }
    public func add(_ item: Item) -> Bool { return true }
    static func shared() -> Store { Store(name: "") }
    var count: Int { items.count }
    class Nested { }
}

struct Point { var x: Double; var y: Double }
enum Direction: String { case north = "n", south; func flip() {} }
protocol Shape { func area() -> Double; var sides: Int { get } }
extension Store: Equatable { public func same() -> Bool { true } }
public func top<T>(_ x: T) -> T { x }
let limit = 10
typealias Handler = () -> Void
`;
  const o = outline("swift", src);

  test("types and members", () => {
    expect(o.get("Store", "class")).toMatchObject({ exported: true, visibility: "public", startLine: 3, signature: "public final class Store: NSObject, Codable" });
    expect(o.get("Store.items")).toMatchObject({ kind: "property", visibility: "private", exported: false });
    expect(o.get("Store.name")).toMatchObject({ kind: "property", exported: true });
    expect(o.get("Store.init")).toMatchObject({ kind: "constructor", exported: true, signature: "public init(name: String)" });
    expect(o.get("Store.add")).toMatchObject({ kind: "method", exported: true, signature: "public func add(_ item: Item) -> Bool" });
    expect(o.get("Store.shared")).toMatchObject({ visibility: "internal", exported: false });
    expect(o.get("Store.count").kind).toBe("property");
    expect(o.get("Store.Nested").kind).toBe("class");
    expect(o.get("Point").kind).toBe("struct");
    expect(o.get("Point.x").kind).toBe("property");
    expect(o.get("Direction").kind).toBe("enum");
    expect(o.get("Direction.north").kind).toBe("enum_member");
    expect(o.get("Direction.south").kind).toBe("enum_member");
    expect(o.get("Direction.flip").kind).toBe("method");
    expect(o.get("Shape").kind).toBe("interface");
    expect(o.get("Shape.area").kind).toBe("method");
    expect(o.get("Shape.sides").kind).toBe("property");
    expect(o.get("Store", "impl")).toMatchObject({ signature: "extension Store: Equatable" });
    expect(o.get("top")).toMatchObject({ kind: "function", exported: true });
    expect(o.get("limit").kind).toBe("const");
    expect(o.get("Handler").kind).toBe("type");
    expectWellFormed(src, o);
  });
});

describe("C", () => {
  const src = `#ifndef ORDERS_H
#define ORDERS_H
#include <stdio.h>

#define MAX_ORDERS 64
#define SQUARE(x) ((x) * (x))

typedef unsigned long order_id;

typedef struct order {
    order_id id;
    char *name;
} order_t;

typedef struct { int x, y; } point;

struct list { struct list *next; };
union value { int i; float f; };
enum status { NEW, PAID };

extern int order_count;
static const int limit = 3;

int place(order_t *o);
static int helper(void) { return 0; }

char **names(const order_t *orders, size_t n) {
    return NULL;
}
#endif
`;
  const o = outline("c", src);

  test("types, typedefs, macros", () => {
    expect(o.has("ORDERS_H")).toBe(false);
    expect(o.get("MAX_ORDERS").kind).toBe("macro");
    expect(o.get("SQUARE")).toMatchObject({ kind: "macro", signature: "#define SQUARE(x) ((x) * (x))" });
    expect(o.get("order_id")).toMatchObject({ kind: "type", signature: "typedef unsigned long order_id" });
    expect(o.get("order")).toMatchObject({ kind: "struct", startLine: 10, endLine: 13 });
    expect(o.get("order.id").kind).toBe("field");
    expect(o.get("order_t")).toMatchObject({ kind: "type", signature: "typedef struct order {…} order_t" });
    expect(o.get("point")).toMatchObject({ kind: "struct", signature: "typedef struct {…} point" });
    expect(o.get("point.x").kind).toBe("field");
    expect(o.get("list").kind).toBe("struct");
    expect(o.get("value").kind).toBe("struct");
    expect(o.get("status").kind).toBe("enum");
    expect(o.get("status.PAID").kind).toBe("enum_member");
  });

  test("functions and globals; static is not exported", () => {
    expect(o.get("order_count")).toMatchObject({ kind: "variable", exported: true });
    expect(o.get("limit")).toMatchObject({ kind: "const", exported: false, visibility: "private" });
    expect(o.get("place")).toMatchObject({ kind: "function", exported: true, signature: "int place(order_t *o)" });
    expect(o.get("place").bodyStart).toBeUndefined();
    expect(o.get("helper")).toMatchObject({ kind: "function", exported: false, visibility: "private" });
    const names = o.get("names");
    expect(names).toMatchObject({ kind: "function", exported: true, signature: "char **names(const order_t *orders, size_t n)", startLine: 27, endLine: 29 });
    expect(bodyText(src, names)).toBe("{\n    return NULL;\n}");
    expectWellFormed(src, o);
  });
});

describe("C/C++ declarators", () => {
  const parse = (text: string) => {
    const d = parseDeclarator(text, 0, text.length);
    return d && { name: d.name.text, at: d.name.start, fn: d.isFunction, scopes: d.scopes };
  };
  test("names, functions vs pointers, qualified names", () => {
    expect(parse("*make(char **argv)")).toEqual({ name: "make", at: 1, fn: true, scopes: [] });
    expect(parse("(*handler)(int)")).toEqual({ name: "handler", at: 2, fn: false, scopes: [] });
    expect(parse("table[16] = { 0 }")).toEqual({ name: "table", at: 0, fn: false, scopes: [] });
    expect(parse("const *const names")).toMatchObject({ name: "names", fn: false });
    expect(parse("Repo<T>::get(int id) const")).toEqual({ name: "get", at: 9, fn: true, scopes: ["Repo"] });
    expect(parse("ns::Foo::~Foo()")).toMatchObject({ name: "~Foo", fn: true, scopes: ["ns", "Foo"] });
    expect(parse("operator==(const A &b)")).toMatchObject({ name: "operator==", fn: true });
    expect(parse("&operator[](size_t i)")).toMatchObject({ name: "operator[]", fn: true });
  });

  test("function pointers and const tables in a file", () => {
    const src = "int (*on_event)(int code);\nstatic const char *const NAMES[] = { \"a\", \"b\" };\n";
    const o = outline("c", src);
    expect(o.get("on_event")).toMatchObject({ kind: "variable", exported: true });
    expect(o.get("NAMES")).toMatchObject({ kind: "const", exported: false });
  });
});

describe("C++", () => {
  const src = `#include <string>

namespace shop {
namespace detail { int hidden_helper(); }

template <typename T>
class Repository : public Base {
public:
    Repository(int size);
    ~Repository();
    virtual T get(int id) const override { return T(); }
    static int count;
protected:
    void touch();
private:
    int size_ = 0, used_;
    struct Slot { int id; };
    enum class Mode { Read, Write };
};

struct Point { double x; void move() {} };

int Repository<int>::get_count() { return 0; }
Repository::Repository(int size) : size_(size) {}
}

namespace { void internal_only() {} }

extern "C" { void c_entry(); }
using Id = long;
`;
  const o = outline("cpp", src);

  test("namespaces, classes, access sections", () => {
    expect(o.get("shop")).toMatchObject({ kind: "namespace", exported: true });
    expect(o.get("shop.detail.hidden_helper").kind).toBe("function");
    const repo = o.get("shop.Repository", "class");
    expect(repo).toMatchObject({ startLine: 6, endLine: 19, signature: "template <typename T> class Repository : public Base" });
    expect(o.get("shop.Repository.~Repository").kind).toBe("method");
    expect(o.get("shop.Repository.get")).toMatchObject({ kind: "method", visibility: "public", exported: true, signature: "virtual T get(int id) const override" });
    expect(o.get("shop.Repository.count")).toMatchObject({ kind: "field", visibility: "public" });
    expect(o.get("shop.Repository.touch")).toMatchObject({ kind: "method", visibility: "protected", exported: true });
    expect(o.get("shop.Repository.size_")).toMatchObject({ kind: "field", visibility: "private", exported: false });
    expect(o.get("shop.Repository.used_").kind).toBe("field");
    expect(o.get("shop.Repository.Slot")).toMatchObject({ kind: "struct", visibility: "private" });
    expect(o.get("shop.Repository.Mode.Write").kind).toBe("enum_member");
    expect(o.get("shop.Point.x").visibility).toBe("public");
    expect(o.get("shop.Point.move").kind).toBe("method");
  });

  test("out-of-class definitions, anonymous namespaces, linkage blocks", () => {
    expect(o.get("shop.Repository.get_count")).toMatchObject({ kind: "method", signature: "int Repository<int>::get_count()" });
    const ctors = o.decls.filter((d) => d.qualifiedName === "shop.Repository.Repository");
    expect(ctors.map((d) => d.bodyStart !== undefined)).toEqual([false, true]);
    expect(ctors[1]!.signature).toBe("Repository::Repository(int size) : size_(size)");
    expect(o.get("(anonymous)")).toMatchObject({ kind: "namespace", exported: false });
    expect(o.get("(anonymous).internal_only").exported).toBe(false);
    expect(o.get("c_entry").kind).toBe("function");
    expect(o.get("Id").kind).toBe("type");
    expectWellFormed(src, o);
  });
});
