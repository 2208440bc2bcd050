import { beforeEach, describe, expect, it } from 'vitest';
import { captureUtm, markUtmSent, pendingUtm, utmFromSearch } from './utm.ts';

beforeEach(() => localStorage.clear());

describe('utm parameters', () => {
  it('maps the SPEC §2 query parameters to the /user/utm body and drops a bad expat value', () => {
    expect(
      utmFromSearch('?utm_source=tt&utm_medium=cpc&utm_campaign=fall&price_difference=5&expat=maybe&chat=1'),
    ).toEqual({ utmSource: 'tt', utmMedium: 'cpc', utmCampaign: 'fall', priceDiff: '5' });
    expect(utmFromSearch('?expat=true')).toEqual({ isExpat: 'true' });
  });

  it('keeps them across visits until sent for a user, and again after new parameters arrive', () => {
    captureUtm('?utm_source=tt');
    captureUtm('?chat=5');
    expect(pendingUtm('u1')).toEqual({ utmSource: 'tt' });
    markUtmSent('u1');
    expect(pendingUtm('u1')).toBeNull();
    captureUtm('?utm_campaign=b');
    expect(pendingUtm('u1')).toEqual({ utmSource: 'tt', utmCampaign: 'b' });
  });
});
