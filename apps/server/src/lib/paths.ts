import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

/**
 * The folder of the server package (apps/server), found by walking up from this module. Works the
 * same from src/ (tsx, vitest) and from the dist/ bundle, so files like migrations and demo clips
 * are found at one path.
 */
export function serverRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (
      existsSync(pkg) &&
      (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === '@amora/server'
    ) {
      cached = dir;
      return dir;
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('Cannot find the @amora/server package folder');
    dir = up;
  }
}
