// The SvcError a promise rejects with (a test of an expected refusal); anything else is rethrown.

import { SvcError } from "../../src/errors.ts";

export async function failure(promise: Promise<unknown>): Promise<SvcError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SvcError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}
