// The people pages in other languages (issue 15): profiles, member cards, direct messages.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { MessageComposer } from "@/components/messages/message-composer";
import { ConversationList } from "@/components/messages/conversation-list";
import { ProfileUnavailable } from "@/components/profile/profile-unavailable";
import { ReputationEventText } from "@/components/profile/reputation-panel";
import { UserNotFound } from "@/components/profile/user-not-found";
import { MemberCard } from "@/components/users/member-card";
import type { ReputationEvent } from "@/lib/api-client/users";
import type { MemberJson } from "@/lib/server/members/presenters";
import { IntlProvider } from "@/tests/support/intl";

import { installDomShims, jsonResponse, renderWithClient } from "./feed-fixtures";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));

beforeAll(installDomShims);

const member = {
  id: "m1",
  firstName: "Grace",
  lastName: "Hopper",
  profileImageUrl: null,
  handle: "grace",
  reputation: 2048,
  joinedAt: "2025-03-04T12:00:00.000Z",
  questionsCount: 1,
  answersCount: 5,
  votesCount: 0,
  reputationMonth: 1200,
  topTags: [],
  followerCount: 1,
  isFollowing: false,
  lastActiveAt: null,
  viewerCan: { follow: true },
} as MemberJson;

describe("member cards in German", () => {
  it("words the tab's figure, the followers and Follow in German, with German numbers and dates", () => {
    const card = (tab: "new" | "reputation-month" | "answerer") =>
      renderWithClient(
        <IntlProvider locale="de">
          <MemberCard member={member} tab={tab} />
        </IntlProvider>,
      );
    const { unmount } = card("new");
    expect(screen.getByText("Beigetreten am 4. März 2025")).toBeInTheDocument();
    expect(screen.getByText(/2\.048 Reputation ·/)).toBeInTheDocument();
    expect(screen.getByText("1 Follower")).toBeInTheDocument();
    expect(screen.getByText("Noch keine Tags")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Folgen Grace Hopper" })).toBeInTheDocument();
    unmount();
    card("reputation-month");
    expect(screen.getByText("+1.200 Reputation in 30 Tagen")).toBeInTheDocument();
    card("answerer");
    expect(screen.getByText("5 Antworten in 30 Tagen")).toBeInTheDocument();
  });
});

describe("profiles in Spanish and French", () => {
  const event = (reason: ReputationEvent["reason"]): ReputationEvent => ({
    id: 1,
    points: 10,
    reason,
    question: { id: 7, title: "Why ledgers?" },
    answerId: null,
    createdAt: new Date().toISOString(),
  });

  it("words reputation events around the member's title, which stays as written", () => {
    const { container, rerender } = render(
      <IntlProvider locale="es">
        <ReputationEventText event={event("answer_upvoted")} own />
      </IntlProvider>,
    );
    expect(container).toHaveTextContent("Voto positivo en tu respuesta a Why ledgers?");
    expect(screen.getByRole("link", { name: "Why ledgers?" })).toHaveAttribute("href", "/questions/7");
    rerender(
      <IntlProvider locale="de">
        <ReputationEventText event={event("answer_accepted")} own={false} />
      </IntlProvider>,
    );
    expect(container).toHaveTextContent("Eine Antwort auf Why ledgers? wurde akzeptiert");
  });

  it("says a profile is missing or private in French", () => {
    const { rerender } = render(
      <IntlProvider locale="fr">
        <UserNotFound />
      </IntlProvider>,
    );
    expect(screen.getByRole("heading", { name: "Membre introuvable" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Parcourir les membres" })).toHaveAttribute("href", "/users");
    rerender(
      <IntlProvider locale="fr">
        <ProfileUnavailable reason="registered" returnTo="/users/u1" />
      </IntlProvider>,
    );
    expect(screen.getByRole("heading", { name: "Connectez-vous pour voir ce profil" })).toBeInTheDocument();
  });
});

describe("direct messages in German", () => {
  it("labels the composer and words the server's refusal in German", async () => {
    global.fetch = jest.fn(async () => jsonResponse({ message: "This member does not accept direct messages", code: "forbidden" }, 403)) as unknown as typeof fetch;
    renderWithClient(
      <IntlProvider locale="de">
        <MessageComposer recipient={{ id: "u2", name: "Grace Hopper" }} />
      </IntlProvider>,
    );
    const field = screen.getByRole("textbox", { name: "Nachricht an Grace Hopper" });
    expect(field).toHaveAttribute("placeholder", "Schreib Grace Hopper …");
    await userEvent.type(field, "Hallo");
    await userEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Dieses Mitglied nimmt keine Direktnachrichten an");
  });

  it("shows an empty inbox in German", async () => {
    global.fetch = jest.fn(async () => jsonResponse({ items: [], nextCursor: null, total: null })) as unknown as typeof fetch;
    renderWithClient(
      <IntlProvider locale="de">
        <ConversationList initialPage={{ items: [], nextCursor: null, total: null }} />
      </IntlProvider>,
    );
    expect(await screen.findByText("Noch keine Unterhaltungen")).toBeInTheDocument();
  });
});
