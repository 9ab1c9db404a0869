import { PHONE_AND_DESKTOP, PHONE_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { horizontalOverflows, settle } from '../support/layout-checks';
import { openProductPage, PUBLIC_PAGES, signedInWithKeys } from '../support/product-pages';

const { baseUrl } = e2eEnvironment();

/**
 * At 390 px (a phone) and 1280 px, what opens within a page fits it too (every page as it loads is
 * checked in every-page.e2e.ts): the docs' copy buttons, the converter's currency list, the phone's
 * navigation menu.
 */
describe.each(PHONE_AND_DESKTOP)('layout at $viewport.width px ($name)', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it('copy buttons of the docs never cover the code they copy', async () => {
    const { page } = opened();
    await openProductPage(
      page,
      baseUrl,
      PUBLIC_PAGES.find((target) => target.path === '/docs')!,
    );
    const buttons = page.getByRole('button', { name: /^Copy / });
    expect(await buttons.count()).toBeGreaterThan(3);
    const overlaps = await buttons.evaluateAll((elements) =>
      elements.flatMap((button) => {
        const b = button.getBoundingClientRect();
        return Array.from(document.querySelectorAll('pre, code'))
          .filter((code) => {
            const c = code.getBoundingClientRect();
            return b.left < c.right && c.left < b.right && b.top < c.bottom && c.top < b.bottom;
          })
          .map((code) => `${button.getAttribute('aria-label')} covers "${code.textContent?.slice(0, 40)}"`);
      }),
    );
    expect(overlaps).toEqual([]);
  });

  it("the converter's currency list fits the screen", async () => {
    const { page } = opened();
    await openProductPage(page, baseUrl, PUBLIC_PAGES[0]);
    await page.getByRole('switch', { name: 'Show Crypto' }).click();
    await page.getByRole('combobox', { name: 'To', exact: true }).click();
    await page.getByRole('listbox').waitFor();
    await settle(page);
    expect(await horizontalOverflows(page)).toEqual([]);
  });

  if (viewport.width < 992) {
    it('the navigation menu fits the phone', async () => {
      const { page } = opened();
      await openProductPage(page, baseUrl, PUBLIC_PAGES[0]);
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await settle(page);
      expect(await horizontalOverflows(page)).toEqual([]);
    });
  }
});

describe('the overflow check itself', () => {
  const opened = usePagePerTest(PHONE_VIEWPORT);

  it('names an element past the edge, a sideways scroll inside the page, and a too-wide document', async () => {
    const { page } = opened();
    await openProductPage(page, baseUrl, PUBLIC_PAGES[0]);
    await page.evaluate(() => {
      const wide = document.createElement('div');
      wide.dataset.testid = 'too-wide';
      wide.style.width = '520px';
      wide.textContent = 'wider than a phone';
      const scroller = document.createElement('div');
      scroller.setAttribute('aria-label', 'sideways');
      scroller.style.cssText = 'overflow-x: auto; width: 200px';
      scroller.innerHTML = '<div style="width: 600px">long line</div>';
      const clipped = document.createElement('div');
      clipped.style.cssText = 'overflow: hidden; width: 100px';
      clipped.innerHTML = '<div style="width: 900px">cut off by its parent, not past the edge</div>';
      document.querySelector('main')!.append(wide, scroller, clipped);
    });
    const found = await horizontalOverflows(page);
    expect(found).toEqual([
      {
        element: 'html',
        problem: expect.stringMatching(/^the document is 5\d\dpx wide in a 390px viewport$/),
      },
      {
        element: 'div[data-testid="too-wide"] "wider than a phone"',
        problem: expect.stringMatching(/ to 5\d\dpx of a 390px viewport$/),
      },
      {
        element: 'div[aria-label="sideways"] "long line"',
        problem: 'scrolls sideways: 600px of content in 200px',
      },
    ]);
  });
});

describe('the keys list on a phone', () => {
  const opened = usePagePerTest(PHONE_VIEWPORT);

  it('shows each key as a card: each field under its name, and full-width actions', async () => {
    const { page } = opened();
    await signedInWithKeys(page, baseUrl);
    const card = page.getByTestId('key-row').filter({ hasText: 'Production server' });
    const layout = await card.evaluate((row) => {
      const box = (element: Element) => element.getBoundingClientRect();
      const cells = Array.from(row.querySelectorAll('td'));
      const button = row.querySelector('button');
      return {
        card: { left: box(row).left, right: box(row).right },
        viewport: document.documentElement.clientWidth,
        cells: cells.map((cell) => ({
          text: (cell as HTMLElement).innerText.trim(),
          label: getComputedStyle(cell, '::before').content,
          display: getComputedStyle(cell).display,
          top: box(cell).top,
        })),
        buttonShare: button ? box(button).width / box(row).width : 0,
        headerVisible: (() => {
          const header = row.closest('table')?.querySelector('thead');
          return header ? box(header).width > 1 && box(header).height > 1 : false;
        })(),
      };
    });
    expect(layout.card.left).toBeGreaterThanOrEqual(0);
    expect(layout.card.right).toBeLessThanOrEqual(layout.viewport);
    expect(layout.headerVisible).toBe(false);
    expect(layout.cells.map((cell) => [cell.label, cell.display])).toEqual([
      ['none', 'flex'],
      ['"Key"', 'flex'],
      ['"Kind"', 'flex'],
      ['"Scopes"', 'flex'],
      ['"Restrictions"', 'flex'],
      ['"Created"', 'flex'],
      ['"Last used"', 'flex'],
      ['"Requests"', 'flex'],
      ['none', 'flex'],
    ]);
    expect(layout.cells.map((cell) => cell.text)).toEqual([
      'Production server',
      expect.stringMatching(/^fxrates_•{28}[0-9a-f]{4}$/),
      // A badge's text is written in capitals.
      expect.stringMatching(/^secret$/i),
      'All scopes',
      'None',
      expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/),
      'Never',
      '0',
      expect.stringMatching(/^Edit\s+Roll key\s+Deactivate$/),
    ]);
    // Stacked, one field under the other.
    const tops = layout.cells.map((cell) => cell.top);
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    expect(new Set(tops).size).toBe(tops.length);
    expect(layout.buttonShare).toBeGreaterThan(0.8);
  }, 90_000);
});
