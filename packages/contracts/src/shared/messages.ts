/** The shell's and the wallet control's words, which every screen shares. */

export const shellText = {
  landingHeadline: 'The Future of Web3 Testing',
  landingTagline: 'Build. Break. Rebuild. Repeat.',
  landingSubline: 'Where tomorrow\u2019s decentralized experiences are stress-tested today',
  startTesting: 'Start Testing Now',
  signIn: 'Sign In',
  signOut: 'Sign Out',
  notFound: 'Oops! Page not found',
  routerError: 'Unexpected Application Error!',
} as const;

export const walletText = {
  launch: 'Launch Mission Control',
  connect: 'Connect Wallet',
  connecting: 'Establishing Connection...',
  disconnect: 'Disconnect',
  installAlert: 'Please install the Phantom wallet browser extension to connect your Solana wallet.',
} as const;
