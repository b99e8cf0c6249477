import { LANGUAGES, type Language } from '@livent/shared';
import { describe, expect, it } from 'vitest';
import deEmails from '../../locales/de/emails.json' with { type: 'json' };
import enEmails from '../../locales/en/emails.json' with { type: 'json' };
import {
  prepareAccessMail,
  renderMail,
  type MailTemplateName,
  type MailTemplates,
} from './templates.js';

const link = 'https://app.example.com/verify-email?token=abc&x=<y>';
const escapedLink = 'https://app.example.com/verify-email?token=abc&amp;x=&lt;y&gt;';
const data: MailTemplates = {
  'verify-email': { name: 'Ada', link },
  'reset-password': { name: 'Ada', link },
  'confirm-email-change': { name: 'Ada', link, newEmail: 'new@example.com' },
  feedback: {
    name: 'Ada',
    accountEmail: 'ada@example.com',
    replyEmail: 'reply@example.com',
    message: 'Line 1\nLine 2',
    errorDetails: 'TypeError: x is undefined\nPage: /events',
  },
  'accessibility-feedback': {
    eventTitle: 'Launch',
    pageUrl: 'https://events.example.com/launch',
    name: 'Ada',
    replyEmail: 'ada@example.com',
    message: 'The player has no captions.',
  },
  'registration-verify': {
    name: 'Ada',
    eventName: 'Launch',
    eventLink: 'https://events.example.com/launch',
    link,
    verify: true,
  },
  'registration-confirm': {
    name: 'Ada',
    eventName: 'Launch',
    eventLink: 'https://events.example.com/launch',
    link,
    verify: false,
  },
  // No values: the default texts show with their placeholders as written.
  invitation: { subject: '', body: '', values: {}, test: true },
  registration: { subject: '', body: '', values: {} },
  'time-change': { subject: '', body: '', values: {} },
  'event-cancelled': { subject: '', body: '', values: {} },
  reminder: { subject: '', body: '', values: {} },
  'follow-up': { subject: '', body: '', values: {} },
  'permission-invitation': {
    name: 'Ada',
    ownerName: 'Grace',
    ownerEmail: 'grace@example.com',
    eventTitle: 'Launch',
    link,
  },
  'owner-change-request': {
    name: 'Ada',
    fromName: 'Grace',
    fromEmail: 'grace@example.com',
    eventTitle: 'Launch',
    link,
  },
  'owner-change-previous': {
    name: 'Grace',
    toName: 'Ada',
    toEmail: 'ada@example.com',
    eventTitle: 'Launch',
  },
  'owner-change-new': { name: 'Ada', fromName: 'Grace', eventTitle: 'Launch', link },
  'enterprise-invitation': {
    name: null,
    adminName: 'Grace',
    adminEmail: 'grace@example.com',
    link,
  },
  'email-changed': { name: 'Ada', newEmail: 'new@example.com', supportEmail: 'help@example.com' },
  'webhook-paused': { name: 'Ada', url: 'https://crm.example.com/hooks', link },
};
const templateNames = Object.keys(data) as MailTemplateName[];
const catalogues: Record<Language, unknown> = { en: enEmails, de: deEmails };
const render = (template: MailTemplateName, language: Language, values = data[template]) =>
  renderMail(template, language, values as never);

/** Every key path of the English catalogue, e.g. `verifyEmail.subject`. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keyPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** A subject and body of the catalogue, e.g. `reminderMail.day`. */
function catalogueText(language: Language, path: string): { subject: string; body: string } {
  const node = path
    .split('.')
    .reduce<unknown>(
      (parent, key) => (parent as Record<string, unknown>)[key],
      catalogues[language],
    );
  return node as { subject: string; body: string };
}

const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>';

describe('mail templates', () => {
  describe.each(templateNames)('%s', (template) => {
    it.each(LANGUAGES)('renders in %s with every text found in the catalogue', (language) => {
      const mail = render(template, language);
      expect(mail.subject).not.toBe('');
      expect(mail.html).toMatch(/^<!doctype html><html lang="(en|de)">/);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain(`<title>${mail.subject}</title>`);
      // i18next answers a missing key with the key itself: none may reach a mail.
      for (const key of keyPaths(enEmails)) {
        expect(mail.subject).not.toContain(key);
        expect(mail.html).not.toContain(key);
        expect(mail.text).not.toContain(key);
      }
      expect(`${mail.subject}${mail.html}${mail.text}`).not.toMatch(/\{\{|\}\}/);
      // The text part is plain text: none of the layout's markup, no character references.
      expect(mail.text).not.toMatch(
        /<\/?(html|body|table|tr|td|p|a|br|span)\b|&(amp|lt|gt|quot|#\d+|#x[\da-f]+);/i,
      );
      expect(mail.text.endsWith('\n')).toBe(true);
    });

    it('differs between English and German', () => {
      const [en, de] = LANGUAGES.map((language) => render(template, language));
      expect(en?.subject).not.toBe(de?.subject);
      expect(en?.text).not.toBe(de?.text);
    });
  });

  it.each(LANGUAGES)('uses every text of the %s catalogue in some mail', (language) => {
    const catalogue = catalogues[language];
    const rendered = [
      ...templateNames.map((template) => render(template, language)),
      // A viewer's report without name and address words those two lines otherwise.
      render('accessibility-feedback', language, {
        ...data['accessibility-feedback'],
        name: '',
        replyEmail: '',
      }),
      // The reminders module passes each offset's text, the follow-up each group's (ADR 065).
      ...(['day', 'hour', 'start'] as const).map((kind) =>
        render('reminder', language, {
          ...catalogueText(language, `reminderMail.${kind}`),
          values: {},
        }),
      ),
      render('follow-up', language, {
        ...catalogueText(language, 'followUpMail.attended'),
        values: {},
      }),
    ]
      .map((mail) => `${mail.subject}\n${mail.html}\n${mail.text}`)
      .join('\n');
    const unused = keyPaths(catalogue).filter((path) => {
      const value = path
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], catalogue);
      // Every literal piece between placeholders must show up.
      return String(value)
        .split(/\{\{[^}]+\}\}/)
        .map((piece) => piece.trim())
        .some((piece) => piece !== '' && !rendered.includes(piece));
    });
    expect(unused).toEqual([]);
  });

  it.each([
    ['verify-email', 'en', 'Confirm your email address for Livent', 'Confirm email address'],
    [
      'verify-email',
      'de',
      'Bestätigen Sie Ihre E-Mail-Adresse für Livent',
      'E-Mail-Adresse bestätigen',
    ],
    ['reset-password', 'en', 'Reset your Livent password', 'Choose a new password'],
    ['reset-password', 'de', 'Setzen Sie Ihr Livent-Passwort zurück', 'Neues Passwort wählen'],
    [
      'confirm-email-change',
      'en',
      'Confirm your new email address for Livent',
      'Confirm new email address',
    ],
    [
      'confirm-email-change',
      'de',
      'Bestätigen Sie Ihre neue E-Mail-Adresse für Livent',
      'Neue E-Mail-Adresse bestätigen',
    ],
  ] as const)(
    '%s in %s: subject, greeting, the link once in the text, as button and written out in the HTML',
    (template, language, subject, action) => {
      const mail = render(template, language);
      expect(mail.subject).toBe(subject);
      expect(mail.text.startsWith(language === 'en' ? 'Hello Ada,\n\n' : 'Hallo Ada,\n\n')).toBe(
        true,
      );
      expect(mail.text.split(link)).toHaveLength(2);
      expect(mail.text).toContain(`\n\n${link}\n\n`);
      // The button's label belongs to the HTML; the text part carries the bare link.
      expect(mail.html).toContain(`>${action}</a>`);
      expect(mail.text.split('\n')).not.toContain(action);
      expect(mail.html.split(`href="${escapedLink}"`)).toHaveLength(3);
      expect(mail.html).toContain(`>${escapedLink}</a>`);
      expect(mail.html).not.toContain('<y>');
    },
  );

  it('names the new address in the email change confirmation', () => {
    const mail = render('confirm-email-change', 'de', {
      ...data['confirm-email-change'],
      newEmail: 'neu+<x>@example.com',
    });
    expect(mail.text).toContain('Sie möchten neu+<x>@example.com als E-Mail-Adresse');
    expect(mail.html).toContain('Sie möchten neu+&lt;x&gt;@example.com als E-Mail-Adresse');
  });

  it("invites to an enterprise with the admin's name, by name only where an account exists", () => {
    const anonymous = render('enterprise-invitation', 'en');
    expect(anonymous.subject).toBe('Grace invites you to an enterprise account on Livent');
    expect(anonymous.text.startsWith('Hello,\n\nGrace (grace@example.com) invites you')).toBe(true);
    expect(anonymous.text).toContain(`\n\n${link}\n\n`);
    const known = render('enterprise-invitation', 'de', {
      ...data['enterprise-invitation'],
      name: 'Ada',
    });
    expect(known.subject).toBe('Grace lädt Sie in ein Unternehmenskonto auf Livent ein');
    expect(known.text.startsWith('Hallo Ada,\n\n')).toBe(true);
  });

  it('tells the old address of an email change the new one and whom to write, with no link', () => {
    for (const language of LANGUAGES) {
      const mail = render('email-changed', language);
      expect(mail.text).toContain('new@example.com');
      expect(mail.text).toContain('help@example.com');
      expect(mail.html).not.toContain('href=');
    }
    expect(render('email-changed', 'en').subject).toBe(
      'The email address of your Livent account was changed',
    );
  });

  it.each(LANGUAGES)(
    'shows a hostile name as text in the HTML and as itself in the text (%s)',
    (language) => {
      const mail = render('verify-email', language, { name: XSS, link });
      expect(mail.html).not.toContain('<script');
      expect(mail.html).not.toContain('<img');
      expect(mail.html).toContain(
        '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;,</p>',
      );
      expect(mail.text).toContain(`${XSS},\n\n`);
    },
  );

  it('keeps a hostile link inside its attribute', () => {
    const hostile = 'https://app.example.com/x?a="><script>alert(1)</script>';
    const mail = render('reset-password', 'en', { name: 'Ada', link: hostile });
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain(
      'href="https://app.example.com/x?a=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    );
    expect(mail.text).toContain(`\n\n${hostile}\n\n`);
  });

  it('does not interpolate placeholders or nesting found in user data', () => {
    const name = '{{name}} $t(layout.footer) {{- name}}';
    const mail = render('feedback', 'en', { ...data.feedback, name });
    expect(mail.subject).toBe(`Feedback from ${name}`);
    expect(mail.text).toContain(`Account: ${name} <ada@example.com>`);
  });

  it('escapes the feedback in the HTML, keeps its lines, and sends it unchanged as text', () => {
    const mail = render('feedback', 'en', {
      ...data.feedback,
      name: XSS,
      message: 'Hi "you" & <b>me</b>\nbye',
    });
    expect(mail.subject).toBe(`Feedback from ${XSS}`);
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Hi &quot;you&quot; &amp; &lt;b&gt;me&lt;/b&gt;<br/>bye');
    expect(mail.text).toContain('Account: <script>alert(1)</script>');
    expect(mail.text).toContain('Reply to: reply@example.com\n\nHi "you" & <b>me</b>\nbye\n\n');
  });

  it("words a viewer's report with and without a name and an address to answer", () => {
    const mail = render('accessibility-feedback', 'en');
    expect(mail.subject).toBe('Accessibility feedback on Launch');
    expect(mail.text).toContain('From: Ada');
    expect(mail.text).toContain('Answer by replying to this email (ada@example.com).');
    const anonymous = render('accessibility-feedback', 'de', {
      ...data['accessibility-feedback'],
      name: XSS,
      replyEmail: '',
    });
    expect(anonymous.html).not.toContain('<script');
    expect(anonymous.text).toContain('eine Antwort ist nicht möglich');
  });

  describe('access mails', () => {
    const values = {
      Name: 'Ada <b>',
      Username: 'ada',
      Password: 'pa&ss',
      Email: 'ada@example.com',
      PersonalLink: 'https://events.example.com/launch/_access/i/tok_EN',
      EventName: 'Launch "2026"',
      EventLink: 'https://events.example.com/launch',
    };

    it.each(LANGUAGES)(
      'fill the default invitation text in %s, as text and as HTML',
      (language) => {
        const mail = render('invitation', language, { subject: '', body: '', values });
        expect(mail.subject).toBe(
          language === 'en'
            ? 'Your invitation to Launch "2026"'
            : 'Ihre Einladung zu Launch "2026"',
        );
        expect(mail.text).toContain(
          language === 'en' ? 'Hello Ada <b>,\n\n' : 'Hallo Ada <b>,\n\n',
        );
        expect(mail.text).toContain(`:\n${values.PersonalLink}\n\n`);
        expect(mail.text).toContain('ada');
        expect(mail.text).toContain('pa&ss');
        expect(mail.text).not.toMatch(/\{[A-Za-z]+\}/);
        expect(mail.html).toContain('Ada &lt;b&gt;,</p>');
        expect(mail.html).toContain('pa&amp;ss');
        expect(mail.html).toContain(`<a href="${values.PersonalLink}"`);
        expect(mail.html).toContain(`<a href="${values.EventLink}"`);
        expect(mail.html).toContain(
          language === 'en' ? 'because the organiser of an event' : 'weil der Veranstalter',
        );
      },
    );

    it("sends the organiser's text as text: markup shows, lines and paragraphs stay", () => {
      const body = 'Hi {Name},\n<script>alert(1)</script>\n\n  Link: {PersonalLink}.\n\n\n{Foo}';
      const mail = render('registration', 'en', {
        subject: 'Welcome {Name} to {EventName}',
        body,
        values,
      });
      expect(mail.subject).toBe('Welcome Ada <b> to Launch "2026"');
      expect(mail.html).not.toContain('<script');
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).toContain(
        'Hi Ada &lt;b&gt;,<br/>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      );
      expect(mail.html).toContain(
        `<a href="${values.PersonalLink}" target="_blank" rel="noopener noreferrer">${values.PersonalLink}</a>.</p>`,
      );
      expect(mail.text).toContain('Hi Ada <b>,\n<script>alert(1)</script>\n\n');
      expect(mail.text).toContain(`Link: ${values.PersonalLink}.\n\n{Foo}\n\n`);
      expect(mail.html).toContain('because this address was registered');
    });

    it('mark a test mail in the subject, in the language of the mail', () => {
      const data = { subject: 'Hello {Name}', body: 'x', values, test: true };
      expect(render('invitation', 'en', data).subject).toBe('[Test] Hello Ada <b>');
      expect(render('registration', 'de', data).subject).toBe('[Test] Hello Ada <b>');
    });

    it.each(LANGUAGES)(
      'render the same mail once for many recipients as one by one (%s)',
      (language) => {
        const names = ['Name', 'Username', 'Password', 'PersonalLink', 'EventName', 'EventLink'];
        const links = ['PersonalLink', 'EventLink'];
        for (const body of [
          '',
          'Dear {Name}:{PersonalLink}, {EventLink} {Name}\n\n<i>{Password}</i>',
        ]) {
          const data = { subject: '', body, test: true };
          const prepared = prepareAccessMail('invitation', language, data, names, links);
          for (const variant of [values, { ...values, Name: `Bob & "Eve" <o'n>`, Password: '' }]) {
            expect(prepared(variant)).toEqual(
              render('invitation', language, { ...data, values: variant }),
            );
          }
        }
      },
    );

    it('keep a value written right after a link out of the link', () => {
      const prepared = prepareAccessMail(
        'registration',
        'en',
        { subject: '', body: '{EventLink}{Name}' },
        ['Name', 'EventLink'],
        ['EventLink'],
      );
      const mail = prepared({ Name: 'Ada', EventLink: values.EventLink });
      expect(mail.html).toContain(`<a href="${values.EventLink}" target="_blank"`);
      expect(mail.html).toContain(`>${values.EventLink}</a>Ada</p>`);
      expect(mail.text).toContain(`${values.EventLink}Ada\n`);
    });
  });
});
