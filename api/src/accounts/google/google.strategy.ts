import { PassportStrategy } from '@nestjs/passport';
import { type Profile, Strategy, type StrategyOptions } from 'passport-google-oauth20';
import type { AppConfig } from '../../config/config';
import type { GoogleProfile } from '../commands/sign-in.commands';
import { CookieStateStore } from './oauth-state';

const languageOf = (locale: unknown): GoogleProfile['language'] => {
  const base = typeof locale === 'string' ? locale.slice(0, 2).toLowerCase() : 'en';
  return base === 'es' || base === 'fr' ? base : 'en';
};

/**
 * Google sign-in through @nestjs/passport. The endpoints can be pointed elsewhere (GOOGLE_AUTH_URL, ...), which
 * the tests use to sign in against a local OpenID issuer.
 */
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(config: AppConfig) {
    super({
      clientID: config.GOOGLE_CLIENT_ID!,
      clientSecret: config.GOOGLE_CLIENT_SECRET!,
      // Absolute, from the configured public URL: never resolved against the request's Host header.
      callbackURL: new URL('/api/auth/google/callback', config.SCRIVO_PUBLIC_URL).toString(),
      scope: ['openid', 'email', 'profile'],
      store: new CookieStateStore(config.SCRIVO_PUBLIC_URL.startsWith('https://')),
      ...(config.GOOGLE_AUTH_URL ? { authorizationURL: config.GOOGLE_AUTH_URL } : {}),
      ...(config.GOOGLE_TOKEN_URL ? { tokenURL: config.GOOGLE_TOKEN_URL } : {}),
      ...(config.GOOGLE_USERINFO_URL ? { userProfileURL: config.GOOGLE_USERINFO_URL } : {}),
    } as StrategyOptions);
    // OpenID userinfo endpoints (oidc-provider among them) want the token in the header, not in the query.
    (
      this as unknown as { _oauth2: { useAuthorizationHeaderforGET(v: boolean): void } }
    )._oauth2.useAuthorizationHeaderforGET(true);
  }

  validate(_accessToken: string, _refreshToken: string, profile: Profile): GoogleProfile {
    const json = (profile._json ?? {}) as Record<string, unknown>;
    const email = (profile.emails?.[0]?.value ?? (json.email as string | undefined) ?? '')
      .trim()
      .toLowerCase();
    const verified =
      json.email_verified === true ||
      json.email_verified === 'true' ||
      profile.emails?.[0]?.verified === true;
    return {
      subject: profile.id || String(json.sub ?? ''),
      email,
      emailVerified: Boolean(email) && verified,
      firstName: (profile.name?.givenName ?? (json.given_name as string | undefined) ?? '').trim(),
      lastName: (profile.name?.familyName ?? (json.family_name as string | undefined) ?? '').trim(),
      language: languageOf(json.locale),
    };
  }
}
