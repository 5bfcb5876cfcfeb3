import { ADMIN_ROLE, PERMISSIONS, type Permission, type RoleRecord, roleIdentifierOf } from '@gestor/shared';
import { useEffect, useId, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { CheckboxControl, FormSection, TextControl } from '../../../components/controls/form-controls';
import { PermissionMatrix } from '../../../components/permissions/permission-matrix';
import { withPickerNeeds } from '../../../components/permissions/permission-matrix-state';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { Notice } from '../../../components/ui/notice';
import { useUser } from '../../../lib/auth';
import type { RoleFormValues } from '../roles-form-values';
import { ExtraPermissionsNote } from './extra-permissions-note';
import { PickerNeedsNote } from './picker-needs-note';
import './roles.css';

/**
 * The name people read, its identifier under "Avanzado" and the permission matrix. The admin role
 * keeps its identifier and every permission.
 */
export function RoleFields({ record, readOnly }: FormFieldsProps<RoleRecord>) {
  const { control, setValue, getFieldState, formState } = useFormContext<RoleFormValues>();
  const label = useWatch({ control, name: 'label' });
  // Issue 30: a new role's identifier follows its name until the person types one of their own.
  useEffect(() => {
    if (record || readOnly || getFieldState('name').isDirty) return;
    setValue('name', roleIdentifierOf(label ?? ''), { shouldDirty: false });
  }, [label, record, readOnly, getFieldState, setValue]);
  const [advanced, setAdvanced] = useState(false);
  // A refused identifier is shown, not left inside a closed section.
  const showAdvanced = advanced || Boolean(formState.errors.name);
  const isAdmin = record?.name === ADMIN_ROLE;
  // docs/http-api.md: a person may give a role only permissions they hold.
  const grantable = useUser()?.permissions ?? [];
  const withholds = !readOnly && !isAdmin && grantable.length < PERMISSIONS.length;
  const hintId = useId();
  return (
    <>
      <div className="form-grid">
        <TextControl name="label" hint="El nombre que ven las personas, p. ej. «Redacción»." />
      </div>
      <details
        className="role-advanced"
        open={showAdvanced}
        onToggle={(event) => setAdvanced(event.currentTarget.open)}
      >
        <summary>Avanzado</summary>
        <div className="form-grid">
          <TextControl
            name="name"
            hint="Se deriva del nombre; lo usan la API y las órdenes de consola. Minúsculas sin acentos, números y guiones."
            autoComplete="off"
            disabled={isAdmin}
          />
        </div>
      </details>
      <CheckboxControl
        name="requires_two_factor"
        hint="Quien tenga este rol deberá activar la verificación en dos pasos antes de usar la aplicación."
      />
      <FormSection title="Permisos">
        {isAdmin && (
          <Notice severity="info">
            El rol de administrador tiene siempre todos los permisos: no se pueden modificar.
          </Notice>
        )}
        <Controller
          control={control}
          name="permissions"
          render={({ field, fieldState }) => (
            <>
              <PermissionMatrix
                value={field.value}
                onChange={(value: Permission[]) =>
                  field.onChange(withPickerNeeds(field.value, value, grantable))
                }
                disabled={readOnly || isAdmin}
                caption="Permisos del rol por área y acción"
                grantable={grantable}
                hintId={withholds ? hintId : undefined}
              />
              {withholds && (
                <small id={hintId} className="form-field-hint">
                  Solo puede conceder permisos que usted tiene.
                </small>
              )}
              {!isAdmin && <PickerNeedsNote value={field.value} />}
              {fieldState.error?.message && (
                <small className="form-field-error">{fieldState.error.message}</small>
              )}
              <ExtraPermissionsNote />
            </>
          )}
        />
      </FormSection>
    </>
  );
}
