import type { UserRecord } from '@gestor/shared';
import type { ScreenNotifier } from '../../../components/resource/resource-screens';
import { PasswordResetButton } from './password-reset-button';
import { TwoFactorResetButton } from './two-factor-reset-button';

/** What the user edit screen offers beside saving: a reset link, and resetting the second factor. */
export function UserActions(props: { record: UserRecord; notify: ScreenNotifier }) {
  return (
    <>
      <PasswordResetButton {...props} />
      <TwoFactorResetButton {...props} />
    </>
  );
}
