"use client";

// The shared schemas' field messages (English, as the server answers them too) in the reader's
// language: one catalogue for every error (messages/<language>/errors.json, lib/i18n/error-text.tsx).
export { useErrorText as useFieldMessage } from "@/lib/i18n/error-text";
