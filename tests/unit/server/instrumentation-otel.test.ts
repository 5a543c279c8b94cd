/** @jest-environment node */
// OpenTelemetry is optional: instrumentation.ts loads lib/server/tracing.ts (and with it
// @vercel/otel) only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
const mockRegisterOTel = jest.fn();
const mockLoaded = jest.fn();
jest.mock("@vercel/otel", () => {
  mockLoaded("@vercel/otel");
  return { registerOTel: mockRegisterOTel };
});
jest.mock("@/lib/server/tracing", () => {
  mockLoaded("tracing");
  return jest.requireActual("@/lib/server/tracing");
});

// Node's http module is shared by every test file of this worker: nothing here may patch it.
jest.mock("@/lib/server/peer-address", () => ({ installPeerAddressHeader: jest.fn() }));
jest.mock("@/lib/server/request-layer", () => ({ installRequestLayer: jest.fn() }));

const saved = { ...process.env };

beforeEach(() => {
  jest.resetModules();
  mockRegisterOTel.mockClear();
  mockLoaded.mockClear();
  // A build-phase server: installs the HTTP hooks, starts no background work.
  process.env = { ...saved, NEXT_RUNTIME: "nodejs", NEXT_PHASE: "phase-production-build" };
});

afterAll(() => {
  process.env = saved;
});

it("loads no OpenTelemetry code without OTEL_EXPORTER_OTLP_ENDPOINT", async () => {
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const { register } = await import("@/instrumentation");
  await register();
  expect(mockLoaded).not.toHaveBeenCalled();
  expect(mockRegisterOTel).not.toHaveBeenCalled();
});

it("registers OpenTelemetry with the service name when the endpoint is set", async () => {
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = "http://127.0.0.1:4318";
  const { register } = await import("@/instrumentation");
  await register();
  expect(mockLoaded).toHaveBeenCalledWith("tracing");
  expect(mockLoaded).toHaveBeenCalledWith("@vercel/otel");
  expect(mockRegisterOTel).toHaveBeenCalledWith({ serviceName: "agora" });
});
