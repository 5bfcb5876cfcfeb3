import type { ResetPasswordInput } from '@gestor/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { isApiError } from '../../../lib/api-client';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetLink } from '../api/describe-reset-link';
import { resetPassword } from '../api/reset-password';
import { BackToSignIn } from '../components/back-to-sign-in';
import { EmailField } from '../components/email-field';
import { loadAuthContract } from '../contract';
import type { LoginLocationState } from './login';

type ResetPasswordFields = z.input<typeof ResetPasswordInput>;

/** The API's 422 for a bad link names a "token" (docs/http-api.md fixes it); a person reads this instead. */
const LINK_INVALID = 'Este enlace no es válido o ha caducado.';

export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState(false);
  // Issue 16: an invitation is a welcome to create a password, not a reset of a forgotten one.
  const link = useResetLink(token, email);
  const invitation = link.data?.kind === 'invitation';
  const title = invitation ? 'Crear su contraseña' : 'Restablecer contraseña';
  useDocumentTitle(title);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFields, unknown, ResetPasswordInput>({
    resolver: lazyZodResolver(async () => (await loadAuthContract()).ResetPasswordInput),
    // The token comes from the link's path and the address from its ?email= (docs/http-api.md).
    defaultValues: { token, email, password: '', password_confirmation: '' },
  });

  // Problems no field shows: a request that failed outright, a schema that did not load, a bad token.
  const formFailure = failure ?? errors.root?.message ?? errors.token?.message;
  const deadLink = linkRefused || (isApiError(link.error) && link.error.status === 422);

  const choosePassword = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const response = await resetPassword(input);
      // The API's status speaks of a reset (docs/http-api.md); a new person has created a password.
      const status = invitation ? 'Su contraseña se ha creado. Ya puede acceder.' : response.status;
      const state: LoginLocationState = { status, email: input.email };
      await navigate('/auth/login', { replace: true, state });
    } catch (error) {
      // The only 422 on the address the server gives here is a bad or expired link.
      if (isApiError(error) && error.fieldError('email')) {
        setLinkRefused(true);
        return;
      }
      if (!applyServerErrors(error, setError, ['password', 'password_confirmation'])) {
        setFailure(errorMessage(error));
      }
    }
  });

  return (
    <>
      <h1 className="auth-title">{title}</h1>
      {invitation ? (
        <p className="auth-subtitle">
          Le damos la bienvenida, {link.data?.name}. Elija la contraseña con la que accederá, de al menos 8
          caracteres.
        </p>
      ) : (
        <p className="auth-subtitle">Elija una contraseña nueva de al menos 8 caracteres.</p>
      )}
      {deadLink && (
        <Notice severity="error">
          {LINK_INVALID} Pida uno nuevo en{' '}
          <Link to="/auth/forgot-password" className="auth-link">
            Olvidé mi contraseña
          </Link>
          .
        </Notice>
      )}
      {formFailure && <Notice severity="error">{formFailure}</Notice>}
      <form className="auth-form" noValidate onSubmit={choosePassword}>
        <EmailField registration={register('email')} error={errors.email?.message} autoComplete="username" />
        <TextField
          id="password"
          label="Nueva contraseña"
          error={errors.password?.message}
          registration={register('password')}
          type="password"
          autoComplete="new-password"
          autoFocus
        />
        <TextField
          id="password_confirmation"
          label="Confirmar contraseña"
          error={errors.password_confirmation?.message}
          registration={register('password_confirmation')}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton label={title} icon="pi pi-check" busy={isSubmitting} className="auth-submit" />
      </form>
      <BackToSignIn />
    </>
  );
}
