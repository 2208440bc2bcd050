import { OAUTH_ERRORS } from '@amora/shared/oauth.ts';
import { describe, expect, it } from 'vitest';
import { translator } from '../../test/translator.ts';
import { oauthErrorText } from './oauth-error-text.ts';

describe('oauthErrorText', () => {
  it('says every way a provider sign-in or connection can fail, in English and in Russian', async () => {
    const [tEn, tRu] = [await translator('en'), await translator('ru')];
    for (const code of OAUTH_ERRORS) {
      const english = oauthErrorText(code, 'discord', tEn);
      const russian = oauthErrorText(code, 'discord', tRu);
      expect(english, code).not.toContain('oauthErrors');
      expect(russian, code).not.toBe(english);
    }
    expect(oauthErrorText('already_linked', 'google', tRu)).toBe(
      'Этот аккаунт Google уже подключён к другому аккаунту Amora.',
    );
  });

  it('falls back to a general text for an unknown code or provider', async () => {
    const tEn = await translator('en');
    expect(oauthErrorText('made_up', 'myspace', tEn)).toBe(
      'the provider could not sign you in. Please try again.',
    );
  });
});
