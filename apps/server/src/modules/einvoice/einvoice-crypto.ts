export { tokenCipher, type TokenCipher } from '../../lib/token-cipher.js';

/** What a sealed token is bound to: its billing entry and which token it is. */
export const tokenContext = (billingEntityId: number, kind: 'access' | 'refresh') => `einvoice_connections:${billingEntityId}:${kind}`;
