import { describe, expect, test } from "bun:test";
import { reduceFile, type Level } from "../../../src/render/reduce/index.ts";
import { SERVICE } from "./fixtures.ts";

const markers = (path: string, text: string, level: Level = "none") => reduceFile(text, { path, level, semanticMarkers: true }).split("\n").filter((l) => l.includes("svc:type"));
const collapsed = (path: string, text: string, level: Level = "none", generated = false) => reduceFile(text, { path, level, collapseGenerated: true, generated });

describe("semantic markers", () => {
  test("NestJS-style service: heritage, constructor and field dependencies", () => {
    const NEST = [
      "@Injectable()",
      "export class OrderService extends BaseService<Order> implements IOrderService, OnModuleInit {",
      "  private readonly logger: Logger = new Logger(OrderService.name);",
      "  private cache: Map<string, Order>;",
      "  constructor(",
      "    private readonly payments: PaymentService,",
      "    @InjectRepository(Order) private readonly orders: Repository<Order>,",
      "    config: ConfigService,",
      "  ) {",
      "    super();",
      "  }",
      "}",
      "",
    ].join("\n");
    const out = reduceFile(NEST, { path: "src/order.service.ts", level: "skeleton", semanticMarkers: true });
    expect(out.split("\n").slice(0, 3)).toEqual([
      "<!-- svc:type OrderService | kind:class | extends:BaseService | implements:IOrderService, OnModuleInit | depends-on:PaymentService, Repository, Order, ConfigService, Logger | injected:PaymentService, Repository, Order, ConfigService -->",
      "@Injectable()",
      "export class OrderService extends BaseService<Order> implements IOrderService, OnModuleInit {",
    ]);
  });

  test("one line per type declaration, before its decorators, at every level", () => {
    for (const level of ["none", "standard", "aggressive", "skeleton", "publicApi"] as const) {
      expect(markers("src/order.service.ts", SERVICE, level)).toEqual([
        "<!-- svc:type OrderService | kind:class | extends:BaseService | implements:IOrderService | depends-on:PaymentService, Logger | injected:PaymentService, Logger -->",
        "<!-- svc:type Color | kind:enum | extends:none | implements:none | depends-on:none | injected:none -->",
        "<!-- svc:type IOrderService | kind:interface | extends:none | implements:none | depends-on:none | injected:none -->",
      ]);
    }
    const out = reduceFile(SERVICE, { path: "a.ts", level: "none", semanticMarkers: true });
    expect(out).toContain(" */\n<!-- svc:type OrderService | kind:class");
    expect(out).toContain("injected:PaymentService, Logger -->\n@Injectable()\nexport class OrderService");
  });

  test("interfaces list their extends; member types are dependencies", () => {
    expect(markers("a.ts", "interface A extends B, C<D> { x: Foo }\n")).toEqual(["<!-- svc:type A | kind:interface | extends:B, C | implements:none | depends-on:Foo | injected:none -->"]);
  });

  test("other languages, best effort from the signature", () => {
    expect(markers("A.java", "public class A extends B implements C, D {\n  private final Repo repo;\n  public A(Repo repo, Clock clock) {}\n}\n")).toEqual([
      "<!-- svc:type A | kind:class | extends:B | implements:C, D | depends-on:Repo, Clock | injected:Repo, Clock -->",
    ]);
    expect(markers("A.cs", "public class A : B, IA {\n  public A(IRepo r) {}\n}\n")).toEqual(["<!-- svc:type A | kind:class | extends:B | implements:IA | depends-on:IRepo | injected:IRepo -->"]);
    expect(markers("a.py", "class A(B, Mixin, metaclass=M):\n    def __init__(self, repo: Repo):\n        pass\n")).toEqual([
      "<!-- svc:type A | kind:class | extends:B, Mixin | implements:none | depends-on:Repo | injected:Repo -->",
    ]);
    expect(markers("a.rs", "pub struct S { repo: Arc<Repo> }\nimpl fmt::Display for S {}\nimpl Clone for S {}\n")).toEqual([
      "<!-- svc:type S | kind:struct | extends:none | implements:fmt::Display, Clone | depends-on:Repo | injected:none -->",
    ]);
    expect(markers("a.go", "package p\ntype S struct {\n\tRepo *Repository\n}\n")).toEqual(["<!-- svc:type S | kind:struct | extends:none | implements:none | depends-on:Repository | injected:none -->"]);
    expect(markers("a.kt", "class A(private val r: Repo) : Base(), I\n")).toEqual(["<!-- svc:type A | kind:class | extends:Base | implements:I | depends-on:Repo | injected:Repo -->"]);
  });

  test("off by default", () => {
    expect(reduceFile(SERVICE, { path: "a.ts", level: "skeleton" })).not.toContain("svc:type");
  });
});

describe("collapseGenerated", () => {
  const TYPEORM = [
    'import { MigrationInterface, QueryRunner } from "typeorm";',
    "",
    "export class AddOrders1700000000000 implements MigrationInterface {",
    '  name = "AddOrders1700000000000";',
    "",
    "  public async up(queryRunner: QueryRunner): Promise<void> {",
    '    await queryRunner.query(`CREATE TABLE "orders" ("id" SERIAL NOT NULL)`);',
    "  }",
    "",
    "  public async down(queryRunner: QueryRunner): Promise<void> {",
    '    await queryRunner.query(`DROP TABLE "orders"`);',
    "  }",
    "}",
    "",
  ].join("\n");

  test("TypeORM migration up/down collapse even when not flagged generated", () => {
    expect(collapsed("src/migrations/1700000000000-AddOrders.ts", TYPEORM, "standard")).toBe(
      [
        "export class AddOrders1700000000000 implements MigrationInterface {",
        '  name = "AddOrders1700000000000";',
        "",
        "  public async up(queryRunner: QueryRunner): Promise<void> { /* svc: collapsed generated body */ }",
        "",
        "  public async down(queryRunner: QueryRunner): Promise<void> { /* svc: collapsed generated body */ }",
        "}",
      ].join("\n"),
    );
    // the collapse marker wins over the skeleton body
    expect(collapsed("src/migrations/1700000000000-AddOrders.ts", TYPEORM, "skeleton")).toContain("Promise<void> { /* svc: collapsed generated body */ }");
    // off: untouched
    expect(reduceFile(TYPEORM, { path: "src/migrations/1700000000000-AddOrders.ts", level: "none" })).toContain("CREATE TABLE");
  });

  test("Knex and Sequelize migrations", () => {
    const KNEX = 'exports.up = function (knex) {\n  return knex.schema.createTable("users", (t) => {\n    t.increments();\n  });\n};\nexports.down = async (knex) => {\n  await knex.schema.dropTable("users");\n};\n';
    expect(collapsed("db/migrations/001_users.js", KNEX)).toBe("exports.up = function (knex) { /* svc: collapsed generated body */ };\nexports.down = async (knex) => { /* svc: collapsed generated body */ };");
    const SEQ = '"use strict";\nmodule.exports = {\n  async up(queryInterface, Sequelize) {\n    await queryInterface.createTable("Users", {});\n  },\n  down: async (queryInterface) => {\n    await queryInterface.dropTable("Users");\n  },\n};\n';
    expect(collapsed("migrations/20240101-users.js", SEQ, "standard")).toBe(
      "module.exports = {\n  async up(queryInterface, Sequelize) { /* svc: collapsed generated body */ },\n  down: async (queryInterface) => { /* svc: collapsed generated body */ },\n};",
    );
  });

  test("Kysely and MikroORM by content", () => {
    expect(collapsed("src/db/2024_users.ts", "import { Migration } from '@mikro-orm/migrations';\nexport class Migration2024 extends Migration {\n  async up(): Promise<void> {\n    this.addSql('create table x');\n  }\n}\n", "standard")).toBe(
      "export class Migration2024 extends Migration {\n  async up(): Promise<void> { /* svc: collapsed generated body */ }\n}",
    );
    expect(collapsed("migrations/0001.ts", "export async function up(db: Kysely<any>): Promise<void> {\n  await db.schema.createTable('a').execute();\n}\n")).toBe(
      "export async function up(db: Kysely<any>): Promise<void> { /* svc: collapsed generated body */ }",
    );
  });

  test("codegen and inventory-flagged files collapse every body", () => {
    const GEN = "export function getUser(id: string) {\n  return fetch(`/users/${id}`);\n}\nexport class Api {\n  list() {\n    return [];\n  }\n}\n";
    const expected = "export function getUser(id: string) { /* svc: collapsed generated body */ }\nexport class Api {\n  list() { /* svc: collapsed generated body */ }\n}";
    expect(collapsed("src/api.generated.ts", GEN)).toBe(expected);
    expect(collapsed("src/api.ts", GEN, "none", true)).toBe(expected);
    expect(collapsed("src/api.ts", `/* eslint-disable */\n// This file was generated by graphql-codegen.\n${GEN}`, "standard")).toBe(expected);
    expect(collapsed("src/api.ts", GEN)).toBe(GEN.trimEnd());
    expect(collapsed("gen/api.py", "def get(x):\n    return x\n", "none", true)).toBe("def get(x):\n    ... # svc: collapsed generated body");
  });

  test("Drizzle snapshot and Prisma client become one line", () => {
    const SNAP = JSON.stringify({ version: "5", dialect: "postgresql", tables: { "public.users": { name: "users", columns: {} }, "public.orders": { name: "orders", columns: {} } } }, null, 2);
    expect(collapsed("drizzle/meta/0000_snapshot.json", SNAP)).toBe("// svc: collapsed Drizzle snapshot: 2 tables (users, orders)");
    expect(reduceFile(SNAP, { path: "drizzle/meta/0000_snapshot.json", level: "standard" })).toStartWith('{"version":"5"');
    const PRISMA = "/* Prisma Client */\nconst { Decimal } = require('@prisma/client/runtime/library')\nexports.Prisma.ModelName = {\n  User: 'User',\n  Post: 'Post'\n};\n";
    expect(collapsed("node_modules/.prisma/client/index.js", PRISMA)).toBe("// svc: collapsed Prisma client: 2 models (User, Post)");
  });
});
