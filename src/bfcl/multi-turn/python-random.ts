/**
 * Python's `random.Random(seed)` for an int seed: the Mersenne Twister MT19937 seeded through
 * `init_by_array` with the seed's 32-bit words, `getrandbits`, `randint` (rejection sampling
 * on `getrandbits(n.bit_length())`, as `_randbelow_with_getrandbits` does), `random()` (53 bits
 * from two draws) and `uniform(a, b)`. The API classes draw ids and readings from it, so their
 * values match the official classes' for the same seed and the same sequence of calls.
 */

const n = 624;
const m = 397;
const emptyState = new Uint32Array(0);

/** A Python-compatible random generator. */
export class PythonRandom {
  private state = emptyState;
  private index = n + 1;
  private key: number[] | undefined;

  /** Seeds lazily: the 624-word state is built on the first draw. */
  constructor(seed: bigint) {
    let rest = seed < 0n ? -seed : seed;
    const key: number[] = [];
    do {
      key.push(Number(rest & 0xffffffffn));
      rest >>= 32n;
    } while (rest > 0n);
    this.key = key;
  }

  private initGenrand(seed: number): void {
    const mt = this.state;
    mt[0] = seed >>> 0;
    for (let i = 1; i < n; i += 1) {
      const previous = (mt[i - 1] as number) ^ ((mt[i - 1] as number) >>> 30);
      mt[i] = (Math.imul(1812433253, previous) + i) >>> 0;
    }
    this.index = n;
  }

  private initByArray(key: readonly number[]): void {
    const mt = this.state;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(n, key.length); k > 0; k -= 1) {
      const previous = (mt[i - 1] as number) ^ ((mt[i - 1] as number) >>> 30);
      mt[i] = (((mt[i] as number) ^ Math.imul(previous, 1664525)) + (key[j] as number) + j) >>> 0;
      i += 1;
      j += 1;
      if (i >= n) {
        mt[0] = mt[n - 1] as number;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = n - 1; k > 0; k -= 1) {
      const previous = (mt[i - 1] as number) ^ ((mt[i - 1] as number) >>> 30);
      mt[i] = (((mt[i] as number) ^ Math.imul(previous, 1566083941)) - i) >>> 0;
      i += 1;
      if (i >= n) {
        mt[0] = mt[n - 1] as number;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** The next 32-bit output. */
  nextUint32(): number {
    if (this.key !== undefined) {
      this.state = new Uint32Array(n);
      this.initByArray(this.key);
      this.key = undefined;
    }
    const mt = this.state;
    if (this.index >= n) {
      for (let k = 0; k < n; k += 1) {
        const y = ((mt[k] as number) & 0x80000000) | ((mt[(k + 1) % n] as number) & 0x7fffffff);
        mt[k] = (mt[(k + m) % n] as number) ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index] as number;
    this.index += 1;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `getrandbits(k)`: 32-bit words, least significant first, the last one shifted down. */
  getrandbits(k: number): bigint {
    if (k <= 32) return BigInt(this.nextUint32() >>> (32 - k));
    let result = 0n;
    let shift = 0n;
    for (let remaining = k; remaining > 0; remaining -= 32) {
      let word = this.nextUint32();
      if (remaining < 32) word >>>= 32 - remaining;
      result |= BigInt(word) << shift;
      shift += 32n;
    }
    return result;
  }

  /** `randint(a, b)`: inclusive. */
  randint(a: bigint, b: bigint): bigint {
    const width = b - a + 1n;
    if (width <= 0n) throw new RangeError(`empty range for randint(${a}, ${b})`);
    const bits = width.toString(2).length;
    let r = this.getrandbits(bits);
    while (r >= width) r = this.getrandbits(bits);
    return a + r;
  }

  /** `random()`: a float in [0, 1) from 53 random bits. */
  random(): number {
    const a = this.nextUint32() >>> 5;
    const b = this.nextUint32() >>> 6;
    return (a * 67108864 + b) * (1 / 9007199254740992);
  }

  /** `uniform(a, b)`: `a + (b - a) * random()`. */
  uniform(a: number, b: number): number {
    return a + (b - a) * this.random();
  }
}
