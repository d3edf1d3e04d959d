// Realistic source fixtures for the reduction tests: a NestJS-style service module and a
// CommonJS module.

export const SERVICE = `/// <reference types="node" />
"use strict";
// #region imports
import { Injectable, Inject } from "@nestjs/common";
import type { Logger } from "./logger";
import * as fs from "fs";
import "reflect-metadata";
import {
  PaymentService,
  Order,
} from "./payments";
// #endregion
/* eslint-disable no-console */

export { helper } from "./helper";
export * from "./types";

/**
 * Places and tracks orders. Talks to the payment service.
 * @example new OrderService(payments, logger)
 */
@Injectable()
export class OrderService extends BaseService implements IOrderService {
  private readonly cache = new Map<string, Order>();
  #secret = "a // not a comment /* nor this */";
  protected logger: Logger;
  static readonly routes = [
    "/orders",
    "/orders/:id",
  ];

  constructor(private readonly payments: PaymentService, @Inject(LOGGER) logger: Logger) {
    super();
    this.logger = logger; // istanbul ignore next
  }

  /** Charges the order and stores it. */
  @Post(":id")
  async place(id: string): Promise<Order> {
    const sql = \`SELECT * FROM orders -- /* not a comment */ // nope \${id}\`;
    const re = /\\/\\/+|\\/\\*/g;
    // @ts-ignore
    return this.payments.charge(id, sql.replace(re, ""));
  }

  private audit(): void {
    console.log("audit");
  }

  protected retry(times: number): void {
    this.logger.warn("retry " + times);
  }

  get size(): number {
    return this.cache.size;
  }
}

function internalHelper(a: number): number {
  return a * 2;
}

export const PORT = 3000;
const local = 5;
export const double = (x: number): number => x * 2;
export const ROUTES = [{ path: "/", component: Home }, { path: "/about", component: About }];

export function overloaded(a: string): string;
export function overloaded(a: number): number;
export function overloaded(a: any): any {
  return a;
}

export enum Color {
  Red = "red",
  Green = "green",
}

export namespace Utils {
  export function id<T>(x: T): T {
    return x;
  }
  const hidden = 1;
}

export interface IOrderService {
  /** Places one order. */
  place(id: string): Promise<Order>;
}

export type Id = string | number;

bootstrap();
export default OrderService;
`;

export const COMMONJS = `"use strict";
const fs = require("fs");
const { join, resolve } = require("path");
const debug = require("debug")("app");
require("dotenv/config");

/** Reads a config file. */
function readConfig(path) {
  // sync on purpose
  return JSON.parse(fs.readFileSync(join(path, "config.json"), "utf8"));
}

const cache = new Map();

module.exports = { readConfig };
`;
