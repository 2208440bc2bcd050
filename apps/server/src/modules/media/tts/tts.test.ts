import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCharacters } from '../../bots/seed-characters.ts';
import { buildWorker } from '../../../test/build-worker.ts';
import { parseMp3 } from '../../../test/mp3.ts';
import { createEspeakWasmTts, espeakParams } from './espeak-wasm-tts.ts';
import { createOpenAiTts } from './openai-tts.ts';
import { defaultVoice, speakableText, speechLanguage, type TtsVoice } from './tts.ts';

const yuki = demoCharacters.find((c) => c.name === 'Yuki')!;
const kai = demoCharacters.find((c) => c.name === 'Kai')!;
const voiceOf = (c: typeof yuki, language: TtsVoice['language']): TtsVoice => ({
  ...c.voice,
  language,
  sex: c.sex,
  seed: c.remote_id,
});

// The built-in voice must work on a machine without Debian's espeak-ng and ffmpeg: the whole
// suite below runs with a PATH that has neither (an empty directory).
const realPath = process.env.PATH;
const emptyBin = mkdtempSync(join(tmpdir(), 'no-bin-'));
beforeAll(() => {
  process.env.PATH = emptyBin;
});
afterAll(() => {
  process.env.PATH = realPath;
  rmSync(emptyBin, { recursive: true, force: true });
});

describe('built-in voice: espeak-ng as WebAssembly, MP3 by lamejs', () => {
  it('runs where neither espeak-ng nor ffmpeg can be found', () => {
    for (const cmd of ['espeak-ng', 'ffmpeg']) expect(spawnSync(cmd, ['--version']).error).toBeDefined();
  });

  it('speaks English and Russian to whole MP3 files of the length it reports', async () => {
    const tts = createEspeakWasmTts({ workerFile: null });
    expect(tts.mime).toBe('audio/mpeg');
    expect(await tts.available()).toBe(true);
    for (const [text, language] of [
      ['Hi, it is me. I missed you today! *smiles* 💕', 'en'],
      ['Привет, это я. Я скучала по тебе весь день', 'ru'],
    ] as const) {
      const audio = await tts.synthesize(text, voiceOf(yuki, language));
      expect(audio.mime).toBe('audio/mpeg');
      const mp3 = parseMp3(audio.data);
      expect(mp3).toMatchObject({ sampleRate: 22050, channels: 1 });
      expect(mp3.durationMs).toBeGreaterThan(1200);
      expect(mp3.durationMs).toBeLessThan(8000);
      expect(Math.abs(mp3.durationMs - audio.durationMs!)).toBeLessThan(150);
      // Speech, not silence: silent frames are all alike.
      expect(mp3.distinctFrames).toBeGreaterThan(mp3.frames / 2);
    }
  });

  it('gives each character her own voice: variant, pitch and speed from her data', async () => {
    const tts = createEspeakWasmTts({ workerFile: null });
    const line = 'I was thinking about you all day long.';
    const her = await tts.synthesize(line, voiceOf(yuki, 'en'));
    const him = await tts.synthesize(line, voiceOf(kai, 'en'));
    expect(her.data.equals(him.data)).toBe(false);
    expect(espeakParams(voiceOf(yuki, 'en'))).toEqual({ voice: 'en-us', ...yuki.voice });
    expect(espeakParams(voiceOf(kai, 'ru'))).toEqual({ voice: 'ru', ...kai.voice });
    expect(espeakParams({ ...voiceOf(yuki, 'no') }).voice).toBe('nb');
    // Faster speech is shorter.
    const slow = await tts.synthesize(line, { ...voiceOf(yuki, 'en'), speed: 120 });
    const fast = await tts.synthesize(line, { ...voiceOf(yuki, 'en'), speed: 220 });
    expect(parseMp3(slow.data).durationMs).toBeGreaterThan(parseMp3(fast.data).durationMs * 1.4);
  });

  it('every demo character has a distinct voice, male variants for men', () => {
    const seen = new Set(demoCharacters.map((c) => JSON.stringify(c.voice)));
    expect(seen.size).toBe(demoCharacters.length);
    for (const c of demoCharacters) expect(c.voice.variant.startsWith('m')).toBe(c.sex === 'male');
    expect(defaultVoice('male', 3).variant).toMatch(/^m\d$/);
    expect(defaultVoice('female', 3).variant).toMatch(/^f\d$/);
  });

  it('speaks other espeak languages, and an unknown variant falls back to the plain voice', async () => {
    const tts = createEspeakWasmTts({ workerFile: null });
    const de = await tts.synthesize('Ich habe heute den ganzen Tag an dich gedacht.', voiceOf(yuki, 'de'));
    expect(parseMp3(de.data).durationMs).toBeGreaterThan(1000);
    const odd = await tts.synthesize('Hello there.', { ...voiceOf(yuki, 'en'), variant: 'nosuchvariant' });
    expect(parseMp3(odd.data).durationMs).toBeGreaterThan(300);
  });

  it('reads a line in the language it is written in, the chat language otherwise', () => {
    expect(speechLanguage('Привет, как дела?', 'en')).toBe('ru');
    expect(speechLanguage('I missed you so much today', 'ru')).toBe('en');
    expect(speechLanguage('I missed you so much today, how was your day?', 'de')).toBe('en');
    expect(speechLanguage('Ich habe dich heute so vermisst', 'de')).toBe('de');
    expect(speechLanguage('Je pense à toi', 'fr')).toBe('fr');
    expect(speechLanguage('Hello', 'xx')).toBe('en');
  });

  it('on its own thread (the built server) it makes the same MP3', async () => {
    const worker = await buildWorker(join(import.meta.dirname, 'espeak-worker.ts'));
    try {
      const threaded = createEspeakWasmTts({ workerFile: worker.file });
      try {
        const [en, ru] = await Promise.all([
          threaded.synthesize('Good night, sleep well.', voiceOf(kai, 'en')),
          threaded.synthesize('Спокойной ночи, сладких снов.', voiceOf(kai, 'ru')),
        ]);
        expect(parseMp3(en.data).durationMs).toBeGreaterThan(800);
        expect(parseMp3(ru.data).durationMs).toBeGreaterThan(800);
        expect(en.durationMs).toBeGreaterThan(800);
      } finally {
        await threaded.close?.();
      }
    } finally {
      worker.dispose();
    }
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
      const audio = await tts.synthesize('Hello there 💕', {
        ...defaultVoice('female', 1),
        language: 'en',
        sex: 'female',
        seed: 1,
      });
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
      const voice: TtsVoice = { ...defaultVoice('male', 2), language: 'en', sex: 'male', seed: 2 };
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
