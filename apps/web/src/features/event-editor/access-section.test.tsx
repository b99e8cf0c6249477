import { PLAN_ALLOWANCES, type EventSettingsResponse } from '@livent/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { eventSettingsQueryKey } from '../../lib/events/event-settings';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query-client';
import { renderInRouter } from '../../test/render';
import { savedSettings } from '../../test/event-settings';
import { json, testUser } from '../../test/users';
import { AccessSection, generateAccessCode } from './sections/access-section';
import { RegistrationSection } from './sections/registration-section';
import { stubFetch } from '../../test/fetch-stub';

const saved = savedSettings();

function renderSection(
  settings: EventSettingsResponse = saved,
  ui = <AccessSection eventId="e1" />,
) {
  queryClient.setQueryData(eventSettingsQueryKey('e1'), settings);
  return renderInRouter(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

/** A fetch answering each PATCH with `answer`, or the saved settings plus the patch. */
function patchServer(answer?: () => Response) {
  return stubFetch((_path, init) => {
    if (init.method !== 'PATCH') return json(404, { code: 404, message: 'Not found' });
    if (answer) return answer();
    return json(200, { ...saved, ...(JSON.parse(String(init.body)) as object) });
  });
}

const patches = (fetch: ReturnType<typeof patchServer>) =>
  (fetch.mock.calls as [string, RequestInit | undefined][])
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

beforeAll(() => loadNamespaces('events', 'editor', 'forms', 'mails'));
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  resetAuthStore();
});

describe('access settings (ADR 026)', () => {
  it('offers the session limit for personal ways in only, and saves a number or no limit (ADR 067)', async () => {
    setSignedIn(testUser(), 'access-1');
    const user = userEvent.setup();
    const fetch = patchServer();
    renderSection();
    const mode = await screen.findByLabelText(/Access mode/);
    const label = /Simultaneous sessions per personal link or login/;
    expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    await user.selectOptions(mode, 'code');
    expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    await user.selectOptions(mode, 'invitation');
    const limit = screen.getByLabelText(label);
    expect(limit).toHaveValue('');
    expect(
      within(limit)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'No limit',
      '1 browser at a time',
      ...Array.from({ length: 9 }, (_, index) => `${String(index + 2)} browsers at a time`),
    ]);
    expect(screen.getByText(/the session opened first ends/)).toBeInTheDocument();
    await user.selectOptions(limit, '1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)).toEqual([{ accessMode: 'invitation', sessionLimit: 1 }]);

    await user.selectOptions(screen.getByLabelText(label), '');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(fetch)).toHaveLength(2));
    expect(patches(fetch)[1]).toEqual({ sessionLimit: null });
  });

  it('shows the code field in code mode, generates a code and saves mode and code', async () => {
    setSignedIn(testUser(), 'access-1');
    const user = userEvent.setup();
    const fetch = patchServer();
    renderSection();
    const mode = await screen.findByLabelText(/Access mode/);
    expect(screen.queryByLabelText(/^Access code/)).not.toBeInTheDocument();
    await user.selectOptions(mode, 'code');
    const code = screen.getByLabelText(/^Access code/);
    await user.click(screen.getByRole('button', { name: 'Generate code' }));
    const generated = (code as HTMLInputElement).value;
    expect(generated).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)).toEqual([{ accessMode: 'code', accessCode: generated }]);
  });

  it('says at the field that a typed code is too easy to guess, until a generated one replaces it (ADR 044)', async () => {
    setSignedIn(testUser(), 'access-1');
    const user = userEvent.setup();
    patchServer();
    renderSection();
    await user.selectOptions(await screen.findByLabelText(/Access mode/), 'code');
    const code = screen.getByLabelText(/^Access code/);
    await user.type(code, '123456');
    expect(
      screen.getByText(
        'Too easy to guess: use at least 6 characters, not one repeated, in sequence or a common word — or generate a code',
      ),
    ).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Generate code' }));
    expect(screen.queryByText(/Too easy to guess/)).not.toBeInTheDocument();
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it('warns about a weak code saved before, which keeps working', async () => {
    setSignedIn(testUser(), 'access-1');
    renderSection({ ...saved, accessMode: 'code', accessCode: '4711' });
    const code = await screen.findByLabelText(/^Access code/);
    expect(
      screen.getByText(
        'This code is easy to guess. It keeps working, but a generated code is safer.',
      ),
    ).toBeInTheDocument();
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's refusal of a missing code at the code field", async () => {
    setSignedIn(testUser(), 'access-1');
    const user = userEvent.setup();
    patchServer(() =>
      json(400, {
        code: 400,
        message: 'Validation failed',
        errors: { accessCode: 'validation.required' },
      }),
    );
    renderSection();
    await user.selectOptions(await screen.findByLabelText(/Access mode/), 'code');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Access code/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers single sign-on only with the plan feature, with the plan notice otherwise', async () => {
    patchServer();
    setSignedIn(testUser(), 'access-1');
    const { unmount } = renderSection();
    const mode = await screen.findByLabelText(/Access mode/);
    expect(mode.querySelector('option[value="cip"]')).toBeNull();
    expect(screen.getByText('Not available on your plan.')).toBeInTheDocument();
    unmount();

    setSignedIn(testUser({ planAllowance: PLAN_ALLOWANCES.business }), 'access-1');
    renderSection();
    const allowed = await screen.findByLabelText(/Access mode/);
    expect(allowed.querySelector('option[value="cip"]')).not.toBeNull();
    expect(screen.queryByText('Not available on your plan.')).not.toBeInTheDocument();
  });

  it('links to the compliance screen for the legal links', async () => {
    patchServer();
    setSignedIn(testUser(), 'access-1');
    renderSection();
    expect(await screen.findByRole('link', { name: 'Compliance' })).toHaveAttribute(
      'href',
      '/events/e1/compliance',
    );
  });

  it('generates codes of unambiguous letters and digits that differ', () => {
    const codes = new Set(Array.from({ length: 20 }, generateAccessCode));
    expect(codes.size).toBe(20);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
  });
});

describe('registration settings (ADR 026)', () => {
  const renderRegistration = () => renderSection(saved, <RegistrationSection eventId="e1" />);

  it('saves domains line by line and an additional field with options', async () => {
    setSignedIn(testUser(), 'access-1');
    const user = userEvent.setup();
    const fetch = patchServer();
    renderRegistration();
    await user.type(
      await screen.findByLabelText(/Allowed email domains/),
      'example.com{enter}{enter}partner.example.org',
    );
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    const field = screen.getByRole('listitem', { name: 'Field 1' });
    await user.type(within(field).getByLabelText(/^Label/), 'Company size');
    await user.type(within(field).getByLabelText(/^Database field name/), 'size');
    await user.click(within(field).getByRole('switch', { name: 'Required' }));
    await user.type(within(field).getByLabelText(/^Options/), '1-10{enter}11-50');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)).toEqual([
      {
        registrationEmailDomains: ['example.com', 'partner.example.org'],
        registrationFields: [
          { name: 'size', label: 'Company size', required: true, options: ['1-10', '11-50'] },
        ],
      },
    ]);
  });

  it('refuses a field name that is no identifier at the field and sends nothing', async () => {
    setSignedIn(testUser(), 'access-1');
    const user = userEvent.setup();
    const fetch = patchServer();
    renderRegistration();
    await user.click(await screen.findByRole('button', { name: 'Add field' }));
    const field = screen.getByRole('listitem', { name: 'Field 1' });
    await user.type(within(field).getByLabelText(/^Label/), 'Company');
    await user.type(within(field).getByLabelText(/^Database field name/), 'Company Name');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(field).getByLabelText(/^Database field name/)).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(patches(fetch)).toEqual([]);
  });

  it('empties the typed domains again on discard', async () => {
    patchServer();
    setSignedIn(testUser(), 'access-1');
    const user = userEvent.setup();
    renderRegistration();
    const domains = await screen.findByLabelText(/Allowed email domains/);
    await user.type(domains, 'example.com');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(domains).toHaveValue(''));
  });

  it('edits the registration email with its own placeholders and saves it with the settings', async () => {
    setSignedIn(testUser(), 'access-1');
    const user = userEvent.setup();
    const fetch = patchServer();
    renderRegistration();
    const card = await screen.findByRole('region', { name: 'Registration email text' });
    const subject = within(card).getByLabelText(/^Subject/);
    await user.type(subject, 'Welcome ');
    await user.click(within(card).getByRole('button', { name: 'Insert {Email}' }));
    // Registration mails know the email, not an invitation's username and password.
    expect(within(card).queryByRole('button', { name: 'Insert {Username}' })).toBeNull();
    expect(subject).toHaveValue('Welcome {Email}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(patches(fetch)).toEqual([{ registrationMailSubject: 'Welcome {Email}' }]),
    );
  });

  it('offers confirmation by email only with the plan feature', async () => {
    patchServer();
    setSignedIn(testUser(), 'access-1');
    renderRegistration();
    const mode = await screen.findByLabelText('Registration email');
    expect(mode.querySelector('option[value="verify"]')).toBeNull();
    expect(screen.getByText('Not available on your plan.')).toBeInTheDocument();
  });
});
