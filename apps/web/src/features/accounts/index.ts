// The accounts area's public face: what the areas above it (sales' subscribe wizard) may use.
// Its pages are reached by address (app/routes.tsx), not through here.

/** The student's address form and its save: the account page's, asked again by the wizard. */
export { useSaveAddress } from './account/api/save-address.ts';
export {
  ADDRESS_FORM_FIELDS,
  AddressLineFields,
  AddressLocationSelects,
  addressFormValues,
  addressRequestBody,
} from './account/components/address-fields.tsx';
export { checkAddressField } from './account/lib/account-validation.ts';
