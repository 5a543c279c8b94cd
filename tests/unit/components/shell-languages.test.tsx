// The site's frame, landing, home feed, shared pieces, search, sign-in screens and pages in other
// languages (issue 15): the same components, rendered in Spanish, French or German.
import { render, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

import NotFound from "@/app/not-found";
import { SuspendedBanner } from "@/components/auth/suspended-banner";
import { AuthorReputation } from "@/components/common/author-reputation";
import { LoadError } from "@/components/common/list-states";
import { RoleBadge } from "@/components/common/role-badge";
import { FeedEmptyState } from "@/components/home/feed-empty-state";
import { FeedFilterChips } from "@/components/home/feed-filter-chips";
import { HowItWorks } from "@/components/landing/how-it-works";
import { Hero } from "@/components/landing/hero";
import { LandingFooter } from "@/components/landing/landing-footer";
import { SearchResults } from "@/components/search/search-results";
import { makeQueryClient } from "@/lib/api-client/query-client";
import type { Locale } from "@/lib/i18n/locales";
import { IntlProvider } from "@/tests/support/intl";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }), usePathname: () => "/", useSearchParams: () => new URLSearchParams() }));

function renderIn(locale: Locale, ui: ReactNode) {
  return render(
    <QueryClientProvider client={makeQueryClient()}>
      <IntlProvider locale={locale}>{ui}</IntlProvider>
    </QueryClientProvider>,
  );
}

describe("the landing page in Spanish", () => {
  it("has the hero, the steps and the footer in Spanish", () => {
    renderIn(
      "es",
      <>
        <Hero />
        <HowItWorks />
        <LandingFooter />
      </>,
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Plataforma de preguntas y respuestas con IA");
    expect(screen.getByRole("link", { name: /Empezar/ })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Respuestas de IA a tu medida" })).toBeInTheDocument();
    expect(screen.getByText(/Todos los derechos reservados\.$/)).toHaveTextContent(`© ${new Date().getFullYear()} Agora. Todos los derechos reservados.`);
  });
});

describe("the home feed in German", () => {
  it("says an empty Following feed and the active filters in German", () => {
    renderIn(
      "de",
      <>
        <FeedEmptyState filter="following" />
        <FeedFilterChips options={{ sort: "votes", answers: "unanswered" }} onRemove={() => {}} onClearAll={() => {}} />
      </>,
    );
    expect(screen.getByText(/Noch keine Fragen von Mitgliedern oder Themen, denen du folgst/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tags entdecken" })).toHaveAttribute("href", "/tags");
    expect(screen.getByRole("group", { name: "Aktive Filter" })).toHaveTextContent("Sortiert nach:Höchste Bewertung");
    expect(screen.getByRole("button", { name: "Filter Filtern nach Unbeantwortet entfernen" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Alle entfernen" })).toBeInTheDocument();
  });
});

describe("shared pieces in French and German", () => {
  it("writes reputation with the language's digits and the role badge in French", () => {
    renderIn(
      "fr",
      <>
        <AuthorReputation author={{ reputation: 1234 }} />
        <RoleBadge author={{ role: "moderator" }} />
      </>,
    );
    // French groups thousands with a narrow no-break space.
    expect(screen.getByTitle("Réputation").textContent).toBe("1\u202f234 de réputation");
    expect(screen.getByTitle("Modérateur de ce site")).toHaveTextContent("Modérateur");
  });

  it("offers to try again in German", () => {
    renderIn("de", <LoadError message="x" onRetry={() => {}} />);
    expect(screen.getByRole("button", { name: "Erneut versuchen" })).toBeInTheDocument();
  });
});

describe("search in German", () => {
  it("counts no results and suggests asking, in German", () => {
    renderIn("de", <SearchResults q="rust" initialPage={{ items: [], nextCursor: null, total: 0 }} />);
    expect(screen.getByText("0 Ergebnisse für „rust“")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Keine Fragen passen zu „rust“." })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Frage stellen" })).toHaveAttribute("href", "/?ask=1");
  });
});

describe("a suspended member's banner in German", () => {
  it("gives the end of the suspension in German, in UTC", () => {
    renderIn("de", <SuspendedBanner until={new Date("2026-12-04T15:00:00Z")} reason="Spam" />);
    const banner = screen.getByRole("region", { name: "Konto gesperrt" });
    expect(banner).toHaveTextContent("Dein Konto ist bis 4. Dezember 2026, 15:00 UTC gesperrt. Du kannst lesen, aber nichts posten, abstimmen oder kommentieren.");
    expect(banner).toHaveTextContent("Grund: Spam");
  });
});

describe("the 404 page in Spanish", () => {
  it("says the page was not found and leads home, in Spanish", () => {
    renderIn("es", <NotFound />);
    expect(screen.getByRole("heading", { level: 1, name: "404: página no encontrada" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Volver al inicio/ })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Saltar al contenido" })).toBeInTheDocument();
  });
});
