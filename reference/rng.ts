/**
 * A small seeded generator (sfc32) for self-play and generated games: the same seed gives the same games
 * on every platform.
 * @module
 */
export class Rng {
  /** a, b, c, d: 32-bit words, kept in a typed array so that V8 stores them unboxed. */
  private readonly words = new Int32Array(4);

  constructor(seed: number) {
    this.words[0] = 0x9e3779b9;
    this.words[1] = 0x243f6a88;
    this.words[2] = seed;
    this.words[3] = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    const w = this.words;
    const a = w[0] as number;
    const b = w[1] as number;
    const c = w[2] as number;
    const d = w[3] as number;
    const t = (((a + b) | 0) + d) | 0;
    w[3] = d + 1;
    w[0] = b ^ (b >>> 9);
    w[1] = c + (c << 3);
    w[2] = ((c << 21) | (c >>> 11)) + t;
    return t >>> 0;
  }

  /** A uniform integer in 0..bound-1. */
  below(bound: number): number {
    return Math.floor((this.next() / 4294967296) * bound);
  }

  /** Shuffles in place (Fisher-Yates). */
  shuffle<T extends { length: number; [index: number]: number }>(items: T): T {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const held = items[i] as number;
      items[i] = items[j] as number;
      items[j] = held;
    }
    return items;
  }
}
