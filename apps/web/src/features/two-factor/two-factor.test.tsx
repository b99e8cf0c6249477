import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { stubFetch } from '../../test/fetch-stub';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { TwoFactorSection } from './components/two-factor-section';

const CODES = Array.from(
  { length: 10 },
  (_, index) => `abcde-fgh${String(index).padStart(2, '0')}`,
);

describe('two-factor sign-in settings (ADR 071)', () => {
  beforeAll(() => loadNamespaces('account', 'forms', 'auth'));
  beforeEach(() => {
    resetAuthStore();
    setSignedIn(testUser(), 'token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('turns on with the shown secret, a code and the password, then shows the recovery codes once', async () => {
    let enabled = false;
    const fetch = stubFetch((path, init) => {
      if (path === '/api/account/two-factor') {
        return json(200, { enabled, recoveryCodesLeft: enabled ? 10 : 0, required: true });
      }
      if (path === '/api/account/two-factor/setup') {
        return json(200, {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Livent:ada',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        });
      }
      if (path === '/api/account/two-factor/enable') {
        const body = JSON.parse(String(init.body)) as { code: string };
        if (body.code !== '123456') {
          return json(400, { code: 400, message: 'Invalid two-factor code' });
        }
        enabled = true;
        return json(200, { recoveryCodes: CODES });
      }
      return undefined;
    });
    renderInRouter(<TwoFactorSection />);
    expect(await screen.findByText(/Your organisation requires two-factor sign-in/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    expect(
      within(dialog).getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText('Code from the app'), '654321');
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'Secret123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(/This code is not valid/)).toBeVisible();

    await userEvent.clear(within(dialog).getByLabelText('Code from the app'));
    await userEvent.type(within(dialog).getByLabelText('Code from the app'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    const enables = fetch.mock.calls.filter(([url]) => url === '/api/account/two-factor/enable');
    expect(JSON.parse(String(enables.at(-1)?.[1]?.body))).toEqual({
      code: '123456',
      password: 'Secret123',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(
      await screen.findByText('Two-factor sign-in is on. 10 recovery codes left.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
