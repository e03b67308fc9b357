import { waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { toast } from './toast';

it('shows at most 3 toasts, dropping the oldest', async () => {
  for (const message of ['one', 'two', 'three', 'four', 'five']) await toast.success(message);
  await waitFor(() => {
    const shown = [...document.querySelectorAll('.bp6-toast')].map((element) => element.textContent);
    expect(shown).toEqual(['five', 'four', 'three']);
  });
  // Bottom right, away from the page headers' buttons.
  expect(document.querySelector('.bp6-toast-container-bottom.bp6-toast-container-right.app-toaster')).not.toBeNull();
});
