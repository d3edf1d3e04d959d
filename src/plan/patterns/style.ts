// Pattern summary: coding-style detectors — logging library and reach, custom error class
// hierarchy, and the async style mix (await / .then / error-first callbacks / RxJS).

import { count, examples, imports, joinSegments, plural, type Corpus, type Lang, type Segment, type Src } from "./source.ts";

const NEST_LOGGER_IMPORT = /\bimport\s*\{[^}]*\bLogger\b[^}]*\}\s*from\s*['"]@nestjs\/common['"]/;
const MS_ILOGGER = /\bILogger\s*</;
const SLF4J_ANNOTATION = /@Slf4j\b/;

const NEST_LOGGER = "NestJS Logger";

interface Logger { label: string; lang: Lang; uses(f: Src): boolean }

/** Logging libraries in tie-break order. */
const LOGGERS: readonly Logger[] = [
  { label: NEST_LOGGER, lang: "js", uses: (f) => f.code.includes("Logger") && NEST_LOGGER_IMPORT.test(f.code) },
  { label: "pino", lang: "js", uses: (f) => imports(f, "pino", "pino-http", "nestjs-pino") },
  { label: "winston", lang: "js", uses: (f) => imports(f, "winston", "nest-winston") },
  { label: "bunyan", lang: "js", uses: (f) => imports(f, "bunyan") },
  { label: "log4js", lang: "js", uses: (f) => imports(f, "log4js") },
  { label: "consola", lang: "js", uses: (f) => imports(f, "consola") },
  { label: "debug", lang: "js", uses: (f) => imports(f, "debug") },
  { label: "Python logging", lang: "py", uses: (f) => imports(f, "logging") },
  { label: "loguru", lang: "py", uses: (f) => imports(f, "loguru") },
  { label: "structlog", lang: "py", uses: (f) => imports(f, "structlog") },
  { label: "Serilog", lang: "cs", uses: (f) => imports(f, "Serilog") },
  { label: "ILogger<T>", lang: "cs", uses: (f) => MS_ILOGGER.test(f.code) },
  { label: "SLF4J", lang: "jvm", uses: (f) => imports(f, "org.slf4j") || SLF4J_ANNOTATION.test(f.code) },
  { label: "Log4j", lang: "jvm", uses: (f) => imports(f, "org.apache.logging.log4j") },
  { label: "slog", lang: "go", uses: (f) => imports(f, "log/slog") },
  { label: "zap", lang: "go", uses: (f) => imports(f, "go.uber.org/zap") },
  { label: "logrus", lang: "go", uses: (f) => imports(f, "github.com/sirupsen/logrus") },
];
const CONSOLE = /(?<![\w$.])console\.(?:log|info|warn|error|debug|trace)\s*\(/;
const SHARED_LOG = /(?<![\w$])(?:logger|log|_logger|LOGGER|LOG)\.(?:info|warn|error|debug|trace|fatal|verbose)\s*\(/;

export function detectLogging(corpus: Corpus): string | null {
  const files = LOGGERS.map(() => 0);
  let consoleFiles = 0, shared = 0;
  for (const f of corpus.code) {
    let any = false;
    LOGGERS.forEach((l, i) => {
      if (l.lang === f.lang && l.uses(f)) {
        files[i] = (files[i] ?? 0) + 1;
        any = true;
      }
    });
    if (f.lang !== "js") continue;
    if (f.code.includes("console.") && CONSOLE.test(f.code)) consoleFiles++;
    if (!any && SHARED_LOG.test(f.code)) shared++;
  }
  // Calls through a shared `logger` belong to the JS library most files import (NestJS's
  // Logger is instantiated per file, so it is never the shared one).
  let dominant = -1;
  files.forEach((n, i) => {
    const l = LOGGERS[i];
    if (n > 0 && l?.lang === "js" && l.label !== NEST_LOGGER && (dominant < 0 || n > (files[dominant] ?? 0))) dominant = i;
  });
  const segments: Segment[] = [];
  files.forEach((n, i) => {
    if (n === 0) return;
    const extra = i === dominant && shared > 0 ? shared : 0;
    const via = extra > 0 ? ` (+${extra} via shared logger)` : "";
    segments.push({ text: `${LOGGERS[i]?.label} in ${plural(n, "file")}${via}`, weight: n + extra });
  });
  if (dominant < 0 && shared > 0) segments.push({ text: `custom logger in ${plural(shared, "file")}`, weight: shared });
  if (consoleFiles > 0) segments.push({ text: `console.* in ${plural(consoleFiles, "file")}`, weight: consoleFiles });
  return segments.length ? joinSegments(segments) : null;
}

const ERROR_CLASS: Partial<Record<Lang, RegExp>> = {
  js: /\bclass\s+([A-Za-z_$][\w$]*)\s*(?:<[^>\n]*>\s*)?extends\s+(?:[\w$]+\.)*([\w$]*(?:Error|Exception))\b/g,
  py: /^[ \t]*class\s+(\w+)\s*\(\s*(?:\w+\.)*(\w*(?:Error|Exception))\s*\)/gm,
  cs: /\bclass\s+(\w+)\s*(?:<[^>\n]*>\s*)?(?:\([^)\n]*\)\s*)?:\s*(?:\w+\.)*(\w*Exception)\b/g,
  jvm: /\bclass\s+(\w+)\s*(?:<[^>\n]*>\s*)?extends\s+(?:\w+\.)*(\w*(?:Exception|Error))\b/g,
  go: /\bfunc\s*\(\s*\w+\s+\*?(\w+)\s*\)\s*Error\s*\(\s*\)\s*string\b()/g,
};

export function detectErrorClasses(corpus: Corpus): string | null {
  const bases = new Map<string, string>();
  for (const f of corpus.code) {
    const re = f.lang ? ERROR_CLASS[f.lang] : undefined;
    if (!re || !(f.code.includes("Error") || f.code.includes("Exception"))) continue;
    for (const m of f.code.matchAll(re)) if (m[1]) bases.set(m[1], m[2] || "error");
  }
  if (bases.size === 0) return null;
  const roots = new Set([...bases.values()].filter((b) => !bases.has(b)));
  const noun = plural(bases.size, "custom error class", "custom error classes");
  return `${noun} (bases: ${examples(roots)}) — ${examples(bases.keys())}`;
}

const AWAIT = /(?<![\w$.])await\b/g;
const THEN = /\.then\s*\(/g;
const CALLBACK = /\bfunction\s*[\w$]*\s*\(\s*err(?:or)?\s*,|\(\s*err(?:or)?\s*,\s*[\w$]+\s*(?:,\s*[\w$]+\s*)*\)\s*=>/g;
const RX = /\.(?:pipe|subscribe)\s*\(/g;

export function detectAsyncStyle(corpus: Corpus): string | null {
  let awaits = 0, thens = 0, callbacks = 0, rx = 0;
  for (const f of corpus.code) {
    if (f.lang !== "js") continue;
    const c = f.code;
    if (c.includes("await")) awaits += count(AWAIT, c);
    if (c.includes(".then")) thens += count(THEN, c);
    if (c.includes("err")) callbacks += count(CALLBACK, c);
    if (imports(f, "rxjs")) rx += count(RX, c);
  }
  const total = awaits + thens + callbacks + rx;
  if (total === 0) return null;
  const kinds: [string, number][] = [["async/await", awaits], [".then chains", thens], ["error-first callbacks", callbacks], ["RxJS pipe/subscribe", rx]];
  return kinds
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([label, n]) => `${label} ${Math.round((100 * n) / total)}% (${n})`)
    .join(", ");
}
