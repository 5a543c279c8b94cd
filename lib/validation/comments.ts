// Comments and replies: the same schema validates the comment, reply and edit forms in the
// browser and the bodies of the comment calls on the server (SPEC.md section 5: blank or
// whitespace-only content cannot be submitted).
import { z } from "./zod";
import { COMMENT_MAX_LENGTH, COMMENT_REQUIRED_MESSAGE, COMMENT_TOO_LONG_MESSAGE } from "@/lib/validation/messages/comments";

/** POST /api/answers/{id}/comments, POST /api/comments/{id}/replies and PATCH /api/comments/{id}. */
export const commentSchema = z.object(
  {
    content: z
      .string({ error: COMMENT_REQUIRED_MESSAGE })
      .trim()
      .min(1, COMMENT_REQUIRED_MESSAGE)
      .max(COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_MESSAGE),
  },
  { error: "Request body must be a JSON object" },
);

export type CommentFormValues = z.input<typeof commentSchema>;
export type CommentInput = z.output<typeof commentSchema>;

export { COMMENT_MAX_LENGTH, COMMENT_REQUIRED_MESSAGE, COMMENT_TOO_LONG_MESSAGE };
