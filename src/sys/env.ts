// Environment switches. Booleans accept 1/true/yes/on and 0/false/no/off; anything else
// is a usage error naming the variable.

import { validationError } from "../errors.ts";

export function envBool(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const v = raw.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(v)) return true;
  if (["0", "false", "no", "off"].includes(v)) return false;
  throw validationError(`${name} must be one of 1/true/yes/on or 0/false/no/off (got '${raw}')`);
}

export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw.trim());
  if (!Number.isInteger(n)) throw validationError(`${name} must be an integer (got '${raw}')`);
  return n;
}
