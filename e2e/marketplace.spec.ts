import { SystemInstruction, Transaction } from '@solana/web3.js';
import { checkoutAnswerSchema } from '@starforge/contracts/marketplace';
import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';
import {
  CartScreen,
  countCheckouts,
  goodCard,
  journeyTag,
  MarketApi,
  MarketplaceScreen,
  namedAccount,
  PaymentScreen,
  signInViaApi,
  watchSolanaCode,
} from './support/marketplace';
import { toastText } from './pages/rewards-widgets';
import { solanaCheckoutSchema, solanaPaymentRequestSchema } from '@starforge/payments/wire';

test.describe('/marketplace', () => {
  test('searches by name and by seller, shows each card’s facts, keeps the search in the URL for Back, and offers no Buy on one’s own NFT', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const tag = journeyTag();
    const seller = await MarketApi.signUp(playwright, baseURL ?? '');
    const nebula = `Nebula ${tag}`;
    const comet = `Comet ${tag}`;
    await seller.createListed({ name: nebula, description: `A cloud of gas and dust ${tag}`, price: '12.5', image: true });
    await seller.createListed({ name: comet, description: 'A dirty snowball', price: '3' });
    const buyer = namedAccount('buyer');
    await signUpViaApi(page, buyer);
    const mine = `Mine ${tag}`;
    const buyerApi = await MarketApi.signIn(playwright, baseURL ?? '', buyer);
    await buyerApi.createListed({ name: mine, price: '1' });

    const market = new MarketplaceScreen(page);
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('link', { name: 'Cart', exact: true })).toHaveAttribute('href', '/cart');
    await expect(nav.getByRole('link', { name: 'Bounties', exact: true })).toHaveAttribute('href', '/bounties');
    await expect(market.showing).toHaveText(/^Showing 1–\d+ of \d+ NFTs?$/);

    // By name: typing searches once it rests, and the URL holds the search.
    await market.search.fill(nebula);
    await expect(page).toHaveURL(new RegExp(`/marketplace\\?q=Nebula(\\+|%20)${tag}$`));
    await expect(market.cards).toHaveCount(1);
    await expect(market.showing).toHaveText('Showing 1–1 of 1 NFT');
    const card = market.card(nebula);
    await expect(card.getByRole('img', { name: nebula, exact: true })).toBeVisible();
    await expect(card.getByText(`A cloud of gas and dust ${tag}`)).toBeVisible();
    await expect(card.getByTestId('listing-seller')).toHaveText(seller.displayName);
    await expect(card.getByTestId('listing-price')).toHaveText('$12.50');
    await expect(market.buy(nebula)).toBeEnabled();
    await expect(card.getByRole('link', { name: nebula })).toHaveAttribute('href', /^\/nft\/[0-9a-f-]{36}$/);

    // By the seller's name: both of theirs, case-insensitively; without an image, the placeholder.
    await market.search.fill(seller.account.lastName.toLowerCase());
    await expect(market.cards).toHaveCount(2);
    await expect(market.card(nebula)).toBeVisible();
    await expect(market.card(comet).getByTestId('nft-image-placeholder')).toBeVisible();
    await expect(market.card(comet).getByTestId('listing-price')).toHaveText('$3.00');

    // Nothing matches: the empty state, and the way back to everything.
    await market.search.fill(`no such thing ${tag}`);
    await expect(market.empty).toContainText('No NFTs Found');
    await expect(market.cards).toHaveCount(0);

    // Back returns to the previous search, box and grid alike.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?q=${seller.account.lastName.toLowerCase()}$`));
    await expect(market.search).toHaveValue(seller.account.lastName.toLowerCase());
    await expect(market.cards).toHaveCount(2);

    // One's own listing: no Buy, and why.
    await market.search.fill(mine);
    await market.search.press('Enter');
    await expect(market.cards).toHaveCount(1);
    await expect(market.card(mine).getByTestId('listing-own')).toHaveText('You cannot buy your own NFT');
    await expect(market.card(mine).getByRole('button', { name: /^Buy/ })).toHaveCount(0);
    await seller.dispose();
    await buyerApi.dispose();
  });

  test('Buy after the session ended elsewhere says to log in', async ({ page, playwright, baseURL }) => {
    const tag = journeyTag();
    const seller = await MarketApi.signUp(playwright, baseURL ?? '');
    const name = `Pulsar ${tag}`;
    await seller.createListed({ name, price: '4' });
    const buyer = await signUpViaApi(page);
    // The tab does not hear of the sign-out (its live stream is held back), as a tab asleep would not.
    await page.route('**/api/events/stream', (route) => route.abort());
    await page.goto(`/marketplace?q=${encodeURIComponent(name)}`);
    const market = new MarketplaceScreen(page);
    await expect(market.card(name)).toBeVisible();

    const device = await MarketApi.signIn(playwright, baseURL ?? '', buyer);
    await device.signOutEverywhere();
    await market.buy(name).click();
    await expect(toastText(page, 'Please log in to add items to cart')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await device.dispose();
    await seller.dispose();
  });

  test('changes live when another user lists, withdraws or buys an NFT', async ({ page, playwright, baseURL }) => {
    const tag = journeyTag();
    const seller = await MarketApi.signUp(playwright, baseURL ?? '');
    const other = await MarketApi.signUp(playwright, baseURL ?? '', namedAccount('other'));
    await signUpViaApi(page);
    const market = new MarketplaceScreen(page);
    // Each refetch on an event names the change's transaction (`seen`), so no copy answers it from
    // a page kept before that change (a CI run once showed "No NFTs Found" after a re-listing).
    const seen: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/marketplace/listings') seen.push(url.searchParams.get('seen') ?? '');
    });
    await page.goto(`/marketplace?q=${tag}`);
    await expect(market.empty).toContainText('No NFTs Found');

    // No reload from here on: each change reaches the open grid through the public event.
    const name = `Quasar ${tag}`;
    const created = await seller.createListed({ name, price: '8' });
    await expect(market.card(name)).toBeVisible();
    await expect(market.card(name).getByTestId('listing-price')).toHaveText('$8.00');
    await seller.unlist(created.nft_id);
    await expect(market.empty).toBeVisible();
    await seller.list(created.nft_id, '9.25');
    await expect(market.card(name).getByTestId('listing-price')).toHaveText('$9.25');
    // Reads before the first event (the first load, the stream's first gap) name none; every one after does.
    const first = seen.findIndex((id) => id !== '');
    expect(first).toBeGreaterThan(0);
    for (const id of seen.slice(first)) expect(id).toMatch(/^\d{1,20}$/);
    await other.buy(created.nft_id, 925);
    await expect(market.cards).toHaveCount(0);
    await expect(market.empty).toBeVisible();
    await seller.dispose();
    await other.dispose();
  });
});

test.describe('/cart', () => {
  test('Buy adds and opens the cart; + is disabled at 1 and says why, − and Remove take lines out, a withdrawn or repriced line says so, and the empty cart leads back', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const tag = journeyTag();
    const seller = await MarketApi.signUp(playwright, baseURL ?? '');
    const vega = `Vega ${tag}`;
    const deneb = `Deneb ${tag}`;
    const altair = `Altair ${tag}`;
    await seller.createListed({ name: vega, description: 'The brightest star in Lyra', price: '12.50', image: true });
    await seller.createListed({ name: deneb, description: 'The tail of the swan', price: '3' });
    const altairNft = await seller.createListed({ name: altair, description: 'The eagle’s eye', price: '2' });
    await signUpViaApi(page);
    const market = new MarketplaceScreen(page);
    const cart = new CartScreen(page);

    // An empty cart first.
    await page.goto('/cart');
    await expect(cart.empty).toContainText('Your Cart is Empty');
    await page.getByRole('link', { name: 'Browse Marketplace' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    await page.goto('/payment');
    await expect(page.getByTestId('payment-empty')).toContainText('Your cart is empty');

    await page.goto(`/marketplace?q=${tag}`);
    await market.buy(vega).click();
    await expect(toastText(page, 'Added to cart!')).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    const line = cart.line(vega);
    await expect(line.getByRole('img', { name: vega, exact: true })).toBeVisible();
    await expect(line.getByText('The brightest star in Lyra')).toBeVisible();
    await expect(line.getByTestId('line-unit-price')).toHaveText('$12.50');
    await expect(line.getByTestId('line-quantity')).toHaveText('1');
    await expect(line.getByTestId('line-total')).toHaveText('$12.50');
    await expect(cart.total).toHaveText('$12.50');

    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    await page.goto(`/marketplace?q=${tag}`);
    await market.buy(deneb).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cart.lines).toHaveCount(2);
    await expect(cart.total).toHaveText('$15.50');

    // An NFT is unique: + is disabled at 1, with the reason beside it as its description; − to 0 removes the line.
    await expect(cart.increase(vega)).toBeDisabled();
    await expect(line.getByTestId('quantity-hint')).toHaveText('Each NFT is unique: you can buy only one');
    await expect(cart.increase(vega)).toHaveAccessibleDescription('Each NFT is unique: you can buy only one');
    await expect(line.getByTestId('line-quantity')).toHaveText('1');
    await cart.decrease(deneb).click();
    await expect(toastText(page, 'Item removed from cart')).toBeVisible();
    await expect(cart.lines).toHaveCount(1);
    await expect(cart.total).toHaveText('$12.50');

    // A line whose listing is withdrawn, then listed again at another price, says so live.
    await page.goto(`/marketplace?q=${tag}`);
    await market.buy(altair).click();
    await expect(cart.line(altair)).toBeVisible();
    await seller.unlist(altairNft.nft_id);
    await expect(cart.line(altair).getByTestId('line-notice')).toContainText('This NFT has already been sold or is no longer for sale');
    await seller.list(altairNft.nft_id, '4');
    await expect(cart.line(altair).getByTestId('line-notice')).toContainText('The price of this NFT has changed to $4.00. Please review your cart.');
    await cart.line(altair).getByRole('button', { name: 'Take the new price' }).click();
    await expect(cart.line(altair).getByTestId('line-unit-price')).toHaveText('$4.00');
    await expect(cart.line(altair).getByTestId('line-notice')).toHaveCount(0);
    await expect(cart.total).toHaveText('$16.50');

    await cart.remove(altair).click();
    await expect(cart.lines).toHaveCount(1);
    await cart.remove(vega).click();
    await expect(toastText(page, 'Item removed from cart').first()).toBeVisible();
    await expect(cart.empty).toContainText('Your Cart is Empty');
    await page.getByRole('link', { name: 'Browse Marketplace' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    await seller.dispose();
  });
});

test.describe('/payment', () => {
  test('by card for the cart: refuses empty and bad fields without sending, then pays; the NFTs are the buyer’s on /nfts', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const tag = journeyTag();
    const seller = await MarketApi.signUp(playwright, baseURL ?? '');
    const orion = `Orion ${tag}`;
    const lyra = `Lyra ${tag}`;
    const orionNft = await seller.createListed({ name: orion, price: '20', royalty: 5 });
    const lyraNft = await seller.createListed({ name: lyra, price: '5.25' });
    const buyer = await signUpViaApi(page);
    const buyerApi = await MarketApi.signIn(playwright, baseURL ?? '', buyer);
    await buyerApi.addToCart(orionNft.nft_id);
    await buyerApi.addToCart(lyraNft.nft_id);
    const checkouts = countCheckouts(page);

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    const payment = new PaymentScreen(page);
    await expect(payment.summary.getByTestId('order-line')).toHaveCount(2);
    await expect(payment.summary).toContainText(orion);
    await expect(payment.summary).toContainText('$20.00');
    await expect(payment.total).toHaveText('$25.25');
    await expect(payment.cardTab).toHaveAttribute('aria-selected', 'true');
    await expect(payment.solanaTab).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('radio', { name: 'Credit card' })).toBeChecked();

    await payment.pay.click();
    await expect(toastText(page, 'Please fill in all payment details')).toBeVisible();
    await payment.fillCard({ ...goodCard, number: '4242 4242 4242 4241' });
    await payment.pay.click();
    await expect(toastText(page, 'Please enter a valid card number')).toBeVisible();
    await expect(payment.cardNumber).toHaveAttribute('aria-invalid', 'true');
    await payment.cardNumber.fill(goodCard.number);
    await payment.expiry.fill('01/20');
    await payment.pay.click();
    await expect(toastText(page, 'This card has expired')).toBeVisible();
    await payment.expiry.fill(goodCard.expiry);
    await payment.cvv.fill('12');
    await payment.pay.click();
    await expect(toastText(page, 'Please enter a valid CVV (3 or 4 digits)')).toBeVisible();
    expect(checkouts.count, 'nothing is sent before the card passes its checks').toBe(0);

    await payment.cvv.fill(goodCard.cvv);
    await page.getByRole('radio', { name: 'Debit card' }).check();
    await payment.pay.click();
    await expect(toastText(page, 'Payment processed successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/nfts$/);
    for (const name of [orion, lyra]) await expect(page.getByTestId('nft-card').filter({ hasText: name })).toBeVisible();
    expect(checkouts.count).toBe(1);
    expect((await buyerApi.cart()).items).toEqual([]);
    expect((await buyerApi.nft(orionNft.nft_id)).owned_by_me).toBe(true);

    // Ownership moved: the seller's page says so.
    const sellerContext = await browser.newContext({ baseURL });
    const sellerPage = await sellerContext.newPage();
    await signInViaApi(sellerPage, seller.account);
    await sellerPage.goto(`/nft/${orionNft.nft_id}`);
    await expect(sellerPage.getByTestId('nft-owner')).toHaveText('Owned by another user');
    await expect(sellerPage.getByTestId('nft-sale-status')).toHaveText('This NFT is not available for purchase');
    await sellerContext.close();
    await seller.dispose();
    await buyerApi.dispose();
  });

  test('a cart line sold meanwhile is named and nothing is bought, the cart shows it sold; the card processor says it is simulated, and the seller’s proceeds wait on /balance with their date', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const tag = journeyTag();
    const seller = await MarketApi.signUp(playwright, baseURL ?? '');
    const gone = `Gone ${tag}`;
    const kept = `Kept ${tag}`;
    const goneNft = await seller.createListed({ name: gone, price: '2' });
    const keptNft = await seller.createListed({ name: kept, price: '3.50' });
    const buyer = await signUpViaApi(page);
    const buyerApi = await MarketApi.signIn(playwright, baseURL ?? '', buyer);
    await buyerApi.addToCart(goneNft.nft_id);
    await buyerApi.addToCart(keptNft.nft_id);
    const rival = await MarketApi.signUp(playwright, baseURL ?? '', namedAccount('rival'));
    const checkouts = countCheckouts(page);

    await page.goto('/payment');
    const payment = new PaymentScreen(page);
    await expect(payment.total).toHaveText('$5.50');
    await expect(page.getByTestId('card-processor-notice')).toHaveText('Card payments are simulated: no card is charged.');
    await rival.buy(goneNft.nft_id, 200);
    // The summary marks the sold line live; paying says which line, and sends nothing.
    await expect(payment.summary.getByTestId('order-line').filter({ hasText: gone }).getByTestId('order-line-notice')).toHaveText(
      'This NFT has already been sold or is no longer for sale',
    );
    await payment.fillCard(goodCard);
    await payment.pay.click();
    await expect(toastText(page, `${gone}: This NFT has already been sold or is no longer for sale`)).toBeVisible();
    expect(checkouts.count).toBe(0);
    await page.getByRole('link', { name: 'Review your cart' }).click();
    const cart = new CartScreen(page);
    await expect(cart.line(gone).getByTestId('line-notice')).toContainText('This NFT has already been sold or is no longer for sale');
    await cart.remove(gone).click();
    await expect(cart.lines).toHaveCount(1);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await payment.fillCard(goodCard);
    await payment.pay.click();
    await expect(toastText(page, 'Payment processed successfully!')).toBeVisible();
    expect(checkouts.count).toBe(1);

    // The seller's $5.50 (the rival's $2.00 and the buyer's $3.50, both by card) is pending, not cash, until it settles (7 days); the statement row says when.
    const sellerContext = await browser.newContext({ baseURL });
    const sellerPage = await sellerContext.newPage();
    await signInViaApi(sellerPage, seller.account);
    await sellerPage.goto('/balance');
    const cash = sellerPage.locator('.sf-stat').filter({ hasText: 'Cash Balance' });
    await expect(cash).toContainText('$0.00');
    await expect(cash).toContainText(/\$5\.50 pending, settles on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const row = sellerPage.getByTestId('transaction-row').filter({ hasText: 'NFT sold' }).first();
    await expect(row).toHaveAttribute('data-status', 'pending');
    await expect(row.getByTestId('transaction-settles')).toHaveText(/^Settles on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await sellerContext.close();
    await Promise.all([seller.dispose(), rival.dispose(), buyerApi.dispose()]);
  });

  test('Purchase NFT on /nft/:id pays for that one NFT; a sale elsewhere shows at once, and one’s own NFT cannot be bought', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const tag = journeyTag();
    const seller = await MarketApi.signUp(playwright, baseURL ?? '');
    const sirius = `Sirius ${tag}`;
    const rigel = `Rigel ${tag}`;
    const siriusNft = await seller.createListed({ name: sirius, description: 'The dog star', price: '7.5', image: true });
    const rigelNft = await seller.createListed({ name: rigel, price: '6' });
    await signUpViaApi(page);
    const payment = new PaymentScreen(page);

    await page.goto(`/nft/${siriusNft.nft_id}`);
    await page.getByRole('link', { name: 'Purchase NFT' }).click();
    await expect(page).toHaveURL(new RegExp(`/payment\\?nft=${siriusNft.nft_id}$`));
    await expect(payment.summary.getByTestId('order-line')).toHaveCount(1);
    await expect(payment.summary).toContainText(sirius);
    await expect(payment.total).toHaveText('$7.50');
    await payment.fillCard();
    await payment.pay.click();
    await expect(toastText(page, 'NFT purchased successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/nfts$/);
    await expect(page.getByTestId('nft-card').filter({ hasText: sirius })).toBeVisible();
    await page.goto(`/nft/${siriusNft.nft_id}`);
    await expect(page.getByTestId('nft-owner')).toHaveText('Owned by you');

    // Someone else buys the NFT on screen: the page says at once that it is not for sale any more.
    await page.goto(`/payment?nft=${rigelNft.nft_id}`);
    await expect(payment.total).toHaveText('$6.00');
    const other = await MarketApi.signUp(playwright, baseURL ?? '', namedAccount('other'));
    await other.buy(rigelNft.nft_id, 600);
    await expect(page.getByTestId('payment-unavailable')).toContainText('This NFT is not available for purchase');
    await expect(payment.pay).toHaveCount(0);

    // The seller, on their own listing's payment page.
    const own = await seller.createListed({ name: `Own ${tag}`, price: '1' });
    const sellerContext = await browser.newContext({ baseURL });
    const sellerPage = await sellerContext.newPage();
    await signInViaApi(sellerPage, seller.account);
    await sellerPage.goto(`/payment?nft=${own.nft_id}`);
    await expect(sellerPage.getByTestId('payment-unavailable')).toContainText('You cannot buy your own NFT');
    await sellerContext.close();
    await other.dispose();
    await seller.dispose();
  });

  test('the Solana tab loads its code when it opens, shows the total in SOL, asks for a wallet, and buys the one NFT with it', async ({
    page,
    playwright,
    baseURL,
    withPhantom,
  }) => {
    const wallet = await withPhantom();
    const tag = journeyTag();
    const seller = await MarketApi.signUp(playwright, baseURL ?? '');
    const star = await seller.createListed({ name: `Polaris ${tag}`, price: '12.50' });
    await signUpViaApi(page);
    const solanaCode = watchSolanaCode(page);
    const payment = new PaymentScreen(page);
    await page.goto(`/payment?nft=${star.nft_id}`);
    await expect(payment.total).toHaveText('$12.50');
    await expect(page.getByTestId('order-line')).toBeVisible();
    expect(solanaCode.scripts, '@solana/web3.js is not in the page before the Solana tab opens').toEqual([]);

    // A tablist: the arrow keys move between the tabs and select them.
    await payment.cardTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect(payment.solanaTab).toBeFocused();
    await expect(payment.solanaTab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Solana' });
    await expect(panel.getByTestId('sol-total')).toHaveText('0.125 SOL');
    await expect.poll(() => solanaCode.scripts.length).toBe(1);

    await expect(panel.getByTestId('solana-connect-hint')).toHaveText('Please connect your Solana wallet first');
    await panel.getByRole('button', { name: 'Pay 0.125 SOL' }).click();
    await expect(toastText(page, 'Please connect your Solana wallet first')).toBeVisible();
    await panel.getByRole('button', { name: 'Connect Wallet' }).first().click();
    await expect(panel.getByTestId('solana-wallet-address')).toContainText(wallet.address.slice(0, 6));
    await expect(panel.getByTestId('solana-connect-hint')).toHaveCount(0);

    await payment.solanaTab.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(payment.cardTab).toHaveAttribute('aria-selected', 'true');
    await expect(payment.cardTab).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Credit Card' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(payment.solanaTab).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByTestId('solana-wallet-address')).toBeVisible();
    await page.keyboard.press('Home');
    await expect(payment.cardTab).toHaveAttribute('aria-selected', 'true');

    // Pay: the wallet signs the transfer the server asked for, and the NFT is the buyer's.
    await page.keyboard.press('End');
    await panel.getByRole('button', { name: 'Pay 0.125 SOL' }).click();
    await expect(toastText(page, 'NFT purchased successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/nfts$/);
    await expect(page.getByTestId('nft-card').filter({ hasText: `Polaris ${tag}` })).toBeVisible();
    await seller.dispose();
  });

  test('with Solana for the cart: the test wallet signs a real transfer to the treasury with the reference, and the server settles it', async ({
    page,
    playwright,
    baseURL,
    withPhantom,
  }) => {
    const wallet = await withPhantom();
    const tag = journeyTag();
    const seller = await MarketApi.signUp(playwright, baseURL ?? '');
    const mira = await seller.createListed({ name: `Mira ${tag}`, price: '10', royalty: 2.5 });
    const algol = await seller.createListed({ name: `Algol ${tag}`, price: '7.25' });
    const buyer = await signUpViaApi(page);
    const buyerApi = await MarketApi.signIn(playwright, baseURL ?? '', buyer);
    await buyerApi.addToCart(mira.nft_id);
    await buyerApi.addToCart(algol.nft_id);

    const payment = new PaymentScreen(page);
    await page.goto('/payment');
    await expect(payment.total).toHaveText('$17.25');
    await payment.solanaTab.click();
    const panel = page.getByRole('tabpanel', { name: 'Solana' });
    await expect(panel.getByTestId('sol-total')).toHaveText('0.1725 SOL');
    await panel.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(panel.getByTestId('solana-wallet-address')).toBeVisible();

    const requested = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/marketplace/checkout/solana/requests');
    const paid = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/marketplace/checkout/solana');
    await panel.getByRole('button', { name: 'Pay 0.1725 SOL' }).click();
    const request = solanaPaymentRequestSchema.parse(await (await requested).json());
    expect(request).toMatchObject({ total_cents: 1725, lamports: '172500000' });
    const answer = await paid;
    expect(answer.status(), await answer.text()).toBe(201);
    await expect(toastText(page, 'Payment completed with Solana!')).toBeVisible();
    await expect(page).toHaveURL(/\/nfts$/);

    // What was sent is a real transaction the wallet signed: one transfer of the lamports to the treasury, with the reference.
    const sent = solanaCheckoutSchema.parse(answer.request().postDataJSON());
    expect(sent).toMatchObject({ request_id: request.id, wallet_address: wallet.address });
    expect(answer.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const transaction = Transaction.from(Buffer.from(sent.transaction, 'base64'));
    expect(transaction.verifySignatures()).toBe(true);
    expect(transaction.feePayer?.toBase58()).toBe(wallet.address);
    expect(transaction.recentBlockhash).toBe(request.recent_blockhash);
    const [instruction] = transaction.instructions;
    const transfer = SystemInstruction.decodeTransfer(instruction!);
    expect([transfer.fromPubkey.toBase58(), transfer.toPubkey.toBase58(), transfer.lamports]).toEqual([wallet.address, request.treasury, 172_500_000n]);
    expect(instruction?.keys.some((key) => key.pubkey.toBase58() === request.reference && !key.isSigner && !key.isWritable)).toBe(true);
    const { payment: recorded } = checkoutAnswerSchema.parse(await answer.json());
    expect(recorded).toMatchObject({ payment_method: 'solana', currency: 'SOL', solana_wallet_address: wallet.address, amount_lamports: '172500000' });

    for (const name of [`Mira ${tag}`, `Algol ${tag}`]) await expect(page.getByTestId('nft-card').filter({ hasText: name })).toBeVisible();
    expect((await buyerApi.cart()).items).toEqual([]);
    expect((await seller.nft(mira.nft_id)).owned_by_me).toBe(false);
    await buyerApi.dispose();
    await seller.dispose();
  });

  test('with Solana, a wallet whose signature does not verify pays nothing', async ({ page, playwright, baseURL, withPhantom }) => {
    await withPhantom({ forge: true });
    const tag = journeyTag();
    const seller = await MarketApi.signUp(playwright, baseURL ?? '');
    const nft = await seller.createListed({ name: `Mizar ${tag}`, price: '2' });
    await signUpViaApi(page);
    const checkouts = countCheckouts(page);
    await page.goto(`/payment?nft=${nft.nft_id}`);
    const payment = new PaymentScreen(page);
    await payment.solanaTab.click();
    const panel = page.getByRole('tabpanel', { name: 'Solana' });
    await panel.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(panel.getByTestId('solana-wallet-address')).toBeVisible();
    await panel.getByRole('button', { name: 'Pay 0.02 SOL' }).click();
    await expect(toastText(page, 'Solana payment failed. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/payment\\?nft=${nft.nft_id}$`));
    // The request was made; the transaction that does not verify was never sent.
    expect(checkouts.count).toBe(1);
    expect((await seller.nft(nft.nft_id)).owned_by_me).toBe(true);
    await seller.dispose();
  });
});
