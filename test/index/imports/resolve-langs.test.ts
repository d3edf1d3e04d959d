import { describe, expect, test } from "bun:test";
import { edges, workspace } from "./helpers.ts";

describe("Python", () => {
  const files = {
    "src/shop/__init__.py": "",
    "src/shop/orders/__init__.py": "",
    "src/shop/orders/model.py": "",
    "src/shop/orders/service.py": `from .model import Order\nfrom . import model, helpers_attr\nfrom ..billing import invoice, charge\nfrom shop.billing.invoice import Invoice\nimport shop.orders.model\nimport os.path\nfrom typing import List\n`,
    "src/shop/billing/__init__.py": "",
    "src/shop/billing/invoice.py": "",
    "src/shop/billing/charge.pyi": "",
    "scripts/run.py": "import helpers\nfrom shop.orders import service\n",
    "scripts/helpers.py": "",
    "tests/test_orders.py": "from shop.orders.model import Order\nimport conftest_local\n",
  };
  test("relative and absolute imports from the package layout", () => {
    expect(edges(files, "src/shop/orders/service.py")).toEqual({
      ".model": ["src/shop/orders/model.py"],
      ".": ["src/shop/orders/__init__.py", "src/shop/orders/model.py"],
      "..billing": ["src/shop/billing/charge.pyi", "src/shop/billing/invoice.py"],
      "shop.billing.invoice": ["src/shop/billing/invoice.py"],
      "shop.orders.model": ["src/shop/orders/model.py"],
      "os.path": [],
      typing: [],
    });
  }, 120_000);
  test("script folders and src/ roots", () => {
    expect(edges(files, "scripts/run.py")).toEqual({ helpers: ["scripts/helpers.py"], "shop.orders": ["src/shop/orders/service.py"] });
    expect(edges(files, "tests/test_orders.py")).toEqual({ "shop.orders.model": ["src/shop/orders/model.py"], conftest_local: [] });
  }, 120_000);
  test("from x import * and too many dots", () => {
    const resolve = workspace(files);
    expect(resolve("src/shop/orders/model.py", "..", ["*"])).toEqual(["src/shop/__init__.py"]);
    expect(resolve("src/shop/orders/model.py", ".....x")).toEqual([]);
    expect(resolve("scripts/run.py", "shop.orders.model.Order")).toEqual(["src/shop/orders/model.py"]); // leaf is no module
    expect(resolve("scripts/run.py", "os.path")).toEqual([]);
  }, 120_000);
});

test("Go modules, nested modules, test files excluded", () => {
  const resolve = workspace({
    "go.mod": "module github.com/acme/app\n\ngo 1.22\n",
    "cmd/app/main.go": "",
    "internal/orders/order.go": "",
    "internal/orders/service.go": "",
    "internal/orders/service_test.go": "",
    "internal/orders/README.md": "",
    "tools/gen/go.mod": `module "github.com/acme/app/tools/gen"`,
    "tools/gen/gen.go": "",
  });
  expect(resolve("cmd/app/main.go", "github.com/acme/app/internal/orders")).toEqual(["internal/orders/order.go", "internal/orders/service.go"]);
  expect(resolve("cmd/app/main.go", "github.com/acme/app/tools/gen")).toEqual(["tools/gen/gen.go"]);
  expect(resolve("cmd/app/main.go", "github.com/acme/app/missing")).toEqual([]);
  expect(resolve("cmd/app/main.go", "fmt")).toEqual([]);
  expect(resolve("cmd/app/main.go", "github.com/other/lib")).toEqual([]);
}, 120_000);

describe("Rust", () => {
  const files = {
    "Cargo.toml": `[workspace]\nmembers = ["crates/*"]\n`,
    "crates/shop/Cargo.toml": `[package]\nname = "shop-core"\nversion = "0.1.0"\n`,
    "crates/shop/src/lib.rs": "mod orders;\npub mod billing;\nuse crate::orders::Order;\n",
    "crates/shop/src/orders.rs": "mod model;\nuse super::billing::{invoice, Charge};\nuse self::model::Item;\n",
    "crates/shop/src/orders/model.rs": "",
    "crates/shop/src/billing/mod.rs": "pub mod invoice;\nuse crate::Thing;\n",
    "crates/shop/src/billing/invoice.rs": "",
    "crates/cli/Cargo.toml": `[package]\nname = "cli"\n`,
    "crates/cli/src/main.rs": "mod args;\nuse shop_core::billing::invoice::Invoice;\nuse args::Args;\nuse std::io;\n",
    "crates/cli/src/args.rs": "",
    "crates/cli/tests/it.rs": "mod common;\n",
    "crates/cli/tests/common/mod.rs": "",
  };
  test("mod declarations", () => {
    expect(edges(files, "crates/shop/src/lib.rs")["orders"]).toEqual(["crates/shop/src/orders.rs"]);
    expect(edges(files, "crates/shop/src/lib.rs")["billing"]).toEqual(["crates/shop/src/billing/mod.rs"]);
    expect(edges(files, "crates/shop/src/orders.rs")["model"]).toEqual(["crates/shop/src/orders/model.rs"]);
    expect(edges(files, "crates/shop/src/billing/mod.rs")["invoice"]).toEqual(["crates/shop/src/billing/invoice.rs"]);
    expect(edges(files, "crates/cli/tests/it.rs")).toEqual({ common: ["crates/cli/tests/common/mod.rs"] });
  }, 120_000);
  test("use paths: crate, super, self, items, workspace crates, uniform paths, std", () => {
    expect(edges(files, "crates/shop/src/lib.rs")["crate::orders"]).toEqual(["crates/shop/src/orders.rs"]);
    expect(edges(files, "crates/shop/src/orders.rs")).toEqual({
      model: ["crates/shop/src/orders/model.rs"],
      "super::billing": ["crates/shop/src/billing/invoice.rs", "crates/shop/src/billing/mod.rs"],
      "self::model": ["crates/shop/src/orders/model.rs"],
    });
    expect(edges(files, "crates/shop/src/billing/mod.rs")["crate"]).toEqual(["crates/shop/src/lib.rs"]);
    expect(edges(files, "crates/cli/src/main.rs")).toEqual({
      args: ["crates/cli/src/args.rs"],
      "shop_core::billing::invoice": ["crates/shop/src/billing/invoice.rs"],
      std: [],
    });
  }, 120_000);
});

test("Java, Kotlin, Scala", () => {
  const resolve = workspace({
    "orders/src/main/java/com/acme/orders/Order.java": "",
    "orders/src/main/java/com/acme/orders/OrderService.java": "",
    "orders/src/main/java/com/acme/orders/package-info.java": "",
    "orders/src/main/java/com/acme/util/Strings.java": "",
    "orders/src/main/kotlin/com/acme/billing/Invoice.kt": "",
    "orders/src/main/scala/com/acme/report/Report.scala": "",
    "web/src/main/java/com/acme/web/Controller.java": "",
    "web/src/main/java/com/acme/orders/Order.java": "",
  });
  const from = "orders/src/main/java/com/acme/orders/OrderService.java";
  expect(resolve(from, "com.acme.orders.Order", ["Order"])).toEqual(["orders/src/main/java/com/acme/orders/Order.java"]);
  expect(resolve("web/src/main/java/com/acme/web/Controller.java", "com.acme.orders.Order", ["Order"])).toEqual(["web/src/main/java/com/acme/orders/Order.java"]);
  expect(resolve(from, "com.acme.util.*", ["*"])).toEqual(["orders/src/main/java/com/acme/util/Strings.java"]);
  expect(resolve(from, "com.acme.util.Strings.join", ["join"])).toEqual(["orders/src/main/java/com/acme/util/Strings.java"]);
  expect(resolve(from, "com.acme.billing.Invoice", ["Invoice"])).toEqual(["orders/src/main/kotlin/com/acme/billing/Invoice.kt"]);
  expect(resolve("orders/src/main/scala/com/acme/report/Report.scala", "com.acme.util", ["Strings"])).toEqual(["orders/src/main/java/com/acme/util/Strings.java"]);
  expect(resolve(from, "java.util.List", ["List"])).toEqual([]);
}, 120_000);

test("C# namespaces by folder", () => {
  const resolve = workspace({
    "src/Acme.Orders/Services/OrderService.cs": "",
    "src/Acme.Orders/Services/Pricing.cs": "",
    "src/Acme.Orders/Order.cs": "",
    "src/Acme.Web/Program.cs": "",
    "src/Billing/Invoices/Invoice.cs": "",
  });
  expect(resolve("src/Acme.Web/Program.cs", "Acme.Orders.Services", [], "using")).toEqual(["src/Acme.Orders/Services/OrderService.cs", "src/Acme.Orders/Services/Pricing.cs"]);
  expect(resolve("src/Acme.Web/Program.cs", "Acme.Orders", [], "using")).toEqual(["src/Acme.Orders/Order.cs"]);
  expect(resolve("src/Acme.Web/Program.cs", "Acme.Billing.Invoices", [], "using")).toEqual(["src/Billing/Invoices/Invoice.cs"]);
  expect(resolve("src/Acme.Web/Program.cs", "System.Text", [], "using")).toEqual([]);
}, 120_000);

test("C includes", () => {
  const resolve = workspace({
    "src/main.c": "",
    "src/util.h": "",
    "include/acme/orders.h": "",
    "lib/net/socket.h": "",
    "config.h": "",
  });
  expect(resolve("src/main.c", "util.h", [], "include")).toEqual(["src/util.h"]);
  expect(resolve("src/main.c", "config.h", [], "include")).toEqual(["config.h"]);
  expect(resolve("src/main.c", "acme/orders.h", [], "include")).toEqual(["include/acme/orders.h"]);
  expect(resolve("src/main.c", "net/socket.h", [], "include")).toEqual(["lib/net/socket.h"]);
  expect(resolve("src/main.c", "<stdio.h>", [], "include")).toEqual([]);
}, 120_000);

test("Ruby, PHP, Swift", () => {
  const files = {
    "lib/shop.rb": "",
    "lib/shop/order.rb": "",
    "app/models/user.rb": "require_relative '../../lib/shop/order'\nrequire 'shop'\nrequire 'json'\n",
    "src/Models/User.php": "",
    "src/Models/Order.php": "",
    "src/Http/Controller.php": "<?php\nnamespace App\\Http;\nuse App\\Models\\User;\nuse App\\Models\\{Order, Missing};\nrequire_once __DIR__ . '/../bootstrap.php';\n",
    "src/bootstrap.php": "",
    "Sources/Shop/Order.swift": "",
    "Sources/Shop/Models/Item.swift": "",
    "Sources/App/main.swift": "import Shop\nimport Foundation\n",
  };
  expect(edges(files, "app/models/user.rb")).toEqual({ "../../lib/shop/order": ["lib/shop/order.rb"], shop: ["lib/shop.rb"], json: [] });
  expect(edges(files, "src/Http/Controller.php")).toEqual({
    "App\\Models\\User": ["src/Models/User.php"],
    "App\\Models": ["src/Models/Order.php"],
    "./../bootstrap.php": ["src/bootstrap.php"],
  });
  expect(edges(files, "Sources/App/main.swift")).toEqual({ Shop: ["Sources/Shop/Models/Item.swift", "Sources/Shop/Order.swift"], Foundation: [] });
}, 120_000);
