import { useId, type InputHTMLAttributes } from 'react';
import { EDITION_SIZE_MIN, ROYALTY_MAX, ROYALTY_MIN, ROYALTY_STEP } from '@starforge/contracts/nft';
import { Field } from '@starforge/ui';
import { parseRoyalty } from '../lib/royalty';
import './fields.css';

interface EditionFieldsProps {
  limited: boolean;
  editionSize: string;
  onChange: (patch: { limited?: boolean; editionSize?: string }) => void;
  error?: string | null;
}

/** The limited-edition checkbox, and the edition size only while it is checked (spec section 5). */
export function EditionFields({ limited, editionSize, onChange, error }: EditionFieldsProps) {
  const id = useId();
  return (
    <>
      <div className="nft-checkbox">
        <input id={id} type="checkbox" checked={limited} onChange={(e) => onChange({ limited: e.target.checked })} />
        <label htmlFor={id}>Limited edition</label>
      </div>
      {limited ? (
        <Field
          label="Edition size"
          type="number"
          inputMode="numeric"
          min={EDITION_SIZE_MIN}
          step={1}
          value={editionSize}
          onChange={(e) => onChange({ editionSize: e.target.value })}
          error={error}
        />
      ) : null}
    </>
  );
}

/** The creator royalty in percent, 0 to 10 in steps of 0.1; what is no number reads as 0 (spec section 5), which the field shows once it is left. */
export function RoyaltyField({ value, onChange, error }: { value: string; onChange: (royalty: string) => void; error?: string | null }) {
  return (
    <Field
      label="Creator royalty (%)"
      type="number"
      inputMode="decimal"
      min={ROYALTY_MIN}
      max={ROYALTY_MAX}
      step={ROYALTY_STEP}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => onChange(String(parseRoyalty(value)))}
      hint={`${ROYALTY_MIN} to ${ROYALTY_MAX}%, paid to the creator on every resale.`}
      error={error}
    />
  );
}

/** A price in dollars, to the cent. */
export function PriceField(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { id?: string; hint?: string; error?: string | null }) {
  return <Field label="Price (USD)" type="number" inputMode="decimal" min={0.01} step={0.01} placeholder="0.00" {...props} />;
}
