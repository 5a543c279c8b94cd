// The members directory's tabs, shared by the server page (?tab=) and the client island.
import { userListTabs, type UserListTab } from "@/lib/validation/users";

/**
 * The directory's tabs and their descriptions (SPEC.md section 2): the messages users.tabs.<key>
 * and users.tabs.<key>Description.
 */
export const MEMBER_TABS = {
  new: "new",
  asker: "asker",
  answerer: "answerer",
  voters: "voters",
  reputation: "reputation",
  "reputation-month": "reputationMonth",
} as const satisfies Record<UserListTab, string>;

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
