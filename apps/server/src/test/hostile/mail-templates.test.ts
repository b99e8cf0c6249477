import { LANGUAGES } from '@livent/shared';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import {
  prepareAccessMail,
  renderMail,
  type MailTemplateName,
  type MailTemplates,
} from '../../lib/mailer/templates.js';

/**
 * XSS payloads in every value a mail template shows (names, titles, emails, messages, the
 * organiser's subject and body and every placeholder value) never become active HTML: the HTML
 * part, parsed as a mail client parses it, has no script, no event handler attribute, no
 * `javascript:`/`vbscript:`/`data:` link and no element the layout itself does not use.
 */

const XSS_PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'><script>alert(1)</script>",
  '<a href="javascript:alert(1)">x</a>',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  "{{constructor.constructor('alert(1)')()}}",
  '${alert(1)}',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<style>@import "https://evil.example/x.css";</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '{Name}{PersonalLink}{{Name}}',
  'https://x.example/"onmouseover="alert(1)',
];

/**
 * Links in mails are built by the server (token links, the event's address), never typed by a
 * user: here they carry the payload where a user's input could end up in one, in a path segment
 * and the query, to prove the attribute stays closed.
 */
const linkWith = (payload: string) =>
  `https://events.example.com/launch/${payload}?token=${payload}`;

/** Every template's data with each user-typed value the payload. */
function dataFor(payload: string): MailTemplates {
  const link = linkWith(payload);
  return {
    'verify-email': { name: payload, link },
    'reset-password': { name: payload, link },
    'confirm-email-change': { name: payload, link, newEmail: payload },
    feedback: { name: payload, accountEmail: payload, replyEmail: payload, message: payload },
    'accessibility-feedback': {
      eventTitle: payload,
      pageUrl: link,
      name: payload,
      replyEmail: payload,
      message: payload,
    },
    'registration-verify': {
      name: payload,
      eventName: payload,
      eventLink: link,
      link,
      verify: true,
    },
    'registration-confirm': {
      name: payload,
      eventName: payload,
      eventLink: link,
      link,
      verify: false,
    },
    invitation: {
      subject: payload,
      body: `${payload}\n{Name} {PersonalLink}`,
      values: values(payload),
    },
    registration: { subject: payload, body: `{Name}\n\n${payload}`, values: values(payload) },
    'time-change': { subject: '', body: '', values: values(payload) },
    'event-cancelled': { subject: '', body: '', values: values(payload) },
    reminder: {
      subject: payload,
      body: `{Name} {PersonalLink}\n${payload}`,
      values: values(payload),
    },
    'follow-up': {
      subject: payload,
      body: `{Name} {ReplayLink}\n${payload}`,
      values: { ...values(payload), ReplayLink: link },
    },
    'permission-invitation': {
      name: payload,
      ownerName: payload,
      ownerEmail: payload,
      eventTitle: payload,
      link,
    },
    'owner-change-request': {
      name: payload,
      fromName: payload,
      fromEmail: payload,
      eventTitle: payload,
      link,
    },
    'owner-change-previous': {
      name: payload,
      toName: payload,
      toEmail: payload,
      eventTitle: payload,
    },
    'owner-change-new': { name: payload, fromName: payload, eventTitle: payload, link },
    'enterprise-invitation': { name: payload, adminName: payload, adminEmail: payload, link },
    'email-changed': { name: payload, newEmail: payload, supportEmail: payload },
    'webhook-paused': { name: payload, url: payload, link },
  };
}

const PLACEHOLDERS = [
  'Name',
  'Username',
  'Password',
  'Email',
  'PersonalLink',
  'EventName',
  'EventLink',
];
const LINK_PLACEHOLDERS = ['PersonalLink', 'EventLink'];
const values = (payload: string) =>
  Object.fromEntries(
    PLACEHOLDERS.map((name) => [
      name,
      LINK_PLACEHOLDERS.includes(name) ? linkWith(payload) : payload,
    ]),
  );

/** The elements the mail layout and templates use; anything else came from a value. */
const LAYOUT_ELEMENTS = new Set([
  'html',
  'head',
  'meta',
  'title',
  'body',
  'table',
  'tbody',
  'tr',
  'td',
  'div',
  'p',
  'a',
  'br',
  'span',
  'strong',
  'b',
  'hr',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'background', 'xlink:href']);

/** What in the HTML could run or load: an empty list for a safe mail. */
function activeParts(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!LAYOUT_ELEMENTS.has(name)) found.push(`<${name}>`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute.startsWith('on')) found.push(`${name}[${attribute}]`);
          // Browsers ignore control characters and white space before the scheme.
          const scheme = [...value]
            .filter((char) => char.charCodeAt(0) > 0x20)
            .join('')
            .toLowerCase();
          if (URL_ATTRIBUTES.has(attribute) && /^(javascript|vbscript|data):/.test(scheme)) {
            found.push(`${name}[${attribute}=${value}]`);
          }
        }
      },
      oncomment(text) {
        // Conditional comments run in Outlook's engine.
        if (/\[if|<script/i.test(text)) found.push(`<!--${text}-->`);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

const templateNames = Object.keys(dataFor('')) as MailTemplateName[];

describe('mail templates with hostile values', () => {
  it('find active HTML where there is some (the check itself)', () => {
    expect(activeParts('<p><img src=x onerror=alert(1)></p>')).toEqual(['<img>', 'img[onerror]']);
    expect(activeParts('<a href=" java\tscript:alert(1)">x</a>')).toHaveLength(1);
    expect(activeParts('<script>alert(1)</script>')).toEqual(['<script>']);
  });

  describe.each(templateNames)('%s', (template) => {
    it.each(LANGUAGES)('keeps every payload inert in %s', (language) => {
      for (const payload of XSS_PAYLOADS) {
        const data = dataFor(payload)[template];
        const mail = renderMail(template, language, data as never);
        expect(activeParts(mail.html), `${payload}\n${mail.html}`).toEqual([]);
        // The subject is a header, never HTML; the title repeats it escaped.
        expect(mail.subject).not.toMatch(/[\r\n]/);
      }
    });
  });

  it('puts only web addresses into the links of a prepared access mail', () => {
    const fill = prepareAccessMail(
      'invitation',
      'en',
      { subject: '{Name}', body: '{Name}: {PersonalLink} {EventLink}' },
      PLACEHOLDERS,
      LINK_PLACEHOLDERS,
    );
    const mail = fill({
      ...values('Ada'),
      PersonalLink: 'javascript:alert(1)',
      EventLink: ' data:text/html,<script>alert(2)</script>',
    });
    expect(activeParts(mail.html)).toEqual([]);
    const safe = fill({
      ...values('Ada'),
      PersonalLink: 'https://events.example.com/a/_access/i/t',
    });
    expect(safe.html).toContain('<a href="https://events.example.com/a/_access/i/t"');
  });

  it.each(['invitation', 'registration'] as const)(
    'keeps every payload inert in %s mails prepared once and filled per recipient',
    (template) => {
      for (const language of LANGUAGES) {
        for (const payload of XSS_PAYLOADS) {
          const fill = prepareAccessMail(
            template,
            language,
            {
              subject: `${payload} {Name}`,
              body: `${payload}\n{Name}\n{PersonalLink}\n{EventLink}`,
            },
            PLACEHOLDERS,
            LINK_PLACEHOLDERS,
          );
          const mail = fill(values(payload));
          expect(activeParts(mail.html), `${payload}\n${mail.html}`).toEqual([]);
        }
      }
    },
  );
});
