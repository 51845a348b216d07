/** 'Showing 25–48 of 57 NFTs' for the page on screen; '' when there is nothing to show. */
export const showingText = (page: number, pageSize: number, shown: number, total: number): string => {
  if (shown === 0) return '';
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}–${first + shown - 1} of ${total} ${total === 1 ? 'NFT' : 'NFTs'}`;
};
