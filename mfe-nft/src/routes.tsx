import type { RemoteRoutesModule } from '@starforge/host';
import { ComingSoonPage } from '@starforge/ui';

// Placeholder screens inside the real layout until this domain ships its features.
const back = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/marketplace', label: 'Marketplace' },
];

export const pages: RemoteRoutesModule['pages'] = {
  '/nfts': () => <ComingSoonPage title="NFT Collection" links={back} />,
  '/nft/:id': () => <ComingSoonPage title="NFT Details" links={back} />,
  '/nft-creator': () => <ComingSoonPage title="NFT Creator" links={back} />,
};
