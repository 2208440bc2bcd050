import type { CompanionSettings } from '@amora/shared/settings.ts';

/*
 * The relationship rules an operator edits in the console (issue 10 item 5, docs/decisions/052):
 * the companion settings section, grouped. A field is a path in the section (`turn_points`,
 * `level_markers.1`, `gift_points.flowers`); the form keeps what was typed per path.
 */

export const RELATIONSHIP_GROUPS = [
  {
    id: 'pace',
    fields: [
      'turn_points',
      'diminish_half_turns',
      'daily_turn_cap',
      'warm_turn_points',
      'warm_min_delta',
      'return_bonus_points',
      'photo_points',
      'rude_points',
    ],
  },
  { id: 'levels', fields: ['level_markers.0', 'level_markers.1', 'level_markers.2'] },
  {
    id: 'gifts',
    fields: [
      'gift_points.chocolate',
      'gift_points.vitamins',
      'gift_points.flowers',
      'gift_points.clothes',
      'gift_points.money',
      'gift_points.jewelry',
    ],
  },
  {
    id: 'neglect',
    fields: [
      'neglect_after_hours',
      'neglect_points',
      'break_up_after_days',
      'break_up_offenses',
      'write_first_after_minutes',
      'gift_wish_every_replies',
    ],
  },
  { id: 'costs', fields: ['tokens_for_mode', 'tokens_for_spicy', 'tokens_for_reset', 'tokens_for_language'] },
] as const;

export type RelationshipDraft = Record<string, string>;

function read(c: CompanionSettings, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], c);
}

/** Every field of every group, as the operator sees it. */
export const RELATIONSHIP_FIELDS: string[] = RELATIONSHIP_GROUPS.flatMap((g) => [...g.fields]);

export function relationshipDraft(c: CompanionSettings): RelationshipDraft {
  return Object.fromEntries(
    RELATIONSHIP_FIELDS.map((f) => {
      const v = read(c, f);
      return [f, typeof v === 'number' ? String(v) : ''];
    }),
  );
}

/**
 * The section to send: the stored rules with the typed fields over them. A number is read with
 * either decimal separator; anything else goes as typed so that the server's answer names the field.
 */
export function relationshipFromDraft(c: CompanionSettings, draft: RelationshipDraft): CompanionSettings {
  const next = structuredClone(c) as unknown as Record<string, unknown>;
  for (const f of RELATIONSHIP_FIELDS) {
    const raw = draft[f];
    if (raw === undefined) continue;
    const trimmed = raw.trim();
    const n = Number(trimmed.replace(',', '.'));
    const value = trimmed !== '' && Number.isFinite(n) ? n : trimmed;
    const keys = f.split('.');
    let target = next;
    for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
    target[keys.at(-1)!] = value;
  }
  return next as unknown as CompanionSettings;
}

/** The fields a server validation message names (`body.level_markers.2: …`, `body.level_markers: …`). */
export function relationshipFieldsOfError(message: string): { fields: string[]; detail: string } | null {
  const m = /^body\.([a-z_0-9.]+): (.+)$/s.exec(message);
  if (!m) return null;
  const path = m[1]!;
  const fields = RELATIONSHIP_FIELDS.filter((f) => f === path || f.startsWith(`${path}.`));
  return fields.length ? { fields, detail: m[2]! } : null;
}
