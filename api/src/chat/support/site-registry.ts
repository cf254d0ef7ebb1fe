import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Actor, ReadModelStore } from '@scrivo/domain';
import {
  CHAT_SITES,
  type ChatSiteCommand,
  type ChatSiteDoc,
  ChatStreams,
  chatSiteDecider,
} from '@scrivo/domain/chat';
import { randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig, ownOrigins } from '../../config/config';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { BACKGROUND_STREAM_RUNNER, READ_MODELS } from '../../infrastructure/tokens';
import { CHAT_CONFIG, type ChatConfig } from './chat-config';
import { verifiedIdentity } from './visitor-tokens';

const SYSTEM = { kind: 'system' as const, id: 'chat-site-seed' };

const defaultOrigins = (app: AppConfig, chat: ChatConfig): string[] => {
  if (chat.SCRIVO_CHAT_ALLOWED_ORIGINS)
    return chat.SCRIVO_CHAT_ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean);
  // The app itself, plus the usual development addresses (the API's default port, Vite's dev server).
  const dev = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:5173'];
  return [...new Set([...ownOrigins(app), ...dev])];
};

/**
 * Sites that may embed the widget. The app's own site is seeded from configuration at start-up (and follows
 * later changes of the allowed origins or the secret); others are added with POST /api/admin/chat/sites.
 */
@Injectable()
export class SiteRegistry implements OnApplicationBootstrap {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(CHAT_CONFIG) private readonly chat: ChatConfig,
    // Seeding at start-up waits for no read model: nobody reads it back, and an API replica that starts while the
    // projector is catching up must start (it failed its start with READ_MODELS_BEHIND, issue 45's fault run).
    @Inject(BACKGROUND_STREAM_RUNNER) private readonly runner: StreamRunner,
  ) {}

  get defaultSiteKey(): string {
    return this.chat.SCRIVO_CHAT_SITE_KEY;
  }

  async onApplicationBootstrap(): Promise<void> {
    const siteKey = this.chat.SCRIVO_CHAT_SITE_KEY;
    const origins = defaultOrigins(this.app, this.chat);
    const at = this.runner.now();
    const seed = (command: ChatSiteCommand) =>
      this.runner.run(chatSiteDecider, ChatStreams.site(siteKey), command, { actor: SYSTEM });
    const state = await this.runner.state(chatSiteDecider, ChatStreams.site(siteKey));
    if (!state.exists) {
      await seed({
        type: 'RegisterSite',
        siteKey,
        name: 'Scrivo',
        allowedOrigins: origins,
        identitySecret: this.chat.SCRIVO_CHAT_IDENTITY_SECRET ?? randomBytes(32).toString('base64url'),
        at,
      });
      return;
    }
    await seed({ type: 'ChangeAllowedOrigins', allowedOrigins: origins, at });
    const doc = await this.get(siteKey);
    if (
      this.chat.SCRIVO_CHAT_IDENTITY_SECRET &&
      doc?.identitySecret !== this.chat.SCRIVO_CHAT_IDENTITY_SECRET
    )
      await seed({ type: 'RotateIdentitySecret', identitySecret: this.chat.SCRIVO_CHAT_IDENTITY_SECRET, at });
  }

  get(siteKey: string): Promise<ChatSiteDoc | null> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(siteKey)) return Promise.resolve(null);
    return this.readModels.collection<ChatSiteDoc>(CHAT_SITES).get(siteKey);
  }

  list(): Promise<ChatSiteDoc[]> {
    return this.readModels
      .collection<ChatSiteDoc>(CHAT_SITES)
      .find({}, { sort: [{ field: 'registeredAt', direction: 'asc' }] });
  }

  /**
   * The page may embed this site's widget: one of its allowed origins, or the app itself for the default site
   * (the main web app embeds its own widget, wherever it is served from).
   */
  allows(site: ChatSiteDoc, origin: string): boolean {
    const o = origin.toLowerCase();
    return site.allowedOrigins.includes(o) || (site.siteKey === this.defaultSiteKey && this.isOwnOrigin(o));
  }

  /** The app's own origin, from configuration (SCRIVO_PUBLIC_URL), never from the request's Host header. */
  isOwnOrigin(origin: string): boolean {
    return ownOrigins(this.app).includes(origin.toLowerCase());
  }

  /** Any site allows this origin (for CORS on the public calls). */
  async anyAllows(origin: string): Promise<boolean> {
    if (this.isOwnOrigin(origin)) return true;
    return (await this.list()).some((s) => this.allows(s, origin));
  }

  /** An identity belongs to the site whose secret signed it; see isAppSite for what that means. */
  verifiedIdentity(
    site: ChatSiteDoc,
    identity: { userId: string; email?: string | null; signature: string },
  ): { userId: string; email: string | null } | null {
    return verifiedIdentity(site.identitySecret, identity);
  }

  /**
   * Only identities signed by the app's own site are Scrivo accounts. A partner site's user ids are its own: the
   * same string names someone else there, so it is never looked up among Scrivo users.
   */
  isAppSite(siteKey: string): boolean {
    return siteKey === this.defaultSiteKey;
  }

  /** Who acts in a chat: a Scrivo user only when the app's own site vouched for them, else the visitor. */
  actorOf(siteKey: string, userId: string | null, visitorId: string): Actor {
    return userId && this.isAppSite(siteKey)
      ? { kind: 'user', id: userId }
      : { kind: 'visitor', id: visitorId };
  }
}
