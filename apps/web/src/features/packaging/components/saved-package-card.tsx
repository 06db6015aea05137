import type { TSavedPackage } from '@colete/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { Box, Card, CardContent, IconButton, Typography } from '@mui/material';
import { packageSizesText } from '../../../components/packaging/package-format';

/** A saved package: its name, weight and sizes; edit and delete. */
export function SavedPackageCard({ item, onEdit, onDelete }: { item: TSavedPackage; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card component="article" aria-label={item.name}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, '&:last-child': { pb: 2 } }}>
        <Box aria-hidden sx={{ color: 'primary.main', bgcolor: 'rgba(23, 71, 166, 0.08)', borderRadius: 2, p: 1, display: 'flex' }}>
          <Inventory2OutlinedIcon />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {item.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {packageSizesText(item)}
          </Typography>
        </Box>
        <IconButton aria-label={`Modifica pachetul ${item.name}`} onClick={onEdit} color="primary">
          <EditOutlinedIcon />
        </IconButton>
        <IconButton aria-label={`Sterge pachetul ${item.name}`} onClick={onDelete} color="error">
          <DeleteOutlineIcon />
        </IconButton>
      </CardContent>
    </Card>
  );
}
