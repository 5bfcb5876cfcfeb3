import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { passkeyFailure } from '../../../lib/webauthn';
import { completeTwoFactorWithPasskey, signInWithPasskey } from '../api/passkey-login';

/**
 * Below the sign-in form: a passkey instead of email and password (none of the form is needed). At the
 * second step (`secondStep`), one of the person's passkeys instead of a code.
 */
export function PasskeySignIn({
  remember = () => false,
  onSignedIn,
  secondStep = false,
}: {
  remember?: () => boolean;
  onSignedIn: () => void | Promise<void>;
  secondStep?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!browserSupportsWebAuthn()) return null;

  const start = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await (secondStep ? completeTwoFactorWithPasskey() : signInWithPasskey({ remember: remember() }));
      await onSignedIn();
    } catch (error) {
      setFailure(passkeyFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-alternative">
      <p className="auth-divider">
        <span>o bien</span>
      </p>
      {failure && <Notice severity="error">{failure}</Notice>}
      <Button
        type="button"
        label={secondStep ? 'Usar una llave de acceso' : 'Acceder con llave de acceso'}
        icon="pi pi-key"
        outlined
        className="auth-submit"
        loading={busy}
        onClick={() => void start()}
      />
    </div>
  );
}
