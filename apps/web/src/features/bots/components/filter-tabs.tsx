import { botFilters } from '@amora/shared/rules.ts';
import type { BotFilter } from '@amora/shared/enums.ts';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './filter-tabs.module.css';

type FilterTabsProps = { value: BotFilter; onChange: (value: BotFilter) => void; panelId: string };

export function filterTabId(filter: BotFilter): string {
  return `models-tab-${filter}`;
}

/** All / Anime / Realistic / With video, as an ARIA tab list (arrow keys move between tabs). */
export function FilterTabs({ value, onChange, panelId }: FilterTabsProps) {
  const { t } = useTranslation();
  const refs = useRef<Partial<Record<BotFilter, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = botFilters.indexOf(value);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % botFilters.length;
    if (event.key === 'ArrowLeft') next = (index - 1 + botFilters.length) % botFilters.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = botFilters.length - 1;
    if (next === null) return;
    event.preventDefault();
    const filter = botFilters[next]!;
    onChange(filter);
    refs.current[filter]?.focus();
  };

  return (
    <div className={styles.tabs} role="tablist" aria-label={t('home.filterLabel')} onKeyDown={onKeyDown}>
      {botFilters.map((filter) => (
        <button
          key={filter}
          ref={(node) => {
            refs.current[filter] = node;
          }}
          id={filterTabId(filter)}
          type="button"
          role="tab"
          aria-selected={value === filter}
          aria-controls={panelId}
          tabIndex={value === filter ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(filter)}
          data-testid={`filter-${filter}`}
        >
          {t(`home.filters.${filter}`)}
        </button>
      ))}
    </div>
  );
}
