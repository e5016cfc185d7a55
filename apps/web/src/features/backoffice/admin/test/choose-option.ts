import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Picks `option` in the Ant Design select labelled `label`, inside `container` if given. */
export async function chooseOption(
  user: UserEvent,
  label: string,
  option: string,
  container: HTMLElement = document.body,
): Promise<void> {
  await user.click(await within(container).findByRole('combobox', { name: label }));
  // The option list is a portal at the end of the document, outside the container.
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (element) => element.getAttribute('title') === option,
    );
    if (!found) throw new Error(`No option "${option}"`);
    return found;
  });
  await user.click(item);
}
