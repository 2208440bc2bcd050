import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useCanContactSupport, useOpenSupport } from '../hooks/use-open-support.ts';

export function SupportButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const visible = useCanContactSupport();
  const { open, opening } = useOpenSupport();
  if (!visible) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={open}
      loading={opening}
      className={className}
      data-testid="support-button"
    >
      {t('shell.support.button')}
    </Button>
  );
}
