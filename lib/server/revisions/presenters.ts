import "server-only";
import { authorSelect, presentAuthor, type AuthorJson, type AuthorRow } from "@/lib/server/users/presenters";

/** The columns of a question revision presentQuestionRevision needs; select exactly these. */
export const questionRevisionSelect = {
  number: true,
  title: true,
  description: true,
  tags: true,
  summary: true,
  rollbackOf: true,
  createdAt: true,
  editor: { select: authorSelect },
} as const;

/** The columns of an answer revision presentAnswerRevision needs; select exactly these. */
export const answerRevisionSelect = {
  number: true,
  content: true,
  summary: true,
  rollbackOf: true,
  createdAt: true,
  editor: { select: authorSelect },
} as const;

interface RevisionRowBase {
  number: number;
  summary: string | null;
  rollbackOf: number | null;
  createdAt: Date;
  editor: AuthorRow;
  /** Who approved the suggested edit that made this revision (its editor suggested it); absent or null otherwise. */
  approvedBy?: AuthorRow | null;
}
/** A question revision as questionRevisionSelect reads it (or as the never-edited question stands). */
export interface QuestionRevisionRow extends RevisionRowBase {
  title: string;
  description: string;
  tags: string[];
}
/** An answer revision as answerRevisionSelect reads it (or as the never-edited answer stands). */
export interface AnswerRevisionRow extends RevisionRowBase {
  content: string;
}

interface RevisionJsonBase {
  /** 1 is the original; each edit or rollback adds the next. */
  number: number;
  summary: string | null;
  /** The revision this one restored, when it is a rollback. */
  rollbackOf: number | null;
  createdAt: string;
  editor: AuthorJson;
  /** Who approved it, when the revision is an approved suggested edit (the editor suggested it); null otherwise. */
  approvedBy?: AuthorJson | null;
}
/** A question revision as docs/API.md shapes it: the Markdown source, never HTML. */
export interface QuestionRevisionJson extends RevisionJsonBase {
  title: string;
  description: string;
  tags: string[];
}
/** An answer revision as docs/API.md shapes it: the Markdown source, never HTML. */
export interface AnswerRevisionJson extends RevisionJsonBase {
  content: string;
}

/** GET /api/{questions|answers}/{id}/revisions: newest first, and whether the viewer may roll back. */
export interface RevisionListJson<R> {
  revisions: R[];
  viewerCan: { rollback: boolean };
}

function presentBase(row: RevisionRowBase, viewerId: string | null): RevisionJsonBase {
  return {
    number: row.number,
    summary: row.summary,
    rollbackOf: row.rollbackOf,
    createdAt: row.createdAt.toISOString(),
    editor: presentAuthor(row.editor, viewerId),
    approvedBy: row.approvedBy ? presentAuthor(row.approvedBy, viewerId) : null,
  };
}

/** A question revision for the viewer (the editor's e-mail only for the editor themself). */
export function presentQuestionRevision(row: QuestionRevisionRow, viewerId: string | null): QuestionRevisionJson {
  return { ...presentBase(row, viewerId), title: row.title, description: row.description, tags: [...row.tags] };
}

/** An answer revision for the viewer (the editor's e-mail only for the editor themself). */
export function presentAnswerRevision(row: AnswerRevisionRow, viewerId: string | null): AnswerRevisionJson {
  return { ...presentBase(row, viewerId), content: row.content };
}
