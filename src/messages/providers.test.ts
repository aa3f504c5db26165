import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../env';
import { startFakeMessaging, type FakeMessaging } from '../../tests/support/fakeMessaging';
import { providerFor, ProviderError } from './providers';

describe('message providers', () => {
  let fake: FakeMessaging;
  beforeAll(async () => {
    fake = await startFakeMessaging();
  });
  afterAll(() => fake.stop());

  it('are absent without their secrets', () => {
    expect(providerFor({} as Env, 'sms')).toBeNull();
    expect(providerFor({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' } as Env, 'sms')).toBeNull();
    expect(providerFor({} as Env, 'email')).toBeNull();
  });

  it('send email as JSON with the bearer key and answer its id', async () => {
    const email = providerFor({ EMAIL_API_KEY: 're_test', EMAIL_FROM: 'Dispatch <deliveries@example.com>', EMAIL_API_URL: fake.url } as Env, 'email')!;
    expect(await email.send({ to: 'ana@example.com', body: 'Your order was delivered.', subject: 'Delivered' })).toBe('email-1');
    expect(fake.emails[0]).toEqual({
      authorization: 'Bearer re_test',
      body: { from: 'Dispatch <deliveries@example.com>', to: ['ana@example.com'], subject: 'Delivered', text: 'Your order was delivered.' },
    });
  });

  it('say whether a failure is worth retrying', async () => {
    const sms = providerFor({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM_NUMBER: '+18135550100', TWILIO_API_URL: fake.url } as Env, 'sms')!;
    fake.failNext = 1;
    const failure = await sms.send({ to: '+18135550142', body: 'Hi' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ retry: true });
    expect(await sms.send({ to: '+18135550142', body: 'Hi' })).toMatch(/^SM/);
    const unreachable = providerFor(
      { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM_NUMBER: '+1', TWILIO_API_URL: 'http://127.0.0.1:9' } as Env,
      'sms',
    )!;
    expect(await unreachable.send({ to: '+18135550142', body: 'Hi' }).catch((error: unknown) => error)).toMatchObject({ retry: true });
  });
});
