/**
 * What makes two builds the same program, for trivial compiler equivalence: a binary's bytes
 * without what differs on every build (the GNU build id, a hash the linker stamps into each ELF
 * file), and a Python source's compiled bytecode without its line table.
 */
import { sha256 } from './mutationCache';

const BUILD_ID_SECTION = '.note.gnu.build-id';

/** The bytes with the build id note's contents zeroed; a copy, or `bytes` itself when it has none (or is no ELF). */
export function withoutBuildId(bytes: Uint8Array): Uint8Array {
  const found = buildIdSection(bytes);
  if (!found) return bytes;
  const copy = Uint8Array.from(bytes);
  copy.fill(0, found.offset, found.offset + found.size);
  return copy;
}

export function binaryIdentity(bytes: Uint8Array): string {
  return sha256(withoutBuildId(bytes));
}

/** The build id section's place in the file, read from the ELF section headers; undefined when absent or malformed. */
export function buildIdSection(bytes: Uint8Array): { offset: number; size: number } | undefined {
  const magic = [0x7f, 0x45, 0x4c, 0x46];
  if (bytes.length < 64 || magic.some((byte, i) => bytes[i] !== byte)) return undefined;
  const is64 = bytes[4] === 2;
  const little = bytes[5] === 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const inside = (at: number, length: number) => at >= 0 && at + length <= bytes.length;
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  const word = (at: number) => (is64 ? Number(view.getBigUint64(at, little)) : u32(at));
  const shoff = word(is64 ? 0x28 : 0x20);
  const shentsize = u16(is64 ? 0x3a : 0x2e);
  const shnum = u16(is64 ? 0x3c : 0x30);
  const shstrndx = u16(is64 ? 0x3e : 0x32);
  const header = (i: number) => shoff + i * shentsize;
  if (shoff === 0 || shentsize < (is64 ? 64 : 40) || !inside(shoff, shnum * shentsize) || shstrndx >= shnum) {
    return undefined;
  }
  const field = (i: number, at64: number, at32: number) => word(header(i) + (is64 ? at64 : at32));
  const names = field(shstrndx, 24, 16);
  for (let i = 0; i < shnum; i++) {
    const name = names + u32(header(i));
    if (!inside(name, BUILD_ID_SECTION.length + 1)) continue;
    const text = new TextDecoder().decode(bytes.subarray(name, name + BUILD_ID_SECTION.length));
    if (text !== BUILD_ID_SECTION || bytes[name + BUILD_ID_SECTION.length] !== 0) continue;
    const offset = field(i, 24, 16);
    const size = field(i, 32, 20);
    return inside(offset, size) ? { offset, size } : undefined;
  }
  return undefined;
}

/**
 * A Python program reading a JSON list of sources on stdin and writing the JSON list of their
 * identities: the SHA-256 of the marshalled code objects, compiled as CPython does (constants
 * folded, dead branches dropped) with the line tables and first line numbers blanked, so that
 * a mutant differing only in layout or in what the compiler folds away equals the reference.
 * A source that does not compile gets null.
 */
export const PYTHON_IDENTITY_SCRIPT = [
  'import sys, json, marshal, hashlib, types',
  'def norm(c):',
  '    consts = tuple(norm(k) if isinstance(k, types.CodeType) else k for k in c.co_consts)',
  "    blank = {'co_consts': consts, 'co_firstlineno': 1, 'co_filename': ''}",
  "    blank['co_linetable' if hasattr(c, 'co_linetable') else 'co_lnotab'] = b''",
  '    return c.replace(**blank)',
  'out = []',
  'for source in json.load(sys.stdin):',
  '    try:',
  "        out.append(hashlib.sha256(marshal.dumps(norm(compile(source, 'm', 'exec')))).hexdigest())",
  '    except (SyntaxError, ValueError, OverflowError, MemoryError, RecursionError):',
  '        out.append(None)',
  'sys.stdout.write(json.dumps(out))',
].join('\n');
