import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJwt } from './jwt.ts';

describe('access tokens (decision 151: verified tokens remembered until they expire)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a token verified once is answered again until its exp, never after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const jwt = createJwt('a secret of enough length for HS256 tokens');
    const token = await jwt.sign('user-1', 3, 60);
    expect(await jwt.verify(token)).toEqual({ userId: 'user-1', sessionVersion: 3 });
    expect(await jwt.verify(token)).toEqual({ userId: 'user-1', sessionVersion: 3 });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await jwt.verify(token)).toBeNull();
    expect(await jwt.verify(token)).toBeNull();
  });

  it('a token signed with another key or altered is refused, before and after a valid one was seen', async () => {
    const jwt = createJwt('a secret of enough length for HS256 tokens');
    const other = createJwt('another secret, also long enough for HS256');
    const token = await jwt.sign('user-1', 1);
    expect(await other.verify(token)).toBeNull();
    expect(await jwt.verify(token)).not.toBeNull();
    const [h, p, sig] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'user-2' })).toString('base64url')}.${sig}`;
    expect(await jwt.verify(forged)).toBeNull();
    expect(await other.verify(token)).toBeNull();
  });
});
