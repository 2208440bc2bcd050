import type { OAuthProvider } from '@amora/shared/oauth.ts';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importSPKI, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * A loopback stand-in for the five sign-in providers (tests and the browser journey only). Each
 * provider lives under `/<provider>` and speaks the authorization code flow as the real one does:
 * `/authorize` approves at once (or shows Apple's auto-submitting form_post page) and redirects with
 * code and state; `/token` checks the client's credentials (Apple: its ES256 client-secret JWT), the
 * redirect URI, the PKCE verifier against the S256 challenge and that the code is used once, and
 * answers an access token plus, for Google and Apple, an RS256 ID token signed with the fake's own
 * key (published at `/jwks`); `/userinfo` answers Facebook's, Discord's or X's profile shape.
 */
export type FakePerson = { sub: string; email?: string; emailVerified?: boolean; name?: string };

export type FakeClient = {
  clientId: string;
  clientSecret?: string;
  applePublicKeyPem?: string;
  appleTeamId?: string;
  appleKeyId?: string;
};

export type OAuthFake = {
  url: string;
  /** The issuer/base URL of one provider (its OAUTH_<P>_URL). */
  base: (provider: OAuthProvider) => string;
  /** Who approves at the next /authorize of that provider (a default person otherwise). */
  signInAs: (provider: OAuthProvider, person: FakePerson) => void;
  /** The next /authorize answers `error=access_denied`. */
  denyNext: (provider: OAuthProvider) => void;
  /** The next ID token is signed with a key that is not in the JWKS (a forgery). */
  forgeNextIdToken: (provider: OAuthProvider) => void;
  /** Changes the claims of the next ID token (wrong audience, nonce, expiry...). */
  tamperNextIdToken: (provider: OAuthProvider, claims: Record<string, unknown>) => void;
  /** Every /token request seen (for assertions). */
  tokenRequests: { provider: OAuthProvider; params: Record<string, string>; error?: string }[];
  close: () => Promise<void>;
};

type Code = {
  provider: OAuthProvider;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  nonce: string | null;
  person: FakePerson;
  used: boolean;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      data += c;
      if (data.length > 64 * 1024) reject(new Error('too large'));
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function startOAuthFake(opts: {
  clients: Partial<Record<OAuthProvider, FakeClient>>;
  /** The host name in the URLs (use `localhost` to make the provider cross-site from 127.0.0.1). */
  host?: string;
  port?: number;
}): Promise<OAuthFake> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const kid = 'fake-key-1';
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, Code>();
  const accessTokens = new Map<string, { provider: OAuthProvider; person: FakePerson }>();
  const nextPerson = new Map<OAuthProvider, FakePerson>();
  const deny = new Set<OAuthProvider>();
  const forge = new Set<OAuthProvider>();
  const tamper = new Map<OAuthProvider, Record<string, unknown>>();
  const tokenRequests: OAuthFake['tokenRequests'] = [];
  let url = '';

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
    res.end(JSON.stringify(body));
  };

  async function idToken(provider: OAuthProvider, c: Code): Promise<string> {
    const claims: Record<string, unknown> = {
      email: c.person.email,
      email_verified:
        provider === 'apple' ? String(c.person.emailVerified ?? true) : (c.person.emailVerified ?? true),
      ...(provider === 'google' && c.person.name
        ? { name: c.person.name, given_name: c.person.name.split(' ')[0] }
        : {}),
      ...(c.nonce ? { nonce: c.nonce } : {}),
      ...tamper.get(provider),
    };
    tamper.delete(provider);
    const key: CryptoKey = forge.delete(provider) ? forger.privateKey : privateKey;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer((claims.iss as string | undefined) ?? `${url}/${provider}`)
      .setAudience((claims.aud as string | undefined) ?? c.clientId)
      .setSubject(c.person.sub)
      .setIssuedAt()
      .setExpirationTime((claims.exp as number | undefined) ?? '10m')
      .sign(key);
  }

  async function clientOk(
    provider: OAuthProvider,
    params: Record<string, string>,
    authorization: string | undefined,
  ): Promise<string | null> {
    const client = opts.clients[provider];
    if (!client) return 'invalid_client';
    let id = params.client_id;
    let secret = params.client_secret;
    if (authorization?.startsWith('Basic ')) {
      const [u, p] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
      id = decodeURIComponent(u ?? '');
      secret = decodeURIComponent(p ?? '');
    }
    if (provider === 'x' && !authorization?.startsWith('Basic ')) return 'invalid_client';
    if (id !== client.clientId || !secret) return 'invalid_client';
    if (provider === 'apple') {
      try {
        const key = await importSPKI(client.applePublicKeyPem!, 'ES256');
        const { payload, protectedHeader } = await jwtVerify(secret, key, {
          issuer: client.appleTeamId!,
          subject: client.clientId,
          audience: `${url}/apple`,
          algorithms: ['ES256'],
        });
        if (protectedHeader.kid !== client.appleKeyId || !payload.exp) return 'invalid_client';
        return null;
      } catch {
        return 'invalid_client';
      }
    }
    return secret === client.clientSecret ? null : 'invalid_client';
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', url);
    const [, providerName, action] = u.pathname.split('/');
    const provider = providerName as OAuthProvider;
    if (!opts.clients[provider]) return send(res, 404, { error: 'unknown provider' });

    if (action === 'authorize' && req.method === 'GET') {
      const q = u.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      const state = q.get('state') ?? '';
      if (q.get('client_id') !== opts.clients[provider].clientId || !redirectUri)
        return send(res, 400, { error: 'invalid_request' });
      const answer = new URLSearchParams({ state });
      if (deny.delete(provider)) answer.set('error', 'access_denied');
      else {
        const code = randomBytes(16).toString('base64url');
        const person = nextPerson.get(provider) ?? {
          sub: `${provider}-person-1`,
          email: 'fake.person@example.com',
          emailVerified: true,
          name: 'Fake Person',
        };
        nextPerson.delete(provider);
        codes.set(code, {
          provider,
          clientId: q.get('client_id')!,
          redirectUri,
          challenge: q.get('code_challenge_method') === 'S256' ? q.get('code_challenge') : null,
          nonce: q.get('nonce'),
          person,
          used: false,
        });
        answer.set('code', code);
        if (provider === 'apple' && person.name)
          answer.set(
            'user',
            JSON.stringify({
              name: { firstName: person.name.split(' ')[0], lastName: 'X' },
              email: person.email,
            }),
          );
      }
      if (q.get('response_mode') === 'form_post') {
        const inputs = [...answer.entries()]
          .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
          .join('');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><title>Fake ${provider}</title><form method="post" action="${escapeHtml(redirectUri)}">${inputs}<button>Continue</button></form><script>document.forms[0].submit()</script>`,
        );
        return;
      }
      res.writeHead(302, { location: `${redirectUri}?${answer.toString()}` });
      res.end();
      return;
    }

    if (action === 'token' && req.method === 'POST') {
      const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
      const refuse = (error: string) => {
        tokenRequests.push({ provider, params, error });
        send(res, error === 'invalid_client' ? 401 : 400, { error });
      };
      const clientError = await clientOk(provider, params, req.headers.authorization);
      if (clientError) return refuse(clientError);
      const c = codes.get(params.code ?? '');
      if (params.grant_type !== 'authorization_code' || !c || c.provider !== provider)
        return refuse('invalid_grant');
      if (c.used) return refuse('invalid_grant');
      c.used = true;
      if (params.redirect_uri !== c.redirectUri) return refuse('invalid_grant');
      if (c.challenge) {
        const verifier = params.code_verifier ?? '';
        const computed = createHash('sha256').update(verifier).digest('base64url');
        if (computed !== c.challenge) return refuse('invalid_grant');
      } else if (params.code_verifier) return refuse('invalid_grant');
      tokenRequests.push({ provider, params });
      const accessToken = randomBytes(24).toString('base64url');
      accessTokens.set(accessToken, { provider, person: c.person });
      const openid = provider === 'google' || provider === 'apple';
      return send(res, 200, {
        access_token: accessToken,
        token_type: provider === 'x' ? 'bearer' : 'Bearer',
        expires_in: 3600,
        ...(openid ? { id_token: await idToken(provider, c) } : {}),
      });
    }

    if (action === 'jwks' && req.method === 'GET') return send(res, 200, { keys: [jwk] });

    if (action === 'userinfo' && req.method === 'GET') {
      const token = req.headers.authorization?.replace(/^Bearer /i, '') ?? '';
      const found = accessTokens.get(token);
      if (!found || found.provider !== provider) return send(res, 401, { error: 'invalid_token' });
      const p = found.person;
      if (provider === 'facebook')
        return send(res, 200, { id: p.sub, name: p.name, ...(p.email ? { email: p.email } : {}) });
      if (provider === 'discord')
        return send(res, 200, {
          id: p.sub,
          username: 'fakeperson',
          global_name: p.name ?? null,
          email: p.email ?? null,
          verified: p.emailVerified ?? true,
        });
      if (provider === 'x')
        return send(res, 200, {
          data: {
            id: p.sub,
            name: p.name,
            username: 'fakeperson',
            ...(p.email && p.emailVerified !== false ? { confirmed_email: p.email } : {}),
          },
        });
      return send(res, 404, { error: 'not here' });
    }
    send(res, 404, { error: 'not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { error: String(err) }));
  });
  // `localhost` may resolve to ::1 or 127.0.0.1: listen on both then.
  await new Promise<void>((resolve) =>
    server.listen(opts.port ?? 0, opts.host === 'localhost' ? undefined : '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    base: (p) => `${url}/${p}`,
    signInAs: (p, person) => void nextPerson.set(p, person),
    denyNext: (p) => void deny.add(p),
    forgeNextIdToken: (p) => void forge.add(p),
    tamperNextIdToken: (p, claims) => void tamper.set(p, claims),
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
