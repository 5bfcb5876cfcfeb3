import { type ReactNode, useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { Notice } from '../../../components/ui/notice';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';

/**
 * How a "Mi cuenta" card tells what its last request did: the server's status on success, its 422s
 * under their fields, anything else in an alert above the form.
 */
export function useOutcome() {
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function run<T extends FieldValues>(
    send: () => Promise<{ status: string }>,
    setError: UseFormSetError<T>,
    fields: readonly FieldPath<T>[],
  ): Promise<boolean> {
    setStatus(null);
    setFailure(null);
    try {
      setStatus((await send()).status);
      return true;
    } catch (error) {
      if (!applyServerErrors(error, setError, fields)) setFailure(errorMessage(error));
      return false;
    }
  }

  const notices: ReactNode = (
    <>
      {status && <Notice severity="success">{status}</Notice>}
      {failure && <Notice severity="error">{failure}</Notice>}
    </>
  );
  return { run, setStatus, notices };
}
