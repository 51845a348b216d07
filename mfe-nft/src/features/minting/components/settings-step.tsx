import { useId, type FormEvent } from 'react';
import { ROYALTY_MAX, ROYALTY_MIN, ROYALTY_STEP } from '@starforge/contracts/nft-constants';
import { Field } from '@starforge/ui';
import { ImagePicker } from '../../../shared/components/image-picker';
import { parseRoyalty } from '../../../shared/lib/royalty';
import type { MintSettings, SettingsErrors } from '../wizard-input';

interface SettingsStepProps {
  settings: MintSettings;
  onChange: (patch: Partial<MintSettings>) => void;
  errors: SettingsErrors;
  onBack: () => void;
  onMint: (event: FormEvent) => void;
  busy: boolean;
  hidden: boolean;
}

/** Step 2, Media & Settings: the image, limited edition and its size, the creator royalty. */
export function SettingsStep({ settings, onChange, errors, onBack, onMint, busy, hidden }: SettingsStepProps) {
  const limitedId = useId();
  return (
    <form onSubmit={onMint} noValidate hidden={hidden} aria-label="Media & Settings">
      <ImagePicker label="Image" file={settings.image} onChange={(image) => onChange({ image })} error={errors.image} required />
      <div className="nft-checkbox">
        <input id={limitedId} type="checkbox" checked={settings.limited} onChange={(e) => onChange({ limited: e.target.checked })} />
        <label htmlFor={limitedId}>Limited edition</label>
      </div>
      {settings.limited ? (
        <Field
          label="Edition size"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={settings.editionSize}
          onChange={(e) => onChange({ editionSize: e.target.value })}
          error={errors.editionSize}
        />
      ) : null}
      <Field
        label="Creator royalty (%)"
        type="number"
        inputMode="decimal"
        min={ROYALTY_MIN}
        max={ROYALTY_MAX}
        step={ROYALTY_STEP}
        value={settings.royalty}
        onChange={(e) => onChange({ royalty: e.target.value })}
        // What is no number reads as 0 (spec section 5); the field says so once it is left.
        onBlur={() => onChange({ royalty: String(parseRoyalty(settings.royalty)) })}
        hint={`${ROYALTY_MIN} to ${ROYALTY_MAX}%, paid to you on every resale.`}
        error={errors.royalty}
      />
      <div className="nft-wizard-actions">
        <button type="button" className="sf-btn sf-btn-secondary" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button type="submit" className="sf-btn sf-btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Minting...' : 'Mint NFT'}
        </button>
      </div>
    </form>
  );
}
