import { useFormatter, useTranslations } from "next-intl";

import Link from "@/components/common/link";
import { UserAvatar } from "@/components/common/user-avatar";
import { Badge } from "@/components/ui/badge";
import { DiffLegend, RevisionDiff, TagDiff } from "@/components/revisions/revision-diff";
import { RollbackButton } from "@/components/revisions/rollback-button";
import { displayName } from "@/lib/display";
import { diffMarkdown, diffTags, diffText, type DiffPart } from "@/lib/revisions/diff";
import type { AnswerRevisionJson, QuestionRevisionJson } from "@/lib/server/revisions/presenters";

type AnyRevision = QuestionRevisionJson | AnswerRevisionJson;

const isQuestionRevision = (r: AnyRevision): r is QuestionRevisionJson => "title" in r;

function RevisionHeader({ revision, current }: { revision: AnyRevision; current: boolean }) {
  const t = useTranslations("revisions");
  const format = useFormatter();
  const editor = revision.editor;
  const approvedBy = revision.approvedBy
    ? t.rich("history.approvedBy", { name: displayName(revision.approvedBy), strong: (chunks) => <span className="font-medium text-foreground">{chunks}</span> })
    : null;
  return (
    <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <h2 className="text-base font-semibold">{t("history.revision", { number: revision.number })}</h2>
      {current ? <Badge variant="secondary">{t("history.current")}</Badge> : null}
      {revision.number === 1 ? <Badge variant="outline">{t("history.original")}</Badge> : null}
      <span className="text-muted-foreground" aria-hidden>
        ·
      </span>
      {"isDeleted" in editor || "isAssistant" in editor ? (
        <span className="font-medium">{displayName(editor)}</span>
      ) : (
        <Link href={`/users/${editor.id}`} className="inline-flex items-center gap-1.5 rounded-sm font-medium hover:underline">
          <UserAvatar user={editor} className="size-5 text-[10px]" decorative />
          {displayName(editor)}
        </Link>
      )}
      {revision.approvedBy ? (
        <span className="text-muted-foreground">
          {approvedBy}
        </span>
      ) : null}
      <time dateTime={revision.createdAt} className="text-muted-foreground">
        {t("history.date", { date: format.dateTime(new Date(revision.createdAt), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) })}
      </time>
    </header>
  );
}

function Section({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</h3>
      {children}
    </div>
  );
}

const whole = (text: string): DiffPart[] => (text ? [{ kind: "equal", text, code: false }] : []);

/**
 * A post's revisions, newest first, each shown against the one before it (revision 1 as it was
 * written), with who made it, when, its summary, and Roll back for those who may.
 */
export function RevisionHistory({
  kind,
  postId,
  revisions,
  canRollback,
}: {
  kind: "questions" | "answers";
  postId: number;
  revisions: readonly AnyRevision[];
  canRollback: boolean;
}) {
  const t = useTranslations("revisions");
  return (
    <div className="space-y-4">
      <DiffLegend />
      <ol className="space-y-4" aria-label={t("history.listLabel")}>
        {revisions.map((revision, i) => {
          const previous = revisions[i + 1];
          const current = i === 0;
          return (
            <li key={revision.number} id={`revision-${revision.number}`} className="space-y-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-5">
              <RevisionHeader revision={revision} current={current} />
              {revision.summary ? (
                <p className="text-sm">
                  <span className="text-muted-foreground">{t("history.summary")} </span>
                  {revision.summary}
                </p>
              ) : null}
              {isQuestionRevision(revision) ? (
                <>
                  <Section label={t("history.title")}>
                    <RevisionDiff
                      label={t("history.titleOf", { number: revision.number })}
                      parts={previous && isQuestionRevision(previous) ? diffText(previous.title, revision.title) : whole(revision.title)}
                    />
                  </Section>
                  <Section label={t("history.description")}>
                    <RevisionDiff
                      label={t("history.descriptionOf", { number: revision.number })}
                      parts={previous && isQuestionRevision(previous) ? diffMarkdown(previous.description, revision.description) : whole(revision.description)}
                    />
                  </Section>
                  <Section label={t("history.tags")}>
                    <TagDiff tags={previous && isQuestionRevision(previous) ? diffTags(previous.tags, revision.tags) : revision.tags.map((name) => ({ name, kind: "equal" }))} />
                  </Section>
                </>
              ) : (
                <RevisionDiff
                  label={t("history.contentOf", { number: revision.number })}
                  parts={previous && !isQuestionRevision(previous) ? diffMarkdown(previous.content, revision.content) : whole(revision.content)}
                />
              )}
              {canRollback && !current ? (
                <div className="flex justify-end">
                  <RollbackButton kind={kind} postId={postId} number={revision.number} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
