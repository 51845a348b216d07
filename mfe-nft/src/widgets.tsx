import type { RemoteWidgetsModule } from '@starforge/host';
import { MintingWizard } from './features/minting/components/minting-wizard';
import { announceMints } from './shared/lib/announce-mints';

announceMints();

// The nft domain's dashboard widget; the shell mounts it in its slot (dashboard-slots.ts).
export const widgets: RemoteWidgetsModule['widgets'] = { 'nft-minting-wizard': MintingWizard };
