import { useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { SettingsPage } from '../../features/settings/components/settings-page';

/** Gives the Settings screen the signed-in user (who may edit company settings, which key permissions). */
export function SettingsRoute() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <SettingsPage currentUser={user} />;
}
