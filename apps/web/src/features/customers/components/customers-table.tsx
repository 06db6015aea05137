import type { TCustomer } from '@colete/contract';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { IconButton, Link, ListItemText, Menu, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { contactLine, shipmentsText, typeLabel } from './customer-text';

/*
 * The customers table (spec 002 section 2.8; 'Customer list row' of section 3 made real): type,
 * name with identification, country, contact, how often and when last the client shipped to them,
 * and the row menu. Below 900 px the type, country and contact fold under the name.
 */

export type CustomerAction = 'shipment' | 'invoice' | 'edit' | 'delete';
const wide = { display: { xs: 'none', md: 'table-cell' } } as const;

function RowMenu({ customer, onAction }: { customer: TCustomer; onAction: (action: CustomerAction, customer: TCustomer) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: CustomerAction) => {
    setAnchor(null);
    onAction(action, customer);
  };
  return (
    <>
      <Tooltip title="Actiuni">
        <IconButton aria-label={`Actiuni pentru ${customer.name}`} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
          <MoreVertIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('shipment')}>Expeditie noua catre client</MenuItem>
        <MenuItem onClick={() => pick('invoice')}>Trimite factura</MenuItem>
        <MenuItem onClick={() => pick('edit')}>Modifica</MenuItem>
        <MenuItem onClick={() => pick('delete')} sx={{ color: 'error.main' }}>
          Sterge
        </MenuItem>
      </Menu>
    </>
  );
}

export function CustomersTable({ rows, onAction }: { rows: TCustomer[]; onAction: (action: CustomerAction, customer: TCustomer) => void }) {
  return (
    <Table size="small" aria-label="Lista clienti">
      <TableHead>
        <TableRow>
          <TableCell sx={wide}>Tip</TableCell>
          <TableCell>Nume</TableCell>
          <TableCell sx={wide}>Tara</TableCell>
          <TableCell sx={wide}>Contact</TableCell>
          <TableCell>Expedieri</TableCell>
          <TableCell align="right">Actiuni</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((c) => (
          <TableRow key={c.id} hover data-testid="customer-row">
            <TableCell sx={wide}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {c.type === 'company' ? <BusinessOutlinedIcon fontSize="small" aria-hidden /> : <PersonOutlineIcon fontSize="small" aria-hidden />}
                <span>{typeLabel(c)}</span>
              </Stack>
            </TableCell>
            <TableCell>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/profile/customers/${c.id}`} underline="hover">
                    {c.name}
                  </Link>
                }
                secondary={
                  <>
                    <Typography component="span" variant="body2" sx={{ display: { md: 'none' } }}>
                      {[c.identification, `${typeLabel(c)}, ${c.country}`, contactLine(c)].filter(Boolean).join(' · ')}
                    </Typography>
                    <Typography component="span" variant="body2" sx={{ display: { xs: 'none', md: 'inline' } }}>
                      {[c.identification, c.addressText].filter(Boolean).join(' · ')}
                    </Typography>
                  </>
                }
              />
            </TableCell>
            <TableCell sx={wide}>{c.country}</TableCell>
            <TableCell sx={wide}>{contactLine(c)}</TableCell>
            <TableCell>{shipmentsText(c)}</TableCell>
            <TableCell align="right">
              <RowMenu customer={c} onAction={onAction} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
