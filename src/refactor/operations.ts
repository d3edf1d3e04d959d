// The svc_refactor operations this version implements end to end (computed, verified on the
// overlay, applied by a test). Only these are advertised: the registry's enum, its
// description and the README list exactly them, and a request naming any other operation
// (including the spec's ones not built yet) is a validation_error listing these.

export const REFACTOR_OPERATIONS = ["rename", "add-parameter", "remove-parameter", "reorder-parameters", "extract-interface", "move-to-file", "organize-imports", "apply-codefix"] as const;
export type RefactorOperation = (typeof REFACTOR_OPERATIONS)[number];
