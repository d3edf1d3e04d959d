# Sourced by scripts/svc and scripts/test: make sure the pinned Bun and the locked
# dependencies are installed, using only Node.js and npm when Bun is missing.
# Sets SVC_ROOT and BUN. Progress goes to stderr.

SVC_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUN="$SVC_ROOT/node_modules/.bin/bun"

# Node runs from SVC_ROOT: from the caller's directory it reads that directory's package.json
# (a malformed one crashed the launcher with a stack trace quoting its text).
svc_bun_version() {
  (cd "$SVC_ROOT" && node -e 'process.stdout.write(require(process.argv[1]).devDependencies.bun)' "$SVC_ROOT/package.json")
}

svc_deps_hash() {
  cat "$SVC_ROOT/package.json" "$SVC_ROOT/bun.lock" | (cd "$SVC_ROOT" && node -e '
    const h = require("crypto").createHash("sha256");
    process.stdin.on("data", (d) => h.update(d)).on("end", () => process.stdout.write(h.digest("hex")));')
}

# Keep only what this machine runs: each @ast-grep/lang-* package ships its grammar's C
# sources (only needed to build a grammar that has no prebuild) and prebuilt libraries for
# every platform — ~320 MB in all, ~35 MB for this machine's libraries alone.
# scripts/release fetches the other platforms' packages itself.
svc_prune_prebuilds() {
  node -e '
    const fs = require("fs"), path = require("path");
    const os = { linux: "Linux", darwin: "macOS", win32: "Windows" }[process.platform];
    const arch = { x64: "X64", arm64: "ARM64" }[process.arch];
    const keep = `prebuild-${os}-${arch}`;
    const base = path.join(process.argv[1], "node_modules", "@ast-grep");
    for (const pkg of fs.existsSync(base) ? fs.readdirSync(base) : []) {
      const dir = path.join(base, pkg, "prebuilds");
      if (!pkg.startsWith("lang-") || !fs.existsSync(path.join(dir, keep, "parser.so"))) continue;
      for (const entry of fs.readdirSync(dir)) if (entry !== keep) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
      fs.rmSync(path.join(base, pkg, "src"), { recursive: true, force: true });
    }' "$SVC_ROOT"
}

svc_bootstrap() {
  command -v node >/dev/null 2>&1 || { echo "svc: Node.js is required to bootstrap (https://nodejs.org)" >&2; return 1; }
  local want_bun installer stamp want
  want_bun="$(svc_bun_version)"
  installer="$BUN"
  if ! { [ -x "$BUN" ] && [ "$("$BUN" --version 2>/dev/null)" = "$want_bun" ]; }; then
    # No usable Bun yet: fetch the pinned one from npm into a side folder, then let it
    # install the locked dependencies (which include the same Bun as a devDependency).
    local boot="$SVC_ROOT/node_modules/.cache/svc-bootstrap"
    echo "svc: installing bun $want_bun with npm (first run)..." >&2
    mkdir -p "$boot"
    (cd "$boot" && npm install --prefix "$boot" --ignore-scripts=false --no-save --no-package-lock --no-audit --no-fund --loglevel=error "bun@$want_bun" >&2) || return 1
    installer="$boot/node_modules/.bin/bun"
    "$installer" --version >/dev/null 2>&1 || { echo "svc: the bun@$want_bun npm package did not produce a working binary" >&2; return 1; }
  fi
  stamp="$SVC_ROOT/node_modules/.svc-deps"
  want="$(svc_deps_hash)"
  if [ "$installer" != "$BUN" ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "svc: installing dependencies (bun install --frozen-lockfile)..." >&2
    (cd "$SVC_ROOT" && "$installer" install --frozen-lockfile >&2) || return 1
    # `ignore-scripts=true` in an .npmrc (which Bun reads too) skips the bun package's own
    # install script, leaving a placeholder that only prints how to run it: run it here.
    "$BUN" --version >/dev/null 2>&1 || (cd "$SVC_ROOT/node_modules/bun" && node install.js >&2) || return 1
    svc_prune_prebuilds || return 1
    # the Bun that npm fetched to run the first install is not needed any more
    [ "$installer" != "$BUN" ] && rm -rf "$SVC_ROOT/node_modules/.cache/svc-bootstrap"
    printf '%s' "$want" >"$stamp"
  fi
  [ -x "$BUN" ] || { echo "svc: bun is missing from node_modules after install" >&2; return 1; }
}
