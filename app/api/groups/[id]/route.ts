import { getViewer, requireViewer } from "@/lib/server/auth/session";
import { updateGroup } from "@/lib/server/groups/mutations";
import { presentGroup } from "@/lib/server/groups/presenters";
import { GROUP_MESSAGES, GROUP_NOT_FOUND, getGroupDetailOrThrow, getGroupOrThrow } from "@/lib/server/groups/queries";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { groupUpdateSchema } from "@/lib/validation/groups";

// GET /api/groups/:id - a group's header: name, description, rules, images, counts, the viewer's membership
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const id = idParam((await ctx.params).id, GROUP_NOT_FOUND); // 404
  const group = await getGroupDetailOrThrow(id, viewer); // 404
  return Response.json(presentGroup(group, viewer));
});

// PATCH /api/groups/:id - change a group's name, description, rules, images or privacy (creator only)
export const PATCH = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, GROUP_NOT_FOUND); // 404
  const input = groupUpdateSchema.parse(await readJson(req)); // 400 with SPEC.md's messages
  const group = await getGroupOrThrow(id); // 404
  authorize(viewer, "group.edit", group, GROUP_MESSAGES.onlyCreatorEdits); // 403
  await updateGroup(group, input);
  const updated = await getGroupDetailOrThrow(id, viewer);
  return Response.json(presentGroup(updated, viewer));
});
