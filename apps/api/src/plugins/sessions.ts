import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SIGNED_IN_COOKIE } from '@ensaya/core/api/error';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { SessionCache } from '../lib/session-cache.ts';
import { csrfMismatch, forbidden, unauthenticated } from '../lib/app-error.ts';
import { sessionsRepo as repo } from '../areas/accounts/index.ts';
import { isAllowed, isGuardedRoute } from './access.ts';

export const SESSION_COOKIE = 'ensaya_session';
/** A guest session only carries the CSRF token before login; it need not live long. */
const GUEST_LIFETIME_MINUTES = 120;
/** Sliding expiry is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type RequestSession = { id: string; userId: number | null; csrfToken: string };

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
    user: repo.SessionUser | null;
  }
  interface FastifyReply {
    /** Replaces the request's session with a new one (a new id and CSRF token) and sets the cookies. */
    startSession(userId: number | null): Promise<RequestSession>;
    /** Deletes the request's session and clears the cookies. */
    endSession(): Promise<void>;
    /** Makes sure the browser holds the CSRF cookie: a guest session is started when there is none. */
    issueCsrfCookie(): Promise<void>;
  }
}

const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function sameToken(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Database sessions with an HttpOnly cookie, the CSRF double-submit check (the `XSRF-TOKEN` cookie
 * must come back in the `X-XSRF-TOKEN` header and match the session's token) and the auth guard.
 */
export const sessionsPlugin = fp<{ config: Config; db: Db; cache: SessionCache }>(
  async (app, { config, db, cache }) => {
    const cookieOptions = {
      path: '/',
      sameSite: 'lax' as const,
      secure: config.cookieSecure,
    };

    app.decorateRequest('session', null);
    app.decorateRequest('user', null);

    app.decorateReply('startSession', async function (this: FastifyReply, userId: number | null) {
      const request = this.request;
      if (request.session) await endStoredSession(request.session.id);
      const token = newToken();
      const lifetime =
        userId === null
          ? Math.min(GUEST_LIFETIME_MINUTES, config.sessionLifetimeMinutes)
          : config.sessionLifetimeMinutes;
      const now = new Date();
      const row = await repo.insertSession(db, {
        id: hashToken(token),
        userId,
        csrfToken: newToken(),
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + lifetime * 60_000),
      });
      const maxAge = lifetime * 60;
      this.setCookie(SESSION_COOKIE, token, { ...cookieOptions, httpOnly: true, maxAge });
      this.setCookie(CSRF_COOKIE, row.csrfToken, { ...cookieOptions, httpOnly: false, maxAge });
      if (userId === null) this.clearCookie(SIGNED_IN_COOKIE, cookieOptions);
      else this.setCookie(SIGNED_IN_COOKIE, '1', { ...cookieOptions, httpOnly: false, maxAge });
      request.session = { id: row.id, userId: row.userId, csrfToken: row.csrfToken };
      return request.session;
    });

    app.decorateReply('endSession', async function (this: FastifyReply) {
      const request = this.request;
      if (request.session) await endStoredSession(request.session.id);
      request.session = null;
      request.user = null;
      this.clearCookie(SESSION_COOKIE, cookieOptions);
      this.clearCookie(CSRF_COOKIE, cookieOptions);
      this.clearCookie(SIGNED_IN_COOKIE, cookieOptions);
    });

    app.decorateReply('issueCsrfCookie', async function (this: FastifyReply) {
      const session = this.request.session;
      if (!session) {
        await this.startSession(null);
        return;
      }
      this.setCookie(CSRF_COOKIE, session.csrfToken, { ...cookieOptions, httpOnly: false });
    });

    // The matched route's declaration decides; routes are matched on the path whatever form the
    // request target takes (origin or absolute), so no spelling of the URL can skip a guard.
    app.addHook('onRequest', async (request) => {
      if (isGuardedRoute(request)) await loadSession(request);
    });
    // After the route's own onRequest hooks (rate limits answer first) and body parsing (malformed
    // JSON is a 400), before validation: a refused request never reaches a handler.
    app.addHook('preValidation', async (request) => {
      if (!isGuardedRoute(request)) return;
      checkCsrf(request);
      checkAccess(request);
    });

    /** Deleted in the database, then dropped from this instance's cache and every other's. */
    async function endStoredSession(id: string) {
      await repo.deleteSession(db, id);
      await cache.sessionEnded(id);
    }

    async function loadSession(request: FastifyRequest) {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const now = new Date();
      const id = hashToken(token);
      let found = cache.get(id, now.getTime());
      if (!found) {
        const generation = cache.generation;
        found = await repo.findLiveSession(db, id, now);
        if (!found) return;
        cache.set(id, found, generation, now.getTime());
      }
      const { session, user } = found;
      request.session = { id: session.id, userId: session.userId, csrfToken: session.csrfToken };
      request.user = user;
      if (user && now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        const expiresAt = new Date(now.getTime() + config.sessionLifetimeMinutes * 60_000);
        // The cached copy first: requests in flight on the same session do not touch it again.
        cache.touched(session.id, now, expiresAt);
        await repo.touchSession(db, session.id, now, expiresAt);
      }
    }

    function checkCsrf(request: FastifyRequest) {
      if (SAFE_METHODS.has(request.method) || request.is404) return;
      if (request.routeOptions.config.csrf === false) return;
      const header = request.headers[CSRF_HEADER];
      const sent = Array.isArray(header) ? header[0] : header;
      if (!request.session || !sent || !sameToken(sent, request.session.csrfToken))
        throw csrfMismatch();
    }

    function checkAccess(request: FastifyRequest) {
      const { access } = request.routeOptions.config;
      if (!isAllowed(access, request)) {
        if (!request.user) throw unauthenticated();
        throw forbidden();
      }
    }
  },
);
