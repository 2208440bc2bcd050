import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { DEFAULT_COMPANION_SETTINGS as cfg } from '@amora/shared/settings.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chats, messages } from '../../db/schema/chats.ts';
import { pushSubscriptions } from '../../db/schema/push.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  createTestApp,
  eventually,
  onboardedUser,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import { PUSH_MAX_PER_USER, PUSH_TTL_SECONDS } from './push.service.ts';

/** A push service on loopback: records what arrives and answers with the status we choose. */
type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };
let pushServer: Server;
let pushBase: string;
const received: Received[] = [];
let answer = 201;
/** The push service answers once this settles (a slow push service). */
let held: Promise<void> = Promise.resolve();

/** A browser's side of a subscription: its ECDH key pair and auth secret (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** Decrypts an aes128gcm Web Push body (RFC 8188 + RFC 8291) the way a browser does. */
function decrypt(body: Buffer, ua: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = ua.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.ecdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, ua.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const gcm = createDecipheriv('aes-128-gcm', cek, nonce);
  gcm.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([gcm.update(ciphertext.subarray(0, ciphertext.length - 16)), gcm.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

/** Checks the VAPID Authorization header (RFC 8292): an ES256 JWT for the push service's origin. */
function checkVapid(header: string | undefined, publicKey: string): Record<string, unknown> {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  expect(m, `Authorization: ${header}`).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(publicKey);
  const [h, p, sig] = jwt!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig!, 'base64url'),
  );
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(p!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

let t: TestApp;
let botId: string;
beforeAll(async () => {
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      void held.then(() => {
        res.statusCode = answer;
        res.end();
      });
    });
  });
  await new Promise<void>((r) => pushServer.listen(0, '127.0.0.1', r));
  pushBase = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
  t = await createTestApp({}, { push: { allowInsecureEndpoints: true } });
  botId = (await t.app.inject({ method: 'GET', url: '/api/bots' })).json().data[0]._id as string;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => pushServer.close(r));
});
beforeEach(() => {
  received.length = 0;
  answer = 201;
  held = Promise.resolve();
});

const subscribe = (s: Session, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/push/subscribe',
    headers: bearer(s),
    payload: payload as object,
  });
const subsOf = (userId: string) =>
  t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

async function paidChat(): Promise<{ s: Session; id: string }> {
  const s = await onboardedUser(t.app, 'Alex');
  await t.app.ctx.db.update(users).set({ status: 'Paid' }).where(eq(users.id, s.userId));
  const id = (
    await t.app.inject({ method: 'POST', url: '/api/chat', headers: bearer(s), payload: { botId } })
  ).json().data.chat._id as string;
  return { s, id };
}
/** Notifications leave from the background: wait until it has nothing left to do. */
const idle = () => eventually(() => Promise.resolve(t.app.ctx.background.size === 0));
const silence = (id: string) =>
  t.app.ctx.db
    .update(chats)
    .set({
      lastActivityAt: new Date(Date.now() - (cfg.write_first_after_minutes + 30) * 60_000),
      nudgedAt: null,
    })
    .where(eq(chats.id, id));

describe('push key and subscriptions', () => {
  it('serves the VAPID public key (an uncompressed P-256 point) without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(res.statusCode).toBe(200);
    const key = Buffer.from(res.json().publicKey as string, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect(res.json().publicKey).toBe(t.app.ctx.secrets.vapidPublicKey);
  });

  it('is documented in the OpenAPI', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; tags?: string[] }>>;
    }>();
    expect(spec.paths['/api/push/key']?.get?.tags).toEqual(['push']);
    expect(spec.paths['/api/push/subscribe']?.post?.requestBody).toBeDefined();
    expect(spec.paths['/api/push/subscribe']?.delete?.requestBody).toBeDefined();
  });

  it('needs sign-in, refuses bad subscriptions with 400, and dedups by endpoint', async () => {
    const s = await onboardedUser(t.app, 'Alex');
    const ua = browserKeys();
    const endpoint = `${pushBase}/push/dedup-${randomBytes(4).toString('hex')}`;
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      payload: { endpoint, keys: ua.keys },
    });
    expect(anon.statusCode).toBe(401);
    for (const bad of [
      {},
      { endpoint: 'not a url', keys: ua.keys },
      { endpoint: 'ftp://push.example.com/x', keys: ua.keys },
      { endpoint, keys: { p256dh: ua.keys.p256dh } },
      { endpoint, keys: { p256dh: 'has spaces and ! marks', auth: ua.keys.auth } },
    ]) {
      const res = await subscribe(s, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await subsOf(s.userId)).toHaveLength(0);

    expect((await subscribe(s, { endpoint, expirationTime: null, keys: ua.keys })).statusCode).toBe(201);
    const again = browserKeys();
    expect((await subscribe(s, { endpoint, keys: again.keys })).statusCode).toBe(201);
    const rows = await subsOf(s.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.p256dh).toBe(again.keys.p256dh);

    // Unsubscribing someone else's endpoint does nothing; one's own removes it.
    const other = await onboardedUser(t.app, 'Sam');
    const del = (who: Session) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/push/subscribe',
        headers: bearer(who),
        payload: { endpoint },
      });
    expect((await del(other)).statusCode).toBe(200);
    expect(await subsOf(s.userId)).toHaveLength(1);
    expect((await del(s)).statusCode).toBe(200);
    expect(await subsOf(s.userId)).toHaveLength(0);
  });

  it('keeps the newest subscriptions per user, and none after the account is deleted', async () => {
    const s = await onboardedUser(t.app, 'Alex');
    const endpoints: string[] = [];
    for (let i = 0; i < PUSH_MAX_PER_USER + 2; i++) {
      const endpoint = `${pushBase}/push/many-${i}-${randomBytes(3).toString('hex')}`;
      endpoints.push(endpoint);
      expect((await subscribe(s, { endpoint, keys: browserKeys().keys })).statusCode).toBe(201);
    }
    const kept = (await subsOf(s.userId)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(endpoints.slice(2).sort());

    const del = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: bearer(s),
      payload: { confirm: true },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await subsOf(s.userId)).toHaveLength(0);
  });

  it('outside tests, only public https push services are accepted', { timeout: 120_000 }, async () => {
    // Names resolve through a fake DNS: what a hostile name points to is what the check sees.
    const dns: Record<string, string[]> = {
      'fcm.googleapis.com': ['142.250.74.10'],
      'metadata.google.internal': ['169.254.169.254'],
      'rebind.example.com': ['10.0.0.7'],
      'mixed.example.com': ['142.250.74.10', '127.0.0.1'],
      'mapped.example.com': ['::ffff:127.0.0.1'],
    };
    const strict = await createTestApp(
      {},
      {
        push: {
          resolve: async (host) => {
            const found = dns[host];
            if (!found) throw new Error('ENOTFOUND');
            return found;
          },
        },
      },
    );
    try {
      const s = await onboardedUser(strict.app, 'Alex');
      const post = (endpoint: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/push/subscribe',
          headers: bearer(s),
          payload: { endpoint, keys: browserKeys().keys },
        });
      for (const endpoint of [
        'http://push.example.com/x',
        'https://127.0.0.1/x',
        'https://localhost:8443/x',
        'https://[::1]/x',
        'https://10.1.2.3/x',
        'https://192.168.0.5/x',
        // the hostile probe's list (decision 039)
        'https://localhost./x',
        'https://[::7f00:1]/x',
        'https://[::ffff:7f00:1]/x',
        'https://[64:ff9b::a00:1]/x',
        'https://[fd00::1]/x',
        'https://100.64.0.1/x',
        'https://169.254.169.254/x',
        'https://2130706433/x',
        'https://metadata.google.internal/x',
        'https://127.0.0.1.nip.io/x',
        'https://fcm.googleapis.com:8443/x',
        'https://fcm.googleapis.com:22/x',
        'https://rebind.example.com/x',
        'https://mixed.example.com/x',
        'https://mapped.example.com/x',
      ]) {
        const res = await post(endpoint);
        expect(res.statusCode, endpoint).toBe(400);
      }
      expect((await post('https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(201);
      // Another account's endpoint is not moved to the caller (409), and stays with its owner.
      const thief = await onboardedUser(strict.app, 'Eve');
      const stolen = await strict.app.inject({
        method: 'POST',
        url: '/api/push/subscribe',
        headers: bearer(thief),
        payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: browserKeys().keys },
      });
      expect(stolen.statusCode).toBe(409);
      expect((await post('https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(201);
      // A name that does not resolve now (a server without DNS) is kept, but nothing goes to it
      // until it resolves to public addresses only; an inside name found at send time is dropped.
      expect((await post('https://unknown.example.com/x')).statusCode).toBe(201);
      dns['fcm.googleapis.com'] = ['10.0.0.9'];
      const sent = await strict.app.ctx.services.push.notify(s.userId, {
        title: 'Her',
        body: 'Hi',
        tag: 'chat-x',
        url: '/chat/x',
      });
      expect(sent).toEqual({ sent: 0, removed: 1, failed: 0 });
      dns['fcm.googleapis.com'] = ['142.250.74.10'];
    } finally {
      await strict.close();
    }
  });
});

describe('she writes first → web push', () => {
  it('sends her name and words, encrypted, with VAPID, TTL and a topic per chat; the push service answers 201', async () => {
    const { s, id } = await paidChat();
    const ua = browserKeys();
    const path = `/push/${randomBytes(6).toString('hex')}`;
    expect((await subscribe(s, { endpoint: `${pushBase}${path}`, keys: ua.keys })).statusCode).toBe(201);
    await silence(id);
    expect((await t.app.ctx.services.chats.companion.sweep()).nudged).toBeGreaterThanOrEqual(1);
    await idle();

    const got = received.filter((r) => r.path === path);
    expect(got).toHaveLength(1);
    const req = got[0]!;
    expect(req.headers['ttl']).toBe(String(PUSH_TTL_SECONDS));
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers['content-type']).toBe('application/octet-stream');
    expect(req.headers['urgency']).toBe('normal');
    expect(req.headers['topic']).toBe(id.replace(/-/g, '').slice(0, 32));
    const claims = checkVapid(req.headers['authorization'], t.app.ctx.secrets.vapidPublicKey);
    expect(claims.aud).toBe(pushBase);
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
    expect(String(claims.sub)).toMatch(/^(mailto:|https:)/);

    const payload = JSON.parse(decrypt(req.body, ua)) as Record<string, string>;
    const chat = (await t.app.inject({ method: 'GET', url: `/api/chat/${id}`, headers: bearer(s) })).json()
      .data as { bot: { name: string }; messages: Array<{ message: string; eventType: string | null }> };
    const nudge = chat.messages.find((m) => m.eventType === 'write_first')!;
    expect(payload).toMatchObject({
      title: chat.bot.name,
      body: nudge.message,
      tag: `chat-${id}`,
      url: `/chat/${id}`,
    });
    expect((await subsOf(s.userId))[0]!.lastSentAt).not.toBeNull();
  });

  it('a 410 (or 404) from the push service deletes the subscription; other errors keep it', async () => {
    const { s, id } = await paidChat();
    const endpoint = `${pushBase}/push/${randomBytes(6).toString('hex')}`;
    await subscribe(s, { endpoint, keys: browserKeys().keys });

    answer = 500;
    const service = t.app.ctx.services.push;
    const payload = { title: 'Her', body: 'Hi', tag: `chat-${id}`, url: `/chat/${id}` };
    expect(await service.notify(s.userId, payload)).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(await subsOf(s.userId)).toHaveLength(1);

    answer = 410;
    await silence(id);
    await t.app.ctx.services.chats.companion.sweep();
    await idle();
    expect(received.some((r) => endpoint.endsWith(r.path))).toBe(true);
    expect(await subsOf(s.userId)).toHaveLength(0);

    // The message itself is stored whatever the push service said.
    const chat = (await t.app.inject({ method: 'GET', url: `/api/chat/${id}`, headers: bearer(s) })).json()
      .data as { messages: Array<{ eventType: string | null }> };
    expect(chat.messages.some((m) => m.eventType === 'write_first')).toBe(true);

    await subscribe(s, { endpoint, keys: browserKeys().keys });
    answer = 404;
    expect(await service.notify(s.userId, payload)).toEqual({ sent: 0, removed: 1, failed: 0 });
    expect(await subsOf(s.userId)).toHaveLength(0);
  });

  it('a slow push service does not hold up the sweep; the notification goes once it answers', async () => {
    const { s, id } = await paidChat();
    const path = `/push/${randomBytes(6).toString('hex')}`;
    await subscribe(s, { endpoint: `${pushBase}${path}`, keys: browserKeys().keys });
    let answerNow = () => {};
    held = new Promise((r) => (answerNow = r));
    await silence(id);
    expect((await t.app.ctx.services.chats.companion.sweep()).nudged).toBeGreaterThanOrEqual(1);
    await eventually(() => Promise.resolve(received.some((r) => r.path === path)));
    expect((await subsOf(s.userId))[0]!.lastSentAt).toBeNull();

    answerNow();
    await idle();
    expect((await subsOf(s.userId))[0]!.lastSentAt).not.toBeNull();
  });

  it('a paused account (/deactivate) gets neither her first words nor a push until it signs back in', async () => {
    const { s, id } = await paidChat();
    const email = (await t.app.ctx.services.users.findById(s.userId))!.email;
    const path = `/push/${randomBytes(6).toString('hex')}`;
    expect(
      (await subscribe(s, { endpoint: `${pushBase}${path}`, keys: browserKeys().keys })).statusCode,
    ).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/deactivate', headers: bearer(s) })).statusCode,
    ).toBe(204);
    await silence(id);
    await t.app.ctx.services.chats.companion.sweep();
    await idle();
    expect(received.filter((r) => r.path === path)).toHaveLength(0);
    const nudges = await t.app.ctx.db.select().from(messages).where(eq(messages.chatId, id));
    expect(nudges.filter((m) => m.eventType === 'write_first')).toHaveLength(0);
    // Any other notification is held back too.
    expect(
      await t.app.ctx.services.push.notify(s.userId, { title: 'Her', body: 'Hi', tag: 'x', url: '/chat' }),
    ).toEqual({ sent: 0, removed: 0, failed: 0 });

    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: 'correct horse battery' },
    });
    expect(back.statusCode).toBe(200);
    await t.app.ctx.services.chats.companion.sweep();
    await idle();
    expect(received.filter((r) => r.path === path)).toHaveLength(1);
    const after = await t.app.ctx.db.select().from(messages).where(eq(messages.chatId, id));
    expect(after.filter((m) => m.eventType === 'write_first')).toHaveLength(1);
  });

  it('a user who did not allow push gets the message without any push request', async () => {
    const { id } = await paidChat();
    await silence(id);
    await t.app.ctx.services.chats.companion.sweep();
    await idle();
    expect(received).toHaveLength(0);
  });
});
