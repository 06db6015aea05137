import { PACKAGE_FIELDS, PACKAGE_LIMITS, type TPackageType } from './package.js';
import { storePackingMessages as M } from './messages/store-packing.js';
import { PACKING_MEASURES, clonePacking, automaticMeasures, isAutomatic, mergeLines, type PackedLine, type PackingContext, type PackingMeasure, type PackingPackage, type StorePacking } from './store-packing.js';

/*
 * The package editor's moves (spec 001 section 4 "Package drag and drop", "Automatic calculation",
 * "Package type"; section 5 "Quantity to move"; section 8's refusals). Each takes a packing and
 * answers the next one, or a refusal with the specification's message; the packing given is never
 * changed. After any move every line's quantity is the same as before and no automatic
 * (not manually added) package is empty (store-packing.property.test.ts).
 */

/** Where a line is: a package or the postponed list. */
export type PackingPlace = { kind: 'package'; packageId: string } | { kind: 'postponed' };
/** Where a line may be dropped: a place, or the new-package zone. */
export type PackingDrop = PackingPlace | { kind: 'new' };

/** A move's answer: the next packing (with the envelope notice when the type went back to parcel), or a refusal. */
export type PackingResult = { ok: true; packing: StorePacking; notice?: string } | { ok: false; message: string };

const refuse = (message: string): PackingResult => ({ ok: false, message });
const clone = clonePacking;

/** The lines of a place in a packing (null when the package does not exist). */
export function linesAt(p: StorePacking, place: PackingPlace): PackedLine[] | null {
  if (place.kind === 'postponed') return p.postponed;
  return p.packages.find((k) => k.id === place.packageId)?.lines ?? null;
}

const samePlace = (a: PackingPlace, b: PackingDrop) => a.kind === b.kind && (a.kind !== 'package' || (b.kind === 'package' && a.packageId === b.packageId));

/** The next free package id ('p1', 'p2', ...). */
export function nextPackageId(p: StorePacking): string {
  const n = p.packages.reduce((max, k) => Math.max(max, Number(/^p(\d+)$/.exec(k.id)?.[1] ?? 0)), 0);
  return `p${n + 1}`;
}

/** The envelope's limits on one package (spec 001 section 9). */
export function fitsEnvelope(k: Pick<PackingPackage, PackingMeasure>): boolean {
  const e = PACKAGE_LIMITS.envelope;
  return k.weight <= e.maxWeightKg && k.height <= e.maxHeightCm && k.width <= e.maxWidthCm && k.length <= e.maxLengthCm;
}

/** The type select is enabled only when the envelope's requirement of exactly one package is met (spec 001 "Package type"). */
export const envelopeSelectable = (p: StorePacking) => p.packages.length === PACKAGE_LIMITS.envelope.count;

/**
 * After every change: an automatic package recomputes its measures (only those in `touched`, so the
 * first packing's measures stay until a move reaches them), an empty package not manually added is
 * removed, with exactly one package it is not manually added, and an envelope that no longer meets
 * the requirements becomes a parcel (with the notice).
 */
function settle(p: StorePacking, ctx: PackingContext, touched: Set<string>): PackingResult {
  p.packages = p.packages.filter((k) => k.manuallyAdded || k.lines.length > 0);
  for (const k of p.packages) if (touched.has(k.id) && isAutomatic(k)) Object.assign(k, automaticMeasures(k.lines, ctx));
  if (p.packages.length === 1) p.packages[0]!.manuallyAdded = false;
  if (p.type === 'envelope' && !(envelopeSelectable(p) && fitsEnvelope(p.packages[0]!))) {
    p.type = 'parcel';
    return { ok: true, packing: p, notice: M.envelopeSwitched };
  }
  return { ok: true, packing: p };
}

/** The quantity dialog's check (spec 001 section 5): at least 1, at most the line's quantity; null when valid. */
export function quantityError(quantity: number, max: number): string | null {
  if (!Number.isInteger(quantity) || quantity < 1) return quantity > max ? M.quantityMax(max) : M.quantityMin;
  if (quantity > max) return M.quantityMax(max);
  return null;
}

/**
 * Moves `quantity` (all when omitted) of a line from one place to another (spec 001 "Package drag
 * and drop"): subtracted from the source (a line reaching zero is removed) and added to the target,
 * merged with the target's line of the same product, else inserted at `index` (the end when
 * omitted). Within one place it reorders (to `index`). The new-package zone makes a manually added
 * package. Refused: an unknown line or place, a quantity out of 1..line, and postponing the order's
 * last products.
 */
export function moveLine(
  packing: StorePacking,
  ctx: PackingContext,
  move: { from: PackingPlace; lineItemId: string; to: PackingDrop; quantity?: number; index?: number },
): PackingResult {
  const p = clone(packing);
  const source = linesAt(p, move.from);
  const at = source?.findIndex((l) => l.lineItemId === move.lineItemId) ?? -1;
  if (!source || at < 0) return refuse(M.moveFailed);
  const line = source[at]!;
  if (samePlace(move.from, move.to)) return reorderLine(packing, move.from, at, move.index ?? at);
  const quantity = move.quantity ?? line.quantity;
  const bad = quantityError(quantity, line.quantity);
  if (bad) return refuse(bad);

  const touched = new Set<string>();
  let target: PackedLine[];
  if (move.to.kind === 'new') {
    if (p.packages.length >= PACKAGE_LIMITS.maxPackages) return refuse(M.tooManyPackages(PACKAGE_LIMITS.maxPackages));
    const id = nextPackageId(p);
    p.packages.push({ id, manuallyAdded: true, weight: 0, width: 0, length: 0, height: 0, edited: { weight: false, width: false, length: false, height: false }, lines: [] });
    target = p.packages.at(-1)!.lines;
    touched.add(id);
  } else {
    const t = linesAt(p, move.to);
    if (!t) return refuse(M.moveFailed);
    target = t;
    if (move.to.kind === 'package') touched.add(move.to.packageId);
  }
  if (move.from.kind === 'package') touched.add(move.from.packageId);

  line.quantity -= quantity;
  if (line.quantity === 0) source.splice(at, 1);
  const same = target.find((l) => l.lineItemId === move.lineItemId);
  if (same) same.quantity += quantity;
  else target.splice(Math.min(Math.max(move.index ?? target.length, 0), target.length), 0, { lineItemId: move.lineItemId, quantity });

  if (p.packages.every((k) => k.lines.length === 0)) return refuse(M.allPostponed);
  return settle(p, ctx, touched);
}

/** Within one place: the line at `from` goes to `to` (spec 001: 'Drop within the same package: reorders the lines'). */
export function reorderLine(packing: StorePacking, place: PackingPlace, from: number, to: number): PackingResult {
  const p = clone(packing);
  const lines = linesAt(p, place);
  if (!lines || from < 0 || from >= lines.length) return refuse(M.moveFailed);
  const [line] = lines.splice(from, 1);
  lines.splice(Math.min(Math.max(to, 0), lines.length), 0, line!);
  return { ok: true, packing: p };
}

/** 'Adauga pachet': a new empty package, manually added (an envelope becomes a parcel: it must be one package). */
export function addPackage(packing: StorePacking, ctx: PackingContext): PackingResult {
  const p = clone(packing);
  if (p.packages.length >= PACKAGE_LIMITS.maxPackages) return refuse(M.tooManyPackages(PACKAGE_LIMITS.maxPackages));
  const id = nextPackageId(p);
  p.packages.push({ id, manuallyAdded: true, ...automaticMeasures([], ctx), edited: { weight: false, width: false, length: false, height: false }, lines: [] });
  return settle(p, ctx, new Set());
}

/** The delete icon of a manually added package: refused while it holds products (spec 001 section 8). */
export function removePackage(packing: StorePacking, ctx: PackingContext, packageId: string): PackingResult {
  const p = clone(packing);
  const k = p.packages.find((x) => x.id === packageId);
  if (!k || p.packages.length === 1) return refuse(M.moveFailed);
  if (k.lines.length > 0) return refuse(M.deleteNotEmpty);
  p.packages = p.packages.filter((x) => x.id !== packageId);
  return settle(p, ctx, new Set());
}

/** A measure typed in the package's footer: kept, marked edited (the package stops being automatic). */
export function setMeasure(packing: StorePacking, ctx: PackingContext, packageId: string, measure: PackingMeasure, value: number): PackingResult {
  const p = clone(packing);
  const k = p.packages.find((x) => x.id === packageId);
  if (!k || !Number.isFinite(value)) return refuse(M.moveFailed);
  k[measure] = value;
  k.edited[measure] = true;
  return settle(p, ctx, new Set());
}

/**
 * 'Tip pachet': Plic only with exactly one package (refused otherwise: the select is disabled);
 * a package over the envelope's limits stays a parcel, with the notice (spec 001 "Package type").
 */
export function setPackingType(packing: StorePacking, ctx: PackingContext, type: TPackageType): PackingResult {
  const p = clone(packing);
  if (type === 'envelope' && !envelopeSelectable(p)) return refuse(M.envelopeInvalid);
  p.type = type;
  return settle(p, ctx, new Set());
}

/** 'Continut'. */
export function setContent(packing: StorePacking, content: string): PackingResult {
  return { ok: true, packing: { ...clone(packing), content: content.slice(0, 100) } };
}

/** Recomputes every automatic package (product dimensions changed in the dialog). */
export function recalculate(packing: StorePacking, ctx: PackingContext): StorePacking {
  const p = clone(packing);
  const r = settle(p, ctx, new Set(p.packages.map((k) => k.id)));
  return r.ok ? r.packing : p;
}

/** Merges a place's lines of the same order line (kept for packings built elsewhere). */
export function normalizeLines(p: StorePacking): StorePacking {
  return { ...p, packages: p.packages.map((k) => ({ ...k, lines: mergeLines(k.lines) })), postponed: mergeLines(p.postponed) };
}

/**
 * What keeps a packing from being shipped, in Romanian (empty when valid): an empty package, no
 * product in any package, a measure outside the package rules (spec 001 section 5, 9), the envelope's rules.
 */
export function packingIssues(p: StorePacking): string[] {
  const L = PACKAGE_LIMITS;
  const out: string[] = [];
  if (p.packages.length > L.maxPackages) out.push(M.tooManyPackages(L.maxPackages));
  if (p.packages.every((k) => k.lines.length === 0)) out.push(M.nothingToShip);
  p.packages.forEach((k, i) => {
    const n = String(i + 1);
    if (k.lines.length === 0) out.push(M.emptyPackage(n));
    for (const message of measureIssues(k)) out.push(M.packageMeasure(n, message));
  });
  if (p.type === 'envelope' && !(envelopeSelectable(p) && fitsEnvelope(p.packages[0]!))) out.push(M.envelopeInvalid);
  return out;
}

/** A package's measures against the package rules (spec 001 section 5 "Package fields", the shipments' messages). */
export function measureIssues(k: Pick<PackingPackage, PackingMeasure>): string[] {
  const out: string[] = [];
  for (const m of PACKING_MEASURES) {
    const r = PACKAGE_FIELDS[m].safeParse(k[m]);
    if (!r.success) out.push(r.error.issues[0]!.message);
  }
  return out;
}
