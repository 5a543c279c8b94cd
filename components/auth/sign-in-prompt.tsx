import Link from "@/components/common/link";
import { LogIn } from "lucide-react";

import { Button } from "@/components/ui/button";
import { signInHref } from "@/lib/auth-links";

/**
 * What a visitor gets in place of a member-only action (Follow, Join Group, Ask Question, Create
 * Group): a link to the sign-in page that returns to `returnTo` afterwards.
 */
export function SignInPrompt({
  returnTo,
  label,
  variant = "default",
  size = "sm",
  className,
}: {
  returnTo: string;
  label: string;
  variant?: "default" | "outline" | "secondary";
  size?: "sm" | "default";
  className?: string;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link href={signInHref(returnTo)} prefetch={false}>
        <LogIn aria-hidden /> {label}
      </Link>
    </Button>
  );
}
