import type { RemoteRoutesModule } from '@starforge/host';
import { CartPage } from './screens/cart-page';
import { MarketplacePage } from './screens/marketplace-page';
import { PaymentPage } from './screens/payment-page';

// The three screens travel in one route chunk (a buyer walks from one to the next); the Solana
// payment's code is its own chunk, fetched when its tab opens.
export const pages: RemoteRoutesModule['pages'] = { '/marketplace': MarketplacePage, '/cart': CartPage, '/payment': PaymentPage };
