import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { EditProfileDialog, type EditableProfile } from "@/components/profile/edit-profile-dialog";

import { dismissToasts, installDomShims, jsonResponse, renderWithClient } from "./feed-fixtures";

const router = { refresh: jest.fn(), push: jest.fn(), replace: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => router }));

beforeAll(installDomShims);
afterEach(dismissToasts);

const profile: EditableProfile = {
  id: "u1",
  email: "grace@example.com",
  handle: "grace",
  firstName: "Grace",
  lastName: null,
  bio: "Compilers",
  website: null,
  city: null,
  country: "USA",
  profileImageUrl: null,
  socialLinks: { twitter: null, linkedin: "old-li", github: null },
};

let sent: { url: string; method: string; body: unknown }[];
let profileResponse: () => Promise<ReturnType<typeof jsonResponse>>;
beforeEach(() => {
  sent = [];
  profileResponse = async () => jsonResponse({ ...profile, updatedAt: "", createdAt: "", notificationSettings: {}, privacySettings: {} });
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, method, body });
    if (method === "PUT" && url === "/api/users/profile") return profileResponse();
    if (method === "POST" && url === "/api/upload/image?purpose=profile") return jsonResponse({ url: "/uploads/0123456789abcdef0123456789abcdef.png" }, 201);
    return jsonResponse({ message: "Not found" }, 404);
  }) as unknown as typeof fetch;
});

function open(onOpenChange = jest.fn()) {
  renderWithClient(<EditProfileDialog profile={profile} open onOpenChange={onOpenChange} />);
  return { dialog: screen.getByRole("dialog", { name: "Edit Profile" }), onOpenChange };
}

const puts = () => sent.filter((r) => r.method === "PUT").map((r) => r.body);

describe("EditProfileDialog", () => {
  it("shows every field of the spec, the photo hint and the buttons", () => {
    const { dialog } = open();
    for (const label of ["First Name", "Last Name", "Bio", "Website", "City", "Country", "Twitter Username", "LinkedIn Username", "GitHub Username"]) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText("Website")).toHaveAttribute("type", "url");
    expect(within(dialog).getByText("JPG, PNG up to 5MB")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Change Photo" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Save Changes" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("First Name")).toHaveValue("Grace");
  });

  it("cleans the payload: trims, drops blank strings, strips @ from usernames and sends blank ones as null", async () => {
    const { dialog, onOpenChange } = open();
    const type = async (label: string, value: string) => {
      const input = within(dialog).getByLabelText(label);
      await userEvent.clear(input);
      if (value) await userEvent.type(input, value);
    };
    await type("First Name", "  Grace  ");
    await type("Last Name", "   ");
    await type("Bio", "");
    await type("Website", " https://grace.dev ");
    await type("City", "Arlington");
    await type("Twitter Username", "  @grace_h ");
    await type("LinkedIn Username", "   ");
    await type("GitHub Username", "ghopper");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      firstName: "Grace",
      website: "https://grace.dev",
      city: "Arlington",
      country: "USA",
      socialLinks: { twitter: "grace_h", linkedin: null, github: "ghopper" },
    });
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(router.refresh).toHaveBeenCalled();
  });

  it("shows Saving... while the save is on its way", async () => {
    let release: (value: ReturnType<typeof jsonResponse>) => void = () => {};
    profileResponse = () => new Promise((resolve) => (release = resolve));
    const { dialog } = open();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByRole("button", { name: "Saving..." })).toBeDisabled();
    release(jsonResponse({ ...profile, createdAt: "", updatedAt: "" }));
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
  });

  it("refuses a website that is not an http(s) URL, and sends nothing", async () => {
    const { dialog } = open();
    await userEvent.type(within(dialog).getByLabelText("Website"), "javascript:alert(1)");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByText("Please enter a valid web address, like example.com or https://example.com")).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it("accepts a website typed without https:// and sends the full URL", async () => {
    const { dialog } = open();
    const input = within(dialog).getByLabelText("Website");
    await userEvent.clear(input);
    await userEvent.type(input, "priya.dev");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ website: "https://priya.dev" });
  });

  it("toasts the spec's failure", async () => {
    profileResponse = async () => jsonResponse({ message: "Something went wrong. Please try again." }, 500);
    const { dialog } = open();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update profile. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
  });

  it("refuses a file that is not an image, or larger than 5MB, with the spec's messages", async () => {
    const { dialog } = open();
    const input = within(dialog).getByLabelText("Profile photo file");
    fireEvent.change(input, { target: { files: [new File(["hello"], "notes.txt", { type: "text/plain" })] } });
    expect(await screen.findByText("Invalid file type")).toBeInTheDocument();
    expect(screen.getByText("Please select a valid image file")).toBeInTheDocument();
    dismissToasts();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText("File too large")).toBeInTheDocument();
    expect(screen.getByText("Please select an image smaller than 5MB")).toBeInTheDocument();
    expect(sent.filter((r) => r.url === "/api/upload/image?purpose=profile")).toEqual([]);
  });

  it("uploads a chosen photo through POST /api/upload/image and saves its URL (never a data: URL)", async () => {
    const { dialog } = open();
    const input = within(dialog).getByLabelText("Profile photo file");
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" })] } });
    await waitFor(() => expect(sent.filter((r) => r.url === "/api/upload/image?purpose=profile")).toHaveLength(1));
    const upload = sent.find((r) => r.url === "/api/upload/image?purpose=profile")!;
    expect(upload.body).toBeInstanceOf(FormData);
    expect((upload.body as FormData).get("image")).toBeInstanceOf(File);
    expect(await within(dialog).findByRole("button", { name: "Remove" })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ profileImageUrl: "/uploads/0123456789abcdef0123456789abcdef.png" });
  });
});
