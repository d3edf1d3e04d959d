// Written by scripts/build.ts for the build platform: `<grammar>.so` → embedded file path.
declare const grammars: Record<string, string>;
export default grammars;
