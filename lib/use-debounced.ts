"use client";

import { useEffect, useState } from "react";

/** `value` once it has stopped changing for `delay` milliseconds (search fields look up what a person settled on). */
export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
