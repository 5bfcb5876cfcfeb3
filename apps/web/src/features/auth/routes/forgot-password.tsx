import type { ForgotPasswordInput } from '@gestor/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { requestPasswordReset } from '../api/forgot-password';
import { BackToSignIn } from '../components/back-to-sign-in';
import { EmailField } from '../components/email-field';
import { loadAuthContract } from '../contract';

type ForgotPasswordFields = z.input<typeof ForgotPasswordInput>;

export function ForgotPasswordRoute() {
  useDocumentTitle('Olvidé mi contraseña');
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordFields, unknown, ForgotPasswordInput>({
    resolver: lazyZodResolver(async () => (await loadAuthContract()).ForgotPasswordInput),
    defaultValues: { email: '' },
  });

  const sendLink = handleSubmit(async (input) => {
    setStatus(null);
    setFailure(null);
    try {
      const response = await requestPasswordReset(input);
      setStatus(response.status);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['email'])) setFailure(errorMessage(error));
    }
  });

  return (
    <>
      <h1 className="auth-title">Olvidé mi contraseña</h1>
      <p className="auth-subtitle">
        Escriba su correo electrónico y le enviaremos un enlace para elegir una contraseña nueva.
      </p>
      {status && <Notice severity="success">{status}</Notice>}
      {(failure ?? errors.root?.message) && (
        <Notice severity="error">{failure ?? errors.root?.message}</Notice>
      )}
      <form className="auth-form" noValidate onSubmit={sendLink}>
        <EmailField
          registration={register('email')}
          error={errors.email?.message}
          autoComplete="email"
          autoFocus
        />
        <SubmitButton
          label="Enviar enlace"
          icon="pi pi-envelope"
          busy={isSubmitting}
          className="auth-submit"
        />
      </form>
      <BackToSignIn />
    </>
  );
}
