"use client";

import dynamic from "next/dynamic";

// The shell's client parts that only some members see, loaded only where they are rendered. In a
// server component (site-shell.tsx) next/dynamic does not split a client component off: its code
// would be part of every page's scripts, visitors' too (issue 18).
export const VerifyEmailBanner = dynamic(() => import("@/components/auth/verify-email-banner").then((m) => m.VerifyEmailBanner));
