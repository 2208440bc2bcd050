import extractChunks from 'png-chunks-extract';
import encodeChunks from 'png-chunks-encode';
import { encode as encodeText } from 'png-chunk-text';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCardFile, writeCardPng } from '../bots/character-card.ts';
import {
  bearer,
  createAdminTestApp,
  createTestApp,
  eventually,
  onboardedUser,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----amoraStudioTest';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const communityCard = {
  name: 'Seraphina',
  description: '{{char}} is a guardian of the forest glade, gentle and wise.',
  personality: 'caring, protective, calm',
  scenario: '{{user}} wakes up in her glade after being hurt by beasts.',
  first_mes: '*She smiles* Rest now, {{user}}. You are safe here.',
  mes_example: '<START>\n{{user}}: Who are you?\n{{char}}: I am Seraphina.',
  creator_notes: 'A classic.',
  system_prompt: '',
  post_history_instructions: '',
  alternate_greetings: ['Oh, you are awake!'],
  tags: ['fantasy', 'forest'],
  creator: 'someone',
  character_version: '2',
  extensions: {},
};

async function portrait(exif = false): Promise<Buffer> {
  const img = sharp({
    create: { width: 64, height: 96, channels: 3, background: { r: 200, g: 100, b: 150 } },
  });
  return (exif ? img.withExif({ IFD0: { Copyright: 'secret-gps-owner' } }) : img).png().toBuffer();
}

async function v3Png(data: object): Promise<Buffer> {
  const png = await portrait();
  const chunks = extractChunks(png);
  const json = JSON.stringify({ spec: 'chara_card_v3', spec_version: '3.0', data });
  chunks.splice(-1, 0, encodeText('ccv3', Buffer.from(json).toString('base64')));
  return Buffer.from(encodeChunks(chunks));
}

describe('character studio', () => {
  let t: TestApp;
  let admin: Session;
  let user: Session;

  beforeAll(async () => {
    ({ t, admin } = await createAdminTestApp());
    user = await onboardedUser(t.app);
  });
  afterAll(async () => t?.close());

  const createChat = async (_app: unknown, s: Session, botId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: bearer(s),
      payload: { botId },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ data: { chat: { _id: string } } }>().data.chat;
  };
  const importFile = (data: Buffer, filename = 'card.png', s: Session = admin) => {
    const { payload, headers } = multipart([{ name: 'file', filename, data }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/bots/import',
      payload,
      headers: { ...headers, ...bearer(s) },
    });
  };

  const input = {
    name: 'Nadia',
    age: 24,
    sex: 'female',
    type: 'realistic',
    body_type: 'slim',
    hobbies: { en: ['Chess'], ru: ['Шахматы'] },
    desc: { en: 'A chess player from Kazan.', ru: 'Шахматистка из Казани.' },
    backstory: { en: 'Nadia plays chess in Kazan.', ru: 'Надя играет в шахматы в Казани.' },
    personality: { en: ['sharp', 'warm'], ru: ['острая', 'тёплая'] },
    greetings: { en: ['hi{,addr}, fancy a game?'], ru: ['привет{,addr}, сыграем?'] },
    is_video: false,
    video_quality: 0,
    events: [],
    active: true,
    sort: 50,
  };

  it('documents its routes in OpenAPI', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    for (const p of [
      '/api/admin/bots',
      '/api/admin/bots/{id}',
      '/api/admin/bots/import',
      '/api/admin/bots/{id}/card',
      '/api/admin/bots/{id}/media',
    ])
      expect(paths, p).toContain(p);
  });

  it('is for operators only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/bots', headers: bearer(user) });
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/bots' });
    expect(anon.statusCode).toBe(401);
    const imp = await importFile(Buffer.from('{}'), 'x.json', user);
    expect(imp.statusCode).toBe(403);
  });

  it('creates, edits, hides and deletes a character, and users see each change at once', async () => {
    // Warm the public list cache first: an edit must not wait for it to expire.
    expect((await t.app.inject({ method: 'GET', url: '/api/bots' })).statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bots',
      headers: bearer(admin),
      payload: input,
    });
    expect(created.statusCode).toBe(201);
    const bot = created.json().data;
    expect(bot.persona.greetings.ru).toEqual(['привет{,addr}, сыграем?']);
    expect(bot.persona.backstory.en).toBe('Nadia plays chess in Kazan.');
    expect(bot.remote_id).toBeGreaterThan(12);

    const names = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/bots' }))
        .json<{ data: { name: string }[] }>()
        .data.map((b) => b.name);
    expect(await names()).toContain('Nadia');

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/bots/${bot._id}`,
      headers: bearer(admin),
      payload: { name: 'Nadya', desc: { en: 'Grandmaster.', ru: 'Гроссмейстер.' }, age: 25 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.persona.greetings.en).toEqual(['hi{,addr}, fancy a game?']);
    expect(await names()).toContain('Nadya');
    const page = await t.app.inject({ method: 'GET', url: `/api/bots/${bot._id}` });
    expect(page.json().data.desc.ru).toBe('Гроссмейстер.');
    expect(page.json().data.age).toBe(25);

    // A user chats with her (her persona drives the built-in engine).
    const chat = await createChat(t.app, user, bot._id);
    expect(chat._id).toBeTruthy();

    const hidden = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/bots/${bot._id}`,
      headers: bearer(admin),
      payload: { active: false },
    });
    expect(hidden.json().data.active).toBe(false);
    expect(await names()).not.toContain('Nadya');
    expect((await t.app.inject({ method: 'GET', url: `/api/bots/${bot._id}` })).statusCode).toBe(404);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/bots', headers: bearer(admin) });
    expect(listed.json().data.map((b: { _id: string }) => b._id)).toContain(bot._id);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/bots/${bot._id}`,
      headers: bearer(admin),
    });
    expect(del.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/bots/${bot._id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses invalid character fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bots',
      headers: bearer(admin),
      payload: { ...input, age: 15 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  describe('media upload', () => {
    let botId: string;
    beforeAll(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/bots',
        headers: bearer(admin),
        payload: input,
      });
      botId = res.json().data._id;
    });
    const upload = (parts: Part[]) => {
      const { payload, headers } = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/bots/${botId}/media`,
        payload,
        headers: { ...headers, ...bearer(admin) },
      });
    };

    it('stores a level-2 photo re-encoded to WebP without EXIF, gated for a new user', async () => {
      const jpeg = await sharp(await portrait(true))
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret-gps-owner' } })
        .toBuffer();
      expect(jpeg.includes(Buffer.from('secret-gps-owner'))).toBe(true);
      const res = await upload([
        { name: 'level', value: '2' },
        { name: 'category', value: 'photo' },
        { name: 'file', filename: 'me.jpg', data: jpeg, type: 'image/jpeg' },
      ]);
      expect(res.statusCode).toBe(201);
      const m = res.json().data;
      expect(m).toMatchObject({ level: 2, kind: 'image', mime: 'image/webp', category: 'photo' });
      const key = new URL(m.url, 'http://x').pathname.replace('/media/', '');
      const stored = await t.app.ctx.storage.read(decodeURIComponent(key));
      expect((await sharp(stored).metadata()).format).toBe('webp');
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
      expect(stored.includes(Buffer.from('secret-gps-owner'))).toBe(false);
      // The operator's signed URL opens it; a guest and a level-1 user do not.
      expect((await t.app.inject({ method: 'GET', url: m.url })).statusCode).toBe(200);
      const bare = `/media/${key}`;
      expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBeGreaterThanOrEqual(401);
      const signed = await t.app.inject({
        method: 'POST',
        url: '/api/media/sign',
        headers: bearer(user),
        payload: { urls: [bare] },
      });
      expect(signed.statusCode).toBe(200);
      expect(signed.json().data.urls[bare]).toBeNull();
    });

    it('changes the level a file needs and removes it', async () => {
      const res = await upload([
        { name: 'level', value: '3' },
        { name: 'file', filename: 'p.png', data: await portrait() },
      ]);
      const id = res.json().data._id;
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/bots/${botId}/media/${id}`,
        headers: bearer(admin),
        payload: { level: 4 },
      });
      expect(patched.json().data.level).toBe(4);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/bots/${botId}/media/${id}`,
        headers: bearer(admin),
      });
      expect(del.statusCode).toBe(200);
      const view = await t.app.inject({
        method: 'GET',
        url: `/api/admin/bots/${botId}`,
        headers: bearer(admin),
      });
      expect(view.json().data.media.map((x: { _id: string }) => x._id)).not.toContain(id);
    });

    it('accepts a WebM clip by its content', async () => {
      const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 1)]);
      const res = await upload([
        { name: 'level', value: '1' },
        { name: 'category', value: 'video' },
        { name: 'file', filename: 'v.webm', data: webm },
      ]);
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ kind: 'video', mime: 'video/webm' });
    });

    it('refuses hostile uploads with a clear 4xx', async () => {
      const text = await upload([
        { name: 'level', value: '1' },
        { name: 'file', filename: 'x.jpg', data: Buffer.from('not an image at all') },
      ]);
      expect(text.statusCode).toBe(400);
      const exe = await upload([
        { name: 'level', value: '1' },
        { name: 'category', value: 'video' },
        { name: 'file', filename: 'v.mp4', data: Buffer.from('MZ fake exe') },
      ]);
      expect(exe.statusCode).toBe(400);
      const badLevel = await upload([
        { name: 'level', value: '9' },
        { name: 'file', filename: 'p.png', data: await portrait() },
      ]);
      expect(badLevel.statusCode).toBe(400);
      expect(badLevel.json().code).toBe('VALIDATION_ERROR');
      const noFile = await upload([{ name: 'level', value: '1' }]);
      expect(noFile.statusCode).toBe(400);
      const big = await upload([
        { name: 'level', value: '1' },
        {
          name: 'file',
          filename: 'big.png',
          data: Buffer.concat([await portrait(), Buffer.alloc(16 * 1024 * 1024)]),
        },
      ]);
      expect(big.statusCode).toBe(413);
      const json = await t.app.inject({
        method: 'POST',
        url: `/api/admin/bots/${botId}/media`,
        headers: bearer(admin),
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(400);
      const nul = await upload([
        { name: 'level', value: '1\u0000' },
        { name: 'file', filename: 'p.png', data: await portrait() },
      ]);
      expect(nul.statusCode).toBe(400);
    });
  });

  describe('Character Cards', () => {
    it('imports a V2 PNG card with her portrait as public art', async () => {
      const png = writeCardPng(await portrait(), { ...communityCard });
      const res = await importFile(png);
      expect(res.statusCode).toBe(201);
      const bot = res.json().data;
      expect(bot.name).toBe('Seraphina');
      expect(bot.desc.en).toBe('Seraphina is a guardian of the forest glade, gentle and wise.');
      expect(bot.hobbies).toEqual(['fantasy', 'forest']);
      expect(bot.avatar).toMatch(/^\/media\/bots\//);
      expect((await t.app.inject({ method: 'GET', url: bot.avatar })).statusCode).toBe(200);
      const full = (
        await t.app.inject({ method: 'GET', url: `/api/admin/bots/${bot._id}`, headers: bearer(admin) })
      ).json().data;
      expect(full.persona.greetings.en[0]).toBe('*She smiles* Rest now, {addr}. You are safe here.');
      expect(full.persona.personality.en).toEqual(['caring', 'protective', 'calm']);
      expect(full.card.mes_example).toBe(communityCard.mes_example);
      // She is on home at once, and a user can chat with her.
      const home = await t.app.inject({ method: 'GET', url: '/api/bots' });
      expect(home.json().data.map((b: { _id: string }) => b._id)).toContain(bot._id);
      const chat = await createChat(t.app, user, bot._id);
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/chat/send/${chat._id}`,
        headers: bearer(user),
        payload: { message: { message: 'hi there' }, type: 'text' },
      });
      expect(sent.statusCode).toBe(200);
    });

    it('imports a V3 PNG card (ccv3 chunk) and a JSON card', async () => {
      const v3 = await importFile(
        await v3Png({ ...communityCard, name: 'Vera', group_only_greetings: [], assets: [] }),
      );
      expect(v3.statusCode).toBe(201);
      expect(v3.json().data.name).toBe('Vera');
      const json = await importFile(
        Buffer.from(
          JSON.stringify({
            spec: 'chara_card_v2',
            spec_version: '2.0',
            data: { ...communityCard, name: 'Jun' },
          }),
        ),
        'jun.json',
      );
      expect(json.statusCode).toBe(201);
      expect(json.json().data.name).toBe('Jun');
      expect(json.json().data.avatar).toBeNull();
    });

    it('exports a V2 PNG card that imports back with the same fields', async () => {
      const list = (
        await t.app.inject({ method: 'GET', url: '/api/admin/bots', headers: bearer(admin) })
      ).json().data;
      for (const name of ['Yuki', 'Seraphina']) {
        const original = list.find((b: { name: string }) => b.name === name);
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/admin/bots/${original._id}/card`,
          headers: bearer(admin),
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        const card = parseCardFile(res.rawPayload);
        expect(card.spec).toBe('chara_card_v2');
        expect(card.data.name).toBe(name);
        const back = await importFile(res.rawPayload);
        expect(back.statusCode).toBe(201);
        const copy = (
          await t.app.inject({
            method: 'GET',
            url: `/api/admin/bots/${back.json().data._id}`,
            headers: bearer(admin),
          })
        ).json().data;
        for (const field of [
          'name',
          'age',
          'sex',
          'type',
          'body_type',
          'hobbies',
          'hobbies_ru',
          'desc',
          'persona',
          'voice',
          'card',
          'is_video',
          'video_quality',
        ])
          expect(copy[field], field).toEqual(original[field]);
        expect(copy.avatar).toBeTruthy();
      }
    });

    it('refuses hostile card files with a clear 400', async () => {
      const cases: Array<[string, Buffer]> = [
        ['wrong type', Buffer.from('GIF89a not a card')],
        ['broken png', (await portrait()).subarray(0, 40)],
        ['png without card', await portrait()],
        ['bad json', Buffer.from('{"spec": "chara_card_v2", "data": ')],
        [
          'json nul',
          Buffer.from(
            JSON.stringify({ spec: 'chara_card_v2', data: { ...communityCard, name: 'a\u0000b' } }),
          ),
        ],
        ['missing name', Buffer.from(JSON.stringify({ spec: 'chara_card_v2', data: { description: 'x' } }))],
        ['bad base64 json', writeCardPngRaw(await portrait(), Buffer.from('not json').toString('base64'))],
      ];
      for (const [label, data] of cases) {
        const res = await importFile(data);
        expect(res.statusCode, label).toBe(400);
        expect(res.json().code, label).toBe('VALIDATION_ERROR');
      }
      const big = await importFile(
        Buffer.concat([Buffer.from('{"a":"'), Buffer.alloc(11 * 1024 * 1024, 97), Buffer.from('"}')]),
      );
      expect(big.statusCode).toBe(413);
    });
  });
});

function writeCardPngRaw(png: Buffer, b64: string): Buffer {
  const chunks = extractChunks(png);
  chunks.splice(-1, 0, encodeText('chara', b64));
  return Buffer.from(encodeChunks(chunks));
}

const twoNodes = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

/** An edit on one node reaches the cached character list of the other at once (Redis pub/sub). */
describe.skipIf(!twoNodes)('character studio on two nodes', () => {
  let a: { t: TestApp; admin: Session };
  let b: TestApp;
  beforeAll(async () => {
    a = await createAdminTestApp({ REDIS_URL: process.env.REDIS_URL! });
    b = await createTestApp({ REDIS_URL: process.env.REDIS_URL! }, {}, a.t);
    await b.app.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.t.close();
  });

  it('a character renamed on node A shows renamed on node B', async () => {
    const names = async () =>
      (await b.app.inject({ method: 'GET', url: '/api/bots' })).json<{
        data: { _id: string; name: string }[];
      }>().data;
    const yuki = (await names()).find((x) => x.name === 'Yuki')!;
    const res = await a.t.app.inject({
      method: 'PATCH',
      url: `/api/admin/bots/${yuki._id}`,
      headers: bearer(a.admin),
      payload: { name: 'Yukiko' },
    });
    expect(res.statusCode).toBe(200);
    // B's list was cached for 5 s; the message from A drops it (delivered asynchronously by Redis).
    await eventually(async () => (await names()).find((x) => x._id === yuki._id)?.name === 'Yukiko');
  });
});
