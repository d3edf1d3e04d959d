// The executable format and architecture a native file is built for, from its header
// (ELF or 64-bit Mach-O); null for anything else.

export interface NativeFormat {
  format: "elf" | "macho";
  arch: "x64" | "arm64" | "other";
}

export function nativeFormat(head: Uint8Array): NativeFormat | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (head.length < 20) return null;
  if (head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46) {
    const little = head[5] === 1;
    const machine = view.getUint16(18, little);
    return { format: "elf", arch: machine === 0x3e ? "x64" : machine === 0xb7 ? "arm64" : "other" };
  }
  if (view.getUint32(0, true) === 0xfeedfacf) {
    const cpu = view.getUint32(4, true);
    return { format: "macho", arch: cpu === 0x01000007 ? "x64" : cpu === 0x0100000c ? "arm64" : "other" };
  }
  return null;
}
