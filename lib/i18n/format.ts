// Formatting shared by server and client: one time zone, so a date renders the same on both.
export const TIME_ZONE = "UTC";
