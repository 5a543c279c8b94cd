import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { UserNotFound } from "@/components/profile/user-not-found";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("profile.page");
  return { title: t("notFoundTitle"), robots: { index: false } };
}

/** An unknown member id (404). */
export default function ProfileNotFound() {
  return <UserNotFound />;
}
