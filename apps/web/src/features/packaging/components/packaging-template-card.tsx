import type { TPackagingTemplate } from '@colete/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, Card, CardActions, CardContent, Chip, IconButton, Stack, Typography } from '@mui/material';
import { packageSizesText } from '../../../components/packaging/package-format';
import { FavouriteButton } from './favourite-button';

/** A packaging template: name, content, envelope or parcels with their sizes and weights; favourite, edit and delete. */
export function PackagingTemplateCard({ template, onEdit, onDelete }: { template: TPackagingTemplate; onEdit: () => void; onDelete: () => void }) {
  const { content, envelope, isDocuments, packages } = template.template;
  return (
    <Card component="article" aria-label={template.name} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {template.name}
          </Typography>
          <Chip size="small" variant="outlined" color="primary" label={envelope ? 'Plic' : packages.length === 1 ? 'Colet' : `${packages.length} colete`} />
          {isDocuments && <Chip size="small" variant="outlined" label="Documente" />}
        </Stack>
        <Typography variant="body2" sx={{ mb: 1 }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Continut:{' '}
          </Box>
          {content || '-'}
        </Typography>
        <Box component="ul" aria-label={`Pachetele sablonului ${template.name}`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {packages.map((p, i) => (
            <Typography component="li" variant="body2" key={i} sx={{ overflowWrap: 'anywhere' }}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {p.name || (envelope ? 'Plic' : `Pachet ${i + 1}`)}:
              </Box>{' '}
              <span>{packageSizesText(p)}</span>
            </Typography>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <FavouriteButton id={template.id} name={template.name} favourite={template.favourite} />
        <IconButton aria-label={`Modifica sablonul ${template.name}`} onClick={onEdit} color="primary">
          <EditOutlinedIcon />
        </IconButton>
        <IconButton aria-label={`Sterge sablonul ${template.name}`} onClick={onDelete} color="error">
          <DeleteOutlineIcon />
        </IconButton>
      </CardActions>
    </Card>
  );
}
