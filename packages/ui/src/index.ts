export { Spinner, FullPageSpinner } from './spinner';
export { Field, PasswordField } from './field';
export { TopBar, type TopBarLink } from './top-bar';
export { ComingSoon, ComingSoonPage } from './coming-soon';
export { SessionControlsProvider, useSessionControls, type SessionControls } from './session-controls';
export { StatCard } from './stat-card';
export { Badge, type BadgeTone } from './badge';
export { ProgressBar } from './progress-bar';
export { WalletButton, type WalletButtonProps } from './wallet-button';
