import IconActivity from '@tabler/icons-react/icons/IconActivity';
import IconCoins from '@tabler/icons-react/icons/IconCoins';
import IconWorld from '@tabler/icons-react/icons/IconWorld';

// The landing page's feature icons, from Tabler Icons (one module per icon), decorative.
const iconProps = { size: 24, stroke: 1.8, 'aria-hidden': true, focusable: false } as const;

export function GlobeIcon() {
  return <IconWorld {...iconProps} />;
}

export function PulseIcon() {
  return <IconActivity {...iconProps} />;
}

export function CoinsIcon() {
  return <IconCoins {...iconProps} />;
}
