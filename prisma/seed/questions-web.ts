// Demo questions about the browser side: React, Next.js, CSS, JavaScript, TypeScript and testing.
import { md, type DemoQuestion } from "./types";

export const webQuestions: DemoQuestion[] = [
  {
    key: "jwt-localstorage",
    by: "elena",
    title: "Is storing JWTs in localStorage really that bad if we have a strict CSP?",
    tags: ["security", "javascript"],
    daysAgo: 55.9,
    views: 530,
    body: md`
      Our SPA keeps a 15-minute access token in \`localStorage\` and a refresh token in an \`HttpOnly\` cookie. A pentest report flagged the access token as "high: token theft via XSS".

      Our CSP is fairly strict:

      ~~~http
      Content-Security-Policy: default-src 'self'; script-src 'self' 'nonce-r4nd0m'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'
      ~~~

      My argument to the team: if an attacker gets script execution on our origin, they can call our API as the user anyway, token or no token. Moving the token into memory doesn't change that.

      Am I missing something, or is this finding mostly theatre? What would you actually change?
    `,
    ai: {
      text: md`
        You are partly right: once an attacker runs script on your origin, they can act as the user for as long as the page is open, wherever the token lives. What \`localStorage\` adds is **exfiltration**: the token can be copied and replayed from the attacker's machine after the tab is closed, until it expires.

        So the real difference is:

        | Token in | XSS can act as the user | XSS can steal a reusable credential |
        |---|---|---|
        | \`localStorage\` | yes | yes, for the token's lifetime |
        | JS memory (closure) | yes | harder, but a hook on \`fetch\` still sees it |
        | \`HttpOnly\` cookie | yes | no |

        With a 15-minute lifetime and a strict nonce-based CSP, the residual risk is modest, but I would still:

        1. **Keep the access token in memory** and get a new one from the refresh cookie on page load. It costs one request and removes the persistent copy.
        2. **Scope the refresh cookie tightly**: \`HttpOnly; Secure; SameSite=Strict; Path=/auth/refresh\`, and rotate it on every use so a replayed one is detected.
        3. **Verify the CSP is actually enforced** everywhere, including error pages and any route served by a CDN worker; a single page without the header is enough.
        4. Bind sensitive actions (changing e-mail, payouts) to a fresh re-authentication.

        In your reply to the pentest, describe the compensating controls and the token lifetime; many testers will downgrade the finding to low once they see them.
      `,
    },
    answers: [
      {
        by: "daniel",
        after: 3.5,
        text: md`
          We had the same discussion last year. The argument that won in our team: a stolen token is **portable**. An XSS payload that only works while the victim has the tab open is much noisier and much less valuable than one that ships a token to a server and lets someone replay it calmly from anywhere.

          We moved the access token into a module-level variable and refresh it silently on load. It took about a day, including fixing the two places that read it from storage directly.
        `,
        comments: [
          {
            by: "elena",
            after: 40,
            text: "Portable is a good way to put it. Did you keep the refresh endpoint on the same origin?",
            replies: [
              {
                by: "daniel",
                after: 25,
                text: "Same origin, `Path=/auth/refresh` and `SameSite=Strict`. The refresh response also rotates the cookie.",
              },
            ],
          },
        ],
      },
      {
        by: "maya",
        after: 7,
        text: md`
          One practical thing from the frontend side: check your third-party scripts. Our CSP was strict too, but we had allow-listed an analytics host, and that host served a JSONP endpoint. That was a full CSP bypass.

          If you use nonces, make sure nothing in \`script-src\` is a whole domain you don't control.
        `,
      },
      {
        by: "james",
        after: 26,
        text: md`
          From the management side: fixing it was cheaper than arguing about it in every audit for the next three years. Once it's fixed, the finding disappears from the report and nobody has to re-litigate it.
        `,
      },
    ],
  },
  {
    key: "hydration-date",
    by: "maya",
    title: "Hydration mismatch in Next.js caused by toLocaleDateString on the server",
    tags: ["react", "nextjs"],
    group: "frontend",
    daysAgo: 54.1,
    views: 640,
    body: md`
      After upgrading to the App Router, every page that shows a date logs this in the console:

      ~~~text
      Error: Text content does not match server-rendered HTML.
      Server: "3/4/2025" Client: "04/03/2025"
      ~~~

      The component is tiny:

      ~~~tsx
      export function PostDate({ iso }: { iso: string }) {
        return <time dateTime={iso}>{new Date(iso).toLocaleDateString()}</time>;
      }
      ~~~

      The server runs in UTC with \`en-US\`, most of our users are in Europe. Is \`suppressHydrationWarning\` the accepted fix here, or is there a cleaner pattern?
    `,
    ai: {
      text: md`
        The mismatch is real, not a false alarm: the server formats the date with its own locale and time zone, the browser with the user's. React sees different text and warns (and in React 19 it re-renders the subtree on the client).

        You have three reasonable options:

        **1. Format deterministically on the server.** Pick the locale and time zone explicitly, so both sides produce the same string:

        ~~~tsx
        const fmt = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

        export function PostDate({ iso }: { iso: string }) {
          return <time dateTime={iso}>{fmt.format(new Date(iso))}</time>;
        }
        ~~~

        **2. Render the user's local format only after mount.** Show the deterministic value first, then replace it:

        ~~~tsx
        "use client";
        import { useEffect, useState } from "react";

        export function LocalDate({ iso }: { iso: string }) {
          const [text, setText] = useState(() => iso.slice(0, 10));
          useEffect(() => setText(new Date(iso).toLocaleDateString()), [iso]);
          return <time dateTime={iso}>{text}</time>;
        }
        ~~~

        **3. \`suppressHydrationWarning\` on the \`<time>\` element.** Acceptable for a single text node like this one, since it only silences the warning for that element's own text, but the first paint still shows the server's format.

        If you know the user's locale (a cookie or the \`Accept-Language\` header), option 1 with that locale gives the best result: correct on first paint, no flicker.
      `,
      comments: [
        {
          by: "aiko",
          after: 90,
          text: "Option 1 with a locale cookie is what we shipped. No flicker, and the designers are happy.",
        },
      ],
    },
    answers: [
      {
        by: "aiko",
        after: 2,
        text: md`
          We read the locale from \`Accept-Language\` in the layout and pass it down through context, then format with \`Intl.DateTimeFormat(locale, { timeZone })\`. The time zone comes from a cookie that a tiny client script sets on first visit (\`Intl.DateTimeFormat().resolvedOptions().timeZone\`).

          First visit still uses UTC, every visit after that is exact.
        `,
        comments: [
          {
            by: "maya",
            after: 35,
            text: "The cookie trick is neat. Do you worry about the layout becoming dynamic because it reads headers?",
            replies: [
              {
                by: "aiko",
                after: 50,
                text: "A bit. We only read it inside the component that needs it, wrapped in Suspense, so the shell stays static.",
                replies: [
                  { by: "tom", after: 120, text: "Saving this thread for the next time someone asks me why dates flicker." },
                ],
              },
            ],
          },
        ],
      },
      {
        by: "tom",
        after: 20,
        text: md`
          Whatever you pick, add a test that renders with a different \`TZ\`. We run the suite with \`TZ=Pacific/Kiritimati\` (UTC+14) once a night; it catches every date that silently depends on the server's zone.
        `,
      },
    ],
  },
  {
    key: "sticky-header",
    by: "aiko",
    title: "How do I make a sticky table header work inside a scrolling flex container?",
    tags: ["css"],
    daysAgo: 49.7,
    views: 210,
    body: md`
      I have a dashboard layout: a sidebar and a main area in a flex row. The main area scrolls, and inside it there is a long table whose header should stick to the top.

      ~~~css
      .layout { display: flex; height: 100vh; }
      .main { flex: 1; overflow: auto; }
      thead th { position: sticky; top: 0; background: white; }
      ~~~

      The header scrolls away with the content. It worked before I wrapped the table in a card with \`overflow: hidden\` for the rounded corners. Is there a way to keep both?
    `,
    ai: {
      text: md`
        \`position: sticky\` sticks relative to the **nearest scrolling ancestor**, and any ancestor with \`overflow\` other than \`visible\` counts, including \`overflow: hidden\`. Your card became the scroll container, and since the card itself never scrolls, the header has nothing to stick to.

        Options, from simplest:

        1. **Use \`overflow: clip\` instead of \`hidden\`** on the card. It clips the corners without creating a scroll container:

           ~~~css
           .card { border-radius: 12px; overflow: clip; }
           ~~~

           Supported in all current browsers.

        2. **Round the corners without clipping**: put the radius on the first and last header cells and the last row's cells instead of the wrapper.

        3. **Make the card the scroller** (\`overflow: auto; max-height: ...\`) if the table should scroll on its own rather than with the page.

        Also check that no other ancestor between \`.main\` and the table sets \`overflow\`; DevTools' "scroll" badge in the Elements panel shows which elements are scroll containers.
      `,
    },
    answers: [
      {
        by: "maya",
        after: 1.5,
        text: md`
          \`overflow: clip\` is the answer. One more gotcha: if you also have \`border-collapse: collapse\`, the header's bottom border disappears while sticky. Use \`border-collapse: separate; border-spacing: 0\` and put the border on the \`th\` elements.
        `,
        comments: [
          { by: "aiko", after: 30, text: "That was the next thing I was about to ask about. Thank you!" },
        ],
      },
    ],
  },
  {
    key: "ts-filter-narrow",
    by: "maya",
    title: "Narrowing a discriminated union inside Array.filter doesn't carry over to the result",
    tags: ["typescript"],
    daysAgo: 44.0,
    views: 505,
    body: md`
      ~~~ts
      type Event =
        | { kind: "click"; x: number; y: number }
        | { kind: "key"; key: string };

      const clicks = events.filter((e) => e.kind === "click");
      clicks[0].x; // Property 'x' does not exist on type 'Event'
      ~~~

      I thought TypeScript 5.5 infers type predicates now. Why is \`clicks\` still \`Event[]\`?
    `,
    ai: {
      text: md`
        TypeScript 5.5 does infer type predicates, but only when the function's boolean result **exactly** tells you the type in both directions: if it returns \`true\` the value is the narrowed type, and if it returns \`false\` it is *not*. For \`e.kind === "click"\` on a discriminated union that holds, so with 5.5+ this should work; if it doesn't, check:

        - your \`typescript\` version in the project (\`npx tsc -v\`), not the editor's bundled one;
        - that \`events\` is really \`Event[]\` and not \`any[]\` or a wider type.

        On older versions, or for conditions that cannot be inferred, write the predicate yourself:

        ~~~ts
        const isClick = (e: Event): e is Extract<Event, { kind: "click" }> => e.kind === "click";
        const clicks = events.filter(isClick); // { kind: "click"; x: number; y: number }[]
        ~~~

        A reusable helper keeps the call sites tidy:

        ~~~ts
        const byKind =
          <K extends Event["kind"]>(kind: K) =>
          (e: Event): e is Extract<Event, { kind: K }> =>
            e.kind === kind;

        events.filter(byKind("key")).map((e) => e.key);
        ~~~
      `,
      comments: [
        {
          by: "maya",
          after: 25,
          text: "It was the editor! VS Code was using its bundled 5.4. Switching to the workspace version fixed it.",
          editedAfter: 4,
        },
      ],
    },
    answers: [
      {
        by: "tom",
        after: 5,
        text: md`
          Run "TypeScript: Select TypeScript Version" in VS Code and pick the workspace version. I lose an hour to this about twice a year.
        `,
      },
      {
        by: "lukas",
        after: 9,
        text: md`
          Worth knowing where inference stops: \`events.filter((e) => e.kind === "click" && e.x > 0)\` will **not** be inferred as a predicate, because \`false\` no longer means "not a click". In that case split it: \`.filter(isClick).filter((e) => e.x > 0)\`.
        `,
      },
    ],
  },
  {
    key: "use-effect-twice",
    by: "tom",
    title: "useEffect runs twice in development: do I need to fix my fetch logic?",
    tags: ["react", "javascript"],
    daysAgo: 35.8,
    views: 880,
    body: md`
      Every component that fetches in \`useEffect\` sends two requests in development. Production sends one.

      ~~~jsx
      useEffect(() => {
        fetch(\`/api/orders/\${id}\`).then((r) => r.json()).then(setOrder);
      }, [id]);
      ~~~

      Is this just Strict Mode being noisy, or is my effect actually wrong? Our backend team noticed duplicated log lines and now they're asking questions.
    `,
    ai: {
      text: md`
        It is Strict Mode, and it is deliberately pointing at a real weakness. In development React mounts, unmounts and re-mounts each component once, to check that effects clean up after themselves. Your effect has no cleanup, so if \`id\` changes quickly, a slow response for the old id can arrive last and overwrite the new one.

        Add an abort so the first run is cancelled:

        ~~~jsx
        useEffect(() => {
          const controller = new AbortController();
          fetch(\`/api/orders/\${id}\`, { signal: controller.signal })
            .then((r) => r.json())
            .then(setOrder)
            .catch((err) => {
              if (err.name !== "AbortError") throw err;
            });
          return () => controller.abort();
        }, [id]);
        ~~~

        You will still *see* two requests in development (the first one cancelled), but the race condition is gone.

        For anything beyond a demo, a data-fetching library (TanStack Query, SWR) or your framework's server-side loading handles caching, deduplication and cancellation for you, and usually removes the effect altogether.

        Tell the backend team: production sends one request per mount; the duplicates only come from development builds.
      `,
    },
    answers: [
      {
        by: "maya",
        after: 1,
        text: md`
          The AbortController version is right. I'd add: **don't** disable Strict Mode to make it go away. The double mount is the cheapest race-condition detector you will ever get.
        `,
        comments: [
          {
            by: "tom",
            after: 15,
            text: "Fair. We found two more effects that never unsubscribed from a WebSocket, thanks to this.",
          },
        ],
      },
      {
        by: "aiko",
        after: 4,
        text: md`
          If you're on React Query already, \`useQuery({ queryKey: ["order", id], queryFn })\` gives you this for free, plus caching when you come back to the page.
        `,
      },
    ],
  },
  {
    key: "container-vs-media",
    by: "aiko",
    title: "Container queries vs media queries for a card component: when to choose which?",
    tags: ["css"],
    daysAgo: 34.2,
    views: 190,
    body: md`
      Our product card appears in a three-column grid, a sidebar, and a full-width search result. Today it has three modifier classes and media queries for each placement.

      Container queries look like the obvious replacement, but I'm unsure where media queries still belong. How do you draw the line in a design system?
    `,
    ai: {
      text: md`
        A useful rule: **components respond to their container, layouts respond to the viewport.**

        - The card doesn't know whether it sits in a sidebar or a grid, so it should ask its container how much room it has:

          ~~~css
          .card-slot { container-type: inline-size; }

          .card { display: grid; gap: 0.75rem; }

          @container (min-width: 28rem) {
            .card { grid-template-columns: 8rem 1fr; }
          }
          ~~~

        - The page layout (how many grid columns, whether the sidebar is visible) depends on the screen, so it stays in media queries.
        - User preferences are always media queries: \`prefers-reduced-motion\`, \`prefers-color-scheme\`, \`pointer: coarse\`.

        Two practical notes:

        1. \`container-type: inline-size\` creates size containment on that axis, so the container can no longer size itself from its children's width. Put it on a wrapper (the grid cell) rather than on the card itself.
        2. Container query units (\`cqi\`) are great for fluid typography inside the card: \`font-size: clamp(1rem, 4cqi, 1.25rem)\`.

        With this, the three modifier classes usually collapse into one component with two or three container breakpoints.
      `,
    },
    answers: [
      {
        by: "maya",
        after: 6,
        text: md`
          We migrated our design system last quarter. The rule we wrote down: *a component may not contain a media query unless it's about user preferences*. It made reviews much simpler.
        `,
      },
    ],
  },
  {
    key: "use-sync-external-store-test",
    by: "tom",
    title: "How do you test a React component that uses useSyncExternalStore?",
    tags: ["testing", "react"],
    group: "frontend",
    daysAgo: 30.2,
    views: 150,
    body: md`
      We have a small store for feature flags:

      ~~~ts
      export const flags = createStore({ newCheckout: false });
      export function useFlag(name: keyof Flags) {
        return useSyncExternalStore(flags.subscribe, () => flags.get()[name]);
      }
      ~~~

      In tests, flags leak between test cases, and updating a flag inside a test gives the "not wrapped in act(...)" warning. What's a clean setup?
    `,
    ai: {
      text: md`
        Two separate problems:

        **Leaking state.** A module-level store lives as long as the test file. Either reset it in \`afterEach\`, or (better) let the component get the store from context so each test creates its own:

        ~~~tsx
        const StoreContext = createContext(flags);

        function renderWithFlags(ui: React.ReactElement, initial: Partial<Flags> = {}) {
          const store = createStore({ newCheckout: false, ...initial });
          return { store, ...render(<StoreContext.Provider value={store}>{ui}</StoreContext.Provider>) };
        }
        ~~~

        **The act() warning.** Changing the store notifies React outside of any React event, so wrap the update:

        ~~~tsx
        const { store } = renderWithFlags(<Checkout />);
        act(() => store.set({ newCheckout: true }));
        expect(screen.getByRole("button", { name: /pay now/i })).toBeVisible();
        ~~~

        Also make sure \`getSnapshot\` returns a cached value: if \`flags.get()\` builds a new object each time, React will warn that the snapshot changes on every call and may loop.
      `,
    },
    answers: [
      {
        by: "maya",
        after: 3,
        text: md`
          +1 for context. We kept the module-level store as the *default* value of the context, so production code needs no provider, and tests wrap with a fresh one.
        `,
        comments: [
          {
            by: "tom",
            after: 60,
            text: "That's the piece I was missing, thanks. No provider in prod, fresh store in tests.",
          },
        ],
      },
    ],
  },
  {
    key: "ts-generic-unknown",
    by: "maya",
    title: "Generic function returns unknown instead of the inferred type when I pass a callback",
    tags: ["typescript"],
    daysAgo: 26.0,
    views: 230,
    body: md`
      ~~~ts
      function withRetry<T>(fn: () => Promise<T>, opts?: { retries?: number }): Promise<T> { /* ... */ }

      const user = await withRetry(async () => {
        const res = await fetch("/api/me");
        return res.json();
      });
      // user: unknown
      ~~~

      I expected \`T\` to be whatever the callback returns. Why \`unknown\`?
    `,
    ai: {
      text: md`
        \`T\` *is* inferred from the callback; the callback just returns \`Promise<any>\`, because \`Response.json()\` is typed as \`Promise<any>\` in the DOM typings. Depending on your settings and lint rules, that shows up as \`any\` or gets widened to \`unknown\` (for example with a \`strictTypeChecked\` typescript-eslint setup or a custom \`fetch\` wrapper typed with \`unknown\`).

        Tell TypeScript what you expect, ideally with a runtime check:

        ~~~ts
        const User = z.object({ id: z.string(), name: z.string() });

        const user = await withRetry(async () => User.parse(await (await fetch("/api/me")).json()));
        // user: { id: string; name: string }
        ~~~

        Or, without validation, annotate the generic at the call site:

        ~~~ts
        const user = await withRetry<User>(async () => (await fetch("/api/me")).json());
        ~~~

        The first version is safer: it fails loudly at the boundary if the API changes shape.
      `,
    },
    answers: [
      {
        by: "lukas",
        after: 2,
        text: md`
          The zod route is the right default. The JSON boundary is exactly where static types stop being true, so it's the one place a runtime check pays for itself every time.
        `,
      },
      {
        by: "tom",
        after: 8,
        text: md`
          Check your fetch wrapper too. Ours was declared as \`Promise<unknown>\` on purpose, so that people would validate. The types were doing their job.
        `,
        comments: [
          { by: "maya", after: 12, text: "…that was exactly it. Our wrapper. Written by me. Eight months ago." },
        ],
      },
    ],
  },
  {
    key: "csrf-samesite",
    by: "elena",
    title: "Do we still need CSRF tokens when session cookies are SameSite=Lax?",
    tags: ["security"],
    daysAgo: 20.6,
    views: 340,
    body: md`
      A colleague proposes removing our CSRF tokens: all browsers default to \`SameSite=Lax\` now and our session cookie sets it explicitly.

      I'm not comfortable with it but I can't articulate the gaps precisely. Where does \`Lax\` still leave us exposed?
    `,
    ai: {
      text: md`
        \`SameSite=Lax\` blocks the classic cross-*site* form POST, but it leaves some gaps:

        1. **Same-site is not same-origin.** Any subdomain of your registrable domain (\`blog.example.com\`, an old marketing page, a user-content host) counts as same-site. XSS or a takeover on any of them can forge requests that carry the cookie.
        2. **GET requests with side effects.** \`Lax\` sends cookies on top-level GET navigations. Any state change behind a GET (\`/logout\`, \`/unsubscribe?id=\`, \`/api/approve?id=\`) is still forgeable with a link.
        3. **Method override.** Frameworks that honour \`_method=POST\` or \`X-HTTP-Method-Override\` on a GET turn point 2 into full CSRF.
        4. **Cookies without the attribute.** Chrome's default-Lax had a two-minute exception for freshly set cookies on POST; other cookies you set (or a library sets) may not declare \`SameSite\` at all.

        A pragmatic middle ground, if you want to drop per-form tokens:

        - keep \`SameSite=Lax\` (or \`Strict\` for the session cookie if your flows allow it);
        - reject state-changing requests whose \`Origin\` header (or \`Sec-Fetch-Site\`) is not your own origin;
        - make sure no GET handler changes state.

        Checking \`Origin\`/\`Sec-Fetch-Site\` on every non-GET is cheap, works for JSON APIs, and covers the subdomain case if you compare full origins.
      `,
      comments: [
        {
          by: "elena",
          after: 45,
          text: "The subdomain point is exactly what I couldn't articulate. We have a forgotten marketing site on a subdomain.",
        },
      ],
    },
    answers: [
      {
        by: "daniel",
        after: 4,
        text: md`
          We did exactly the "check \`Sec-Fetch-Site\`" variant: requests with \`Sec-Fetch-Site: cross-site\` or \`same-site\` on anything except GET/HEAD get a 403. Old browsers without the header fall back to the \`Origin\` check. Three lines of middleware, no tokens in forms.
        `,
      },
      {
        by: "maya",
        after: 10,
        prompt: "Give a short checklist a frontend team can use to audit GET endpoints for side effects.",
        text: md`
          A quick audit checklist for GET endpoints:

          1. Search the router for handlers on GET that call \`insert\`, \`update\`, \`delete\` or send e-mail.
          2. Look for links that log out, unsubscribe, confirm or approve something; those are usually GETs.
          3. Check whether the framework accepts a method override parameter on GET.
          4. Confirm image and link URLs in user content can't point at your own API (an \`<img src="/api/...">\` is a GET with cookies).
          5. Move anything found to POST and add an \`Origin\` check.
        `,
      },
    ],
  },
  {
    key: "jest-response-undefined",
    by: "tom",
    title: "Testing a Next.js route handler with Jest: ReferenceError: Response is not defined",
    tags: ["testing", "nextjs"],
    daysAgo: 16.7,
    views: 310,
    body: md`
      I'm unit-testing an App Router route handler:

      ~~~ts
      import { GET } from "@/app/api/health/route";

      it("responds", async () => {
        const res = await GET(new Request("http://localhost/api/health"));
        expect(res.status).toBe(200);
      });
      ~~~

      It fails with \`ReferenceError: Request is not defined\` (and \`Response\` inside the handler). Node 20 has both globally, so what's going on?
    `,
    ai: {
      text: md`
        Node has them, but your test runs in **jsdom**, which replaces the global environment with a browser-like one that lacks the Fetch API classes. \`next/jest\` defaults many setups to \`testEnvironment: "jsdom"\` for component tests.

        Switch the environment for server tests. Per file, with a docblock at the very top:

        ~~~ts
        /** @jest-environment node */
        import { GET } from "@/app/api/health/route";
        ~~~

        Or split the projects in \`jest.config\`:

        ~~~js
        projects: [
          { displayName: "ui", testEnvironment: "jsdom", testMatch: ["<rootDir>/**/*.test.tsx"] },
          { displayName: "server", testEnvironment: "node", testMatch: ["<rootDir>/**/*.test.ts"] },
        ]
        ~~~

        Avoid polyfilling \`Request\`/\`Response\` into jsdom with \`whatwg-fetch\`: it behaves differently from Node's implementation (streams, \`Headers\` iteration), and your tests will pass against something production never runs.
      `,
    },
    answers: [
      {
        by: "maya",
        after: 0.8,
        text: md`
          The docblock fixed it for us too. Note it has to be the *first* comment in the file; a license header above it makes Jest ignore it silently.
        `,
        comments: [
          { by: "tom", after: 20, text: "Of course we had a license header. Thanks!" },
          { by: "aiko", after: 95, text: "TIL. Adding this to our testing guide." },
        ],
      },
    ],
  },
  {
    key: "dark-mode-flash",
    by: "aiko",
    title: "Dark mode flashes white on first load with next-themes",
    tags: ["css", "nextjs"],
    group: "frontend",
    daysAgo: 14.0,
    views: 260,
    body: md`
      Users with dark mode see a white flash for a few frames on every full page load. We use \`next-themes\` with \`attribute="class"\` and Tailwind's \`dark:\` variants.

      ~~~tsx
      <html lang="en">
        <body>
          <ThemeProvider attribute="class" defaultTheme="system">{children}</ThemeProvider>
        </body>
      </html>
      ~~~

      What am I missing?
    `,
    ai: {
      text: md`
        \`next-themes\` prevents the flash by injecting a small blocking script that sets the class on \`<html>\` before the first paint. Three things commonly break it:

        1. **\`suppressHydrationWarning\` missing on \`<html>\`.** The script changes \`<html>\`'s class before React hydrates; without the attribute React may "correct" it back:

           ~~~tsx
           <html lang="en" suppressHydrationWarning>
           ~~~

        2. **The background comes from the body, not from \`<html>\`.** Until your CSS applies, the browser paints the canvas white. Set the colour on \`html\` and tell the browser about both schemes:

           ~~~css
           :root { color-scheme: light dark; }
           html { background: var(--background); }
           ~~~

        3. **Tailwind dark variant configured for \`media\` instead of \`class\`.** In Tailwind 4, declare it in CSS: \`@custom-variant dark (&:where(.dark, .dark *));\`

        Also check that no \`loading.tsx\` or streamed shell renders before the provider with a hard-coded light background.
      `,
    },
    answers: [
      {
        by: "maya",
        after: 2.5,
        text: md`
          It was #2 for us: the background colour lived on \`body\` only. Moving it to \`html\` plus \`color-scheme\` removed the flash entirely, even on slow 3G throttling.
        `,
      },
      {
        by: "tom",
        after: 7,
        text: md`
          If you want to make sure it never comes back, a Playwright test with \`colorScheme: "dark"\` that takes a screenshot right after \`page.goto(url, { waitUntil: "commit" })\` catches it reliably.
        `,
        comments: [
          { by: "aiko", after: 30, text: "I love that this is testable. Adding it." },
        ],
      },
    ],
  },
  {
    key: "proxy-redirect-loop",
    by: "maya",
    title: "proxy.ts redirect loop on /login after upgrading to Next.js 16",
    tags: ["nextjs", "typescript"],
    group: "frontend",
    daysAgo: 5.6,
    views: 180,
    body: md`
      After renaming \`middleware.ts\` to \`proxy.ts\` in Next 16, signed-out users get \`ERR_TOO_MANY_REDIRECTS\`:

      ~~~ts
      export function proxy(req: NextRequest) {
        const session = req.cookies.get("session");
        if (!session) return NextResponse.redirect(new URL("/login", req.url));
      }

      export const config = { matcher: ["/((?!_next|favicon.ico).*)"] };
      ~~~

      It worked in 15. What changed?
    `,
    ai: {
      text: md`
        The loop isn't new to 16: your matcher also matches \`/login\` itself, so a signed-out request to \`/login\` is redirected to \`/login\` again. It probably worked before because \`/login\` was excluded somewhere else (an older matcher, or a route that used to live under \`/api\`).

        Exclude the public paths explicitly:

        ~~~ts
        const PUBLIC = ["/login", "/register", "/about"];

        export function proxy(req: NextRequest) {
          const { pathname } = req.nextUrl;
          if (PUBLIC.some((p) => pathname === p || pathname.startsWith(\`\${p}/\`))) return;
          if (!req.cookies.has("session")) {
            const url = new URL("/login", req.url);
            url.searchParams.set("callbackUrl", pathname);
            return NextResponse.redirect(url);
          }
        }
        ~~~

        Keep the proxy's job to this kind of optimistic redirect. Whether the user may actually see the data still has to be checked where the data is read; a cookie being *present* says nothing about it being *valid*.
      `,
    },
    answers: [
      {
        by: "tom",
        after: 3,
        text: md`
          Also exclude static files with an extension, or your images and fonts go through the proxy too: \`"/((?!_next/|.*\\..*).*)"\`.
        `,
      },
      {
        by: "james",
        after: 20,
        text: md`
          Watching this from the sidelines: our team had exactly this bug in 15, so I doubt the upgrade caused it. Probably someone changed the matcher in the same PR.
        `,
        comments: [
          { by: "maya", after: 45, text: "git blame agrees with you. Same PR, different commit." },
        ],
      },
    ],
  },
  {
    key: "playwright-flaky-toast",
    by: "tom",
    title: "Playwright test passes locally but times out in CI waiting for a toast",
    tags: ["testing"],
    daysAgo: 2.2,
    views: 64,
    body: md`
      This test passes 100% locally and fails about one run in five on CI:

      ~~~ts
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Settings updated")).toBeVisible();
      ~~~

      In the trace, the toast appears and disappears *before* the assertion starts polling. The toast shows for 5 seconds, so I don't understand how it can be missed.
    `,
    ai: {
      text: md`
        If the trace shows the toast gone before the assertion starts, something between the click and the \`expect\` is slow on CI, or the toast's timer starts earlier than you think. Common causes:

        - **Throttled timers in a background tab.** Headless Chromium on busy CI machines can run timers late, and toasts that pause on hover/focus may *not* pause when the window isn't focused.
        - **The click itself waits** for navigation or a network idle state that takes seconds on CI.
        - **Another toast replaced it.** Toast libraries with a limit of one visible item drop the first when a second arrives.

        More robust patterns:

        ~~~ts
        // Start waiting before the action that triggers the toast.
        const toast = page.getByRole("status").filter({ hasText: "Settings updated" });
        await Promise.all([
          expect(toast).toBeVisible(),
          page.getByRole("button", { name: "Save" }).click(),
        ]);
        ~~~

        Even better, assert on the outcome rather than the toast (the saved value after a reload), and keep one toast test with a clock you control: \`await page.clock.install()\` lets you freeze the toast's timer.
      `,
    },
    answers: [
      {
        by: "aiko",
        after: 5,
        text: md`
          We had this with sonner: the toast pauses on hover, and locally the mouse was always over the button near the toast, so it never closed. On CI there's no hover. Worth checking if your local pass is accidentally "helped".
        `,
        comments: [
          {
            by: "tom",
            after: 30,
            text: "Oh no. The Save button is right above the toaster on that page. That would explain the local pass.",
          },
        ],
      },
    ],
  },
];
