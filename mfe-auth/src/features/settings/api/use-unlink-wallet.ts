import type { AuthUser } from '@starforge/contracts/auth';
import { authClient, authedRequest, useAction } from '@starforge/host';

/** DELETE /api/auth/user/wallets/{address}: unlinks one of the account's wallets; the page's session shows the updated user. */
const unlinkWallet = async (address: string): Promise<AuthUser> => {
  const user = await authedRequest<AuthUser>(`/api/auth/user/wallets/${encodeURIComponent(address)}`, { method: 'DELETE' });
  authClient.updateUser(user);
  return user;
};

/** 'Unlink Wallet', single flight; a failure is reported at once (no automatic retries). */
export const useUnlinkWallet = () => useAction((_call, address: string) => unlinkWallet(address), { maxAttempts: 1 });
