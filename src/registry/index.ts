// The surface registry: one row per engine operation with its MCP tool, CLI command and
// RPC method(s). MCP registration, CLI wiring, --help and the parity test read this table.
// Operations are loaded lazily so that start-up (`svc --version`, `svc --help`) stays cheap.
//
// The rows live by area in this folder; this is the one place they are assembled, in the
// order the surfaces list them (MCP tools and svc_workspace actions by first appearance,
// CLI commands in --help). A new operation is a row in one of the area files, nowhere else.

import { FUSION_OPERATIONS } from "./fusion.ts";
import { HOST_OPERATIONS } from "./host.ts";
import { LOOKUP_OPERATIONS } from "./lookup.ts";
import type { OperationSpec } from "./spec.ts";
import { VERIFY_OPERATIONS } from "./verify.ts";
import { WORKSPACE_OPERATIONS } from "./workspace.ts";

export type { Catalog, McpBinding, OperationSpec } from "./spec.ts";

export const REGISTRY: readonly OperationSpec[] = [...WORKSPACE_OPERATIONS, ...LOOKUP_OPERATIONS, ...VERIFY_OPERATIONS, ...HOST_OPERATIONS, ...FUSION_OPERATIONS];

export function operation(op: string): OperationSpec {
  const spec = REGISTRY.find((row) => row.op === op);
  if (!spec) throw new Error(`no such operation in the registry: ${op}`);
  return spec;
}

/** Whether this build has a CLI command (install helpers refuse to install hooks calling a missing one). */
export function hasCliCommand(name: string): boolean {
  return REGISTRY.some((row) => row.cli?.command === name);
}
