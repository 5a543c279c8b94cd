"use client";

import { useId, useState } from "react";
import { Check, Loader2, Plus, Search, X } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useCreateTag, useTags } from "@/lib/api-client/tags";
import { cn } from "@/lib/utils";
import { MAX_TAGS_PER_QUESTION } from "@/lib/validation/questions";
import { TAG_NAME_MAX_LENGTH, tagNameSchema } from "@/lib/validation/tags";
import { ErrorText } from "@/lib/i18n/error-text";
import { useTypedBeforeHydration } from "@/lib/early/use-typed-before-hydration";
import { useDebounced } from "@/lib/use-debounced";

/** A chosen tag. */
export interface PickedTag {
  id: number;
  name: string;
  color: string;
}

/** Existing tags suggested at a time. */
const SUGGESTION_COUNT = 12;
/** Quiet time after typing before suggesting tags. */
const SEARCH_DELAY_MS = 250;


/**
 * The tags of a question (SPEC.md sections 2 and 5): pick existing tags (GET /api/tags with a
 * name search) or add a new one (POST /api/tags; the name is trimmed and "Add Tag" stays
 * disabled while it is blank). At most five.
 */
export function TagPicker({
  value,
  onChange,
  invalid = false,
  describedBy,
  legend,
  max = MAX_TAGS_PER_QUESTION,
}: {
  value: PickedTag[];
  onChange: (tags: PickedTag[]) => void;
  invalid?: boolean;
  /** Id of the field's error message. */
  describedBy?: string;
  legend?: string;
  max?: number;
}) {
  const t = useTranslations("question");
  const id = useId();
  const [search, setSearch] = useState("");
  const typedEarly = useTypedBeforeHydration(search, setSearch);
  const [newName, setNewName] = useState("");
  const [newNameError, setNewNameError] = useState<string | null>(null);
  const term = useDebounced(search, SEARCH_DELAY_MS);
  const tags = useTags(term, { limit: SUGGESTION_COUNT });
  const createTag = useCreateTag();

  const chosen = new Set(value.map((t) => t.id));
  const full = value.length >= max;
  const trimmedNewName = newName.trim();

  function toggle(tag: PickedTag) {
    if (chosen.has(tag.id)) onChange(value.filter((t) => t.id !== tag.id));
    else if (!full) onChange([...value, { id: tag.id, name: tag.name, color: tag.color }]);
  }

  function addNewTag() {
    const parsed = tagNameSchema.safeParse(newName);
    if (!parsed.success) {
      setNewNameError(parsed.error.issues[0]?.message ?? t("tagPicker.invalidName"));
      return;
    }
    setNewNameError(null);
    createTag.mutate(parsed.data, {
      onSuccess: (tag) => {
        setNewName("");
        if (!chosen.has(tag.id) && !full) onChange([...value, { id: tag.id, name: tag.name, color: tag.color }]);
      },
    });
  }

  const suggestions = tags.data ?? [];
  const newNameErrorId = `${id}-new-error`;

  return (
    <fieldset className="space-y-2.5" aria-describedby={describedBy}>
      <legend className="mb-2 text-sm leading-none font-medium">{legend ?? t("tagPicker.legend")}</legend>

      <div
        className={cn(
          "flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border border-dashed px-2 py-1.5",
          invalid && "border-destructive",
        )}
      >
        {value.length === 0 ? (
          <span className="px-1 text-sm text-muted-foreground">{t("tagPicker.noneSelected", { max })}</span>
        ) : (
          <ul className="flex flex-wrap gap-1.5" aria-label={t("tagPicker.selected")}>
            {value.map((tag) => (
              <li key={tag.id}>
                <span className="inline-flex items-center gap-1.5 rounded-md border bg-secondary py-0.5 pr-0.5 pl-2 text-xs font-medium text-secondary-foreground">
                  <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: tag.color }} />
                  {tag.name}
                  <button
                    type="button"
                    onClick={() => toggle(tag)}
                    aria-label={t("tagPicker.remove", { name: tag.name })}
                    className="rounded-sm p-0.5 text-muted-foreground outline-none hover:bg-background hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="relative">
        <label htmlFor={`${id}-search`} className="sr-only">
          {t("tagPicker.searchLabel")}
        </label>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={`${id}-search`}
          type="search"
          ref={typedEarly}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            // Enter picks the first suggestion instead of submitting the dialog.
            if (e.key === "Enter") {
              e.preventDefault();
              const first = suggestions.find((t) => !chosen.has(t.id));
              if (first && !full) toggle(first);
            }
          }}
          placeholder={t("tagPicker.searchPlaceholder")}
          autoComplete="off"
          maxLength={100}
          className="pl-9"
        />
      </div>

      <div aria-live="polite" className="min-h-8">
        {tags.isLoading ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> {t("tagPicker.loading")}
          </p>
        ) : tags.isError ? (
          <p className="text-sm text-destructive">{t("tagPicker.loadFailed")}</p>
        ) : suggestions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{term.trim() ? t("tagPicker.noMatch", { term: term.trim() }) : t("tagPicker.noTags")}</p>
        ) : (
          <ul className="flex max-h-32 flex-wrap gap-1.5 overflow-y-auto p-0.5" aria-label={t("tagPicker.available")}>
            {suggestions.map((tag) => {
              const selected = chosen.has(tag.id);
              return (
                <li key={tag.id}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    disabled={!selected && full}
                    onClick={() => toggle(tag)}
                    className={cn(
                      "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50",
                      selected
                        ? "border-primary/40 bg-primary/10 text-accent-foreground dark:bg-primary/20"
                        : "bg-background hover:bg-accent hover:text-accent-foreground dark:bg-input/30",
                    )}
                  >
                    {selected ? <Check className="size-3" aria-hidden /> : <Plus className="size-3" aria-hidden />}
                    {tag.name}
                    <span className="text-muted-foreground tabular-nums">
                      {tag._count.questions}
                      <span className="sr-only"> {t("tagPicker.questions", { count: tag._count.questions })}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {full ? <p className="mt-1 text-xs text-muted-foreground">{t("tagPicker.full", { max })}</p> : null}
      </div>

      <div className="space-y-1.5">
        <div className="flex gap-2">
          <label htmlFor={`${id}-new`} className="sr-only">
            {t("tagPicker.newLabel")}
          </label>
          <Input
            id={`${id}-new`}
            value={newName}
            onChange={(e) => {
              setNewName(e.target.value);
              setNewNameError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                if (trimmedNewName && !createTag.isPending) addNewTag();
              }
            }}
            placeholder={t("tagPicker.newPlaceholder")}
            autoComplete="off"
            maxLength={TAG_NAME_MAX_LENGTH + 10}
            aria-invalid={newNameError ? true : undefined}
            aria-describedby={newNameError ? newNameErrorId : undefined}
            className="h-8"
          />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={addNewTag}
            disabled={!trimmedNewName || createTag.isPending || full}
          >
            {createTag.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
            {t("tagPicker.add")}
          </Button>
        </div>
        {newNameError ? (
          <p id={newNameErrorId} className="text-xs text-destructive">
            <ErrorText message={newNameError} />
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
