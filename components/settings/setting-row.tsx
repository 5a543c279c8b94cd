"use client";

import { useId, type ReactNode } from "react";

import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

/** One labelled on/off setting: its name, a sentence about it, and a switch. */
export function SwitchRow({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: string;
  description: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="space-y-1">
        <Label htmlFor={id} className="text-sm font-medium">
          {label}
        </Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} aria-describedby={`${id}-description`} className="mt-0.5" />
    </div>
  );
}

/** A settings section: a card with a title, a sentence, its rows and its save button. */
export function SettingsCard({ title, description, children, footer, tone = "default" }: { title: string; description: ReactNode; children: ReactNode; footer?: ReactNode; tone?: "default" | "danger" }) {
  return (
    <section
      aria-label={title}
      className={
        tone === "danger"
          ? "rounded-xl border border-destructive/40 bg-card p-5 text-card-foreground shadow-xs sm:p-6"
          : "rounded-xl border bg-card p-5 text-card-foreground shadow-xs sm:p-6"
      }
    >
      <div className="mb-5 space-y-1">
        <h2 className={tone === "danger" ? "text-lg font-semibold text-destructive" : "text-lg font-semibold"}>{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
      {footer ? <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div> : null}
    </section>
  );
}
