import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

type PaymentMethod = 'card' | 'solana';

const tabs: { id: PaymentMethod; label: string }[] = [
  { id: 'card', label: 'Credit Card' },
  { id: 'solana', label: 'Solana' },
];

const tabId = (base: string, tab: PaymentMethod) => `${base}-${tab}-tab`;
const panelId = (base: string, tab: PaymentMethod) => `${base}-${tab}-panel`;

/**
 * The tabs Credit Card and Solana, a WAI-ARIA tablist: one tab in the tab order, arrow keys (and
 * Home, End) move between the tabs and select the one they reach; each tab controls its panel.
 */
function PaymentTabs({ base, selected, onSelect }: { base: string; selected: PaymentMethod; onSelect: (tab: PaymentMethod) => void }) {
  const buttons = useRef(new Map<PaymentMethod, HTMLButtonElement>());
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((tab) => tab.id === selected);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    buttons.current.get(next.id)?.focus();
  };
  return (
    <div role="tablist" aria-label="Payment method" className="sf-pay-tabs" onKeyDown={move}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          ref={(element) => {
            if (element) buttons.current.set(tab.id, element);
            else buttons.current.delete(tab.id);
          }}
          type="button"
          role="tab"
          id={tabId(base, tab.id)}
          aria-selected={tab.id === selected}
          aria-controls={panelId(base, tab.id)}
          tabIndex={tab.id === selected ? 0 : -1}
          className="sf-pay-tab"
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A payment: its title, the tabs Credit Card and Solana, and each tab's panel. The card panel
 * stays mounted (what was typed survives a look at the other tab); the Solana panel (`solana`,
 * a `SolanaPay`) is mounted from its first opening, which is when its code loads.
 */
export function PaymentMethods({ title = 'Payment', card, solana }: { title?: string; card: ReactNode; solana: ReactNode }) {
  const base = useId();
  const [tab, setTab] = useState<PaymentMethod>('card');
  const [solanaOpened, setSolanaOpened] = useState(false);
  const select = (next: PaymentMethod) => {
    setTab(next);
    if (next === 'solana') setSolanaOpened(true);
  };
  return (
    <section className="sf-card sf-pay" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>{title}</h2>
      <PaymentTabs base={base} selected={tab} onSelect={select} />
      <div role="tabpanel" id={panelId(base, 'card')} aria-labelledby={tabId(base, 'card')} hidden={tab !== 'card'}>
        {card}
      </div>
      <div role="tabpanel" id={panelId(base, 'solana')} aria-labelledby={tabId(base, 'solana')} hidden={tab !== 'solana'}>
        {solanaOpened ? solana : null}
      </div>
    </section>
  );
}
