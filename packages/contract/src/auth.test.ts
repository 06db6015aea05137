import { describe, expect, it } from 'vitest';
import { ZLoginRequest, ZRegisterRequest } from './auth.js';

describe('auth schemas', () => {
  it('trims and lower-cases the email', () => {
    expect(ZLoginRequest.parse({ email: '  Ana@Firma.RO ', password: 'x' }).email).toBe('ana@firma.ro');
  });
  it('registration needs a name, a valid email and phone, and 8 characters of password', () => {
    const r = ZRegisterRequest.safeParse({ accountType: 'company', name: ' ', email: 'a@', phone: '+40', password: '1234567' });
    expect(r.success).toBe(false);
    const paths = r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    expect(new Set(paths)).toEqual(new Set(['name', 'email', 'phone', 'password']));
  });
  it('accepts a complete individual registration', () => {
    expect(ZRegisterRequest.safeParse({ accountType: 'individual', name: 'Ion', email: 'ion@x.ro', phone: '0744123456', password: '12345678' }).success).toBe(true);
  });
});
