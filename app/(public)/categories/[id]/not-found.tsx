import type { Metadata } from "next";
import Link from "@/components/common/link";
import { ArrowLeft, Layers } from "lucide-react";

import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Category Not Found", robots: { index: false } };

/** An unknown category (404), with a way back home and to the tags grouped by category. */
export default function CategoryNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-2 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
        <Layers className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">Category Not Found</h1>
      <p className="mt-3 text-muted-foreground">There is no such category. Browse the tags to find the topic you&apos;re after.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/">
            <ArrowLeft aria-hidden /> Back to Home
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/tags">Explore Tags</Link>
        </Button>
      </div>
    </div>
  );
}
