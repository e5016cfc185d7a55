import { screen, waitFor } from '@testing-library/react';

/**
 * The open dialog with this title. Ant Design's dialogs take their `aria-labelledby` id from
 * `useId`, which answers the same 'test-id' under test, so with two dialogs in the page the
 * accessible name is not reliable there: this looks at each visible dialog's title instead.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .getAllByRole('dialog')
      .find((dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title);
    if (!found) throw new Error(`No open dialog titled "${title}"`);
  });
  return found!;
}

/** Whether a dialog with this title is open now. */
export function isDialogOpen(title: string): boolean {
  return screen
    .queryAllByRole('dialog')
    .some((dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title);
}
