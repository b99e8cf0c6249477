import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { Providers } from '../../test/render';
import { testUser } from '../../test/users';
import { PageHeader } from '../page/page-header';
import { TextInputField } from './text-input-field';

const signIn = (alwaysShowHelp: boolean) =>
  setSignedIn(testUser({ settings: { ...testUser().settings, alwaysShowHelp } }), 'token');

function renderScreen() {
  render(
    <Providers>
      <PageHeader title="Access" description="Control who can watch." />
      <TextInputField label="Title" helperText="Shown on the page." />
      <TextInputField label="Slug" />
    </Providers>,
  );
}

/** Hidden but for screen readers: the visually-hidden rules. */
const isScreenReaderOnly = (element: HTMLElement) => element.style.position === 'absolute';

describe('"Always show help" (spec section 2, account settings; ADR 054)', () => {
  afterEach(() => resetAuthStore());

  it('on: the screen’s lead and every field’s help are shown', () => {
    signIn(true);
    renderScreen();
    expect(isScreenReaderOnly(screen.getByText('Control who can watch.'))).toBe(false);
    expect(isScreenReaderOnly(screen.getByText('Shown on the page.').parentElement!)).toBe(false);
  });

  it('off: a field’s help shows while it has the focus; screen readers keep all of it', async () => {
    signIn(false);
    renderScreen();
    const help = screen.getByText('Shown on the page.').parentElement!;
    expect(isScreenReaderOnly(screen.getByText('Control who can watch.'))).toBe(true);
    expect(isScreenReaderOnly(help)).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'Shown on the page.',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Title' }));
    expect(isScreenReaderOnly(help)).toBe(false);
    await user.click(screen.getByRole('textbox', { name: 'Slug' }));
    expect(isScreenReaderOnly(help)).toBe(true);
  });
});
