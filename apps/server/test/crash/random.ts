import { createHash, randomBytes } from 'node:crypto';

/** A seeded pseudo-random source (sfc32): the same seed gives the same choices. */
export interface Random {
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A short hex string, for keys and names. */
  hex(length: number): string;
}

/** The seed to use: CRASH_SEED when given, else a new random one (print it: it replays the run). */
export function crashSeed(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.CRASH_SEED?.trim();
  return given ? given : randomBytes(4).toString('hex');
}

export function seededRandom(seed: string): Random {
  const digest = createHash('sha256').update(`crash-safety:${seed}`).digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const next = (): number => {
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
  };
  for (let i = 0; i < 16; i += 1) next();
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    hex: (length) => {
      let out = '';
      while (out.length < length) out += random.int(0, 15).toString(16);
      return out;
    },
  };
  return random;
}
