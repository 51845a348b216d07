import { NFT_MAX_TAGS, NFT_TAG_MAX_LENGTH, nftMessages } from '@starforge/contracts/nft';

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Why these tags cannot be sent (as nftTagsSchema says: at most 5, 30 characters each, no two alike ignoring case), or null. */
export const tagsIssue = (tags: readonly string[]): string | null => {
  if (tags.length > NFT_MAX_TAGS) return nftMessages.tooManyTags;
  if (tags.some((tag) => tag.length > NFT_TAG_MAX_LENGTH)) return nftMessages.tagTooLong;
  if (tags.some((tag, i) => tags.findIndex((other) => sameTag(other, tag)) !== i)) return nftMessages.duplicateTag;
  return null;
};

export type TagsChange = { ok: true; tags: string[] } | { ok: false; message: string };

/** The wizard's tags after adding the one typed (spec section 5): trimmed; a blank one adds nothing. */
export const addTag = (tags: readonly string[], typed: string): TagsChange => {
  const tag = typed.trim();
  if (!tag) return { ok: true, tags: [...tags] };
  const next = [...tags, tag];
  const issue = tagsIssue(next);
  return issue ? { ok: false, message: issue } : { ok: true, tags: next };
};
