import { describe, expect, it } from 'vitest';
import {
  fillPlaceholders,
  INVITATION_MAIL_PLACEHOLDERS,
  mailSendRequestSchema,
  REGISTRATION_MAIL_PLACEHOLDERS,
  unknownPlaceholders,
} from './access-mails.js';
import { accessSettingsErrors, eventSettingsPatchSchema } from './events.js';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('placeholders', () => {
  it('fills every known placeholder, each occurrence', () => {
    expect(
      fillPlaceholders('Hello {Name}, {Name}! Open {PersonalLink}.', {
        Name: 'Ada',
        PersonalLink: 'https://x.test/a',
      }),
    ).toBe('Hello Ada, Ada! Open https://x.test/a.');
  });

  it('does not expand placeholders inside values, and leaves others as written', () => {
    expect(fillPlaceholders('{Name} {Email} {x} { Name } {}', { Name: '{Email}' })).toBe(
      '{Email} {Email} {x} { Name } {}',
    );
  });

  it('does not read inherited properties as values', () => {
    expect(fillPlaceholders('{constructor}{toString}', {})).toBe('{constructor}{toString}');
  });

  it('names unknown placeholders once each, in order, case-sensitively', () => {
    expect(
      unknownPlaceholders('{Foo} {Name} {name} {Foo} {Password}', REGISTRATION_MAIL_PLACEHOLDERS),
    ).toEqual(['Foo', 'name', 'Password']);
    expect(unknownPlaceholders('{Password} {Username}', INVITATION_MAIL_PLACEHOLDERS)).toEqual([]);
    expect(unknownPlaceholders('no placeholders { here }', [])).toEqual([]);
  });
});

describe('mail text settings', () => {
  it('accept known placeholders and the empty default', () => {
    const parsed = eventSettingsPatchSchema.safeParse({
      invitationMailSubject: 'Your access to {EventName}',
      invitationMailBody: 'Hello {Name},\nuser {Username}, password {Password}\n{PersonalLink}',
      registrationMailSubject: '',
      registrationMailBody: '{Name} <{Email}>: {EventLink}',
    });
    expect(parsed.success).toBe(true);
  });

  it('refuse an unknown placeholder with a message naming it', () => {
    expect(
      firstMessage(eventSettingsPatchSchema.safeParse({ registrationMailBody: 'Hi {Password}' })),
    ).toBe(
      'validation.unknownPlaceholder?placeholder=%7BPassword%7D&allowed=%7BName%7D%2C+%7BEmail%7D%2C+%7BPersonalLink%7D%2C+%7BEventName%7D%2C+%7BEventLink%7D',
    );
  });

  it('keep a subject to one line and both texts to their maxima', () => {
    expect(
      firstMessage(eventSettingsPatchSchema.safeParse({ invitationMailSubject: 'a\nb' })),
    ).toBe('validation.singleLine');
    expect(
      firstMessage(eventSettingsPatchSchema.safeParse({ invitationMailSubject: 'a'.repeat(201) })),
    ).toBe('validation.maxLength?max=200');
    expect(
      firstMessage(eventSettingsPatchSchema.safeParse({ invitationMailBody: 'a'.repeat(5001) })),
    ).toBe('validation.maxLength?max=5000');
  });
});

describe('send request', () => {
  it('takes one of the modes and nothing else', () => {
    expect(mailSendRequestSchema.safeParse({ mode: 'unsent' }).success).toBe(true);
    expect(mailSendRequestSchema.safeParse({ mode: 'some' }).success).toBe(false);
    expect(mailSendRequestSchema.safeParse({ mode: 'all', to: 'x@y.z' }).success).toBe(false);
  });
});

describe('the verify mode', () => {
  const base = {
    accessMode: 'registration',
    accessCode: '',
    registrationEmailMode: 'verify',
    registrationMailBody: 'Confirm: {PersonalLink}',
  } as const;

  it("needs the personal link in the organiser's text, the only way to verify", () => {
    expect(accessSettingsErrors(base)).toEqual({});
    expect(accessSettingsErrors({ ...base, registrationMailBody: '' })).toEqual({});
    expect(accessSettingsErrors({ ...base, registrationMailBody: 'Welcome {Name}' })).toEqual({
      registrationMailBody: 'validation.placeholderRequired?placeholder=%7BPersonalLink%7D',
    });
    expect(
      accessSettingsErrors({
        ...base,
        registrationEmailMode: 'send',
        registrationMailBody: 'Welcome {Name}',
      }),
    ).toEqual({});
  });
});
