"use client";

import { useCallback, useRef, useState } from "react";
import { useTranslations } from "next-intl";

import { isSuspendedError, isUnauthorizedError } from "@/lib/api-client/fetcher";
import { SUSPENDED_TOAST_TITLE } from "@/lib/suspension";
import { toastError, toastSuccess } from "@/lib/api-client/toast";

const same = <T extends object>(a: T, b: T) => (Object.keys({ ...a, ...b }) as (keyof T)[]).every((key) => a[key] === b[key]);

/**
 * A settings form that saves each control as it changes: the change shows at once (optimistic),
 * one save is in flight at a time and, when it returns, the latest state is sent if it differs
 * from what was saved, so rapid toggles settle on the last state and nothing is sent twice. A
 * saved change says so in a toast with Undo (which puts back the state before that change); a
 * failed one puts back the last saved state and says so.
 */
export function useAutoSave<T extends object>({
  initial,
  save,
  saved: savedText,
  failed,
  toastId,
  onApplied,
}: {
  initial: T;
  /** Sends the whole state; answers the stored state. */
  save: (values: T) => Promise<T>;
  /** The success toast's title and description. */
  saved: readonly [string, string];
  /** The failure toast's description. */
  failed: string;
  /** One toast per form: a newer save replaces the older one's toast. */
  toastId: string;
  /** Called with every state shown (the theme applies itself here). */
  onApplied?: (values: T) => void;
}) {
  const t = useTranslations("settings.autoSave");
  const [values, setValues] = useState<T>(initial);
  const stored = useRef<T>(initial);
  const latest = useRef<T>(initial);
  const undoTo = useRef<T | null>(null);
  const running = useRef(false);

  const show = useCallback(
    (next: T) => {
      latest.current = next;
      setValues(next);
      onApplied?.(next);
    },
    [onApplied],
  );

  const flush = useCallback(
    (offerUndo: boolean) => {
      const run = async (undoable: boolean): Promise<void> => {
        if (running.current) return;
        running.current = true;
        try {
          while (!same(latest.current, stored.current)) {
            const sending = latest.current;
            stored.current = { ...sending, ...(await save(sending)) };
          }
        } catch (error) {
          running.current = false;
          undoTo.current = null;
          show(stored.current);
          if (isSuspendedError(error)) toastError(SUSPENDED_TOAST_TITLE, error.serverMessage, { id: toastId });
          else if (!isUnauthorizedError(error)) toastError(t("error"), failed, { id: toastId });
          return;
        }
        running.current = false;
        const before = undoTo.current;
        undoTo.current = null;
        if (undoable && before && !same(before, stored.current)) {
          toastSuccess(savedText[0], savedText[1], {
            id: toastId,
            action: {
              label: t("undo"),
              onClick: (event) => {
                // The toast stays, to become "Change undone" in place: dismissing it here would race
                // the replacement, and sonner could remove the new text with the old toast.
                event.preventDefault();
                show({ ...latest.current, ...before });
                void run(false);
              },
            },
          });
        } else if (!undoable) {
          toastSuccess(t("undone"), savedText[1], { id: toastId });
        }
      };
      return run(offerUndo);
    },
    [failed, save, savedText, show, t, toastId],
  );

  /** Changes some fields: shown at once, saved right after. */
  const change = useCallback(
    (patch: Partial<T>) => {
      if (undoTo.current === null) undoTo.current = stored.current;
      show({ ...latest.current, ...patch });
      void flush(true);
    },
    [flush, show],
  );

  return { values, change };
}
