import { groupSecret, RECOVERY_CODE_COUNT, type TwoFactorQrCode } from '@gestor/shared';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { downloadText } from '../../../lib/download-text';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import {
  confirmTwoFactor,
  disableTwoFactor,
  recoveryCodes,
  regenerateRecoveryCodes,
  startTwoFactor,
  twoFactorSetup,
} from '../api/two-factor-api';
import { usePasswordConfirmation } from './password-confirmation';

type Stage =
  | { kind: 'idle' }
  | { kind: 'setup'; qr: TwoFactorQrCode; secret: string }
  | { kind: 'codes'; codes: string[] };

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * "Verificación en dos pasos" (decision 035): activate with a QR code or the secret as text and a
 * first code; the ten recovery codes are shown once; regenerate them or deactivate, each after the
 * password is confirmed. `onFinished`: the forced set-up screen goes on once the codes are saved.
 */
export function TwoFactorSection({ onFinished }: { onFinished?: () => void } = {}) {
  const user = useUser();
  const enabled = user?.two_factor_enabled === true;
  const confirmation = usePasswordConfirmation();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  /** Runs a change behind the password confirmation; a 423 (confirmation expired meanwhile) asks again. */
  async function guarded(action: () => Promise<void>) {
    setStatus(null);
    setFailure(null);
    setBusy(true);
    try {
      if (!(await confirmation.ensure())) return;
      try {
        await action();
      } catch (error) {
        if (!isApiError(error) || error.status !== 423 || !(await confirmation.ensure())) throw error;
        await action();
      }
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const enable = () =>
    guarded(async () => {
      await startTwoFactor();
      setStage({ kind: 'setup', ...(await twoFactorSetup()) });
    });
  const cancelSetup = () =>
    guarded(async () => {
      await disableTwoFactor();
      setStage({ kind: 'idle' });
    });
  const regenerate = () =>
    guarded(async () => {
      setStage({ kind: 'codes', codes: await regenerateRecoveryCodes() });
      setStatus('Se han generado códigos nuevos: los anteriores ya no sirven.');
    });
  const disable = () =>
    guarded(async () => {
      await disableTwoFactor();
      setStage({ kind: 'idle' });
      setStatus('La verificación en dos pasos está desactivada.');
    });

  const confirmed = async () => {
    setStage({ kind: 'codes', codes: await recoveryCodes() });
    setStatus('La verificación en dos pasos está activada.');
  };

  return (
    <section className="card account-card" aria-labelledby="account-two-factor-heading">
      <h2 id="account-two-factor-heading">Verificación en dos pasos</h2>
      <p className="account-hint">
        Además de la contraseña, al entrar se le pedirá un código de seis cifras de una aplicación de
        autenticación en su teléfono (como Google Authenticator, Microsoft Authenticator o FreeOTP).
      </p>
      <p className="account-two-factor-state">
        Estado: <strong>{enabled ? 'activada' : 'desactivada'}</strong>
      </p>
      {status && <Notice severity="success">{status}</Notice>}
      {failure && <Notice severity="error">{failure}</Notice>}

      {stage.kind === 'setup' && (
        <SetupStep stage={stage} onConfirmed={confirmed} onCancel={cancelSetup} busy={busy} />
      )}
      {stage.kind === 'codes' && (
        <RecoveryCodes
          codes={stage.codes}
          onDone={() => {
            setStage({ kind: 'idle' });
            onFinished?.();
          }}
        />
      )}
      {stage.kind === 'idle' && !enabled && (
        <Button type="button" label="Activar" icon="pi pi-shield" loading={busy} onClick={enable} />
      )}
      {stage.kind === 'idle' && enabled && (
        <div className="account-actions">
          <Button
            type="button"
            label="Generar nuevos códigos"
            icon="pi pi-refresh"
            outlined
            disabled={busy}
            onClick={regenerate}
          />
          <Button
            type="button"
            label="Desactivar"
            icon="pi pi-times"
            severity="danger"
            outlined
            disabled={busy}
            onClick={disable}
          />
        </div>
      )}
      {confirmation.dialog}
    </section>
  );
}

function SetupStep({
  stage,
  onConfirmed,
  onCancel,
  busy,
}: {
  stage: { qr: TwoFactorQrCode; secret: string };
  onConfirmed: () => Promise<void>;
  onCancel: () => void;
  busy: boolean;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const submit = handleSubmit(async ({ code }) => {
    setFailure(null);
    if (!code.trim()) {
      setError('code', { message: 'Escriba el código que muestra la aplicación.' });
      return;
    }
    try {
      await confirmTwoFactor(code);
      await onConfirmed();
    } catch (error) {
      if (!applyServerErrors(error, setError, ['code'])) setFailure(errorMessage(error));
    }
  });

  return (
    <div className="account-two-factor-setup">
      <ol className="account-steps">
        <li>
          Escanee este código QR con su aplicación de autenticación.
          <img
            className="account-qr"
            src={svgDataUrl(stage.qr.svg)}
            alt="Código QR para añadir su cuenta a la aplicación de autenticación"
            width={192}
            height={192}
          />
        </li>
        <li>
          Si no puede escanearlo, escriba esta clave en la aplicación:{' '}
          <code className="account-secret">{groupSecret(stage.secret)}</code>
        </li>
        <li>Escriba el código de seis cifras que muestra la aplicación.</li>
      </ol>
      {failure && <Notice severity="error">{failure}</Notice>}
      <form className="account-form" noValidate onSubmit={submit}>
        <TextField
          id="two_factor_setup_code"
          label="Código de la aplicación"
          error={errors.code?.message}
          registration={register('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
        />
        <div className="account-actions">
          <Button type="submit" label="Confirmar y activar" icon="pi pi-check" loading={isSubmitting} />
          <Button type="button" label="Cancelar" text disabled={busy || isSubmitting} onClick={onCancel} />
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const text = `${codes.join('\n')}\n`;

  const download = () => downloadText(text, 'codigos-de-recuperacion.txt', 'text/plain;charset=utf-8');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Códigos copiados al portapapeles.');
    } catch {
      setCopied('No se han podido copiar: descárguelos o cópielos a mano.');
    }
  };

  return (
    <div className="account-recovery">
      <h3>Códigos de recuperación</h3>
      <p>
        Guárdelos en un lugar seguro: solo se muestran ahora. Si pierde el teléfono, cada uno sirve una vez
        para entrar en lugar del código de la aplicación ({codes.length} de {RECOVERY_CODE_COUNT}).
      </p>
      <ul className="account-codes" aria-label="Códigos de recuperación">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      {copied && <output className="account-copied">{copied}</output>}
      <div className="account-actions">
        <Button type="button" label="Descargar (.txt)" icon="pi pi-download" outlined onClick={download} />
        <Button type="button" label="Copiar" icon="pi pi-copy" outlined onClick={() => void copy()} />
        <Button type="button" label="Ya los he guardado" icon="pi pi-check" onClick={onDone} />
      </div>
    </div>
  );
}
