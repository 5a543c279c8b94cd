import { render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import userEvent from "@testing-library/user-event";

import { PreferencesSettingsForm } from "@/components/settings/preferences-settings";
import { makeQueryClient } from "@/lib/api-client/query-client";
import type { Locale } from "@/lib/i18n/locales";
import type { Preferences } from "@/lib/validation/users";
import { IntlProvider } from "@/tests/support/intl";

import { dismissToasts, installDomShims, jsonResponse, renderWithClient } from "./feed-fixtures";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }) }));

beforeAll(installDomShims);
afterEach(dismissToasts);

let stored: Preferences;
let sent: Record<string, unknown>[];
beforeEach(() => {
  refresh.mockClear();
  sent = [];
  stored = { theme: "auto", language: null, questionsPerPage: 10 };
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url !== "/api/users/settings/preferences") return jsonResponse({ message: "Not found" }, 404);
    if (init?.method === "PATCH") {
      const body = JSON.parse(String(init.body)) as Partial<Preferences>;
      sent.push(body);
      stored = { ...stored, ...body };
    }
    return jsonResponse(stored);
  }) as unknown as typeof fetch;
});

const languageSelect = () => screen.getByRole("combobox", { name: /^(Language|Sprache|Idioma|Langue)$/ });

async function choose(combobox: HTMLElement, option: string) {
  await userEvent.click(combobox);
  await userEvent.click(await screen.findByRole("option", { name: option }));
}

describe("Settings > Preferences: the language", () => {
  it("shows the language the interface is in when the member never chose one, and does not send it with other changes", async () => {
    renderWithClient(
      <IntlProvider locale="de">
        <PreferencesSettingsForm initial={{ ...stored }} />
      </IntlProvider>,
    );
    expect(languageSelect()).toHaveTextContent("Deutsch");
    expect(screen.getByText("Präferenzen", { selector: "h2" })).toBeInTheDocument();

    await choose(screen.getByRole("combobox", { name: "Fragen pro Seite" }), "25");
    expect(await screen.findByText("Präferenzen aktualisiert")).toBeInTheDocument();
    expect(sent).toEqual([{ theme: "auto", questionsPerPage: 25 }]);
    expect(stored.language).toBeNull();
    expect(refresh).not.toHaveBeenCalled();
    expect(languageSelect()).toHaveTextContent("Deutsch");
  });

  it("shows the member's own choice, not the interface's language", () => {
    renderWithClient(
      <IntlProvider locale="de">
        <PreferencesSettingsForm initial={{ theme: "auto", language: "es", questionsPerPage: 10 }} />
      </IntlProvider>,
    );
    expect(languageSelect()).toHaveTextContent("Español");
  });

  it("saves a newly chosen language and re-renders the page in it at once", async () => {
    renderWithClient(<PreferencesSettingsForm initial={{ ...stored }} />);
    expect(languageSelect()).toHaveTextContent("English");

    await choose(languageSelect(), "Français");
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ theme: "auto", language: "fr", questionsPerPage: 10 }]);
    expect(stored.language).toBe("fr");
    expect(await screen.findByText("Preferences Updated")).toBeInTheDocument();
  });

  it("follows a language chosen in the language menu while the page is open, and never sends the old one back", async () => {
    const client = makeQueryClient();
    const page = (locale: Locale) => (
      <QueryClientProvider client={client}>
        <IntlProvider locale={locale}>
          <PreferencesSettingsForm initial={{ theme: "auto", language: "en", questionsPerPage: 10 }} />
        </IntlProvider>
        <Toaster />
      </QueryClientProvider>
    );
    const { rerender } = render(page("en"));
    expect(languageSelect()).toHaveTextContent("English");
    stored = { ...stored, language: "de" }; // POST /api/locale saved it, then the page rendered again in German
    rerender(page("de"));
    expect(languageSelect()).toHaveTextContent("Deutsch");

    await choose(screen.getByRole("combobox", { name: "Design" }), "Dunkel");
    expect(await screen.findByText("Präferenzen aktualisiert")).toBeInTheDocument();
    expect(sent).toEqual([{ theme: "dark", language: "de", questionsPerPage: 10 }]);
    expect(refresh).not.toHaveBeenCalled();
  });
});
