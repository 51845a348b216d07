import type { FormEvent } from 'react';
import { ImagePicker } from '../../../shared/components/image-picker';
import { EditionFields, RoyaltyField } from '../../../shared/components/setting-fields';
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
  return (
    <form onSubmit={onMint} noValidate hidden={hidden} aria-label="Media & Settings">
      <ImagePicker label="Image" file={settings.image} onChange={(image) => onChange({ image })} error={errors.image} required />
      <EditionFields limited={settings.limited} editionSize={settings.editionSize} onChange={onChange} error={errors.editionSize} />
      <RoyaltyField value={settings.royalty} onChange={(royalty) => onChange({ royalty })} error={errors.royalty} />
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
