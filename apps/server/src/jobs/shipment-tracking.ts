import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { ShipmentsService } from '../modules/shipments/index.js';
import { defineJob } from './define-job.js';

export const SHIPMENT_TRACKING_QUEUE = 'shipments-tracking';

/** Every minute: the courier's news for shipments on their way, and activations a crash interrupted. */
export const registerShipmentTracking = (boss: PgBoss, shipments: ShipmentsService, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: SHIPMENT_TRACKING_QUEUE,
    cron: '* * * * *',
    work: () => shipments.trackOpen(),
    report: { message: 'shipment tracking', when: (r) => !!(r.changed || r.finished || r.failed) },
  });
