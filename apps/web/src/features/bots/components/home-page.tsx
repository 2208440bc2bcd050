import type { Bot } from '@amora/shared/bots.ts';
import type { BotFilter } from '@amora/shared/enums.ts';
import { isBotFilter } from '@amora/shared/rules.ts';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, HeartIcon } from '../../../components/ui/icons.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useChats } from '../../chats/hooks/use-chats.ts';
import { useOpenChat } from '../../chats/hooks/use-open-chat.ts';
import { useBots } from '../hooks/use-bots.ts';
import { filterTabId, FilterTabs } from './filter-tabs.tsx';
import { Hero } from './hero.tsx';
import { ModelCard } from './model-card.tsx';
import styles from './home-page.module.css';
import { MarketingFeatures } from '../../conversion/components/upsell-list.tsx';

// The trial dialog is shown to some users only: its code loads with it, not with the first screen (issue 13).
const TrialDialog = lazy(() =>
  import('../../conversion/components/trial-dialog.tsx').then((m) => ({ default: m.TrialDialog })),
);

// A long catalogue is windowed (decision 126); its code loads only then.
const VirtualModelGrid = lazy(() =>
  import('./virtual-model-grid.tsx').then((m) => ({ default: m.VirtualModelGrid })),
);

/** From this many cards the grid renders only the rows near the view (decision 126). */
export const VIRTUAL_GRID_FROM = 48;
const PANEL_ID = 'models-panel';
const SKELETONS = 8;
/** The cards of the first screenful on any breakpoint: their portraits load first. */
const PRIORITY_CARDS = 4;

/** `/`: the characters, filtered by `?type=` so the choice survives a reload. */
export function HomePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('type') ?? 'all';
  const type: BotFilter = isBotFilter(requested) ? requested : 'all';
  const bots = useBots(type);
  const { data: chats } = useChats();
  const { openChat, openingBotId } = useOpenChat();
  useDocumentTitle(t('titles.home'));

  const chattedBots = useMemo(() => new Set((chats ?? []).map((c) => c.bot._id)), [chats]);
  const visibleBots = (bots.data ?? []).filter((bot) => bot.remote_id !== 0);

  const renderCard = (bot: Bot, index: number) => (
    <ModelCard
      bot={bot}
      hasChat={chattedBots.has(bot._id)}
      busy={openingBotId === bot._id}
      onOpen={(b) => void openChat(b._id)}
      priority={index < PRIORITY_CARDS}
    />
  );
  const plainGrid = (list: Bot[]) => (
    <ul className={`${styles.grid} ${bots.isPlaceholderData ? styles.stale : ''}`}>
      {list.map((bot, index) => (
        <li key={bot._id} style={{ animationDelay: `${Math.min(index, 12) * 40}ms` }} className={styles.cell}>
          {renderCard(bot, index)}
        </li>
      ))}
    </ul>
  );

  const setType = (next: BotFilter) => {
    const copy = new URLSearchParams(params);
    if (next === 'all') copy.delete('type');
    else copy.set('type', next);
    setParams(copy, { replace: true });
  };

  return (
    <div className={styles.page}>
      <Hero bots={visibleBots} />
      <MarketingFeatures />
      <Suspense fallback={null}>
        <TrialDialog />
      </Suspense>
      <section className={styles.models} aria-labelledby="models-title">
        <div className={styles.head}>
          <h2 id="models-title" className={`${styles.heading} display-font`}>
            {t('home.modelsTitle')}
          </h2>
          <FilterTabs value={type} onChange={setType} panelId={PANEL_ID} />
        </div>
        <div
          id={PANEL_ID}
          role="tabpanel"
          aria-labelledby={filterTabId(type)}
          aria-busy={bots.isFetching || undefined}
          className={styles.panel}
          data-testid="models-grid"
        >
          {bots.isPending ? (
            <ul className={styles.grid} aria-hidden="true">
              {Array.from({ length: SKELETONS }, (_, i) => (
                <li key={i} className={`${styles.skeleton} skeleton`} />
              ))}
            </ul>
          ) : bots.isError ? (
            <EmptyState
              icon={<AlertIcon size={32} />}
              title={t('home.errorTitle')}
              text={errorMessage(bots.error, t)}
              action={<Button onClick={() => void bots.refetch()}>{t('common.retry')}</Button>}
            />
          ) : visibleBots.length === 0 ? (
            <EmptyState
              icon={<HeartIcon size={32} />}
              title={t('home.emptyTitle')}
              text={t('home.emptyText')}
            />
          ) : visibleBots.length >= VIRTUAL_GRID_FROM ? (
            <Suspense fallback={plainGrid(visibleBots.slice(0, SKELETONS))}>
              <div className={bots.isPlaceholderData ? styles.stale : undefined}>
                <VirtualModelGrid
                  items={visibleBots}
                  renderItem={renderCard}
                  rowClassName={styles.grid}
                  cellClassName={styles.cell}
                />
              </div>
            </Suspense>
          ) : (
            plainGrid(visibleBots)
          )}
        </div>
      </section>
    </div>
  );
}
