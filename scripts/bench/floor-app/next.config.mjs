// The floor app's configuration: Next's defaults, as a minimal app has them.
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The bench builds it in a temporary folder with node_modules linked to the repository's (the same
  // next and react as Agora's); FLOOR_ROOT is an ancestor of both (scripts/bench/floor.ts).
  turbopack: { root: process.env.FLOOR_ROOT ?? path.resolve(here, "../../..") },
};

export default nextConfig;
