import { describe, expect, test } from "bun:test";
import { bodyText, expectWellFormed, outline } from "./outline-helpers.ts";

const JAVA = `package com.shop;

import java.util.List;

/** Orders. */
@Entity
@Table(name = "orders")
public class OrderService<T> extends Base implements Service {
    private static final int MAX = 10;
    String pkgA, pkgB;
    protected List<T> items = new ArrayList<>();

    @Inject
    public OrderService(Repo repo) { super(repo); }

    public <U> List<U> map(Function<T, U> f) throws IOException {
        return null;
    }

    abstract void check();

    static class Line {}

    public interface Listener { void changed(); int LIMIT = 1; }

    public enum Status {
        NEW, PAID("p");
        Status() {}
        Status(String s) {}
        public String label() { return name(); }
    }

    public record Point(int x, int y) {
        public Point { }
    }

    public @interface Audit { String value() default ""; }
}

interface Hidden { void run(); }
`;

describe("Java", () => {
  const o = outline("java", JAVA);

  test("class with annotations, generics, heritage", () => {
    const cls = o.get("OrderService", "class");
    expect(cls).toMatchObject({ exported: true, visibility: "public", startLine: 6, endLine: 38 });
    expect(JAVA.slice(cls.start, cls.start + 7)).toBe("@Entity");
    expect(cls.signature).toBe("public class OrderService<T> extends Base implements Service");
    expect(JAVA[cls.bodyStart!]).toBe("{");
  });

  test("fields, constructors, methods", () => {
    expect(o.get("OrderService.MAX")).toMatchObject({ kind: "field", visibility: "private", exported: false, signature: "private static final int MAX = 10" });
    expect(o.get("OrderService.pkgA")).toMatchObject({ kind: "field", visibility: "package", exported: false });
    expect(o.get("OrderService.pkgB").kind).toBe("field");
    expect(o.get("OrderService.items")).toMatchObject({ visibility: "protected", exported: true });
    const ctor = o.get("OrderService.OrderService");
    expect(ctor).toMatchObject({ kind: "constructor", visibility: "public", startLine: 13, signature: "public OrderService(Repo repo)" });
    expect(bodyText(JAVA, ctor)).toBe("{ super(repo); }");
    expect(o.get("OrderService.map")).toMatchObject({ kind: "method", signature: "public <U> List<U> map(Function<T, U> f) throws IOException" });
    expect(o.get("OrderService.check")).toMatchObject({ kind: "method", visibility: "package", exported: false });
  });

  test("nested types and their members", () => {
    expect(o.get("OrderService.Line")).toMatchObject({ kind: "class", visibility: "package", exported: false });
    expect(o.get("OrderService.Listener")).toMatchObject({ kind: "interface", exported: true });
    expect(o.get("OrderService.Listener.changed")).toMatchObject({ kind: "method", visibility: "public", exported: true });
    expect(o.get("OrderService.Listener.LIMIT").kind).toBe("field");
    expect(o.get("OrderService.Status").kind).toBe("enum");
    expect(o.get("OrderService.Status.NEW")).toMatchObject({ kind: "enum_member", exported: true });
    expect(o.get("OrderService.Status.PAID").kind).toBe("enum_member");
    expect(o.decls.filter((d) => d.qualifiedName === "OrderService.Status.Status").map((d) => d.kind)).toEqual(["constructor", "constructor"]);
    expect(o.get("OrderService.Status.label").exported).toBe(true);
    expect(o.get("OrderService.Point")).toMatchObject({ kind: "record", signature: "public record Point(int x, int y)" });
    expect(o.get("OrderService.Point.Point").kind).toBe("constructor");
    expect(o.get("OrderService.Audit")).toMatchObject({ kind: "interface", signature: "public @interface Audit" });
    expect(o.get("OrderService.Audit.value").kind).toBe("method");
  });

  test("package-private top-level types are not exported", () => {
    expect(o.get("Hidden")).toMatchObject({ kind: "interface", visibility: "package", exported: false });
    expect(o.get("Hidden.run").exported).toBe(false);
  });

  test("well-formed", () => {
    expect(o.hasErrors).toBe(false);
    expectWellFormed(JAVA, o);
  });
});

const KOTLIN = `package shop

@Serializable
data class Order(val id: String, private var note: String = "") : Base(), Priced {
    val total: Int = 0
    private lateinit var cache: String
    constructor(id: Int) : this(id.toString()) { log() }
    fun price(): Int = total
    internal suspend fun <T> load(t: T) { }
    companion object { fun empty() = Order("") }
    object Registry
    inner class Line
}

interface Priced { fun price(): Int; val currency: String }
enum class Status(val code: Int) { NEW(0), PAID(1); fun label() = name }
sealed interface Event
object Defaults { const val LIMIT = 10 }
fun top(x: Int) = x
private fun hidden() {}
val version = "1"
var mutableTop = 0
typealias Orders = List<Order>
fun String.shout(): String { return uppercase() }
`;

describe("Kotlin", () => {
  const o = outline("kotlin", KOTLIN);

  test("classes, primary-constructor properties, members", () => {
    expect(o.get("Order")).toMatchObject({ kind: "class", exported: true, startLine: 3, signature: 'data class Order(val id: String, private var note: String = "") : Base(), Priced' });
    expect(o.get("Order.id")).toMatchObject({ kind: "property", exported: true });
    expect(o.get("Order.note")).toMatchObject({ kind: "property", visibility: "private", exported: false });
    expect(o.get("Order.total")).toMatchObject({ kind: "property", signature: "val total: Int = 0" });
    expect(o.get("Order.cache")).toMatchObject({ visibility: "private", exported: false });
    const ctor = o.get("Order.constructor");
    expect(ctor.kind).toBe("constructor");
    expect(bodyText(KOTLIN, ctor)).toBe("{ log() }");
    expect(o.get("Order.price")).toMatchObject({ kind: "method", signature: "fun price(): Int" });
    expect(o.get("Order.load")).toMatchObject({ visibility: "internal", exported: false });
    expect(o.get("Order.Companion")).toMatchObject({ kind: "object" });
    expect(o.get("Order.Companion.empty").kind).toBe("method");
    expect(o.get("Order.Registry").kind).toBe("object");
    expect(o.get("Order.Line").kind).toBe("class");
  });

  test("interfaces, enums, objects, top-level declarations", () => {
    expect(o.get("Priced").kind).toBe("interface");
    expect(o.get("Priced.price").kind).toBe("method");
    expect(o.get("Priced.currency").kind).toBe("property");
    expect(o.get("Status").kind).toBe("enum");
    expect(o.get("Status.code").kind).toBe("property");
    expect(o.get("Status.NEW").kind).toBe("enum_member");
    expect(o.get("Status.label").kind).toBe("method");
    expect(o.get("Event").kind).toBe("interface");
    expect(o.get("Defaults.LIMIT").kind).toBe("property");
    expect(o.get("top")).toMatchObject({ kind: "function", signature: "fun top(x: Int)" });
    expect(o.get("hidden")).toMatchObject({ visibility: "private", exported: false });
    expect(o.get("version").kind).toBe("const");
    expect(o.get("mutableTop").kind).toBe("variable");
    expect(o.get("Orders").kind).toBe("type");
    expect(o.get("shout")).toMatchObject({ kind: "function", signature: "fun String.shout(): String" });
  });

  test("well-formed", () => {
    expect(o.hasErrors).toBe(false);
    expectWellFormed(KOTLIN, o);
  });
});

const SCALA = `package shop

@deprecated("use V2")
case class Order(id: String, private val note: String) extends Base with Priced {
  val total: Int = 0
  private var cache = ""
  def price(a: Int): Int = a + total
  protected def load[T](t: T): Unit = { }
  def abstractOne: Int
  type Id = String
  object Inner
}

object Order { def apply(): Order = ??? }
trait Priced { def price(a: Int): Int }
enum Status { case New, Paid }
def top(x: Int) = x
val version = "1"
`;

describe("Scala", () => {
  const o = outline("scala", SCALA);

  test("classes, objects, traits, members", () => {
    expect(o.get("Order", "class")).toMatchObject({ exported: true, startLine: 3, signature: "case class Order(id: String, private val note: String) extends Base with Priced" });
    expect(o.get("Order.total")).toMatchObject({ kind: "property", signature: "val total: Int = 0" });
    expect(o.get("Order.cache")).toMatchObject({ kind: "property", visibility: "private", exported: false });
    expect(o.get("Order.price")).toMatchObject({ kind: "method", signature: "def price(a: Int): Int" });
    expect(bodyText(SCALA, o.get("Order.price"))).toBe("a + total");
    expect(o.get("Order.load")).toMatchObject({ visibility: "protected", exported: true });
    expect(o.get("Order.abstractOne").bodyStart).toBeUndefined();
    expect(o.get("Order.Id").kind).toBe("type");
    expect(o.get("Order.Inner").kind).toBe("object");
    expect(o.get("Order", "object")).toBeDefined();
    expect(o.get("Order.apply").kind).toBe("method");
    expect(o.get("Priced").kind).toBe("trait");
    expect(o.get("Status").kind).toBe("enum");
    expect(o.get("top")).toMatchObject({ kind: "function", signature: "def top(x: Int)" });
    expect(o.get("version").kind).toBe("const");
  });

  test("well-formed", () => expectWellFormed(SCALA, o));
});
