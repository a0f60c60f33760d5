import { describe, expect, it } from 'vitest';
import { changePasswordConfig } from '../../machines/profile/changePassword.rules';

const validate = (values: Record<string, string>) => changePasswordConfig.validate(values, 'create');

describe("the 'Parolni o'zgartirish' form rules", () => {
  it('needs every field', () => {
    expect(validate({ current_password: '', new_password: '', confirm_password: '' })).toEqual({
      current_password: "Bu maydon to'ldirilishi shart",
      new_password: "Bu maydon to'ldirilishi shart",
    });
  });

  it('needs a new password of at least 8 characters, other than the current one, typed the same twice', () => {
    expect(validate({ current_password: 'eski-parol', new_password: 'qisqa', confirm_password: 'qisqa' })).toEqual({
      new_password: "Parol kamida 8 belgidan iborat bo'lishi kerak",
    });
    expect(
      validate({ current_password: 'eski-parol', new_password: 'eski-parol', confirm_password: 'eski-parol' }),
    ).toEqual({ new_password: 'Yangi parol joriy paroldan farq qilishi kerak.' });
    expect(
      validate({ current_password: 'eski-parol', new_password: 'yangi-parol', confirm_password: 'yangi-paroll' }),
    ).toEqual({ confirm_password: 'Parollar bir xil emas' });
    expect(
      validate({ current_password: 'eski-parol', new_password: 'yangi-parol', confirm_password: 'yangi-parol' }),
    ).toEqual({});
  });
});
