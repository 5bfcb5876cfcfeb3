import { PASSWORD_MIN, ROLES, type RoleRecord, USERS, type UserRecord } from '@gestor/shared';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  CheckboxControl,
  FormSection,
  MultiSelectControl,
  TextControl,
} from '../../../components/controls/form-controls';
import { recordOptions } from '../../../components/options/record-options';
import { useRecordOptions } from '../../../components/options/use-record-options';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { useUser } from '../../../lib/auth';
import { mayManage } from '../../../lib/permissions';
import type { UserFormValues } from '../users-form-values';
import { RoleTags } from './role-tags';

/** The roles by their label, written by name (docs/http-api.md); each keeps its permissions. */
export const USER_ROLES = recordOptions(ROLES, {
  value: (role: RoleRecord) => role.name,
  label: (role) => role.label,
  sort: 'label',
});

// Labels and limits come from the field table (decision 018): what the API checks, never a copy.
const { fields } = USERS;
const PASSWORD_HINT = `Al menos ${PASSWORD_MIN} caracteres.`;

/**
 * Name, email, roles, active, and the password: on creation either a password or an invitation
 * mail whose link lets the person choose one (docs/areas.md); on edit an optional new password.
 */
export function UserFields({ record, readOnly }: FormFieldsProps<UserRecord>) {
  const { control, setValue, clearErrors } = useFormContext<UserFormValues>();
  const roles = useRecordOptions(USER_ROLES);
  const currentUser = useUser();
  // docs/http-api.md: only roles all of whose permissions the person holds (the list filter shows all);
  // the roles the user has are kept too, so a read-only screen still names them.
  const grantableRoles = roles.options.filter(
    (role) =>
      mayManage(currentUser?.permissions, role.record.permissions) ||
      record?.roles.some((held) => held.name === role.value),
  );
  const self = record !== undefined && currentUser?.id === record.id;
  const invitation = useWatch({ control, name: 'send_invitation' });

  // Invitation and password exclude each other (the shared schema refuses both).
  useEffect(() => {
    if (!invitation) return;
    setValue('password', '');
    clearErrors('password');
  }, [invitation, setValue, clearErrors]);

  return (
    <>
      <div className="form-grid">
        <TextControl name="name" autoComplete="off" />
        <TextControl name="email" type="email" autoComplete="off" />
      </div>
      <FormSection title="Acceso">
        {roles.allowed ? (
          <MultiSelectControl
            name="roles"
            options={grantableRoles}
            loading={roles.loading}
            hint={readOnly ? undefined : 'Solo puede asignar roles cuyos permisos tiene usted.'}
          />
        ) : (
          // Without role.view the roles cannot be listed (a 403 signs out): shown, not sent.
          <div className="form-field">
            <span className="form-field-label">{fields.roles.label}</span>
            <RoleTags roles={record?.roles ?? []} />
            <small className="form-field-hint">
              No tiene permiso para ver los roles: se mantienen los actuales.
            </small>
          </div>
        )}
        <CheckboxControl
          name="active"
          variant="switch"
          disabled={self}
          hint={
            self
              ? 'No puede desactivar su propia cuenta.'
              : 'Una cuenta inactiva no puede acceder; al desactivarla se cierran sus sesiones.'
          }
        />
      </FormSection>
      <FormSection title="Contraseña">
        {record ? (
          // On edit the control asks for a new one, which may be left out: its own wording.
          <TextControl
            name="password"
            label="Nueva contraseña (opcional)"
            type="password"
            autoComplete="new-password"
            hint={`Déjela en blanco para mantener la actual. ${PASSWORD_HINT}`}
          />
        ) : (
          <>
            {/* The form says how the invitation goes; the table's shorter label names it elsewhere. */}
            <CheckboxControl
              name="send_invitation"
              label="Enviar invitación por correo"
              hint="La persona recibirá un enlace para crear su contraseña."
            />
            <TextControl
              name="password"
              type="password"
              autoComplete="new-password"
              hint={PASSWORD_HINT}
              disabled={invitation}
            />
          </>
        )}
      </FormSection>
    </>
  );
}
