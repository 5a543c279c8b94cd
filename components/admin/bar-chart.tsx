import { useFormatter, useTranslations } from "next-intl";

import { cn } from "@/lib/utils";

/** One bar: a UTC day (YYYY-MM-DD) and its value. */
export interface ChartPoint {
  day: string;
  value: number;
}

/** What a chart counts (its messages are admin.chart.units.<unit>). */
export type ChartUnit = "members" | "questions" | "answers" | "aiAnswers" | "tokens";

const DAY_FORMAT = { month: "short", day: "numeric" } as const;

/** The dashboard's numbers ("12,345") and days ("Nov 3" for a YYYY-MM-DD day) in the reader's language (days in UTC, the provider's time zone). */
export function useAdminFormat() {
  const format = useFormatter();
  return {
    formatNumber: (value: number) => format.number(value),
    formatDay: (day: string) => format.dateTime(new Date(`${day}T00:00:00Z`), DAY_FORMAT),
  };
}

// The SVG's own coordinates; it stretches to the card's width (preserveAspectRatio none), so bars
// stay crisp and the labels, which are HTML, keep their size at any width.
const WIDTH = 300;
const HEIGHT = 100;

/**
 * A bar per day, drawn on the server as SVG: an image named by its title, described in one
 * sentence (total, busiest day, today), each bar with its own tooltip. The exact numbers are in
 * the dashboard's table.
 */
export function BarChart({
  title,
  unit,
  points,
  barClassName,
  className,
}: {
  /** Unique on the page: it names the chart and its ids. */
  title: string;
  /** What is counted, for the description and tooltips. */
  unit: ChartUnit;
  points: ChartPoint[];
  /** The bars' fill, e.g. "fill-chart-1". */
  barClassName: string;
  className?: string;
}) {
  const t = useTranslations("admin.chart");
  const { formatNumber, formatDay } = useAdminFormat();
  const amount = (count: number) => t(`units.${unit}`, { count });
  const id = `chart-${unit}-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const max = Math.max(0, ...points.map((p) => p.value));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const busiest = points.reduce<ChartPoint | null>((best, p) => (p.value > (best?.value ?? 0) ? p : best), null);
  const slot = WIDTH / Math.max(1, points.length);
  const gap = Math.min(2, slot * 0.25);
  const first = points[0];
  const last = points.at(-1);
  const description =
    t("description", { amount: amount(total), days: points.length }) +
    (busiest ? t("busiest", { day: formatDay(busiest.day), value: formatNumber(busiest.value) }) : "") +
    (last ? t("today", { value: formatNumber(last.value) }) : t("end"));
  const totalLine = t.rich("total", {
    total: formatNumber(total),
    days: points.length,
    strong: (chunks) => <span className="font-semibold text-foreground">{chunks}</span>,
  });

  return (
    <figure className={cn("min-w-0", className)}>
      <figcaption className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium">{title}</span>
        <span className="text-sm text-muted-foreground tabular-nums">
          {totalLine}
        </span>
      </figcaption>
      <div className="relative mt-2 pt-4">
        <span className="absolute top-0 left-0 text-[11px] leading-none text-muted-foreground tabular-nums" aria-hidden>
          {formatNumber(max)}
        </span>
        <svg
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="block h-24 w-full overflow-visible"
        >
          <title id={`${id}-title`}>{t("title", { title })}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          <line x1={0} x2={WIDTH} y1={0.5} y2={0.5} className="stroke-border" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-border" vectorEffect="non-scaling-stroke" />
          {points.map((p, i) => {
            const h = max > 0 ? (p.value / max) * (HEIGHT - 2) : 0;
            return (
              <rect
                key={p.day}
                x={i * slot + gap / 2}
                y={HEIGHT - 1 - h}
                width={slot - gap}
                height={Math.max(h, 0)}
                rx={0.8}
                className={cn(barClassName, "transition-opacity hover:opacity-80")}
              >
                <title>{t("bar", { day: formatDay(p.day), amount: amount(p.value) })}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="mt-1.5 flex justify-between text-[11px] text-muted-foreground" aria-hidden>
        <span>{first ? formatDay(first.day) : ""}</span>
        <span>{t("todayLabel")}</span>
      </div>
    </figure>
  );
}
