import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { avatarLetter, displayName, type NamedUser } from "@/lib/display";
import { cn } from "@/lib/utils";

export interface AvatarUser extends NamedUser {
  profileImageUrl?: string | null;
}

/** A member's round avatar: their picture, else the first letter of their name (SPEC.md section 3). */
export function UserAvatar({ user, className, decorative = false }: { user: AvatarUser | null | undefined; className?: string; decorative?: boolean }) {
  const name = displayName(user);
  return (
    <Avatar className={cn("size-8", className)} aria-hidden={decorative || undefined}>
      {user?.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt={decorative ? "" : name} /> : null}
      <AvatarFallback className="bg-primary/10 font-semibold text-primary dark:bg-primary/20" aria-hidden>
        {avatarLetter(user)}
      </AvatarFallback>
    </Avatar>
  );
}
