import { rewardsMessages } from '@starforge/contracts/rewards';
import { serverEvents, toast } from '@starforge/host';
import { shortHash } from './format';

let announcing = false;

/**
 * Announces what the server finishes for the user (a test run, a withdrawal) on whatever screen
 * they are on, once this remote is in the page: a run started on the dashboard or a withdrawal
 * asked for on /withdrawal is announced after the user moved on. Both exposed modules call it;
 * it subscribes once, for the life of the page.
 */
export const announceRewardsResults = (): void => {
  if (announcing) return;
  announcing = true;
  serverEvents.subscribe('rewards.test_run_finished', ({ data }) => {
    // Another domain's run (a bounty's proof) is announced on that domain's screens, not as a test.
    if (data.purpose) return;
    if (data.status === 'completed') toast.success(rewardsMessages.testPoints(data.points));
    else toast.error(rewardsMessages.testFailedSimulated);
  });
  serverEvents.subscribe('rewards.withdrawal_completed', ({ data }) => {
    toast.success(rewardsMessages.withdrawalSucceeded(shortHash(data.txSignature)));
  });
};
