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
  { openOver }: { openOver?: string } = {},
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
  // With a list or panel open over the screen (`openOver`, its selector), what it half covers cannot
  // be pressed until it closes, and axe measures the visible sliver of each such control as a small
  // target (a row's link, a colour swatch, depending on how long the list is). Target size is then
  // kept for the open panel's own controls, measured against everything around them; the screen
  // beneath has it checked closed (accessibility.spec.ts). Every other rule covers the whole page.
  // One analysis either way (issue 29: a second one for target size alone cost a third of the
  // overlay checks' time); the findings are filtered afterwards.
  const { violations } = await analysis.analyze();
  if (openOver) {
    const sizes = violations.find((violation) => violation.id === 'target-size');
    if (sizes) {
      const selectors = sizes.nodes.map((node) => String(node.target[0]));
      const inside = await page.evaluate(
        ([over, targets]) => targets.map((target) => Boolean(document.querySelector(target)?.closest(over))),
        [openOver, selectors] as const,
      );
      sizes.nodes = sizes.nodes.filter((_node, index) => inside[index]);
      if (!sizes.nodes.length) violations.splice(violations.indexOf(sizes), 1);
    }
  }
  const found = describeViolations(violations);
  expect.soft(found, `axe-core (WCAG 2.2 AA) on ${screen}:\n${found.join('\n')}`).toEqual([]);
}
