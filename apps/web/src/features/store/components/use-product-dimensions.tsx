import { PACKAGE_LIMITS, STORE_MUTATION_MESSAGES as M, type TStoreProduct } from '@colete/contract';
import { useState } from 'react';
import { useSnackbar } from '../../../lib/snackbar';
import { useDeleteDimensions, useSaveDimensions } from '../api/store-mutations';
import { ProductDimensionsDialog, type DimensionsSubmit } from './product-dimensions-dialog';
import type { ProductDimensions } from './product-lines-table';

/** The weight saved with the dimensions: the variant's, when the package rule accepts it (else none). */
const savedWeight = (w: number | null) => (w !== null && w >= PACKAGE_LIMITS.minWeightKg && w <= PACKAGE_LIMITS.maxWeightKg ? w : null);

/**
 * The products' dimensions and their dialog ('Adauga dimensiuni' / 'Modifica dimensiuni', spec 001
 * section 2): saved ones come with the order (a product's productMutation); saving or deleting them
 * calls onChanged so the page refetches. Dimensions chosen for this order only (the checkbox
 * 'Salveaza dimensiuni produs' unticked) stay in this hook's state, over the saved ones. Without a
 * store account (clientId) nothing can be edited.
 */
export function useProductDimensions(clientId: number | undefined, products: Record<string, TStoreProduct>, onChanged: (() => void) | undefined) {
  const { enqueueSnackbar } = useSnackbar();
  const [local, setLocal] = useState<Record<string, ProductDimensions>>({});
  const [editing, setEditing] = useState<string | null>(null);
  const save = useSaveDimensions(clientId ?? 0);
  const remove = useDeleteDimensions();
  const dimensionsOf = (productId: string): ProductDimensions | null => local[productId] ?? products[productId]?.productMutation?.product.dimensions ?? null;
  const product = editing ? products[editing] : undefined;

  const forget = (productId: string) =>
    setLocal((l) => {
      const { [productId]: _, ...rest } = l;
      return rest;
    });
  const failed = () => enqueueSnackbar(M.genericError, { variant: 'error' });
  const changed = () => onChanged?.();

  const submit = (p: TStoreProduct, { dimensions, save: keep }: DimensionsSubmit) => {
    if (!keep) {
      setLocal((l) => ({ ...l, [p.id]: dimensions }));
      setEditing(null);
      return;
    }
    save.mutate(
      { variantId: p.id, product: { type: 'default', identification: { id: p.productId, sku: p.sku, name: p.name }, dimensions: { ...dimensions, weight: savedWeight(p.weight) } } },
      {
        onSuccess: (res) => {
          forget(p.id);
          setEditing(null);
          enqueueSnackbar(res.message, { variant: 'success' });
          changed();
        },
        onError: failed,
      },
    );
  };

  const deleteDimensions = (p: TStoreProduct) => {
    const mutationId = p.productMutation?.mutationId;
    forget(p.id);
    if (mutationId === undefined) {
      setEditing(null);
      return;
    }
    remove.mutate(mutationId, {
      onSuccess: (res) => {
        setEditing(null);
        enqueueSnackbar(res.message ?? M.dimensionsDeleted, { variant: 'success' });
        changed();
      },
      onError: failed,
    });
  };

  const dialog = product ? (
    <ProductDimensionsDialog
      product={product}
      current={dimensionsOf(product.id)}
      mutationId={product.productMutation?.mutationId ?? null}
      busy={save.isPending || remove.isPending}
      onSubmit={(s) => submit(product, s)}
      onDelete={() => deleteDimensions(product)}
      onClose={() => setEditing(null)}
    />
  ) : null;

  return { dimensionsOf, local, edit: clientId === undefined ? undefined : setEditing, dialog };
}
