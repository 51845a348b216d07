import { useSearchParams } from 'react-router-dom';
import { TopBar } from '@starforge/ui';
import { CartCheckout } from '../features/payment/components/cart-checkout';
import { NftCheckout } from '../features/payment/components/nft-checkout';
import { paymentLinks } from './nav-links';
import './screens.css';

/** /payment: the order summary and total, and the tabs Credit Card and Solana; for the cart, or for one NFT with ?nft=<id>. */
export function PaymentPage() {
  const [params] = useSearchParams();
  const nftId = params.get('nft');
  return (
    <>
      <TopBar links={paymentLinks} />
      <main className="sf-main market-screen">
        <header className="market-screen-header">
          <h1>Payment</h1>
          <p className="sf-muted">{nftId ? 'Buy this NFT by card or with your Solana wallet.' : 'Pay for your cart by card or with your Solana wallet.'}</p>
        </header>
        {nftId ? <NftCheckout key={nftId} nftId={nftId} /> : <CartCheckout />}
      </main>
    </>
  );
}
