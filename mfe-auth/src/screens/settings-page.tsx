import { useUser } from '@starforge/host';
import { FullPageSpinner, TopBar } from '@starforge/ui';
import { useProfile } from '../features/settings/api/use-profile';
import { settingsText } from '../features/settings/settings-text';
import { AccountStatusCard } from '../features/settings/components/account-status-card';
import { ProfileForm } from '../features/settings/components/profile-form';
import { QuickActions } from '../features/settings/components/quick-actions';
import '../features/settings/components/settings.css';
import { settingsLinks } from './nav-links';

/** /settings: the profile form, the account's status and quick links. */
export function SettingsPage() {
  const user = useUser();
  const profile = useProfile();

  return (
    <>
      <TopBar links={settingsLinks} />
      <main className="sf-main auth-settings">
        <header className="auth-settings-header">
          <h1>{settingsText.title}</h1>
          <p className="sf-muted">{settingsText.subtitle}</p>
        </header>
        {!user || profile.loading ? (
          <FullPageSpinner label={settingsText.loading} />
        ) : (
          <div className="auth-settings-grid">
            <ProfileForm user={user} profile={profile.profile} refetch={profile.refetch} />
            <div className="auth-settings-side">
              <AccountStatusCard user={user} onWalletChanged={profile.refetch} />
              <QuickActions />
            </div>
          </div>
        )}
      </main>
    </>
  );
}
