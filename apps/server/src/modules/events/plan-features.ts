import {
  EVENT_SETTING_FEATURES,
  EVENT_SETTING_VALUE_FEATURES,
  ERROR_MESSAGES,
  hasFeature,
  type EventSettingName,
  type EventSettings,
  type Feature,
  type PlanAllowance,
} from '@livent/shared';
import { forbidden } from '../../lib/errors.js';

/**
 * A field that needs a plan feature may be sent unchanged (forms send what they show), but not
 * changed without the feature: 403 "Feature not available on your plan" (ADR 015). Channels'
 * overrides are checked alike, against the channel's stored ones.
 */
export function checkPlanFeatures(
  allowance: PlanAllowance,
  current: Partial<EventSettings>,
  patch: Partial<EventSettings>,
): void {
  for (const [field, feature] of Object.entries(EVENT_SETTING_FEATURES) as [
    EventSettingName,
    NonNullable<(typeof EVENT_SETTING_FEATURES)[EventSettingName]>,
  ][]) {
    const value = patch[field];
    if (value === undefined || hasFeature(allowance, feature)) continue;
    if (JSON.stringify(value) !== JSON.stringify(current[field])) {
      throw forbidden(ERROR_MESSAGES.featureNotAvailable);
    }
  }
  // Some values of an ungated field need a feature (single sign-on): choosing one is refused
  // alike, keeping one chosen on a better plan is not.
  for (const [field, byValue] of Object.entries(EVENT_SETTING_VALUE_FEATURES) as [
    EventSettingName,
    Partial<Record<string, Feature>>,
  ][]) {
    const value = patch[field];
    if (typeof value !== 'string' || value === current[field]) continue;
    const feature = byValue[value];
    if (feature && !hasFeature(allowance, feature)) {
      throw forbidden(ERROR_MESSAGES.featureNotAvailable);
    }
  }
}
