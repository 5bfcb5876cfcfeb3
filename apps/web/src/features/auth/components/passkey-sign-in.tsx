import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
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
      {/* A plain button drawn by the theme's classes, as SubmitButton: the sign-in page loads no
          PrimeReact component (apps/web/README.md, "Bundle size"). */}
      <button
        type="button"
        className="p-button p-component p-button-outlined auth-submit"
        disabled={busy}
        aria-disabled={busy || undefined}
        onClick={() => void start()}
      >
        <span
          className={`p-button-icon p-button-icon-left pi ${busy ? 'pi-spin pi-spinner' : 'pi-key'}`}
          aria-hidden="true"
        />
        <span className="p-button-label">
          {secondStep ? 'Usar una llave de acceso' : 'Acceder con llave de acceso'}
        </span>
      </button>
    </div>
  );
}
