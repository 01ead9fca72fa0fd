/** Helpers the benches share: CPU time of this process and the median of runs. */

/** Microseconds of CPU time (user and system) this process has used so far. */
export function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** The median of a list of numbers (the upper one of an even count), NaN for none. */
export function median(xs: readonly number[]): number {
  return [...xs].sort((x, y) => x - y)[xs.length >> 1] ?? NaN;
}
