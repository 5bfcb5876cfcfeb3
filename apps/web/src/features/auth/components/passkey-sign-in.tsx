import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { passkeyFailure } from '../../../lib/webauthn';
import { signInWithPasskey } from '../api/passkey-login';

/** Below the sign-in form: a passkey instead of email and password (none of the form is needed). */
export function PasskeySignIn({ remember, onSignedIn }: { remember: () => boolean; onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!browserSupportsWebAuthn()) return null;

  const start = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await signInWithPasskey({ remember: remember() });
      onSignedIn();
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
        label="Acceder con llave de acceso"
        icon="pi pi-key"
        outlined
        className="auth-submit"
        loading={busy}
        onClick={() => void start()}
      />
    </div>
  );
}
