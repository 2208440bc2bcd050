import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next.ts';

describe('safeNextPath', () => {
  it('keeps same-origin paths and refuses everything else', () => {
    expect(safeNextPath('/sandbox/pay/cs_1/confirm')).toBe('/sandbox/pay/cs_1/confirm');
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath('https://evil.example/')).toBeNull();
    expect(safeNextPath('//evil.example/')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath('javascript:alert(1)')).toBeNull();
  });
});
