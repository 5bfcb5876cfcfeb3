import type { ResetPasswordInput } from '@gestor/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { resetPassword } from '../api/reset-password';
import { BackToSignIn } from '../components/back-to-sign-in';
import { EmailField } from '../components/email-field';
import { loadAuthContract } from '../contract';
import type { LoginLocationState } from './login';

type ResetPasswordFields = z.input<typeof ResetPasswordInput>;

export function ResetPasswordRoute() {
  useDocumentTitle('Restablecer contraseña');
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFields, unknown, ResetPasswordInput>({
    resolver: lazyZodResolver(async () => (await loadAuthContract()).ResetPasswordInput),
    // The token comes from the link's path and the address from its ?email= (DESIGN.md §3).
    defaultValues: { token, email: searchParams.get('email') ?? '', password: '', password_confirmation: '' },
  });

  // Problems no field shows: a request that failed outright, a schema that did not load, a bad token.
  const formFailure = failure ?? errors.root?.message ?? errors.token?.message;

  const choosePassword = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const response = await resetPassword(input);
      const state: LoginLocationState = { status: response.status };
      await navigate('/auth/login', { replace: true, state });
    } catch (error) {
      if (!applyServerErrors(error, setError, ['email', 'password', 'password_confirmation'])) {
        setFailure(errorMessage(error));
      }
    }
  });

  return (
    <>
      <h1 className="auth-title">Restablecer contraseña</h1>
      <p className="auth-subtitle">Elija una contraseña nueva de al menos 8 caracteres.</p>
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
        <SubmitButton
          label="Restablecer contraseña"
          icon="pi pi-check"
          busy={isSubmitting}
          className="auth-submit"
        />
      </form>
      <BackToSignIn />
    </>
  );
}
