import { ownThreadCpuMs } from './worker/threadCpu.js';

/** How often, at most, a page past its wall-clock limit reads its thread's CPU time (ms). */
const LOOK_EVERY_MS = 100;
/** The CPU a page may still use once past its wall-clock limit, as a share of the limit. */
const CPU_SHARE_AFTER = 1 / 3;
/** A page stops after this many times its limit in wall time even without using the CPU (stuck, not slow). */
const WALL_FACTOR = 6;

/** What LiquidJS's Context calls on its `renderLimit` (ctx.renderLimit.check(performance.now())). */
export interface RenderLimit {
  check(now: number): void;
}

/**
 * The render limit of one page, given to LiquidJS in place of its own, which stops a page once `limitMs` of
 * wall time have passed since it started: on a machine busy with other work that can be an honest page
 * (session 29). Here a page past `limitMs` of wall time stops only once it has used a further third of
 * `limitMs` of its thread's CPU since then (an honest page renders in well under a millisecond of CPU; a
 * runaway one burns it at once), or at `limitMs` × WALL_FACTOR of wall time. Below `limitMs` a check is one
 * comparison, as LiquidJS's own; past it the thread's CPU is read at most every LOOK_EVERY_MS. Where the
 * CPU time is unknown (not Linux) the wall time counts, as before. One limit serves the compiled closures
 * and LiquidJS's re-render of the same page after they fail (render.ts), so a runaway page stops once.
 */
export function pageRenderLimit(limitMs: number, cpuNow: () => number | undefined = ownThreadCpuMs, start = performance.now()): RenderLimit {
  const soft = start + limitMs;
  const hard = start + limitMs * WALL_FACTOR;
  let nextLook = soft;
  let cpuAtLimit: number | null = null;
  const stop = (): never => {
    throw new Error('template render limit exceeded');
  };
  return {
    check(now: number) {
      if (now <= soft || now < nextLook) return;
      if (now > hard) stop();
      nextLook = now + LOOK_EVERY_MS;
      const cpu = cpuNow();
      if (cpu === undefined) return stop();
      if (cpuAtLimit === null) cpuAtLimit = cpu;
      else if (cpu - cpuAtLimit >= limitMs * CPU_SHARE_AFTER) stop();
    },
  };
}
