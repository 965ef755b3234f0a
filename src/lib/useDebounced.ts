import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` milliseconds (quick search: spec 000 §5, §9). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return settled;
}
