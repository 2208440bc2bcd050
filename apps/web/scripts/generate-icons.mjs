// Draws the Amora app icons from one SVG. Run: node apps/web/scripts/generate-icons.mjs
// Uses sharp from the repository root node_modules; the PNGs are committed in apps/web/public.
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = resolve(dirname(fileURLToPath(import.meta.url)), '../public');

const heart =
  'M256 396c-6 0-12-2-17-6-52-43-140-106-140-190 0-51 38-90 86-90 31 0 55 16 71 40 16-24 40-40 71-40 48 0 86 39 86 90 0 84-88 147-140 190-5 4-11 6-17 6z';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <defs>
    <radialGradient id="bg" cx="50%" cy="38%" r="75%">
      <stop offset="0" stop-color="#3a1526"/>
      <stop offset="0.55" stop-color="#1f0d17"/>
      <stop offset="1" stop-color="#12080d"/>
    </radialGradient>
    <linearGradient id="heart" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ff8a65"/>
      <stop offset="0.5" stop-color="#ff4f7b"/>
      <stop offset="1" stop-color="#c2185b"/>
    </linearGradient>
    <filter id="glow" x="-30%" y="-30%" width="160%" height="160%">
      <feGaussianBlur stdDeviation="18"/>
    </filter>
  </defs>
  <rect width="512" height="512" fill="url(#bg)"/>
  <path d="${heart}" fill="#ff4f7b" opacity="0.55" filter="url(#glow)"/>
  <path d="${heart}" fill="url(#heart)"/>
  <path d="M196 168c-22 6-36 26-36 50" fill="none" stroke="#ffd7c9" stroke-width="14" stroke-linecap="round" opacity="0.7"/>
</svg>`;

await writeFile(resolve(publicDir, 'favicon.svg'), svg);
for (const [name, size] of [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['apple-touch-icon.png', 180],
]) {
  await sharp(Buffer.from(svg))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(resolve(publicDir, name));
}
console.log('icons written to', publicDir);
