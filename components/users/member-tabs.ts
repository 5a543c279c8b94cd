// The members directory's tabs, shared by the server page (?tab=) and the client island.
import { userListTabs, type UserListTab } from "@/lib/validation/users";

/** The directory's tabs and their descriptions (SPEC.md section 2). */
export const MEMBER_TABS: Record<UserListTab, { label: string; description: string }> = {
  new: { label: "New Users", description: "Recently joined members of the community" },
  asker: { label: "Top Askers", description: "Members who asked the most questions in last 30 days" },
  answerer: { label: "Top Answerers", description: "Members who provided the most answers in last 30 days" },
  voters: { label: "Top Voters", description: "The most active voters in last 30 days" },
  reputation: { label: "Top Reputation", description: "Members with the highest reputation of all time" },
  "reputation-month": { label: "Top Reputation", description: "Members who gained the most reputation in last 30 days" },
};

/** The tabs shown in the tab bar: the two reputation periods share the one "Top Reputation" tab. */
export const MEMBER_TAB_BAR = ["new", "asker", "answerer", "voters", "reputation"] as const satisfies readonly UserListTab[];

/** The tab bar's entry a tab belongs to. */
export function memberTabBarValue(tab: UserListTab): (typeof MEMBER_TAB_BAR)[number] {
  return tab === "reputation-month" ? "reputation" : tab;
}

/** The tab of ?tab=, New Users when absent or unknown. */
export function parseMemberTab(value: string | string[] | undefined): UserListTab {
  const raw = Array.isArray(value) ? value[0] : value;
  return (userListTabs as readonly string[]).includes(raw ?? "") ? (raw as UserListTab) : "new";
}
