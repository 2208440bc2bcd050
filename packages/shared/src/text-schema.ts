import { z } from 'zod';
import { normalizeUserText, trimUserText } from './text.ts';

/**
 * A free-text field a person typed: normalised by the shared rule of text.ts (NFC; no bidirectional
 * controls, lone surrogates or control characters) and trimmed, before the checks chained after it
 * (`userText().min(1).max(2000)`). `overwrite` keeps it a plain string in the OpenAPI document.
 */
export const userText = () => z.string().overwrite(normalizeUserText).overwrite(trimUserText);
