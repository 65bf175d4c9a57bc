/**
 * @module ingest/symbols/wasm-imports
 * Renames a function import of a WebAssembly module. The bash grammar of
 * tree-sitter-wasms imports `isalpha`, which the web-tree-sitter runtime does
 * not export: its scanner then throws from inside a parse, and each throw
 * leaves the shared wasm stack unwound, until (some thousand shell files into
 * a tree) every later parse of every language fails with "memory access out
 * of bounds". Pointing the import at the runtime's `iswalpha` (same
 * signature, same answer for ASCII) keeps the scanner from throwing.
 */

function readLeb(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0, shift = 0, p = at;
  for (;;) {
    const b = bytes[p++]!;
    value += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) return { value, next: p };
    shift += 7;
  }
}

function leb(value: number): number[] {
  const out: number[] = [];
  do {
    let b = value & 0x7f;
    value = Math.floor(value / 128);
    if (value > 0) b |= 0x80;
    out.push(b);
  } while (value > 0);
  return out;
}

const text = new TextDecoder();
const encode = (s: string) => [...leb(Buffer.byteLength(s)), ...Buffer.from(s)];

/** The module with every function import named `from` renamed to `to`; the bytes unchanged when there is none. */
export function renameFunctionImport(bytes: Uint8Array, from: string, to: string): Uint8Array {
  let p = 8; // magic and version
  while (p < bytes.length) {
    const id = bytes[p]!;
    const size = readLeb(bytes, p + 1);
    const start = size.next, end = start + size.value;
    if (id !== 2) { p = end; continue; }
    const out: number[] = [];
    let q = start;
    const count = readLeb(bytes, q); q = count.next;
    out.push(...leb(count.value));
    let renamed = false;
    for (let i = 0; i < count.value; i++) {
      const entryStart = q;
      const mod = readLeb(bytes, q); q = mod.next + mod.value;
      const fieldLen = readLeb(bytes, q);
      const field = text.decode(bytes.subarray(fieldLen.next, fieldLen.next + fieldLen.value));
      const fieldStart = q;
      q = fieldLen.next + fieldLen.value;
      const kind = bytes[q]!;
      const descStart = q;
      q += 1;
      if (kind === 0) q = readLeb(bytes, q).next; // function: type index
      else if (kind === 1) { q += 1; const flags = bytes[q++]!; q = readLeb(bytes, q).next; if (flags & 1) q = readLeb(bytes, q).next; } // table
      else if (kind === 2) { const flags = bytes[q++]!; q = readLeb(bytes, q).next; if (flags & 1) q = readLeb(bytes, q).next; } // memory
      else if (kind === 3) q += 2; // global: value type, mutability
      else if (kind === 4) { q += 1; q = readLeb(bytes, q).next; } // tag
      else return bytes; // unknown import kind: leave the module alone
      if (kind === 0 && field === from) {
        out.push(...bytes.subarray(entryStart, fieldStart), ...encode(to), ...bytes.subarray(descStart, q));
        renamed = true;
      } else {
        out.push(...bytes.subarray(entryStart, q));
      }
    }
    if (!renamed) return bytes;
    const section = [2, ...leb(out.length), ...out];
    const patched = new Uint8Array(p + section.length + (bytes.length - end));
    patched.set(bytes.subarray(0, p), 0);
    patched.set(section, p);
    patched.set(bytes.subarray(end), p + section.length);
    return patched;
  }
  return bytes;
}
