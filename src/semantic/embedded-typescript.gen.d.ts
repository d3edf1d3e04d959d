// Written by scripts/build.ts for the build platform: `tsc` and `lib.*.d.ts` → embedded file path.
declare const files: Record<string, string>;
export default files;
