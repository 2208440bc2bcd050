import { lazy, Suspense } from 'react';
import { usePopup } from '../../../lib/popup.ts';

const SelectedModelDialog = lazy(() =>
  import('./selected-model-dialog.tsx').then((m) => ({ default: m.SelectedModelDialog })),
);

/** Loads the character's profile popup only when `?popup=selected-model` asks for it. */
export function SelectedModelPopup() {
  const { popup } = usePopup();
  if (popup !== 'selected-model') return null;
  return (
    <Suspense fallback={null}>
      <SelectedModelDialog />
    </Suspense>
  );
}
