import { spawn } from 'node:child_process';
import type { SpeechAudio, TtsEngine, TtsVoice } from './tts.ts';
import { speakableText } from './tts.ts';

type RunResult = { code: number | null; stdout: Buffer; stderr: string };

function run(cmd: string, args: string[], input?: Buffer, timeoutMs = 20_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      if (err.length < 4000) err += c.toString();
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr: err });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/** espeak-ng's female and male variants; a character keeps hers by seed. */
const femaleVariants = ['f1', 'f2', 'f3', 'f4', 'f5'];
const maleVariants = ['m1', 'm2', 'm3', 'm4', 'm5'];

export function espeakVoiceArgs(voice: TtsVoice): string[] {
  const variants = voice.sex === 'female' ? femaleVariants : maleVariants;
  const variant = variants[voice.seed % variants.length]!;
  const base = voice.language === 'ru' ? 'ru' : 'en-us';
  const pitch = (voice.sex === 'female' ? 55 : 35) + (voice.seed % 4) * 5;
  const speed = 150 + (voice.seed % 3) * 10;
  return ['-v', `${base}+${variant}`, '-p', String(pitch), '-s', String(speed)];
}

/** Duration of a PCM WAV from its header (espeak-ng writes a plain RIFF header). */
function wavDurationMs(wav: Buffer): number | null {
  if (wav.length < 44 || wav.subarray(0, 4).toString('latin1') !== 'RIFF') return null;
  const byteRate = wav.readUInt32LE(28);
  if (!byteRate) return null;
  return Math.round(((wav.length - 44) / byteRate) * 1000);
}

/**
 * The offline voice: espeak-ng speaks to WAV, ffmpeg encodes Ogg/Opus. Reports unavailable when
 * either program is missing.
 */
export function createEspeakTts(opts: { espeak?: string; ffmpeg?: string } = {}): TtsEngine {
  const espeak = opts.espeak ?? 'espeak-ng';
  const ffmpeg = opts.ffmpeg ?? 'ffmpeg';
  let availability: Promise<boolean> | null = null;

  async function check(): Promise<boolean> {
    try {
      const [e, f] = await Promise.all([
        run(espeak, ['--version'], undefined, 5000),
        run(ffmpeg, ['-version'], undefined, 5000),
      ]);
      return e.code === 0 && f.code === 0;
    } catch {
      return false;
    }
  }

  return {
    name: 'espeak-ng',
    available() {
      availability ??= check();
      return availability;
    },
    async synthesize(text: string, voice: TtsVoice): Promise<SpeechAudio> {
      const words = speakableText(text) || '...';
      const wav = await run(espeak, [...espeakVoiceArgs(voice), '--stdout', words]);
      if (wav.code !== 0 || wav.stdout.length < 44) throw new Error(`espeak-ng failed: ${wav.stderr.trim()}`);
      const ogg = await run(
        ffmpeg,
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-f',
          'wav',
          '-i',
          'pipe:0',
          '-ac',
          '1',
          '-c:a',
          'libopus',
          '-b:a',
          '32k',
          '-f',
          'ogg',
          'pipe:1',
        ],
        wav.stdout,
      );
      if (ogg.code !== 0 || ogg.stdout.length === 0) throw new Error(`ffmpeg failed: ${ogg.stderr.trim()}`);
      return { data: ogg.stdout, mime: 'audio/ogg', durationMs: wavDurationMs(wav.stdout) };
    },
  };
}
