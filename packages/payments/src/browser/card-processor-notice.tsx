// The package's own entry, not its files: the page must use the one copy the shell shares.
import { requestJson, useLiveResource } from '@starforge/host';
import { type CardProcessorInfo, cardProcessorNotices } from '../wire';

/**
 * What the card form says of the processor that takes the payment, read from the paying
 * service's GET `<api>/card-processor` (the kit's route, public): in simulated mode, that card
 * payments are simulated. Nothing while it loads or when it cannot be read (the server still
 * decides what a payment does).
 */
export function CardProcessorNotice({ api }: { api: string }) {
  const path = `${api}/card-processor`;
  const { data } = useLiveResource({ key: path, load: () => requestJson<CardProcessorInfo>(path, { method: 'GET' }), events: [] });
  if (!data) return null;
  return (
    <p className="sf-pay-processor" role="note" data-testid="card-processor-notice">
      {cardProcessorNotices[data.mode]}
    </p>
  );
}
