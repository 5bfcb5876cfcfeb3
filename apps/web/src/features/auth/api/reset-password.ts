import type { ResetPasswordInput } from '@gestor/shared';
import { api } from '../../../lib/api-client';
import { withCsrf } from '../../../lib/auth';
import type { StatusResponse } from './forgot-password';

/** POST /api/reset-password → 200 {status}. The person is not signed in afterwards. */
export function resetPassword(input: ResetPasswordInput): Promise<StatusResponse> {
  return withCsrf(() => api.post<StatusResponse>('/api/reset-password', input, { raw: true }));
}
