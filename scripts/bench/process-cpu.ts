import { readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_S = 100;

/**
 * A process's CPU time so far in ms, all its threads (main, thread pool, GC, workers), from Linux
 * /proc; null elsewhere. Less noisy than latency on a shared machine: what an answer costs.
 */
export function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}
