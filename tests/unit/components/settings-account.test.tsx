import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { ChangePasswordForm, DangerZone } from "@/components/settings/account-settings";

import { dismissToasts, installDomShims, jsonResponse, renderWithClient } from "./feed-fixtures";

beforeAll(installDomShims);
afterEach(dismissToasts);

let sent: { url: string; method: string; body: unknown }[];
let passwordResponse: () => ReturnType<typeof jsonResponse>;
beforeEach(() => {
  sent = [];
  passwordResponse = () => jsonResponse({ passwordChanged: true });
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    sent.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === "/api/users/change-password") return passwordResponse();
    if (url === "/api/users/me") return jsonResponse(null, 204);
    return jsonResponse({ message: "Not found" }, 404);
  }) as unknown as typeof fetch;
});

function renderForm() {
  renderWithClient(<ChangePasswordForm />);
  const form = screen.getByRole("form", { name: "Change Password" });
  return {
    form,
    current: within(form).getByLabelText("Current Password"),
    next: within(form).getByLabelText("New Password"),
    confirm: within(form).getByLabelText("Confirm New Password"),
    button: within(form).getByRole("button", { name: "Change Password" }),
  };
}

describe("ChangePasswordForm", () => {
  it("keeps Change Password disabled until the current and new passwords are filled", async () => {
    const { current, next, button } = renderForm();
    expect(button).toBeDisabled();
    await userEvent.type(current, "old-password");
    expect(button).toBeDisabled();
    await userEvent.type(next, "new-password");
    expect(button).toBeEnabled();
  });

  it("refuses a mismatch with 'Password Mismatch' and sends nothing", async () => {
    const { current, next, confirm, button } = renderForm();
    await userEvent.type(current, "old-password");
    await userEvent.type(next, "new-password-1");
    await userEvent.type(confirm, "new-password-2");
    await userEvent.click(button);
    expect(await screen.findByText("Password Mismatch")).toBeInTheDocument();
    expect(screen.getByText("New password and confirmation do not match.")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("refuses a short password with 'Password Too Short' and sends nothing", async () => {
    const { current, next, confirm, button } = renderForm();
    await userEvent.type(current, "old-password");
    await userEvent.type(next, "short");
    await userEvent.type(confirm, "short");
    await userEvent.click(button);
    expect(await screen.findByText("Password Too Short")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters long.")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("changes the password, toasts 'Password Changed' and clears the fields", async () => {
    const { current, next, confirm, button } = renderForm();
    await userEvent.type(current, "old-password");
    await userEvent.type(next, "new-password");
    await userEvent.type(confirm, "new-password");
    await userEvent.click(button);
    expect(await screen.findByText("Password Changed")).toBeInTheDocument();
    expect(sent).toEqual([
      { url: "/api/users/change-password", method: "PATCH", body: { currentPassword: "old-password", newPassword: "new-password", confirmPassword: "new-password" } },
    ]);
    await waitFor(() => expect(current).toHaveValue(""));
    expect(next).toHaveValue("");
    expect(confirm).toHaveValue("");
  });

  it("shows the spec's failure for a wrong current password", async () => {
    passwordResponse = () => jsonResponse({ message: "Current password is incorrect", code: "bad_request" }, 400);
    const { current, next, confirm, button } = renderForm();
    await userEvent.type(current, "wrong-password");
    await userEvent.type(next, "new-password");
    await userEvent.type(confirm, "new-password");
    await userEvent.click(button);
    expect(await screen.findByText("Failed to change password. Please check your current password.")).toBeInTheDocument();
    expect(current).toHaveValue("wrong-password");
  });
});

describe("DangerZone", () => {
  it("deletes the account only after DELETE is typed (then the browser leaves for /)", async () => {
    renderWithClient(<DangerZone />);
    await userEvent.click(screen.getByRole("button", { name: "Delete Account" }));
    const dialog = await screen.findByRole("alertdialog");
    const confirm = within(dialog).getByRole("button", { name: "Delete Account" });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), "delete");
    expect(confirm).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText(/to confirm/));
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), "DELETE");
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(sent).toEqual([{ url: "/api/users/me", method: "DELETE", body: { confirmation: "DELETE" } }]));
  });
});
