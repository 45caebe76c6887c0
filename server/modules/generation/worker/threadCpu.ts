import { readFileSync, readlinkSync } from 'node:fs';

/**
 * CPU time of one worker thread, read from Linux's /proc (elsewhere: undefined, and the page limit
 * falls back to wall time). The render pool's page limit counts this, not the clock: on a machine
 * shared with other work a page may take long without using much CPU, and only a page that burns
 * its own CPU (a runaway template) should be stopped.
 */

/** Called inside the worker: its kernel thread id, or undefined where /proc/thread-self does not exist. */
export function ownThreadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/** Clock ticks per second of /proc's utime and stime: 100 on every Linux Node runs on. */
const TICKS_PER_SECOND = 100;

/** Called from the main thread: the thread's user + system CPU time in ms, or undefined once it is gone. */
export function threadCpuMs(tid: number | 'thread-self'): number | undefined {
  try {
    const stat = readFileSync(tid === 'thread-self' ? '/proc/thread-self/stat' : `/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state; utime and stime are the 12th and 13th of them.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(rest[11]) + Number(rest[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Called inside a thread: its own user + system CPU time in ms (the same reading as threadCpuMs), or undefined off Linux. */
export function ownThreadCpuMs(): number | undefined {
  return threadCpuMs('thread-self');
}
