/**
 * Renders the short WebM clips of the video demo characters from their art:
 *   npx tsx apps/server/scripts/render-demo-video.ts
 * Output (committed, so the server needs no ffmpeg): apps/server/assets/demo-video/<remote_id>.webm,
 * her video avatar from the main art, and <remote_id>-<n>.webm, the clips she sends when a user
 * asks for a video (one per image in `clipImages`). Needs ffmpeg with libvpx-vp9 on PATH.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderCharacterImages } from '../src/modules/bots/demo-art.ts';
import { demoCharacters } from '../src/modules/bots/seed-characters.ts';

const SECONDS = 4;
const FPS = 24;
const WIDTH = 360;
const HEIGHT = 480;

/** The images the requested clips are made from, in order: <remote_id>-1.webm, -2, -3. */
const clipImages = ['selfie-1', 'photo-2', 'lingerie-1'];

const outDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'demo-video');

/** A slow push-in with a little drift, and a gentle breathing of hue and saturation. */
function filterFor(seed: number): string {
  const frames = SECONDS * FPS;
  const drift = seed % 2 === 0 ? 1 : -1;
  return [
    // Work at 3x so the zoom is smooth, then let zoompan scale down to the clip size.
    `scale=${WIDTH * 3}:${HEIGHT * 3}:flags=lanczos`,
    `zoompan=z='1+0.14*on/${frames}':x='iw/2-(iw/zoom/2)+${drift}*on*0.9':y='ih/2-(ih/zoom/2)-on*0.6':d=1:s=${WIDTH}x${HEIGHT}:fps=${FPS}`,
    `hue=h='7*sin(2*PI*t/${SECONDS})':s='1+0.08*sin(2*PI*t/${SECONDS})'`,
    `fade=t=in:st=0:d=0.4,fade=t=out:st=${SECONDS - 0.4}:d=0.4`,
    'format=yuv420p',
  ].join(',');
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'amora-video-'));
  try {
    for (const c of demoCharacters.filter((d) => d.is_video)) {
      const images = await renderCharacterImages(c);
      const jobs = [
        { key: 'main', out: `${c.remote_id}.webm`, seed: c.remote_id },
        ...clipImages.map((key, i) => ({
          key,
          out: `${c.remote_id}-${i + 1}.webm`,
          seed: c.remote_id + i + 1,
        })),
      ];
      for (const job of jobs) {
        const image = images.find((m) => m.key === job.key);
        if (!image) throw new Error(`No ${job.key} art for ${c.name}`);
        const png = join(work, `${c.remote_id}-${job.key}.png`);
        writeFileSync(png, await sharp(image.webp).png().toBuffer());
        const out = join(outDir, job.out);
        const args = [
          '-y',
          '-loglevel',
          'error',
          '-loop',
          '1',
          '-framerate',
          String(FPS),
          '-t',
          String(SECONDS),
          '-i',
          png,
          '-vf',
          filterFor(job.seed),
          '-an',
          '-c:v',
          'libvpx-vp9',
          '-b:v',
          '0',
          '-crf',
          '34',
          '-deadline',
          'good',
          '-cpu-used',
          '2',
          '-row-mt',
          '1',
          '-threads',
          '2',
          '-metadata',
          `title=${c.name}`,
          out,
        ];
        const started = Date.now();
        const r = spawnSync('ffmpeg', args, { stdio: 'inherit' });
        if (r.status !== 0) throw new Error(`ffmpeg failed for ${c.name} (${r.status ?? r.signal})`);
        const kb = (statSync(out).size / 1024).toFixed(0);
        console.log(`${job.out}  ${c.name}  ${kb} KB  ${Date.now() - started} ms`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
