import {
  AGE_COOKIE_MAX_AGE_S,
  AGE_COOKIE_NAME,
  AGE_GATE_DELAY_MS,
  MIN_AGE,
} from '@amora/shared/constants.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { readCookie, writeCookie } from '../../../lib/cookies.ts';
import styles from './age-gate.module.css';

type GateState = 'hidden' | 'open' | 'rejected';

/** SPEC §5: asked 1.5 s after the first load unless the age_verified cookie is set. */
export function AgeGate() {
  const { t } = useTranslation();
  const [state, setState] = useState<GateState>('hidden');
  const rejectedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (readCookie(AGE_COOKIE_NAME) !== null) return;
    const id = setTimeout(() => setState('open'), AGE_GATE_DELAY_MS);
    return () => clearTimeout(id);
  }, []);

  useEffect(() => {
    if (state === 'rejected') rejectedRef.current?.focus();
  }, [state]);

  const confirm = () => {
    writeCookie(AGE_COOKIE_NAME, 'true', AGE_COOKIE_MAX_AGE_S);
    setState('hidden');
  };

  return (
    <Dialog
      open={state !== 'hidden'}
      title={state === 'rejected' ? t('ageGate.rejectedTitle') : t('ageGate.title', { age: MIN_AGE })}
      testId="age-gate"
      className={styles.gate}
    >
      <div className={styles.badge} aria-hidden="true">
        {t('ageGate.badge', { age: MIN_AGE })}
      </div>
      {state === 'rejected' ? (
        <div className={styles.rejected} role="alert" tabIndex={-1} ref={rejectedRef}>
          <p className={styles.lead}>{t('ageGate.rejectedLead')}</p>
          <p className={styles.text}>{t('ageGate.rejectedText')}</p>
        </div>
      ) : (
        <>
          <p className={styles.text}>{t('ageGate.text')}</p>
          <div className={styles.actions}>
            <Button size="lg" block onClick={confirm} data-autofocus>
              {t('ageGate.yes', { age: MIN_AGE })}
            </Button>
            <Button size="lg" variant="secondary" block onClick={() => setState('rejected')}>
              {t('ageGate.no')}
            </Button>
          </div>
          <p className={styles.fine}>{t('ageGate.fine')}</p>
        </>
      )}
    </Dialog>
  );
}
