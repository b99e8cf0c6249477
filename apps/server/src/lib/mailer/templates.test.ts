import { LANGUAGES } from '@livent/shared';
import { describe, expect, it } from 'vitest';
import { escapeHtml, linkify } from './html.js';
import { renderMail, type MailTemplateName, type MailTemplates } from './templates.js';

const link = 'https://app.example.com/verify-email?token=abc&x=<y>';
const data: MailTemplates = {
  'verify-email': { name: 'Ada', link },
  'reset-password': { name: 'Ada', link },
  'confirm-email-change': { name: 'Ada', link, newEmail: 'new@example.com' },
  feedback: {
    name: 'Ada',
    accountEmail: 'ada@example.com',
    replyEmail: 'reply@example.com',
    message: 'Line 1\nLine 2',
  },
};

describe('mail templates', () => {
  it.each(Object.keys(data) as MailTemplateName[])(
    '%s has subject, text and HTML in English and German',
    (template) => {
      const [en, de] = LANGUAGES.map((language) =>
        renderMail(template, language, data[template] as never),
      );
      for (const mail of [en, de]) {
        expect(mail?.subject).not.toBe('');
        expect(mail?.html).toMatch(/^<!DOCTYPE html>/);
        expect(mail?.html).toContain(escapeHtml(mail?.subject ?? ''));
      }
      expect(en?.subject).not.toBe(de?.subject);
      expect(en?.html).toContain('<html lang="en">');
      expect(de?.html).toContain('<html lang="de">');
    },
  );

  it('puts the link in the text and as button and plain link in the HTML', () => {
    const mail = renderMail('reset-password', 'de', data['reset-password']);
    expect(mail.subject).toBe('Setzen Sie Ihr Livent-Passwort zurück');
    expect(mail.text).toContain(`\n\n${link}\n\n`);
    const escaped = escapeHtml(link);
    expect(mail.html.split(`href="${escaped}"`)).toHaveLength(3);
    expect(mail.html).toContain('Neues Passwort wählen');
    expect(mail.html).not.toContain('<y>');
  });

  it('escapes all user data in the HTML', () => {
    const mail = renderMail('feedback', 'en', {
      ...data.feedback,
      name: '<script>alert(1)</script>',
      message: 'Hi "you" & <b>me</b>\nbye',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Hi &quot;you&quot; &amp; &lt;b&gt;me&lt;/b&gt;<br>bye');
    expect(mail.text).toContain('Hi "you" & <b>me</b>\nbye');
  });
});

describe('linkify', () => {
  it('escapes text and makes http(s) links clickable', () => {
    expect(linkify('Go to https://a.example/x?token=1&b=2 <now>')).toBe(
      'Go to <a href="https://a.example/x?token=1&amp;b=2">https://a.example/x?token=1&amp;b=2</a> &lt;now&gt;',
    );
  });
});
