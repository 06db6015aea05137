import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { ShipmentsService } from '../modules/shipments/shipments-service.js';

export const SHIPMENT_TRACKING_QUEUE = 'shipments-tracking';

/** Every minute: the courier's news for shipments on their way, and activations a crash interrupted. */
export async function registerShipmentTracking(boss: PgBoss, shipments: ShipmentsService, log: FastifyBaseLogger) {
  await boss.createQueue(SHIPMENT_TRACKING_QUEUE);
  await boss.schedule(SHIPMENT_TRACKING_QUEUE, '* * * * *');
  await boss.work(SHIPMENT_TRACKING_QUEUE, async () => {
    const result = await shipments.trackOpen();
    if (result.changed || result.finished || result.failed) log.info(result, 'shipment tracking');
  });
}
