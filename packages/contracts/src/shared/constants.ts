/** Business constants of spec section 9 that more than one part of the product uses. */
export const PRODUCT_NAME = 'Starforge';
export const PRODUCT_ID = 'starforge';
export const STAR_COUNT = 300;
export const WALLET_CONNECT_DELAY_MS = 2_500;
export const MIN_PASSWORD_LENGTH = 6;

/** Wallet address as the wallet control shows it: first 6 + '...' + last 4. */
export const shortAddress = (address: string): string => (address.length <= 10 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`);

/** Wallet address as the withdrawal screen shows it: first 8 + '...' + last 8. */
export const mediumAddress = (address: string): string => (address.length <= 16 ? address : `${address.slice(0, 8)}...${address.slice(-8)}`);
