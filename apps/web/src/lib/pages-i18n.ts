import en from '../locales/pages/en.json';
import ru from '../locales/pages/ru.json';
import { addLazyStrings } from './lazy-strings.ts';

/** The texts of the account, rewards and FAQ screens (locales/pages/*.json): see lazy-strings.ts. */
addLazyStrings({ en, ru });
