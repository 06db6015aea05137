import { Avatar } from '@mui/material';

/** The courier's logo, or its initials while the image is missing; decorative (the name is written beside it). */
export function CourierLogo({ name, logo, size = 40 }: { name: string; logo: string; size?: number }) {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <Avatar src={logo || undefined} alt="" variant="rounded" sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size * 0.4 }} aria-hidden>
      {initials}
    </Avatar>
  );
}
