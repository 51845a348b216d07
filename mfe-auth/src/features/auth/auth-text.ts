import { shellText } from '@starforge/contracts/shared';

/** The /auth screen's fixed wording (spec section 2); toasts come from `authMessages`. */
export const authText = {
  signIn: {
    title: 'Welcome Back',
    subtitle: 'Sign in to your account',
    submit: shellText.signIn,
    busy: 'Signing In...',
    toggle: "Don't have an account? Sign up",
  },
  signUp: {
    title: 'Create Account',
    subtitle: 'Join the Web3 testing revolution',
    submit: 'Create Account',
    busy: 'Creating Account...',
    toggle: 'Already have an account? Sign in',
  },
  walletSignIn: 'Sign in with Solana Wallet',
  installPhantom: 'Install Phantom Wallet',
  downloadPhantom: 'Download Phantom',
  opensInNewTab: '(opens in a new tab)',
  divider: 'Or continue with email',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  firstName: 'First Name',
  lastName: 'Last Name',
  home: 'Starforge home',
} as const;

export type AuthMode = 'signIn' | 'signUp';
