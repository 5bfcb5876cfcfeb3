import type { ComponentType } from 'react';

/**
 * "Mi cuenta" (issue 21) is a column of sections, each one a component of its own file that loads its
 * own data; a feature adds its section here. Each renders a card with an <h2>; `id` is its anchor
 * (/account#seguridad), so a mail or another screen can link to one section.
 */
export interface AccountSection {
  id: string;
  Component: ComponentType;
}

export const accountSections: readonly AccountSection[] = [];
