/**
 * The bytes of a tiny WebAssembly module whose one function streams through memory with 128-bit
 * SIMD loads, the way llama.cpp's AVX2 kernels read weights, so the read-bandwidth routine
 * measures what the memory delivers rather than how fast JavaScript can index an array.
 *
 * It imports its memory as `env.memory` and exports `read(start, end) -> i64`: from byte `start`
 * to byte `end` (both multiples of 128, `end > start`) it loads eight 16-byte vectors per step and
 * adds them lane-wise as two 64-bit integers into one accumulator, and returns the sum of the two
 * lanes (wrapping at 2^64). The sum is a checksum: it proves every byte was read.
 *
 * Written out by hand from the WebAssembly binary format (core spec §5 and the SIMD proposal's
 * opcodes) because it is 100 bytes and a toolchain would be a dependency for nothing.
 */

/** Bytes one loop step reads: eight 16-byte vectors. */
export const simdReaderStepBytes = 128;

/** Unsigned LEB128, as the binary format encodes sizes and offsets. */
function leb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return bytes;
}

function section(id: number, contents: number[]): number[] {
  return [id, ...leb128(contents.length), ...contents];
}

function name(text: string): number[] {
  const bytes = [...Buffer.from(text, "utf8")];
  return [...leb128(bytes.length), ...bytes];
}

const op = {
  loop: 0x03,
  end: 0x0b,
  brIf: 0x0d,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Const: 0x41,
  i32LtU: 0x49,
  i32Add: 0x6a,
  i64Add: 0x7c,
  simd: 0xfd,
  blockEmpty: 0x40,
} as const;
const simd = { v128Load: 0x00, i64x2ExtractLane: 0x1d, i64x2Add: 0xce } as const;
const type = { i32: 0x7f, i64: 0x7e, v128: 0x7b, func: 0x60 } as const;
const external = { func: 0x00, memory: 0x02 } as const;

/** The body of `read`: parameters 0 = cursor, 1 = end; local 2 = the v128 accumulator. */
function readBody(): number[] {
  const code: number[] = [op.loop, op.blockEmpty];
  for (let vector = 0; vector < simdReaderStepBytes / 16; vector += 1) {
    code.push(op.localGet, 2, op.localGet, 0);
    // v128.load with alignment 2^4 and a constant offset, then i64x2.add into the accumulator.
    code.push(op.simd, ...leb128(simd.v128Load), 4, ...leb128(vector * 16));
    code.push(op.simd, ...leb128(simd.i64x2Add), op.localSet, 2);
  }
  code.push(op.localGet, 0, op.i32Const, ...signedLeb128(simdReaderStepBytes), op.i32Add, op.localTee, 0);
  code.push(op.localGet, 1, op.i32LtU, op.brIf, 0, op.end);
  code.push(op.localGet, 2, op.simd, ...leb128(simd.i64x2ExtractLane), 0);
  code.push(op.localGet, 2, op.simd, ...leb128(simd.i64x2ExtractLane), 1);
  code.push(op.i64Add, op.end);
  const locals = [1, 1, type.v128];
  const body = [...locals, ...code];
  return [...leb128(body.length), ...body];
}

/** Signed LEB128 (i32.const takes a signed immediate). */
function signedLeb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value | 0;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

/** The module's bytes (validated by the caller with `WebAssembly.validate`). */
export function simdReaderModuleBytes(): Uint8Array {
  const header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  const types = section(1, [1, type.func, 2, type.i32, type.i32, 1, type.i64]);
  const imports = section(2, [1, ...name("env"), ...name("memory"), external.memory, 0x00, 0x01]);
  const functions = section(3, [1, 0]);
  const exports = section(7, [1, ...name("read"), external.func, 0]);
  const code = section(10, [1, ...readBody()]);
  return Uint8Array.from([...header, ...types, ...imports, ...functions, ...exports, ...code]);
}

/** The few WebAssembly JS-API members used here (Node's types leave the global undeclared without the DOM lib). */
interface WebAssemblyApi {
  validate(bytes: Uint8Array): boolean;
}

const webAssembly = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

/** Whether this runtime runs the module (WebAssembly with SIMD). */
export function simdReaderAvailable(): boolean {
  return webAssembly.validate(simdReaderModuleBytes());
}
