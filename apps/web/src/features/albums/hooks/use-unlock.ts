import type { AlbumCategory } from '@amora/shared/albums.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { openNoTokens } from '../../wallet/store.ts';
import { albumKeys, unlockCategory } from '../api/albums-api.ts';

/** Unlocks one of her categories; 402 opens the no-tokens dialog. */
export function useUnlockCategory() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { botId: string; category: AlbumCategory }) => unlockCategory(v.botId, v.category),
    onSuccess: async (data) => {
      useAuthStore.getState().setTokens(data.tokens);
      await qc.invalidateQueries({ queryKey: albumKeys.all });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'INSUFFICIENT_TOKENS') openNoTokens();
      else showToast(errorMessage(error, t), 'error');
    },
  });
}
