import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notify } from '../../lib/notifications';
import { Providers } from '../../test/render';
import { NotificationCenter } from './notification-center';

describe('notification center', () => {
  it('stacks notifications with roles by urgency and closes them on request', async () => {
    render(
      <Providers>
        <NotificationCenter />
      </Providers>,
    );
    act(() => {
      notify({ type: 'success', message: 'Settings saved' });
      notify({ type: 'error', message: 'Too many requests, please try again later.' });
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Too many requests, please try again later.',
    );

    const [closeSuccess] = screen.getAllByRole('button', { name: 'Close' });
    await userEvent.click(closeSuccess!);
    await waitFor(() => expect(screen.queryByText('Settings saved')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
