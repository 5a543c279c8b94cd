"use client";

import dynamic from "next/dynamic";

// The 404 screen's client code (app/not-found.tsx), loaded only when the screen is rendered: the
// root not-found's client modules are part of every page's scripts otherwise.
export const ThemeToggle = dynamic(() => import("@/components/layout/theme-toggle").then((m) => m.ThemeToggle));
