import Link from "@/components/common/link";
import { ShieldAlert } from "lucide-react";

import { Button } from "@/components/ui/button";

/**
 * What a member or a moderator gets at /admin (and a member at /admin/audit, `area` "audit"):
 * a plain 403, and where to go instead.
 */
export function AdminForbidden({ role, area = "admin" }: { role: "member" | "moderator" | "admin"; area?: "admin" | "audit" }) {
  if (area === "audit") role = "member"; // only members are refused the audit log

  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <ShieldAlert className="size-7" aria-hidden />
      </span>
      <p className="mt-5 text-sm font-semibold tracking-wide text-muted-foreground">Error 403</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">{area === "audit" ? "Moderators and admins only" : "Admins only"}</h1>
      <p className="mt-2 text-muted-foreground">
        {area === "audit" ? "The audit log is for the people who moderate this site." : "The admin dashboard is for the people who run this site."}{" "}
        {role === "moderator" ? "As a moderator, you will find flagged posts in the review queue." : "If you think you should have access, ask an admin."}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {role === "moderator" ? (
          <Button asChild>
            <Link href="/review">Open the review queue</Link>
          </Button>
        ) : null}
        <Button asChild variant={role === "moderator" ? "outline" : "default"}>
          <Link href="/">Back to home</Link>
        </Button>
      </div>
    </div>
  );
}
