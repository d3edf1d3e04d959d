// The TypeScript language service of a repo's own (classic, 5.x / 6.x) `typescript` package over one of its tsconfigs:
// the compiler's answers the precision benches (refs-precision, defs-precision) judge svc's against. svc's TypeScript 7
// has no language service API (CLASSIC_TS=<folder of a typescript 5.x/6.x package> stands in for a repo whose own is 7).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/** What the benches use of the classic `typescript` package. */
export interface ClassicNode {
  kind: number;
  parent?: ClassicNode;
}
export interface ClassicFile extends ClassicNode {
  fileName: string;
  text: string;
  getPositionOfLineAndCharacter(line: number, character: number): number;
  getLineAndCharacterOfPosition(pos: number): { line: number; character: number };
}
export interface ClassicProgram {
  getSourceFile(path: string): ClassicFile | undefined;
  getSourceFiles(): readonly ClassicFile[];
}
export interface ClassicService {
  getProgram(): ClassicProgram | undefined;
  getSyntacticDiagnostics(file: string): ClassicDiagnostic[];
  getSemanticDiagnostics(file: string): ClassicDiagnostic[];
  findReferences(file: string, pos: number): { references: { fileName: string; textSpan: { start: number }; isDefinition?: boolean }[] }[] | undefined;
  getNavigateToItems(search: string, maxResults?: number, fileName?: string, excludeDtsFiles?: boolean): { name: string; kind: string; matchKind: string; fileName: string; textSpan: { start: number }; containerName: string }[];
}
export interface ClassicDiagnostic {
  code: number;
  category: number; // 1: error
  file?: ClassicFile;
  start?: number;
  messageText: string | { messageText: string };
}
export interface ClassicTs {
  sys: Record<string, unknown> & { fileExists(p: string): boolean; readFile(p: string): string | undefined; realpath?(p: string): string };
  getParsedCommandLineOfConfigFile(path: string, options: object, host: object): { fileNames: string[]; options: object } | undefined;
  getDefaultLibFilePath(options: object): string;
  ScriptSnapshot: { fromString(text: string): unknown };
  createDocumentRegistry(): unknown;
  createLanguageService(host: object, registry: unknown): ClassicService;
  getTokenAtPosition(sf: ClassicFile, pos: number): ClassicNode | undefined;
  isImportDeclaration(n: ClassicNode): boolean;
  isExportDeclaration(n: ClassicNode): boolean;
  isImportSpecifier(n: ClassicNode): boolean;
  isExportSpecifier(n: ClassicNode): boolean;
  isFunctionLike(n: ClassicNode): boolean;
  isTypeLiteralNode(n: ClassicNode): boolean;
}

/** Content that replaces a file's on disk (absolute path → text); bump `version` after changing it. */
export interface ClassicOverlay {
  files: Map<string, string>;
  version: number;
}

/** The repo's `typescript`, a language service over `tsconfig`'s files and options (and `overlay`'s content), and its program. */
export function classicService(root: string, tsconfig: string, overlay: ClassicOverlay = { files: new Map(), version: 0 }): { ts: ClassicTs; ls: ClassicService; program: ClassicProgram } {
  // CLASSIC_TS: another classic package's folder, for a repo whose own typescript is 7 (no language service API)
  const ts = (process.env.CLASSIC_TS ? createRequire(join(process.env.CLASSIC_TS, "package.json"))(process.env.CLASSIC_TS) : createRequire(join(root, "package.json"))("typescript")) as ClassicTs;
  const cfg = ts.getParsedCommandLineOfConfigFile(join(root, tsconfig), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!cfg) throw new Error(`${tsconfig}: not a config the repo's typescript reads`);
  const host = {
    getScriptFileNames: () => cfg.fileNames,
    getScriptVersion: (f: string) => (overlay.files.has(f) ? `o${overlay.version}` : "1"),
    getScriptSnapshot: (f: string) => {
      try {
        return ts.ScriptSnapshot.fromString(overlay.files.get(f) ?? readFileSync(f, "utf8"));
      } catch {
        return undefined;
      }
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => cfg.options,
    getDefaultLibFileName: (o: object) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    realpath: ts.sys.realpath, // pnpm links packages: resolved through their real paths, as tsc does
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const ls = ts.createLanguageService(host, ts.createDocumentRegistry());
  return { ts, ls, program: ls.getProgram()! };
}
