import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';
import { browserNavigation } from '../../../lib/browser-navigation';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useLogoutMutation } from '../api/auth-api';

/** Logs out, then reloads the app on /auth (SPEC §2); a failure shows 'Logout failed'. */
export function useLogout(): { logout: () => Promise<void>; isLoggingOut: boolean } {
  const { t } = useTranslation('auth');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [logoutRequest, { isLoading }] = useLogoutMutation();

  const logout = useCallback(async () => {
    try {
      await logoutRequest().unwrap();
      browserNavigation.assign('/auth');
    } catch (error) {
      toast({ variant: 'error', title: t('toasts.logoutFailed'), description: describeError(error, t, language) });
    }
  }, [logoutRequest, toast, t, language]);

  return { logout, isLoggingOut: isLoading };
}
