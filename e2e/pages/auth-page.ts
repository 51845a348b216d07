import { expect, type Locator, type Page } from '@playwright/test';
import type { TestAccount } from '../support/accounts';

/** The /auth screen, as a person uses it. */
export class AuthPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm Password', { exact: true });
    this.firstName = page.getByLabel('First Name', { exact: true });
    this.lastName = page.getByLabel('Last Name', { exact: true });
  }

  async open() {
    await this.page.goto('/auth');
    await expect(this.page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  }

  async switchToSignUp() {
    await this.page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await expect(this.page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  }

  async fillSignUp(account: TestAccount, confirm = account.password) {
    await this.firstName.fill(account.firstName);
    await this.lastName.fill(account.lastName);
    await this.email.fill(account.email);
    await this.password.fill(account.password);
    await this.confirmPassword.fill(confirm);
  }

  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}
