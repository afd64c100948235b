// Timing and statistics shared by the benchmark driver (the C++ side, bench/bench.cpp, follows
// the same method): a sample repeats the call until it lasts at least minSampleMs and reports the
// time per call; warm-up samples run first and are discarded; results are medians with the
// interquartile range as the spread.

export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** {median, p25, p75, n, spread} of a list of numbers; spread = (p75 − p25) / 2 / median. */
export function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  const p25 = quantile(sorted, 0.25);
  const p75 = quantile(sorted, 0.75);
  return { median, p25, p75, n: sorted.length, spread: (p75 - p25) / 2 / median };
}

/** Milliseconds of wall time, or of this process's CPU time (user + system). */
export const clocks = {
  wall: () => performance.now(),
  cpu: () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  },
};

function repsFor(ms, reps, minSampleMs) {
  return Math.max(reps * 2, Math.ceil((reps * minSampleMs * 1.2) / Math.max(ms, 1e-3)));
}

/**
 * A timed item that is sampled in several rounds, interleaved with others:
 *   const t = new Timer(fn, {async, minSampleMs}); await t.warmup(n); await t.sample(k) ...
 * t.ms holds the kept samples (milliseconds per call, on the chosen clock).
 */
export class Timer {
  constructor(fn, { async = false, minSampleMs = 20, clock = 'wall' } = {}) {
    this.fn = fn;
    this.now = clocks[clock];
    this.async = async;
    this.minSampleMs = minSampleMs;
    this.reps = 0;
    this.ms = [];
  }

  async run(reps) {
    const { fn, now } = this;
    const start = now();
    if (this.async) for (let i = 0; i < reps; i++) await fn();
    else for (let i = 0; i < reps; i++) fn();
    return now() - start;
  }

  async calibrate() {
    let reps = 1;
    for (;;) {
      const ms = await this.run(reps);
      if (ms >= this.minSampleMs || reps >= 1 << 20) break;
      reps = repsFor(ms, reps, this.minSampleMs);
    }
    this.reps = reps;
  }

  // Warm-up: calibrate, run `samples` samples and throw them away, calibrate again (warm).
  async warmup(samples) {
    await this.calibrate();
    for (let i = 0; i < samples; i++) await this.run(this.reps);
    await this.calibrate();
  }

  // `count` samples, after `discarded` ones that warm the caches up again when other work ran
  // since this item's last block (the C++ side's --warmup does the same for each block).
  async sample(count, discarded = 0) {
    if (!this.reps) await this.calibrate();
    for (let i = 0; i < discarded; i++) await this.run(this.reps);
    for (let i = 0; i < count; i++) this.ms.push((await this.run(this.reps)) / this.reps);
  }
}
