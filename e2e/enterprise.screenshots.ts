import { createEventByApi } from './event-helpers.js';
import {
  expect,
  registerAccount,
  saveScreenshot,
  setPlan,
  signIn,
  test,
  useLanguage,
  VIEWPORTS,
} from './fixtures.js';

/**
 * Screenshots of the enterprise overview and the account administration (ADR 028,
 * "Enterprise") in both languages and sizes, for people to look at (not compared).
 */
for (const language of ['en', 'de'] as const) {
  for (const size of ['desktop', 'mobile'] as const) {
    test(`enterprise, ${language}, ${size}`, async ({ page, browser }) => {
      test.setTimeout(90_000);
      const admin = await registerAccount({ name: 'Ada Admin' });
      await setPlan(admin.email, 'enterprise-admin');
      const member = await registerAccount({ name: 'Mia Member' });
      await useLanguage(page, language);
      await page.setViewportSize(VIEWPORTS[size]);
      const adminToken = await signIn(page, admin);
      await createEventByApi(page, adminToken, 'Quarterly all-hands');
      const invite = await page.request.post('/api/enterprise/invitations', {
        headers: { Authorization: `Bearer ${adminToken}` },
        data: { email: member.email },
      });
      expect(invite.status()).toBe(201);
      const { id } = (await invite.json()) as { id: string };
      const memberContext = await browser.newContext();
      const memberPage = await memberContext.newPage();
      await useLanguage(memberPage, language);
      await memberPage.setViewportSize(VIEWPORTS[size]);
      const memberToken = await signIn(memberPage, member);
      await createEventByApi(memberPage, memberToken, 'Product launch');
      await memberPage.goto('/account/admin');
      await expect(memberPage.getByRole('list').first()).toBeVisible();
      await saveScreenshot(memberPage, `enterprise-invited-${language}-${size}`);
      const accepted = await memberPage.request.post(
        `/api/account/enterprise/invitations/${id}/accept`,
        { headers: { Authorization: `Bearer ${memberToken}` } },
      );
      expect(accepted.status()).toBe(200);
      await memberContext.close();

      await page.goto('/enterprise');
      await expect(page.getByText('Product launch')).toBeVisible();
      await saveScreenshot(page, `enterprise-overview-${language}-${size}`);
      await page.goto('/account/admin');
      await expect(page.getByText(member.email)).toBeVisible();
      await saveScreenshot(page, `enterprise-admin-${language}-${size}`);
    });
  }
}
