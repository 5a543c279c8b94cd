import type { Locale } from "@/lib/i18n/locales";
import type { Messages } from "@/messages";

// Typed keys: t("question.missing") is a type error (next-intl's AppConfig).
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
