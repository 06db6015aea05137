import { z } from '../zod.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { passwordMessages } from '../messages/password.js';

/** The change-password rules of spec 000 section 5, one schema for the form and the server. */
export const ZChangePasswordRequest = z
  .object({
    oldPassword: z.string().min(1, passwordMessages.oldRequired).max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, passwordMessages.newMin).max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
    newPasswordConfirmation: z.string().max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.newPasswordConfirmation) {
      ctx.addIssue({ code: 'custom', path: ['newPasswordConfirmation'], message: passwordMessages.confirmMismatch });
    }
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
