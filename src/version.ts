import pkg from "../package.json" with { type: "json" };

export const VERSION: string = pkg.version;

/** True when running inside a `bun build --compile` binary (modules live in Bun's virtual FS). */
export const IS_COMPILED: boolean = import.meta.url.includes("$bunfs");
