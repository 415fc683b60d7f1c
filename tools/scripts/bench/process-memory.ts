import { readFileSync } from 'node:fs';

/** Peak resident set size (VmHWM) of a Linux process, in MiB. */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmHWM:\s+(\d+)\s+kB/.exec(status);
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}
