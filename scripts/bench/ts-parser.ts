// The TypeScript parser as a reference for benches: a throwaway TS7 API session over a
// temporary tsconfig that lists the given files (noResolve, noLib: nothing else loads),
// yielding each file's top-level declarations (src/semantic/top-level-decls.ts).

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { API } from "typescript/unstable/async";
import { topLevelDeclarations } from "../../src/semantic/top-level-decls.ts";

export type ParserDecl = ReturnType<typeof topLevelDeclarations>[number];

/** Top-level declarations of every file (absolute paths) as the TypeScript parser reports them. */
export async function parserDeclarations(files: readonly string[]): Promise<Map<string, ParserDecl[]>> {
  const dir = mkdtempSync(join(tmpdir(), "svc-parser-"));
  const config = join(dir, "tsconfig.json");
  writeFileSync(config, JSON.stringify({ compilerOptions: { noResolve: true, noLib: true, allowJs: true, noEmit: true, jsx: "preserve", types: [] }, files }));
  const api = new API({ cwd: dir });
  const out = new Map<string, ParserDecl[]>();
  try {
    const snapshot = await api.updateSnapshot({ openProjects: [config] });
    const project = snapshot.getProjects()[0];
    if (!project) throw new Error("the TypeScript API opened no project");
    for (const file of files) {
      const sf = await project.program.getSourceFile(file);
      if (sf) out.set(file, topLevelDeclarations(sf as unknown as { statements: readonly unknown[] }));
    }
  } finally {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
