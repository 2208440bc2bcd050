import { DEFAULT_COMPANION_SETTINGS } from '@amora/shared/settings.ts';
import { describe, expect, it } from 'vitest';
import {
  RELATIONSHIP_FIELDS,
  relationshipDraft,
  relationshipFieldsOfError,
  relationshipFromDraft,
} from './relationship-form.ts';

const c = DEFAULT_COMPANION_SETTINGS;

describe('the relationship rules form', () => {
  it('covers every setting of the section', () => {
    const top = new Set(RELATIONSHIP_FIELDS.map((f) => f.split('.')[0]));
    expect([...top].sort()).toEqual(Object.keys(c).sort());
  });

  it('round-trips the stored rules and applies typed numbers (either decimal separator)', () => {
    const draft = relationshipDraft(c);
    expect(draft['level_markers.1']).toBe('39');
    expect(draft['gift_points.jewelry']).toBe(String(c.gift_points.jewelry));
    expect(relationshipFromDraft(c, draft)).toEqual(c);
    const next = relationshipFromDraft(c, {
      ...draft,
      turn_points: '0,5',
      'level_markers.2': '60',
      'gift_points.flowers': '7',
    });
    expect(next).toMatchObject({ turn_points: 0.5, level_markers: [20, 39, 60] });
    expect(next.gift_points.flowers).toBe(7);
    expect(c.level_markers).toEqual([20, 39, 58]); // the stored rules are not touched
  });

  it('sends what is not a number as typed, for the server to name', () => {
    const next = relationshipFromDraft(c, { ...relationshipDraft(c), daily_turn_cap: 'lots' });
    expect((next as unknown as Record<string, unknown>).daily_turn_cap).toBe('lots');
  });

  it('finds the fields a server message names', () => {
    expect(relationshipFieldsOfError('body.daily_turn_cap: Too small (at least 0)')).toEqual({
      fields: ['daily_turn_cap'],
      detail: 'Too small (at least 0)',
    });
    expect(relationshipFieldsOfError('body.level_markers: The level markers must climb')?.fields).toEqual([
      'level_markers.0',
      'level_markers.1',
      'level_markers.2',
    ]);
    expect(relationshipFieldsOfError('Something else')).toBeNull();
  });
});
