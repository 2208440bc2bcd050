import { seededRandom } from '@amora/shared/random.ts';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adventurer, avataaars, lorelei, micah, toonHead } from '@dicebear/collection';
import { createAvatar, type Style, type StyleOptions } from '@dicebear/core';
import sharp from 'sharp';
import type { DemoCharacter } from './seed-characters.ts';
import { demoCharacters } from './seed-characters.ts';

/*
 * Offline art for the demo characters: a DiceBear avatar composed into an SVG "photo" with a scene
 * behind it, rendered to WebP by sharp. Everything is derived from the character's seed, so the same
 * character always gives the same bytes.
 */

type OptionsOf<S> = S extends Style<infer O> ? StyleOptions<O> : never;

/** The DiceBear style and the options that fix her look (hair, colours...). Expressions are added per image. */
export type DemoAvatar =
  | { style: 'adventurer'; options: OptionsOf<typeof adventurer> }
  | { style: 'lorelei'; options: OptionsOf<typeof lorelei> }
  | { style: 'avataaars'; options: OptionsOf<typeof avataaars> }
  | { style: 'micah'; options: OptionsOf<typeof micah> }
  | { style: 'toonHead'; options: OptionsOf<typeof toonHead> };

export const sceneKinds = [
  'snow',
  'cafe',
  'bedroom',
  'sakura',
  'evening',
  'beach',
  'sunset',
  'city-day',
  'city-night',
  'library',
  'park',
  'neon',
  'stars',
  'sea',
  'kitchen',
  'garage',
  'garden',
] as const;
export type SceneKind = (typeof sceneKinds)[number];

export type DemoArt = {
  /** Seeds every random choice of the renderer. */
  seed: string;
  avatar: DemoAvatar;
  /**
   * Outfit colours (hex without '#'), one per image: main, photo-1, selfie-1, photo-2, lingerie-1,
   * profile-1.
   */
  outfit: [string, string, string, string, string, string];
  /** A CSS colour for highlights (lights, petals, bokeh). */
  accent: string;
  /** Scenes, one per image in the same order as `outfit`. */
  scenes: [SceneKind, SceneKind, SceneKind, SceneKind, SceneKind, SceneKind];
};

export type DemoImageCategory = 'main' | 'selfie' | 'non-explicit' | 'lingerie';

export type DemoImage = {
  key: string;
  category: DemoImageCategory;
  /** The relationship level from which she shares it (1 Stranger .. 4 Soulmate). */
  level: 1 | 2 | 3 | 4;
  width: number;
  height: number;
  webp: Buffer;
};

export const DEMO_IMAGE_WIDTH = 600;
export const DEMO_IMAGE_HEIGHT = 800;

export type Expression = 'smile' | 'happy' | 'wink' | 'playful' | 'soft';
export type Shot = 'portrait' | 'selfie';

export type Variant = {
  key: string;
  category: DemoImageCategory;
  level: 1 | 2 | 3 | 4;
  expression: Expression;
  shot: Shot;
  /** Index into the character's `scenes` and `outfit`. */
  slot: number;
};

/** Her images, in the order they are returned: the main portrait, a public profile photo, then the rest by level. */
const variants: readonly Variant[] = [
  { key: 'main', category: 'main', level: 1, expression: 'smile', shot: 'portrait', slot: 0 },
  { key: 'profile-1', category: 'non-explicit', level: 1, expression: 'happy', shot: 'selfie', slot: 5 },
  { key: 'photo-1', category: 'non-explicit', level: 2, expression: 'happy', shot: 'portrait', slot: 1 },
  { key: 'selfie-1', category: 'selfie', level: 2, expression: 'wink', shot: 'selfie', slot: 2 },
  { key: 'photo-2', category: 'non-explicit', level: 3, expression: 'playful', shot: 'portrait', slot: 3 },
  { key: 'lingerie-1', category: 'lingerie', level: 4, expression: 'soft', shot: 'portrait', slot: 4 },
];

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded generator (mulberry32) per string seed. */
function seededRandomOf(seed: string): () => number {
  return seededRandom(hashString(seed));
}

type Rng = () => number;
const between = (rng: Rng, lo: number, hi: number): number => lo + (hi - lo) * rng();
const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();

// ---------------------------------------------------------------------------------------------
// Scenes: each returns the layers behind her and the layers in front of her.

type SceneLayers = { back: string; front: string };

function linear(id: string, stops: Array<[number, string]>, vertical = true): string {
  const coords = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  return `<linearGradient id="${id}" ${coords}>${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
}

function radial(id: string, color: string, opacity = 1): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

/** Soft out-of-focus lights. In front of her they keep clear of her face. */
function bokeh(
  rng: Rng,
  count: number,
  colors: string[],
  yMin: number,
  yMax: number,
  rMin = 12,
  rMax = 46,
): string {
  const defs = colors.map((c, i) => radial(`bk${i}`, c, 0.85)).join('');
  let out = `<defs>${defs}</defs>`;
  for (let i = 0; i < count; i++) {
    const c = Math.floor(rng() * colors.length);
    let x = between(rng, 0, 600);
    const y = between(rng, yMin, yMax);
    const r = between(rng, rMin, rMax);
    if (x > 130 - r && x < 470 + r && y > 110 - r && y < 620 + r)
      x = x < 300 ? between(rng, 0, 110 - r) : between(rng, 490 + r, 600);
    out += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="url(#bk${c})" opacity="${r1(between(rng, 0.35, 0.9))}"/>`;
  }
  return out;
}

function stars(rng: Rng, count: number, yMax: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${r1(between(rng, 0, 600))}" cy="${r1(between(rng, 0, yMax))}" r="${r1(between(rng, 0.6, 2.2))}" fill="#fff" opacity="${r1(between(rng, 0.4, 1))}"/>`;
  }
  return out;
}

function skyline(
  rng: Rng,
  baseY: number,
  color: string,
  windows: string | null,
  minH = 120,
  maxH = 320,
): string {
  let x = -10;
  let out = '';
  while (x < 610) {
    const w = between(rng, 50, 110);
    const h = between(rng, minH, maxH);
    const top = baseY - h;
    out += `<rect x="${r1(x)}" y="${r1(top)}" width="${r1(w)}" height="${r1(h + 400)}" fill="${color}"/>`;
    if (windows) {
      for (let wy = top + 16; wy < Math.min(baseY - 10, 800); wy += 26) {
        for (let wx = x + 8; wx < x + w - 12; wx += 18) {
          if (rng() < 0.22)
            out += `<rect x="${r1(wx)}" y="${r1(wy)}" width="8" height="11" fill="${windows}"/>`;
        }
      }
    }
    x += w + between(rng, 0, 8);
  }
  return out;
}

function scene(kind: SceneKind, rng: Rng, accent: string): SceneLayers {
  switch (kind) {
    case 'snow': {
      let flakes = '';
      for (let i = 0; i < 70; i++) {
        flakes += `<circle cx="${r1(between(rng, 0, 600))}" cy="${r1(between(rng, 0, 800))}" r="${r1(between(rng, 1.5, 5))}" fill="#fff" opacity="${r1(between(rng, 0.5, 0.95))}"/>`;
      }
      return {
        back: `<defs>${linear('sky', [
          [0, '#a9c6ea'],
          [0.6, '#dfe9f7'],
          [1, '#f6f9ff'],
        ])}</defs><rect width="600" height="800" fill="url(#sky)"/>
<path d="M0 520 L110 380 L190 470 L300 330 L420 480 L500 400 L600 500 L600 800 L0 800Z" fill="#c8d8ee"/>
<path d="M0 600 Q150 540 300 600 T600 590 L600 800 L0 800Z" fill="#eef4fc"/>`,
        front: flakes,
      };
    }
    case 'cafe': {
      let lamps = '';
      for (const x of [120, 300, 480]) {
        lamps += `<line x1="${x}" y1="0" x2="${x}" y2="${r1(between(rng, 90, 140))}" stroke="#3e2a1e" stroke-width="3"/><circle cx="${x}" cy="${r1(between(rng, 150, 170))}" r="60" fill="url(#glow)"/><circle cx="${x}" cy="${r1(between(rng, 140, 155))}" r="16" fill="#ffd58a"/>`;
      }
      return {
        back: `<defs>${linear('wall', [
          [0, '#6d4c3d'],
          [1, '#a47551'],
        ])}${radial('glow', '#ffd58a', 0.8)}</defs><rect width="600" height="800" fill="url(#wall)"/>
<rect x="330" y="210" width="220" height="260" rx="10" fill="#f6d7a7" opacity="0.55"/><line x1="440" y1="210" x2="440" y2="470" stroke="#6d4c3d" stroke-width="8"/><line x1="330" y1="340" x2="550" y2="340" stroke="#6d4c3d" stroke-width="8"/>
<rect x="30" y="260" width="180" height="14" fill="#4a3326"/><rect x="45" y="222" width="26" height="38" rx="4" fill="#e8d5b7"/><rect x="85" y="230" width="30" height="30" rx="6" fill="${accent}"/><rect x="130" y="218" width="22" height="42" rx="4" fill="#8fb996"/>
${lamps}<rect y="640" width="600" height="160" fill="#4a3326"/>`,
        front: bokeh(rng, 8, ['#ffd58a', '#ffffff'], 0, 300, 10, 30),
      };
    }
    case 'bedroom':
    case 'evening': {
      const warm = kind === 'evening';
      let lights = '';
      for (let i = 0; i < 14; i++) {
        const x = 20 + i * 42;
        const y = 70 + Math.sin(i / 2) * 18;
        lights += `<circle cx="${x}" cy="${r1(y + 40)}" r="22" fill="url(#fl)"/><circle cx="${x}" cy="${r1(y + 40)}" r="5" fill="#fff3c4"/>`;
      }
      return {
        back: `<defs>${linear(
          'room',
          warm
            ? [
                [0, '#2b1633'],
                [0.55, '#5a2a48'],
                [1, '#8a4055'],
              ]
            : [
                [0, '#cdb8e6'],
                [1, '#f3d9ea'],
              ],
        )}${radial('fl', warm ? '#ffcf7a' : '#ffffff', 0.9)}${radial('lamp', '#ffb36b', 0.55)}</defs>
<rect width="600" height="800" fill="url(#room)"/>
<rect x="380" y="170" width="170" height="230" rx="85" fill="${warm ? '#1b1030' : '#eaf2ff'}" opacity="0.9"/><circle cx="470" cy="250" r="26" fill="${warm ? '#fff2c2' : '#ffe08a'}"/>
<path d="M0 90 Q300 170 600 90" stroke="#00000033" stroke-width="2" fill="none"/>${lights}
${warm ? '<circle cx="70" cy="560" r="200" fill="url(#lamp)"/>' : ''}<rect y="650" width="600" height="150" fill="${warm ? '#3b1a2e' : '#e6cfe0'}"/>`,
        front: warm
          ? bokeh(rng, 10, ['#ffcf7a', accent], 0, 800, 8, 26)
          : bokeh(rng, 6, ['#ffffff', accent], 0, 260, 8, 22),
      };
    }
    case 'sakura': {
      let petals = '';
      for (let i = 0; i < 40; i++) {
        const x = between(rng, 0, 600);
        const y = between(rng, 0, 800);
        petals += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(between(rng, 4, 8))}" ry="${r1(between(rng, 2.5, 4.5))}" transform="rotate(${r1(between(rng, 0, 180))} ${r1(x)} ${r1(y)})" fill="#ffc1d9" opacity="${r1(between(rng, 0.6, 1))}"/>`;
      }
      let blossoms = '';
      for (let i = 0; i < 26; i++) {
        blossoms += `<circle cx="${r1(between(rng, 280, 620))}" cy="${r1(between(rng, 20, 200))}" r="${r1(between(rng, 14, 34))}" fill="${rng() < 0.5 ? '#ffd1e3' : '#ffb7d0'}" opacity="0.9"/>`;
      }
      return {
        back: `<defs>${linear('sky', [
          [0, '#ffe4ef'],
          [1, '#fff7e8'],
        ])}</defs><rect width="600" height="800" fill="url(#sky)"/>
<path d="M620 60 Q450 90 380 170 Q330 230 260 240" stroke="#6b4a3a" stroke-width="14" fill="none" stroke-linecap="round"/>${blossoms}
<path d="M0 640 Q300 600 600 650 L600 800 L0 800Z" fill="#f4d2de"/>`,
        front: petals,
      };
    }
    case 'beach':
      return {
        back: `<defs>${linear('sky', [
          [0, '#5ec8f2'],
          [1, '#bdefff'],
        ])}${radial('sun', '#fff6c0', 1)}</defs><rect width="600" height="800" fill="url(#sky)"/>
<circle cx="${r1(between(rng, 90, 200))}" cy="130" r="110" fill="url(#sun)"/><circle cx="${r1(between(rng, 90, 200))}" cy="130" r="44" fill="#fff6c0"/>
<path d="M0 420 L600 420 L600 560 L0 560Z" fill="#1e9fd6"/><path d="M0 440 Q75 430 150 442 T300 440 T450 442 T600 438" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.7"/>
<path d="M0 540 Q300 500 600 545 L600 800 L0 800Z" fill="#f6deaa"/>
<path d="M520 560 Q505 420 540 300" stroke="#7a5230" stroke-width="12" fill="none"/><path d="M540 300 q-70 -10 -110 30 M540 300 q60 -25 100 0 M540 300 q-30 -60 -90 -60 M540 300 q40 -50 90 -40" stroke="#2f9e44" stroke-width="14" fill="none" stroke-linecap="round"/>`,
        front: '',
      };
    case 'sunset':
      return {
        back: `<defs>${linear('sky', [
          [0, '#3b2a6b'],
          [0.45, '#e0607e'],
          [0.75, '#ffa95c'],
          [1, '#ffd39a'],
        ])}${radial('sun', '#ffe0a0', 1)}</defs><rect width="600" height="800" fill="url(#sky)"/>
<circle cx="300" cy="470" r="190" fill="url(#sun)"/><circle cx="300" cy="470" r="80" fill="#ffd9a0"/>
<rect y="480" width="600" height="320" fill="#5a3d6e"/><path d="M0 480 L600 480" stroke="#ffd39a" stroke-width="3"/>
${[500, 525, 555].map((y, i) => `<rect x="${240 - i * 20}" y="${y}" width="${120 + i * 40}" height="5" rx="2" fill="#ffd39a" opacity="${0.7 - i * 0.2}"/>`).join('')}
${skyline(rng, 480, '#2d1f3f', null, 30, 110)}`,
        front: '',
      };
    case 'city-day':
      return {
        back: `<defs>${linear('sky', [
          [0, '#8ec5ff'],
          [1, '#e8f3ff'],
        ])}</defs><rect width="600" height="800" fill="url(#sky)"/>
<ellipse cx="140" cy="140" rx="70" ry="24" fill="#fff" opacity="0.9"/><ellipse cx="460" cy="100" rx="90" ry="26" fill="#fff" opacity="0.8"/>
${skyline(rng, 640, '#f0c27b', '#ffffff', 160, 380)}${skyline(rng, 700, '#e07a5f', '#ffe8c2', 80, 220)}<rect y="700" width="600" height="100" fill="#9a8c98"/>`,
        front: '',
      };
    case 'city-night':
      return {
        back: `<defs>${linear('sky', [
          [0, '#0b1026'],
          [0.7, '#2a2f5a'],
          [1, '#4b3f72'],
        ])}</defs><rect width="600" height="800" fill="url(#sky)"/>
${stars(rng, 40, 300)}<circle cx="480" cy="110" r="38" fill="#f4f1de"/><circle cx="466" cy="100" r="38" fill="#0f1430" opacity="0.35"/>
${skyline(rng, 700, '#1b1f3b', '#ffd166', 200, 420)}<rect y="700" width="600" height="100" fill="#141733"/>`,
        front: bokeh(rng, 10, ['#ffd166', accent], 500, 800, 10, 34),
      };
    case 'library': {
      let books = '';
      for (let shelf = 0; shelf < 5; shelf++) {
        const y = 60 + shelf * 130;
        books += `<rect x="0" y="${y + 100}" width="600" height="12" fill="#4e342e"/>`;
        let x = 6;
        while (x < 590) {
          const w = between(rng, 14, 30);
          const h = between(rng, 70, 98);
          const colors = ['#8d2b2b', '#2b4c7e', '#3f6e4a', '#c9a227', '#6b4f8a', '#a0522d', '#e8d5b7'];
          books += `<rect x="${r1(x)}" y="${r1(y + 100 - h)}" width="${r1(w)}" height="${r1(h)}" fill="${colors[Math.floor(rng() * colors.length)]}"/>`;
          x += w + 2;
        }
      }
      return {
        back: `<defs>${radial('lamp', '#ffd89b', 0.6)}</defs><rect width="600" height="800" fill="#5d4037"/>${books}<rect width="600" height="800" fill="#2b1a12" opacity="0.35"/><circle cx="460" cy="240" r="260" fill="url(#lamp)"/>`,
        front: bokeh(rng, 6, ['#ffd89b'], 0, 400, 8, 20),
      };
    }
    case 'park':
    case 'garden': {
      let trees = '';
      for (let i = 0; i < 7; i++) {
        const x = between(rng, -30, 630);
        const y = between(rng, 330, 470);
        trees += `<rect x="${r1(x - 8)}" y="${r1(y)}" width="16" height="140" fill="#6d4c41"/><circle cx="${r1(x)}" cy="${r1(y - 20)}" r="${r1(between(rng, 50, 80))}" fill="${rng() < 0.5 ? '#66bb6a' : '#43a047'}"/>`;
      }
      let flowers = '';
      if (kind === 'garden') {
        for (let i = 0; i < 50; i++) {
          flowers += `<circle cx="${r1(between(rng, 0, 600))}" cy="${r1(between(rng, 560, 800))}" r="${r1(between(rng, 5, 11))}" fill="${rng() < 0.6 ? '#e53935' : '#f8bbd0'}"/>`;
        }
      }
      return {
        back: `<defs>${linear('sky', [
          [0, '#9fd8ff'],
          [1, '#e9f8ff'],
        ])}</defs><rect width="600" height="800" fill="url(#sky)"/>
<path d="M0 470 Q200 400 400 460 T600 440 L600 800 L0 800Z" fill="#a5d6a7"/>${trees}<path d="M0 560 Q300 520 600 570 L600 800 L0 800Z" fill="#81c784"/>${flowers}`,
        front: kind === 'garden' ? '' : bokeh(rng, 5, ['#ffffff'], 0, 300, 8, 20),
      };
    }
    case 'neon': {
      const signs = [accent, '#ff4ecd', '#00e5ff', '#b388ff'];
      let neon = '';
      for (let i = 0; i < 6; i++) {
        const c = signs[i % signs.length];
        neon += `<rect x="${r1(between(rng, 10, 520))}" y="${r1(between(rng, 60, 460))}" width="${r1(between(rng, 40, 90))}" height="${r1(between(rng, 18, 30))}" rx="8" fill="none" stroke="${c}" stroke-width="5" opacity="0.9"/>`;
      }
      return {
        back: `<defs>${linear('sky', [
          [0, '#12002b'],
          [1, '#3a0a5e'],
        ])}</defs><rect width="600" height="800" fill="url(#sky)"/>
${skyline(rng, 760, '#1d0638', '#ff9ef5', 300, 600)}${neon}<rect y="740" width="600" height="60" fill="#0d0020"/>`,
        front: bokeh(rng, 12, signs, 0, 800, 8, 30),
      };
    }
    case 'stars':
      return {
        back: `<defs>${linear('sky', [
          [0, '#050a1f'],
          [0.6, '#1b1a4a'],
          [1, '#3d2c6b'],
        ])}${radial('moon', '#f7f3d6', 0.5)}</defs><rect width="600" height="800" fill="url(#sky)"/>
${stars(rng, 70, 680)}<circle cx="150" cy="150" r="120" fill="url(#moon)"/><circle cx="150" cy="150" r="46" fill="#f7f3d6"/>
<path d="M380 90 L430 130 L470 110 L520 170" stroke="#ffffff" stroke-width="1.2" opacity="0.6" fill="none"/>
<path d="M0 700 Q300 650 600 710 L600 800 L0 800Z" fill="#120e2e"/>`,
        front: '',
      };
    case 'sea':
      return {
        back: `<defs>${linear('sky', [
          [0, '#ffd1a9'],
          [0.5, '#ffe8d1'],
          [1, '#bfe3ff'],
        ])}${linear('water', [
          [0, '#4fb3d9'],
          [1, '#1c6e9c'],
        ])}</defs><rect width="600" height="800" fill="url(#sky)"/>
<circle cx="450" cy="300" r="50" fill="#fff3d6"/><rect y="380" width="600" height="420" fill="url(#water)"/>
${Array.from({ length: 8 }, (_, i) => `<path d="M${r1(between(rng, -50, 500))} ${410 + i * 30} q30 -8 60 0 t60 0" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.55"/>`).join('')}
<path d="M90 380 L140 300 L140 380Z" fill="#ffffff"/><path d="M70 382 L160 382 L150 396 L80 396Z" fill="#5d4037"/>`,
        front: '',
      };
    case 'kitchen':
      return {
        back: `<defs>${linear('wall', [
          [0, '#fff3e0'],
          [1, '#ffe0b2'],
        ])}${radial('win', '#ffffff', 0.7)}</defs><rect width="600" height="800" fill="url(#wall)"/>
${Array.from({ length: 8 }, (_, row) => Array.from({ length: 10 }, (_, col) => `<rect x="${col * 60 + (row % 2) * 30 - 30}" y="${300 + row * 30}" width="58" height="28" fill="#ffffff" stroke="#e0c9a6" stroke-width="1"/>`).join('')).join('')}
<rect x="60" y="70" width="200" height="170" rx="8" fill="#bde0fe"/><circle cx="160" cy="155" r="140" fill="url(#win)"/><line x1="160" y1="70" x2="160" y2="240" stroke="#fff" stroke-width="8"/>
<rect x="360" y="120" width="200" height="10" fill="#8d6e63"/><circle cx="400" cy="105" r="15" fill="#c0392b"/><rect x="430" y="84" width="22" height="36" rx="4" fill="#8bc34a"/><rect x="470" y="92" width="40" height="28" rx="6" fill="${accent}"/>
<rect y="620" width="600" height="180" fill="#a1887f"/><rect y="610" width="600" height="14" fill="#d7ccc8"/>`,
        front: '',
      };
    case 'garage':
      return {
        back: `<defs>${linear('wall', [
          [0, '#263238'],
          [1, '#37474f'],
        ])}${radial('bulb', '#ffe082', 0.7)}</defs><rect width="600" height="800" fill="url(#wall)"/>
${Array.from({ length: 12 }, (_, i) => `<line x1="0" y1="${i * 60}" x2="600" y2="${i * 60}" stroke="#455a64" stroke-width="2"/>`).join('')}
<rect x="40" y="160" width="220" height="150" fill="#546e7a"/>${Array.from({ length: 6 }, (_, i) => `<rect x="${55 + i * 34}" y="${185 + (i % 2) * 20}" width="8" height="${r1(between(rng, 50, 90))}" rx="3" fill="#b0bec5"/>`).join('')}
<circle cx="300" cy="70" r="200" fill="url(#bulb)"/><circle cx="300" cy="70" r="12" fill="#fff8e1"/><line x1="300" y1="0" x2="300" y2="58" stroke="#111" stroke-width="3"/>
<rect x="380" y="150" width="170" height="60" rx="6" fill="${accent}" opacity="0.85"/><rect y="660" width="600" height="140" fill="#1c2428"/>`,
        front: '',
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Avatars

const expressions: Record<DemoAvatar['style'], Record<Expression, Record<string, unknown>>> = {
  adventurer: {
    smile: {
      eyes: ['variant19'],
      mouth: ['variant26'],
      eyebrows: ['variant10'],
      features: ['blush'],
      featuresProbability: 100,
    },
    happy: {
      eyes: ['variant20'],
      mouth: ['variant30'],
      eyebrows: ['variant07'],
      features: ['blush'],
      featuresProbability: 100,
    },
    wink: {
      eyes: ['variant21'],
      mouth: ['variant27'],
      eyebrows: ['variant10'],
      features: ['blush'],
      featuresProbability: 100,
    },
    playful: {
      eyes: ['variant22'],
      mouth: ['variant29'],
      eyebrows: ['variant12'],
      features: ['blush'],
      featuresProbability: 100,
    },
    soft: {
      eyes: ['variant20'],
      mouth: ['variant01'],
      eyebrows: ['variant05'],
      features: ['blush'],
      featuresProbability: 100,
    },
  },
  lorelei: {
    smile: { eyes: ['variant02'], mouth: ['happy02'], eyebrows: ['variant06'] },
    happy: { eyes: ['variant19'], mouth: ['happy05'], eyebrows: ['variant06'] },
    wink: { eyes: ['variant15'], mouth: ['happy04'], eyebrows: ['variant06'] },
    playful: { eyes: ['variant21'], mouth: ['happy06'], eyebrows: ['variant06'] },
    soft: { eyes: ['variant12'], mouth: ['happy03'], eyebrows: ['variant06'] },
  },
  avataaars: {
    smile: {
      eyes: ['default'],
      mouth: ['smile'],
      eyebrows: ['defaultNatural'],
      clothing: ['shirtScoopNeck'],
    },
    happy: {
      eyes: ['happy'],
      mouth: ['smile'],
      eyebrows: ['raisedExcitedNatural'],
      clothing: ['shirtVNeck'],
    },
    wink: { eyes: ['wink'], mouth: ['twinkle'], eyebrows: ['defaultNatural'], clothing: ['hoodie'] },
    playful: {
      eyes: ['default'],
      mouth: ['twinkle'],
      eyebrows: ['upDownNatural'],
      clothing: ['collarAndSweater'],
    },
    soft: { eyes: ['happy'], mouth: ['smile'], eyebrows: ['defaultNatural'], clothing: ['shirtScoopNeck'] },
  },
  micah: {
    smile: { eyes: ['eyes'], mouth: ['smile'], eyebrows: ['eyelashesUp'], shirt: ['open'] },
    happy: { eyes: ['smiling'], mouth: ['laughing'], eyebrows: ['eyelashesUp'], shirt: ['crew'] },
    wink: { eyes: ['smilingShadow'], mouth: ['smirk'], eyebrows: ['eyelashesDown'], shirt: ['collared'] },
    playful: { eyes: ['eyesShadow'], mouth: ['smirk'], eyebrows: ['eyelashesUp'], shirt: ['crew'] },
    soft: { eyes: ['smilingShadow'], mouth: ['smile'], eyebrows: ['eyelashesDown'], shirt: ['open'] },
  },
  toonHead: {
    smile: { eyes: ['happy'], mouth: ['smile'], eyebrows: ['happy'], clothes: ['turtleNeck'] },
    happy: { eyes: ['happy'], mouth: ['laugh'], eyebrows: ['raised'], clothes: ['shirt'] },
    wink: { eyes: ['wink'], mouth: ['smile'], eyebrows: ['happy'], clothes: ['tShirt'] },
    playful: { eyes: ['bow'], mouth: ['laugh'], eyebrows: ['raised'], clothes: ['openJacket'] },
    soft: { eyes: ['humble'], mouth: ['smile'], eyebrows: ['neutral'], clothes: ['dress'] },
  },
};

/** Where the avatar's square goes on the 600x800 canvas, and whether we draw shoulders for it. */
type Placement = {
  x: number;
  y: number;
  size: number;
  shoulders: null | { neckX: number; neckY: number; neckW: number; front: boolean };
};

function placement(style: DemoAvatar['style'], shot: Shot): Placement {
  const zoom = shot === 'selfie' ? 1.18 : 1;
  switch (style) {
    case 'adventurer': {
      const size = 500 * zoom;
      const x = 300 - size / 2;
      const y = (shot === 'selfie' ? 150 : 180) * 1;
      return {
        x,
        y,
        size,
        shoulders: { neckX: 300 - size * 0.02, neckY: y + size * 0.74, neckW: size * 0.17, front: false },
      };
    }
    case 'lorelei': {
      const size = 600 * zoom;
      const y = 800 - size - (shot === 'selfie' ? 40 : 110);
      return {
        x: 300 - size / 2,
        y,
        size,
        shoulders: { neckX: 300, neckY: y + size * 0.9, neckW: size * 0.16, front: true },
      };
    }
    default: {
      const size = 620 * zoom;
      return { x: 300 - size / 2, y: 800 - size, size, shoulders: null };
    }
  }
}

function skinOf(avatar: DemoAvatar): string {
  switch (avatar.style) {
    case 'adventurer':
    case 'lorelei':
      return `#${avatar.options.skinColor?.[0] ?? 'f2d3b1'}`;
    default:
      return '#f2d3b1';
  }
}

function avatarSvg(avatar: DemoAvatar, seed: string, expression: Expression, outfit: string): string {
  const expr = expressions[avatar.style][expression];
  const common = { seed, backgroundColor: ['transparent'], clip: false };
  let svg: string;
  switch (avatar.style) {
    case 'adventurer':
      svg = createAvatar(adventurer, {
        ...common,
        ...avatar.options,
        ...(expr as OptionsOf<typeof adventurer>),
      }).toString();
      break;
    case 'lorelei':
      svg = createAvatar(lorelei, {
        ...common,
        ...avatar.options,
        ...(expr as OptionsOf<typeof lorelei>),
      }).toString();
      break;
    case 'avataaars':
      svg = createAvatar(avataaars, {
        ...common,
        ...avatar.options,
        ...(expr as OptionsOf<typeof avataaars>),
        clothesColor: [outfit],
      }).toString();
      break;
    case 'micah':
      svg = createAvatar(micah, {
        ...common,
        ...avatar.options,
        ...(expr as OptionsOf<typeof micah>),
        shirtColor: [outfit],
      }).toString();
      break;
    case 'toonHead':
      svg = createAvatar(toonHead, {
        ...common,
        ...avatar.options,
        ...(expr as OptionsOf<typeof toonHead>),
        clothesColor: [outfit],
      }).toString();
      break;
  }
  return svg;
}

/** Nest a standalone DiceBear SVG at a position and size inside the card. */
function nest(svg: string, x: number, y: number, size: number, transform = ''): string {
  const inner = svg
    .replace(/^<svg\b([^>]*)>/, (_m, attrs: string) => {
      const kept = attrs.replace(/\s(width|height|x|y)="[^"]*"/g, '');
      return `<svg${kept} x="${r1(x)}" y="${r1(y)}" width="${r1(size)}" height="${r1(size)}">`;
    })
    .replace(/<metadata[\s\S]*?<\/metadata>/, '');
  return transform ? `<g transform="${transform}">${inner}</g>` : inner;
}

/**
 * Neck and shoulders for the head-only styles. `behind` goes under the avatar, `front` over it (lorelei
 * draws her own neck, so the neckline has to cover its lower edge).
 */
function torso(
  p: NonNullable<Placement['shoulders']>,
  skin: string,
  outfit: string,
  evening: boolean,
): { behind: string; front: string } {
  const { neckX: cx, neckY, neckW: w, front } = p;
  const top = neckY + w * 0.85;
  const neck = `<rect x="${r1(cx - w / 2)}" y="${r1(neckY - 20)}" width="${r1(w)}" height="${r1(w * 1.5)}" fill="${skin}"/>`;
  const shoulderPath = (y0: number): string =>
    `M${r1(cx - w * 2.9)} 820 L${r1(cx - w * 2.75)} ${r1(y0 + w * 0.9)} Q${r1(cx - w * 2.55)} ${r1(y0 + w * 0.05)} ${r1(cx - w * 1.1)} ${r1(y0)} L${r1(cx + w * 1.1)} ${r1(y0)} Q${r1(cx + w * 2.55)} ${r1(y0 + w * 0.05)} ${r1(cx + w * 2.75)} ${r1(y0 + w * 0.9)} L${r1(cx + w * 2.9)} 820Z`;
  let body: string;
  if (evening) {
    const camiTop = top + w * 1.25;
    body =
      `<path d="${shoulderPath(top)}" fill="${skin}" stroke="#00000026" stroke-width="3"/>` +
      `<path d="M${r1(cx - w * 2.3)} 820 L${r1(cx - w * 2.1)} ${r1(camiTop)} Q${r1(cx - w)} ${r1(camiTop - w * 0.35)} ${r1(cx)} ${r1(camiTop + w * 0.25)} Q${r1(cx + w)} ${r1(camiTop - w * 0.35)} ${r1(cx + w * 2.1)} ${r1(camiTop)} L${r1(cx + w * 2.3)} 820Z" fill="#${outfit}" stroke="#00000040" stroke-width="2"/>` +
      `<path d="M${r1(cx - w * 1.95)} ${r1(camiTop)} L${r1(cx - w * 1.55)} ${r1(top + 2)} M${r1(cx + w * 1.95)} ${r1(camiTop)} L${r1(cx + w * 1.55)} ${r1(top + 2)}" stroke="#${outfit}" stroke-width="5" fill="none"/>` +
      `<path d="M${r1(cx - w * 1.6)} ${r1(camiTop + 6)} Q${r1(cx)} ${r1(camiTop + w * 0.5)} ${r1(cx + w * 1.6)} ${r1(camiTop + 6)}" stroke="#ffffff55" stroke-width="3" fill="none"/>`;
  } else {
    body =
      `<path d="${shoulderPath(top)}" fill="#${outfit}" stroke="#00000033" stroke-width="3"/>` +
      `<path d="M${r1(cx - w * 0.95)} ${r1(top - 1)} Q${r1(cx)} ${r1(top + w * 0.95)} ${r1(cx + w * 0.95)} ${r1(top - 1)}Z" fill="${skin}"/>` +
      `<path d="M${r1(cx - w * 0.95)} ${r1(top - 1)} Q${r1(cx)} ${r1(top + w * 0.95)} ${r1(cx + w * 0.95)} ${r1(top - 1)}" stroke="#00000030" stroke-width="3" fill="none"/>`;
  }
  return front ? { behind: neck, front: body } : { behind: neck + body, front: '' };
}

/** The full SVG for one image of a character. Exposed for tests and tools. */
export function characterSvg(c: DemoCharacter, index: number): string {
  const v = variants[index];
  if (!v) throw new Error(`No image variant ${index}`);
  return variantSvg(c, v);
}

/**
 * The SVG of one picture of her in any variant (the album art uses it with its own variants);
 * `scene` and `outfit` replace the ones her slot would pick.
 */
export function variantSvg(
  c: DemoCharacter,
  v: Variant,
  override: { scene?: SceneKind; outfit?: string } = {},
): string {
  const { art } = c;
  const rng = seededRandomOf(`${art.seed}:${v.key}`);
  const sceneKind = override.scene ?? art.scenes[v.slot] ?? art.scenes[0];
  const outfit = override.outfit ?? art.outfit[v.slot] ?? art.outfit[0];
  const layers = scene(sceneKind, rng, art.accent);
  const p = placement(art.avatar.style, v.shot);
  const tilt = v.shot === 'selfie' ? `rotate(${r1(between(rng, -6, -3))} 300 500)` : '';
  const evening = v.category === 'lingerie';
  const body = p.shoulders
    ? torso(p.shoulders, skinOf(art.avatar), outfit, evening)
    : { behind: '', front: '' };
  const avatar = nest(avatarSvg(art.avatar, art.seed, v.expression, outfit), p.x, p.y, p.size);
  const figure = `${body.behind}${avatar}${body.front}`;
  const person = tilt ? `<g transform="${tilt}">${figure}</g>` : figure;
  const shade = evening ? 0.45 : 0.22;
  const vignette = `<defs>${linear('vt', [
    [0, `rgba(0,0,0,${shade})`],
    [0.18, 'rgba(0,0,0,0)'],
    [0.8, 'rgba(0,0,0,0)'],
    [1, `rgba(0,0,0,${shade})`],
  ])}</defs><rect width="600" height="800" fill="url(#vt)"/>`;
  const selfieFlash =
    v.shot === 'selfie'
      ? `<defs>${radial('flash', '#ffffff', 0.35)}</defs><circle cx="470" cy="120" r="220" fill="url(#flash)"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_IMAGE_WIDTH}" height="${DEMO_IMAGE_HEIGHT}" viewBox="0 0 600 800">${layers.back}${person}${layers.front}${selfieFlash}${vignette}</svg>`;
}

/** Bump when the drawing code changes in a way that changes the pictures. */
const RENDERER_VERSION = 2;

/**
 * A short fingerprint of everything her pictures depend on (renderer version, her art settings, the
 * list of images). Store it beside cached renders and re-render when it changes.
 */
export function demoArtVersion(c: DemoCharacter): string {
  return `${RENDERER_VERSION}-${hashString(JSON.stringify({ art: c.art, variants })).toString(36)}`;
}

/** Renders her images (main portrait first), deterministic for a given character. */
export async function renderCharacterImages(c: DemoCharacter): Promise<DemoImage[]> {
  return Promise.all(
    variants.map(async (v, i) => {
      const webp = await sharp(Buffer.from(characterSvg(c, i)))
        .webp({ quality: 80, effort: 1 })
        .toBuffer();
      return {
        key: v.key,
        category: v.category,
        level: v.level,
        width: DEMO_IMAGE_WIDTH,
        height: DEMO_IMAGE_HEIGHT,
        webp,
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Clips

function findVideoDir(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    for (const candidate of [
      join(dir, 'assets', 'demo-video'),
      join(dir, 'apps', 'server', 'assets', 'demo-video'),
    ]) {
      if (existsSync(candidate)) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const fromCwd = [resolve('assets/demo-video'), resolve('apps/server/assets/demo-video')];
  return fromCwd.find((d) => existsSync(d)) ?? null;
}

let videoDir: string | null | undefined;

/** The directory that holds the committed clips (`apps/server/assets/demo-video`), if found. */
export function demoVideoDir(): string | null {
  if (videoDir === undefined) videoDir = findVideoDir();
  return videoDir;
}

/** Absolute path of the committed WebM clip for a video character, or null for the others. */
export function demoVideoPath(remoteId: number): string | null {
  const c = demoCharacters.find((d) => d.remote_id === remoteId);
  if (!c?.is_video) return null;
  const dir = demoVideoDir();
  if (!dir) return null;
  const file = join(dir, `${remoteId}.webm`);
  return existsSync(file) ? file : null;
}
