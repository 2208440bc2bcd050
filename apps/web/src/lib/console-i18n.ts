import en from '../locales/console/en.json';
import ru from '../locales/console/ru.json';
import { addLazyStrings } from './lazy-strings.ts';

/** The texts of the operator console and the partner page (locales/console/*.json): see lazy-strings.ts. */
addLazyStrings({ en, ru });
