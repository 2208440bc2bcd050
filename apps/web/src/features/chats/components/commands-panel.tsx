import type { Chat } from '@amora/shared/chat.ts';
import {
  giftIconShakes,
  highlightedGift,
  quickActions,
  type QuickAction,
} from '@amora/shared/companion-rules.ts';
import type { ChatMode } from '@amora/shared/enums.ts';
import { chatModes, formatTokens } from '@amora/shared/rules.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { useSettings } from '../../settings/hooks/use-settings.ts';
import { openNoTokens } from '../../wallet/store.ts';
import { sendCommand } from '../api/chats-api.ts';
import { spokenLanguages } from '../chat-languages.ts';
import { Link } from 'react-router';
import { albumHref } from '../../albums/album-rules.ts';
import { useAiStatus } from './ai-status-banner.tsx';
import styles from './commands-panel.module.css';

type PanelState = 'empty' | 'commands' | 'gift';

/** The server's refusal in the user's language when we know it ("Available at level 3"). */
function refusalText(message: string, t: (k: string, o?: Record<string, unknown>) => string): string {
  const level = /Available at level (\d)/.exec(message)?.[1];
  if (level) return t('companion.availableAt', { level });
  if (/first purchase/.test(message)) return t('companion.afterPurchase');
  return message;
}

/**
 * The commands panel of SPEC §4 under the messages: closed (empty), the quick actions of her mood
 * (commands), or the gift picker (gift). 402 opens the no-tokens popup; 403 shows the reason.
 */
export function CommandsPanel({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PanelState>('empty');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [pickLanguage, setPickLanguage] = useState(false);
  const user = useAuthStore((s) => s.user);
  const setTokens = useAuthStore((s) => s.setTokens);
  const { data: settings } = useSettings();
  // Only the languages the server's engine writes (issue 10 item 6); the others are refused.
  const spoken = spokenLanguages(useAiStatus());
  const tokens = user?.tokens ?? 0;
  const isSupport = chat.bot.remote_id === 0;
  const isNewUser = user?.status === 'New';
  const broken = chat.status === 'broken';
  const canGift = !isNewUser && !isSupport && !broken;
  const canSwitchMode = canGift;

  const actions = quickActions({
    mood: chat.mood,
    level: chat.level,
    isNewUser,
    isSupport,
    broken,
    botHasVideo: chat.bot.is_video,
  });
  const highlighted = highlightedGift({
    mood: chat.mood,
    mode: chat.mode,
    characterId: chat.bot._id,
    preferences: user?.preferences,
  });

  async function run(command: string): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      const res = await sendCommand(chat._id, command);
      setTokens(res.updatedTokens);
      return true;
    } catch (err) {
      if (isApiError(err) && err.statusCode === 402) openNoTokens();
      else if (isApiError(err) && err.statusCode === 403) setNotice(refusalText(err.message, t));
      else setNotice(errorMessage(err, t));
      return false;
    } finally {
      setBusy(false);
    }
  }

  function onAction(a: QuickAction): void {
    if (a.lockedUntil) {
      setNotice(t('companion.availableAt', { level: a.lockedUntil }));
      return;
    }
    if (a.id === 'language') return setPickLanguage(true);
    if (a.id === 'reset') return setConfirmReset(true);
    if (a.command) void run(a.command).then((ok) => ok && setState('empty'));
  }

  function onMode(mode: ChatMode): void {
    if (mode === chat.mode) return;
    void run(`mode:${mode}`);
  }

  function onGift(id: string, price: number): void {
    if (tokens < price) return openNoTokens();
    void run(`gift:${id}`).then((ok) => ok && setState('empty'));
  }

  const toggle = (next: PanelState) => {
    setNotice(null);
    setState((s) => (s === next ? 'empty' : next));
  };

  return (
    <div className={styles.panel} data-testid="commands-panel" data-state={state}>
      {notice ? (
        <p className={styles.notice} role="status" data-testid="command-notice">
          {notice}
        </p>
      ) : null}
      {state === 'commands' && canSwitchMode ? (
        <div className={styles.modes} role="group" aria-labelledby="chat-mode-label" data-testid="chat-modes">
          <span id="chat-mode-label" className={styles.modesLabel}>
            {t('companion.mode.title')}
          </span>
          {chatModes.map((m) => (
            <button
              key={m}
              type="button"
              className={styles.action}
              aria-pressed={chat.mode === m}
              data-testid={`mode-${m}`}
              disabled={busy}
              onClick={() => onMode(m)}
            >
              {t(`companion.mode.${m}`)}
            </button>
          ))}
        </div>
      ) : null}
      {state === 'commands' ? (
        <ul className={styles.actions} aria-label={t('companion.commands')}>
          {actions.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className={styles.action}
                data-testid={`quick-${a.id}`}
                data-locked={a.lockedUntil ? true : undefined}
                disabled={busy}
                onClick={() => onAction(a)}
                title={a.lockedUntil ? t('companion.availableAt', { level: a.lockedUntil }) : undefined}
              >
                {t(`companion.actions.${a.id.replace(':', '_')}`)}
                {a.lockedUntil ? (
                  <span className={styles.lock}>{t('companion.levelShort', { level: a.lockedUntil })}</span>
                ) : null}
              </button>
            </li>
          ))}
          {!isSupport ? (
            <li>
              <Link
                to={albumHref(chat.bot.remote_id, 'non-explicit', chat._id)}
                className={styles.action}
                data-testid="quick-album"
              >
                {t('album.menuEntry')}
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
      {state === 'gift' && settings ? (
        <ul className={styles.gifts} aria-label={t('companion.gifts.title')}>
          {settings.gifts.map((g) => (
            <li key={g.id}>
              <button
                type="button"
                className={`${styles.gift} ${g.id === highlighted ? styles.highlighted : ''}`}
                data-testid={`gift-${g.id}`}
                data-highlighted={g.id === highlighted || undefined}
                disabled={busy}
                onClick={() => onGift(g.id, g.tokens)}
              >
                <span className={styles.giftIcon} aria-hidden="true">
                  {g.icon}
                </span>
                <span>{t(`companion.gifts.${g.id}`, { defaultValue: g.name })}</span>
                <span className={styles.price}>
                  {t('companion.price', { tokens: formatTokens(g.tokens) })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={state === 'commands'}
          data-testid="commands-toggle"
          onClick={() => toggle('commands')}
        >
          {t('companion.commands')}
        </button>
        {canGift ? (
          <button
            type="button"
            className={`${styles.toggle} ${giftIconShakes(chat.mood) ? styles.shake : ''}`}
            aria-pressed={state === 'gift'}
            data-testid="gift-toggle"
            data-shaking={giftIconShakes(chat.mood) || undefined}
            onClick={() => toggle('gift')}
          >
            <span aria-hidden="true">🎁</span> {t('companion.gifts.title')}
          </button>
        ) : null}
      </div>

      <Dialog
        open={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={t('companion.reset.title')}
        description={t('companion.reset.text', { name: chat.bot.name })}
        size="sm"
        testId="reset-dialog"
      >
        <div className={styles.dialogActions}>
          <Button variant="ghost" onClick={() => setConfirmReset(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            data-testid="reset-confirm"
            onClick={() => {
              setConfirmReset(false);
              void run('reset').then((ok) => ok && setState('empty'));
            }}
          >
            {t('companion.reset.confirm')}
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={pickLanguage}
        onClose={() => setPickLanguage(false)}
        title={t('companion.language.title')}
        description={t('companion.language.text')}
        size="sm"
        testId="chat-language-dialog"
      >
        {spoken.limited ? (
          <p className={styles.languageNote} data-testid="chat-language-note">
            {t('companion.language.only', {
              languages: spoken.languages.map((code) => t(`companion.languages.${code}`)).join(', '),
            })}
          </p>
        ) : null}
        <ul className={styles.languages} data-testid="chat-language-list">
          {spoken.languages.map((code) => (
            <li key={code}>
              <button
                type="button"
                className={`${styles.action} ${chat.language === code ? styles.highlighted : ''}`}
                data-testid={`chat-language-${code}`}
                aria-current={chat.language === code || undefined}
                onClick={() => {
                  setPickLanguage(false);
                  void run(`language:${code}`).then((ok) => ok && setState('empty'));
                }}
              >
                {t(`companion.languages.${code}`)}
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
