import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { completeTwoFactor } from '../api/login';
import { PasskeySignIn } from './passkey-sign-in';

interface ChallengeFields {
  code: string;
  recovery_code: string;
}

/**
 * The sign-in's second step (decision 035): the six digits of the authenticator app, or, after "Usar un
 * código de recuperación", one of the recovery codes. `onSignedIn` runs once the session exists;
 * `onRestart` goes back to the password (the step lasts five minutes).
 */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => Promise<void>;
  onRestart: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ChallengeFields>({ defaultValues: { code: '', recovery_code: '' } });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const field = recovery ? 'recovery_code' : 'code';
    const typed = values[field].trim();
    if (!typed) {
      setError(field, {
        message: recovery
          ? 'Escriba uno de sus códigos de recuperación.'
          : 'Escriba el código de verificación.',
      });
      return;
    }
    try {
      await completeTwoFactor(recovery ? { recovery_code: typed } : { code: typed });
      await onSignedIn();
    } catch (error) {
      if (!applyServerErrors(error, setError, [field])) setFailure(errorMessage(error));
    }
  });

  const switchMode = () => {
    clearErrors();
    setFailure(null);
    setRecovery(!recovery);
  };

  return (
    <>
      <h1 className="auth-title">Verificación en dos pasos</h1>
      <p className="auth-subtitle">
        {recovery
          ? 'Escriba uno de los códigos de recuperación que guardó al activar la verificación. Cada uno sirve una sola vez.'
          : 'Escriba el código de seis cifras que muestra su aplicación de autenticación.'}
      </p>
      {failure && <Notice severity="error">{failure}</Notice>}
      <form className="auth-form" noValidate onSubmit={submit}>
        {recovery ? (
          <TextField
            key="recovery_code"
            id="recovery_code"
            label="Código de recuperación"
            error={errors.recovery_code?.message}
            registration={register('recovery_code')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
          />
        ) : (
          <TextField
            key="code"
            id="code"
            label="Código de verificación"
            error={errors.code?.message}
            registration={register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={10}
            autoFocus
          />
        )}
        <SubmitButton label="Verificar" icon="pi pi-check" busy={isSubmitting} className="auth-submit" />
      </form>
      <div className="auth-row">
        <button type="button" className="auth-link auth-link-button" onClick={switchMode}>
          {recovery ? 'Usar el código de la aplicación' : 'Usar un código de recuperación'}
        </button>
        <button type="button" className="auth-link auth-link-button" onClick={onRestart}>
          Volver a empezar
        </button>
      </div>
      <PasskeySignIn secondStep onSignedIn={onSignedIn} />
    </>
  );
}
