import { expect, test } from '@playwright/test';
import {
  renderMail,
  type MailTemplateName,
  type MailTemplates,
} from '../apps/server/dist/lib/mailer/templates.js';

// Every mail fits a phone (ADR 049): each template, in English and German, rendered by the built
// server as it goes out, shown at 375 px in Chromium, scrolls no wider than the screen. The values
// are long on purpose, as real ones are: personal links with their 43-character tokens, event
// slugs of many words, long names and addresses.

const PHONE_WIDTH = 375;
const token = 'Q2hhbmdlLXRoaXMtdG9rZW4tYmVmb3JlLWdvaW5nLWxpdmU';
const eventsOrigin = 'https://events.livent.example';
const slug = 'annual-general-meeting-of-the-regional-association-2026';
const personalLink = `${eventsOrigin}/${slug}/_access/i/${token}`;
const eventLink = `${eventsOrigin}/${slug}`;
const dashboardLink = `https://app.livent.example/reset-password?token=${token}${token}`;
const name = 'Maximiliane Alexandra von Hohenzollern-Sigmaringen';
const email = 'maximiliane.von-hohenzollern-sigmaringen@verwaltung.example-university.de';
const eventTitle = 'Annual General Meeting of the Regional Association 2026';

const accessValues = {
  Name: name,
  Email: email,
  Username: email,
  Password: 'kD7#qLm2-xP9v',
  PersonalLink: personalLink,
  EventName: eventTitle,
  EventLink: eventLink,
  NewTime: 'Thursday, 3 December 2026 at 18:30 (Europe/Berlin)',
};

const data: MailTemplates = {
  'verify-email': { name, link: dashboardLink },
  'reset-password': { name, link: dashboardLink },
  'confirm-email-change': { name, link: dashboardLink, newEmail: email },
  feedback: { name, accountEmail: email, replyEmail: email, message: `See ${personalLink}` },
  'accessibility-feedback': {
    eventTitle,
    pageUrl: eventLink,
    name,
    replyEmail: email,
    message: `The captions are missing at ${personalLink}`,
  },
  'registration-verify': {
    name,
    eventName: eventTitle,
    eventLink,
    link: personalLink,
    verify: true,
  },
  'registration-confirm': {
    name,
    eventName: eventTitle,
    eventLink,
    link: personalLink,
    verify: false,
  },
  invitation: { subject: '', body: '', values: accessValues },
  registration: { subject: '', body: '', values: accessValues },
  'time-change': { subject: '', body: '', values: accessValues },
  'event-cancelled': { subject: '', body: '', values: accessValues },
  reminder: {
    subject: '',
    body: '',
    values: { ...accessValues, StartTime: 'Wednesday, 16 December 2026 at 18:30 CET' },
  },
  'follow-up': { subject: '', body: '', values: { ...accessValues, ReplayLink: eventLink } },
  'permission-invitation': {
    name,
    ownerName: name,
    ownerEmail: email,
    eventTitle,
    link: dashboardLink,
  },
  'owner-change-request': {
    name,
    fromName: name,
    fromEmail: email,
    eventTitle,
    link: dashboardLink,
  },
  'owner-change-previous': { name, toName: name, toEmail: email, eventTitle },
  'owner-change-new': { name, fromName: name, eventTitle, link: dashboardLink },
  'enterprise-invitation': { name: null, adminName: name, adminEmail: email, link: dashboardLink },
  'email-changed': { name, newEmail: email, supportEmail: email },
  'webhook-paused': { name, url: dashboardLink, link: dashboardLink },
};

test.use({ viewport: { width: PHONE_WIDTH, height: 800 } });

for (const language of ['en', 'de'] as const) {
  for (const template of Object.keys(data) as MailTemplateName[]) {
    test(`${template} (${language}) fits ${PHONE_WIDTH} px`, async ({ page }) => {
      const { html } = renderMail(template, language, data[template]);
      await page.setContent(html);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${template} (${language}) scrolls sideways`).toBeLessThanOrEqual(PHONE_WIDTH);
    });
  }
}
