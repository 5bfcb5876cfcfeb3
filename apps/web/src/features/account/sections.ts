import type { ComponentType } from 'react';
import { ApiTokensSection } from './components/api-tokens-section';
import { PasskeysSection } from './components/passkeys-section';
import { PasswordSection } from './components/password-section';
import { ProfileSection } from './components/profile-section';
import { SessionsSection } from './components/sessions-section';
import { TwoFactorSection } from './components/two-factor-section';

/**
 * "Mi cuenta" (issue 21) is a column of sections, each one a component of its own file that loads its
 * own data; a feature adds its section here. Each renders a card with an <h2>; `id` is its anchor
 * (/account#sesiones), so a mail or another screen can link to one section.
 */
export interface AccountSection {
  id: string;
  Component: ComponentType;
}

export const accountSections: readonly AccountSection[] = [
  { id: 'datos', Component: ProfileSection },
  { id: 'contrasena', Component: PasswordSection },
  { id: 'dos-pasos', Component: TwoFactorSection },
  { id: 'llaves', Component: PasskeysSection },
  { id: 'sesiones', Component: SessionsSection },
  { id: 'tokens', Component: ApiTokensSection },
];
