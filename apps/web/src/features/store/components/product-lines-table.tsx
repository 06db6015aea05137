import type { TStoreProduct } from '@colete/contract';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Avatar,
  Box,
  Card,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { formatMoney, formatNumber } from '../../../lib/format';

/** A product's sides in centimetres (saved, or chosen for this order only). */
export type ProductDimensions = { width: number; length: number; height: number };
/** One row: a product of the order (or of a package) by its variant id, and how many. */
export type ProductLine = { key: string; productId: string | null; title: string; quantity: number; image: { url: string } | null };

const cm = (n: number | undefined) => (n === undefined ? '-' : `${formatNumber(n, 2)} cm`);
const kg = (n: number | null | undefined) => (n === null || n === undefined ? '-' : `${formatNumber(n, 3)} kg`);

function ProductImage({ url, name }: { url: string | null; name: string }) {
  return (
    <Avatar variant="rounded" src={url ?? undefined} alt={name} sx={{ width: 40, height: 40, bgcolor: 'grey.100', color: 'text.secondary' }}>
      <ImageOutlinedIcon fontSize="small" />
    </Avatar>
  );
}

/** The row's menu: 'Adauga dimensiuni' or 'Modifica dimensiuni' (spec 001 "Store product table"). */
function DimensionsMenu({ name, hasDimensions, onDimensions }: { name: string; hasDimensions: boolean; onDimensions: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton aria-label={`Actiuni ${name}`} onClick={(e) => setAnchor(e.currentTarget)} size="small" sx={{ width: 32, height: 32 }}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onDimensions();
          }}
        >
          {hasDimensions ? 'Modifica dimensiuni' : 'Adauga dimensiuni'}
        </MenuItem>
      </Menu>
    </>
  );
}

/**
 * The products of an order or of one package (spec 001 "Store product table"): image or placeholder,
 * name, quantity, weight, width/length/height, price in RON and the dimensions menu. `lead` puts
 * something before each row (the package editor's drag handle). Below 600 px the rows are cards.
 */
export function ProductLinesTable({
  label,
  lines,
  products,
  dimensionsOf,
  onDimensions,
  lead,
}: {
  label: string;
  lines: ProductLine[];
  products: Record<string, TStoreProduct>;
  dimensionsOf: (productId: string) => ProductDimensions | null;
  onDimensions: (productId: string) => void;
  lead?: (line: ProductLine) => ReactNode;
}) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const rows = lines.map((line) => {
    const product = line.productId ? products[line.productId] : undefined;
    return { line, product, dims: product ? dimensionsOf(product.id) : null };
  });

  if (narrow) {
    return (
      <Stack spacing={1} aria-label={label} role="list">
        {rows.map(({ line, product, dims }) => (
          <Card key={line.key} variant="outlined" role="listitem" sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            {lead?.(line)}
            <ProductImage url={product?.image?.url ?? line.image?.url ?? null} name={product?.name ?? line.title} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{product?.name ?? line.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                x{line.quantity} · {kg(product?.weight)} · {product ? formatMoney(product.priceBani / 100) : '-'}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Latime {cm(dims?.width)} · Lungime {cm(dims?.length)} · Inaltime {cm(dims?.height)}
              </Typography>
            </Box>
            {product ? <DimensionsMenu name={product.name} hasDimensions={!!dims} onDimensions={() => onDimensions(product.id)} /> : null}
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {lead ? <TableCell padding="checkbox" /> : null}
            <TableCell>Produs</TableCell>
            <TableCell align="right">Cantitate</TableCell>
            <TableCell align="right">Greutate</TableCell>
            <TableCell align="right">Latime</TableCell>
            <TableCell align="right">Lungime</TableCell>
            <TableCell align="right">Inaltime</TableCell>
            <TableCell align="right">Pret</TableCell>
            <TableCell padding="checkbox" />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ line, product, dims }) => (
            <TableRow key={line.key}>
              {lead ? <TableCell padding="checkbox">{lead(line)}</TableCell> : null}
              <TableCell>
                <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                  <ProductImage url={product?.image?.url ?? line.image?.url ?? null} name={product?.name ?? line.title} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {product?.name ?? line.title}
                    </Typography>
                    {product?.sku ? (
                      <Typography variant="caption" color="text.secondary">
                        {product.sku}
                      </Typography>
                    ) : null}
                  </Box>
                </Box>
              </TableCell>
              <TableCell align="right">x{line.quantity}</TableCell>
              <TableCell align="right">{kg(product?.weight)}</TableCell>
              <TableCell align="right">{cm(dims?.width)}</TableCell>
              <TableCell align="right">{cm(dims?.length)}</TableCell>
              <TableCell align="right">{cm(dims?.height)}</TableCell>
              <TableCell align="right">{product ? formatMoney(product.priceBani / 100) : '-'}</TableCell>
              <TableCell padding="checkbox">
                {product ? <DimensionsMenu name={product.name} hasDimensions={!!dims} onDimensions={() => onDimensions(product.id)} /> : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
