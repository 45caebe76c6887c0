import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children once the browser is idle after the screen's first paint, at transition priority
 * (React may interrupt it for anything more urgent). For work below the fold of a first screen, e.g. the
 * home page's quick links (≈60 buttons: a quarter of the shell's start-up; docs/performance.md).
 */
export function WhenIdle({ children, timeoutMs = 1000 }: { children: ReactNode; timeoutMs?: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setReady(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(show, { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(show, 100);
    return () => window.clearTimeout(timer);
  }, [timeoutMs]);
  return ready ? children : null;
}
