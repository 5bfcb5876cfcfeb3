import { EXTRA_PERMISSION_DESCRIPTIONS, type Permission, permissionLabel } from '@gestor/shared';

// Under the permission matrix (issue 33): what each permission beyond the four actions lets a person
// do — publishing, reading a test's responses, grading them — in the role form's words.

const EXTRAS = Object.entries(EXTRA_PERMISSION_DESCRIPTIONS) as Array<[Permission, string]>;

export function ExtraPermissionsNote() {
  return (
    <div className="extra-permissions">
      <p className="form-field-hint">Además de ver, crear, editar y eliminar:</p>
      <dl>
        {EXTRAS.map(([permission, description]) => (
          <div key={permission}>
            <dt>{permissionLabel(permission)}</dt>
            <dd>{description}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
