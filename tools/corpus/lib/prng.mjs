// Deterministic pseudo-random numbers (mulberry32). Never Math.random: the corpus must be a pure
// function of the seed.

export function hashSeed(...parts) {
  // FNV-1a over the string form of the parts, folded to 32 bits.
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0001')) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export class Rng {
  constructor(seed) {
    this.s = seed >>> 0;
  }
  // uniform in [0, 1)
  next() {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  chance(p) {
    return this.next() < p;
  }
  int(lo, hi) {
    // inclusive bounds
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick(arr) {
    if (!arr.length) throw new Error('pick from empty list');
    return arr[Math.floor(this.next() * arr.length)];
  }
  // items with a numeric weight (field `weight` or function)
  pickW(arr, w = (x) => x.weight ?? 1) {
    let total = 0;
    for (const x of arr) total += w(x);
    if (!(total > 0)) throw new Error('pickW from empty or zero-weight list');
    let r = this.next() * total;
    for (const x of arr) {
      r -= w(x);
      if (r < 0) return x;
    }
    return arr[arr.length - 1];
  }
  // {key: weight} object
  pickKey(obj) {
    const keys = Object.keys(obj).filter((k) => obj[k] > 0);
    return this.pickW(keys, (k) => obj[k]);
  }
}
