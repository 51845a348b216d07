import { navLink } from '@starforge/ui';
import { settingsText } from '../features/settings/settings-text';

/** /settings: the dashboard, the collection and the rewards. */
export const settingsLinks = [navLink('/dashboard'), navLink('/nfts', settingsText.nav.nfts), navLink('/rewards')];
