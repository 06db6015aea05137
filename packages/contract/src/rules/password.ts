import { z } from '../zod.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { messages } from '../messages.js';

/** The change-password rules of spec 000 section 5, one schema for the form and the server. */
export const ZChangePasswordRequest = z
  .object({
    oldPassword: z.string().min(1, messages.password.oldRequired).max(PASSWORD_MAX_LENGTH, messages.password.tooLong),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, messages.password.newMin).max(PASSWORD_MAX_LENGTH, messages.password.tooLong),
    newPasswordConfirmation: z.string().max(PASSWORD_MAX_LENGTH, messages.password.tooLong),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.newPasswordConfirmation) {
      ctx.addIssue({ code: 'custom', path: ['newPasswordConfirmation'], message: messages.password.confirmMismatch });
    }
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
