import { SHIPMENT_STATUS_VIEW, formatDay } from '@colete/contract';
import type { ShipmentFacts, ShipmentListener } from '../shipments/index.js';
import { notifyByUserSettings, notifyOrderConfirmation, notifyPickupBySms } from './mail-service.js';

/**
 * The notifications the settings promise on the shipment lifecycle, as listeners of its events:
 * the order confirmation at activation, the delivery alerts, and the
 * recipient's SMS at pick-up. Each queues its mail or SMS in the delivery's transaction, so a
 * repeated delivery of an event queues nothing twice. An event marked notify: false (the demo
 * seed's history) tells nobody. The registry (jobs/lifecycle-events.ts) subscribes them.
 */

/**
 * Mail to the account: the order confirmation (with its label, see notifyOrderConfirmation) and
 * the delivery alerts (delivered, out for delivery, refused, returned: 'Alerte de livrare').
 * 'Retururi' is the public return form's mail (return-notification.ts).
 */
export const shipmentMailListener: ShipmentListener = {
  name: 'mail.shipment-notifications',
  on: {
    'shipment.activated': async (tx, { shipment: s, notify, label }) => {
      if (!notify) return;
      const attachment = label && s.awb ? { filename: label.fileName, contentType: 'application/pdf', label: { shipmentId: s.id, format: label.format } } : null;
      await notifyOrderConfirmation(tx, s.userId, attachment, (withLabel) => ({
        subject: `Comanda ${s.uniqueId} a fost activata - AWB ${s.awb}`,
        text: [
          'Buna ziua,',
          '',
          `Comanda catre ${s.recipient.contactName} (${s.recipient.city}) a fost activata.`,
          `Curier: ${s.courierName} - ${s.serviceName}. AWB: ${s.awb}.`,
          ...(s.estimatedPickupDate ? [`Data estimata a ridicarii: ${formatDay(s.estimatedPickupDate)}.`] : []),
          withLabel ? 'Eticheta este atasata acestui mesaj.' : 'Eticheta se descarca din pagina comenzii.',
          '',
          'Multumim,',
          'Echipa Colete Online',
        ].join('\n'),
      }));
    },

    'shipment.status_changed': async (tx, { shipment: s, to, reason, notify }) => {
      const alert = to === 'delivered' || to === 'out_for_delivery' || to === 'returned' || to === 'refused';
      if (!alert || !notify) return;
      const status = SHIPMENT_STATUS_VIEW[to].text;
      await notifyByUserSettings(tx, s.userId, 'sendOrderDeliveryAlerts', {
        subject: `AWB ${s.awb}: ${status}`,
        text: [
          'Buna ziua,',
          '',
          `Comanda catre ${s.recipient.contactName} (${s.recipient.city}), AWB ${s.awb}: ${status}.`,
          reason ? `Motiv: ${reason}.` : '',
          '',
          'Echipa Colete Online',
        ]
          .filter((l, i, all) => l !== '' || all[i - 1] !== '')
          .join('\n'),
      });
    },
  },
};

/** The pick-up SMS: plain letters (diacritics dropped, so one SMS holds 160 of them), well under 160. */
export function pickupSmsText(s: ShipmentFacts) {
  const plain = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\x20-\x7e]/g, '');
  const sender = plain(s.sender.company || s.sender.contactName).slice(0, 40);
  return `Colete Online: coletul de la ${sender} a fost preluat de ${plain(s.courierName ?? 'curier')}, AWB ${s.awb}. Va fi livrat in ${plain(s.recipient.city)}.`;
}

/** The recipient hears once that the parcel is on its way (spec 000 pickUpRecipientNotify). */
export const pickupSmsListener: ShipmentListener = {
  name: 'sms.pickup-recipient',
  on: {
    'shipment.status_changed': async (tx, { shipment: s, pickedUp, notify }) => {
      if (!pickedUp || !notify) return;
      await notifyPickupBySms(tx, s.userId, s.recipient, pickupSmsText(s));
    },
  },
};
