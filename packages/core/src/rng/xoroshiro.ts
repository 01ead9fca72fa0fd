import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RngState } from './seed.js';

/**
 * xoroshiro128+ with pure-rand's outputs and state, word for word (its state is
 * `[s01, s00, s11, s10]`), in four mutable fields: no generator object per use, and the
 * uniform draws in unsigned 32-bit arithmetic. A remainder by a variable on doubles, as
 * pure-rand's `uniformInt` takes it, is a call into V8's floating-point library (about 15 ns a
 * die); on unsigned integers it is one instruction. The values are pure-rand's exactly (a
 * property test compares them).
 */
export class Xoroshiro128Plus {
  private s01 = 0;
  private s00 = 0;
  private s11 = 0;
  private s10 = 0;

  /** Continues from a state (four 32-bit words, as `state` gives them). */
  set(state: RngState): void {
    if (state.length !== 4)
      throw new RangeError('a random state must be four 32-bit words (xoroshiro128+)');
    this.s01 = state[0];
    this.s00 = state[1];
    this.s11 = state[2];
    this.s10 = state[3];
  }

  /** The state as plain data. */
  state(): RngState {
    return [this.s01, this.s00, this.s11, this.s10];
  }

  /** The next output as a signed 32-bit integer (pure-rand's `next`). */
  next(): number {
    const s00 = this.s00;
    const s01 = this.s01;
    const s10 = this.s10;
    const out = (s00 + s10) | 0;
    const a0 = s10 ^ s00;
    const a1 = this.s11 ^ s01;
    this.s00 = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
    this.s01 = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    this.s10 = (a1 << 5) ^ (a0 >>> 27);
    this.s11 = (a0 << 5) ^ (a1 >>> 27);
    return out;
  }

  /**
   * A uniform integer in `min..max`, as pure-rand's `uniformInt` draws it (the same rejection
   * sampling on the same outputs; a range of one value uses an output too). Ranges wider than
   * 2^31 go through pure-rand itself.
   */
  int(min: number, max: number): number {
    const range = max - min;
    if (range >= 2147483647) return this.wide(min, max);
    const size = (range + 1) >>> 0;
    const allowed = size > 2 ? Math.floor(4294967296 / size) * size : 4294967296;
    // pure-rand reads `next() + 2^31`: the output with its top bit flipped, unsigned.
    let v = (this.next() ^ -2147483648) >>> 0;
    while (v >= allowed) v = (this.next() ^ -2147483648) >>> 0;
    return ((v % size) >>> 0) + min;
  }

  private wide(min: number, max: number): number {
    const gen = xoroshiro128plusFromState(this.state());
    const v = uniformInt(gen, min, max);
    this.set(gen.getState() as RngState);
    return v;
  }
}
