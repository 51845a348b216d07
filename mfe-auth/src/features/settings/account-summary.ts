import { WALLET_EMAIL_DOMAIN, type AuthUser } from '@starforge/contracts/auth';
import { solanaAddressSchema } from '@starforge/contracts/shared';

type SignInMethod = 'email' | 'solana';

export interface AccountSummary {
  email: string;
  /** `created_at` as a long date, '' when it cannot be read. */
  memberSince: string;
  signInMethod: SignInMethod;
  /** The Solana address proven for this account, or null. */
  linkedWallet: string | null;
}

const isAddress = (value: string | undefined): value is string => value !== undefined && solanaAddressSchema.safeParse(value).success;

export const formatMemberSince = (createdAt: string, locale?: string): string => {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
};

/**
 * What the account status card shows. A wallet-created account carries the derived e-mail
 * (`…@wallet.starforge.app`); its wallet is in the metadata or its `solana` identity.
 */
export const accountSummary = (user: AuthUser, locale?: string): AccountSummary => {
  const providers = new Set(user.identities.map((i) => i.provider));
  const walletAccount =
    user.email.endsWith(`@${WALLET_EMAIL_DOMAIN}`) || (!providers.has('email') && (providers.has('solana') || user.user_metadata.wallet_type === 'solana'));
  const identityAddress = user.identities.find((i) => i.provider === 'solana')?.id;
  const metadataAddress = user.user_metadata.wallet_address;
  return {
    email: user.email,
    memberSince: formatMemberSince(user.created_at, locale),
    signInMethod: walletAccount ? 'solana' : 'email',
    linkedWallet: isAddress(metadataAddress) ? metadataAddress : isAddress(identityAddress) ? identityAddress : null,
  };
};
