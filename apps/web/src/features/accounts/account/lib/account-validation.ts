import type { MessageKey } from '@ensaya/core/i18n/messages';
import {
  confirmationProblem,
  nameProblem,
  passwordProblem,
  phoneProblem,
  postalCodeProblem,
} from '@ensaya/core/validation/account';
import { loginEmailProblem } from '@ensaya/core/validation/login';
import type { FieldCheck } from '../../../../lib/use-form-fields.ts';
import { coreMessage } from '../../../../lib/core-message.ts';
import { chileanMobileDigits } from '../../../../lib/phone-mask.ts';

// The account sections' fields (spec 000, screen 9) and core's rules behind the API's schemas:
// `UpdateProfileRequest`, `ChangePasswordRequest`, `AddressRequest`, `AddressTownRequest`.

export type PersonalDataField = 'name' | 'last_name' | 'email' | 'phone' | 'current_password';
export type PasswordField = 'old_password' | 'new_password' | 'new_password_confirmation';
export type AddressField = 'address_line_1' | 'address_line_2' | 'zip_code';
export type LocationField = 'state_id' | 'city_id' | 'town_id';

const required = (value: string): MessageKey | undefined =>
  value.trim() === '' ? 'validation.required' : undefined;

/** Whether the form's e-mail is another address than the account's (the API lower-cases it). */
export const isNewEmail = (value: string, accountEmail: string): boolean =>
  value.trim().toLowerCase() !== accountEmail.toLowerCase();

/** The personal-data checks for the account whose address is `accountEmail`. */
export function personalDataCheck(accountEmail: string): FieldCheck<PersonalDataField> {
  return (field, values) => {
    switch (field) {
      case 'name':
      case 'last_name':
        return coreMessage(nameProblem(values[field]));
      case 'email':
        return coreMessage(loginEmailProblem(values.email));
      case 'phone':
        // Optional in the account: an empty phone is sent as nothing (spec 000, section 5).
        // The mask's prefix alone (+56 9) is an emptied field too.
        return chileanMobileDigits(values.phone) === ''
          ? undefined
          : coreMessage(phoneProblem(values.phone));
      case 'current_password':
        // Asked only for a new address: the server checks it.
        return isNewEmail(values.email, accountEmail) && values.current_password === ''
          ? coreMessage('account.emailPasswordRequired')
          : undefined;
    }
  };
}

export const checkPasswordField: FieldCheck<PasswordField> = (field, values) => {
  switch (field) {
    case 'old_password':
      return coreMessage(values.old_password === '' ? 'validation.required' : undefined);
    case 'new_password':
      return coreMessage(passwordProblem(values.new_password));
    case 'new_password_confirmation':
      return coreMessage(
        confirmationProblem(values.new_password, values.new_password_confirmation),
      );
  }
};

/** Region, province and commune: each must be chosen. */
export const checkLocationField: FieldCheck<LocationField> = (field, values) =>
  coreMessage(required(values[field]));

export const checkAddressField: FieldCheck<AddressField | LocationField> = (field, values) => {
  switch (field) {
    case 'state_id':
    case 'city_id':
    case 'town_id':
      return checkLocationField(field, values);
    case 'address_line_1':
      return coreMessage(required(values[field]));
    case 'address_line_2':
      return undefined;
    case 'zip_code':
      return coreMessage(postalCodeProblem(values.zip_code));
  }
};
