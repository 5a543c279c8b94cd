import type { Metadata } from "next";

import { UserNotFound } from "@/components/profile/user-not-found";

export const metadata: Metadata = { title: "User Not Found", robots: { index: false } };

/** An unknown member id (404). */
export default function ProfileNotFound() {
  return <UserNotFound />;
}
