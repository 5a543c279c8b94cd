/** @jest-environment node */
// Link previews of profiles and groups (lib/seo/open-graph.ts): their own Open Graph and Twitter
// data for what a visitor may see, nothing for members-only or private profiles and private groups.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { DEFAULT_OG_IMAGE, groupSocialMetadata, profileSocialMetadata } from "@/lib/seo/open-graph";

const site = "https://agora.example";
const profile = { id: "u1", firstName: "Ada", lastName: "Lovelace", handle: "ada", bio: "Writes **notes** on engines." };

describe("profileSocialMetadata", () => {
  it("gives a public profile its own preview: name, plain-text bio, URL and the default image", () => {
    expect(profileSocialMetadata({ id: "u1", profileVisibility: "public" }, profile, site)).toEqual({
      openGraph: {
        type: "profile",
        siteName: "Agora",
        url: "https://agora.example/users/u1",
        title: "Ada Lovelace",
        description: "Writes notes on engines.",
        images: [DEFAULT_OG_IMAGE],
      },
      twitter: { card: "summary_large_image", title: "Ada Lovelace", description: "Writes notes on engines.", images: ["/og-image.png"] },
    });
  });

  it("says nothing of a profile visitors may not see (members only, or private)", () => {
    expect(profileSocialMetadata({ id: "u1", profileVisibility: "registered" }, profile, site)).toEqual({});
    expect(profileSocialMetadata({ id: "u1", profileVisibility: "private" }, profile, site)).toEqual({});
  });

  it("never falls back to an e-mail address for the name", () => {
    const og = profileSocialMetadata({ id: "u2", profileVisibility: "public" }, { id: "u2", firstName: null, lastName: null, handle: "grace", bio: null, email: "grace@example.com" } as never, site);
    expect(og.openGraph).toMatchObject({ title: "grace", description: "grace's questions and answers on Agora." });
    expect(JSON.stringify(og)).not.toContain("@example.com");
  });
});

describe("groupSocialMetadata", () => {
  it("gives a public group its name and description", () => {
    expect(groupSocialMetadata({ id: 7, name: "Rustaceans", description: "All things *Rust*.", isPrivate: false }, site)).toMatchObject({
      openGraph: { type: "website", url: "https://agora.example/groups/7", title: "Rustaceans", description: "All things Rust.", images: [DEFAULT_OG_IMAGE] },
      twitter: { card: "summary_large_image", title: "Rustaceans" },
    });
  });

  it("says nothing of a private group", () => {
    expect(groupSocialMetadata({ id: 8, name: "Secret club", description: "Members only", isPrivate: true }, site)).toEqual({});
  });
});

describe("public/", () => {
  const file = (name: string) => path.join(__dirname, "../../../public", name);

  it("holds the default Open Graph image at 1200x630 and the icons the manifest names", async () => {
    expect(await sharp(file("og-image.png")).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect(await sharp(file("apple-touch-icon.png")).metadata()).toMatchObject({ width: 180, height: 180 });
    const manifest = JSON.parse(fs.readFileSync(file("site.webmanifest"), "utf8"));
    expect(manifest).toMatchObject({ name: "Agora", start_url: "/" });
    for (const icon of manifest.icons) {
      const [w, h] = icon.sizes.split("x").map(Number);
      expect(await sharp(file(icon.src.slice(1))).metadata()).toMatchObject({ width: w, height: h });
    }
    const ico = fs.readFileSync(file("favicon.ico"));
    expect([ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([1, 3]); // an icon file with 16, 32 and 48 px images
  });
});
