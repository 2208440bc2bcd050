import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEspeakTts } from './espeak-tts.ts';
import { createOpenAiTts } from './openai-tts.ts';
import { isOggOpus, speakableText } from './tts.ts';

const hasEspeak = spawnSync('espeak-ng', ['--version']).status === 0;

function probe(data: Buffer): { codec: string; duration: number } {
  const file = join(mkdtempSync(join(tmpdir(), 'tts-')), 'note.ogg');
  writeFileSync(file, data);
  const r = spawnSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name:format=duration,format_name',
    '-of',
    'json',
    file,
  ]);
  const json = JSON.parse(r.stdout.toString()) as {
    streams: Array<{ codec_name: string }>;
    format: { duration: string; format_name: string };
  };
  expect(json.format.format_name).toBe('ogg');
  return { codec: json.streams[0]!.codec_name, duration: Number(json.format.duration) };
}

describe('espeak-ng engine', () => {
  it.skipIf(!hasEspeak)('speaks English and Russian to playable Ogg/Opus with a known duration', async () => {
    const tts = createEspeakTts();
    expect(await tts.available()).toBe(true);
    for (const [text, language] of [
      ['Hi, it is me. I missed you today!', 'en'],
      ['Привет, это я. Я скучала по тебе', 'ru'],
    ] as const) {
      const audio = await tts.synthesize(text, { language, sex: 'female', seed: 7 });
      expect(isOggOpus(audio.data)).toBe(true);
      const p = probe(audio.data);
      expect(p.codec).toBe('opus');
      expect(p.duration).toBeGreaterThan(0.8);
      expect(audio.durationMs).toBeGreaterThan(800);
    }
  });

  it('reports unavailable when espeak-ng is missing', async () => {
    const tts = createEspeakTts({ espeak: 'espeak-ng-does-not-exist' });
    expect(await tts.available()).toBe(false);
  });

  it('reads no emoji or stage directions aloud', () => {
    expect(speakableText('Hey *hugs you* you 💕 okay')).toBe('Hey you okay');
  });
});

describe('OpenAI-compatible /audio/speech adapter', () => {
  async function loopback(
    handler: (req: IncomingMessage, body: string) => { status: number; body: Buffer; type: string },
  ) {
    const seen: Array<{ url: string; auth: string | undefined; body: Record<string, unknown> }> = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        seen.push({
          url: req.url ?? '',
          auth: req.headers.authorization,
          body: JSON.parse(raw) as Record<string, unknown>,
        });
        const out = handler(req, raw);
        res.writeHead(out.status, { 'content-type': out.type });
        res.end(out.body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    return { base, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
  }

  it('posts { model, input, voice, response_format: opus } with the bearer key and returns the Ogg bytes', async () => {
    const ogg = Buffer.concat([
      Buffer.from('OggS'),
      Buffer.alloc(24),
      Buffer.from('OpusHead'),
      Buffer.alloc(80),
    ]);
    const srv = await loopback(() => ({ status: 200, body: ogg, type: 'audio/ogg' }));
    try {
      const tts = createOpenAiTts({ baseUrl: `${srv.base}/`, apiKey: 'sk-test', model: 'tts-1-hd' });
      const audio = await tts.synthesize('Hello there 💕', { language: 'en', sex: 'female', seed: 1 });
      expect(audio.data.equals(ogg)).toBe(true);
      expect(srv.seen).toHaveLength(1);
      expect(srv.seen[0]).toMatchObject({
        url: '/v1/audio/speech',
        auth: 'Bearer sk-test',
        body: { model: 'tts-1-hd', input: 'Hello there', voice: 'shimmer', response_format: 'opus' },
      });
    } finally {
      await srv.close();
    }
  });

  it('fails clearly on an error status or a body that is not Ogg/Opus', async () => {
    const srv = await loopback((req) =>
      req.headers.authorization === 'Bearer bad'
        ? {
            status: 401,
            body: Buffer.from('{"error":{"message":"Incorrect API key"}}'),
            type: 'application/json',
          }
        : { status: 200, body: Buffer.from('ID3 not ogg at all'), type: 'audio/mpeg' },
    );
    try {
      const voice = { language: 'en', sex: 'male', seed: 2 } as const;
      await expect(
        createOpenAiTts({ baseUrl: srv.base, apiKey: 'bad' }).synthesize('Hi', voice),
      ).rejects.toThrow(/401.*Incorrect API key/);
      await expect(
        createOpenAiTts({ baseUrl: srv.base, apiKey: 'ok' }).synthesize('Hi', voice),
      ).rejects.toThrow(/Ogg\/Opus/);
    } finally {
      await srv.close();
    }
  });
});
