import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { NotificationSettingsForm } from "@/components/settings/notification-settings";
import { PrivacySettingsForm } from "@/components/settings/privacy-settings";

import { dismissToasts, installDomShims, jsonResponse, renderWithClient } from "./feed-fixtures";

beforeAll(installDomShims);
afterEach(dismissToasts);

const defaults = { emailNotifications: true, pushNotifications: true, weeklyDigest: false, newAnswers: true, newFollowers: true, upvotes: true };

let sent: Record<string, unknown>[];
let stored: typeof defaults;
let pending: (() => void)[];
let hold: boolean;
let fail: boolean;
beforeEach(() => {
  sent = [];
  stored = { ...defaults };
  pending = [];
  hold = false;
  fail = false;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url !== "/api/users/settings/notifications" || init?.method !== "PATCH") return jsonResponse({ message: "Not found" }, 404);
    const body = JSON.parse(String(init.body)) as Partial<typeof defaults>;
    sent.push(body);
    if (hold) await new Promise<void>((resolve) => pending.push(resolve));
    if (fail) return jsonResponse({ message: "Something went wrong" }, 500);
    stored = { ...stored, ...body };
    return jsonResponse(stored);
  }) as unknown as typeof fetch;
});

const digest = () => screen.getByRole("switch", { name: "Weekly digest" });

describe("settings save as they change", () => {
  it("saves a switch at once, with no Save button, and says so with Undo", async () => {
    renderWithClient(<NotificationSettingsForm initial={defaults} />);
    expect(screen.queryByRole("button", { name: /Save/ })).not.toBeInTheDocument();
    await userEvent.click(digest());
    expect(digest()).toBeChecked();
    expect(await screen.findByText("Settings Updated")).toBeInTheDocument();
    expect(sent).toEqual([{ ...defaults, weeklyDigest: true }]);
    expect(stored.weeklyDigest).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Undo" })); // sonner's toast wants pointer capture, which jsdom lacks
    await waitFor(() => expect(stored.weeklyDigest).toBe(false));
    expect(digest()).not.toBeChecked();
    expect(await screen.findByText("Change undone")).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });

  it("settles rapid toggles on the last state: one save in flight, then only the latest state, nothing twice", async () => {
    hold = true;
    renderWithClient(<NotificationSettingsForm initial={defaults} />);
    await userEvent.click(digest()); // on: sent, held
    await userEvent.click(digest()); // off
    await userEvent.click(digest()); // on
    await userEvent.click(digest()); // off
    expect(digest()).not.toBeChecked();
    expect(sent).toHaveLength(1);
    hold = false;
    pending.shift()!();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ ...defaults, weeklyDigest: false });
    await waitFor(() => expect(stored.weeklyDigest).toBe(false));
    expect(sent).toHaveLength(2);
  });

  it("puts the last saved state back when a save fails, and says so", async () => {
    fail = true;
    renderWithClient(<NotificationSettingsForm initial={defaults} />);
    await userEvent.click(digest());
    expect(await screen.findByText("Failed to update settings. Please try again.")).toBeInTheDocument();
    expect(digest()).not.toBeChecked();
  });

  it("keeps what was saved when the form is shown again (another tab opened and back)", async () => {
    const { unmount } = renderWithClient(<NotificationSettingsForm initial={defaults} />);
    await userEvent.click(digest());
    await waitFor(() => expect(stored.weeklyDigest).toBe(true));
    unmount();
    renderWithClient(<PrivacySettingsForm initial={{ profileVisibility: "public", showActivity: true, allowMessages: true }} />);
    expect(screen.queryByRole("button", { name: /Save/ })).not.toBeInTheDocument();
  });
});
