import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
export const cpuSeconds = (pid: number | undefined): number | null => {
  if (pid === undefined) return null;
  try {
    // Fields after the command name (which may hold spaces) start at state; utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : null; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
};

/** Runs `load` and returns its result with the CPU microseconds the process `pid` spent per completed request. */
export const withCpuPerRequest = async <T extends { achieved: number }>(pid: number | undefined, seconds: number, load: () => Promise<T>): Promise<T & { cpuUsPerRequest: number | null }> => {
  const before = cpuSeconds(pid);
  const result = await load();
  const after = cpuSeconds(pid);
  const requests = result.achieved * seconds;
  return { ...result, cpuUsPerRequest: before === null || after === null || requests === 0 ? null : Math.round(((after - before) * 1e6) / requests) };
};
