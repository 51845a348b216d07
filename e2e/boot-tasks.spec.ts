import { test, expect } from './support/fixtures';
import { mainThreadTasks } from './support/main-thread-tasks';

// How the shell's start is cut into tasks, read from a trace of the load: structure, not timing.
// A phone runs each task four times slower; work that shares a task blocks input as one.
const shellMain = /^\/main\.[0-9a-f]{8}\.js$/;
const script = /\.js$/;

for (const screen of ['/', '/auth', '/pricing']) {
  test(`${screen}: the task that runs main.js (the federation runtime) starts none of the shell's chunks; they load in a later task`, async ({
    browser,
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const tasks = await mainThreadTasks(browser, page, async () => {
      await page.goto(screen);
      await expect(page.locator('#root[data-prerendered], #root[data-snapshot]')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
    });
    const runsMain = tasks.filter((task) => task.evaluated.some((file) => shellMain.test(file)));
    expect(runsMain, 'main.js evaluated once, in one task').toHaveLength(1);
    expect(runsMain[0]?.requested.filter((url) => script.test(url))).toEqual([]);
    // The chunks are asked for all the same, from a later task on.
    expect(requested.filter((url) => script.test(url) && !shellMain.test(url) && !url.startsWith('/paint-first.')).length).toBeGreaterThan(3);
  });
}

for (const screen of ['/', '/auth', '/pricing']) {
  test(`${screen}: nothing reads localStorage while the page starts (a page's first read waits on the browser process)`, async ({ page }) => {
    await page.addInitScript(() => {
      // Which storage each read was of is told apart after the load: asking now would open it.
      const reads: { storage: Storage; key: string }[] = [];
      (window as unknown as { __storageReads: typeof reads }).__storageReads = reads;
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (this: Storage, key: string) {
        reads.push({ storage: this, key });
        return getItem.call(this, key);
      };
    });
    await page.goto(screen);
    await expect(page.locator('#root[data-prerendered], #root[data-snapshot]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    const localReads = await page.evaluate(() =>
      (window as unknown as { __storageReads: { storage: Storage; key: string }[] }).__storageReads
        .filter((read) => read.storage === window.localStorage)
        .map((read) => read.key),
    );
    expect(localReads).toEqual([]);
  });
}
