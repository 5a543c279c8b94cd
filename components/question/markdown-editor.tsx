"use client";

import { forwardRef, useState, type ComponentProps } from "react";
import { Eye, PenLine } from "lucide-react";
import { useTranslations } from "next-intl";

import { MarkdownPreview } from "@/components/question/markdown-preview";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

type EditorProps = Omit<ComponentProps<"textarea">, "value"> & {
  value: string;
  /** The accessible name of the Write/Preview tabs list. */
  tabsLabel?: string;
};

/**
 * A Markdown field with Write and Preview tabs (DECISIONS.md section 5: live preview). The
 * textarea stays mounted while previewing, so its label and form registration keep working.
 */
export const MarkdownEditor = forwardRef<HTMLTextAreaElement, EditorProps>(function MarkdownEditor(
  { value, className, tabsLabel, ...textareaProps },
  ref,
) {
  const t = useTranslations("question");
  const [tab, setTab] = useState<"write" | "preview">("write");

  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v === "preview" ? "preview" : "write")} className="gap-0">
      <div className="flex items-center justify-between gap-2 rounded-t-md border border-b-0 bg-muted/40 px-1.5 py-1.5">
        <TabsList aria-label={tabsLabel ?? t("markdownEditor.tabsLabel")} className="h-8 bg-transparent p-0">
          <TabsTrigger value="write" className="h-7 px-2.5 data-[state=active]:bg-background">
            <PenLine aria-hidden /> {t("markdownEditor.write")}
          </TabsTrigger>
          <TabsTrigger value="preview" className="h-7 px-2.5 data-[state=active]:bg-background">
            <Eye aria-hidden /> {t("markdownEditor.preview")}
          </TabsTrigger>
        </TabsList>
        <span className="hidden pr-1.5 text-xs text-muted-foreground sm:inline">{t("markdownEditor.supported")}</span>
      </div>
      <TabsContent value="write" forceMount className="data-[state=inactive]:hidden">
        <Textarea
          ref={ref}
          value={value}
          className={cn("min-h-40 rounded-t-none font-mono text-sm leading-relaxed md:text-sm", className)}
          {...textareaProps}
        />
      </TabsContent>
      <TabsContent value="preview" className="min-h-40 overflow-x-auto rounded-b-md border p-3">
        {tab === "preview" ? <MarkdownPreview source={value} /> : null}
      </TabsContent>
    </Tabs>
  );
});
