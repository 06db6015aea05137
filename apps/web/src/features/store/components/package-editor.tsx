import {
  ENVELOPE_NOTICE_MS,
  PACKING_TYPE_OPTIONS,
  addPackage,
  envelopeSelectable,
  linesAt,
  moveLine,
  packingContext,
  packingIssues,
  productOfLine,
  recalculate,
  removePackage,
  setContent,
  setMeasure,
  setPackingType,
  type PackedLine,
  type PackingDrop,
  type PackingOrderLine,
  type PackingPlace,
  type PackingResult,
  type StorePacking,
  type TPackageType,
  type TStoreProduct,
} from '@colete/contract';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Tooltip } from '@mui/material';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useSnackbar } from '../../../lib/snackbar';
import { NEW_ZONE, POSTPONE_ZONE, announcements, collisions, keyboardCoordinates, parseDrop, parseLine, screenReaderInstructions } from './package-dnd';
import { DropZone, QuantityDialog } from './package-parts';
import { PackageSection, PostponedSection, type LinesView } from './package-section';
import { useProductDimensions } from './use-product-dimensions';

/** The package editor's props: the fulfillment order's lines, the packing (controlled) and, for weights, sizes and prices, the order's products. */
export type PackageEditorProps = {
  lines: PackingOrderLine[];
  value: StorePacking;
  onChange: (next: StorePacking) => void;
  disabled?: boolean;
  /** The fulfillment order's products (fo.products): weights, prices, images and saved dimensions. */
  products?: Record<string, TStoreProduct>;
  /** The store account (the dimensions dialog saves through it); without it the dimensions menu is hidden. */
  clientId?: number;
  /** After product dimensions were saved or deleted (the page refetches the order). */
  onProductsChanged?: () => void;
};

/** The mouse and the pen (a finger goes to the touch sensor, which waits a moment so the page still scrolls). */
class MouseSensor extends PointerSensor {
  static override activators = [{ eventName: 'onPointerDown' as const, handler: ({ nativeEvent: e }: PointerEvent) => e.isPrimary && e.button === 0 && e.pointerType !== 'touch' }];
}

type Pending = { from: PackingPlace; lineItemId: string; to: PackingDrop; index?: number; max: number };
const NO_PRODUCTS: Record<string, TStoreProduct> = {};

/**
 * The packages of a fulfillment order (spec 001 "Store product table", section 4 "Package drag and
 * drop", "Automatic calculation", "Package type"): one table per package with its measures, the
 * new-package and postpone zones, the postponed products, 'Continut', 'Adauga pachet' and 'Tip
 * pachet'. Lines are dragged by their handle with a mouse, a finger or the keyboard; a line of more
 * than one asks how many ('Atentie'). Every change goes through the contract's moves: a refusal is
 * shown with its message, the envelope notice for 7 seconds.
 */
export function PackageEditor({ lines, value, onChange, disabled, products = NO_PRODUCTS, clientId, onProductsChanged }: PackageEditorProps) {
  const { enqueueSnackbar } = useSnackbar();
  const { dimensionsOf, local, edit, dialog } = useProductDimensions(clientId, products, onProductsChanged);
  const ctx = packingContext(lines, products, (id) => local[id]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);
  const [active, setActive] = useState<UniqueIdentifier | null>(null);

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(null), ENVELOPE_NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice]);

  // Product sides changed (this order's own or saved ones): the automatic packages are computed again.
  const sidesKey = JSON.stringify(Object.values(ctx).map((p) => p.sides));
  const seenSides = useRef(sidesKey);
  useEffect(() => {
    if (seenSides.current === sidesKey) return;
    seenSides.current = sidesKey;
    onChange(recalculate(value, ctx));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the sides change
  }, [sidesKey]);

  const sensors = useSensors(useSensor(MouseSensor, { activationConstraint: { distance: 4 } }), useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }), useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }));

  const apply = (r: PackingResult) => {
    if (!r.ok) {
      enqueueSnackbar(r.message, { variant: 'error' });
      return;
    }
    onChange(r.packing);
    const text = r.notice;
    if (text) setNotice((n) => ({ text, at: (n?.at ?? 0) + 1 }));
  };

  const lineByItem = new Map(lines.map((l) => [l.fulfillmentOrderLineItemsId, l]));
  const productName = (lineItemId: string) => {
    const line = lineByItem.get(lineItemId);
    return (line && productOfLine(products, line)?.name) || line?.title || 'necunoscut';
  };
  const view: LinesView = {
    products,
    rowOf: (l: PackedLine) => {
      const line = lineByItem.get(l.lineItemId);
      return { key: l.lineItemId, productId: line ? (productOfLine(products, line)?.id ?? null) : null, title: productName(l.lineItemId), quantity: l.quantity, image: line?.image ?? null };
    },
    dimensionsOf,
    onDimensions: edit,
    disabled,
  };

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    if (!over) return;
    const from = parseLine(a.id);
    const drop = parseDrop(over.id, value);
    if (!from || !drop) return apply({ ok: false, message: 'Nu am putut muta produsul. A aparut o eroare!' });
    const line = linesAt(value, from.place)?.find((l) => l.lineItemId === from.lineItemId);
    const samePlace = drop.to.kind === from.place.kind && (drop.to.kind !== 'package' || (from.place.kind === 'package' && from.place.packageId === drop.to.packageId));
    if (line && line.quantity > 1 && !samePlace) return setPending({ from: from.place, lineItemId: from.lineItemId, to: drop.to, index: drop.index, max: line.quantity });
    apply(moveLine(value, ctx, { from: from.place, lineItemId: from.lineItemId, to: drop.to, index: drop.index }));
  };

  const issues = packingIssues(value);
  const activeLine = active ? parseLine(active) : null;
  const activeQuantity = activeLine ? linesAt(value, activeLine.place)?.find((l) => l.lineItemId === activeLine.lineItemId)?.quantity : undefined;

  return (
    <Stack spacing={1.5}>
      {notice ? (
        <Alert key={notice.at} severity="error" role="alert" onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        accessibility={{ announcements: announcements(() => value, productName), screenReaderInstructions }}
        onDragStart={({ active: a }) => setActive(a.id)}
        onDragCancel={() => setActive(null)}
        onDragEnd={onDragEnd}
      >
        {value.packages.map((k, i) => (
          <PackageSection key={k.id} pkg={k} index={i} view={view} onMeasure={(m, v) => apply(setMeasure(value, ctx, k.id, m, v))} onDelete={() => apply(removePackage(value, ctx, k.id))} />
        ))}
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <DropZone id={NEW_ZONE} text="Trageti aici produsele pentru a crea un pachet nou" disabled={disabled} />
          <DropZone id={POSTPONE_ZONE} text="Trageti aici produsele pentru a le lasa pentru o trimitere ulterioara" disabled={disabled} />
        </Box>
        {value.postponed.length ? <PostponedSection lines={value.postponed} view={view} /> : null}
        <DragOverlay>
          {activeLine ? (
            <Paper elevation={6} sx={{ px: 2, py: 1, display: 'inline-block', fontWeight: 600 }}>
              {productName(activeLine.lineItemId)} x{activeQuantity ?? ''}
            </Paper>
          ) : null}
        </DragOverlay>
      </DndContext>
      {issues.length ? (
        <Alert severity="warning">
          {issues.map((t) => (
            <div key={t}>{t}</div>
          ))}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          label="Continut"
          value={value.content}
          disabled={disabled}
          onChange={(e) => apply(setContent(value, e.target.value))}
          sx={{ flex: '1 1 240px' }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Tooltip title={envelopeSelectable(value) ? '' : 'Plicul se poate alege doar pentru un singur pachet'}>
          <TextField
            select
            label="Tip pachet"
            value={value.type}
            disabled={disabled || !envelopeSelectable(value)}
            onChange={(e) => apply(setPackingType(value, ctx, e.target.value as TPackageType))}
            sx={{ flex: '0 1 160px', minWidth: 140 }}
          >
            {PACKING_TYPE_OPTIONS.map((o) => (
              <MenuItem key={o.type} value={o.type}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        </Tooltip>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => apply(addPackage(value, ctx))} disabled={disabled} sx={{ alignSelf: 'center' }}>
          Adauga pachet
        </Button>
      </Box>
      {pending ? (
        <QuantityDialog
          max={pending.max}
          onClose={() => setPending(null)}
          onMove={(quantity) => {
            setPending(null);
            apply(moveLine(value, ctx, { from: pending.from, lineItemId: pending.lineItemId, to: pending.to, index: pending.index, quantity }));
          }}
        />
      ) : null}
      {dialog}
    </Stack>
  );
}
