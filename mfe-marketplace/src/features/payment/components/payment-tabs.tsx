import { type KeyboardEvent, useRef } from 'react';

export type PaymentTab = 'card' | 'solana';

const tabs: { id: PaymentTab; label: string }[] = [
  { id: 'card', label: 'Credit Card' },
  { id: 'solana', label: 'Solana' },
];

export const tabId = (base: string, tab: PaymentTab) => `${base}-${tab}-tab`;
export const panelId = (base: string, tab: PaymentTab) => `${base}-${tab}-panel`;

/**
 * The payment tabs, a WAI-ARIA tablist: one tab in the tab order, arrow keys (and Home, End) move
 * between the tabs and select the one they reach; each tab controls its panel.
 */
export function PaymentTabs({ base, selected, onSelect }: { base: string; selected: PaymentTab; onSelect: (tab: PaymentTab) => void }) {
  const buttons = useRef(new Map<PaymentTab, HTMLButtonElement>());
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
    <div role="tablist" aria-label="Payment method" className="market-tabs" onKeyDown={move}>
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
          className="market-tab"
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
