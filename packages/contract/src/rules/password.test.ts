import { describe, expect, it } from 'vitest';
import { ZChangePasswordRequest } from './password.js';

const errors = (input: object) => {
  const r = ZChangePasswordRequest.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('change-password rules (spec 000 section 5)', () => {
  it('accepts a valid change', () => {
    expect(errors({ oldPassword: 'veche', newPassword: '12345678', newPasswordConfirmation: '12345678' })).toEqual({});
  });
  it('needs the old password', () => {
    expect(errors({ oldPassword: '', newPassword: '12345678', newPasswordConfirmation: '12345678' })).toEqual({ oldPassword: 'Parola veche este obligatorie!' });
  });
  it('needs at least 8 characters', () => {
    expect(errors({ oldPassword: 'v', newPassword: '1234567', newPasswordConfirmation: '1234567' })).toEqual({ newPassword: 'Noua parola trebuie sa aiba minim 8 caractere' });
  });
  it('needs the confirmation to match', () => {
    expect(errors({ oldPassword: 'v', newPassword: '12345678', newPasswordConfirmation: '12345679' })).toEqual({
      newPasswordConfirmation: 'Noua parola trebuie sa coincida cu parola de confirmare',
    });
  });
  it('refuses absurdly long passwords', () => {
    const long = 'x'.repeat(129);
    expect(errors({ oldPassword: 'v', newPassword: long, newPasswordConfirmation: long }).newPassword).toBe('Parola poate avea maxim 128 de caractere!');
  });
});
