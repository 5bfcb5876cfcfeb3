import type { ForgotPasswordInput } from '@gestor/shared';
import { api } from '../../../lib/api-client';
import { withCsrf } from '../../../lib/auth';

export interface StatusResponse {
  status: string;
}

/** POST /api/forgot-password → 200 {status}; the same answer whether or not the account exists. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<StatusResponse> {
  return withCsrf(() => api.post<StatusResponse>('/api/forgot-password', input, { raw: true }));
}
