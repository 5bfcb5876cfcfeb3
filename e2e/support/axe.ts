import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// docs/architecture.md#the-spa: WCAG 2.2 AA, every rule axe-core has for it.
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** One line per violation: the rule, its impact and help, then every node it found (its CSS target). */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map((violation) => {
    const nodes = violation.nodes.map((node) => `    ${node.target.join(' >>> ')}`).join('\n');
    return `${violation.id} (${violation.impact ?? 'sin impacto'}): ${violation.help}\n${nodes}`;
  });
}

/**
 * Runs axe-core on the page as it is now and fails (softly: every screen of a test is checked and
 * reported) on any WCAG 2.2 AA violation, naming the rule and the targets in the message.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  { openOver }: { openOver?: string[] } = {},
): Promise<void> {
  // Colours are measured as painted: a sheet or dialog still fading in (a CSS transition) reads as
  // low contrast. Finite animations are let finish first; endless ones (a busy bar) are not waited for.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  // A frame sandboxed without scripts (a draft's body in the preview dialog) cannot run axe-core:
  // Playwright's evaluate in it never settles. Specs check such a frame's title and images themselves.
  // Issue 29, the suite's time: `axe.run` in the page itself (legacy mode) instead of a partial run per
  // frame finished in a new blank page, and selectors built only for violations, not for every node
  // that passed: the same rules and findings in a third of the time (0.5–0.7 s a screen, not 1.4–2.4 s).
  // The product has no cross-origin frame that legacy mode would leave out.
  // options() replaces the whole options object: before withTags(), which adds runOnly to it.
  const analysis = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])')
    .withTags([...WCAG_TAGS]);
  // With a list or panel open over the screen (`openOver`: the panel's selector and its control's),
  // only those are analysed: the screen beneath is checked closed (accessibility.spec.ts), and what
  // the panel half covers cannot be pressed until it closes (axe measured the visible sliver of a
  // row's link or a colour swatch as a small target, depending on how long the list was). Relations
  // (a label, aria-controls) are still resolved against the whole page. Issue 29: a third of the
  // overlay checks' time went to analysing the screen beneath again, once per list state.
  for (const selector of openOver ?? []) analysis.include(selector);
  const { violations } = await analysis.analyze();
  const found = describeViolations(violations);
  expect.soft(found, `axe-core (WCAG 2.2 AA) on ${screen}:\n${found.join('\n')}`).toEqual([]);
}
