import type { FormEvent } from 'react';
import { MINT_CATEGORIES, NFT_DESCRIPTION_MAX_LENGTH, NFT_NAME_MAX_LENGTH } from '@starforge/contracts/nft';
import { Field, SelectField, TextAreaField } from '@starforge/ui';
import type { DetailsErrors, MintDetails } from '../wizard-input';
import { TagInput } from './tag-input';

interface DetailsStepProps {
  details: MintDetails;
  onChange: (patch: Partial<MintDetails>) => void;
  /** The errors to show now (a field's shows once it was left or Continue was pressed). */
  errors: DetailsErrors;
  onLeave: (field: keyof DetailsErrors) => void;
  onContinue: () => void;
  hidden: boolean;
}

/** Step 1, Details: name, description with its n/500 counter, category, tags. */
export function DetailsStep({ details, onChange, errors, onLeave, onContinue, hidden }: DetailsStepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onContinue();
  };
  return (
    <form onSubmit={submit} noValidate hidden={hidden} aria-label="Details">
      <Field
        label="Name"
        value={details.name}
        maxLength={NFT_NAME_MAX_LENGTH}
        onChange={(e) => onChange({ name: e.target.value })}
        onBlur={() => onLeave('name')}
        error={errors.name}
        required
      />
      <TextAreaField
        label="Description"
        value={details.description}
        maxLength={NFT_DESCRIPTION_MAX_LENGTH}
        rows={4}
        onChange={(e) => onChange({ description: e.target.value })}
        onBlur={() => onLeave('description')}
        hint={<span data-testid="description-counter">{`${details.description.length}/${NFT_DESCRIPTION_MAX_LENGTH}`}</span>}
        error={errors.description}
        required
      />
      <SelectField
        label="Category"
        options={MINT_CATEGORIES}
        placeholder="Select a category"
        value={details.category}
        onChange={(e) => onChange({ category: e.target.value as MintDetails['category'] })}
        onBlur={() => onLeave('category')}
        error={errors.category}
        required
      />
      <TagInput tags={details.tags} onChange={(tags) => onChange({ tags })} />
      <div className="nft-wizard-actions">
        <button type="submit" className="sf-btn sf-btn-primary">
          Continue
        </button>
      </div>
    </form>
  );
}
