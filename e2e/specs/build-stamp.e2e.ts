import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { builtVersion } from '../support/remote-release';
import { PUBLIC_PAGES, openProductPage } from '../support/product-pages';

const { baseUrl } = e2eEnvironment();

/**
 * Which build a page is belongs to operators: the page source carries it (the shell's HTML and the
 * marketing remote's release in `<meta>` tags of the head), the text visitors read never does.
 */
describe.each(PHONE_AND_DESKTOP)('the build stamp on a $name', ({ viewport }) => {
  const opened = usePagePerTest(viewport);
  const shellVersion = builtVersion('shell');
  const marketingVersion = builtVersion('marketing');

  it('is in the page source of every public page and nowhere in its text', async () => {
    const { page } = opened();
    const html = await (await fetch(`${baseUrl}/`)).text();
    expect(html).toContain(`<meta name="fxrates-build" content="${shellVersion}"`);
    for (const target of [...PUBLIC_PAGES, { path: '/status', heading: 'System Status' }]) {
      await openProductPage(page, baseUrl, target);
      const text = await page.locator('body').innerText();
      expect({ page: target.path, stamp: /marketing release/i.test(text) }).toEqual({
        page: target.path,
        stamp: false,
      });
      expect(text).not.toContain(marketingVersion);
      expect(text).not.toContain(shellVersion);
      expect(await page.locator('head meta[name="fxrates-build"]').getAttribute('content')).toBe(
        shellVersion,
      );
    }
    await page.goto(`${baseUrl}/`);
    await page
      .locator(`head meta[name="fxrates-marketing-release"][content="${marketingVersion}"]`)
      .waitFor({ state: 'attached' });
  }, 90_000);
});
