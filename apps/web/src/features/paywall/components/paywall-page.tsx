import { Navigate, useParams } from 'react-router';
import { CardView, CheckoutView } from './checkout-view.tsx';
import { CryptoView } from './crypto-view.tsx';
import { OffersView } from './offers-view.tsx';
import { ConfirmView, DeclinedView, ProcessingView, SuccessView } from './payment-result-views.tsx';

/** `/paywall` and its pages (SPEC §2): checkout, card, crypto, confirm, processing, success, declined. */
export function PaywallPage() {
  const { step } = useParams();
  switch (step) {
    case undefined:
      return <OffersView />;
    case 'checkout':
      return <CheckoutView />;
    case 'card':
      return <CardView />;
    case 'crypto':
      return <CryptoView />;
    case 'confirm':
      return <ConfirmView />;
    case 'processing':
      return <ProcessingView />;
    case 'success':
      return <SuccessView />;
    case 'declined':
      return <DeclinedView />;
    default:
      return <Navigate to="/paywall" replace />;
  }
}
