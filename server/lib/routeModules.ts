import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import type { MaxmoneySettings } from '../modules/maxmoney/service';
import type { Providers } from '../modules/paychange/providers';
import type { CaptchaOptions } from '../modules/recovery/captcha';
import type { ClickEngine } from '../modules/tracking/clicks';
import type { TrackingOptions } from '../modules/tracking/options';
import type { Messenger } from './messenger';

/**
 * The server's routes, found from the folders of server/modules: each `server/modules/<area>/routes.ts`
 * exports `routeModule`, its route plugins by where they answer (`api`: under /api; `site`: from the
 * site's root, as the tracking addresses and the /cdn images). Every plugin gets the same RouteDeps.
 * The /api plugins are registered first, in the order of the folders' names, then the site's.
 */

/** What buildApp (server/app.ts) gives every route plugin. */
export interface RouteDeps {
  ctx: AppContext;
  /** Mail and SMS. */
  messenger: Messenger;
  /** Names the product in codes, e-mails and authenticator apps (config PRODUCT_NAME). */
  productName: string;
  /** The database engine's name (pglite, postgres; 'unknown' when not told), for /api/health and the reports. */
  engine: string;
  /** Where the campaign page's images live (config CREATIVE_BASE_URL; default the product's own /cdn). */
  creativeBaseUrl?: string;
  /** Signs the captcha's challenges (the forgot page and busy sign-ins share it). */
  captchaKey: Buffer;
  /** The captcha's proof-of-work cost. */
  captcha: CaptchaOptions;
  /** Tracking engine settings; its baseUrl is the product's public address (tracking and e-mailed links). */
  tracking: TrackingOptions;
  /** The click engine (batcher, link cache) the tracking addresses and the fast click path share. */
  clickEngine: ClickEngine;
  /** MaxMoney points (the weekly redeem limit). */
  maxmoney: MaxmoneySettings;
  /** The payment providers of the Payment Settings modal. */
  paychangeProviders: Providers;
}

export type RoutePlugin = FastifyPluginAsyncZod<RouteDeps>;

/** What a module's routes.ts exports as `routeModule`. */
export interface RouteModule {
  /** Registered under /api. */
  api?: readonly RoutePlugin[];
  /** Registered from the site's root. */
  site?: readonly RoutePlugin[];
}

export const MODULES_DIR = path.join(import.meta.dirname, '../modules');

/** Every module's `routeModule` by folder name, in the order of the names (folders without routes.ts have none). */
export async function loadRouteModules(dir = MODULES_DIR): Promise<Array<{ area: string; routes: RouteModule }>> {
  const areas = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const found: Array<{ area: string; routes: RouteModule }> = [];
  for (const area of areas) {
    const file = path.join(dir, area, 'routes.ts');
    const has = (await readdir(path.join(dir, area))).includes('routes.ts');
    if (!has) continue;
    const mod = (await import(pathToFileURL(file).href)) as { routeModule?: RouteModule };
    if (!mod.routeModule) throw new Error(`server/modules/${area}/routes.ts exports no routeModule`);
    found.push({ area, routes: mod.routeModule });
  }
  return found;
}

/** Registers every module's routes: the /api ones inside one /api prefix, then the site's. */
export async function registerRouteModules(app: FastifyInstance, deps: RouteDeps, dir = MODULES_DIR): Promise<void> {
  const modules = await loadRouteModules(dir);
  await app.register(
    async (api) => {
      for (const { routes } of modules) for (const plugin of routes.api ?? []) await api.register(plugin, deps);
    },
    { prefix: '/api' },
  );
  for (const { routes } of modules) for (const plugin of routes.site ?? []) await app.register(plugin, deps);
}
