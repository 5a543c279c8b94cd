import { z } from "./zod";

import { pageQuerySchema } from "@/lib/validation/questions";

/** GET /api/notifications: paging, and `unread=true` for the unread ones only. */
export const notificationListQuerySchema = pageQuerySchema.extend({
  unread: z
    .preprocess((value) => (value === null || value === "" ? undefined : value), z.enum(["true", "false", "1", "0"], { error: "unread must be true or false" }).optional())
    .transform((value) => value === "true" || value === "1"),
});

export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;
