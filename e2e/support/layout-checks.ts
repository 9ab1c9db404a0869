import type { Page } from 'playwright-core';

/** One element that reaches past the viewport, or scrolls sideways, described so it can be found. */
export interface Overflow {
  element: string;
  problem: string;
}

/**
 * What overflows the viewport horizontally: the document itself (scrollWidth), every visible
 * element whose visible part (after its ancestors' clipping) lies left of 0 or right of the
 * viewport's width, and every element that scrolls sideways (a hidden horizontal scroll). Only
 * the outermost offender of a subtree is named.
 */
export async function horizontalOverflows(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const tolerance = 1;
    const describe = (element: Element): string => {
      if (element === document.documentElement || element === document.body)
        return element.tagName.toLowerCase();
      const parts = [element.tagName.toLowerCase()];
      if (element.id) parts.push(`#${element.id}`);
      const testId = element.getAttribute('data-testid');
      if (testId) parts.push(`[data-testid="${testId}"]`);
      const label = element.getAttribute('aria-label');
      if (label) parts.push(`[aria-label="${label}"]`);
      const className = typeof element.className === 'string' ? element.className.trim() : '';
      if (className) parts.push(`.${className.split(/\s+/).slice(0, 3).join('.')}`);
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      return text ? `${parts.join('')} "${text}"` : parts.join('');
    };

    /** The visible horizontal extent of the element after every clipping ancestor, or null. */
    const visibleExtent = (element: Element): { left: number; right: number } | null => {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return null;
      let left = rect.left;
      let right = rect.right;
      const fixed = getComputedStyle(element).position === 'fixed';
      for (let parent = element.parentElement; parent && !fixed; parent = parent.parentElement) {
        if (parent === document.body || parent === document.documentElement) break;
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible') {
          const clip = parent.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        if (style.position === 'fixed') break;
      }
      return right - left > tolerance ? { left, right } : null;
    };

    const isShown = (element: Element) => {
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) !== 0;
    };

    const found: { element: Element; problem: string }[] = [];
    const scrolling = document.scrollingElement ?? document.documentElement;
    if (scrolling.scrollWidth > viewport + tolerance) {
      found.push({
        element: scrolling,
        problem: `the document is ${scrolling.scrollWidth}px wide in a ${viewport}px viewport`,
      });
    }
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!isShown(element)) continue;
      const style = getComputedStyle(element);
      if (
        (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        element.scrollWidth > element.clientWidth + tolerance
      ) {
        found.push({
          element,
          problem: `scrolls sideways: ${element.scrollWidth}px of content in ${element.clientWidth}px`,
        });
        continue;
      }
      const extent = visibleExtent(element);
      if (!extent) continue;
      if (extent.left < -tolerance || extent.right > viewport + tolerance) {
        found.push({
          element,
          problem: `spans ${Math.round(extent.left)}px to ${Math.round(extent.right)}px of a ${viewport}px viewport`,
        });
      }
    }
    const offenders = found.map((entry) => entry.element);
    return found
      .filter(
        ({ element }) =>
          element === scrolling ||
          !offenders.some((other) => other !== element && other !== scrolling && other.contains(element)),
      )
      .slice(0, 10)
      .map(({ element, problem }) => ({ element: describe(element), problem }));
  });
}

/**
 * Waits until the page is quiet: no request in flight for a moment, fonts and images loaded, and
 * nothing moving (Mantine's transitions of tabs, collapses and dialogs have ended).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await motionSettled(page);
}

/**
 * Waits until nothing on the page has moved for a few frames: a dialog still fading in would be
 * measured at part opacity (axe sees its colours blended with the page behind, a contrast failure
 * that is not there once it stands) and a drawer still sliding in at the wrong place. Mantine starts
 * a transition a frame after mounting, hence the quiet window.
 */
export async function motionSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // A loader spins for as long as it is shown: only motion that ends is waited for.
    const ends = (animation: Animation) => animation.effect?.getComputedTiming().iterations !== Infinity;
    const deadline = performance.now() + 5_000;
    let quietFrames = 0;
    while (quietFrames < 6 && performance.now() < deadline) {
      const moving = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && ends(animation));
      quietFrames = moving.length === 0 ? quietFrames + 1 : 0;
      await Promise.race([
        Promise.all(moving.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 1_000)),
      ]);
      await frame();
    }
  });
}
