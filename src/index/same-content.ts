// Files with the same bytes and language (a package's dist/ and browser/ copies, vendored
// duplicates) have the same declarations, chunks, imports, tokens and full-text fields;
// only what follows from the path differs (path, stat, test/generated flags, path tokens,
// wiring). Extraction children see files largest first, so copies (same size) arrive
// together: a small memo of the latest files catches them without holding a batch in memory.

/** Generic in what it holds (an extracted file), so it need not import extraction. */
export class ContentMemo<File> {
  private readonly recent = new Map<string, File>();

  constructor(private readonly max = 32) {}

  get(key: string): File | undefined {
    return this.recent.get(key);
  }

  set(key: string, file: File): void {
    this.recent.delete(key);
    this.recent.set(key, file);
    if (this.recent.size > this.max) this.recent.delete(this.recent.keys().next().value as string);
  }
}
