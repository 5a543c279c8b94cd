// A loopback OpenID Connect provider for tests: discovery, keys, and a token endpoint that
// answers a code the test registered with a signed id_token for the identity it chose (the
// authorization step itself is the test's: it reads `state` from the redirect and calls back).
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** Who the provider says signed in. */
export interface FakeIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface FakeOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A one-time authorization code for the identity. */
  codeFor(identity: FakeIdentity): string;
  close(): Promise<void>;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Starts the provider on a free loopback port. */
export async function startFakeOidc(): Promise<FakeOidc> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: "jwk" }), kid: "test-key", alg: "RS256", use: "sig" };
  const clientId = "agora-test-client";
  const clientSecret = crypto.randomBytes(16).toString("hex");
  const codes = new Map<string, FakeIdentity>();
  let issuer = "";

  const idToken = (identity: FakeIdentity) => {
    const now = Math.floor(Date.now() / 1000);
    const header = b64({ alg: "RS256", kid: "test-key", typ: "JWT" });
    const payload = b64({
      iss: issuer,
      aud: clientId,
      sub: identity.sub,
      iat: now,
      exp: now + 300,
      email: identity.email,
      email_verified: identity.emailVerified,
      name: identity.name ?? "Test Person",
    });
    const signature = crypto.sign("RSA-SHA256", Buffer.from(`${header}.${payload}`), privateKey).toString("base64url");
    return `${header}.${payload}.${signature}`;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [jwk] });
    if (url.pathname === "/token" && req.method === "POST") {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const params = new URLSearchParams(body);
        const identity = codes.get(params.get("code") ?? "");
        if (!identity || !params.get("code_verifier")) return json(400, { error: "invalid_grant" });
        codes.delete(params.get("code")!);
        json(200, { access_token: crypto.randomBytes(16).toString("hex"), token_type: "Bearer", expires_in: 300, id_token: idToken(identity) });
      });
      return;
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    codeFor(identity) {
      const code = crypto.randomBytes(12).toString("hex");
      codes.set(code, identity);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
