import { forwardRef, useCallback, useEffect, useRef, type InputHTMLAttributes } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { visible?: boolean; indeterminate?: boolean };

/**
 * The checkbox of a checkbox tree's item: the browser's own, not MUI's. A grant tree shows every menu and
 * button (about 430 items); MUI's checkbox (ripple, SVG icons, styled wrappers) made opening it cost 3 s of
 * script on a quiet machine and over 30 s on a loaded one. The tree item carries the state for assistive
 * technology (`aria-checked`); the box itself is hidden from it, as MUI X's own is.
 */
export const TreeCheckbox = forwardRef<HTMLInputElement, Props>(function TreeCheckbox({ visible, indeterminate = false, ...rest }, ref) {
  const own = useRef<HTMLInputElement | null>(null);
  const setRef = useCallback(
    (node: HTMLInputElement | null) => {
      own.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  // `indeterminate` is a DOM property only (no attribute).
  useEffect(() => {
    if (own.current) own.current.indeterminate = indeterminate;
  }, [indeterminate, visible]);
  if (!visible) return null;
  return <input type="checkbox" ref={setRef} {...rest} />;
});
