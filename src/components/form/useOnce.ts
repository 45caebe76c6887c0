import { useRef, useState } from 'react';

/**
 * Guards a dialog's confirm button: the first click runs, every further click is ignored until `reset`
 * (the dialog has closed and opened again). A ref, not only state: the two clicks of a double click can
 * both arrive before React renders the disabled button.
 */
export function useOnce(): { fired: boolean; fire: (run: () => void) => void; reset: () => void } {
  const ref = useRef(false);
  const [fired, setFired] = useState(false);
  return {
    fired,
    fire: (run) => {
      if (ref.current) return;
      ref.current = true;
      setFired(true);
      run();
    },
    reset: () => {
      ref.current = false;
      setFired(false);
    },
  };
}
