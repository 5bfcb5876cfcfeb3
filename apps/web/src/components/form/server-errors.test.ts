import { describe, expect, it } from 'vitest';
import { splitServerErrors } from './server-errors';

describe('splitServerErrors', () => {
  it('puts each message under its field and keeps the rest apart', () => {
    expect(
      splitServerErrors(
        {
          email: ['Ya existe un usuario con este correo electrónico.', 'otro'],
          'roles.0': ['El rol «x» no existe.'],
          updated_at: ['El campo updated_at es obligatorio y debe ser una fecha ISO 8601.'],
        },
        ['name', 'email', 'roles'],
      ),
    ).toEqual({
      byField: { email: 'Ya existe un usuario con este correo electrónico.', roles: 'El rol «x» no existe.' },
      others: ['El campo updated_at es obligatorio y debe ser una fecha ISO 8601.'],
    });
  });
});
