import { formatCents } from '@starforge/contracts/shared';
import { NftImage } from '@starforge/ui';
import { editionSizeInput } from '../../../shared/lib/edition-size';
import { priceInput } from '../../../shared/lib/price';
import { parseRoyalty } from '../../../shared/lib/royalty';
import { useObjectUrl } from '../../../shared/lib/use-object-url';
import type { CreatorFields } from '../creator-input';

/** The live preview beside the form: the NFT as the marketplace will show it. */
export function CreatorPreview({ fields, image }: { fields: CreatorFields; image: File | null }) {
  const url = useObjectUrl(image);
  const name = fields.name.trim() || 'Untitled NFT';
  const price = priceInput(fields.price);
  const edition = editionSizeInput(fields.limited, fields.editionSize);
  return (
    <section className="sf-card nft-creator-preview" aria-labelledby="nft-creator-preview-title" data-testid="creator-preview">
      <h2 id="nft-creator-preview-title">Preview</h2>
      <NftImage url={url} name={name} />
      <h3 data-testid="preview-name">{name}</h3>
      {fields.description.trim() ? <p className="sf-muted">{fields.description.trim()}</p> : null}
      <dl className="nft-facts">
        <div>
          <dt>Price</dt>
          <dd data-testid="preview-price">{price.ok ? formatCents(price.cents) : '—'}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd data-testid="preview-category">{fields.category}</dd>
        </div>
        <div>
          <dt>Creator royalty</dt>
          <dd data-testid="preview-royalty">{parseRoyalty(fields.royalty)}%</dd>
        </div>
        <div>
          <dt>Edition</dt>
          <dd data-testid="preview-edition">
            {!fields.limited ? 'Open edition' : edition.ok && edition.size !== null ? `Limited edition of ${edition.size}` : 'Limited edition'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
