import { referralsMessages as T } from '@colete/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import FacebookIcon from '@mui/icons-material/Facebook';
import IosShareIcon from '@mui/icons-material/IosShare';
import ShareIcon from '@mui/icons-material/Share';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { copyText } from '../../../lib/copy-text';
import { useSnackbar } from '../../../lib/snackbar';

/** The addresses the share menu opens (pure, so each is checked alone). */
export const shareTargets = (link: string) => {
  const text = `${T.shareText} ${link}`;
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(text)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
    mail: `mailto:?subject=${encodeURIComponent(T.mailSubject)}&body=${encodeURIComponent(text)}`,
  };
};

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** Spec 002 section 2.9: copy, WhatsApp, Facebook, mail and the browser's own share where it exists. */
export function ShareMenu({ link }: { link: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const targets = shareTargets(link);
  const close = () => setAnchor(null);
  const copy = async () => {
    close();
    if (await copyText(link)) enqueueSnackbar(T.codeCopied, { variant: 'success', autoHideDuration: 3000 });
    else enqueueSnackbar(T.copyFailed, { variant: 'error', autoHideDuration: 5000 });
  };
  const nativeShare = () => {
    close();
    navigator.share({ title: T.mailSubject, text: T.shareText, url: link }).catch(() => undefined);
  };
  return (
    <>
      <Button variant="contained" startIcon={<ShareIcon />} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }} aria-haspopup="menu" aria-controls={anchor ? 'referral-share-menu' : undefined} onClick={(e) => setAnchor(e.currentTarget)}>
        {T.share}
      </Button>
      <Menu id="referral-share-menu" anchorEl={anchor} open={!!anchor} onClose={close}>
        <MenuItem onClick={() => void copy()}>
          <ListItemIcon><ContentCopyIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{T.copy}</ListItemText>
        </MenuItem>
        <MenuItem component="a" href={targets.whatsapp} target="_blank" rel="noopener noreferrer" onClick={close}>
          <ListItemIcon><WhatsAppIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{T.whatsapp}</ListItemText>
        </MenuItem>
        <MenuItem component="a" href={targets.facebook} target="_blank" rel="noopener noreferrer" onClick={close}>
          <ListItemIcon><FacebookIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{T.facebook}</ListItemText>
        </MenuItem>
        <MenuItem component="a" href={targets.mail} onClick={close}>
          <ListItemIcon><EmailOutlinedIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{T.mail}</ListItemText>
        </MenuItem>
        {canShare() && (
          <MenuItem onClick={nativeShare}>
            <ListItemIcon><IosShareIcon fontSize="small" /></ListItemIcon>
            <ListItemText>{T.nativeShare}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
