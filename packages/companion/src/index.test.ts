import { describe, expect, it } from 'vitest';
import { COMPANION_PACKAGE } from './index.ts';

describe('@amora/companion', () => {
  it('is importable', () => {
    expect(COMPANION_PACKAGE).toBe('@amora/companion');
  });
});
