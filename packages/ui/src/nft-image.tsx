import { useState } from 'react';

interface NftImageProps {
  /** The image's URL (`/api/nft/images/<key>`), or null for an NFT made without one. */
  url: string | null;
  name: string;
  className?: string;
}

function ImageOrPlaceholder({ url, name, className = '' }: NftImageProps) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <div className={`sf-nft-image sf-nft-image-placeholder ${className}`} role="img" aria-label={`${name} (no image)`} data-testid="nft-image-placeholder">
        <span aria-hidden="true">✦</span>
      </div>
    );
  }
  return <img className={`sf-nft-image ${className}`} src={url} alt={name} loading="lazy" onError={() => setFailed(true)} />;
}

/** An NFT's image, or the placeholder when it has none or it fails to load (spec section 2), for every screen that shows NFTs (nft, marketplace). */
export function NftImage(props: NftImageProps) {
  // A new URL gets a new try.
  return <ImageOrPlaceholder key={props.url ?? ''} {...props} />;
}
