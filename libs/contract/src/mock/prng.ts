/**
 * A small seeded pseudo-random generator (sfc32 seeded through a string hash), so the seed data is the same
 * on every machine and every run. Never Math.random.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: `weights[i]` is the relative chance of `items[i]`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
  /** An independent generator derived from this seed and a label (stable whatever was drawn before). */
  fork(label: string): Rng;
}

/** 32-bit string hash (cyrb53-like mix, first half). */
function hashString(text: string, salt: number): number {
  let h = 0xdeadbeef ^ salt;
  for (let i = 0; i < text.length; i += 1) {
    h = Math.imul(h ^ text.charCodeAt(i), 2654435761);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h ^= Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

export function createRng(seed: string): Rng {
  let a = hashString(seed, 1);
  let b = hashString(seed, 2);
  let c = hashString(seed, 3);
  let d = hashString(seed, 4);

  function next(): number {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  // Discard the first outputs: sfc32 mixes its state during them.
  for (let i = 0; i < 12; i += 1) next();

  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    weighted<T>(items: readonly T[], weights: readonly number[]): T {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      let target = next() * total;
      for (let i = 0; i < items.length; i += 1) {
        target -= weights[i] ?? 0;
        const item = items[i];
        if (target < 0 && item !== undefined) return item;
      }
      return rng.pick(items);
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        const swap = copy[i] as T;
        copy[i] = copy[j] as T;
        copy[j] = swap;
      }
      return copy;
    },
    fork: (label) => createRng(`${seed}/${label}`),
  };
  return rng;
}
