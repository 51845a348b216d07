import { useId, useState } from 'react';
import type { Order } from '../order';
import { CardForm } from './card-form';
import { OrderSummary } from './order-summary';
import { type PaymentTab, PaymentTabs, panelId, tabId } from './payment-tabs';
import { SolanaTab } from './solana-tab';

/**
 * The order summary beside the payment: the tabs Credit Card and Solana, each with its panel. The
 * card panel stays mounted (what was typed survives a look at the other tab); the Solana panel
 * exists from its first opening, which is when its code loads.
 */
export function Checkout({ order }: { order: Order }) {
  const base = useId();
  const [tab, setTab] = useState<PaymentTab>('card');
  const [solanaOpened, setSolanaOpened] = useState(false);
  const select = (next: PaymentTab) => {
    setTab(next);
    if (next === 'solana') setSolanaOpened(true);
  };
  return (
    <div className="market-columns">
      <OrderSummary order={order} />
      <section className="sf-card market-payment" aria-labelledby={`${base}-title`}>
        <h2 id={`${base}-title`}>Payment</h2>
        <PaymentTabs base={base} selected={tab} onSelect={select} />
        <div role="tabpanel" id={panelId(base, 'card')} aria-labelledby={tabId(base, 'card')} hidden={tab !== 'card'} className="market-tabpanel">
          <CardForm order={order} />
        </div>
        <div role="tabpanel" id={panelId(base, 'solana')} aria-labelledby={tabId(base, 'solana')} hidden={tab !== 'solana'} className="market-tabpanel">
          {solanaOpened ? <SolanaTab order={order} /> : null}
        </div>
      </section>
    </div>
  );
}
