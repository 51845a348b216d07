import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export const newAccount = (prefix = 'pilot'): TestAccount => ({
  email: `${prefix}-${randomUUID().slice(0, 8)}@example.com`,
  password: 'correct-horse-battery',
  firstName: 'Ada',
  lastName: 'Lovelace',
});

/**
 * Creates an account through the API from inside the page's browser context, so the refresh
 * cookie lands in the browser exactly as after a sign-up on screen.
 */
export const signUpViaApi = async (page: Page, account: TestAccount = newAccount()): Promise<TestAccount> => {
  const response = await page.request.post('/api/auth/signup', {
    data: { email: account.email, password: account.password, data: { first_name: account.firstName, last_name: account.lastName } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return account;
};
