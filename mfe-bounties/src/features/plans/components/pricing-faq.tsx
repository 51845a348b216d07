import { pricingFaq } from '@starforge/contracts/bounties';

/** The questions the pricing page answers: downgrading, payment methods, existing bounties, the free plan. */
export function PricingFaq() {
  return (
    <section className="sf-card plans-faq" aria-labelledby="pricing-faq-title">
      <h2 id="pricing-faq-title">Frequently Asked Questions</h2>
      <dl>
        {pricingFaq.map((entry) => (
          <div key={entry.question}>
            <dt>{entry.question}</dt>
            <dd className="sf-muted">{entry.answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
