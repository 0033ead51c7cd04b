import { readFileSync, writeFileSync } from 'node:fs';

/** What the benches read of another process from Linux's /proc. */

/** The CPU time (user + system) a process has used, in ms; null when it is gone or there is no /proc. */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

/** /proc/<pid>/status's memory fields, kB. */
export function statusOf(pid) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { VmRSS: kb('VmRSS'), VmHWM: kb('VmHWM'), RssAnon: kb('RssAnon'), RssFile: kb('RssFile'), RssShmem: kb('RssShmem'), Threads: kb('Threads') };
}

/**
 * What the portal bench reads of a server it did not build itself, from outside it (Linux's /proc): CPU (user +
 * system, ms), RSS now and its peak (bytes). `reset` starts the peak again from now (`clear_refs` 5 resets VmHWM).
 */
export function processStats(pid, reset = false) {
  if (reset) writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const status = statusOf(pid);
  return { cpuMs: processCpuMs(pid), rss: status.VmRSS * 1024, peakRss: status.VmHWM * 1024 };
}
