"use client";

import { useState } from "react";

/** The page's one client component: the floor of the JavaScript a page with React hydration sends. */
export default function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      Pressed {count} times
    </button>
  );
}
