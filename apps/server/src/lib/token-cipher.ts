import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for tokens at rest (e-invoicing, stores): `v1.<iv>.<ciphertext>.<tag>` (base64url). The
 * associated data names the row and column, so a value copied into another row does not decrypt.
 */
export function tokenCipher(key: Buffer) {
  if (key.length !== 32) throw new Error('the token encryption key must be 32 bytes');
  return {
    encrypt(plain: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), data.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    decrypt(sealed: string, context: string): string {
      const [version, iv, data, tag] = sealed.split('.');
      if (version !== VERSION || !iv || data === undefined || !tag) throw new Error('not an encrypted token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type TokenCipher = ReturnType<typeof tokenCipher>;
