import { readFileSync } from 'node:fs';

/** Peak resident set size (VmHWM) of a Linux process, in MiB. */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmHWM:\s+(\d+)\s+kB/.exec(status);
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

/**
 * CPU time (user + system) a Linux process has used so far, in seconds: what a measurement cost the process
 * itself, whatever else the machine's cores were busy with.
 */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 of this slice (0-based 11 and 12).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
