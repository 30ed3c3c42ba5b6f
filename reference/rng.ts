/**
 * A small seeded generator (sfc32) for self-play and generated games: the same seed gives the same games
 * on every platform.
 * @module
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d = 1;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = seed >>> 0;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
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
