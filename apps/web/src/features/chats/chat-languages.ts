import type { AiStatus } from '@amora/shared/ai-status.ts';
import type { Language } from '@amora/shared/enums.ts';
import { engineLanguages, languages } from '@amora/shared/rules.ts';

/**
 * The chat languages to offer (issue 10 item 6): those the server's engine writes, as the AI
 * status names them; until it has answered, the built-in engine's. `limited` when that is not
 * every language of SPEC §3, so the picker says plainly which ones she writes.
 */
export function spokenLanguages(status: Pick<AiStatus, 'languages'> | undefined): {
  languages: Language[];
  limited: boolean;
} {
  const known = new Set<string>(status?.languages ?? engineLanguages);
  const list = languages.filter((l) => known.has(l));
  return { languages: list.length ? list : [...engineLanguages], limited: list.length < languages.length };
}
