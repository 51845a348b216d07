import { useState } from 'react';
import { type NftImageSize, nftImageSizeUrl } from '@starforge/contracts/nft';

interface NftImageProps {
  /** The image's URL (`image_url`: `/api/nft/images/<key>`), a local preview's object URL, or null for an NFT made without one. */
  url: string | null;
  name: string;
  /**
   * Which size the service made of it to load: `grid` for a card or a line (a 512 px square of a
   * few kilobytes), `detail` for the NFT's own page. Leave it out for a local preview.
   */
  size?: NftImageSize;
  className?: string;
}

function ImageOrPlaceholder({ url, name, size, className = '' }: NftImageProps) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <div className={`sf-nft-image sf-nft-image-placeholder ${className}`} role="img" aria-label={`${name} (no image)`} data-testid="nft-image-placeholder">
        <span aria-hidden="true">✦</span>
      </div>
    );
  }
  // The detail page's image is its largest paint: fetched at once, not when layout finds it in view.
  const eager = size === 'detail';
  return (
    <img
      className={`sf-nft-image ${className}`}
      src={size ? nftImageSizeUrl(url, size) : url}
      alt={name}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/** An NFT's image, or the placeholder when it has none or it fails to load (spec section 2), for every screen that shows NFTs (nft, marketplace). */
export function NftImage(props: NftImageProps) {
  // A new URL gets a new try.
  return <ImageOrPlaceholder key={`${props.url ?? ''} ${props.size ?? ''}`} {...props} />;
}
