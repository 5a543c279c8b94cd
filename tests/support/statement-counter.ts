import pg from "pg";

/**
 * Counts the SQL statements a piece of work sends to PostgreSQL (Prisma's driver adapter speaks
 * through pg.Client). Call at the top of a test file: it installs the counter for the file's tests.
 */
export function countingStatements(): <T>(work: () => Promise<T>) => Promise<{ result: T; count: number }> {
  let statements = 0;
  const originalQuery = pg.Client.prototype.query;

  beforeAll(() => {
    pg.Client.prototype.query = function countingQuery(this: pg.Client, ...args: unknown[]) {
      statements += 1;
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof originalQuery;
  });

  afterAll(() => {
    pg.Client.prototype.query = originalQuery;
  });

  return async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; count: number }> {
    const before = statements;
    const result = await work();
    return { result, count: statements - before };
  };
}
