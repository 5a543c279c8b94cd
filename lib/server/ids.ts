// No "server-only": the page cache reads ids before Next sees a request, outside React's server graph.
/** The largest id PostgreSQL's `integer` columns hold. */
export const MAX_ID = 2_147_483_647;

/**
 * The integer id a route segment names, or null: digits without a leading zero, from 1 to
 * MAX_ID ("abc", "0", "01", "-1", "1.5", "1e3", "0x10" and anything larger name nothing).
 * Route handlers (idParam), pages and the page cache all read ids with this one rule.
 */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}
