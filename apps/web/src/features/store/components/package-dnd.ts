import type { PackingDrop, PackingPlace, StorePacking } from '@colete/contract';
import { closestCenter, pointerWithin, type Announcements, type CollisionDetection, type KeyboardCoordinateGetter, type ScreenReaderInstructions, type UniqueIdentifier } from '@dnd-kit/core';

/*
 * The package editor's drag and drop vocabulary (spec 001 section 4 "Package drag and drop"): the
 * ids of the draggable lines and of the drop targets (a package, a line of a package or of the
 * postponed list, the two zones), the collision rule, the keyboard's moves and the screen reader's
 * Romanian announcements.
 */

const POSTPONED = 'postponed';

/** A draggable line: its place (a package id or 'postponed') and the order's line id. */
export const lineDragId = (place: PackingPlace, lineItemId: string) => `line|${place.kind === 'postponed' ? POSTPONED : place.packageId}|${lineItemId}`;
export const packageDropId = (packageId: string) => `package|${packageId}`;
export const NEW_ZONE = 'zone|new';
export const POSTPONE_ZONE = 'zone|postponed';
/** The postponed list's table (a drop there postpones too). */
export const POSTPONE_LIST = 'zone|postponed-list';

const placeOf = (key: string): PackingPlace => (key === POSTPONED ? { kind: 'postponed' } : { kind: 'package', packageId: key });

/** A dragged line's place and id. */
export function parseLine(id: UniqueIdentifier): { place: PackingPlace; lineItemId: string } | null {
  const [kind, place, ...rest] = String(id).split('|');
  return kind === 'line' && place && rest.length ? { place: placeOf(place), lineItemId: rest.join('|') } : null;
}

/** Where a drop on this target goes, and at which index of the target's lines (a line's own place, else the end). */
export function parseDrop(id: UniqueIdentifier, packing: StorePacking): { to: PackingDrop; index?: number } | null {
  const s = String(id);
  if (s === NEW_ZONE) return { to: { kind: 'new' } };
  if (s === POSTPONE_ZONE || s === POSTPONE_LIST) return { to: { kind: 'postponed' } };
  if (s.startsWith('package|')) return { to: { kind: 'package', packageId: s.slice('package|'.length) } };
  const line = parseLine(id);
  if (!line) return null;
  const place = line.place;
  const lines = place.kind === 'postponed' ? packing.postponed : packing.packages.find((k) => k.id === place.packageId)?.lines;
  const index = lines?.findIndex((l) => l.lineItemId === line.lineItemId) ?? -1;
  return { to: line.place, index: index < 0 ? undefined : index };
}

/** The pointer's target when it is over one (the innermost first), else the closest centre (the keyboard). */
export const collisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : closestCenter(args);
};

/**
 * Arrow down / up: the dragged line goes to the next / previous drop target in reading order (the
 * packages and their lines, the new-package zone, the postponed zone and its lines), centred on it.
 */
export const keyboardCoordinates: KeyboardCoordinateGetter = (event, { context: { active, collisionRect, droppableRects, droppableContainers, over } }) => {
  const down = event.code === 'ArrowDown' || event.code === 'ArrowRight';
  const up = event.code === 'ArrowUp' || event.code === 'ArrowLeft';
  if (!(down || up) || !collisionRect) return undefined;
  event.preventDefault();
  const targets = droppableContainers
    .getEnabled()
    .filter((c) => c.id !== active?.id && droppableRects.get(c.id))
    .map((c) => ({ id: c.id, rect: droppableRects.get(c.id)! }))
    .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
  const at = targets.findIndex((t) => t.id === over?.id);
  const next = at < 0 ? (down ? targets.find((t) => t.rect.top > collisionRect.top) : [...targets].reverse().find((t) => t.rect.top < collisionRect.top)) : targets[down ? at + 1 : at - 1];
  if (!next) return undefined;
  return { x: next.rect.left + next.rect.width / 2 - collisionRect.width / 2, y: next.rect.top + next.rect.height / 2 - collisionRect.height / 2 };
};

/** How a target is read out: 'Pachet 2', 'zona pentru un pachet nou', ... */
export function targetName(id: UniqueIdentifier | undefined, packing: StorePacking, productName: (lineItemId: string) => string): string {
  if (id === undefined) return 'niciun loc';
  const s = String(id);
  if (s === NEW_ZONE) return 'zona pentru un pachet nou';
  if (s === POSTPONE_ZONE) return 'zona pentru o trimitere ulterioara';
  if (s === POSTPONE_LIST) return 'produsele pentru o trimitere ulterioara';
  const packageName = (packageId: string) => `Pachet ${packing.packages.findIndex((k) => k.id === packageId) + 1}`;
  if (s.startsWith('package|')) return packageName(s.slice('package|'.length));
  const line = parseLine(id);
  if (!line) return 'niciun loc';
  const where = line.place.kind === 'postponed' ? 'produsele pentru o trimitere ulterioara' : packageName(line.place.packageId);
  return `${where}, la produsul ${productName(line.lineItemId)}`;
}

/** The screen reader's texts (Romanian). */
export function announcements(packing: () => StorePacking, productName: (lineItemId: string) => string): Announcements {
  const name = (id: UniqueIdentifier) => productName(parseLine(id)?.lineItemId ?? '');
  const target = (id: UniqueIdentifier | undefined) => targetName(id, packing(), productName);
  return {
    onDragStart: ({ active }) => `Ati ridicat produsul ${name(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `Produsul ${name(active.id)} este deasupra: ${target(over.id)}.` : `Produsul ${name(active.id)} nu este deasupra niciunui loc.`),
    onDragEnd: ({ active, over }) => (over ? `Produsul ${name(active.id)} a fost lasat in: ${target(over.id)}.` : `Produsul ${name(active.id)} a fost lasat la locul lui.`),
    onDragCancel: ({ active }) => `Mutarea a fost anulata. Produsul ${name(active.id)} a ramas la locul lui.`,
  };
}

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'Pentru a muta produsul apasati Spatiu sau Enter. Cu sagetile sus si jos alegeti pachetul, zona pentru un pachet nou sau zona pentru o trimitere ulterioara; apasati din nou Spatiu sau Enter ca sa il lasati acolo sau Escape ca sa renuntati.',
};
