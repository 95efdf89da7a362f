import { Router, type Request } from 'express';
import { config } from '../../../shared/config';
import type { Actor } from '../../../shared/domain/admin/accounts';
import {
  copySiteData,
  createProvider,
  createTypeConfig,
  deleteProvider,
  deleteTypeConfig,
  listProviders,
  listTypeConfigs,
  loadTemplate,
  previewTemplate,
  updateProvider,
  updateTypeConfig,
  type CopyKind,
} from '../../../shared/domain/game/admin';
import { requireAdmin } from '../../http/auth';
import { route } from '../../http/envelope';
import { requestMeta } from '../../http/request-meta';
import { valid, validate } from '../../http/validate';
import {
  copySiteDataBody,
  createProviderBody,
  createTypeConfigBody,
  idParams,
  loadTemplateBody,
  providerListQuery,
  updateProviderBody,
  updateTypeConfigBody,
} from './admin-schemas';

/**
 * Administrator game endpoints (Part A 4.3), mounted at /game/admin, permission module `game`. The site
 * is the `x-site-code` header or `siteCode` query, else SITE_CODE; a provider or type config of another
 * site is not found (404). POST bodies may name the site in `siteCode` instead.
 */
export const adminRoutes = Router();

/** The administrator's site: x-site-code header or siteCode query, else SITE_CODE. */
const siteOf = (req: Request): string => req.ctx.adminSiteCode ?? config().siteCode;

function actorOf(req: Request, siteCode: string): Actor {
  return { adminId: req.admin!.id, siteCode, meta: requestMeta(req) };
}

// ---------------------------------------------------------------------------------------------------
// Providers

/** GET /game/admin/providers?gameType=: the site's providers, administrator view. */
adminRoutes.get(
  '/providers',
  requireAdmin('game'),
  validate('query', providerListQuery),
  route((req) => listProviders(siteOf(req), { gameType: valid(req, 'query', providerListQuery).gameType })),
);

/** POST /game/admin/providers: the created record; a gameCode used in the site is a 400 naming gameCode. */
adminRoutes.post(
  '/providers',
  requireAdmin('game'),
  validate('body', createProviderBody),
  route((req) => {
    const body = valid(req, 'body', createProviderBody);
    const site = body.siteCode ?? siteOf(req);
    return createProvider(actorOf(req, site), site, body);
  }),
);

/** PATCH /game/admin/providers/:id: every field optional; 404 when the site has no such provider. */
adminRoutes.patch(
  '/providers/:id',
  requireAdmin('game'),
  validate('params', idParams),
  validate('body', updateProviderBody),
  route((req) => updateProvider(actorOf(req, siteOf(req)), siteOf(req), valid(req, 'params', idParams).id, valid(req, 'body', updateProviderBody))),
);

/** DELETE /game/admin/providers/:id: result null; 404 when the site has no such provider. */
adminRoutes.delete(
  '/providers/:id',
  requireAdmin('game'),
  validate('params', idParams),
  route(async (req) => {
    await deleteProvider(actorOf(req, siteOf(req)), siteOf(req), valid(req, 'params', idParams).id);
    return null;
  }),
);

// ---------------------------------------------------------------------------------------------------
// Type configs

/** GET /game/admin/type-configs: the site's type configs. */
adminRoutes.get(
  '/type-configs',
  requireAdmin('game'),
  route((req) => listTypeConfigs(siteOf(req))),
);

/** POST /game/admin/type-configs: body name/enable (or label/enabled); a configured gameType is a 400. */
adminRoutes.post(
  '/type-configs',
  requireAdmin('game'),
  validate('body', createTypeConfigBody),
  route((req) => {
    const body = valid(req, 'body', createTypeConfigBody);
    const site = body.siteCode ?? siteOf(req);
    return createTypeConfig(actorOf(req, site), site, {
      gameType: body.gameType,
      label: body.name ?? body.label,
      enabled: body.enable ?? body.enabled,
      icon: body.icon,
      sortOrder: body.sortOrder,
    });
  }),
);

/** PATCH /game/admin/type-configs/:id: partial body; 404 when the site has no such config. */
adminRoutes.patch(
  '/type-configs/:id',
  requireAdmin('game'),
  validate('params', idParams),
  validate('body', updateTypeConfigBody),
  route((req) => {
    const body = valid(req, 'body', updateTypeConfigBody);
    return updateTypeConfig(actorOf(req, siteOf(req)), siteOf(req), valid(req, 'params', idParams).id, {
      gameType: body.gameType,
      label: body.name ?? body.label,
      enabled: body.enable ?? body.enabled,
      icon: body.icon,
      sortOrder: body.sortOrder,
      siteCode: body.siteCode,
    });
  }),
);

/** DELETE /game/admin/type-configs/:id: result null; 404 when the site has no such config. */
adminRoutes.delete(
  '/type-configs/:id',
  requireAdmin('game'),
  validate('params', idParams),
  route(async (req) => {
    await deleteTypeConfig(actorOf(req, siteOf(req)), siteOf(req), valid(req, 'params', idParams).id);
    return null;
  }),
);

// ---------------------------------------------------------------------------------------------------
// Template and copying

/** GET /game/admin/preview-template: the built-in template; writes nothing. */
adminRoutes.get(
  '/preview-template',
  requireAdmin('game'),
  route(() => previewTemplate()),
);

/** POST /game/admin/load-template: replaces the site's type configs and providers in one transaction. */
adminRoutes.post(
  '/load-template',
  requireAdmin('game'),
  validate('body', loadTemplateBody),
  route((req) => {
    const body = valid(req, 'body', loadTemplateBody);
    const site = siteOf(req);
    return loadTemplate(actorOf(req, site), site, {
      typeConfigs: body.typeConfigs?.map((t) => ({
        gameType: t.gameType,
        label: t.label ?? t.name,
        icon: t.icon,
        sortOrder: t.sortOrder,
        enabled: t.enabled ?? t.enable,
      })),
      providers: body.providers,
    });
  }),
);

/** POST /game/admin/copy-site-data: replaces the target site's rows of one kind by the source's. */
adminRoutes.post(
  '/copy-site-data',
  requireAdmin('game'),
  validate('body', copySiteDataBody),
  route((req) => {
    const body = valid(req, 'body', copySiteDataBody);
    return copySiteData(actorOf(req, body.targetSiteCode), { sourceSiteCode: body.sourceSiteCode, targetSiteCode: body.targetSiteCode, type: body.type as CopyKind });
  }),
);
