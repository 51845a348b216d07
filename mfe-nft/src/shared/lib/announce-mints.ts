import { nftMessages } from '@starforge/contracts/nft';
import { MINT_POINT_AWARDS_PER_DAY } from '@starforge/contracts/rewards';
import { serverEvents, toast } from '@starforge/host';

let announcing = false;

/**
 * Announces a finished mint on whatever screen the user is on once this remote is in the page:
 * a mint started on the dashboard completes 4 s later, often after the user moved on. Both
 * exposed modules call it; it subscribes once, for the life of the page.
 */
export const announceMints = (): void => {
  if (announcing) return;
  announcing = true;
  serverEvents.subscribe('nft.mint_completed', ({ data }) => {
    toast.success(nftMessages.minted(data.tokenId));
    // 0: past the day's points-earning mints (the job completes a mint once, so never a repeat).
    if (data.points > 0) toast.success(nftMessages.mintPoints(data.points));
    else toast.info(nftMessages.mintNoPoints(MINT_POINT_AWARDS_PER_DAY));
  });
};
