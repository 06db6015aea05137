import {
  ZMailSettingsRequest,
  ZMailSettingsResponse,
  ZOrderSettingsRequest,
  ZOrderSettingsResponse,
  ZPrintSettingsRequest,
  ZPrintSettingsResponse,
  ZSettingsSavedResponse,
  ZSmsSettingsRequest,
  ZSmsSettingsResponse,
  messages,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { SettingsService } from './settings-service.js';

/** GET/POST user/settings/{mail, sms, print, order} (spec 000 section 7), for the acting client. */
export const settingsRoutes = (service: SettingsService) => async (app: FastifyInstance) => {
  authenticatedScope(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  const saved = (message: string) => ({ success: true as const, message });

  r.get('/api/user/settings/mail', { schema: { tags, response: { 200: ZMailSettingsResponse } } }, async (req) => ({
    success: true as const,
    settings: await service.mail(acting(req).client),
  }));
  r.post('/api/user/settings/mail', { schema: { tags, body: ZMailSettingsRequest, response: { 200: ZSettingsSavedResponse } } }, async (req) => {
    await service.saveMail(acting(req).client, req.body.settings);
    return saved(messages.settings.mailSaved);
  });

  r.get('/api/user/settings/sms', { schema: { tags, response: { 200: ZSmsSettingsResponse } } }, async (req) => ({
    success: true as const,
    settings: await service.sms(acting(req).client),
  }));
  r.post('/api/user/settings/sms', { schema: { tags, body: ZSmsSettingsRequest, response: { 200: ZSettingsSavedResponse } } }, async (req) => {
    await service.saveSms(acting(req).client, req.body.settings);
    return saved(messages.settings.smsSaved);
  });

  r.get('/api/user/settings/print', { schema: { tags, response: { 200: ZPrintSettingsResponse } } }, async (req) => {
    const awbFormat = await service.awbFormat(acting(req).client);
    return { success: true as const, settings: { awbFormat }, awbFormat };
  });
  r.post('/api/user/settings/print', { schema: { tags, body: ZPrintSettingsRequest, response: { 200: ZSettingsSavedResponse } } }, async (req) => {
    await service.saveAwbFormat(acting(req).client, req.body.settings.awbFormat);
    return saved(messages.settings.printSaved);
  });

  r.get('/api/user/settings/order', { schema: { tags, response: { 200: ZOrderSettingsResponse } } }, async (req) => ({
    success: true as const,
    settings: await service.order(acting(req).client),
  }));
  r.post('/api/user/settings/order', { schema: { tags, body: ZOrderSettingsRequest, response: { 200: ZSettingsSavedResponse } } }, async (req) => {
    await service.saveOrder(acting(req).client, req.body.settings);
    return saved(messages.settings.orderSaved);
  });
};
