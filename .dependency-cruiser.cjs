// Dependency rules of src/, checked by test/architecture.test.ts (dependency-cruiser).
//
// 1. No import cycles between files (type-only imports count).
// 2. Dependencies point down the layers of ../shared/spec/architecture.md: an area (a
//    top-level folder of src/, or a top-level file) may import any area of a lower layer,
//    the peers of its own layer listed in PEERS, and nothing above it.
// 3. Surfaces (src/surfaces/**) import only the engine, the registry, rendering and their
//    own helpers.
// What the code does today against these rules is listed in KNOWN_VIOLATIONS, file by file,
// to be fixed (issue 22): the rules allow exactly those imports and nothing like them.

/** Highest first. `ops/types.ts` (OpContext/OpResult, types only) is the contract every layer shares. */
const LAYERS = [
  ["main.ts"],
  ["surfaces"],
  ["install"],
  ["engine.ts"],
  ["registry"],
  ["ops"],
  ["plan", "render", "wiring", "check", "retrieve", "refactor", "testing", "package-upgrade", "indexing"],
  ["semantic", "graph"],
  ["index"],
  ["workspace", "lang", "git", "host", "text", "history"],
  ["store", "sys", "errors.ts", "version.ts", "params.ts", "validate.ts", "ops/types.ts"],
];

/** Imports allowed inside one layer (one direction each; the reverse is a violation). */
const PEERS = {
  plan: ["render", "retrieve", "wiring", "indexing"],
  // the pass list registers the wiring's visitor and link pass
  indexing: ["wiring"],
  check: ["plan", "render"],
  refactor: ["check", "render", "retrieve"],
  // candidate racing checks each candidate on the overlay before running its tests
  testing: ["check"],
  wiring: ["render"],
  // a file whose path holds a credential is left out of the inventory (the store never holds one)
  workspace: ["git", "lang", "text"],
  // the secret detector asks which files are code
  text: ["lang"],
  // commit messages are scrubbed with the secret detector and tokenized like queries; the reflog is found in the git directory (a worktree's, from its .git file)
  history: ["text", "git"],
  // the writer lock is taken over as any file several processes race for (sys/takeover.ts)
  store: ["errors.ts", "sys"],
  sys: ["errors.ts", "version.ts"],
  "validate.ts": ["errors.ts", "params.ts"],
};

/** Surfaces may import these areas (besides src/surfaces itself) ... */
const SURFACE_ALLOWED = ["engine.ts", "registry", "render", "text", "errors.ts", "params.ts", "version.ts", "sys", "host", "install", "ops/types.ts"];
/** ... and these files: choosing the workspace a request acts on (root, MCP roots). */
const SURFACE_ALLOWED_FILES = ["src/workspace/root.ts", "src/workspace/allowed.ts"];

/** [importing file, imported file]: today's imports against the rules, to fix later. */
const KNOWN_VIOLATIONS = [
  // upward between layers
  ["src/errors.ts", "src/text/redact.ts"],
  // an error's message is made safe once, where it is built: redacted, and its echoed control characters escaped
  ["src/errors.ts", "src/text/control-chars.ts"],
  ["src/host/payloads.ts", "src/render/redact-output.ts"],
  ["src/graph/reach.ts", "src/retrieve/resolve-symbol.ts"],
  ["src/graph/impact.ts", "src/retrieve/resolve-symbol.ts"],
  ["src/semantic/upgrade.ts", "src/wiring/checker/pass.ts"],
  ["src/check/handoff.ts", "src/ops/check-session.ts"],
  ["src/refactor/stage.ts", "src/ops/apply.ts"],
  // a staged file is handed off only if apply can put its secrets back from the markers answers show
  ["src/refactor/stage.ts", "src/ops/apply-fidelity.ts"],
  // against the peer direction (folder-level cycles inside one layer)
  ["src/render/fusion.ts", "src/plan/model.ts"],
  // the same dependency, split out of fusion.ts with the file candidates it prepares (a PlanEntry each)
  ["src/render/fusion-candidate.ts", "src/plan/model.ts"],
  ["src/retrieve/localize.ts", "src/plan/collect.ts"],
  ["src/retrieve/localize-signals.ts", "src/plan/collect.ts"],
  // the same dependencies, split out of localize-signals.ts with the lexical scores
  ["src/retrieve/localize-lexical.ts", "src/plan/collect.ts"],
  ["src/retrieve/localize-lexical.ts", "src/plan/search.ts"],
  ["src/retrieve/localize-history.ts", "src/plan/collect.ts"],
  ["src/check/overlay.ts", "src/refactor/code-style.ts"],
  // surfaces reaching past the engine: the host daemon owning index, store and resident engine
  ["src/surfaces/host/server.ts", "src/index/open.ts"],
  ["src/surfaces/host/server.ts", "src/indexing/sync.ts"],
  ["src/surfaces/host/server.ts", "src/store/lock.ts"],
  ["src/surfaces/host/server.ts", "src/store/db.ts"],
  ["src/surfaces/host/server.ts", "src/store/meta.ts"],
  ["src/surfaces/host/server.ts", "src/semantic/resident.ts"],
  ["src/surfaces/host/server.ts", "src/semantic/resident-status.ts"],
  ["src/surfaces/host/server.ts", "src/check/warm.ts"],
  ["src/surfaces/host/watch.ts", "src/workspace/inventory.ts"],
  ["src/surfaces/mcp/server.ts", "src/semantic/resident.ts"],
];

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** A path regex for areas: a top-level file exactly, a folder with everything under it. */
const areaRe = (areas) => `^src/(${areas.map((a) => (a.endsWith(".ts") ? `${esc(a)}$` : `${esc(a)}/`)).join("|")})`;
const filesRe = (files) => `^(${files.map((f) => `${esc(f)}$`).join("|")})`;

function allowedTargets(area, layer) {
  return [area, ...LAYERS.slice(layer + 1).flat(), ...(PEERS[area] ?? [])];
}

/** A file that is an area of its own (ops/types.ts) is judged by its own row, not its folder's. */
const FILE_AREAS = LAYERS.flat().filter((a) => a.includes("/"));

const layerRules = LAYERS.flatMap((areas, layer) =>
  areas.map((area) => {
    const known = KNOWN_VIOLATIONS.filter(([from]) => new RegExp(areaRe([area])).test(from));
    const sub = FILE_AREAS.filter((f) => f !== area && f.startsWith(`${area}/`));
    return {
      name: `layer:${area}`,
      severity: "error",
      comment: `${area} imports only lower layers (architecture.md)${PEERS[area] ? ` and its peers ${PEERS[area].join(", ")}` : ""}`,
      from: { path: areaRe([area]), ...(sub.length ? { pathNot: areaRe(sub) } : {}) },
      to: { path: "^src/", pathNot: [areaRe(allowedTargets(area, layer)), ...(known.length ? [filesRe(known.map(([, to]) => to))] : [])] },
    };
  }),
);

// The layer rule above lets a file import a known violation's target that another file of its
// area imports; these pin each known violation to the one file that has it.
const knownOnly = LAYERS.flatMap((areas, layer) =>
  areas.flatMap((area) => {
    const known = KNOWN_VIOLATIONS.filter(([from]) => new RegExp(areaRe([area])).test(from));
    const targets = [...new Set(known.map(([, to]) => to))];
    return targets.map((to) => ({
      name: `known-violation:${area}`,
      severity: "error",
      comment: `only the files listed in KNOWN_VIOLATIONS may import ${to}`,
      from: { path: areaRe([area]), pathNot: filesRe(known.filter(([, t]) => t === to).map(([from]) => from)) },
      to: { path: filesRe([to]), pathNot: areaRe(allowedTargets(area, layer)) },
    }));
  }),
);

const surfaceKnown = KNOWN_VIOLATIONS.filter(([from]) => from.startsWith("src/surfaces/"));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "import cycles between files (type-only imports count)",
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    ...knownOnly,
    {
      name: "surfaces-thin",
      severity: "error",
      comment: "surfaces import only the engine, the registry, rendering and their own helpers",
      from: { path: "^src/surfaces/", pathNot: filesRe([...new Set(surfaceKnown.map(([from]) => from))]) },
      to: { path: "^src/", pathNot: [areaRe(["surfaces", ...SURFACE_ALLOWED]), filesRe(SURFACE_ALLOWED_FILES)] },
    },
    ...[...new Set(surfaceKnown.map(([from]) => from))].map((from) => ({
      name: "surfaces-thin",
      severity: "error",
      comment: `surfaces import only the engine, the registry, rendering and their own helpers (known: ${from})`,
      from: { path: filesRe([from]) },
      to: {
        path: "^src/",
        pathNot: [areaRe(["surfaces", ...SURFACE_ALLOWED]), filesRe([...SURFACE_ALLOWED_FILES, ...surfaceKnown.filter(([f]) => f === from).map(([, to]) => to)])],
      },
    })),
  ],
  options: {
    parser: "swc",
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
    moduleSystems: ["es6", "cjs"],
  },
};
