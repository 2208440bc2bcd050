import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOffers } from '../hooks/use-offers.ts';
import { NewUserOfferBanner } from './new-user-offer-banner.tsx';
import { PackCard } from './pack-card.tsx';
import { PlanCard } from './plan-card.tsx';
import { PromoCodeForm } from '../../promo/components/promo-code-form.tsx';
import { LeaveOfferDialog } from '../../conversion/components/leave-offer-dialog.tsx';
import { MysteryBoxCard } from '../../conversion/components/mystery-box.tsx';
import { UpsellList } from '../../conversion/components/upsell-list.tsx';
import styles from './paywall.module.css';

/** `/paywall`: subscription plans and token packs with the buyer's prices. */
export function OffersView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { packs, plans, isPending, isError, refetch } = useOffers();
  useDocumentTitle(t('paywall.pageTitle'));
  const { hash } = useLocation();

  // The no-tokens popup links straight to the packs or the plans.
  useEffect(() => {
    if (isPending || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash, isPending]);

  return (
    <div className={styles.page} data-testid="paywall">
      <header>
        <h1 className={`${styles.title} display-font`}>{t('paywall.title')}</h1>
        <p className={styles.subtitle}>{t('paywall.subtitle')}</p>
      </header>
      <NewUserOfferBanner />
      <UpsellList />
      {!isPending && !isError && plans.length > 0 ? (
        <section aria-labelledby="paywall-plans">
          <h2 id="paywall-plans" className={styles.sectionTitle}>
            {t('paywall.plansTitle')}
          </h2>
          <div className={styles.packs}>
            {plans.map((offer) => (
              <PlanCard
                key={offer.id}
                offer={offer}
                onChoose={() => void navigate(`/paywall/checkout?plan=${encodeURIComponent(offer.id)}`)}
              />
            ))}
          </div>
        </section>
      ) : null}
      <section aria-labelledby="paywall-packs">
        <h2 id="paywall-packs" className={styles.sectionTitle}>
          {t('paywall.packsTitle')}
        </h2>
        {isError ? (
          <EmptyState
            icon={<AlertIcon size={28} />}
            title={t('paywall.errorTitle')}
            action={<Button onClick={refetch}>{t('common.retry')}</Button>}
          />
        ) : isPending ? (
          <div className={styles.packs} aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className={`${styles.pack} skeleton`} style={{ height: 170 }} />
            ))}
          </div>
        ) : (
          <div className={styles.packs}>
            {packs.map((offer) => (
              <PackCard
                key={offer.pack.uuid}
                offer={offer}
                onChoose={() =>
                  void navigate(`/paywall/checkout?pack=${encodeURIComponent(offer.pack.uuid)}`)
                }
              />
            ))}
          </div>
        )}
      </section>
      <MysteryBoxCard />
      <PromoCodeForm />
      <LeaveOfferDialog />
    </div>
  );
}
