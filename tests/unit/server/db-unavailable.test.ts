/** @jest-environment node */
// Which errors mean "the database cannot be reached right now" (503) rather than a bug (500).
import { isDatabaseUnavailable } from "@/lib/server/db-unavailable";

const withProps = (message: string, props: Record<string, unknown>) => Object.assign(new Error(message), props);

it.each([
  ["a refused connection", withProps("connect ECONNREFUSED 127.0.0.1:5432", { code: "ECONNREFUSED" })],
  ["pg's terminated connection", new Error("Connection terminated unexpectedly")],
  ["a server shutting down (57P01)", withProps("terminating connection due to administrator command", { code: "57P01" })],
  ["a server starting up (57P03)", withProps("the database system is starting up", { code: "57P03" })],
  ["Prisma's P1001", withProps("Can't reach database server at 127.0.0.1:5432", { code: "P1001" })],
  ["Prisma's P1017", withProps("Server has closed the connection.", { code: "P1017" })],
  ["a driver adapter error", withProps("adapter", { meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } } })],
  ["a wrapped cause", new Error("query failed", { cause: withProps("reset", { code: "ECONNRESET" }) })],
  ["a pool that cannot connect in time", new Error("timeout exceeded when trying to connect")],
])("%s is unavailability", (_name, error) => {
  expect(isDatabaseUnavailable(error)).toBe(true);
});

it.each([
  ["a bug", new TypeError("Cannot read properties of undefined")],
  ["a unique violation", withProps("Unique constraint failed", { code: "P2002" })],
  ["a syntax error", withProps('syntax error at or near "SELEC"', { code: "42601" })],
  ["a non-error", "boom"],
  ["null", null],
])("%s is not", (_name, error) => {
  expect(isDatabaseUnavailable(error)).toBe(false);
});
