import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import { chatSiteDecider } from './chat-site.decider';
import type { ChatSiteEvent } from './events';

const spec = DeciderSpecification.for(chatSiteDecider);
const at = '2026-03-01T10:00:00.000Z';
const secret = 's3cret-s3cret-s3cret';
const registered: ChatSiteEvent = {
  type: 'ChatSiteRegistered',
  data: {
    siteKey: 'acme-site',
    name: 'Acme',
    allowedOrigins: ['https://acme.test'],
    identitySecret: secret,
    registeredAt: at,
  },
};

describe('chat sites', () => {
  it('registers a site with normalised origins', () =>
    spec
      .given([])
      .when({
        type: 'RegisterSite',
        siteKey: 'acme-site',
        name: ' Acme ',
        allowedOrigins: ['https://ACME.test/', 'https://acme.test'],
        identitySecret: secret,
        at,
      })
      .then([registered]));

  it('refuses an origin with a path or a wildcard', () => {
    for (const origin of ['https://acme.test/app', '*', 'https://*.acme.test', 'acme.test'])
      spec
        .given([])
        .when({
          type: 'RegisterSite',
          siteKey: 'acme-site',
          name: 'Acme',
          allowedOrigins: [origin],
          identitySecret: secret,
          at,
        })
        .thenThrows({ code: 'INVALID_ORIGINS' });
  });

  it('refuses a site without origins, a bad key or a short secret', () => {
    spec
      .given([])
      .when({
        type: 'RegisterSite',
        siteKey: 'acme-site',
        name: 'Acme',
        allowedOrigins: [],
        identitySecret: secret,
        at,
      })
      .thenThrows({ code: 'INVALID_ORIGINS' });
    spec
      .given([])
      .when({
        type: 'RegisterSite',
        siteKey: 'a b',
        name: 'Acme',
        allowedOrigins: ['https://acme.test'],
        identitySecret: secret,
        at,
      })
      .thenThrows({ code: 'INVALID_SITE_KEY' });
    spec
      .given([])
      .when({
        type: 'RegisterSite',
        siteKey: 'acme-site',
        name: 'Acme',
        allowedOrigins: ['https://acme.test'],
        identitySecret: 'short',
        at,
      })
      .thenThrows({ code: 'WEAK_SECRET' });
  });

  it('refuses to register the same key twice', () =>
    spec
      .given([registered])
      .when({
        type: 'RegisterSite',
        siteKey: 'acme-site',
        name: 'Acme',
        allowedOrigins: ['https://acme.test'],
        identitySecret: secret,
        at,
      })
      .thenThrows({ code: 'SITE_EXISTS' }));

  it('changes the allowed origins, and does nothing when they are the same', () => {
    spec
      .given([registered])
      .when({
        type: 'ChangeAllowedOrigins',
        allowedOrigins: ['https://acme.test', 'http://localhost:8080'],
        at,
      })
      .then([
        {
          type: 'ChatSiteOriginsChanged',
          data: { siteKey: 'acme-site', allowedOrigins: ['https://acme.test', 'http://localhost:8080'], at },
        },
      ]);
    spec
      .given([registered])
      .when({ type: 'ChangeAllowedOrigins', allowedOrigins: ['https://acme.test/'], at })
      .thenNothingHappens();
  });

  it('rotates the identity secret', () =>
    spec
      .given([registered])
      .when({ type: 'RotateIdentitySecret', identitySecret: 'another-long-secret', at })
      .then([
        {
          type: 'ChatSiteSecretRotated',
          data: { siteKey: 'acme-site', identitySecret: 'another-long-secret', at },
        },
      ]));

  it('answers not found for an unknown site', () =>
    spec
      .given([])
      .when({ type: 'RotateIdentitySecret', identitySecret: 'another-long-secret', at })
      .thenThrows({ code: 'NOT_FOUND' }));
});
