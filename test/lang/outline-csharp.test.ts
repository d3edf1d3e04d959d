import { describe, expect, test } from "bun:test";
import { bodyText, expectWellFormed, outline } from "./outline-helpers.ts";

const BLOCK = `using System;

namespace Shop.Orders
{
    [Serializable]
    [Table("orders")]
    public class OrderService<T> : ServiceBase, IOrders where T : class
    {
        private readonly int _max = 10, _min;
        public string Name { get; set; } = "";
        internal static int Count;
        public event EventHandler Changed;
        int implicitPrivate;

        public OrderService(IRepo repo) : base(repo) { }
        ~OrderService() { }

        protected virtual async Task<int> LoadAsync<U>(U id) => 1;
        void Helper() { }
        public int this[int i] => i;
        public static OrderService<T> operator +(OrderService<T> a, OrderService<T> b) => a;

        public class Line { }
        class HiddenLine { }
    }

    interface IOrders { void Place(); int Count { get; } }
    public struct Money { public decimal Amount; }
    public enum Status { New, Paid = 2 }
    public record Customer(string Name);
    public delegate void Handler(object sender);
}
`;

describe("C# (block namespace)", () => {
  const o = outline("csharp", BLOCK);

  test("namespace contains everything", () => {
    expect(o.get("Shop.Orders")).toMatchObject({ kind: "namespace", exported: true, startLine: 3, endLine: 32 });
    expect(o.decls.filter((d) => d.container === null).map((d) => d.name)).toEqual(["Shop.Orders"]);
  });

  test("class with attributes", () => {
    const cls = o.get("Shop.Orders.OrderService");
    expect(cls).toMatchObject({ kind: "class", exported: true, visibility: "public", startLine: 5, endLine: 25 });
    expect(BLOCK.slice(cls.start, cls.start + 13)).toBe("[Serializable");
    expect(cls.signature).toBe("public class OrderService<T> : ServiceBase, IOrders where T : class");
  });

  test("members", () => {
    const c = "Shop.Orders.OrderService";
    expect(o.get(`${c}._max`)).toMatchObject({ kind: "field", visibility: "private", exported: false });
    expect(o.get(`${c}._min`).kind).toBe("field");
    expect(o.get(`${c}.Name`)).toMatchObject({ kind: "property", exported: true, signature: 'public string Name { get; set; } = ""' });
    expect(o.get(`${c}.Count`)).toMatchObject({ kind: "field", visibility: "internal", exported: false });
    expect(o.get(`${c}.Changed`)).toMatchObject({ kind: "field", exported: true });
    expect(o.get(`${c}.implicitPrivate`).visibility).toBe("private");
    const ctor = o.get(`${c}.OrderService`);
    expect(ctor).toMatchObject({ kind: "constructor", exported: true, signature: "public OrderService(IRepo repo) : base(repo)" });
    expect(bodyText(BLOCK, ctor)).toBe("{ }");
    expect(o.get(`${c}.~OrderService`).kind).toBe("method");
    expect(o.get(`${c}.LoadAsync`)).toMatchObject({ kind: "method", visibility: "protected", exported: true, signature: "protected virtual async Task<int> LoadAsync<U>(U id)" });
    expect(o.get(`${c}.Helper`)).toMatchObject({ visibility: "private", exported: false });
    expect(o.get(`${c}.this`).kind).toBe("property");
    expect(o.get(`${c}.operator +`).kind).toBe("method");
    expect(o.get(`${c}.Line`)).toMatchObject({ kind: "class", exported: true });
    expect(o.get(`${c}.HiddenLine`)).toMatchObject({ visibility: "private", exported: false });
  });

  test("other type kinds and defaults", () => {
    expect(o.get("Shop.Orders.IOrders")).toMatchObject({ kind: "interface", visibility: "internal", exported: false });
    expect(o.get("Shop.Orders.IOrders.Place").visibility).toBe("public");
    expect(o.get("Shop.Orders.IOrders.Count").kind).toBe("property");
    expect(o.get("Shop.Orders.Money").kind).toBe("struct");
    expect(o.get("Shop.Orders.Money.Amount")).toMatchObject({ kind: "field", exported: true });
    expect(o.get("Shop.Orders.Status.Paid")).toMatchObject({ kind: "enum_member", exported: true });
    expect(o.get("Shop.Orders.Customer")).toMatchObject({ kind: "record", signature: "public record Customer(string Name)" });
    expect(o.get("Shop.Orders.Handler")).toMatchObject({ kind: "type", signature: "public delegate void Handler(object sender)" });
  });

  test("well-formed", () => {
    expect(o.hasErrors).toBe(false);
    expectWellFormed(BLOCK, o);
  });
});

describe("C# (file-scoped namespace)", () => {
  const src = "namespace Shop.Api;\n\npublic sealed class Controller\n{\n    public void Get() { }\n}\n\ninternal static class Helpers { }\n";
  const o = outline("csharp", src);

  test("later declarations belong to the namespace", () => {
    expect(o.get("Shop.Api")).toMatchObject({ kind: "namespace", startLine: 1, endLine: 8 });
    expect(o.get("Shop.Api.Controller")).toMatchObject({ kind: "class", exported: true, container: "Shop.Api" });
    expect(o.get("Shop.Api.Controller.Get").exported).toBe(true);
    expect(o.get("Shop.Api.Helpers")).toMatchObject({ visibility: "internal", exported: false });
    expectWellFormed(src, o);
  });
});
