import { USER_TYPE } from '@colete/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, twoUsers, type TestContext, type TestUser } from './helper.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  ({ alice, bob } = await twoUsers(ctx));
  admin = await createUser(ctx, { name: 'Admin Platforma', userType: USER_TYPE.admin, password: 'AdminParola1!' });
});
afterAll(async () => ctx?.close());

describe('acting for a client (selectedClient)', () => {
  it('an admin gets the selected client’s context, from the query or the body', async () => {
    const viaQuery = await as(ctx, admin, { method: 'GET', url: `/api/user/profile?selectedClient=${alice.id}` });
    expect(viaQuery.statusCode).toBe(200);
    expect(viaQuery.json().profile.email).toBe(alice.email);

    const viaBody = await as(ctx, admin, {
      method: 'POST',
      url: '/api/user/profile',
      payload: { selectedClient: alice.id, profile: { name: 'Alice Redenumita SRL' } },
    });
    expect(viaBody.statusCode).toBe(200);
    expect(viaBody.json().profile).toMatchObject({ id: alice.id, name: 'Alice Redenumita SRL' });
    const own = await as(ctx, admin, { method: 'GET', url: '/api/user/profile' });
    expect(own.json().profile.email).toBe(admin.email);
  });

  it('a client naming another user gets 403 and nothing of theirs', async () => {
    const res = await as(ctx, bob, { method: 'GET', url: `/api/user/profile?selectedClient=${alice.id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'Nu aveti drepturi pentru aceasta actiune!', code: 'forbidden' });
    expect(res.body).not.toContain(alice.email);
    const write = await as(ctx, bob, { method: 'POST', url: '/api/user/profile', payload: { selectedClient: alice.id, profile: { name: 'Furat' } } });
    expect(write.statusCode).toBe(403);
    const check = await as(ctx, alice, { method: 'GET', url: '/api/user/profile' });
    expect(check.json().profile.name).not.toBe('Furat');
  });

  it('a client naming themselves is fine', async () => {
    const res = await as(ctx, bob, { method: 'GET', url: `/api/user/profile?selectedClient=${bob.id}` });
    expect(res.statusCode).toBe(200);
  });

  it('an unknown client, an admin account or a malformed id are refused', async () => {
    const other = await createUser(ctx, { userType: USER_TYPE.admin });
    expect((await as(ctx, admin, { method: 'GET', url: '/api/user/profile?selectedClient=999999' })).statusCode).toBe(404);
    expect((await as(ctx, admin, { method: 'GET', url: `/api/user/profile?selectedClient=${other.id}` })).statusCode).toBe(404);
    expect((await as(ctx, admin, { method: 'GET', url: '/api/user/profile?selectedClient=abc' })).statusCode).toBe(400);
    expect((await as(ctx, admin, { method: 'GET', url: "/api/user/profile?selectedClient=1%20OR%201=1" })).statusCode).toBe(400);
  });

  it('the password change is always the signed-in user’s own', async () => {
    const res = await as(ctx, admin, {
      method: 'POST',
      url: '/api/user/change-password',
      payload: { selectedClient: alice.id, oldPassword: alice.password, newPassword: 'Preluare123!', newPasswordConfirmation: 'Preluare123!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Parola veche este incorecta!');
    // Alice's password is untouched.
    const aliceLogin = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: alice.email, password: alice.password } });
    expect(aliceLogin.statusCode).toBe(200);
  });
});

describe('GET /api/admin/clients', () => {
  it('searches clients by name or email, never admins', async () => {
    const byName = await as(ctx, admin, { method: 'GET', url: '/api/admin/clients?search=bob%20cur' });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().list).toEqual([{ id: bob.id, name: 'Bob Curierat SRL', email: bob.email, accountType: 'company' }]);

    const byEmail = await as(ctx, admin, { method: 'GET', url: `/api/admin/clients?search=${encodeURIComponent(alice.email.toUpperCase())}` });
    expect(byEmail.json().list.map((c: { id: number }) => c.id)).toEqual([alice.id]);

    const all = await as(ctx, admin, { method: 'GET', url: '/api/admin/clients' });
    const ids = all.json().list.map((c: { id: number }) => c.id);
    expect(ids).toContain(alice.id);
    expect(ids).not.toContain(admin.id);
  });

  it('treats % and _ as text, not wildcards', async () => {
    const res = await as(ctx, admin, { method: 'GET', url: '/api/admin/clients?search=%25' });
    expect(res.statusCode).toBe(200);
    expect(res.json().list).toEqual([]);
  });

  it('is for admins only', async () => {
    expect((await as(ctx, alice, { method: 'GET', url: '/api/admin/clients?search=a' })).statusCode).toBe(403);
    expect((await as(ctx, null, { method: 'GET', url: '/api/admin/clients?search=a' })).statusCode).toBe(401);
    const long = await as(ctx, admin, { method: 'GET', url: `/api/admin/clients?search=${'a'.repeat(500)}` });
    expect(long.statusCode).toBe(400);
  });
});
