// Scratch stress (not in the suite): readers of one small git repository's store race its writers.
// `bun scripts/stress/store-race.ts [--seconds 60] [--readers 3] [--fresh] [--force] [--edit] [--host]`
// Readers loop `svc find <q> --kind task`, `svc toc`, `svc impact X` as separate processes;
// writers loop `svc index` (and `--force`), edit files, or a `svc host` serves the root.
// --fresh: every round starts a new repository (the first reads race the first build).
// Prints each answer's outcome counted by message: ok, empty, or the error's first line.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";

const args = process.argv.slice(2);
const opt = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const flag = (name: string) => args.includes(`--${name}`);
const seconds = opt("seconds", 60);
const readers = opt("readers", 3);
const svcRoot = join(dirname(new URL(import.meta.url).pathname), "..", "..");
const bun = process.execPath;
const main = join(svcRoot, "src/main.ts");

function makeRepo(): string {
  const root = mkdtempSync(join(tmpdir(), "svc-race-"));
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ name: "race", type: "module" }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, module: "esnext", target: "es2022" }, include: ["src"] }),
    "src/window.ts": "import { subscribe } from './subscribe.ts';\nexport function window<T>(source: T[]): T[][] {\n  // window subscriptions end with the source subscription\n  subscribe(source);\n  return [source];\n}\n",
    "src/window-when.ts": "import { window } from './window.ts';\nexport function windowWhen<T>(source: T[]): T[][] {\n  // when the window closes, subscriptions end\n  return window(source);\n}\n",
    "src/subscribe.ts": "export function subscribe<T>(source: T[]): number {\n  return source.length;\n}\nexport class Subscription {\n  unsubscribe(): void {}\n}\n",
    "src/map.ts": "import { Subscription } from './subscribe.ts';\nexport function map<T>(source: T[]): T[] {\n  new Subscription().unsubscribe();\n  return source;\n}\n",
  };
  for (let i = 0; i < 12; i++) files[`src/op${i}.ts`] = `import { map } from './map.ts';\nexport function op${i}(xs: number[]): number[] {\n  // operator ${i} maps the window\n  return map(xs);\n}\n`;
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
  const git = (...a: string[]) => spawnSync("git", a, { cwd: root, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "refactor: centralize window subscriptions");
  return root;
}

const tally = new Map<string, number>();
const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
let stop = false;
const children = new Set<ReturnType<typeof spawn>>();

function run(cmd: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(bun, ["--no-install", main, ...cmd], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (code) => {
      children.delete(child);
      resolve({ code, out, err });
    });
  });
}

function classify(label: string, r: { code: number | null; out: string; err: string }, empty: (out: string) => boolean): void {
  if (r.code !== 0) {
    const line = (r.err.split("\n").find((l) => /^[a-z_]+:/.test(l.trim())) ?? r.err.split("\n")[0] ?? "").trim().replace(/\/tmp\/svc-race-\w+/g, "<root>").replace(/pid \d+/g, "pid N").slice(0, 160);
    count(`${label} exit ${r.code}: ${line}`);
    return;
  }
  count(empty(r.out) ? `${label} EMPTY` : `${label} ok`);
}

let root = makeRepo();
const reads: [string, string[], (out: string) => boolean][] = [
  ["find-task", ["find", "centralize window subscriptions", "--kind", "task", "--json"], (o) => !/"candidates":\s*\[\s*\{/.test(o)],
  ["toc", ["toc", "--json"], (o) => !o.includes("window.ts")],
  ["impact", ["impact", "subscribe", "--json"], (o) => !o.includes("window.ts")],
];

async function reader(i: number): Promise<void> {
  let n = i;
  while (!stop) {
    const [label, cmd, empty] = reads[n++ % reads.length]!;
    const at = root;
    classify(label, await run([...cmd, "--cwd", at]), empty);
  }
}

async function indexer(force: boolean): Promise<void> {
  while (!stop) classify(force ? "index --force" : "index", await run(["index", root, "--quiet", ...(force ? ["--force"] : [])]), () => false);
}

async function editor(): Promise<void> {
  let k = 0;
  while (!stop) {
    writeFileSync(join(root, `src/op${k % 12}.ts`), `import { map } from './map.ts';\nexport function op${k % 12}(xs: number[]): number[] {\n  // operator edit ${k} maps the window\n  return map(xs).concat([${k}]);\n}\n`);
    k++;
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function freshRounds(): Promise<void> {
  // each round: a new repository, then K first reads at once (they race the first build and whatever follows it)
  while (!stop) {
    root = makeRepo();
    await Promise.all(Array.from({ length: readers }, (_, i) => {
      const [label, cmd, empty] = reads[i % reads.length]!;
      return run([...cmd, "--cwd", root]).then((r) => classify(`fresh ${label}`, r, empty));
    }));
    // and a second wave while the detached build's later passes (semantic upgrade, history) may still run
    await Promise.all(Array.from({ length: readers }, (_, i) => {
      const [label, cmd, empty] = reads[i % reads.length]!;
      return run([...cmd, "--cwd", root]).then((r) => classify(`fresh2 ${label}`, r, empty));
    }));
  }
}

const tasks: Promise<void>[] = [];
let host: ReturnType<typeof spawn> | null = null;
if (flag("fresh")) tasks.push(freshRounds());
else {
  const first = await run(["index", root, "--quiet"]);
  if (first.code !== 0) console.error("initial index failed", first.err);
  if (flag("host")) {
    host = spawn(bun, ["--no-install", main, "host", root], { stdio: "ignore" });
    await new Promise((r) => setTimeout(r, 3000));
  }
  for (let i = 0; i < readers; i++) tasks.push(reader(i));
  if (!flag("host") || flag("index")) tasks.push(indexer(false));
  if (flag("force")) tasks.push(indexer(true));
  if (flag("edit")) tasks.push(editor());
}
setTimeout(() => (stop = true), seconds * 1000);
await Promise.all(tasks);
host?.kill();
for (const c of children) c.kill();
const rows = [...tally.entries()].sort((a, b) => a[0].localeCompare(b[0]));
console.log(`# ${args.join(" ")} (${seconds}s)`);
for (const [k, v] of rows) console.log(`${String(v).padStart(5)}  ${k}`);
process.exit(0);
