import { describe, expect, it } from 'vitest';
import { ConfirmTwoFactorInput, groupSecret, TwoFactorChallengeInput } from './two-factor';

describe('two-factor inputs (decision 035)', () => {
  it('groups a secret in fours, as people copy it', () => {
    expect(groupSecret('ABCDEFGHIJKLMNOPQR')).toBe('ABCD EFGH IJKL MNOP QR');
    expect(groupSecret('ABCD')).toBe('ABCD');
  });

  it('forgives the spaces an app shows in a code, and asks for six digits', () => {
    expect(ConfirmTwoFactorInput.parse({ code: '123 456' })).toEqual({ code: '123456' });
    const short = ConfirmTwoFactorInput.safeParse({ code: '12345' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('El código de verificación tiene seis cifras.');
  });

  it('takes a code or a recovery code, and says so when neither comes', () => {
    expect(TwoFactorChallengeInput.parse({ recovery_code: ' abcde-fghjk ' })).toEqual({
      recovery_code: 'abcde-fghjk',
    });
    const none = TwoFactorChallengeInput.safeParse({});
    expect(none.error?.issues[0]?.message).toBe(
      'Escriba el código de verificación o un código de recuperación.',
    );
    expect(TwoFactorChallengeInput.safeParse({ code: '123456', extra: 1 }).success).toBe(false);
  });
});
