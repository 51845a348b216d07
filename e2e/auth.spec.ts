import { test, expect } from './support/fixtures';
import { newAccount, signUpViaApi } from './support/accounts';
import { AuthPage } from './pages/auth-page';

test.describe('/auth with e-mail', () => {
  test('sign-in mode: headings, wallet install state, divider, labelled fields, toggle', async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open();
    await expect(page.getByText('Sign in to your account')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Install Phantom Wallet' })).toBeDisabled();
    await expect(page.getByRole('link', { name: /Download Phantom/ })).toHaveAttribute('href', /phantom/);
    await expect(page.getByText('Or continue with email')).toBeVisible();
    await expect(auth.email).toHaveAttribute('type', 'email');
    await expect(auth.password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(auth.password).toHaveAttribute('type', 'text');
    await page.getByRole('link', { name: 'Starforge home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('sign-up mode: every validation message, then the account is created and the dashboard welcomes', async ({ page }) => {
    const auth = new AuthPage(page);
    const account = newAccount('signup');
    await auth.open();
    await auth.switchToSignUp();
    await expect(page.getByText('Join the Web3 testing revolution')).toBeVisible();

    // Required fields are enforced by the form itself.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(auth.firstName).toHaveJSProperty('validity.valueMissing', true);

    await auth.fillSignUp(account, 'something-else');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(auth.toast('Passwords do not match')).toBeVisible();

    await auth.fillSignUp({ ...account, password: '12345' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(auth.toast('Password must be at least 6 characters')).toBeVisible();

    await auth.fillSignUp(account);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(auth.toast('Account created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome back, ${account.email.split('@')[0]}!` })).toBeVisible();

    // A reload restores the session through the httpOnly refresh cookie.
    await page.reload();
    await expect(page.getByRole('heading', { name: `Welcome back, ${account.email.split('@')[0]}!` })).toBeVisible();
    expect(await page.evaluate(() => JSON.stringify(localStorage) + document.cookie)).not.toMatch(/eyJ|sf_refresh/);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('a duplicate e-mail is refused with the spec message', async ({ page }) => {
    const account = await signUpViaApi(page, newAccount('dup'));
    await page.context().clearCookies();
    const auth = new AuthPage(page);
    await auth.open();
    await auth.switchToSignUp();
    await auth.fillSignUp(account);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(auth.toast('This email is already registered. Please sign in instead.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('wrong password, then the right one', async ({ page }) => {
    const account = await signUpViaApi(page, newAccount('signin'));
    await page.context().clearCookies();
    const auth = new AuthPage(page);
    await auth.open();
    await auth.signIn(account.email, 'not-the-password');
    await expect(auth.toast('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await auth.password.fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(auth.toast('Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('further submits are ignored while a request runs', async ({ page }) => {
    const account = await signUpViaApi(page, newAccount('busy'));
    await page.context().clearCookies();
    let requests = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first sign-in request is held until the extra submits are made, so none can slip in after it.
    await page.route('**/api/auth/token?grant_type=password', async (route) => {
      requests += 1;
      await held;
      await route.continue();
    });
    const auth = new AuthPage(page);
    await auth.open();
    await auth.email.fill(account.email);
    await auth.password.fill(account.password);
    await auth.password.press('Enter');
    await expect(page.getByRole('button', { name: 'Signing In...' })).toBeVisible();
    await auth.password.press('Enter');
    await auth.password.press('Enter');
    await page.getByRole('button', { name: 'Signing In...' }).click({ force: true });
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(requests).toBe(1);
  });
});

test.describe('/auth with a Solana wallet', () => {
  test('a real key pair signs in, and again to the same account', async ({ page, withPhantom }) => {
    const wallet = await withPhantom();
    const auth = new AuthPage(page);
    await auth.open();
    await page.getByRole('button', { name: 'Sign in with Solana Wallet' }).click();
    await expect(auth.toast('Wallet connected successfully!')).toBeVisible();
    await expect(auth.toast('Successfully signed in with wallet!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome back, ${wallet.address.slice(0, 8)}!` })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('button', { name: 'Sign in with Solana Wallet' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome back, ${wallet.address.slice(0, 8)}!` })).toBeVisible();
  });

  test('a wallet offering Sign-In With Solana builds and signs the message itself', async ({ page, withPhantom }) => {
    const wallet = await withPhantom({ signIn: true });
    const auth = new AuthPage(page);
    await auth.open();
    await page.getByRole('button', { name: 'Sign in with Solana Wallet' }).click();
    await expect(auth.toast('Successfully signed in with wallet!')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Welcome back, ${wallet.address.slice(0, 8)}!` })).toBeVisible();
  });

  test('a wallet whose signature is forged is refused and no session starts', async ({ page, withPhantom }) => {
    await withPhantom({ forge: true });
    const auth = new AuthPage(page);
    await auth.open();
    await page.getByRole('button', { name: 'Sign in with Solana Wallet' }).click();
    await expect(auth.toast('Failed to sign in with wallet')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a refused wallet connection says so', async ({ page, withPhantom }) => {
    await withPhantom({ rejectConnect: true });
    const auth = new AuthPage(page);
    await auth.open();
    await page.getByRole('button', { name: 'Sign in with Solana Wallet' }).click();
    await expect(auth.toast('Failed to connect wallet')).toBeVisible();
  });
});

test.describe('/settings', () => {
  test('saves the profile, keeps the e-mail read-only, and shows it all again after a reload', async ({ page }) => {
    const account = await signUpViaApi(page, newAccount('settings'));
    await page.goto('/settings');
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(account.email);
    await expect(email).toHaveAttribute('readonly', '');
    await expect(page.getByText('Email cannot be changed')).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue(account.firstName);
    await expect(page.getByRole('link', { name: 'View My NFTs' })).toHaveAttribute('href', '/nfts');
    await expect(page.getByRole('link', { name: 'View Rewards' })).toHaveAttribute('href', '/rewards');

    // The wallet address is the linked wallet, shown but not typed in.
    await expect(page.getByLabel('Wallet Address')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Wallet Address')).toHaveValue('');

    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!', { exact: true })).toBeVisible();

    // Back to the screen without a reload: it starts from what was saved, not from its first read.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByLabel('First Name')).toHaveValue('Grace');
    await expect(page.getByLabel('Last Name')).toHaveValue('');

    await page.reload();
    await expect(page.getByLabel('First Name')).toHaveValue('Grace');
    await expect(page.getByLabel('Last Name')).toHaveValue('');
  });

  test('an e-mail account links a proven wallet', async ({ page, withPhantom }) => {
    const wallet = await withPhantom();
    await signUpViaApi(page, newAccount('link'));
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Link Solana Wallet' }).click();
    await expect(page.getByText('Wallet linked successfully!', { exact: true })).toBeVisible();
    await expect(page.getByText(wallet.address).first()).toBeVisible();
    await expect(page.getByLabel('Wallet Address')).toHaveValue(wallet.address);
  });

  test('an e-mail account unlinks its wallet with the keyboard, asked first: the address is empty after a reload, and only signing sets it again', async ({
    page,
    withPhantom,
  }) => {
    const wallet = await withPhantom();
    await signUpViaApi(page, newAccount('unlink'));
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Link Solana Wallet' }).click();
    await expect(page.getByLabel('Wallet Address')).toHaveValue(wallet.address);
    const status = page.getByRole('region', { name: 'Account Status' });

    // From the form's last button, the next stop is Unlink Wallet; Enter asks, Escape keeps it.
    await page.getByRole('button', { name: 'Save Changes' }).focus();
    await page.keyboard.press('Tab');
    await expect(status.getByRole('button', { name: 'Unlink Wallet' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status.getByRole('group', { name: /^Unlink this wallet\? It will no longer sign in to this account/ })).toBeVisible();
    await expect(status.getByRole('button', { name: 'Confirm Unlink' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(status.getByRole('button', { name: 'Unlink Wallet' })).toBeFocused();
    await expect(page.getByLabel('Wallet Address')).toHaveValue(wallet.address);

    await page.keyboard.press('Enter');
    await expect(status.getByRole('button', { name: 'Confirm Unlink' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Wallet unlinked successfully!', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Wallet Address')).toHaveValue('');
    await expect(status.getByText('None', { exact: true })).toBeVisible();
    // Focus moves to the button that took Unlink's place.
    await expect(status.getByRole('button', { name: 'Link Solana Wallet' })).toBeFocused();

    await page.reload();
    await expect(page.getByLabel('Wallet Address')).toHaveValue('');
    await expect(page.getByLabel('Wallet Address')).toHaveAttribute('readonly', '');

    // Set again only by signing with the wallet.
    await page.getByRole('button', { name: 'Link Solana Wallet' }).click();
    await expect(page.getByText('Wallet linked successfully!', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Wallet Address')).toHaveValue(wallet.address);
  });

  test('a wallet account keeps its wallet: it is how it signs in, so no Unlink is offered', async ({ page, withPhantom }) => {
    const wallet = await withPhantom();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Solana Wallet' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/settings');
    const status = page.getByRole('region', { name: 'Account Status' });
    await expect(page.getByLabel('Wallet Address')).toHaveValue(wallet.address);
    await expect(status.getByText('This wallet is how you sign in to this account, so it stays linked')).toBeVisible();
    await expect(status.getByRole('button', { name: 'Unlink Wallet' })).toHaveCount(0);
  });
});
