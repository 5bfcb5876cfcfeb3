import type { LoginInput } from '@gestor/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { RETURN_PARAM, safeReturnPath } from '../../../lib/return-path';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { signIn } from '../api/login';
import { EmailField } from '../components/email-field';
import { PasskeySignIn } from '../components/passkey-sign-in';
import { TwoFactorStep } from '../components/two-factor-step';
import { loadAuthContract } from '../contract';

type LoginFields = z.input<typeof LoginInput>;

/** Set by the reset screen when it sends the person here: "Su contraseña ha sido restablecida." */
export interface LoginLocationState {
  status?: string;
  /** The address a new or reset password was just set for: the sign-in starts with it (issue 30). */
  email?: string;
}

export function LoginRoute() {
  useDocumentTitle('Acceder');
  const navigate = useNavigate();
  const { status, email: knownEmail = '' } = (useLocation().state as LoginLocationState | null) ?? {};
  // Back to where the person was going; anything but a path of this SPA goes home.
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get(RETURN_PARAM)) ?? '/';
  const [failure, setFailure] = useState<string | null>(null);
  // Decision 035: the password was right and the account asks for its second factor.
  const [secondStep, setSecondStep] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginFields, unknown, LoginInput>({
    resolver: lazyZodResolver(async () => (await loadAuthContract()).LoginInput),
    defaultValues: { email: knownEmail, password: '', remember: false },
  });

  const submit = handleSubmit(async (credentials) => {
    setFailure(null);
    try {
      if ((await signIn(credentials)) === 'two-factor') {
        setSecondStep(true);
        return;
      }
      await navigate(returnTo, { replace: true });
    } catch (error) {
      // docs/architecture.md#the-spa: the failure message, plus the server's field messages under their fields.
      // (The contract module is already loaded: validation needed it before this request.)
      setFailure((await loadAuthContract()).MESSAGES.loginFailed);
      applyServerErrors(error, setError, ['email', 'password', 'remember']);
    }
  });

  if (secondStep) {
    return (
      <TwoFactorStep
        onSignedIn={async () => {
          await navigate(returnTo, { replace: true });
        }}
        onRestart={() => setSecondStep(false)}
      />
    );
  }

  return (
    <>
      <h1 className="auth-title">Acceder</h1>
      <p className="auth-subtitle">Introduzca sus datos para entrar en la aplicación.</p>
      {status && !failure && <Notice severity="success">{status}</Notice>}
      {(failure ?? errors.root?.message) && (
        <Notice severity="error">{failure ?? errors.root?.message}</Notice>
      )}
      <form className="auth-form" noValidate onSubmit={submit}>
        <EmailField
          registration={register('email')}
          error={errors.email?.message}
          autoComplete="username"
          autoFocus={!knownEmail}
        />
        <TextField
          id="password"
          label="Contraseña"
          error={errors.password?.message}
          registration={register('password')}
          type="password"
          autoComplete="current-password"
          // The address is known: what is left to type is the password just chosen.
          autoFocus={Boolean(knownEmail)}
        />
        <div className="auth-row">
          <div className="checkbox-field">
            <input id="remember" type="checkbox" className="app-checkbox" {...register('remember')} />
            <label htmlFor="remember">Recordarme</label>
          </div>
          <Link to="/auth/forgot-password" className="auth-link">
            Olvidé mi contraseña
          </Link>
        </div>
        <SubmitButton label="Acceder" icon="pi pi-sign-in" busy={isSubmitting} className="auth-submit" />
      </form>
      <PasskeySignIn
        remember={() => Boolean(getValues('remember'))}
        onSignedIn={() => void navigate(returnTo, { replace: true })}
      />
    </>
  );
}
