import { getViewer, requireViewer } from "@/lib/server/auth/session";
import { handler, readJson } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorize } from "@/lib/server/policy";
import { createTag } from "@/lib/server/tags/mutations";
import { presentTag } from "@/lib/server/tags/presenters";
import { countTags, listTags } from "@/lib/server/tags/queries";
import { searchParamsOf } from "@/lib/validation/questions";
import { tagCreateSchema, tagListQuerySchema } from "@/lib/validation/tags";

/** A tag body is one short name. */
const MAX_TAG_BYTES = 4 * 1024;

// GET /api/tags - list tags, most questions first, optionally searched by name
export const GET = handler(async (req) => {
  const viewer = await getViewer(req);
  const query = tagListQuerySchema.parse(searchParamsOf(req.url)); // 400
  const [page, total] = await Promise.all([listTags(viewer, query), countTags(query)]);
  return pageResponse(page.rows.map(presentTag), { nextCursor: page.nextCursor, total });
});

// POST /api/tags - create a tag, or answer 200 with the existing one of that name
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const input = tagCreateSchema.parse(await readJson(req, MAX_TAG_BYTES)); // 400
  authorize(viewer, "tag.create");
  const { tag, created } = await createTag(input.name, viewer); // 429 past 10 new tags a day (an existing name costs nothing)
  return Response.json(presentTag(tag), { status: created ? 201 : 200 });
});
