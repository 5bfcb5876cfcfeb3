import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field';

interface EmailFieldProps {
  registration: UseFormRegisterReturn;
  error?: string;
  /** `username` where it identifies the account to a password manager, `email` elsewhere. */
  autoComplete: 'username' | 'email';
  autoFocus?: boolean;
}

/** The "Correo electrónico" field of the sign-in screens. */
export function EmailField(props: EmailFieldProps) {
  return <TextField id="email" label="Correo electrónico" type="email" inputMode="email" {...props} />;
}
