import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

export interface CreatedEvent {
  id: string;
  slug: string;
  fullUrl: string;
}

/** Creates an event through the API with the page's access token (`POST /api/events`). */
export async function createEventByApi(
  page: Page,
  accessToken: string,
  title: string,
): Promise<CreatedEvent> {
  const response = await page.request.post('/api/events', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { title },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedEvent;
}

/** Saves settings of an event through the API (`PATCH /api/event-settings/{id}`). */
export async function patchSettings(page: Page, token: string, id: string, data: object) {
  const response = await page.request.patch(`/api/event-settings/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
}

export { ownAccount } from './fixtures.js';
