// Pattern summary (src/plan/patterns.ts): exact manifest lines for small, realistic codebases
// — NestJS, Express + zod + Prisma + pino + vitest, Hono + Drizzle, a Next.js app router
// tree, a plain library, C#/Python/Go — and for each detector's variants and limits.

import { describe, expect, test } from "bun:test";
import { detectPatterns, MAX_PATTERN_LINE, type PatternFile } from "../../src/plan/patterns.ts";
import { stripComments } from "../../src/plan/patterns/source.ts";

type Tree = Record<string, string>;
const lines = (...l: string[]): string => `${l.join("\n")}\n`;

const NEST_APP: Tree = {
  "package.json": JSON.stringify({
    name: "orders",
    dependencies: { "@nestjs/common": "^10", "@nestjs/cqrs": "^10", "@nestjs/typeorm": "^10", typeorm: "^0.3", "class-validator": "^0.14" },
    devDependencies: { jest: "^29", "ts-jest": "^29", supertest: "^6" },
    scripts: { test: "jest", "test:e2e": "jest --config ./test/jest-e2e.json" },
  }, null, 2),
  "src/app.module.ts": lines(
    'import { Module } from "@nestjs/common";',
    'import { OrdersModule } from "./orders/orders.module";',
    "",
    "@Module({ imports: [OrdersModule] })",
    "export class AppModule {}",
  ),
  "src/orders/orders.module.ts": lines(
    'import { Module } from "@nestjs/common";',
    'import { CqrsModule } from "@nestjs/cqrs";',
    'import { TypeOrmModule } from "@nestjs/typeorm";',
    'import { Order } from "./order.entity";',
    "",
    "@Module({",
    "  imports: [CqrsModule, TypeOrmModule.forFeature([Order])],",
    "  controllers: [OrdersController],",
    "  providers: [OrdersService, OrderRepository, CreateOrderHandler, GetOrderHandler, OrderCreatedHandler],",
    "})",
    "export class OrdersModule {}",
  ),
  "src/orders/orders.controller.ts": lines(
    'import { Body, Controller, Delete, Get, Param, Post } from "@nestjs/common";',
    'import { CommandBus, QueryBus } from "@nestjs/cqrs";',
    "",
    '@Controller("orders")',
    "export class OrdersController {",
    "  constructor(private readonly commandBus: CommandBus, private readonly queryBus: QueryBus, private readonly orders: OrdersService) {}",
    "",
    "  @Get()",
    "  list() {",
    "    return this.orders.list();",
    "  }",
    "",
    '  @Get(":id")',
    '  async get(@Param("id") id: string) {',
    "    return await this.queryBus.execute(new GetOrderQuery(id));",
    "  }",
    "",
    "  @Post()",
    "  async create(@Body() dto: CreateOrderDto) {",
    "    await this.commandBus.execute(new CreateOrderCommand(dto.sku, dto.quantity));",
    "  }",
    "",
    "  // @Patch(\":id\") — not yet",
    '  @Delete(":id")',
    '  remove(@Param("id") id: string) {',
    "    return this.orders.remove(id);",
    "  }",
    "}",
  ),
  "src/orders/orders.service.ts": lines(
    'import { Injectable, Logger } from "@nestjs/common";',
    'import { OrderNotFoundError } from "../common/errors";',
    "",
    "/* @Injectable() — a commented-out decorator does not count */",
    "@Injectable()",
    "export class OrdersService {",
    "  private readonly logger = new Logger(OrdersService.name);",
    "  constructor(private readonly repo: OrderRepository) {}",
    "",
    "  async list() {",
    "    return await this.repo.findAll();",
    "  }",
    "",
    "  async remove(id: string) {",
    "    const order = await this.repo.findOne(id);",
    "    if (!order) throw new OrderNotFoundError(id);",
    '    this.logger.log(`removing ${id}`);',
    "    await this.repo.delete(id);",
    "  }",
    "}",
  ),
  "src/orders/order.repository.ts": lines(
    'import { Injectable } from "@nestjs/common";',
    'import { InjectRepository } from "@nestjs/typeorm";',
    'import { Repository } from "typeorm";',
    "",
    "@Injectable()",
    "export class OrderRepository {",
    "  constructor(@InjectRepository(Order) private readonly orders: Repository<Order>) {}",
    "  findAll() { return this.orders.find(); }",
    "  findOne(id: string) { return this.orders.findOneBy({ id }); }",
    "  delete(id: string) { return this.orders.delete(id); }",
    "}",
  ),
  "src/orders/order.entity.ts": lines(
    'import { Column, Entity, PrimaryGeneratedColumn } from "typeorm";',
    "",
    '@Entity("orders")',
    "export class Order {",
    '  @PrimaryGeneratedColumn("uuid") id!: string;',
    "  @Column() sku!: string;",
    "  @Column() quantity!: number;",
    "}",
  ),
  "src/orders/dto/create-order.dto.ts": lines(
    'import { IsInt, IsNotEmpty, IsString, Min } from "class-validator";',
    "",
    "export class CreateOrderDto {",
    "  @IsString()",
    "  @IsNotEmpty()",
    "  sku!: string;",
    "",
    "  @IsInt()",
    "  @Min(1)",
    "  quantity!: number;",
    "}",
  ),
  "src/orders/commands/create-order.handler.ts": lines(
    'import { Logger } from "@nestjs/common";',
    'import { CommandHandler, EventBus, type ICommandHandler } from "@nestjs/cqrs";',
    "",
    "@CommandHandler(CreateOrderCommand)",
    "export class CreateOrderHandler implements ICommandHandler<CreateOrderCommand> {",
    "  private readonly logger = new Logger(CreateOrderHandler.name);",
    "  constructor(private readonly repo: OrderRepository, private readonly eventBus: EventBus) {}",
    "  async execute(command: CreateOrderCommand) {",
    "    if (command.quantity < 1) throw new InvalidQuantityError(command.quantity);",
    "    const order = await this.repo.create(command);",
    "    this.eventBus.publish(new OrderCreatedEvent(order.id));",
    "  }",
    "}",
  ),
  "src/orders/queries/get-order.handler.ts": lines(
    'import { QueryHandler, type IQueryHandler } from "@nestjs/cqrs";',
    "",
    "@QueryHandler(GetOrderQuery)",
    "export class GetOrderHandler implements IQueryHandler<GetOrderQuery> {",
    "  constructor(private readonly repo: OrderRepository) {}",
    "  execute(query: GetOrderQuery) {",
    "    return this.repo.findOne(query.id);",
    "  }",
    "}",
  ),
  "src/orders/events/order-created.handler.ts": lines(
    'import { EventsHandler, type IEventHandler } from "@nestjs/cqrs";',
    "",
    "@EventsHandler(OrderCreatedEvent)",
    "export class OrderCreatedHandler implements IEventHandler<OrderCreatedEvent> {",
    "  handle(event: OrderCreatedEvent) {}",
    "}",
  ),
  "src/common/errors.ts": lines(
    'import { HttpException, HttpStatus } from "@nestjs/common";',
    "",
    "export class DomainError extends Error {}",
    "export class OrderNotFoundError extends DomainError {",
    "  constructor(id: string) { super(`order ${id} not found`); }",
    "}",
    "export class InvalidQuantityError extends DomainError {}",
    "export class PaymentRequiredException extends HttpException {",
    '  constructor() { super("payment required", HttpStatus.PAYMENT_REQUIRED); }',
    "}",
  ),
  "src/orders/orders.service.spec.ts": lines(
    'import { Test } from "@nestjs/testing";',
    "",
    'describe("OrdersService", () => {',
    '  it("lists orders", async () => {',
    "    const repo = { findAll: jest.fn().mockResolvedValue([]) };",
    "    const module = await Test.createTestingModule({ providers: [OrdersService, { provide: OrderRepository, useValue: repo }] }).compile();",
    "    expect(await module.get(OrdersService).list()).toEqual([]);",
    "  });",
    "});",
  ),
  "test/app.e2e-spec.ts": lines(
    'import request from "supertest";',
    "",
    'describe("orders (e2e)", () => {',
    '  it("GET /orders", () => request(app.getHttpServer()).get("/orders").expect(200));',
    "});",
  ),
};

const EXPRESS_APP: Tree = {
  "package.json": JSON.stringify({
    name: "users-api",
    type: "module",
    dependencies: { express: "^4", zod: "^3", "@prisma/client": "^5", pino: "^9" },
    devDependencies: { vitest: "^1", supertest: "^6", prisma: "^5" },
    scripts: { dev: "tsx watch src/server.ts", test: "vitest run" },
  }, null, 2),
  "prisma/schema.prisma": lines(
    'datasource db {\n  provider = "postgresql"\n  url      = env("DATABASE_URL")\n}',
    "model User {\n  id    Int     @id @default(autoincrement())\n  email String  @unique\n  orders Order[]\n}",
    "model Order {\n  id     Int  @id @default(autoincrement())\n  userId Int\n  user   User @relation(fields: [userId], references: [id])\n}",
  ),
  "src/db.ts": lines('import { PrismaClient } from "@prisma/client";', "", "export const prisma = new PrismaClient();"),
  "src/logger.ts": lines('import pino from "pino";', "", 'export const logger = pino({ level: process.env.LOG_LEVEL ?? "info" });'),
  "src/app.ts": lines(
    'import express from "express";',
    'import { usersRouter } from "./routes/users.js";',
    "",
    "export const app = express();",
    "app.use(express.json());",
    'app.use("/users", usersRouter);',
    'const docs = "https://example.com/docs"; app.get("/health", (_req, res) => res.json({ ok: true, docs }));',
    '// app.get("/debug", debugHandler);',
  ),
  "src/routes/users.ts": lines(
    'import { Router } from "express";',
    'import { z } from "zod";',
    'import { prisma } from "../db.js";',
    'import { logger } from "../logger.js";',
    'import { NotFoundError } from "../errors.js";',
    "",
    "const CreateUser = z.object({ email: z.string().email(), name: z.string().min(1) });",
    "const IdParams = z.object({ id: z.coerce.number().int() });",
    "",
    "export const usersRouter = Router();",
    "",
    'usersRouter.get("/", async (_req, res) => {',
    "  res.json(await prisma.user.findMany());",
    "});",
    'usersRouter.get("/:id", async (req, res) => {',
    "  const { id } = IdParams.parse(req.params);",
    "  const user = await prisma.user.findUnique({ where: { id } });",
    "  if (!user) throw new NotFoundError(`user ${id}`);",
    "  res.json(user);",
    "});",
    'usersRouter.post("/", async (req, res) => {',
    "  const user = await prisma.user.create({ data: CreateUser.parse(req.body) });",
    '  logger.info({ id: user.id }, "user created");',
    "  res.status(201).json(user);",
    "});",
    "usersRouter",
    '  .route("/:id/avatar")',
    "  .get((req, res) => res.sendFile(avatarPath(req.params.id)))",
    "  .put(upload.single(\"avatar\"), (req, res) => res.sendStatus(204));",
  ),
  "src/services/orders.ts": lines(
    'import { readFile } from "node:fs";',
    'import { prisma } from "../db.js";',
    'import { logger } from "../logger.js";',
    "",
    "export function ordersOf(userId: number) {",
    "  return prisma.order.findMany({ where: { userId } }).then((orders) => orders.map((o) => o.id));",
    "}",
    "",
    "export function loadSeed(path: string, done: (ids: number[]) => void) {",
    "  readFile(path, \"utf8\", (err, data) => {",
    '    if (err) return logger.error(err, "seed failed");',
    "    done(JSON.parse(data));",
    "  });",
    "}",
  ),
  "src/errors.ts": lines(
    "export class HttpError extends Error {",
    "  constructor(readonly status: number, message: string) { super(message); }",
    "}",
    "export class NotFoundError extends HttpError {",
    "  constructor(what: string) { super(404, `${what} not found`); }",
    "}",
  ),
  "src/server.ts": lines(
    'import { app } from "./app.js";',
    'import { logger } from "./logger.js";',
    "",
    "const port = Number(process.env.PORT ?? 3000);",
    'app.listen(port, () => logger.info(`listening on ${port}`));',
    'process.on("unhandledRejection", (e) => console.error(e));',
  ),
  "src/client.ts": lines(
    'import axios from "axios";',
    "",
    'export const fetchUsers = () => axios.get("/users").then((r) => r.data);',
  ),
  "test/users.test.ts": lines(
    'import request from "supertest";',
    'import { describe, expect, it } from "vitest";',
    'import { app } from "../src/app.js";',
    "",
    'describe("users", () => {',
    '  it("lists", async () => {',
    '    const res = await request(app).get("/users");',
    "    expect(res.status).toBe(200);",
    "  });",
    "});",
  ),
  "vitest.config.ts": lines('import { defineConfig } from "vitest/config";', "", 'export default defineConfig({ test: { environment: "node" } });'),
};

const HONO_APP: Tree = {
  "package.json": JSON.stringify({ name: "books", dependencies: { hono: "^4", "drizzle-orm": "^0.30" }, scripts: { test: "bun test" } }),
  "src/index.ts": lines(
    'import { Hono } from "hono";',
    'import { books } from "./books";',
    "",
    "const app = new Hono();",
    'app.get("/", (c) => c.text("ok"));',
    'app.route("/books", books);',
    "export default app;",
  ),
  "src/books.ts": lines(
    'import { Hono } from "hono";',
    'import { eq } from "drizzle-orm";',
    'import { db } from "./db";',
    'import { books as table } from "./db/schema";',
    "",
    "export const books = new Hono()",
    '  .get("/", async (c) => c.json(await db.select().from(table)))',
    '  .post("/", async (c) => c.json(await db.insert(table).values(await c.req.json()).returning()))',
    '  .get("/:id", async (c) => c.json(await db.select().from(table).where(eq(table.id, Number(c.req.param("id"))))));',
  ),
  "src/db/schema.ts": lines(
    'import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";',
    "",
    'export const authors = pgTable("authors", { id: serial("id").primaryKey(), name: text("name").notNull() });',
    'export const books = pgTable("books", {',
    '  id: serial("id").primaryKey(),',
    '  title: text("title").notNull(),',
    '  authorId: integer("author_id").references(() => authors.id),',
    "});",
  ),
  "src/db.ts": lines('import { drizzle } from "drizzle-orm/postgres-js";', 'import postgres from "postgres";', "", "export const db = drizzle(postgres(process.env.DATABASE_URL!));"),
  "test/books.test.ts": lines(
    'import { expect, test } from "bun:test";',
    'import app from "../src/index";',
    "",
    'test("root", async () => {',
    '  expect(await (await app.request("/")).text()).toBe("ok");',
    "});",
  ),
};

const NEXT_APP: Tree = {
  "package.json": JSON.stringify({ name: "web", dependencies: { next: "14", react: "18", "next-auth": "4" } }),
  "app/layout.tsx": lines("export default function RootLayout({ children }: { children: React.ReactNode }) {", "  return <html><body>{children}</body></html>;", "}"),
  "app/page.tsx": lines("export default function Home() {", "  return <main>Home</main>;", "}"),
  "app/(marketing)/about/page.tsx": lines("export default function About() {", "  return <p>About</p>;", "}"),
  "app/api/users/route.ts": lines(
    'import { NextResponse } from "next/server";',
    "",
    "export async function GET() {",
    "  return NextResponse.json(await listUsers());",
    "}",
    "",
    "export async function POST(request: Request) {",
    "  return NextResponse.json(await createUser(await request.json()), { status: 201 });",
    "}",
  ),
  "app/api/users/[id]/route.ts": lines(
    'import { NextResponse } from "next/server";',
    "",
    "type Ctx = { params: { id: string } };",
    "export async function GET(_req: Request, { params }: Ctx) { return NextResponse.json(await getUser(params.id)); }",
    "export async function PATCH(req: Request, { params }: Ctx) { return NextResponse.json(await updateUser(params.id, await req.json())); }",
    "export const DELETE = async (_req: Request, { params }: Ctx) => { await deleteUser(params.id); return new Response(null, { status: 204 }); };",
  ),
  "app/api/auth/[...nextauth]/route.ts": lines(
    'import NextAuth from "next-auth";',
    'import { authOptions } from "@/lib/auth";',
    "",
    "const handler = NextAuth(authOptions);",
    "export { handler as GET, handler as POST };",
  ),
  "pages/api/legacy.ts": lines(
    'import type { NextApiRequest, NextApiResponse } from "next";',
    "",
    "export default function handler(_req: NextApiRequest, res: NextApiResponse) {",
    '  res.status(200).json({ legacy: true });',
    "}",
  ),
};

const PLAIN_LIBRARY: Tree = {
  "package.json": JSON.stringify({ name: "tiny-math", version: "1.0.0", main: "dist/index.js", scripts: { build: "tsc" } }),
  "README.md": lines("# tiny-math", "", "Use `app.get('/x')`-free arithmetic. Throws nothing; logs nothing."),
  "src/index.ts": lines(
    "/** Adds two numbers. @example add(1, 2) // 3 */",
    "export function add(a: number, b: number): number {",
    "  return a + b;",
    "}",
    "// console.log(add(1, 2));",
    "export const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));",
  ),
  "logo.png": "\u0089PNG\r\n\u001a\n",
};

const POLYGLOT: Tree = {
  "Api/Program.cs": lines(
    "var builder = WebApplication.CreateBuilder(args);",
    "builder.Services.AddScoped<IOrderRepository, OrderRepository>();",
    "builder.Services.AddSingleton<IClock, SystemClock>();",
    "builder.Services.AddMediatR(cfg => cfg.RegisterServicesFromAssemblyContaining<Program>());",
    "var app = builder.Build();",
    'app.MapGet("/health", () => Results.Ok());',
    "app.Run();",
  ),
  "Api/Controllers/OrdersController.cs": lines(
    "using MediatR;",
    "using Microsoft.AspNetCore.Mvc;",
    "",
    "[ApiController]",
    '[Route("orders")]',
    "public class OrdersController(IMediator mediator, ILogger<OrdersController> logger) : ControllerBase",
    "{",
    '    [HttpGet("{id}")]',
    "    public async Task<IActionResult> Get(int id) => Ok(await mediator.Send(new GetOrderQuery(id)));",
    "    [HttpPost]",
    "    public async Task<IActionResult> Create(CreateOrderCommand command) => Ok(await mediator.Send(command));",
    "}",
  ),
  "Api/Orders/GetOrderHandler.cs": lines(
    "public class GetOrderHandler(AppDbContext db) : IRequestHandler<GetOrderQuery, Order?>",
    "{",
    "    public Task<Order?> Handle(GetOrderQuery q, CancellationToken ct) => db.Orders.FindAsync(q.Id).AsTask();",
    "}",
    "public class OrderNotFoundException(int id) : Exception($\"order {id}\");",
  ),
  "Api/Data/AppDbContext.cs": lines("public class AppDbContext(DbContextOptions options) : DbContext(options)", "{", "    public DbSet<Order> Orders => Set<Order>();", "}"),
  "Api.Tests/OrdersTests.cs": lines("public class OrdersTests", "{", "    [Fact]", "    public void Creates() => Assert.True(true);", "}"),
  "svc/main.py": lines(
    "import logging",
    "from fastapi import FastAPI",
    "from pydantic import BaseModel",
    "",
    "logger = logging.getLogger(__name__)",
    "app = FastAPI()",
    "",
    "class Item(BaseModel):",
    "    name: str  # e.g. @app.get(\"/commented\")",
    "",
    "class ItemError(Exception):",
    "    pass",
    "",
    '@app.get("/items")',
    "async def items():",
    "    return []",
    "",
    '@app.post("/items")',
    "async def create(item: Item):",
    "    return item",
  ),
  "svc/tests/test_items.py": lines("import pytest", "", "def test_items():", "    assert True"),
  "gateway/main.go": lines(
    "package main",
    "",
    'import "github.com/gin-gonic/gin"',
    "",
    "type NotFound struct{ ID string }",
    "",
    'func (e *NotFound) Error() string { return "not found: " + e.ID }',
    "",
    "func main() {",
    "\tr := gin.Default()",
    '\tr.GET("/ping", func(c *gin.Context) { c.String(200, "pong") })',
    '\tr.POST("/users", createUser)',
    "\tr.Run()",
    "}",
  ),
  "gateway/main_test.go": lines("package main", "", 'import "testing"', "", "func TestPing(t *testing.T) {}"),
};

const files = (tree: Tree): PatternFile[] => Object.entries(tree).map(([path, text]) => ({ path, text }));
const detect = (tree: Tree): string[] => detectPatterns(files(tree));

describe("detectPatterns on realistic apps", () => {
  test("NestJS: DI, controller routes, CQRS, Logger, errors, class-validator, TypeORM, jest", () => {
    expect(detect(NEST_APP)).toEqual([
      "pattern: DependencyInjection: NestJS — 2 injectable providers in 2 modules",
      "pattern: HttpRouting: NestJS — 4 routes in 1 controller",
      "pattern: CQRS: NestJS CQRS — 1 command handler, 1 query handler, 1 event handler; 3 dispatches (CreateOrderCommand, GetOrderQuery, OrderCreatedEvent)",
      "pattern: Logging: NestJS Logger in 2 files",
      "pattern: ErrorClasses: 4 custom error classes (bases: Error, HttpException) — DomainError, InvalidQuantityError, OrderNotFoundError, …",
      "pattern: Validation: class-validator — 4 decorators in 1 file",
      "pattern: DataAccess: TypeORM — 1 entity, 1 injected repository; 1 repository (OrderRepository)",
      "pattern: AsyncStyle: async/await 100% (6)",
      "pattern: TestFramework: jest — 2 test files",
    ]);
  });

  test("Express + zod + Prisma + pino + vitest", () => {
    expect(detect(EXPRESS_APP)).toEqual([
      "pattern: HttpRouting: Express — 6 routes in 2 files",
      "pattern: Configuration: process.env — 2 keys read (LOG_LEVEL, PORT)",
      "pattern: Logging: pino in 1 file (+3 via shared logger); console.* in 1 file",
      "pattern: ErrorClasses: 2 custom error classes (bases: Error) — HttpError, NotFoundError",
      "pattern: Validation: zod — 2 object schemas in 1 file",
      "pattern: DataAccess: Prisma — 2 models, 4 client queries",
      "pattern: AsyncStyle: async/await 50% (3), .then chains 33% (2), error-first callbacks 17% (1)",
      "pattern: TestFramework: vitest — 1 test file",
    ]);
  });

  test("Hono with chained routes, Drizzle tables, bun:test", () => {
    expect(detect(HONO_APP)).toEqual([
      "pattern: HttpRouting: Hono — 4 routes in 2 files",
      "pattern: Configuration: process.env — 1 key read (DATABASE_URL)",
      "pattern: DataAccess: Drizzle — 2 tables (authors, books)",
      "pattern: AsyncStyle: async/await 100% (4)",
      "pattern: TestFramework: bun:test — 1 test file",
    ]);
  });

  test("Next.js app router handlers (functions, consts, export lists) and pages API", () => {
    expect(detect(NEXT_APP)).toEqual([
      "pattern: HttpRouting: Next.js app router — 7 routes in 3 files; Next.js pages API — 1 route in 1 file",
      "pattern: AsyncStyle: async/await 100% (7)",
    ]);
  });

  test("a plain library, and no files at all, give no lines", () => {
    expect(detect(PLAIN_LIBRARY)).toEqual([]);
    expect(detectPatterns([])).toEqual([]);
  });

  test("cheap signals for C#, Python and Go", () => {
    expect(detect(POLYGLOT)).toEqual([
      "pattern: DependencyInjection: .NET DI — 2 registrations (1 AddScoped, 1 AddSingleton)",
      "pattern: HttpRouting: ASP.NET Core — 3 routes in 2 files; FastAPI — 2 routes in 1 file; Gin — 2 routes in 1 file",
      "pattern: CQRS: MediatR — 1 request handler; 1 dispatch (GetOrderQuery)",
      "pattern: Logging: Python logging in 1 file; ILogger<T> in 1 file",
      "pattern: ErrorClasses: 3 custom error classes (bases: Exception, error) — ItemError, NotFound, OrderNotFoundException",
      "pattern: Validation: pydantic — 1 model in 1 file",
      "pattern: DataAccess: EF Core — 1 DbSet in 1 file",
      "pattern: TestFramework: pytest — 1 test file; xUnit — 1 test file; Go testing — 1 test file",
    ]);
  });

  test("deterministic: input order and Windows separators do not change the lines", () => {
    const expected = detect(EXPRESS_APP);
    const shuffled = files(EXPRESS_APP).reverse().map((f) => ({ path: f.path.replaceAll("/", "\\"), text: f.text }));
    expect(detectPatterns(shuffled)).toEqual(expected);
    expect(detectPatterns([...files(NEST_APP), ...files(HONO_APP)].reverse())).toEqual(detectPatterns([...files(HONO_APP), ...files(NEST_APP)]));
  });
});

describe("individual detectors", () => {
  const ANGULAR = 'import { Injectable, inject } from "@angular/core";\n@Injectable({ providedIn: "root" })\nexport class Api { http = inject(HttpClient); }\n';

  test("dependency injection: InversifyJS, tsyringe, Awilix, Angular, Spring; more than three containers end with …", () => {
    expect(detect({
      "src/ioc.ts": lines(
        'import { Container, injectable } from "inversify";',
        "@injectable() class Katana {}",
        "@injectable() class Ninja {}",
        "const container = new Container();",
        "container.bind<Weapon>(TYPES.Weapon).to(Katana);",
        "container.bind(Ninja).toSelf();",
        "container.bind(TYPES.Clock).toConstantValue(clock);",
      ),
      "src/tsy.ts": 'import { container, injectable } from "tsyringe";\n@injectable() export class Mailer {}\ncontainer.register("Mailer", { useClass: Mailer });\n',
      "src/awilix.ts": 'import { asClass, asFunction, asValue } from "awilix";\ncontainer.register({ a: asClass(A), b: asClass(B), c: asFunction(mk), d: asValue(1) });\n',
      "src/app.service.ts": ANGULAR,
    })).toEqual([
      // Four containers: the fourth gives way to `…`; the third would pass the line limit, so it does too.
      "pattern: DependencyInjection: InversifyJS — 2 injectable classes, 3 container bindings; Awilix — 4 registrations (2 asClass, 1 asFunction, 1 asValue); …",
    ]);
    expect(detect({ "src/app.service.ts": ANGULAR })).toEqual(["pattern: DependencyInjection: Angular — 1 injectable service, 1 inject() call"]);
  });

  test("routes: Koa, Fastify, Elysia, Bun.serve, SvelteKit, Remix", () => {
    expect(detect({ "src/koa.ts": 'import Router from "@koa/router";\nconst router = new Router();\nrouter.get("/a", h).del("/a/:id", h);\n// router.post("/gone", h);\n' }))
      .toEqual(["pattern: HttpRouting: Koa — 2 routes in 1 file"]);
    expect(detect({
      "src/fastify.ts": 'import Fastify from "fastify";\nconst app = Fastify();\napp.post("/b", h);\napp.route({ method: "GET", url: "/c", handler: h });\n',
      "src/plugin.js": 'module.exports = function plugin(fastify, opts, done) {\n  fastify.get("/d", h);\n  done();\n};\n',
    })).toEqual(["pattern: HttpRouting: Fastify — 3 routes in 2 files"]);
    expect(detect({ "src/elysia.ts": 'import { Elysia } from "elysia";\nnew Elysia().get("/", () => "hi").post("/e", h).listen(3000);\n' }))
      .toEqual(["pattern: HttpRouting: Elysia — 2 routes in 1 file"]);
    expect(detect({ "src/bun.ts": 'Bun.serve({ routes: { "/api/status": new Response("OK"), "/users/:id": { GET: h, PUT: h } }, fetch: notFound });\n' }))
      .toEqual(["pattern: HttpRouting: Bun.serve — 3 routes in 1 file"]); // ALL /api/status, GET and PUT /users/:id
    expect(detect({ "server.ts": 'Bun.serve({ fetch(req) { return new Response("hi"); } });\n' }))
      .toEqual(["pattern: HttpRouting: Bun.serve — fetch handler in 1 file"]);
    expect(detect({ "src/routes/todos/+server.ts": "export const GET: RequestHandler = () => json([]);\nexport function POST() {}\n" }))
      .toEqual(["pattern: HttpRouting: SvelteKit — 2 routes in 1 file"]);
    expect(detect({
      "app/routes/users.$id.tsx": 'import { json } from "@remix-run/node";\nexport function loader() {}\nexport const action = () => {};\nexport default function User() {}\n',
      "app/routes/_index.tsx": "export const loader = () => null;\nexport default function Index() {}\n",
    })).toEqual(["pattern: HttpRouting: Remix — 2 route modules (2 loaders, 1 action)"]);
  });

  test("routes: client calls and non-app receivers are not routes; routers without the import use the codebase's framework", () => {
    expect(detect({
      "src/api.ts": 'import express from "express";\nconst r = express.Router();\naxios.get("/external");\nhttp.get("/x");\nr.get("/ok", h);\n',
      "src/users.router.ts": 'usersRouter.post("/u", h);\ncache.get("/not-a-route");\n',
      "src/web/client.ts": 'export const load = () => api.get("/users");\n',
    })).toEqual(["pattern: HttpRouting: Express — 2 routes in 2 files"]);
  });

  test("messaging: NestJS microservices, BullMQ, EventEmitter; process hooks are not messaging", () => {
    expect(detect({
      "src/orders.controller.ts": lines(
        'import { Controller } from "@nestjs/common";',
        'import { ClientProxy, MessagePattern } from "@nestjs/microservices";',
        "@Controller()",
        "export class OrdersController {",
        "  constructor(private readonly client: ClientProxy) {}",
        '  @MessagePattern("orders.count") count() { return this.client.send("billing.total", {}); }',
        "}",
      ),
      "src/jobs.ts": lines(
        'import { Queue, Worker } from "bullmq";',
        'const emails = new Queue("emails");',
        'new Worker("emails", async (job) => job.data);',
        'export const enqueue = () => emails.add("welcome", {});',
        'process.on("SIGTERM", () => process.exit(0));',
      ),
      "src/bus.ts": 'import { EventEmitter } from "node:events";\nexport const bus = new EventEmitter();\nbus.on("user.created", (u) => u);\nbus.emit("user.created", {});\n',
    })).toEqual(["pattern: Messaging: NestJS microservices — 1 message handler, 1 client send; BullMQ — 1 worker, 1 job added; EventEmitter — 1 listener, 1 emit"]);
  });

  test("configuration: env reads by source, config services, definitions by source", () => {
    expect(detect({
      "src/env.ts": 'import { z } from "zod";\nexport const env = z.object({ DATABASE_URL: z.string(), PORT: z.string() }).parse(process.env);\nconst { REDIS_URL } = process.env;\n',
      "src/db.ts": 'export const url = process.env.DATABASE_URL;\nexport const base = import.meta.env.VITE_API;\n',
      ".env.example": "DATABASE_URL=postgres://x\nPORT=3000\n",
      "config/default.yaml": "mail:\n  from: x\n",
    })).toEqual([
      "pattern: Configuration: process.env — 2 keys read (DATABASE_URL, REDIS_URL); import.meta.env — 1 key read (VITE_API); defined in .env 2, config file 1, zod 2",
      "pattern: Validation: zod — 1 object schema in 1 file",
    ]);
  });

  test("logging: a library behind a shared logger, a custom logger, console; comments ignored", () => {
    expect(detect({
      "src/log.ts": 'import winston from "winston";\nexport const log = winston.createLogger();\n',
      "src/b.ts": 'log.warn("x");\n',
      "src/c.ts": "console.log(1);\n",
      "src/d.ts": "console.warn(1); logger.info(1);\n",
    })).toEqual(["pattern: Logging: winston in 1 file (+2 via shared logger); console.* in 2 files"]);
    expect(detect({ "src/c.ts": 'const url = "http://x"; // console.log(url);\n/* console.error(url); */\n', "src/e.ts": 'this.logger.debug("x");\n' }))
      .toEqual(["pattern: Logging: custom logger in 1 file"]);
  });

  test("async style counts RxJS pipes and subscriptions only where rxjs is imported", () => {
    expect(detect({ "src/rx.ts": 'import { map } from "rxjs";\nthis.http.get(url).pipe(map(f)).subscribe(g);\n', "src/s.ts": "stream.pipe(out);\nconst x = await y;\n" }))
      .toEqual(["pattern: AsyncStyle: RxJS pipe/subscribe 67% (2), async/await 33% (1)"]);
  });

  test("validation: Joi, yup, valibot, TypeBox", () => {
    expect(detect({
      "src/j.ts": 'import Joi from "joi";\nconst a = Joi.object({ a: Joi.string() });\nconst b = Joi.object({});\n',
      "src/y.ts": 'import * as yup from "yup";\nconst s = yup.object({ a: yup.string() });\n',
      "src/v.ts": 'import { object, string } from "valibot";\nconst S = object({ a: string() });\n',
      "src/t.ts": 'import { Type } from "@sinclair/typebox";\nconst T = Type.Object({});\n',
    })).toEqual(["pattern: Validation: Joi — 2 object schemas in 1 file; yup — 1 object schema in 1 file; valibot — 1 object schema in 1 file; …"]);
    expect(detect({ "src/t.ts": 'import { Type } from "@sinclair/typebox";\nconst T = Type.Object({});\n' }))
      .toEqual(["pattern: Validation: TypeBox — 1 object schema in 1 file"]);
  });

  test("data access: Mongoose, Sequelize, Kysely, MikroORM; Spring Data and JPA", () => {
    expect(detect({
      "src/m.ts": 'import mongoose, { Schema } from "mongoose";\nconst User = new Schema({ name: String });\nconst Post = new mongoose.Schema({});\nconst Tag = new Schema({});\n',
      "src/s.ts": 'import { Model } from "sequelize";\nclass Tag extends Model {}\nsequelize.define("thing", {});\n',
      "src/k.ts": 'import { Kysely } from "kysely";\ndb.selectFrom("person").selectAll().execute();\n',
    })).toEqual(["pattern: DataAccess: Mongoose — 3 schemas; Sequelize — 2 models; Kysely — 1 query in 1 file"]);
    expect(detect({ "src/book.ts": 'import { Entity, PrimaryKey } from "@mikro-orm/core";\n@Entity()\nexport class Book {}\n' }))
      .toEqual(["pattern: DataAccess: MikroORM — 1 entity"]);
    expect(detect({
      "src/main/java/shop/Api.java": lines(
        "import org.springframework.web.bind.annotation.*;",
        "import org.springframework.stereotype.Service;",
        '@RestController @RequestMapping("/api")',
        'class Api { @GetMapping("/a") String a() { return ""; } @PostMapping("/b") void b() {} }',
        "@Service class Orders {}",
      ),
      "src/main/java/shop/Order.java": "import jakarta.persistence.Entity;\n@Entity\nclass Order {}\ninterface OrderRepository extends JpaRepository<Order, Long> {}\n",
    })).toEqual([
      "pattern: DependencyInjection: Spring — 2 components",
      "pattern: HttpRouting: Spring MVC — 2 routes in 1 controller",
      "pattern: DataAccess: JPA — 1 entity; 1 repository (OrderRepository)",
    ]);
  });

  test("test frameworks: imports, Cypress by usage, configured runners without test files", () => {
    expect(detect({
      "package.json": JSON.stringify({ devDependencies: { "@playwright/test": "1", mocha: "10" }, scripts: { "test:unit": "node --test src" } }),
      "e2e/home.spec.ts": 'import { test, expect } from "@playwright/test";\ntest("home", async ({ page }) => {});\n',
      "cypress/e2e/login.cy.ts": 'describe("login", () => { it("works", () => { cy.visit("/login"); }); });\n',
      "src/x.test.mjs": 'import test from "node:test";\ntest("x", () => {});\n',
      "playwright.config.ts": 'import { defineConfig } from "@playwright/test";\nexport default defineConfig({});\n',
    })).toEqual(["pattern: TestFramework: node:test — 1 test file; Playwright — 1 test file; Cypress — 1 test file; …"]);
    expect(detect({ ".mocharc.yml": "spec: test/**/*.ts\n", "bunfig.toml": "[test]\npreload = ['./setup.ts']\n" }))
      .toEqual(["pattern: TestFramework: bun:test — configured, no test files; mocha — configured, no test files"]);
  });

  test("lines stay within the limit", () => {
    const long = ["A", "B", "C"].map((c) => `export class ${c.repeat(60)}Error extends Error {}`).join("\n");
    const [line] = detect({ "src/errors.ts": long });
    expect(line?.length).toBe(MAX_PATTERN_LINE);
    expect(line?.startsWith("pattern: ErrorClasses: 3 custom error classes (bases: Error) — AAAA")).toBe(true);
    expect(line?.endsWith("…")).toBe(true);
  });
});

describe("stripComments", () => {
  test("drops // and /* */ comments but keeps strings, templates and escaped slashes", () => {
    expect(stripComments('a("//x"); // c\nb(`/* y */`); /* z */ c(/\\/\\//);', false)).toBe('a("//x"); \nb(`/* y */`);   c(/\\/\\//);');
  });

  test("Python: # comments only, // is floor division, triple-quoted strings kept", () => {
    expect(stripComments('x = a // b  # half\ns = """# not a comment"""\n', true)).toBe('x = a // b  \ns = """# not a comment"""\n');
  });
});
