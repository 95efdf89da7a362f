import type { InferType } from 'yup';
import {
  type CopyKind,
  copySiteData,
  createProvider,
  createTypeConfig,
  deleteProvider,
  deleteTypeConfig,
  listProviders,
  listTypeConfigs,
  loadTemplate,
  previewTemplate,
  type TypeConfigInput,
  updateProvider,
  updateTypeConfig,
} from '../../../shared/domain/game';
import { endpoint } from '../../http/endpoint';
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
import * as answers from './answers';

/**
 * Administrator game endpoints, permission module `game`: providers, type configs, the
 * built-in template and copying between sites. The site is `call.site` (x-site-code header or siteCode
 * query, else SITE_CODE); a provider or type config of another site is not found (404). POST bodies
 * may name the site in `siteCode` instead.
 */
const auth = { admin: 'game' };

/** Type config bodies say name/enable (or label/enabled, the answer's names). */
function typeConfigInput(body: InferType<typeof updateTypeConfigBody>): TypeConfigInput {
  return { gameType: body.gameType, label: body.name ?? body.label, enabled: body.enable ?? body.enabled, icon: body.icon, sortOrder: body.sortOrder };
}

export const adminEndpoints = [
  // Providers
  endpoint(
    {
      method: 'get',
      path: '/game/admin/providers',
      result: answers.getGameAdminProviders,
      auth,
      query: providerListQuery,
      summary: "The site's providers (administrator view), optionally of one gameType",
    },
    ({ site, query }) => listProviders(site, { gameType: query.gameType }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/game/admin/providers',
      result: answers.postGameAdminProviders,
      links: {
        update: { to: 'patch /game/admin/providers/:id', parameters: { id: '$response.body#/result/id' }, description: 'Change the provider just created' },
        delete: { to: 'delete /game/admin/providers/:id', parameters: { id: '$response.body#/result/id' }, description: 'Remove the provider just created' },
      },
      auth,
      body: createProviderBody,
      refusals: { 'game.gameCodeTaken': 2001, 'game.siteNotFound': 2001 },
      summary: 'Create a provider (2001 when the site has the gameCode already)',
    },
    ({ actor, site, body }) => createProvider(actor, body.siteCode ?? site, body),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/game/admin/providers/:id',
      result: answers.postGameAdminProviders,
      auth,
      params: idParams,
      body: updateProviderBody,
      refusals: { 'game.gameCodeTaken': 2001 },
      summary: 'Update a provider of the site (2001 when another provider of the site has the gameCode)',
    },
    ({ actor, site, params, body }) => updateProvider(actor, site, params.id, body),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/game/admin/providers/:id',
      result: answers.deleteGameAdminProvidersById,
      auth,
      params: idParams,
      summary: 'Delete a provider of the site',
    },
    async ({ actor, site, params }) => {
      await deleteProvider(actor, site, params.id);
      return null;
    },
  ),

  // Type configs
  endpoint({ method: 'get', path: '/game/admin/type-configs', result: answers.getGameAdminTypeConfigs, auth, summary: "The site's type configs" }, ({ site }) =>
    listTypeConfigs(site),
  ),
  endpoint(
    {
      method: 'post',
      path: '/game/admin/type-configs',
      result: answers.postGameAdminTypeConfigs,
      auth,
      body: createTypeConfigBody,
      refusals: { 'game.typeConfigExists': 2001, 'game.siteNotFound': 2001 },
      summary: 'Create a type config (2001 when the site has a config for the gameType)',
    },
    ({ actor, site, body }) => createTypeConfig(actor, body.siteCode ?? site, { ...typeConfigInput(body), gameType: body.gameType }),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/game/admin/type-configs/:id',
      result: answers.postGameAdminTypeConfigs,
      auth,
      params: idParams,
      body: updateTypeConfigBody,
      refusals: { 'game.typeConfigExists': 2001 },
      summary: 'Update a type config of the site (2001 when another config of the site has the gameType)',
    },
    ({ actor, site, params, body }) => updateTypeConfig(actor, site, params.id, { ...typeConfigInput(body), siteCode: body.siteCode }),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/game/admin/type-configs/:id',
      result: answers.deleteGameAdminProvidersById,
      auth,
      params: idParams,
      summary: 'Delete a type config of the site',
    },
    async ({ actor, site, params }) => {
      await deleteTypeConfig(actor, site, params.id);
      return null;
    },
  ),

  // Template and copying
  endpoint(
    {
      method: 'get',
      path: '/game/admin/preview-template',
      result: answers.getGameAdminPreviewTemplate,
      auth,
      summary: 'The built-in template; writes nothing',
    },
    () => previewTemplate(),
  ),
  endpoint(
    {
      method: 'post',
      path: '/game/admin/load-template',
      result: answers.postGameAdminLoadTemplate,
      auth,
      body: loadTemplateBody,
      // 2 000 providers with their names in every locale do not fit in HTTP_BODY_LIMIT.
      bodyLimit: 8 * 1024 * 1024,
      summary: "Replace the site's type configs and providers by a template",
    },
    ({ actor, site, body }) =>
      loadTemplate(actor, site, {
        typeConfigs: body.typeConfigs?.map((t) => ({
          gameType: t.gameType,
          label: t.label ?? t.name,
          icon: t.icon,
          sortOrder: t.sortOrder,
          enabled: t.enabled ?? t.enable,
        })),
        providers: body.providers,
      }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/game/admin/copy-site-data',
      result: answers.postGameAdminCopySiteData,
      auth,
      body: copySiteDataBody,
      refusals: { 'game.siteNotFound': 2001 },
      summary: "Replace the target site's providers or type configs by the source's (2001 when either names no configured site)",
    },
    ({ actor, body }) => copySiteData(actor, { sourceSiteCode: body.sourceSiteCode, targetSiteCode: body.targetSiteCode, type: body.type as CopyKind }),
  ),
];
