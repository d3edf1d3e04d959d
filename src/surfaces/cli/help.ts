// `--help` text, reshaped from cac's sections: the first line says what the program or the
// command does; the top level lists the commands on one screen (setup commands and
// deprecated aliases apart, no per-command "--help" list); negated flags such as
// --no-color do not show cac's "(default: true)".

/** One cac help section: an optional title and its body lines. */
export interface HelpSection {
  title?: string;
  body: string;
}

export interface HelpInfo {
  version: string;
  /** What svc is, one line. */
  tagline: string;
  /** Command name → one line saying what it does. */
  descriptions: Map<string, string>;
  /** Commands that set svc up (mcp, hook, host): listed in their own section. */
  setup: Set<string>;
  /** Deprecated aliases: listed apart. */
  deprecated: Set<string>;
}

/** Widest line of the top-level help (longer descriptions are cut there; each command's --help has the whole line). */
export const HELP_WIDTH = 100;

function clip(line: string, width: number): string {
  if (line.length <= width) return line;
  const cut = line.slice(0, width - 1);
  const at = Math.max(cut.lastIndexOf("; "), cut.lastIndexOf(" ("), cut.lastIndexOf(", "));
  return `${cut.slice(0, at > width / 2 ? at : cut.lastIndexOf(" "))}…`;
}

/** An option line without cac's trailing space, and without "(default: …)" on a --no-… flag or repeated after a description that already states its default. */
function cleanOption(line: string): string {
  const trimmed = line.replace(/\s+$/, "");
  const m = /^(.*?)\s\(default: [^)]*\)$/.exec(trimmed);
  if (!m) return trimmed;
  const text = m[1] as string;
  if (/^\s*--no-/.test(text) || /\bdefault\b/i.test(text.replace(/^\s*\S+(\s<\w+>)?/, ""))) return text.replace(/\s+$/, "");
  return trimmed;
}

export function reshapeHelp(sections: HelpSection[], info: HelpInfo): HelpSection[] {
  const usage = sections.find((s) => s.title === "Usage")?.body ?? "";
  const name = /\$ svc (\S+)/.exec(usage)?.[1] ?? "";
  const topLevel = name === "" || name.startsWith("<");
  const out: HelpSection[] = [];
  for (const section of sections) {
    if (section.title === undefined) {
      out.push({ body: topLevel ? `svc ${info.version}: ${info.tagline}` : `svc ${name}: ${info.descriptions.get(name) ?? ""}`.trimEnd() });
    } else if (section.title === "Options") {
      out.push({ title: "Options", body: section.body.split("\n").map(cleanOption).join("\n") });
    } else if (section.title === "Commands") {
      // Command names only (their arguments are in each command's --help), so descriptions get the width.
      const names = section.body.split("\n").map((row) => row.trim().split(/\s+/)[0] ?? "");
      const pad = Math.max(...names.map((n) => n.length)) + 2;
      const pick = (keep: (n: string) => boolean) =>
        names
          .filter(keep)
          .map((n) => clip(`  ${n.padEnd(pad)}${info.descriptions.get(n) ?? ""}`, HELP_WIDTH))
          .join("\n");
      out.push({ title: "Commands", body: pick((n) => !info.setup.has(n) && !info.deprecated.has(n)) });
      out.push({ title: "Setup", body: pick((n) => info.setup.has(n)) });
      out.push({ title: "Deprecated aliases (kept for old scripts)", body: pick((n) => info.deprecated.has(n)) });
    } else if (section.title.startsWith("For more info")) {
      continue;
    } else out.push(section);
  }
  if (topLevel) out.push({ body: "Run `svc <command> --help` for a command's arguments and flags; `svc` alone shows how to start." });
  return out;
}
