"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";

import { cn } from "@/lib/utils";

type Renderer = (source: string) => string;

// The renderer (markdown-it, highlight.js, sanitize-html) loads the first time a preview is shown.
let rendererPromise: Promise<Renderer> | null = null;
function loadRenderer(): Promise<Renderer> {
  rendererPromise ??= import("@/lib/markdown/render").then((m) => m.renderMarkdown);
  return rendererPromise;
}

/** The rendered preview of a Markdown source, with the same renderer and sanitizer as the server. */
export function MarkdownPreview({ source, className }: { source: string; className?: string }) {
  const t = useTranslations("question");
  const [render, setRender] = useState<Renderer | null>(null);
  useEffect(() => {
    let alive = true;
    void loadRenderer().then((fn) => {
      if (alive) setRender(() => fn);
    });
    return () => {
      alive = false;
    };
  }, []);

  if (!source.trim()) return <p className={cn("text-sm text-muted-foreground", className)}>{t("markdownPreview.empty")}</p>;
  if (!render) return <p className={cn("text-sm text-muted-foreground", className)}>{t("markdownPreview.loading")}</p>;
  return <div className={cn("prose-agora", className)} dangerouslySetInnerHTML={{ __html: render(source) }} />;
}
