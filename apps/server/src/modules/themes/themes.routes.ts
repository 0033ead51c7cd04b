import { ApiErrorSchema, CompanyThemeSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, tooManyAttempts } from '../../lib/http-errors';
import { RateLimiter, type RateLimitRule, type RateLimitStore } from '../../lib/rate-limiter';
import { themesRepository } from './themes.repository';
import { absoluteUrl, hexColorOrNull } from '../../core/companies';

export interface ThemesRoutesOptions {
  /** Logo URLs are made absolute on it. */
  publicUrl: string;
  /** Per client IP; Laravel's `throttle:60,1` by default. */
  rateLimit?: RateLimitRule;
}

export const THEME_RATE_LIMIT: RateLimitRule = { limit: 60, windowMs: 60_000 };

export async function themesRoutes(fastify: FastifyInstance, options: ThemesRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = themesRepository(app.database.db);
  const rule = options.rateLimit ?? THEME_RATE_LIMIT;
  // The app-wide limiter when the app has one; otherwise one of our own on the app's clock.
  const limiter: RateLimitStore = app.hasDecorator('rateLimiter') ? app.rateLimiter : new RateLimiter({ now: () => app.now() });

  app.get(
    '/themes/:code/company',
    {
      // The sign-in pages brand themselves before anyone has signed in.
      config: { public: true },
      schema: {
        tags: ['themes'],
        operationId: 'getThemeCompany',
        summary: 'The branding behind a theme code',
        description:
          "Public, for the sign-in pages (`?theme=acme`): the company's name, colour and logo (absolute URL), " +
          `each falling back to the theme's own. Rate limited per client: ${rule.limit} requests in ${rule.windowMs / 1000} s, then 429 with Retry-After.`,
        params: z.object({ code: z.string().min(1).max(100) }),
        response: { 200: CompanyThemeSchema, 400: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      const verdict = await limiter.hit(`themes:ip:${request.ip}`, rule);
      if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
      const branding = await repository.brandingByThemeCode(request.params.code);
      if (!branding) throw notFound();
      return {
        name: branding.company_name || branding.theme_name,
        color: hexColorOrNull(branding.company_color) ?? hexColorOrNull(branding.theme_color),
        logo_url: absoluteUrl(options.publicUrl, branding.company_logo_url ?? branding.theme_logo_url),
      };
    },
  );
}
