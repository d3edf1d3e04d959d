// Server instructions: a few lines telling an agent which tool to use when, and the
// parameters many tools share (their schemas carry a few words only).

import { SHARED_PARAMS_NOTE } from "./tools.ts";

export const INSTRUCTIONS = [
  "svc answers questions about this codebase from a local index, in compact, token-budgeted form. Pass absolute paths.",
  "- Unknown codebase: start with svc_toc (tree, types, token costs; cheap), then svc_skeleton for signatures.",
  "- Exact names (a symbol, a file path, a phrase): svc_find (kind symbol/path/text).",
  "- Work on a known type or file: svc_focus; on a topic: svc_search; on a task in plain words with a budget: svc_ask.",
  "- Review or continue a change: svc_changes (review=true adds hunks and callers).",
  "- svc_workspace action=status tells how fresh the index is; reads build and refresh it automatically.",
  "Every answer is read-only except svc_workspace action=apply. Errors start with a prefix such as validation_error: and say what to fix.",
  SHARED_PARAMS_NOTE,
].join("\n");
