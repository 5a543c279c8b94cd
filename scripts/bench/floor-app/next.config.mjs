// The floor app's configuration: Next's defaults, as a minimal app has them.
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The repository's node_modules (next, react) are the ones Agora uses; FLOOR_ROOT names the repository.
  turbopack: { root: process.env.FLOOR_ROOT ?? path.resolve(here, "../../..") },
};

export default nextConfig;
