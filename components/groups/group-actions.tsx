"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Clock, Loader2, LogOut, PenSquare, Settings2, UserPlus } from "lucide-react";

import { SignInPrompt } from "@/components/auth/sign-in-prompt";
import { GroupFormDialog } from "@/components/groups/group-form-dialog";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useJoinGroup, useLeaveGroup, useWithdrawJoinRequest, type Group } from "@/lib/api-client/groups";
import { useEarlyAction } from "@/lib/early/use-early-action";

/** The early-action key of the group page's New Post. */
const NEW_POST_EARLY_KEY = "group-post";

/**
 * The group page's buttons (SPEC.md section 2): "Join Group" for a member outside it (a request
 * for a private group, then "Requested" with a way to withdraw it; an invited member answers
 * the invitation instead), "Leave Group" for a member who is not the creator, "Edit" for the
 * creator, and "New Post" (`onNewPost`) for members. A visitor (`signedIn` false) gets "Sign in
 * to join", which returns to the group afterwards.
 */
export function GroupActions({ group, onNewPost, signedIn = true }: { group: Group; onNewPost: () => void; signedIn?: boolean }) {
  // A press of New Post before hydration opens the dialog once the page has hydrated (lib/early/script.ts).
  useEarlyAction(NEW_POST_EARLY_KEY, onNewPost);
  const t = useTranslations("groups");
  const router = useRouter();
  const refresh = () => router.refresh();
  const join = useJoinGroup({ onDone: refresh });
  const leave = useLeaveGroup({ onDone: refresh });
  const withdraw = useWithdrawJoinRequest({ onDone: refresh });

  return (
    <div className="flex flex-wrap items-center gap-2">
      {group.viewerCan.post ? (
        <Button onClick={onNewPost} data-early={NEW_POST_EARLY_KEY}>
          <PenSquare aria-hidden /> {t("actions.newPost")}
        </Button>
      ) : null}

      {group.hasRequested ? (
        <>
          <span className="inline-flex h-9 items-center gap-1.5 rounded-md border border-dashed px-3 text-sm text-muted-foreground">
            <Clock className="size-4" aria-hidden /> {t("common.requested")}
          </span>
          <Button variant="ghost" onClick={() => withdraw.mutate({ id: group.id })} disabled={withdraw.isPending}>
            {withdraw.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {t("actions.cancelRequest")}
          </Button>
        </>
      ) : group.viewerCan.join && !group.invitation ? (
        <Button onClick={() => join.mutate({ id: group.id })} disabled={join.isPending}>
          {join.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />}
          {t("common.joinGroup")}
        </Button>
      ) : !signedIn ? (
        <SignInPrompt returnTo={`/groups/${group.id}`} label={t("actions.signInToJoin")} size="default" />
      ) : null}

      {group.viewerCan.edit ? (
        <GroupFormDialog
          mode="edit"
          group={group}
          onSaved={refresh}
          trigger={
            <Button variant="outline">
              <Settings2 aria-hidden /> {t("actions.edit")}
            </Button>
          }
        />
      ) : null}

      {group.viewerCan.leave ? (
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" disabled={leave.isPending}>
              {leave.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
              {t("actions.leave")}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t("actions.leaveTitle", { name: group.name })}</AlertDialogTitle>
              <AlertDialogDescription>
                {group.isPrivate ? t("actions.leavePrivate") : t("actions.leavePublic")}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
              <AlertDialogAction onClick={() => leave.mutate({ id: group.id })}>{t("actions.leave")}</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      ) : null}
    </div>
  );
}
