import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CREATOR_CATEGORIES, NFT_DESCRIPTION_MAX_LENGTH, NFT_NAME_MAX_LENGTH, nftMessages } from '@starforge/contracts/nft';
import { failureMessage, useFormAction } from '@starforge/host';
import { Field, SelectField, TextAreaField } from '@starforge/ui';
import { ImagePicker } from '../../../shared/components/image-picker';
import { EditionFields, PriceField, RoyaltyField } from '../../../shared/components/setting-fields';
import { imageRefusal } from '../../../shared/lib/image-refusal';
import { useCreateNft } from '../api/create-nft';
import { creatorInput, defaultCreatorFields, isCreatorCategory, type CreatorFields } from '../creator-input';
import { CreatorPreview } from './creator-preview';

/**
 * /nft-creator's preview and form (spec sections 2 and 5): the NFT is created completed and
 * listed on the marketplace at its price, then the user goes to /marketplace.
 */
export function NftCreator() {
  const ids = useId();
  const navigate = useNavigate();
  const [fields, setFields] = useState<CreatorFields>(defaultCreatorFields);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const create = useCreateNft();
  const set = (patch: Partial<CreatorFields>) => setFields((current) => ({ ...current, ...patch }));

  const form = useFormAction({
    name: 'NFT creation',
    check: () => creatorInput(fields),
    run: (input) => create.run(image, input.body),
    success: () => nftMessages.created,
    onSuccess: () => navigate('/marketplace'),
    failure: (error) => {
      const refusal = imageRefusal(error);
      setImageError(refusal);
      return refusal ?? failureMessage(error, { fallback: nftMessages.createFailed });
    },
  });

  return (
    <div className="nft-creator">
      <CreatorPreview fields={fields} image={image} />
      <section className="sf-card" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`}>NFT details</h2>
        <form onSubmit={form.submit} noValidate>
          <Field label="Name" value={fields.name} maxLength={NFT_NAME_MAX_LENGTH} onChange={(e) => set({ name: e.target.value })} required />
          <TextAreaField
            label="Description"
            value={fields.description}
            maxLength={NFT_DESCRIPTION_MAX_LENGTH}
            rows={3}
            onChange={(e) => set({ description: e.target.value })}
          />
          <PriceField value={fields.price} onChange={(e) => set({ price: e.target.value })} hint="Listed on the marketplace at this price." required />
          <SelectField
            label="Category"
            options={CREATOR_CATEGORIES}
            value={fields.category}
            onChange={(e) => {
              if (isCreatorCategory(e.target.value)) set({ category: e.target.value });
            }}
          />
          <RoyaltyField value={fields.royalty} onChange={(royalty) => set({ royalty })} />
          <EditionFields limited={fields.limited} editionSize={fields.editionSize} onChange={set} />
          <Field
            label="Tags"
            value={fields.tags}
            onChange={(e) => set({ tags: e.target.value })}
            placeholder="space, art, comet"
            hint="Separate tags with commas."
          />
          <ImagePicker
            label="Image (optional)"
            file={image}
            onChange={(file) => {
              setImageError(null);
              setImage(file);
            }}
            error={imageError}
            preview={false}
          />
          {form.error && !imageError ? (
            <p className="sf-field-error" role="alert">
              {form.error}
            </p>
          ) : null}
          <button type="submit" className="sf-btn sf-btn-primary sf-btn-block" disabled={create.busy} aria-busy={create.busy}>
            {create.busy ? nftMessages.creatingNft : nftMessages.createNft}
          </button>
        </form>
      </section>
    </div>
  );
}
