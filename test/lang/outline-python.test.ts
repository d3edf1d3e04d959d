import { describe, expect, test } from "bun:test";
import { bodyText, expectWellFormed, outline } from "./outline-helpers.ts";

const SRC = `"""Orders module."""
from __future__ import annotations
import typing

MAX_RETRIES: int = 3
default_timeout = 30.0
_cache = {}
LOOKUP = {"alpha": 1, "beta": 2, "gamma": 3, "delta": 4, "epsilon": 5, "zeta": 6}

@dataclass(frozen=True)
@other
class Order(Base, metaclass=Meta):
    """An order."""
    id: int
    status: str = "new"
    _internal = None

    def __init__(self, id: int) -> None:  # the constructor
        self.id = id

    @property
    def total(self) -> float:
        def helper():
            return 0
        return helper()

    async def _refresh(self):
        pass

    def __secret(self):
        pass

    def __repr__(self):
        return "Order"

    class Meta:
        ordering = ["id"]

def place_order(order: Order, *, retries: int = MAX_RETRIES) -> bool:
    return True

async def _background():
    pass

if typing.TYPE_CHECKING:
    def typed_only() -> None: ...
else:
    def runtime_only(): ...

try:
    import fast
except ImportError:
    def fallback(): ...

if __name__ == "__main__":
    def script_main(): ...
`;

describe("Python", () => {
  const o = outline("python", SRC);

  test("module-level assignments: const vs variable, visibility", () => {
    expect(o.get("MAX_RETRIES")).toMatchObject({ kind: "const", exported: true, visibility: "public", signature: "MAX_RETRIES: int = 3", startLine: 5 });
    expect(o.get("default_timeout")).toMatchObject({ kind: "variable", exported: true });
    expect(o.get("_cache")).toMatchObject({ kind: "variable", visibility: "protected", exported: false });
    expect(o.get("LOOKUP").signature).toBe("LOOKUP = …");
  });

  test("decorated class starts at the first decorator; signature excludes decorators", () => {
    const cls = o.get("Order");
    expect(cls).toMatchObject({ kind: "class", exported: true, startLine: 10, endLine: 37 });
    expect(SRC.slice(cls.start, cls.start + 10)).toBe("@dataclass");
    expect(cls.signature).toBe("class Order(Base, metaclass=Meta)");
    expect(bodyText(SRC, cls).startsWith('"""An order."""')).toBe(true);
    expect(cls.bodyEnd).toBe(cls.end);
  });

  test("class members", () => {
    expect(o.get("Order.id")).toMatchObject({ kind: "property", signature: "id: int", exported: true });
    expect(o.get("Order.status").kind).toBe("property");
    expect(o.get("Order._internal")).toMatchObject({ visibility: "protected", exported: false });
    const init = o.get("Order.__init__");
    expect(init).toMatchObject({ kind: "constructor", visibility: "public", exported: true, startLine: 18, endLine: 19 });
    expect(init.signature).toBe("def __init__(self, id: int) -> None");
    expect(bodyText(SRC, init)).toBe("self.id = id");
    expect(o.get("Order.total")).toMatchObject({ kind: "method", startLine: 21, signature: "def total(self) -> float" });
    expect(o.get("Order._refresh")).toMatchObject({ visibility: "protected", exported: false, signature: "async def _refresh(self)" });
    expect(o.get("Order.__secret")).toMatchObject({ visibility: "private", exported: false });
    expect(o.get("Order.__repr__")).toMatchObject({ visibility: "public", exported: true });
    expect(o.get("Order.Meta")).toMatchObject({ kind: "class", container: "Order" });
    expect(o.get("Order.Meta.ordering").kind).toBe("property");
  });

  test("functions; nested functions are not declarations", () => {
    expect(o.get("place_order")).toMatchObject({ kind: "function", exported: true, signature: "def place_order(order: Order, *, retries: int = MAX_RETRIES) -> bool" });
    expect(o.get("_background")).toMatchObject({ kind: "function", visibility: "protected", exported: false });
    expect(o.decls.some((d) => d.name === "helper")).toBe(false);
  });

  test("conditional definitions count, __main__ blocks do not", () => {
    expect(o.has("typed_only", "function")).toBe(true);
    expect(o.has("runtime_only", "function")).toBe(true);
    expect(o.has("fallback", "function")).toBe(true);
    expect(o.has("script_main")).toBe(false);
  });

  test("well-formed, no errors", () => {
    expect(o.hasErrors).toBe(false);
    expectWellFormed(SRC, o);
  });

  test("__all__ overrides top-level exports", () => {
    const src = `__all__ = ["_private_api", "Public"]\n__all__ += ["extra"]\ndef _private_api(): ...\ndef helper(): ...\ndef extra(): ...\nclass Public:\n    def method(self): ...\nclass Hidden:\n    def method(self): ...\n`;
    const m = outline("python", src);
    expect(m.get("_private_api").exported).toBe(true);
    expect(m.get("helper").exported).toBe(false);
    expect(m.get("extra").exported).toBe(true);
    expect(m.get("Public.method").exported).toBe(true);
    expect(m.get("Hidden").exported).toBe(false);
    expect(m.get("Hidden.method").exported).toBe(false);
  });

  test("type alias statements", () => {
    const m = outline("python", "type Vector = list[float]\n");
    expect(m.get("Vector")).toMatchObject({ kind: "type", signature: "type Vector = list[float]" });
  });
});
