import { Drawer } from '@mui/material';
import type { ReactNode } from 'react';

/** The phone's navigation drawer (MUI's temporary Drawer, with its Modal and Slide): its own chunk, loaded on phones only. */
export default function MobileDrawer({ width, open, onClose, children }: { width: number; open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} sx={{ flexShrink: 0, '& .MuiDrawer-paper': { width, boxSizing: 'border-box' } }}>
      {children}
    </Drawer>
  );
}
