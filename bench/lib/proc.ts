import { readFileSync } from 'node:fs';

export interface MemInfo {
  /** Resident set size now, MiB. */
  rssMb: number;
  /** Peak resident set size since the process started (VmHWM), MiB. */
  hwmMb: number;
}

/** Reads VmRSS and VmHWM of a process from /proc (Linux); undefined when the process is gone. */
export function readMem(pid: number): MemInfo | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kib('VmRSS') / 1024, hwmMb: kib('VmHWM') / 1024 };
}

/** Polls VmRSS every `intervalMs` until stopped; stop() returns the highest sample and VmHWM. */
export function sampleRss(pid: number, intervalMs = 50): { stop(): { peakRssMb: number; hwmMb: number } } {
  let peak = readMem(pid)?.rssMb ?? 0;
  const timer = setInterval(() => {
    const mem = readMem(pid);
    if (mem && mem.rssMb > peak) peak = mem.rssMb;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const mem = readMem(pid);
      return { peakRssMb: Math.max(peak, mem?.rssMb ?? 0), hwmMb: mem?.hwmMb ?? Number.NaN };
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** User + system CPU seconds a process has used so far (from /proc/<pid>/stat). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime) are at 11 and 12 after the command name; clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Busy and total clock ticks of the whole machine, all cores (first line of /proc/stat). */
export function machineTicks(): { busy: number; steal: number; total: number } {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    // idle and iowait are the 4th and 5th fields; steal (time the hypervisor gave to others) the 8th.
    return { busy: total - fields[3]! - fields[4]!, steal: fields[7] ?? 0, total };
  } catch {
    return { busy: Number.NaN, steal: Number.NaN, total: Number.NaN };
  }
}

/** Percentage of the machine's CPU time that the hypervisor gave to other machines between two readings. */
export const machineStealPercent = (a: ReturnType<typeof machineTicks>, b: ReturnType<typeof machineTicks>): number =>
  ((b.steal - a.steal) / (b.total - a.total)) * 100;

/** Percentage of the machine's total CPU (all cores) that was busy between two readings. */
export const machineBusyPercent = (a: ReturnType<typeof machineTicks>, b: ReturnType<typeof machineTicks>): number =>
  ((b.busy - a.busy) / (b.total - a.total)) * 100;
