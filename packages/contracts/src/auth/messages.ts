/** The auth domain's words (spec sections 7 and 8), on the screens and from the service. */

export const authMessages = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  invalidCredentials: 'Invalid email or password',
  alreadyRegistered: 'This email is already registered. Please sign in instead.',
  authenticationFailed: 'Authentication failed',
  signedIn: 'Signed in successfully!',
  checkEmail: 'Please check your email to confirm your account',
  accountCreated: 'Account created successfully!',
  installPhantom: 'Please install Phantom wallet',
  walletConnectFailed: 'Failed to connect wallet',
  walletConnected: 'Wallet connected successfully!',
  walletSignInFailed: 'Failed to sign in with wallet',
  walletSignedIn: 'Successfully signed in with wallet!',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile',
  emailReadOnly: 'Email cannot be changed',
} as const;

/** The auth service's own error messages (spec sections 7 and 8). */
export const authServiceMessages = {
  invalidCredentials: 'Invalid login credentials',
  alreadyRegistered: 'User already registered',
  walletNotLinked: 'This wallet is not linked to your account',
  /** Unlinking the last way into an account would lock its owner out (and a later wallet sign-in would make a new, empty account). */
  walletOnlySignIn: 'This wallet is how you sign in to this account, so it stays linked',
} as const;
