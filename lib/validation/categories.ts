// Categories (SPEC.md section 3): the query of a category's question list. The category routes take
// no body: following is POST / DELETE on the category's path.
import { pageQuerySchema } from "@/lib/validation/questions";

/** GET /api/categories/{id}/questions: newest first, paging only (limit, cursor). */
export const categoryQuestionListQuerySchema = pageQuerySchema;

export type CategoryQuestionListQuery = ReturnType<typeof categoryQuestionListQuerySchema.parse>;
