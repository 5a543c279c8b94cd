"use client";

import { useCallback, useRef } from "react";

/**
 * A ref for a controlled text field that keeps what a person typed before the page hydrated:
 * the browser holds those letters in the field while the component's state still holds its
 * first value, so a search typed on a slow phone would otherwise run for nothing. When the field
 * mounts with other text than `value`, `adopt` receives it (and React renders it as usual).
 */
export function useTypedBeforeHydration(value: string, adopt: (typed: string) => void) {
  const first = useRef({ value, adopt });
  return useCallback((field: HTMLInputElement | HTMLTextAreaElement | null) => {
    const { value: initial, adopt: take } = first.current;
    if (field && field.value !== initial) take(field.value);
  }, []);
}
