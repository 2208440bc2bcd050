import { levelForPoints, levelProgress } from '@amora/shared/rules.ts';
import { LEVEL_TITLES, POINTS_MAX, type Level } from '@amora/shared/constants.ts';
import { useTranslation } from 'react-i18next';
import styles from './level-bar.module.css';

function asLevel(level: number, points: number): Level {
  return level >= 1 && level <= 4 ? (level as Level) : levelForPoints(points);
}

/** Relationship level: title (Stranger, Friend, Partner, Soulmate), progress inside the level, points of 65. */
export function LevelBar({ level, points, wide = false }: { level: number; points: number; wide?: boolean }) {
  const { t } = useTranslation();
  const current = asLevel(level, points);
  const progress = levelProgress(points);
  const title = t(`chat.level.titles.${current}`, { defaultValue: LEVEL_TITLES[current] });
  return (
    <div
      className={`${styles.level} ${wide ? styles.wide : ''}`}
      data-testid="level-bar"
      data-level={current}
    >
      <div className={styles.labels}>
        <span className={styles.title}>
          <span className={styles.badge}>{t('chat.level.short', { level: current })}</span>
          {title}
        </span>
        <span className={styles.points}>{t('chat.level.points', { points, max: POINTS_MAX })}</span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={t('chat.level.label', { level: current, title })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
        aria-valuetext={t('chat.level.points', { points, max: POINTS_MAX })}
      >
        <span className={styles.fill} style={{ width: `${Math.max(progress * 100, 3)}%` }} />
      </div>
    </div>
  );
}
