import { Box, Paper } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * MUI's permanent Drawer anchored left, as it draws it (the same elements, classes and styles):
 * MUI's Drawer imports Modal and Slide for its temporary variant whatever it shows, which the
 * desktop's first load does not need. The phone's drawer is MUI's (mobile-drawer.tsx).
 */
export function DockedDrawer({ width, children }: { width: number; children: ReactNode }) {
  return (
    <Box className="MuiDrawer-root MuiDrawer-anchorLeft MuiDrawer-docked" sx={{ flex: '0 0 auto', width, flexShrink: 0 }}>
      <Paper
        square
        elevation={0}
        className="MuiDrawer-paper MuiDrawer-paperAnchorLeft MuiDrawer-paperAnchorDockedLeft"
        sx={{
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
          height: '100%',
          flex: '1 0 auto',
          zIndex: (t) => t.zIndex.drawer,
          WebkitOverflowScrolling: 'touch',
          position: 'fixed',
          top: 0,
          outline: 0,
          left: 0,
          borderRight: (t) => `1px solid ${t.palette.divider}`,
          width,
          boxSizing: 'border-box',
        }}
      >
        {children}
      </Paper>
    </Box>
  );
}
