/** The database of jest worker `id` (1-based): a copy of the migrated database at `base` (global-setup.ts). */
export function workerDatabaseUrl(base: string, id: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname}_w${id}`;
  return url.toString();
}
