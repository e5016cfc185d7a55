import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { showErrorDialog } from '../../../../lib/app-bridge.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { serverFieldErrors, type FieldErrors } from '../../../../lib/use-form-fields.ts';
import { requiredFieldsMessage } from '../../../../lib/core-message.ts';

/**
 * The edit toggle of an account section and the spec's answers to a failed save (spec 000,
 * sections 4 and 8): 422 keeps the form open with the required-fields message and each field's
 * error; 500 says the same message and closes it; 400 (the password's wrong current password) shows
 * the server's message and closes it; 401, 419 and 429 are the API client's (dialog, /login,
 * notice); anything else shows the server's message and leaves the form as it is.
 */
export function useAccountSection() {
  const [isEditing, setIsEditing] = useState(false);
  const [formMessage, setFormMessage] = useState<string[]>();
  // The confirmation is text in the language it was said in (the server's, or ours): after a
  // switch of language it is no longer shown, rather than shown in the other language.
  const { i18n: current } = useTranslation();
  const [savedNotice, setSaved] = useState<{ text: string; language: string }>();
  const savedMessage = savedNotice?.language === current.language ? savedNotice.text : undefined;
  const setSavedMessage = (text: string | undefined) =>
    setSaved(text === undefined ? undefined : { text, language: current.language });

  function open(): void {
    setFormMessage(undefined);
    setSavedMessage(undefined);
    setIsEditing(true);
  }

  function close(): void {
    setFormMessage(undefined);
    setIsEditing(false);
  }

  function saved(message: string): void {
    close();
    setSavedMessage(message);
  }

  function invalid(): void {
    setFormMessage([requiredFieldsMessage()]);
  }

  function failed<Field extends string>(
    error: unknown,
    fields: readonly Field[],
    setErrors: (errors: FieldErrors<Field>) => void,
  ): void {
    if (!isApiRequestError(error)) {
      showApiError(error);
      return;
    }
    if (error.handled) return;
    if (error.status === HttpStatus.unprocessable) {
      const server = serverFieldErrors(error, fields);
      setErrors(server.errors);
      setFormMessage([requiredFieldsMessage(), ...server.other]);
    } else if (error.status >= HttpStatus.serverError) {
      showErrorDialog(i18n.t('errors.title'), requiredFieldsMessage());
      close();
    } else if (error.status === HttpStatus.badRequest) {
      showErrorDialog(i18n.t('errors.title'), error.message);
      close();
    } else {
      showApiError(error);
    }
  }

  return { isEditing, open, close, saved, invalid, failed, formMessage, savedMessage };
}

export type AccountSectionState = ReturnType<typeof useAccountSection>;
