import type { PackedLine, PackingMeasure, PackingPackage, PackingPlace, TStoreProduct } from '@colete/contract';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { lineDragId, packageDropId, POSTPONE_LIST } from './package-dnd';
import { PackageMeasures } from './package-measures';
import { DropArea, LineHandle } from './package-parts';
import { ProductLinesTable, type ProductDimensions, type ProductLine } from './product-lines-table';

/** What a package's or the postponed list's table needs of the editor. */
export type LinesView = {
  products: Record<string, TStoreProduct>;
  /** The table row of a packed line (product, title, picture). */
  rowOf: (line: PackedLine) => ProductLine;
  dimensionsOf: (productId: string) => ProductDimensions | null;
  onDimensions?: (productId: string) => void;
  disabled?: boolean;
};

function Lines({ place, lines, label, view }: { place: PackingPlace; lines: PackedLine[]; label: string; view: LinesView }) {
  const rows = lines.map(view.rowOf);
  return (
    <SortableContext items={lines.map((l) => lineDragId(place, l.lineItemId))} strategy={verticalListSortingStrategy}>
      <ProductLinesTable
        label={label}
        lines={rows}
        products={view.products}
        dimensionsOf={view.dimensionsOf}
        onDimensions={(id) => view.onDimensions?.(id)}
        lead={(row) => <LineHandle place={place} lineItemId={row.key} name={row.title} disabled={view.disabled} />}
      />
    </SortableContext>
  );
}

/** One package (spec 001 "Store product table"): its products, 'Pachet N' with its measures, a delete icon when manually added. */
export function PackageSection({
  pkg,
  index,
  view,
  onMeasure,
  onDelete,
}: {
  pkg: PackingPackage;
  index: number;
  view: LinesView;
  onMeasure: (measure: PackingMeasure, value: number) => void;
  onDelete: () => void;
}) {
  const name = `Pachet ${index + 1}`;
  return (
    <DropArea id={packageDropId(pkg.id)} label={name} disabled={view.disabled}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, minHeight: 40 }}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, flex: 1 }}>
          {name}
        </Typography>
        {pkg.manuallyAdded ? (
          <Tooltip title={`Sterge ${name}`}>
            <span>
              <IconButton aria-label={`Sterge ${name}`} onClick={onDelete} disabled={view.disabled} size="small">
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        ) : null}
      </Box>
      {pkg.lines.length ? (
        <Lines place={{ kind: 'package', packageId: pkg.id }} lines={pkg.lines} label={`Produse ${name}`} view={view} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 2 }}>
          Pachetul nu are produse. Trageti aici produsele pe care le contine.
        </Typography>
      )}
      <Box sx={{ px: 1, pb: 1 }}>
        <PackageMeasures pkg={pkg} label={name} disabled={view.disabled} onMeasure={onMeasure} />
      </Box>
    </DropArea>
  );
}

/** 'Produse marcate pentru o trimitere ulterioara' (shown when some are): each may be dragged back into a package. */
export function PostponedSection({ lines, view }: { lines: PackedLine[]; view: LinesView }) {
  const title = 'Produse marcate pentru o trimitere ulterioara';
  return (
    <DropArea id={POSTPONE_LIST} label={title} disabled={view.disabled}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, px: 1, py: 1 }}>
        {title}
      </Typography>
      <Lines place={{ kind: 'postponed' }} lines={lines} label={title} view={view} />
    </DropArea>
  );
}
