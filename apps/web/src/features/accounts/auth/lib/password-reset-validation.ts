import { confirmationProblem, passwordProblem } from '@ensaya/core/validation/account';
import { loginEmailProblem } from '@ensaya/core/validation/login';
import type { FieldCheck } from '../../../../lib/use-form-fields.ts';
import { coreMessage } from '../../../../lib/core-message.ts';

export type ForgotPasswordField = 'email';
export type ResetPasswordField = 'email' | 'password' | 'password_confirmation';

/** `/olvido`: the e-mail, with the login's rule (core's `ForgotPasswordRequest` runs the same). */
export const checkForgotPasswordField: FieldCheck<ForgotPasswordField> = (_field, values) =>
  coreMessage(loginEmailProblem(values.email));

/** `/resetpassword`: core's rules behind `ResetPasswordRequest`. */
export const checkResetPasswordField: FieldCheck<ResetPasswordField> = (field, values) => {
  switch (field) {
    case 'email':
      return coreMessage(loginEmailProblem(values.email));
    case 'password':
      return coreMessage(passwordProblem(values.password));
    case 'password_confirmation':
      return coreMessage(confirmationProblem(values.password, values.password_confirmation));
  }
};
