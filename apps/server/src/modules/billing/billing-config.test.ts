import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../config.js';

// The billing provider's settings (ADR 028): the sandbox only with the development tools, Paddle
// only complete.

const PRICES =
  'professional:month=pri_pm,professional:year=pri_py,business:month=pri_bm,business:year=pri_by';

describe('billing configuration', () => {
  it('uses the sandbox with the development tools and nothing without them', () => {
    expect(parseEnv({ LIVENT_DEV_TOOLS: '1' }).billing).toEqual({
      provider: 'sandbox',
      webhookSecrets: undefined,
    });
    expect(parseEnv({}).billing).toBeUndefined();
    expect(() => parseEnv({ BILLING_PROVIDER: 'sandbox' })).toThrow(ConfigError);
  });

  it('reads Paddle with several webhook secrets and the four prices', () => {
    expect(
      parseEnv({
        BILLING_PROVIDER: 'paddle',
        PADDLE_API_KEY: 'pdl_live_x',
        BILLING_WEBHOOK_SECRETS: ' new , old ',
        PADDLE_PRICE_IDS: PRICES,
      }).billing,
    ).toEqual({
      provider: 'paddle',
      apiUrl: 'https://api.paddle.com',
      apiKey: 'pdl_live_x',
      webhookSecrets: ['new', 'old'],
      priceIds: {
        'professional:month': 'pri_pm',
        'professional:year': 'pri_py',
        'business:month': 'pri_bm',
        'business:year': 'pri_by',
      },
    });
  });

  it('names every missing or malformed Paddle setting at once', () => {
    let error: unknown;
    try {
      parseEnv({ BILLING_PROVIDER: 'paddle', PADDLE_PRICE_IDS: 'professional:month=pri_pm' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.variable)).toEqual([
      'PADDLE_API_KEY',
      'BILLING_WEBHOOK_SECRETS',
      'PADDLE_PRICE_IDS',
    ]);
    expect(() => parseEnv({ PADDLE_PRICE_IDS: 'gold:month=pri_x' })).toThrow(/PADDLE_PRICE_IDS/);
  });
});
