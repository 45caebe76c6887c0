/**
 * Runs a LiquidJS render generator to its end synchronously: LiquidJS's own `toValueSync` loop, with one
 * difference — whether a yielded value is a generator to run is first answered by its prototype, the way
 * every generator LiquidJS yields is built, before the property look-ups (`next`, `throw`, `return`) that
 * LiquidJS's `isIterator` makes on every value it meets (strings, numbers, rows: megamorphic, and a fifth of
 * a page's render time in the profile, issue 26). Any other object with those three methods is still run,
 * as LiquidJS would; errors thrown inside are thrown into the generator that yielded, as LiquidJS does.
 */
const GENERATOR_PROTOTYPE: object = Object.getPrototypeOf(function* () {}).prototype as object;

type Runnable = { next(v?: unknown): IteratorResult<unknown>; throw(e?: unknown): IteratorResult<unknown> };

function isRunnable(val: unknown): val is Runnable {
  if (typeof val === 'object' && val !== null) {
    const proto: unknown = Object.getPrototypeOf(val);
    if (proto !== null && Object.getPrototypeOf(proto) === GENERATOR_PROTOTYPE) return true;
  } else if (typeof val !== 'function') {
    return false;
  }
  const v = val as Record<string, unknown>;
  return typeof v.next === 'function' && typeof v.throw === 'function' && typeof v.return === 'function';
}

export function driveSync(val: unknown): unknown {
  if (!isRunnable(val)) return val;
  let value: unknown;
  let done = false;
  let throwing = false;
  do {
    const state = throwing ? val.throw(value) : val.next(value);
    done = Boolean(state.done);
    value = state.value;
    throwing = false;
    if (isRunnable(value)) {
      try {
        value = driveSync(value);
      } catch (error) {
        throwing = true;
        value = error;
      }
    }
  } while (!done);
  return value;
}
